// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry
import Testing
import PageInfoTestSupport

@Suite struct StackLayoutGeometryTests {
    /// View 340×500, insets top 5, left 20, bottom 7, right 20 → available width 300; spacing 10.
    /// 300×400 → scale 1 → 400 high; 400×300 → scale 0.75 → 225; 300×600 → scale 1 → 600.
    /// Starts: 5, 5+400+10 = 415, 415+225+10 = 650; the strip ends at 1250; content 340 × 1257.
    @Test func continuousVertical() {
        let layout = StackLayout(pageSizes: [Size(width: 300, height: 400), Size(width: 400, height: 300), Size(width: 300, height: 600)],
                                 viewSize: Size(width: 340, height: 500), spacing: 10,
                                 contentInsets: EdgeInsets(top: 5, left: 20, bottom: 7, right: 20))
        #expect(layout.spreadCount == 3)
        #expect(layout.frame(ofSpread: 0) == Rect(x: 20, y: 5, width: 300, height: 400))
        #expect(layout.frame(ofSpread: 1) == Rect(x: 20, y: 415, width: 300, height: 225))
        #expect(layout.frame(ofSpread: 2) == Rect(x: 20, y: 650, width: 300, height: 600))
        #expect(layout.frame(ofPage: 1) == Rect(x: 20, y: 415, width: 300, height: 225))
        #expect(layout.contentSize == Size(width: 340, height: 1257))
        #expect(layout.zoomScope == .document && layout.zoomAppliesToWholeDocument)
        // Slots start at 0, 410, 645 and the end is 1250 + 10 − 5 = 1255.
        #expect(layout.fractionalSpreadIndex(forContentOffset: Point(x: 0, y: 0)) == 0)
        #expect(layout.fractionalSpreadIndex(forContentOffset: Point(x: 0, y: 205)) == 0.5)
        #expect(layout.fractionalSpreadIndex(forContentOffset: Point(x: 0, y: 410)) == 1)
        #expect(layout.contentOffset(forFractionalSpreadIndex: 2.5) == Point(x: 0, y: 645 + 0.5 * 610))
        #expect(layout.contentOffset(forFractionalSpreadIndex: 3) == Point(x: 0, y: 1255))
        #expect(layout.fractionalSpreadIndex(forContentOffset: Point(x: 0, y: 99_999)) == 3)
        #expect(layout.fractionalSpreadIndex(forContentOffset: Point(x: 0, y: -50)) == 0)
    }

    /// Horizontal: view 1000×320, insets 10 all round → available height 300; spacing 20.
    /// 300×400 → scale 0.75 → 225 wide; 400×300 → scale 1 → 400 wide. Starts 10, 255; width 10+645+10.
    @Test func continuousHorizontal() {
        let layout = StackLayout(pageSizes: [Size(width: 300, height: 400), Size(width: 400, height: 300)],
                                 viewSize: Size(width: 1000, height: 320), axis: .horizontal, spacing: 20,
                                 contentInsets: EdgeInsets(all: 10))
        #expect(layout.frame(ofSpread: 0) == Rect(x: 10, y: 10, width: 225, height: 300))
        #expect(layout.frame(ofSpread: 1) == Rect(x: 255, y: 10, width: 400, height: 300))
        #expect(layout.contentSize == Size(width: 665, height: 320))
        #expect(layout.contentOffset(forFractionalSpreadIndex: 1) == Point(x: 245, y: 0))
    }

    /// Double spreads in a 320-wide view with insets 10 left and right (available 300):
    /// spread 0 is 600×400 natural → scale 0.5 → 300×200; spread 1 (300×600 + 200×400 scaled ×1.5)
    /// is 600×600 → 300×300. Right-to-left binding puts the higher page index on the left.
    @Test func doubleSpreadPagesInContentCoordinates() {
        let sizes = [Size(width: 300, height: 400), Size(width: 150, height: 200), Size(width: 300, height: 600), Size(width: 200, height: 400)]
        let layout = StackLayout(pageSizes: sizes, viewSize: Size(width: 320, height: 480), spreadMode: .double,
                                 contentInsets: EdgeInsets(left: 10, right: 10))
        #expect(layout.frame(ofSpread: 0) == Rect(x: 10, y: 0, width: 300, height: 200))
        #expect(layout.frame(ofSpread: 1) == Rect(x: 10, y: 200, width: 300, height: 300))
        #expect(layout.frame(ofPage: 0) == Rect(x: 10, y: 0, width: 150, height: 200))
        #expect(layout.frame(ofPage: 1) == Rect(x: 160, y: 0, width: 150, height: 200))
        #expect(layout.frame(ofPage: 3) == Rect(x: 160, y: 200, width: 150, height: 300))
        let rtl = StackLayout(pageSizes: sizes, viewSize: Size(width: 320, height: 480), spreadMode: .double, binding: .rightToLeft,
                              contentInsets: EdgeInsets(left: 10, right: 10))
        #expect(rtl.frame(ofPage: 0) == Rect(x: 160, y: 0, width: 150, height: 200))
        #expect(rtl.frame(ofPage: 1) == Rect(x: 10, y: 0, width: 150, height: 200))
        #expect(rtl.pages(inSpread: 0).map(\.page) == [1, 0])
    }

    /// Per spread, vertical: view 400×300, spacing 20, insets 10 → each spread fits 380×280 in a
    /// cell of 400×300 at y = i·320. 300×400 → scale min(380/300, 280/400) = 0.7 → 210×280 at
    /// (10 + 85, 10). 800×200 → scale min(0.475, 1.4) = 0.475 → 380×95 at (10, 320 + 10 + 92.5).
    @Test func perSpreadVertical() {
        let layout = StackLayout(pageSizes: [Size(width: 300, height: 400), Size(width: 800, height: 200)],
                                 viewSize: Size(width: 400, height: 300), scrollMode: .perSpread, spacing: 20,
                                 contentInsets: EdgeInsets(all: 10))
        #expect(layout.frame(ofSpread: 0).isApproximatelyEqual(to: Rect(x: 95, y: 10, width: 210, height: 280), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        #expect(layout.frame(ofSpread: 1).isApproximatelyEqual(to: Rect(x: 10, y: 422.5, width: 380, height: 95), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        #expect(layout.contentSize == Size(width: 400, height: 620))
        #expect(layout.cell(ofSpread: 1) == Rect(x: 0, y: 320, width: 400, height: 300))
        #expect(layout.zoomScope == .spread && !layout.zoomAppliesToWholeDocument)
        #expect(layout.contentOffset(forFractionalSpreadIndex: 1) == Point(x: 0, y: 320))
        #expect(layout.fractionalSpreadIndex(forContentOffset: Point(x: 0, y: 480)) == 1.5)
    }

    @Test func emptyDocument() {
        let layout = StackLayout(pageSizes: [], viewSize: Size(width: 100, height: 100), contentInsets: EdgeInsets(all: 4))
        #expect(layout.spreadCount == 0)
        #expect(layout.contentSize == Size(width: 100, height: 8))
        #expect(Array(layout.spreads(intersecting: Rect(x: 0, y: 0, width: 100, height: 100))).isEmpty)
        #expect(layout.dominantPage(in: Rect(x: 0, y: 0, width: 100, height: 100)) == nil)
        #expect(layout.fractionalSpreadIndex(forContentOffset: Point(x: 0, y: 50)) == 0)
        #expect(layout.contentOffset(forFractionalSpreadIndex: 3) == .zero)
    }
}

@Suite struct VisibleRangeTests {
    /// Property: the binary-search query returns exactly what a linear scan over all spread
    /// frames returns, on random layouts (all modes, axes, spreads, insets; some empty pages)
    /// and random rectangles, including ones outside the content and of zero size.
    @Test func agreesWithLinearScan() {
        var rng = SeededGenerator(seed: 0x5EED_0001)
        for _ in 0..<150 {
            let sizes = randomPageSizes(Int.random(in: 0...60, using: &rng), using: &rng, allowEmpty: true)
            let layout = StackLayout(pageSizes: sizes, viewSize: randomViewSize(using: &rng), configuration: randomConfiguration(using: &rng))
            let content = layout.contentSize
            for _ in 0..<40 {
                let x = Double.random(in: -0.2...1.1, using: &rng) * content.width
                let y = Double.random(in: -0.2...1.1, using: &rng) * content.height
                let w = Bool.random(using: &rng) ? Double.random(in: 0...content.width, using: &rng) : Double.random(in: 0...200, using: &rng)
                let h = Bool.random(using: &rng) ? Double.random(in: 0...content.height, using: &rng) : Double.random(in: 0...200, using: &rng)
                // Sometimes a rectangle whose edges sit exactly on spread boundaries.
                var rect = Rect(x: x, y: y, width: w, height: h)
                if layout.spreadCount > 0 && Int.random(in: 0..<4, using: &rng) == 0 {
                    let f = layout.frame(ofSpread: Int.random(in: 0..<layout.spreadCount, using: &rng))
                    rect = layout.axis == .vertical ? Rect(x: 0, y: f.maxY, width: content.width, height: h)
                                                    : Rect(x: f.maxX, y: 0, width: w, height: content.height)
                }
                let fast = Array(layout.spreads(intersecting: rect))
                let slow = (0..<layout.spreadCount).filter { layout.frame(ofSpread: $0).intersects(rect) }
                #expect(fast == slow, "rect \(rect) in \(layout.configuration)")
                // The dominant page agrees with a scan over every page.
                var best: Int? = nil, bestArea = 0.0
                for p in 0..<layout.pageCount {
                    let a = layout.frame(ofPage: p).intersectionArea(rect)
                    if a > bestArea { best = p; bestArea = a }
                }
                // A page's frame is derived from its spread's frame by scaling, so in a two-page
                // spread it can reach one rounding step past the spread's edge; a rectangle that
                // touches that edge exactly then overlaps the page by a sliver of ~1e-10 of area
                // that the spread query (rightly) does not see. Below that, either answer is fine.
                let dominant = layout.dominantPage(in: rect)
                if bestArea > 1e-6 || dominant != nil { #expect(dominant == best) }
            }
        }
    }

    @Test func continuousRangeIsContiguous() {
        var rng = SeededGenerator(seed: 7)
        let layout = StackLayout(pageSizes: randomPageSizes(500, using: &rng), viewSize: Size(width: 768, height: 1024), spacing: 8)
        let rect = Rect(x: 0, y: 5000, width: 768, height: 1024)
        #expect(Array(layout.spreads(intersecting: rect)) == Array(layout.candidateSpreads(alongAxisOf: rect)))
    }

    /// Two 300×400 pages at scale 1, stacked with no spacing: 0…400 and 400…800.
    /// A rectangle from 300 to 500 shows 100 of each: a tie, the lower index wins.
    @Test func dominantPageTieGoesToTheLowerIndex() {
        let layout = StackLayout(pageSizes: [Size(width: 300, height: 400), Size(width: 300, height: 400)],
                                 viewSize: Size(width: 300, height: 200))
        #expect(layout.dominantPage(in: Rect(x: 0, y: 300, width: 300, height: 200)) == 0)
        #expect(layout.dominantPage(in: Rect(x: 0, y: 301, width: 300, height: 200)) == 1)
        #expect(layout.dominantPage(in: Rect(x: 0, y: 900, width: 300, height: 200)) == nil)
        #expect(layout.dominantOrNearestPage(in: Rect(x: 0, y: 900, width: 300, height: 200)) == 1)
    }

    /// In right-to-left double spreads the tie still goes to the lower page index, even though
    /// it is displayed second (on the right).
    @Test func dominantPageTieIgnoresDisplayOrder() {
        let layout = StackLayout(pageSizes: [Size(width: 300, height: 400), Size(width: 300, height: 400)],
                                 viewSize: Size(width: 600, height: 400), spreadMode: .double, binding: .rightToLeft)
        #expect(layout.dominantPage(in: Rect(x: 0, y: 0, width: 600, height: 400)) == 0)
        #expect(layout.dominantPage(in: Rect(x: 0, y: 0, width: 301, height: 400)) == 1)
    }
}

@Suite struct FractionalIndexTests {
    /// Property: offset → fractional index → offset and index → offset → index are identities.
    @Test func offsetAndIndexRoundTrip() {
        var rng = SeededGenerator(seed: 0x5EED_0002)
        for _ in 0..<200 {
            let sizes = randomPageSizes(Int.random(in: 1...80, using: &rng), using: &rng)
            let layout = StackLayout(pageSizes: sizes, viewSize: randomViewSize(using: &rng), configuration: randomConfiguration(using: &rng))
            let n = Double(layout.spreadCount)
            let end = layout.contentOffset(forFractionalSpreadIndex: n)
            let endValue = layout.axis == .vertical ? end.y : end.x
            for _ in 0..<30 {
                let f = Double.random(in: 0...n, using: &rng)
                let o = layout.contentOffset(forFractionalSpreadIndex: f)
                #expect(layout.fractionalSpreadIndex(forContentOffset: o).isApproximatelyEqual(to: f, absoluteTolerance: 1e-9, relativeTolerance: 1e-9), "index \(f)")
                let v = Double.random(in: 0...endValue, using: &rng)
                let offset = layout.axis == .vertical ? Point(x: 0, y: v) : Point(x: v, y: 0)
                let back = layout.contentOffset(forFractionalSpreadIndex: layout.fractionalSpreadIndex(forContentOffset: offset))
                #expect(back.isApproximatelyEqual(to: offset, absoluteTolerance: 1e-9, relativeTolerance: 1e-9), "offset \(v)")
            }
            // Integer indices land on spread boundaries.
            for i in 0..<layout.spreadCount {
                #expect((layout.fractionalSpreadIndex(forContentOffset: layout.contentOffset(forFractionalSpreadIndex: Double(i)))).isApproximatelyEqual(to: Double(i), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
            }
        }
    }

    @Test func spreadStartsAtLeadingInset() {
        // The spread at an integer index sits just below the leading inset at the view's top.
        let layout = StackLayout(pageSizes: Array(repeating: Size(width: 612, height: 792), count: 10),
                                 viewSize: Size(width: 612, height: 800), spacing: 10, contentInsets: EdgeInsets(top: 16))
        for i in 0..<10 {
            #expect((layout.contentOffset(forFractionalSpreadIndex: Double(i)).y + 16).isApproximatelyEqual(to: layout.frame(ofSpread: i).minY, absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        }
    }
}
