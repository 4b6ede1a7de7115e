// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoTestSupport
import Testing

/// The renderers as users call them, defaults included: pdftoppm and pdf2image without
/// `-cropbox` draw the MediaBox, Ghostscript rounds to the nearest pixel from the bottom-left and
/// applies /UserUnit, pdfplumber cuts pdfium's render. Expected values are worked out by hand
/// from the page's construction and the rules `scripts/measure_renderer_sizes.py` measured;
/// `scripts/check_bitmap_placement.py` holds the same records against real renders.
///
/// The page is `Fixtures/rotations.pdf`'s: MediaBox [0 0 500 700], CropBox [20 30 420 630]. On
/// the displayed MediaBox (top-left origin, y down, 1 px per point at 72 dpi) the raw point
/// (120, 80) is: 0° (120, 620); 90° (80, 120); 180° (380, 80); 270° (620, 380); and the page (the
/// CropBox) lies at 0° (20, 70, 400 × 600); 90° (30, 20, 600 × 400); 180° (80, 30, 400 × 600);
/// 270° (70, 80, 600 × 400).
@Suite("Renderers as users call them: MediaBox renders, Ghostscript, pdfplumber")
struct RendererDefaultsTests {
    static let media = Rect(x: 0, y: 0, width: 500, height: 700)
    static let crop = Rect(x: 20, y: 30, width: 400, height: 600)
    static let raw = Point(x: 120, y: 80)

    static func page(rotation: PageRotation, userUnit: Double = 1, media: Rect = media, crop: Rect = crop) -> PageInfo {
        PageInfo(index: 0, boxes: PageBoxes(mediaBox: media, cropBox: crop, bleedBox: crop, trimBox: crop, artBox: crop),
                 rotation: rotation, userUnit: userUnit)
    }

    static func bitmap(_ page: PageInfo, _ renderer: BitmapRenderer, dpi: Double = 72) throws -> BitmapPlacement {
        try BitmapPlacement(page: page, request: BitmapRequest(.dotsPerInch(dpi), renderer: renderer))
    }

    @Test("the names are what users run", arguments: [
        (BitmapRenderer.pdftoppm, "pdftoppm", BitmapRenderer.RenderedBox.mediaBox), (.pdftoppmCropBox, "pdftoppm-cropbox", .cropBox),
        (.pdf2image, "pdf2image", .mediaBox), (.pdf2imageCropBox, "pdf2image-cropbox", .cropBox),
        (.ghostscript, "ghostscript", .mediaBox), (.ghostscriptCropBox, "ghostscript-cropbox", .cropBox),
        (.pdfium, "pdfium", .cropBox), (.mupdf, "mupdf", .cropBox), (.pdfplumber, "pdfplumber", .cropBox),
    ] as [(BitmapRenderer, String, BitmapRenderer.RenderedBox)])
    func names(renderer: BitmapRenderer, name: String, box: BitmapRenderer.RenderedBox) {
        #expect(renderer.rawValue == name && BitmapRenderer(rawValue: name) == renderer && renderer.renderedBox == box)
    }

    @Test("pdftoppm's and pdf2image's defaults: the MediaBox, the page inside it", arguments: [
        (PageRotation.degrees0, 500, 700, Point(x: 120, y: 620), Rect(x: 20, y: 70, width: 400, height: 600)),
        (.degrees90, 700, 500, Point(x: 80, y: 120), Rect(x: 30, y: 20, width: 600, height: 400)),
        (.degrees180, 500, 700, Point(x: 380, y: 80), Rect(x: 80, y: 30, width: 400, height: 600)),
        (.degrees270, 700, 500, Point(x: 620, y: 380), Rect(x: 70, y: 80, width: 600, height: 400)),
    ] as [(PageRotation, Int, Int, Point, Rect)])
    func mediaBoxRender(rotation: PageRotation, width: Int, height: Int, pixel: Point, frame: Rect) throws {
        for renderer in [BitmapRenderer.pdftoppm, .pdf2image] {
            let b = try Self.bitmap(Self.page(rotation: rotation), renderer)
            #expect(b.pixelWidth == width && b.pixelHeight == height, "\(renderer)")
            #expect(b.pixelPoint(fromRaw: Self.raw).isApproximatelyEqual(to: pixel, absoluteTolerance: 1e-9), "\(b.pixelPoint(fromRaw: Self.raw))")
            #expect(b.rawPoint(fromPixel: pixel).isApproximatelyEqual(to: Self.raw, absoluteTolerance: 1e-9))
            #expect(b.pageFrame.isApproximatelyEqual(to: frame, absoluteTolerance: 1e-9), "\(b.pageFrame)")
            #expect(b.renderedArea.size == (rotation.isQuarterTurn ? Size(width: 700, height: 500) : Size(width: 500, height: 700)))
            // The page's own mapping is unchanged: page space is still the displayed CropBox.
            #expect(b.placement.pageSize == Self.page(rotation: rotation).size)
        }
        // With -cropbox the same page is 600 × 400 (or 400 × 600), its top-left on pixel (0, 0).
        let cropped = try Self.bitmap(Self.page(rotation: rotation), .pdftoppmCropBox)
        #expect(cropped.pixelWidth == Int(frame.width) && cropped.pixelHeight == Int(frame.height))
        #expect(cropped.pageFrame.isApproximatelyEqual(to: Rect(origin: .zero, size: frame.size), absoluteTolerance: 1e-9))
        #expect(cropped.pixelPoint(fromRaw: Self.raw).isApproximatelyEqual(to: Point(x: pixel.x - frame.x, y: pixel.y - frame.y), absoluteTolerance: 1e-9))
    }

    /// Ghostscript at 150 dpi: 700 · 150/72 = 1458.33 rounds to 1458 (pdftoppm: 1459), and the
    /// MediaBox's bottom edge is the bitmap's bottom row's edge: raw y 0 → Y 1458, raw (120, 80) →
    /// (120 · 25/12, 1458 − 80 · 25/12) = (250, 1291.333…).
    @Test("Ghostscript rounds to the nearest pixel and keeps the bottom-left corner")
    func ghostscript() throws {
        let b = try Self.bitmap(Self.page(rotation: .degrees0), .ghostscript, dpi: 150)
        #expect(b.pixelWidth == 1042 && b.pixelHeight == 1458)
        #expect(try Self.bitmap(Self.page(rotation: .degrees0), .pdftoppm, dpi: 150).pixelHeight == 1459)
        let expected = Point(x: 250, y: 1458 - 80 * 25 / 12.0)
        #expect(b.pixelPoint(fromRaw: Self.raw).isApproximatelyEqual(to: expected, absoluteTolerance: 1e-9), "\(b.pixelPoint(fromRaw: Self.raw))")
        #expect(b.pixelPoint(fromRaw: Point(x: 0, y: 0)).isApproximatelyEqual(to: Point(x: 0, y: 1458), absoluteTolerance: 1e-9))
        // -dUseCropBox: the CropBox, 400 · 150/72 = 833.33 → 833 and 600 · 150/72 = 1250.
        let cropped = try Self.bitmap(Self.page(rotation: .degrees0), .ghostscriptCropBox, dpi: 150)
        #expect(cropped.pixelWidth == 833 && cropped.pixelHeight == 1250)
        // A 428.4 pt side is 892.5000000000001 px at 150 dpi in doubles; Ghostscript holds the
        // side as a 32-bit float (428.399994), 892.49999 → 892 (measured).
        #expect(BitmapRenderer.ghostscript.pixelCount(points: 428.40000000000003, dotsPerInch: 150) == 892)
    }

    @Test("Ghostscript applies /UserUnit, as MuPDF does; Poppler does not")
    func ghostscriptUserUnit() throws {
        let page = Self.page(rotation: .degrees90, userUnit: 2)
        let gs = try Self.bitmap(page, .ghostscript)
        #expect(gs.pixelWidth == 1400 && gs.pixelHeight == 1000 && gs.scaleX == 2)
        #expect(gs.pixelPoint(fromRaw: Self.raw).isApproximatelyEqual(to: Point(x: 160, y: 240), absoluteTolerance: 1e-9))
        let poppler = try Self.bitmap(page, .pdftoppm)
        #expect(poppler.pixelWidth == 700 && poppler.pixelHeight == 500)
    }

    @Test("odd /Rotate: Ghostscript truncates as pdfium does", arguments: [
        (135, PageRotation.degrees90), (-45, .degrees0), (-135, .degrees270), (765, .degrees0), (190, .degrees180),
    ] as [(Int, PageRotation)])
    func ghostscriptOddRotate(raw: Int, expected: PageRotation) {
        #expect(BitmapRenderer.ghostscript.displayedRotation(rawRotation: raw, normalized: .degrees0) == expected)
        #expect(BitmapRenderer.pdftoppm.displayedRotation(rawRotation: raw, normalized: .degrees0) == .degrees0)
    }

    /// pdfplumber: a CropBox [0 0 1.5 10] in a MediaBox [0 0 20 20] at 72 dpi. pdfium renders
    /// ⌈1.5⌉ × 10 = 2 × 10 px; pdfplumber's scale is 2 / 1.5, and it cuts the image to
    /// int(1.5 · 4/3) × int(10 · 4/3) = 2 × 13 (rows past pdfium's bitmap come out black), keeping
    /// pdfium's mapping: raw (0.75, 5) → (0.75 · 2/1.5, (10 − 5) · 10/10) = (1, 5).
    @Test("pdfplumber cuts pdfium's render by its own scale")
    func pdfplumber() throws {
        let page = Self.page(rotation: .degrees0, media: Rect(x: 0, y: 0, width: 20, height: 20), crop: Rect(x: 0, y: 0, width: 1.5, height: 10))
        let pdfium = try Self.bitmap(page, .pdfium)
        #expect(pdfium.pixelWidth == 2 && pdfium.pixelHeight == 10)
        let plumber = try Self.bitmap(page, .pdfplumber)
        #expect(plumber.pixelWidth == 2 && plumber.pixelHeight == 13)
        #expect(plumber.rawToPixel == pdfium.rawToPixel)
        #expect(plumber.pixelPoint(fromRaw: Point(x: 0.75, y: 5)).isApproximatelyEqual(to: Point(x: 1, y: 5), absoluteTolerance: 1e-9))
        // MediaBox = CropBox: no cut, pdfium's render as it is.
        let uncut = Self.page(rotation: .degrees0, media: Rect(x: 0, y: 0, width: 1.5, height: 10), crop: Rect(x: 0, y: 0, width: 1.5, height: 10))
        #expect(try Self.bitmap(uncut, .pdfplumber).pixelHeight == 10)
    }

    @Test("a pixel size only where the call's drawing into one is modelled")
    func pixelSizes() throws {
        let page = Self.page(rotation: .degrees90)
        for renderer in BitmapRenderer.allCases {
            let request = BitmapRequest(.pixelSize(width: 350, height: 250, fit: .fill), renderer: renderer)
            if renderer.drawsIntoPixelSize {
                let b = try BitmapPlacement(page: page, request: request)
                #expect(b.pixelWidth == 350 && b.pixelHeight == 250)
                // The rendered box (the MediaBox for pdftoppm) stretched onto it: half a pixel per point.
                let frame = renderer.renderedBox == .mediaBox ? Rect(x: 15, y: 10, width: 300, height: 200) : Rect(x: 0, y: 0, width: 350, height: 250)
                #expect(b.pageFrame.isApproximatelyEqual(to: frame, absoluteTolerance: 1e-9), "\(renderer) \(b.pageFrame)")
            } else {
                #expect(throws: PlacementError.pixelSizeUnsupported(renderer)) { try BitmapPlacement(page: page, request: request) }
            }
        }
        #expect(PlacementError.pixelSizeUnsupported(.pdfplumber).description
                == "the pdfplumber renderer is modelled at a resolution, not a pixel size: give dots per inch, or one of pdftoppm, pdftoppm-cropbox, pdfium, mupdf")
    }
}
