// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import Foundation
import PageGeometry
import Testing
import PageInfoTestSupport

@Suite struct ViewStateJSONTests {
    /// The documented form decodes, with the keys in either order.
    @Test func documentedJSONDecodes() throws {
        let text = #"{"pageIndex":3,"viewport":{"x":10,"y":20.5,"width":300,"height":400}}"#
        #expect(try JSONDecoder().decode(ViewState.self, from: Data(text.utf8))
                == ViewState(pageIndex: 3, viewport: Rect(x: 10, y: 20.5, width: 300, height: 400)))
        let reordered = #"{"viewport":{"height":400,"width":300,"y":20.5,"x":10},"pageIndex":3}"#
        #expect(try JSONDecoder().decode(ViewState.self, from: Data(reordered.utf8))
                == ViewState(pageIndex: 3, viewport: Rect(x: 10, y: 20.5, width: 300, height: 400)))
    }

    @Test func codableRoundTripAndAbsentViewport() throws {
        let states = [ViewState(pageIndex: 7, viewport: Rect(x: -12.25, y: 1e-7, width: 612.5, height: 0.1)), ViewState(pageIndex: 2)]
        for s in states {
            let data = try JSONEncoder().encode(s)
            #expect(try JSONDecoder().decode(ViewState.self, from: data) == s)
        }
        #expect(try JSONDecoder().decode(ViewState.self, from: Data(#"{"pageIndex":4,"viewport":null}"#.utf8)) == ViewState(pageIndex: 4))
        let encoded = String(decoding: try JSONEncoder().encode(ViewState(pageIndex: 1)), as: UTF8.self)
        #expect(!encoded.contains("viewport"))
    }
}

@Suite struct CaptureRestoreTests {
    let letter = Size(width: 612, height: 792)

    /// 10 letter pages in a 612×800 view: scale 1, pages at y = i·(792 + 8).
    func letterLayout(_ viewSize: Size = Size(width: 612, height: 800)) -> StackLayout {
        StackLayout(pageSizes: Array(repeating: letter, count: 10), viewSize: viewSize, spacing: 8)
    }

    @Test func noViewportWhenNotZoomedIn() throws {
        let layout = letterLayout()
        // Offset 1200 at zoom 1 shows y 1200…2000: page 1 (800…1592) has 392, page 2 (1600…2392) 400.
        let state = try #require(layout.captureViewState(contentOffset: Point(x: 0, y: 1200), zoomScale: 1))
        #expect(state == ViewState(pageIndex: 2))
        // Restoring a page-only state goes to the page's spread at zoom 1.
        let position = try layout.restore(state)
        #expect(position.zoomScale == 1)
        #expect(position.contentOffset == Point(x: 0, y: 1600))
    }

    /// Zoom 2 at offset (306, 2000) shows (153, 1000, 306, 400) in content coordinates, inside
    /// page 1 (y 800…1592, scale 1). In page space (y up): x = 153, top = 792 − 200 = 592,
    /// so the viewport is (153, 192, 306, 400).
    @Test func captureGivesTheViewportInPageSpace() throws {
        let layout = letterLayout()
        let state = try #require(layout.captureViewState(contentOffset: Point(x: 306, y: 2000), zoomScale: 2))
        #expect(state.pageIndex == 1)
        #expect((try #require(state.viewport)).isApproximatelyEqual(to: Rect(x: 153, y: 192, width: 306, height: 400), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        let position = try layout.restore(state)
        #expect(position.zoomScale.isApproximatelyEqual(to: 2, absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        #expect(position.contentOffset.isApproximatelyEqual(to: Point(x: 306, y: 2000), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
    }

    /// Property: capture then restore into the same view size reproduces the visible rectangle,
    /// and capturing again gives the same page and viewport.
    @Test func captureRestoreRoundTrip() throws {
        var rng = SeededGenerator(seed: 0x5EED_0003)
        var checked = 0
        for _ in 0..<120 {
            let sizes = randomPageSizes(Int.random(in: 1...40, using: &rng), using: &rng)
            let layout = StackLayout(pageSizes: sizes, viewSize: randomViewSize(using: &rng), configuration: randomConfiguration(using: &rng))
            for _ in 0..<20 {
                let zoom = Double.random(in: 1.05...9.5, using: &rng)
                let spread = Int.random(in: 0..<layout.spreadCount, using: &rng)
                let f = layout.frame(ofSpread: spread)
                guard !f.isEmpty else { continue }
                // A visible rectangle centred somewhere on the spread.
                let w = layout.viewSize.width / zoom, h = layout.viewSize.height / zoom
                let cx = Double.random(in: f.minX...f.maxX, using: &rng), cy = Double.random(in: f.minY...f.maxY, using: &rng)
                let offset = Point(x: (cx - w / 2) * zoom, y: (cy - h / 2) * zoom)
                let state = try #require(layout.captureViewState(contentOffset: offset, zoomScale: zoom))
                let viewport = try #require(state.viewport, "zoomed in, so a viewport")
                let position = try layout.restore(state)
                #expect(position.zoomScale.isApproximatelyEqual(to: zoom, absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
                #expect(position.contentOffset.isApproximatelyEqual(to: offset, absoluteTolerance: 1e-9, relativeTolerance: 1e-9), "\(layout.configuration)")
                let again = try #require(layout.captureViewState(contentOffset: position.contentOffset, zoomScale: position.zoomScale))
                #expect(again.pageIndex == state.pageIndex)
                #expect((try #require(again.viewport)).isApproximatelyEqual(to: viewport, absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    /// The seed's rotation rule: restoring keeps the viewport's centre and width. iPad portrait
    /// 768×1024 → landscape 1024×768: the viewport keeps width 153 and centre, its height goes
    /// from 153·1024/768 = 204 to 153·768/1024 = 114.75 (aspect fill: less is visible), and
    /// turning back restores exactly the first viewport.
    @Test func rotateAndBackKeepsTheViewport() throws {
        let pages = Array(repeating: letter, count: 20)
        let portrait = StackLayout(pageSizes: pages, viewSize: Size(width: 768, height: 1024), spacing: 10)
        let landscape = portrait.withViewSize(Size(width: 1024, height: 768))
        // Zoom 5 at the middle of page 3.
        let page3 = portrait.frame(ofPage: 3)
        let zoom = 5.0
        let offset = Point(x: (page3.midX - 768 / zoom / 2) * zoom, y: (page3.midY - 1024 / zoom / 2) * zoom)
        let first = try #require(portrait.captureViewState(contentOffset: offset, zoomScale: zoom))
        let v1 = try #require(first.viewport)
        #expect(v1.width.isApproximatelyEqual(to: 612 / zoom, absoluteTolerance: 1e-9, relativeTolerance: 1e-9) && v1.height.isApproximatelyEqual(to: 612 / zoom * 1024 / 768, absoluteTolerance: 1e-9, relativeTolerance: 1e-9))

        let inLandscape = try landscape.restore(first)
        let turned = try #require(landscape.captureViewState(contentOffset: inLandscape.contentOffset, zoomScale: inLandscape.zoomScale))
        let v2 = try #require(turned.viewport)
        #expect(turned.pageIndex == 3)
        #expect(v2.width.isApproximatelyEqual(to: v1.width, absoluteTolerance: 1e-9, relativeTolerance: 1e-9) && v2.midX.isApproximatelyEqual(to: v1.midX, absoluteTolerance: 1e-9, relativeTolerance: 1e-9) && v2.midY.isApproximatelyEqual(to: v1.midY, absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        #expect(v2.height.isApproximatelyEqual(to: v1.width * 768 / 1024, absoluteTolerance: 1e-9, relativeTolerance: 1e-9))

        let back = try portrait.restore(turned)
        let final = try #require(portrait.captureViewState(contentOffset: back.contentOffset, zoomScale: back.zoomScale))
        #expect(final.pageIndex == 3)
        #expect((try #require(final.viewport)).isApproximatelyEqual(to: v1, absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        #expect(back.contentOffset.isApproximatelyEqual(to: offset, absoluteTolerance: 1e-9, relativeTolerance: 1e-9))

        // Many turns never drift.
        var state = first
        for _ in 0..<50 {
            for layout in [landscape, portrait] {
                let p = try layout.restore(state)
                state = try #require(layout.captureViewState(contentOffset: p.contentOffset, zoomScale: p.zoomScale))
            }
        }
        #expect((try #require(state.viewport)).isApproximatelyEqual(to: v1, absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
    }

    /// Aspect fit when the ratio shrinks: the same viewport restored into a narrower view shows
    /// more above and below, with the same width and centre.
    @Test func narrowerViewShowsMore() throws {
        let layout = letterLayout(Size(width: 600, height: 900))
        let state = ViewState(pageIndex: 0, viewport: Rect(x: 100, y: 300, width: 200, height: 100)) // 2:1
        let p = try layout.restore(state)
        let shown = try #require(layout.captureViewState(contentOffset: p.contentOffset, zoomScale: p.zoomScale)?.viewport)
        #expect(shown.width.isApproximatelyEqual(to: 200, absoluteTolerance: 1e-9, relativeTolerance: 1e-9) && shown.height.isApproximatelyEqual(to: 300, absoluteTolerance: 1e-9, relativeTolerance: 1e-9) && shown.midX.isApproximatelyEqual(to: 200, absoluteTolerance: 1e-9, relativeTolerance: 1e-9) && shown.midY.isApproximatelyEqual(to: 350, absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
    }

    @Test func zoomIsClampedAboutTheCentre() throws {
        let layout = letterLayout() // page scale 1, so zoom = 612 / viewport width
        // A 10-point-wide viewport would need zoom 61.2; the maximum is 10.
        let tiny = try layout.restore(ViewState(pageIndex: 0, viewport: Rect(x: 300, y: 400, width: 10, height: 13)))
        #expect(tiny.zoomScale == 10)
        #expect(tiny.visibleRect.midX.isApproximatelyEqual(to: 305, absoluteTolerance: 1e-9, relativeTolerance: 1e-9) && tiny.visibleRect.midY.isApproximatelyEqual(to: 792 - 406.5, absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        // A viewport wider than the page would need zoom 0.5; the minimum is 1.
        let wide = try layout.restore(ViewState(pageIndex: 0, viewport: Rect(x: -612, y: 0, width: 1224, height: 1600)))
        #expect(wide.zoomScale == 1)
        // Settable limits.
        let custom = StackLayout(pageSizes: [letter], viewSize: Size(width: 612, height: 800), minimumZoomScale: 0.25, maximumZoomScale: 100)
        #expect((try custom.restore(ViewState(pageIndex: 0, viewport: Rect(x: 300, y: 400, width: 10, height: 13))).zoomScale).isApproximatelyEqual(to: 61.2, absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        #expect((try custom.restore(ViewState(pageIndex: 0, viewport: Rect(x: -612, y: 0, width: 1224, height: 1600))).zoomScale).isApproximatelyEqual(to: 0.5, absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
    }

    @Test func restoreRejectsUnknownPages() {
        let layout = letterLayout()
        #expect(throws: ViewStateError.pageOutOfRange(pageIndex: 10, pageCount: 10)) { try layout.restore(ViewState(pageIndex: 10)) }
        #expect(throws: ViewStateError.self) { try layout.restore(ViewState(pageIndex: -1)) }
        #expect(throws: ViewStateError.self) {
            try layout.restore(ViewState(pageIndex: 0, viewport: Rect(x: 0, y: 0, width: 0, height: 10)))
        }
    }

    /// Per spread, each spread zooms in its own scroll view: the restore reports the paging
    /// offset (the cell) and the spread's own zoom offset.
    @Test func perSpreadRestoreSplitsOffsets() throws {
        let layout = StackLayout(pageSizes: Array(repeating: letter, count: 4), viewSize: Size(width: 612, height: 792),
                                 scrollMode: .perSpread, axis: .horizontal, spacing: 20)
        // Page 2 fills cell 2 at x = 2·(612 + 20) = 1264. Its upper-left quarter at zoom 2:
        let state = ViewState(pageIndex: 2, viewport: Rect(x: 0, y: 396, width: 306, height: 396))
        let p = try layout.restore(state)
        #expect(p.zoomScale.isApproximatelyEqual(to: 2, absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        #expect(p.visibleRect.isApproximatelyEqual(to: Rect(x: 1264, y: 0, width: 306, height: 396), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        #expect(p.pagingOffset == Point(x: 1264, y: 0))
        #expect((try #require(p.spreadZoomOffset)).isApproximatelyEqual(to: .zero, absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        #expect(p.contentOffset.isApproximatelyEqual(to: Point(x: 2528, y: 0), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
    }
}

@Suite struct MirroringTests {
    /// The seed's presenter mode: an iPad (4:3) mirrored to a 16:9 display. The viewport
    /// (100, 200, 300, 225) grows by 300 · ((16/9) / (4/3) − 1) = 300 · (1/3) = 100 in width,
    /// 50 on each side: (50, 200, 400, 225) — now 16:9 itself.
    @Test func widerDestinationWidensAroundTheCentre() throws {
        let state = ViewState(pageIndex: 4, viewport: Rect(x: 100, y: 200, width: 300, height: 225))
        let mirrored = state.aspectFittedForMirroring(sourceViewSize: Size(width: 1024, height: 768),
                                                       destinationViewSize: Size(width: 1920, height: 1080))
        #expect(mirrored.pageIndex == 4)
        let v = try #require(mirrored.viewport)
        #expect(v.isApproximatelyEqual(to: Rect(x: 50, y: 200, width: 400, height: 225), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        #expect((v.width / v.height).isApproximatelyEqual(to: 16.0 / 9.0, absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        // The source ratio can also come from the viewport itself.
        #expect(state.aspectFittedForMirroring(destinationViewSize: Size(width: 1920, height: 1080)) == mirrored)
    }

    @Test func narrowerOrEqualDestinationIsUnchanged() {
        let state = ViewState(pageIndex: 1, viewport: Rect(x: 100, y: 200, width: 300, height: 225))
        #expect(state.aspectFittedForMirroring(sourceViewSize: Size(width: 1024, height: 768), destinationViewSize: Size(width: 768, height: 1024)) == state)
        #expect(state.aspectFittedForMirroring(sourceViewSize: Size(width: 1024, height: 768), destinationViewSize: Size(width: 2048, height: 1536)) == state)
        #expect(ViewState(pageIndex: 1).aspectFittedForMirroring(sourceAspectRatio: 1, destinationAspectRatio: 2) == ViewState(pageIndex: 1))
    }

    /// Property: the mirror always shows everything the source shows, for any pair of view sizes.
    @Test func mirrorShowsEverythingTheSourceShows() throws {
        var rng = SeededGenerator(seed: 0x5EED_0004)
        let pages = Array(repeating: Size(width: 612, height: 792), count: 5)
        for _ in 0..<300 {
            let source = Size(width: Double.random(in: 200...2000, using: &rng), height: Double.random(in: 200...2000, using: &rng))
            let destination = Size(width: Double.random(in: 200...2000, using: &rng), height: Double.random(in: 200...2000, using: &rng))
            let src = StackLayout(pageSizes: pages, viewSize: source, maximumZoomScale: 1000)
            let f = src.frame(ofPage: 2)
            let zoom = Double.random(in: 1.5...6, using: &rng)
            let w = source.width / zoom, h = source.height / zoom
            let visible = Rect(x: f.midX - w / 2, y: f.midY - h / 2, width: w, height: h)
            let state = try #require(src.captureViewState(visibleRect: visible))
            #expect(state.pageIndex == 2)
            let shown = try #require(state.viewport)
            let mirrored = state.aspectFittedForMirroring(sourceViewSize: source, destinationViewSize: destination)
            // What the destination view shows of page 2 when it restores the mirrored viewport.
            let onMirror = try PagePlacement(pageSize: pages[2], viewSize: destination, viewport: mirrored.viewport).visibleRect
            let slack = 1e-6 * shown.width
            #expect(onMirror.minX <= shown.minX + slack && onMirror.maxX >= shown.maxX - slack)
            #expect(onMirror.minY <= shown.minY + slack && onMirror.maxY >= shown.maxY - slack)
        }
    }
}
