// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry
import Testing

/// Page sizes that overflow a layout are found before anything is shown.
@Suite("Finiteness of layouts")
struct FinitenessTests {
    @Test("ordinary pages: every frame finite")
    func finite() {
        let sizes = [Size(width: 612, height: 792), Size(width: 792, height: 612)]
        #expect(StackLayout(pageSizes: sizes, viewSize: Size(width: 800, height: 600)).firstPageWithNonFiniteFrame == nil)
        #expect(SpreadMapping(pageCount: 2, mode: .double).firstSpreadWithNonFiniteGeometry(pageSizes: sizes) == nil)
    }

    @Test("a page 10^-300 wide beside a letter page overflows its spread in double mode")
    func overflow() {
        // The tiny page is scaled to the tallest height: 792 / 1e-300 overflows its width.
        let sizes = [Size(width: 612, height: 792), Size(width: 612, height: 792),
                     Size(width: 1e308, height: 1e-300), Size(width: 612, height: 792)]
        let mapping = SpreadMapping(pageCount: 4, mode: .double)
        #expect(mapping.firstSpreadWithNonFiniteGeometry(pageSizes: sizes) == 1)
        let layout = StackLayout(pageSizes: sizes, viewSize: Size(width: 800, height: 600),
                                 configuration: .init(spreadMode: .double))
        #expect(layout.firstPageWithNonFiniteFrame != nil)
    }
}
