// SPDX-License-Identifier: Apache-2.0
import PageInfoEncoding
import PageInfoSystem
import Testing

/// The one error object of the JSON outputs (`ByteWriter.append(jsonError:message:namingFile:)`).
/// Expected bytes are written from docs/records.md ("error": {"code", "message"}) and RFC 8259.
@Suite("The JSON error object")
struct ErrorObjectTests {
    @Test("code and message, in that order, as JSON strings with RFC 8259's escapes")
    func plain() {
        var out = ByteWriter()
        out.append(jsonError: "damaged", message: "a \"bad\" tree\tat 3\\4")
        #expect(out.string == #"{"code":"damaged","message":"a \"bad\" tree\tat 3\\4"}"#)
    }

    @Test("a message about the file spells a name that is not UTF-8 exactly; page errors and warnings do not")
    func namingFile() {
        let name = FileName(raw: Array("bad".utf8) + [0xFF] + Array(".pdf".utf8))
        var about = ByteWriter()
        about.exactFileName = name
        about.append(jsonError: "not-pdf", message: "\(name.text): not a PDF file", namingFile: true)
        #expect(about.string == #"{"code":"not-pdf","message":"bad\udcff.pdf: not a PDF file"}"#)

        var other = ByteWriter()
        other.exactFileName = name
        other.append(jsonError: "box-clipped", message: "\(name.text) is only quoted here")
        #expect(other.string == "{\"code\":\"box-clipped\",\"message\":\"bad\u{FFFD}.pdf is only quoted here\"}")
    }
}
