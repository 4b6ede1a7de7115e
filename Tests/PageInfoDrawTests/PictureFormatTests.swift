// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoDraw
import Testing

@Suite("PictureFormat")
struct PictureFormatTests {
    @Test("the extension chooses the format, any case")
    func byExtension() throws {
        #expect(try PictureFormat(fileName: "out.png") == .png)
        #expect(try PictureFormat(fileName: "dir/Page.SVG") == .svg)
        #expect(throws: PictureFormat.NameError.self) { try PictureFormat(fileName: ".png") }
        #expect(throws: PictureFormat.NameError.self) { try PictureFormat(fileName: "out.svg", allowed: [.png]) }
    }

    @Test("the refusal names the allowed extensions")
    func message() {
        #expect(PictureFormat.NameError(fileName: "out.gif", allowed: [.svg, .png]).description
                == "'out.gif' should end in .png or .svg: the extension chooses the format")
        #expect(PictureFormat.NameError(fileName: "x", allowed: [.png]).description
                == "'x' should end in .png: the extension chooses the format")
    }
}
