// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import Testing
import PageInfoTestSupport

/// Hand-checked cases, one per rotation and per kind of placement. Every expected number is
/// worked out in the comment above it from the formulas in `PageInfo` and `PagePlacement`:
///
///     raw → page  (CropBox [x0 y0 x1 y1]):  0: (x−x0, y−y0)   90: (y−y0, x1−x)
///                                         180: (x1−x, y1−y)  270: (y1−y, x−x0)
///     page → view (viewport centre (cx, cy), scale s, view W×H):
///                 X = W/2 + (px − cx)·s,   Y = H/2 − (py − cy)·s
///
/// The page used throughout has CropBox [10 20 110 220] (100 × 200 pt, offset from the origin),
/// and the raw point (30, 70) inside it.
@Suite("PagePlacement golden cases")
struct PagePlacementGoldenTests {
    static let crop = Rect(pdfArray: 10, 20, 110, 220)
    static let rawPoint = Point(x: 30, y: 70)

    // MARK: - One case per rotation, aspect-fitted into a view of twice the displayed size

    @Test func rotation0() throws {
        // Displayed size 100×200. View 200×400 → fit scale min(200/100, 400/200) = 2, centre (50, 100).
        // raw (30, 70) → page (30−10, 70−20) = (20, 50)
        //             → view X = 100 + (20−50)·2 = 40,  Y = 200 − (50−100)·2 = 300.
        let p = try PagePlacement(page: makePage(crop: Self.crop, rotation: .degrees0), viewSize: Size(width: 200, height: 400))
        #expect(p.pagePoint(fromRaw: Self.rawPoint) == Point(x: 20, y: 50))
        #expect(p.viewPoint(fromRaw: Self.rawPoint) == Point(x: 40, y: 300))
        #expect(p.rawPoint(fromView: Point(x: 40, y: 300)) == Self.rawPoint)
        #expect(p.scale == 2 && p.zoomScale == 1)
        // The whole page fills the view exactly.
        #expect(p.pageFrame == Rect(x: 0, y: 0, width: 200, height: 400))
        #expect(p.viewport == Rect(x: 0, y: 0, width: 100, height: 200))
    }

    @Test func rotation90() throws {
        // Displayed size 200×100 (width and height swapped). View 400×200 → scale 2, centre (100, 50).
        // raw (30, 70) → page (70−20, 110−30) = (50, 80)
        //             → view X = 200 + (50−100)·2 = 100,  Y = 100 − (80−50)·2 = 40.
        // Cross-check with the corpus reference formula for r=90: X = (y−y0)·2 = 100, Y = (x−x0)·2 = 40.
        let p = try PagePlacement(page: makePage(crop: Self.crop, rotation: .degrees90), viewSize: Size(width: 400, height: 200))
        #expect(p.pageSize == Size(width: 200, height: 100))
        #expect(p.pagePoint(fromRaw: Self.rawPoint) == Point(x: 50, y: 80))
        #expect(p.viewPoint(fromRaw: Self.rawPoint) == Point(x: 100, y: 40))
        #expect(p.rawPoint(fromView: Point(x: 100, y: 40)) == Self.rawPoint)
        // The displayed top-left corner of a page turned 90° clockwise is the raw lower-left (x0, y0).
        #expect(p.viewPoint(fromRaw: Point(x: 10, y: 20)) == Point(x: 0, y: 0))
    }

    @Test func rotation180() throws {
        // Displayed size 100×200. View 200×400 → scale 2, centre (50, 100).
        // raw (30, 70) → page (110−30, 220−70) = (80, 150)
        //             → view X = 100 + (80−50)·2 = 160,  Y = 200 − (150−100)·2 = 100.
        let p = try PagePlacement(page: makePage(crop: Self.crop, rotation: .degrees180), viewSize: Size(width: 200, height: 400))
        #expect(p.pagePoint(fromRaw: Self.rawPoint) == Point(x: 80, y: 150))
        #expect(p.viewPoint(fromRaw: Self.rawPoint) == Point(x: 160, y: 100))
        #expect(p.rawPoint(fromView: Point(x: 160, y: 100)) == Self.rawPoint)
        // Displayed top-left = raw lower-right (x1, y0).
        #expect(p.viewPoint(fromRaw: Point(x: 110, y: 20)) == Point(x: 0, y: 0))
    }

    @Test func rotation270() throws {
        // Displayed size 200×100. View 400×200 → scale 2, centre (100, 50).
        // raw (30, 70) → page (220−70, 30−10) = (150, 20)
        //             → view X = 200 + (150−100)·2 = 300,  Y = 100 − (20−50)·2 = 160.
        let p = try PagePlacement(page: makePage(crop: Self.crop, rotation: .degrees270), viewSize: Size(width: 400, height: 200))
        #expect(p.pagePoint(fromRaw: Self.rawPoint) == Point(x: 150, y: 20))
        #expect(p.viewPoint(fromRaw: Self.rawPoint) == Point(x: 300, y: 160))
        #expect(p.rawPoint(fromView: Point(x: 300, y: 160)) == Self.rawPoint)
        // Displayed top-left = raw upper-right (x1, y1).
        #expect(p.viewPoint(fromRaw: Point(x: 110, y: 220)) == Point(x: 0, y: 0))
    }

    // MARK: - Rectangles

    @Test func rectangleAtRotation90IsStandardized() throws {
        // Raw rect (30, 70, 20, 10): corners (30, 70) and (50, 80).
        // page: (70−20, 110−30) = (50, 80) and (80−20, 110−50) = (60, 60) → x 50…60, y 60…80 → (50, 60, 10, 20).
        // view (scale 2, page height 100): X = 2·px → 100…120; Y = (100 − py)·2 → 80 and 40 → (100, 40, 20, 40).
        let p = try PagePlacement(page: makePage(crop: Self.crop, rotation: .degrees90), viewSize: Size(width: 400, height: 200))
        let raw = Rect(x: 30, y: 70, width: 20, height: 10)
        #expect(p.pageRect(fromRaw: raw) == Rect(x: 50, y: 60, width: 10, height: 20))
        #expect(p.viewRect(fromRaw: raw) == Rect(x: 100, y: 40, width: 20, height: 40))
        #expect(p.convert(raw, from: .raw, to: .view) == Rect(x: 100, y: 40, width: 20, height: 40))
        // The same rectangle given by its other corner with negative size: same answer.
        let reversed = Rect(x: 50, y: 80, width: -20, height: -10)
        #expect(p.viewRect(fromRaw: reversed) == Rect(x: 100, y: 40, width: 20, height: 40))
        // And back.
        #expect(p.rawRect(fromView: Rect(x: 100, y: 40, width: 20, height: 40)) == raw)
    }

    // MARK: - Letterboxing, zoom, explicit viewports

    @Test func aspectFitLetterboxesAndCentres() throws {
        // Page 100×200 in a 400×400 view: fit scale min(4, 2) = 2, page drawn 200×400,
        // centred horizontally: x from (400−200)/2 = 100 to 300.
        // raw (10, 20) = CropBox lower-left = page (0, 0) → view (100, 400).
        let p = try PagePlacement(page: makePage(crop: Self.crop, rotation: .degrees0), viewSize: Size(width: 400, height: 400))
        #expect(p.pageFrame == Rect(x: 100, y: 0, width: 200, height: 400))
        #expect(p.viewPoint(fromRaw: Point(x: 10, y: 20)) == Point(x: 100, y: 400))
        // The viewport is what the view shows: 400/2 = 200 pt wide, from x = 50 − 100 = −50.
        #expect(p.viewport == Rect(x: -50, y: 0, width: 200, height: 200))
        #expect(p.zoomScale == 1)
    }

    @Test func zoomAndCentre() throws {
        // Page 100×200, view 200×400 (fit 2). Zoom 2 → scale 4, centred on page point (50, 150).
        // page (20, 50) → X = 100 + (20−50)·4 = −20,  Y = 200 − (50−150)·4 = 600 (below the view).
        // Viewport: 200/4 × 400/4 = 50×100 centred on (50, 150) → (25, 100, 50, 100).
        // Page frame: top-left page (0, 200) → X = 100 − 50·4 = −100, Y = 200 − 50·4 = 0; size 400×800.
        // A scroll view holding the 400×800 page is scrolled to content offset (100, 0).
        let p = try PagePlacement(page: makePage(crop: Self.crop, rotation: .degrees0), viewSize: Size(width: 200, height: 400),
                                  zoomScale: 2, center: Point(x: 50, y: 150))
        #expect(p.scale == 4 && p.zoomScale == 2)
        #expect(p.viewPoint(fromPage: Point(x: 20, y: 50)) == Point(x: -20, y: 600))
        #expect(p.viewport == Rect(x: 25, y: 100, width: 50, height: 100))
        #expect(p.pageFrame == Rect(x: -100, y: 0, width: 400, height: 800))
        #expect(p.contentOffset == Point(x: 100, y: 0))
        // The same placement from its viewport, and from its page frame.
        let fromViewport = try PagePlacement(page: makePage(crop: Self.crop, rotation: .degrees0),
                                             viewSize: Size(width: 200, height: 400), viewport: p.viewport)
        #expect(fromViewport.pageToView == p.pageToView)
        #expect(try PagePlacement.viewport(pageSize: p.pageSize, viewSize: p.viewSize, pageFrame: p.pageFrame) == p.viewport)
        #expect(try PagePlacement.pageFrame(pageSize: p.pageSize, viewSize: p.viewSize, viewport: p.viewport) == p.pageFrame)
    }

    @Test func viewportOfAnotherAspectRatioFillsTheWidthAndIsCentred() throws {
        // Page 100×200 shown in a landscape view 200×100 with viewport = the whole page.
        // scale = 200/100 = 2; the viewport's centre (50, 100) goes to the view's centre (100, 50).
        // Top-left page (0, 200) → X = 100 + (0−50)·2 = 0, Y = 50 − (200−100)·2 = −150.
        // Visible: 100 pt wide × 100/2 = 50 pt high around (50, 100) → (0, 75, 100, 50).
        let p = try PagePlacement(page: makePage(crop: Self.crop, rotation: .degrees0), viewSize: Size(width: 200, height: 100),
                                  viewport: Rect(x: 0, y: 0, width: 100, height: 200))
        #expect(p.viewPoint(fromPage: Point(x: 0, y: 200)) == Point(x: 0, y: -150))
        #expect(p.visibleRect == Rect(x: 0, y: 75, width: 100, height: 50))
        // The fitted page would be scaled by min(200/100, 100/200) = 0.5, so this is zoom 2 / 0.5 = 4.
        #expect(p.fitScale == 0.5 && p.zoomScale == 4)
    }

    @Test func viewportBeyondThePage() throws {
        // A viewport with a negative origin, larger than the page (seed 001 allows this):
        // page 100×200, viewport (−50, −100, 200, 400) in a 100×200 view → scale 0.5,
        // centre (50, 100) at view centre (50, 100): the page is drawn half size in the middle,
        // frame (25, 50, 50, 100); zoom = 0.5 / fit 1 = 0.5.
        let p = try PagePlacement(page: makePage(crop: Self.crop, rotation: .degrees0), viewSize: Size(width: 100, height: 200),
                                  viewport: Rect(x: -50, y: -100, width: 200, height: 400))
        #expect(p.pageFrame == Rect(x: 25, y: 50, width: 50, height: 100))
        #expect(p.zoomScale == 0.5)
    }

    // MARK: - visiblePageFrame: the part of the view the page covers

    @Test func visiblePageFrameOfAContainViewportAtRotation90() throws {
        // /Rotate 90: displayed 200×100. View 300×100 showing the viewport (100, 0, 200, 100),
        // the page's right half, which is 2:1 where the view is 3:1. Contain: scale 300/200 = 1.5,
        // the viewport's centre (200, 50) at the view's centre (150, 50):
        // X = 150 + (x − 200)·1.5, Y = 50 − (y − 50)·1.5. Page x 0…200 → X −150…150;
        // y 100…0 → Y −25…125: pageFrame (−150, −25, 300, 150). The view holds its part
        // (0, 0, 150, 100): the view's right half lies beyond the page's right edge.
        // In page space the view shows x 100…300 and y 50 ± (100/1.5)/2 (visibleRect); of that
        // the page holds x 100…200: (100, 50 − 100/3, 100, 200/3).
        let p = try PagePlacement(page: makePage(crop: Self.crop, rotation: .degrees90), viewSize: Size(width: 300, height: 100),
                                  viewport: Rect(x: 100, y: 0, width: 200, height: 100))
        #expect(p.pageSize == Size(width: 200, height: 100) && p.scale == 1.5)
        #expect(p.pageFrame == Rect(x: -150, y: -25, width: 300, height: 150))
        #expect(p.visiblePageFrame == Rect(x: 0, y: 0, width: 150, height: 100))
        let shown = try #require(p.visiblePageFrame.map(p.pageRect(fromView:)))
        #expect(shown.isApproximatelyEqual(to: Rect(x: 100, y: 50 - 100 / 3, width: 100, height: 200 / 3), absoluteTolerance: 1e-12))
        // Raw (x0, y1) = (10, 220) is page (220 − 20, 110 − 10) = (200, 100), the displayed
        // top-right corner: view (150 + 0·1.5, 50 − 50·1.5) = (150, −25), the frame's corner.
        #expect(p.viewPoint(fromRaw: Point(x: 10, y: 220)) == Point(x: 150, y: -25))
    }

    @Test func visiblePageFrameOfAFillViewportAtRotation90() throws {
        // Displayed 200×100. Fill: viewport (100, −50, 200, 100) stretched onto 300×100:
        // sx = 300/200 = 1.5, sy = 100/100 = 1, X = (x − 100)·1.5, Y = (50 − y)·1.
        // Page x 0…200 → X −150…150; y 100…0 → Y −50…50: pageFrame (−150, −50, 300, 100),
        // of which the view holds (0, 0, 150, 50): the viewport's lower half lies below the page.
        let p = try PagePlacement(stretching: makePage(crop: Self.crop, rotation: .degrees90),
                                  viewport: Rect(x: 100, y: -50, width: 200, height: 100), toFill: Size(width: 300, height: 100))
        #expect(p.scale == 1.5 && p.verticalScale == 1)
        #expect(p.pageFrame == Rect(x: -150, y: -50, width: 300, height: 100))
        #expect(p.visiblePageFrame == Rect(x: 0, y: 0, width: 150, height: 50))
        // The whole page stretched onto the view covers all of it.
        let whole = try PagePlacement(stretching: makePage(crop: Self.crop, rotation: .degrees90), toFill: Size(width: 300, height: 100))
        #expect(whole.visiblePageFrame == Rect(x: 0, y: 0, width: 300, height: 100))
    }

    @Test func visiblePageFrameOfAnAspectFittedPageAndOfAPageOutOfSight() throws {
        // /Rotate 270: displayed 200×100 in a 300×300 view: fit scale min(1.5, 3) = 1.5, drawn
        // 300×150, centred vertically from (300 − 150)/2 = 75: the bands above and below are empty.
        let fitted = try PagePlacement(page: makePage(crop: Self.crop, rotation: .degrees270), viewSize: Size(width: 300, height: 300))
        #expect(fitted.pageFrame == Rect(x: 0, y: 75, width: 300, height: 150))
        #expect(fitted.visiblePageFrame == fitted.pageFrame)
        // Zoom 1 centred on page point (1000, 50): X = 150 + (x − 1000)·1.5, so the page's right
        // edge x = 200 is at X = −1050: wholly left of the view.
        let away = try PagePlacement(page: makePage(crop: Self.crop, rotation: .degrees270), viewSize: Size(width: 300, height: 300),
                                     zoomScale: 1, center: Point(x: 1000, y: 50))
        #expect(away.pageFrame.maxX == -1050)
        #expect(away.visiblePageFrame == nil)
        // A page edge touching the view's edge covers no area: nil too. Centre (300, 50):
        // the page's right edge at X = 150 + (200 − 300)·1.5 = 0.
        let touching = try PagePlacement(page: makePage(crop: Self.crop, rotation: .degrees270), viewSize: Size(width: 300, height: 300),
                                         zoomScale: 1, center: Point(x: 300, y: 50))
        #expect(touching.pageFrame.maxX == 0 && touching.visiblePageFrame == nil)
    }

    @Test func userUnitAffectsOnlyPhysicalScale() throws {
        // /UserUnit 2: one point is 2/72 inch. Fit scale 2 view units per point
        // = 2 / 2 = 1 view unit per 1/72 inch. Coordinates are unchanged.
        let page = makePage(crop: Self.crop, rotation: .degrees0, userUnit: 2)
        let p = try PagePlacement(page: page, viewSize: Size(width: 200, height: 400))
        #expect(p.scale == 2 && p.physicalScale == 1)
        #expect(p.viewPoint(fromRaw: Self.rawPoint) == Point(x: 40, y: 300))
    }

    @Test func stretchedPlacementScalesAxesIndependently() throws {
        // Page 100×200 stretched onto 201×400: sx = 2.01, sy = 2.
        // raw (30, 70) → page (20, 50) → X = 20·2.01 = 40.2, Y = (200−50)·2 = 300.
        let p = try PagePlacement(stretching: makePage(crop: Self.crop, rotation: .degrees0), toFill: Size(width: 201, height: 400))
        #expect(p.scale == 2.01 && p.verticalScale == 2)
        let v = p.viewPoint(fromRaw: Self.rawPoint)
        #expect(abs(v.x - 40.2) < 1e-12 && v.y == 300)
        // 201/100 is not exact in binary, so the frame's width is 201 only to rounding.
        #expect(p.pageFrame.isApproximatelyEqual(to: Rect(x: 0, y: 0, width: 201, height: 400), absoluteTolerance: 1e-12 * Swift.max(1, 400)))
    }

    @Test func transformForEveryPairOfSpaces() throws {
        let p = try PagePlacement(page: makePage(crop: Self.crop, rotation: .degrees90), viewSize: Size(width: 400, height: 200))
        for s in CoordinateSpace.allCases {
            #expect(p.transform(from: s, to: s) == .identity)
            for t in CoordinateSpace.allCases where t != s {
                let forward = p.transform(from: s, to: t), back = p.transform(from: t, to: s)
                #expect(forward.concatenating(back).isApproximatelyEqual(to: .identity, absoluteTolerance: 1e-12), "\(s) → \(t) → \(s)")
            }
        }
        // raw → view is raw → page then page → view.
        #expect(p.rawToView.isApproximatelyEqual(to: p.rawToPage.concatenating(p.pageToView), absoluteTolerance: 1e-9))
        // raw (30, 70) → view (100, 40), as in rotation90().
        #expect(p.convert(Self.rawPoint, from: .raw, to: .view) == Point(x: 100, y: 40))
        #expect(p.convert(Point(x: 100, y: 40), from: .view, to: .page) == Point(x: 50, y: 80))
    }

    // MARK: - Errors

    @Test func invalidInputIsATypedErrorWithAnActionableMessage() throws {
        let page = makePage(crop: Self.crop, rotation: .degrees0)
        let cases: [(PlacementError, () throws(PlacementError) -> PagePlacement)] = [
            (.invalidViewSize(Size(width: 0, height: 100)), { () throws(PlacementError) in try PagePlacement(page: page, viewSize: Size(width: 0, height: 100)) }),
            (.invalidViewSize(Size(width: 100, height: -1)), { () throws(PlacementError) in try PagePlacement(page: page, viewSize: Size(width: 100, height: -1)) }),
            (.invalidViewSize(Size(width: .infinity, height: 1)), { () throws(PlacementError) in try PagePlacement(page: page, viewSize: Size(width: .infinity, height: 1)) }),
            (.invalidViewport(Rect(x: 0, y: 0, width: 0, height: 10)), { () throws(PlacementError) in
                try PagePlacement(page: page, viewSize: Size(width: 10, height: 10), viewport: Rect(x: 0, y: 0, width: 0, height: 10)) }),
            (.invalidViewport(Rect(x: .nan, y: 0, width: 10, height: 10)), { () throws(PlacementError) in
                try PagePlacement(page: page, viewSize: Size(width: 10, height: 10), viewport: Rect(x: .nan, y: 0, width: 10, height: 10)) }),
            (.invalidZoomScale(0), { () throws(PlacementError) in try PagePlacement(page: page, viewSize: Size(width: 10, height: 10), zoomScale: 0) }),
            (.invalidCenter(Point(x: .infinity, y: 0)), { () throws(PlacementError) in
                try PagePlacement(page: page, viewSize: Size(width: 10, height: 10), zoomScale: 1, center: Point(x: .infinity, y: 0)) }),
            (.invalidPageFrame(Rect(x: 0, y: 0, width: 0, height: 0)), { () throws(PlacementError) in
                try PagePlacement(page: page, viewSize: Size(width: 10, height: 10), pageFrame: .zero) }),
            (.emptyPage(Size(width: 0, height: 200)), { () throws(PlacementError) in
                try PagePlacement(page: makePage(crop: Rect(x: 5, y: 5, width: 0, height: 200), rotation: .degrees0), viewSize: Size(width: 10, height: 10)) }),
            (.singularRawToPage(AffineTransform(scaleX: 0, y: 1)), { () throws(PlacementError) in
                try PagePlacement(pageSize: Size(width: 1, height: 1), rawToPage: AffineTransform(scaleX: 0, y: 1), viewSize: Size(width: 10, height: 10)) }),
        ]
        for (expected, build) in cases {
            do {
                _ = try build()
                Issue.record("expected \(expected)")
            } catch {
                // NaN never equals itself, so compare descriptions, which carry the values.
                #expect(error.description == expected.description)
                #expect(!error.description.contains("\n") && error.description.count > 20)
            }
        }
        // An empty page can still be placed with an explicit viewport: nothing needs its area.
        let empty = makePage(crop: Rect(x: 5, y: 5, width: 0, height: 200), rotation: .degrees0)
        let p = try PagePlacement(page: empty, viewSize: Size(width: 10, height: 10), viewport: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(p.viewPoint(fromRaw: Point(x: 5, y: 5)) == Point(x: 0, y: 10))
    }

    @Test func errorMessages() {
        #expect(PlacementError.invalidViewSize(Size(width: 0, height: 600)).description
                == "invalid view size 0x600: width and height must be positive finite numbers, e.g. 800x600")
        #expect(PlacementError.invalidZoomScale(-1).description
                == "invalid zoom scale -1: it must be a positive finite number (1 = the whole page fits the view)")
        // The stretched fit is named as the library's (`PageFit.fill`), or as a command says.
        let viewport = PlacementError.invalidViewport(Rect(x: 0, y: 0, width: 10, height: 0))
        #expect(viewport.description.hasSuffix("a viewport stretched onto the view (PageFit.fill) needs a positive height too"))
        #expect(!viewport.description.contains("--"))
        #expect(viewport.description(namingFillAs: "convert --fit fill")
                == viewport.description.replacingOccurrences(of: "(PageFit.fill)", with: "(convert --fit fill)"))
    }
}
