// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoGrammar
import PageInfoPoppler
import PageInfoReading
import PageInfoRecords
import PageInfoTestSupport
import Testing

/// `PopplerDocument.pages(selecting:)` (what `pageinfo sheet` draws) and the raw bytes of
/// command-line arguments.
@Suite("Page selection and argument bytes")
struct PageSelectionTests {
    @Test("a range list picks pages in its own order, repeats included; nil picks every page")
    func selection() throws {
        let document = try PopplerDocument(path: Paths.fixture("labels.pdf"))
        let all = try document.pages(selecting: nil)
        #expect(all.map(\.index) == Array(0..<13))
        let picked = try document.pages(selecting: try PageRangeList("5,1-2,13-,2"))
        #expect(picked.map(\.index) == [4, 0, 1, 12, 1])
    }

    @Test("a range past the end is a usage error with the list's message")
    func outOfRange() throws {
        let document = try PopplerDocument(path: Paths.fixture("rotations.pdf"))
        #expect(throws: PageSelectionError.outOfRange("page 11 is out of range: the document has 10 pages")) {
            _ = try document.pages(selecting: try PageRangeList("2,11"))
        }
        #expect(PageSelectionError.outOfRange("x").exitStatus == .usage)
    }
}
