// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry
import Testing

/// A destination as a view state, worked out by hand on the pages of `Fixtures/rotations.pdf`:
/// page 1 (CropBox [20 30 420 630], no /Rotate: displayed 400 × 600, raw (x, y) is page
/// (x − 20, y − 30)) and page 2 (MediaBox [0 0 500 700], the same CropBox, /Rotate 90: displayed
/// 600 × 400, raw (x, y) is page (y − 30, 420 − x)); a 300 × 200 view unless said.
@Suite("destinations as view states")
struct DestinationTests {
    static let crop = Rect(x: 20, y: 30, width: 400, height: 600)
    static let upright = PageInfo(index: 0, boxes: PageBoxes(mediaBox: Rect(x: 0, y: 0, width: 500, height: 700), cropBox: crop,
                                                             bleedBox: crop, trimBox: crop, artBox: crop), rotation: .degrees0)
    static let turned = PageInfo(index: 1, boxes: upright.boxes, rotation: .degrees90)
    static let view = Size(width: 300, height: 200)

    func viewport(_ fit: DestinationFit, on page: PageInfo = turned, view: Size = view, unitsPerPoint: Double = 1,
                  current: Rect? = nil) throws -> Rect? {
        let state = try Destination(pageIndex: page.index, fit: fit).viewState(on: page, viewSize: view, unitsPerPoint: unitsPerPoint,
                                                                                current: current)
        #expect(state.pageIndex == page.index)
        return state.viewport
    }

    func near(_ a: Rect?, _ b: Rect) -> Bool {
        guard let a else { return false }
        return [a.x - b.x, a.y - b.y, a.width - b.width, a.height - b.height].allSatisfy { abs($0) < 1e-9 }
    }

    /// Raw (120, 80) is page (80 − 30, 420 − 120) = (50, 300): the viewport's top-left corner; at
    /// zoom 2 the view's 300 × 200 units show 150 × 100 points, so the viewport is
    /// [50, 300 − 100, 150, 100]. Shown in the view (PagePlacement with that viewport, as a
    /// restore places it), the raw point is the view's top-left corner, in two view sizes.
    @Test("XYZ: the point at the top-left corner, the zoom kept")
    func xyz() throws {
        let v = try viewport(.xyz(left: 120, top: 80, zoom: 2))
        #expect(near(v, Rect(x: 50, y: 200, width: 150, height: 100)), "\(String(describing: v))")
        for size in [Self.view, Size(width: 500, height: 500)] {
            let shown = try #require(try viewport(.xyz(left: 120, top: 80, zoom: 2), view: size))
            let placement = try PagePlacement(page: Self.turned, viewSize: size, viewport: shown)
            let corner = placement.rawToView.apply(to: Point(x: 120, y: 80))
            #expect(abs(corner.x) < 1e-9 && abs(corner.y) < 1e-9, "\(size): \(corner)")
            #expect(abs(placement.scale - 2) < 1e-9)
        }
        // CSS pixels (96/72 units a point): at zoom 1 a 400 × 300 view shows 300 × 225 points.
        #expect(near(try viewport(.xyz(left: 120, top: 80, zoom: 1), view: Size(width: 400, height: 300), unitsPerPoint: 96.0 / 72),
                     Rect(x: 50, y: 75, width: 300, height: 225)))
    }

    /// `null` keeps the current value, in raw space: the current viewport [100 100 300 200] has
    /// its top-left corner at page (100, 300), raw (420 − 300, 100 + 30) = (120, 130). With left
    /// 200 and the current top: raw (200, 130), page (100, 220); the current zoom is 300 / 300 = 1.
    @Test("XYZ: null left, top and zoom keep the current ones")
    func xyzNulls() throws {
        let current = Rect(x: 100, y: 100, width: 300, height: 200)
        #expect(near(try viewport(.xyz(left: 200, top: nil, zoom: nil), current: current), Rect(x: 100, y: 20, width: 300, height: 200)))
        #expect(near(try viewport(.xyz(left: nil, top: nil, zoom: 0), current: current), current))
        // Without a current viewport: the whole page, aspect-fitted (600 × 400 in a 3:2 view).
        #expect(near(try viewport(.xyz(left: nil, top: nil, zoom: nil)), Rect(x: 0, y: 0, width: 600, height: 400)))
    }

    /// FitH 530 on the upright page: page y 500 at the top, the width 400, so 400 × 2/3 high.
    /// On the turned page a raw y runs across the screen: raw (20, 330), from the current
    /// (whole page) top-left corner raw (20, 30), is page (300, 400): the top is kept.
    @Test("FitH and FitV fit the width or the height at the given edge")
    func fitHV() throws {
        #expect(near(try viewport(.fitH(top: 530), on: Self.upright), Rect(x: 0, y: 500 - 800.0 / 3, width: 400, height: 800.0 / 3)))
        #expect(near(try viewport(.fitBH(top: 530), on: Self.upright), Rect(x: 0, y: 500 - 800.0 / 3, width: 400, height: 800.0 / 3)))
        #expect(near(try viewport(.fitH(top: 330)), Rect(x: 0, y: 0, width: 600, height: 400)))
        // FitV 120 on the upright page: page x 100 at the left, the height 600, so 900 wide.
        #expect(near(try viewport(.fitV(left: 120), on: Self.upright), Rect(x: 100, y: 0, width: 900, height: 600)))
        let placement = try PagePlacement(page: Self.upright, viewSize: Self.view,
                                          viewport: try #require(try viewport(.fitH(top: 530), on: Self.upright)))
        #expect(abs(placement.rawToView.apply(to: Point(x: 20, y: 530)).y) < 1e-9, "raw y 530 at the view's top edge")
    }

    /// FitR raw [120 80 220 130] on the turned page is page x 50…100, y 200…300 (50 × 100):
    /// taller than the 3:2 view, so widened about its centre x 75 to 150: [0 200 150 100]; in
    /// the view the rectangle spans x 100…200, y 0…200, wholly visible.
    @Test("FitR shows the whole rectangle")
    func fitR() throws {
        let v = try #require(try viewport(.fitR(Rect(x: 120, y: 80, width: 100, height: 50))))
        #expect(near(v, Rect(x: 0, y: 200, width: 150, height: 100)), "\(v)")
        let shown = try PagePlacement(page: Self.turned, viewSize: Self.view, viewport: v).rawToView.apply(to: Rect(x: 120, y: 80, width: 100, height: 50))
        #expect(abs(shown.minX - 100) < 1e-9 && abs(shown.maxX - 200) < 1e-9 && abs(shown.minY) < 1e-9 && abs(shown.maxY - 200) < 1e-9, "\(shown)")
    }

    @Test("Fit and FitB show the whole page; a view without area is an error")
    func fitAndErrors() throws {
        #expect(try viewport(.fit) == nil)
        #expect(try viewport(.fitB) == nil)
        #expect(throws: PlacementError.invalidViewSize(Size(width: 0, height: 200))) {
            try Destination(pageIndex: 1, fit: .fit).viewState(on: Self.turned, viewSize: Size(width: 0, height: 200))
        }
    }
}
