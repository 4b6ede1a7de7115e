// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry
import PageInfoEncoding
import Testing

/// The layout writers: the bytes `pageinfo layout`, `spreads` and `thumbnails` print (their
/// help's worked examples, checked by hand there).
@Suite("Layout JSON writers")
struct LayoutJSONTests {
    private func json(_ value: some JSONWritable) -> String {
        var out = ByteWriter()
        value.writeJSON(to: &out)
        return out.string
    }

    @Test("spreads: five pages in book mode")
    func spreads() {
        #expect(json(SpreadsJSON(mapping: SpreadMapping(pageCount: 5, mode: .book))) == """
            {"pageCount":5,"spreadMode":"book","binding":"ltr","spreadCount":3,"spreads":[{"index":0,"pages":[0],"slots":[null,0]},\
            {"index":1,"pages":[1,2],"slots":[1,2]},{"index":2,"pages":[3,4],"slots":[3,4]}]}
            """)
        let sized = json(SpreadsJSON(mapping: SpreadMapping(pageCount: 2, mode: .double, binding: .rightToLeft), file: "f.pdf",
                                     direction: "R2L", pageSizes: [Size(width: 400, height: 600), Size(width: 600, height: 400)]))
        #expect(sized.hasPrefix(#"{"file":"f.pdf","direction":"R2L","pageCount":2,"spreadMode":"double","binding":"rtl""#))
        #expect(sized.contains(#""slots":[1,0],"size":{"width":1300,"height":600},"pageFrames":[{"index":1,"frame":{"x":0,"y":0,"width":900,"height":600}},{"index":0,"frame":{"x":900,"y":0,"width":400,"height":600}}]"#))
    }

    @Test("thumbnails: a Letter page in a 375x667 container, spacing 10")
    func thumbnails() {
        let grid = ThumbnailGrid(pageSize: Size(width: 612, height: 792), containerSize: Size(width: 375, height: 667), spacing: 10)
        #expect(json(ThumbnailGridJSON(file: nil, grid: grid)) == """
            {"pageSize":{"width":612,"height":792},"aspectRatio":0.772727273,"containerSize":{"width":375,"height":667},\
            "spacing":10,"columns":3,"itemSize":{"width":118,"height":153},"visibleRows":5,"fullyVisibleRows":4}
            """)
    }

    @Test("layout: two pages in a 200x300 view, spacing 10, the rectangle y 250…350 visible")
    func layout() {
        let layout = StackLayout(pageSizes: [Size(width: 400, height: 600), Size(width: 600, height: 400)],
                                 viewSize: Size(width: 200, height: 300), configuration: .init(spacing: 10))
        let text = json(StackLayoutJSON(file: "r.pdf", layout: layout, visible: Rect(x: 0, y: 250, width: 200, height: 100)))
        #expect(text.hasPrefix(#"{"file":"r.pdf","pageCount":2,"viewSize":{"width":200,"height":300},"scrollMode":"continuous""#))
        #expect(text.contains(#""spreads":[{"index":0,"frame":{"x":0,"y":0,"width":200,"height":300},"pages":[{"index":0,"frame":{"x":0,"y":0,"width":200,"height":300}}]},{"index":1,"frame":{"x":0,"y":310,"width":200,"height":133.333333333}"#))
        #expect(text.hasSuffix(#""visible":{"rect":{"x":0,"y":250,"width":200,"height":100},"dominantPage":0,"fractionalSpreadIndex":0.806451613}}"#))
    }
}
