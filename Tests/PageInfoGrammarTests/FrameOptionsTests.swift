// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoGrammar
import Testing

/// `pages --frames LIST` as text: the frames a list names, in canonical order, what is
/// refused, and the worker argument batch mode writes, read back to the same frames.
@Suite("FrameOptions")
struct FrameOptionsTests {
    @Test("the frames a list names, in canonical order, each once")
    func frames() throws {
        #expect(try FrameOptions.frames(nil) == nil)
        #expect(try FrameOptions.frames("pymupdf") == [.pymupdf])
        #expect(try FrameOptions.frames("pypdf,pymupdf") == [.pymupdf, .pypdf])
        #expect(try FrameOptions.frames("pdfminer,pdfminer") == [.pdfminer])
        #expect(try FrameOptions.frames("all") == [.pymupdf, .pdfplumber, .pdfminer, .pypdfium2, .pypdf, .docling, .doclingTopLeft,
                                                   .textract, .documentAI, .azure])
        #expect(try FrameOptions.frames("pypdf,all") == LibraryFrame.allCases)
    }

    @Test("refused, with one line listing the valid names", arguments: [
        ("fitz", "unknown frame 'fitz'"), ("", "an empty name"), ("pymupdf,", "an empty name"), (",pypdf", "an empty name"),
        ("PyMuPDF", "unknown frame 'PyMuPDF'"), ("pymupdf pypdf", "unknown frame 'pymupdf pypdf'"), ("ALL", "unknown frame 'ALL'"),
    ] as [(String, String)])
    func refused(text: String, message: String) {
        do {
            let frames = try FrameOptions.frames(text)
            Issue.record("accepted: \(String(describing: frames))")
        } catch {
            #expect(error.description.hasPrefix("--frames \(text): "), "\(error.description)")
            #expect(error.description.contains(message) && !error.description.contains("\n"), "\(error.description)")
            #expect(error.description.hasSuffix("give a comma-separated list of pymupdf, pdfplumber, pdfminer, pypdfium2, pypdf, docling, docling-topleft, textract, documentai, azure, or all"))
        }
    }

    @Test("worker argument reads back to the same frames")
    func roundTrip() throws {
        for frames: [LibraryFrame] in [[.pymupdf], [.pypdf, .pdfplumber], LibraryFrame.allCases] {
            let text = FrameOptions.argument(for: frames)
            #expect(try FrameOptions.frames(text) == LibraryFrame.canonical(frames), "\(text)")
        }
        #expect(FrameOptions.argument(for: [.pypdf, .pdfplumber]) == "pdfplumber,pypdf")
    }
}
