// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoTestSupport
import Testing

/// `ViewRequest`: the placement and transform `pageinfo convert`'s view options describe, from
/// plain parameters. The page is the one of `Fixtures/rotations.pdf`: CropBox [20 30 420 630]
/// (400×600 pt); the expected points are the help text's hand-checked examples.
@Suite("ViewRequest: view parameters to one placement")
struct ViewRequestTests {
    static let crop = Rect(x: 20, y: 30, width: 400, height: 600)
    static let raw = Point(x: 120, y: 80)

    private func viewPoint(_ request: ViewRequest, _ rotation: PageRotation) throws -> Point {
        let info = makePage(crop: Self.crop, rotation: rotation)
        let placement = try request.placement(of: info)
        #expect(placement != nil)
        return ViewRequest.transform(of: info, placement: placement, from: .raw, to: .view).apply(to: Self.raw)
    }

    @Test("a view size alone: the page aspect-fitted (90°, 300x200 → 25,50)")
    func contain() throws {
        #expect((try viewPoint(ViewRequest(viewSize: Size(width: 300, height: 200)), .degrees90)).isApproximatelyEqual(to: Point(x: 25, y: 50), absoluteTolerance: 1e-9))
    }

    @Test("fit fill: each axis stretched (0°, 300x300 → 75,275)")
    func fill() throws {
        #expect((try viewPoint(ViewRequest(viewSize: Size(width: 300, height: 300), fit: .fill), .degrees0)).isApproximatelyEqual(to: Point(x: 75, y: 275), absoluteTolerance: 1e-9))
    }

    @Test("a resolution: pdftoppm's bitmap (90°, 144 dpi → 100,200)")
    func dotsPerInch() throws {
        #expect((try viewPoint(ViewRequest(dotsPerInch: 144), .degrees90)).isApproximatelyEqual(to: Point(x: 100, y: 200), absoluteTolerance: 1e-9))
    }

    @Test("a centre without a zoom is zoom 1 around that point")
    func centreOnly() throws {
        let info = makePage(crop: Self.crop, rotation: .degrees0)
        let request = ViewRequest(viewSize: Size(width: 400, height: 600), center: Point(x: 100, y: 100))
        let placement = try #require(try request.placement(of: info))
        // Page point (100, 100) lands at the view's centre.
        #expect((placement.transform(from: .page, to: .view).apply(to: Point(x: 100, y: 100))).isApproximatelyEqual(to: Point(x: 200, y: 300), absoluteTolerance: 1e-9))
    }

    @Test("no view: no placement; raw and page through the page's own transforms")
    func noView() throws {
        let info = makePage(crop: Self.crop, rotation: .degrees90)
        #expect(try ViewRequest().placement(of: info) == nil)
        #expect(ViewRequest.transform(of: info, placement: nil, from: .raw, to: .page).apply(to: Self.raw).isApproximatelyEqual(to: Point(x: 50, y: 300), absoluteTolerance: 1e-9))
        #expect((ViewRequest.transform(of: info, placement: nil, from: .page, to: .raw).apply(to: Point(x: 50, y: 300))).isApproximatelyEqual(to: Self.raw, absoluteTolerance: 1e-9))
        #expect(ViewRequest.transform(of: info, placement: nil, from: .raw, to: .raw) == .identity)
    }

    @Test("a degenerate view size is the placement's error")
    func zeroView() {
        #expect(throws: PlacementError.invalidViewSize(Size(width: 0, height: 200))) {
            _ = try ViewRequest(viewSize: Size(width: 0, height: 200)).placement(of: makePage(crop: Self.crop, rotation: .degrees0))
        }
    }
}
