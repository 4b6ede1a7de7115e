// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoDraw
import PageInfoTestSupport
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

    @Test("each format encodes the drawing as draw -o writes it: PNG of the overlaid picture, SVG as UTF-8")
    func encode() throws {
        let page = makePage(crop: Rect(x: 20, y: 30, width: 40, height: 60), rotation: .degrees90)
        let drawing = try PageDrawing(page: page, space: .page, size: .scale(1))
        #expect(drawing.pixelWidth == 60 && drawing.pixelHeight == 40)
        let image = RGBImage(width: drawing.pixelWidth, height: drawing.pixelHeight)
        let png = PictureFormat.png.encode(drawing, pageImage: image)
        #expect(png == PNGEncoder.encode(OverlayRenderer.render(drawing, pageImage: image)))
        #expect(png.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let svg = PictureFormat.svg.encode(drawing, pageImage: image)
        #expect(String(decoding: svg, as: UTF8.self) == SVGWriter.svg(drawing, pageImage: image))
        #expect(String(decoding: svg, as: UTF8.self).contains("<svg"))
    }
}
