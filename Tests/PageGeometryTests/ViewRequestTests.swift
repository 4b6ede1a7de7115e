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

    // MARK: - Which combinations make sense (validate(from:to:))

    static let view = Size(width: 300, height: 200)
    static let viewport = Rect(x: 0, y: 0, width: 10, height: 10)

    @Test("each rule broken is its conflict, the first one in order",
          arguments: [
              // Neither space is view space: the first view parameter given is named.
              (ViewRequest(viewSize: view), CoordinateSpace.raw, CoordinateSpace.page, ViewRequest.Conflict.outsideViewSpace(.viewSize)),
              (ViewRequest(fit: .contain, center: Point(x: 1, y: 1)), .page, .raw, .outsideViewSpace(.center)),
              (ViewRequest(fit: .fill), .raw, .raw, .outsideViewSpace(.fit)),
              (ViewRequest(viewSize: view, viewport: viewport, zoomScale: 2), .raw, .view, .viewportWithZoom),
              (ViewRequest(viewSize: view, viewport: viewport, center: Point(x: 2, y: 2)), .view, .page, .viewportWithZoom),
              (ViewRequest(viewSize: view, dotsPerInch: 72), .raw, .view, .resolutionWithViewSize),
              (ViewRequest(dotsPerInch: 72, viewport: viewport), .raw, .view, .resolutionWithViewport),
              (ViewRequest(dotsPerInch: 72, zoomScale: 2), .raw, .view, .resolutionWithViewport),
              (ViewRequest(viewSize: view, fit: .fill, viewport: Rect(x: 0, y: 0, width: 10, height: 1e-10)), .raw, .view,
               .stretchedFlatViewport(Rect(x: 0, y: 0, width: 10, height: 1e-10))),
              (ViewRequest(viewSize: view, fit: .fill, zoomScale: 2), .raw, .view, .stretchedWithZoom),
              (ViewRequest(), .raw, .view, .viewSpaceWithoutSize(fromViewSpace: false)),
              (ViewRequest(viewport: viewport), .view, .view, .viewSpaceWithoutSize(fromViewSpace: true)),
              (ViewRequest(fit: .contain, viewport: viewport), .raw, .view, .viewSpaceWithoutSize(fromViewSpace: false)),
          ])
    func conflict(_ request: ViewRequest, _ source: CoordinateSpace, _ destination: CoordinateSpace, _ expected: ViewRequest.Conflict) {
        #expect(throws: expected) { try request.validate(from: source, to: destination) }
    }

    @Test("what makes sense passes: no view between raw and page; a view size, alone or with a viewport and fit, or a zoom and centre; a resolution alone or with a fit")
    func sensible() throws {
        try ViewRequest().validate(from: .raw, to: .page)
        try ViewRequest(viewSize: Self.view).validate(from: .raw, to: .view)
        try ViewRequest(viewSize: Self.view, fit: .fill, viewport: Self.viewport).validate(from: .view, to: .raw)
        try ViewRequest(viewSize: Self.view, zoomScale: 2, center: Point(x: 1, y: 1)).validate(from: .page, to: .view)
        try ViewRequest(dotsPerInch: 144, fit: .fill).validate(from: .view, to: .page)
        // A viewport exactly 10⁻⁹ high is stretched (the least height printed as other than 0).
        try ViewRequest(viewSize: Self.view, fit: .fill, viewport: Rect(x: 0, y: 0, width: 10, height: NumberText.resolution)).validate(from: .raw, to: .view)
    }

    @Test("a conflict describes itself in the request's words")
    func descriptions() {
        #expect(ViewRequest.Conflict.outsideViewSpace(.dotsPerInch).description == "dotsPerInch places a view, and neither space is view space")
        #expect(ViewRequest.Conflict.stretchedFlatViewport(Rect(x: 0, y: 0, width: 10, height: 0)).description
                == "viewport 0,0,10,0: fit fill stretches it onto the view, so its height must be at least 10^-9")
        #expect(ViewRequest.Conflict.viewSpaceWithoutSize(fromViewSpace: true).description == "converting from view space needs a view size or a resolution")
        #expect(ViewRequest.Conflict.withoutViewSize(.zoomScale).description == "zoomScale needs a view size")
    }
}
