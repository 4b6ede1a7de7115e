// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoTestSupport
import Testing

/// `--fit fill` and `--dpi` in the library: `PagePlacement(page:viewSize:fit:)`,
/// `bitmapSize(pageSize:dotsPerInch:)` and `PagePlacement(page:dotsPerInch:)`, and the
/// placements whose numbers overflow.
///
/// The page is the one of `Fixtures/rotations.pdf`: CropBox [20 30 420 630] (400×600 pt) at
/// each quarter turn. The raw point (120, 80) is, in page space (README's table):
/// 0° (x − 20, y − 30) = (100, 50); 90° (y − 30, 420 − x) = (50, 300);
/// 180° (420 − x, 630 − y) = (300, 550); 270° (630 − y, x − 20) = (550, 100).
@Suite("PagePlacement: bitmaps, fill and overflow")
struct PagePlacementBitmapTests {
    static let crop = Rect(x: 20, y: 30, width: 400, height: 600)
    static let raw = Point(x: 120, y: 80)

    /// pdftoppm 22.12 rounds the bitmap **up** and multiplies before dividing: rendered with
    /// `pdftoppm -r D -cropbox`, a 10.1 pt square at 72 dpi is 11×11 px, Letter at 150 dpi is
    /// 1275×1650 (792·150/72 = 1650 exactly; 792·(150/72) would be 1650.0000000000002 → 1651),
    /// at 75 dpi 638×825 (612·75/72 = 637.5 ↑ 638), and rotations.pdf page 1 at 150 dpi 834×1250.
    @Test("bitmap size as pdftoppm -r makes it", arguments: [
        (Size(width: 10.1, height: 10.1), 72.0, Size(width: 11, height: 11)),
        (Size(width: 612, height: 792), 150.0, Size(width: 1275, height: 1650)),
        (Size(width: 612, height: 792), 75.0, Size(width: 638, height: 825)),
        (Size(width: 400, height: 600), 150.0, Size(width: 834, height: 1250)),
        (Size(width: 600, height: 400), 96.0, Size(width: 800, height: 534)),
    ] as [(Size, Double, Size)])
    func bitmapSize(page: Size, dpi: Double, expected: Size) {
        #expect(PagePlacement.bitmapSize(pageSize: page, dotsPerInch: dpi) == expected)
    }

    /// At 150 dpi the scale is 150/72 = 25/12 px per point from the top-left corner:
    /// X = px · 25/12, Y = (height − py) · 25/12.
    @Test("dpi: pdftoppm's mapping at every rotation", arguments: [
        (PageRotation.degrees0, Size(width: 834, height: 1250), Point(x: 100 * 25 / 12.0, y: 550 * 25 / 12.0)),
        (.degrees90, Size(width: 1250, height: 834), Point(x: 50 * 25 / 12.0, y: 100 * 25 / 12.0)),
        (.degrees180, Size(width: 834, height: 1250), Point(x: 300 * 25 / 12.0, y: 50 * 25 / 12.0)),
        (.degrees270, Size(width: 1250, height: 834), Point(x: 550 * 25 / 12.0, y: 300 * 25 / 12.0)),
    ] as [(PageRotation, Size, Point)])
    func dpiMapping(rotation: PageRotation, bitmap: Size, expected: Point) throws {
        let p = try PagePlacement(page: makePage(crop: Self.crop, rotation: rotation), dotsPerInch: 150)
        #expect(p.viewSize == bitmap)
        #expect(abs(p.scale - 25 / 12.0) <= 1e-12 && p.scale == p.verticalScale)
        #expect(p.viewPoint(fromRaw: Self.raw).isApproximatelyEqual(to: expected, absoluteTolerance: 1e-9), "\(p.viewPoint(fromRaw: Self.raw))")
        // The displayed page's top-left corner is pixel (0, 0), not centred.
        #expect(p.pageFrame.origin.isApproximatelyEqual(to: .zero, absoluteTolerance: 1e-9))
        #expect(p.rawPoint(fromView: expected).isApproximatelyEqual(to: Self.raw, absoluteTolerance: 1e-9))
    }

    /// Fill 300×300: x scale 300/width, y scale 300/height, each axis on its own; the CropBox
    /// lands exactly on the view.
    @Test("fill: each axis on its own at every rotation", arguments: [
        (PageRotation.degrees0, Point(x: 75, y: 275)),     // (100·0.75, (600 − 50)·0.5)
        (.degrees90, Point(x: 25, y: 75)),                 // (50·0.5, (400 − 300)·0.75)
        (.degrees180, Point(x: 225, y: 25)),               // (300·0.75, (600 − 550)·0.5)
        (.degrees270, Point(x: 275, y: 225)),              // (550·0.5, (400 − 100)·0.75)
    ] as [(PageRotation, Point)])
    func fill(rotation: PageRotation, expected: Point) throws {
        let p = try PagePlacement(page: makePage(crop: Self.crop, rotation: rotation), viewSize: Size(width: 300, height: 300), fit: .fill)
        #expect(p.viewPoint(fromRaw: Self.raw).isApproximatelyEqual(to: expected, absoluteTolerance: 1e-9))
        #expect(p.viewRect(fromRaw: Self.crop) == Rect(x: 0, y: 0, width: 300, height: 300))
        // contain is the uniform placement: one scale for both axes.
        let contain = try PagePlacement(page: makePage(crop: Self.crop, rotation: rotation), viewSize: Size(width: 300, height: 300), fit: .contain)
        #expect(contain.scale == contain.verticalScale)
    }

    /// Each input valid, the product not. These crashed on a force-unwrapped inverse.
    @Test("a placement whose transform overflows throws outOfRange")
    func overflowThrows() {
        let letter = Size(width: 612, height: 792)
        #expect(throws: PlacementError.self) {
            try PagePlacement(pageSize: letter, viewSize: Size(width: 800, height: 600), zoomScale: 1e300)
        }
        #expect(throws: PlacementError.self) {
            try PagePlacement(pageSize: letter, viewSize: Size(width: 1e308, height: 1e308))
        }
        #expect(throws: PlacementError.self) {
            try PagePlacement(pageSize: letter, viewSize: Size(width: 800, height: 600),
                              viewport: Rect(x: 0, y: 0, width: 1e300, height: 1))
        }
        do {
            _ = try PagePlacement(pageSize: letter, viewSize: Size(width: 800, height: 600), zoomScale: 1e300)
        } catch {
            guard case .outOfRange = error else { Issue.record("\(error)"); return }
            #expect(!error.description.contains("\n") && error.description.contains("out of range"))
        }
        #expect(throws: PlacementError.invalidResolution(0)) { try PagePlacement(pageSize: letter, dotsPerInch: 0) }
    }

    /// PageInfo.pageToRaw is built as the transpose-and-translate of rawToPage: it must be
    /// exactly what inverting the matrix gives, for every rotation and odd offsets.
    @Test("pageToRaw is exactly rawToPage.inverted()", arguments: PageRotation.allCases)
    func pageToRawIsTheInverse(rotation: PageRotation) throws {
        for crop in [Self.crop, Rect(x: -123.25, y: 7.5, width: 0.5, height: 1e6), Rect(x: 1e9, y: -1e9, width: 3, height: 4)] {
            let p = PageInfo(index: 0, boxes: PageBoxes(uniform: crop), rotation: rotation, userUnit: 1)
            #expect(p.pageToRaw == p.rawToPage.inverted(), "\(rotation) \(crop)")
        }
    }
}
