// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoPoppler
import PageInfoTestSupport
import Testing

@Suite("Displayed page sizes")
struct PageSizesTests {
    @Test("rotations.pdf: 10 pages, the first 400×600, the second turned to 600×400")
    func sizes() throws {
        let doc = try PopplerDocument(path: Paths.fixture("rotations.pdf"))
        let sizes = try doc.displayedPageSizes()
        #expect(sizes.count == 10)
        #expect(sizes.prefix(2) == [Size(width: 400, height: 600), Size(width: 600, height: 400)])
        #expect(throws: PageSizesError.tooManyPages(file: doc.path, limit: 9)) { try doc.displayedPageSizes(limit: 9) }
        #expect(PageSizesError.tooManyPages(file: "x.pdf", limit: 10_000_000).description
                == "x.pdf: more than 10,000,000 pages; the layout commands handle at most 10,000,000")
    }
}
