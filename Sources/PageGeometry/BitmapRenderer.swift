// SPDX-License-Identifier: Apache-2.0

/// A renderer, called as its users call it, whose conventions decide which box of a page its
/// bitmap shows, how large the bitmap is and where the page lands in it. Each name says what a
/// user runs; every call with its defaults but for the resolution:
///
/// | renderer | the call | box drawn | pixel width (w pt, D dpi, u = /UserUnit) | page in the bitmap |
/// |---|---|---|---|---|
/// | ``pdftoppm`` | `pdftoppm -r D` | MediaBox | `⌈w · D / 72⌉` | D/72 px/pt from the top-left |
/// | ``pdftoppmCropBox`` | `pdftoppm -r D -cropbox` | CropBox | `⌈w · D / 72⌉` | D/72 px/pt from the top-left |
/// | ``pdf2image`` | `convert_from_path(f, dpi=D)` | MediaBox | as ``pdftoppm`` (it runs it) | as ``pdftoppm`` |
/// | ``pdf2imageCropBox`` | `convert_from_path(f, dpi=D, use_cropbox=True)` | CropBox | as ``pdftoppmCropBox`` | as ``pdftoppmCropBox`` |
/// | ``ghostscript`` | `gs -sDEVICE=png16m -rD` | MediaBox | `⌊f32(w · u) · D / 72 + ½⌋` | u·D/72 px/pt from the bottom-left |
/// | ``ghostscriptCropBox`` | `gs … -rD -dUseCropBox` | CropBox | as ``ghostscript`` | as ``ghostscript`` |
/// | ``pdfium`` | pypdfium2 `PdfPage.render(scale=D/72)` | CropBox | `⌈w₃₂ · (D / 72)⌉` | stretched onto the bitmap |
/// | ``mupdf`` | PyMuPDF `Page.get_pixmap(dpi=D)` | CropBox | `⌈w · u · (D / 72) − 0.001⌉` | u·D/72 px/pt from the top-left |
/// | ``pdfplumber`` | pdfplumber `Page.to_image(resolution=D)` | CropBox | pdfium's, then cut (see the case) | as ``pdfium`` |
///
/// Measured with `scripts/measure_renderer_sizes.py` (pdftoppm 22.12, pdf2image 1.17.0,
/// Ghostscript 10.00.0, pypdfium2 5.15.2, PyMuPDF 2.0, pdfplumber 0.11.10): 110 pages — displayed
/// sizes just above, on and below whole pixels, /Rotate 0/90/180/270, offset and negative
/// origins, /UserUnit 0.5, 1, 1.5 and 2, half of them with a MediaBox larger than the CropBox —
/// at 72, 75, 96, 97, 133.3, 150 and 300 dpi: each rule reproduced all 770 sizes of its
/// renderer; `scripts/check_bitmap_placement.py` checks the mapping by rendering marks.
///
/// **pdf2image's and pdftoppm's defaults draw the MediaBox**, not the CropBox a viewer shows:
/// on a cropped page their image is larger than the page and the page lies inside it, offset
/// by the crop margin (`Fixtures/rotations.pdf` page 2 at 72 dpi: 700 × 500 px, where the
/// displayed page is 600 × 400). So is Ghostscript's (and ImageMagick's, which runs it).
@frozen
public enum BitmapRenderer: String, Hashable, Sendable, Codable, CaseIterable {
    /// Poppler's `pdftoppm -r D` with its defaults: the **MediaBox**, `⌈w · D / 72⌉` pixels for
    /// a displayed MediaBox side of w points, multiplied before dividing. /UserUnit is ignored.
    /// The MediaBox's displayed top-left corner is on pixel (0, 0), exactly D/72 pixels per
    /// point; the page (the CropBox) lies inside, offset by the crop margin.
    case pdftoppm
    /// Poppler's `pdftoppm -r D -cropbox`: the **CropBox** (the displayed page), `⌈w · D / 72⌉`
    /// (Letter at 150 dpi: 792 · 150 / 72 = 1650 exactly). /UserUnit is ignored. The page's
    /// displayed top-left corner on pixel (0, 0), exactly D/72 pixels per point; the last column
    /// and row may lie partly beyond the page (left blank).
    case pdftoppmCropBox = "pdftoppm-cropbox"
    /// pdf2image's `convert_from_path(path, dpi=D)` (and `convert_from_bytes`) with its
    /// defaults, `use_cropbox=False`: it runs `pdftoppm -r D`, so the **MediaBox**, as
    /// ``pdftoppm``. (pdf2image's own default resolution is 200 dpi.)
    case pdf2image
    /// pdf2image with `use_cropbox=True`: `pdftoppm -r D -cropbox`, as ``pdftoppmCropBox``.
    case pdf2imageCropBox = "pdf2image-cropbox"
    /// Ghostscript's raster devices, `gs -sDEVICE=png16m -rD` (and ImageMagick, OCRmyPDF's
    /// older route, which run it) with their defaults: the **MediaBox**, `⌊f32(w · u) · D / 72 + ½⌋`
    /// pixels — rounded to the nearest, the side held as a 32-bit float (a 428.4 pt side at
    /// 150 dpi: 892, not the 893 that 892.5000000000001 gives) — and /UserUnit `u` **applied**
    /// (Ghostscript 10's PDF interpreter). The box's displayed bottom-left corner is on the
    /// bitmap's bottom-left corner at exactly u·D/72 pixels per point (Ghostscript's device space
    /// has y up from the bottom row), so the rounding moves the top edge by up to half a pixel.
    /// The content is clipped to the CropBox: the margin around the page is blank (white).
    case ghostscript
    /// Ghostscript with `-dUseCropBox`: the **CropBox**, otherwise as ``ghostscript``.
    case ghostscriptCropBox = "ghostscript-cropbox"
    /// pdfium as pypdfium2 drives it, `PdfPage.render(scale=D/72)`: the **CropBox**,
    /// `⌈w · (D / 72)⌉`, the scale computed first (Letter at 150 dpi: 1651 px tall), w being
    /// pdfium's page width (`FPDF_GetPageWidthF`, 32-bit). /UserUnit is ignored (pdfium has no
    /// API for it). The page is stretched onto the whole rounded bitmap
    /// (`FPDF_RenderPageBitmap` with the bitmap's size), each axis on its own.
    case pdfium
    /// MuPDF as PyMuPDF drives it, `Page.get_pixmap(dpi=D)` (or a matrix of D/72): the
    /// **CropBox**; /UserUnit `u` is applied (MuPDF's page is w·u × h·u units), and the size is
    /// MuPDF's `fz_round_rect`, `⌈w · u · (D / 72) − 0.001⌉`. The page is drawn at exactly
    /// u·D/72 pixels per point from the top-left corner. (MuPDF takes a box with a side under
    /// one unit for the unit square; such a page is not modelled.)
    case mupdf
    /// pdfplumber's `Page.to_image(resolution=D)` (0.11): pdfium's render of the **CropBox**
    /// (``pdfium``'s size and mapping), which pdfplumber then cuts (`PageImage`) when the page's
    /// MediaBox differs from its CropBox, to `⌊cw · s⌋ × ⌊ch · s⌋` with `s = W / cw` — W the
    /// render's width, cw × ch the displayed CropBox in pdfplumber's numbers — so a row or
    /// column can be lost (or, on a narrow page, rows of black added).
    case pdfplumber

    /// The engine that draws: its rules decide sizes and placement.
    @frozen
    public enum Engine: String, Hashable, Sendable, CaseIterable {
        /// Poppler's Splash (pdftoppm, pdf2image).
        case poppler
        /// Ghostscript.
        case ghostscript
        /// pdfium (pypdfium2, pdfplumber).
        case pdfium
        /// MuPDF (PyMuPDF).
        case mupdf
    }

    /// Which of a page's boxes a renderer's bitmap shows.
    @frozen
    public enum RenderedBox: String, Hashable, Sendable, Codable, CaseIterable {
        /// The whole MediaBox: the page (the CropBox) lies inside it, offset by the crop margin.
        case mediaBox
        /// The CropBox, the displayed page.
        case cropBox
    }

    /// The engine behind the call.
    public var engine: Engine {
        switch self {
        case .pdftoppm, .pdftoppmCropBox, .pdf2image, .pdf2imageCropBox: .poppler
        case .ghostscript, .ghostscriptCropBox: .ghostscript
        case .pdfium, .pdfplumber: .pdfium
        case .mupdf: .mupdf
        }
    }

    /// The box the call renders with its defaults.
    public var renderedBox: RenderedBox {
        switch self {
        case .pdftoppm, .pdf2image, .ghostscript: .mediaBox
        default: .cropBox
        }
    }

    /// How the renderer turns a page whose /Rotate is `rawRotation` (as written) and which
    /// pageinfo normalizes to `normalized` (``PageInfo/rotation``). All agree on multiples of 90
    /// and differ on other values, which the spec forbids (measured at 72 dpi on /Rotate 45, 135,
    /// 225, 315, −45, −135, 100, 190, 44, 46, 765):
    /// - Poppler: as pageinfo, 0 (Poppler draws such a page unrotated);
    /// - pdfium and Ghostscript: truncated to the quarter turn below, `(raw / 90) mod 4` toward
    ///   zero, a negative result plus 4 (135 → 90, −45 → 0, −135 → 270), as `CPDF_Page` reads it;
    /// - MuPDF: the nearest quarter turn, a tie up (45 → 90, 44 → 0, 315 → 0), as
    ///   `pdf_page_transform` snaps it, although PyMuPDF's `Page.rotation` reports 0.
    public func displayedRotation(rawRotation: Int, normalized: PageRotation) -> PageRotation {
        guard rawRotation % 90 != 0 else { return normalized }
        switch engine {
        case .poppler:
            return normalized
        case .pdfium, .ghostscript:
            let q = (rawRotation / 90) % 4
            return PageRotation(rawValue: (q < 0 ? q + 4 : q) * 90) ?? normalized
        case .mupdf:
            let m = ((rawRotation % 360) + 360) % 360
            return PageRotation(rawValue: (90 * ((m + 45) / 90)) % 360) ?? normalized
        }
    }

    /// Whether the renderer scales by /UserUnit: at D dpi it draws `D/72 · userUnit` pixels
    /// per point (MuPDF, Ghostscript) or `D/72` (Poppler, pdfium).
    public var appliesUserUnit: Bool { engine == .mupdf || engine == .ghostscript }

    /// Whether the renderer stretches the page onto the whole bitmap after rounding its size
    /// (pdfium), rather than keeping the exact scale with a partly blank last row and column.
    public var stretchesOntoBitmap: Bool { engine == .pdfium }

    /// Whether a pixel size (``BitmapRequest/Target/pixelSize(width:height:fit:)``) is modelled
    /// for this call: pdftoppm's `-scale-to-x W -scale-to-y H -scale-dimension-before-rotation`,
    /// pdfium's `FPDF_RenderPageBitmap` into a W×H bitmap, MuPDF's matrix over its page
    /// rectangle. Not for pdf2image (its `size=` passes W and H to pdftoppm before the page is
    /// turned, so a /Rotate 90 page comes out H×W), Ghostscript (`-g` with `-dPDFFitPage` keeps
    /// the aspect ratio and centres) or pdfplumber (`to_image(width=)` scales by the MediaBox's
    /// width and draws the CropBox).
    public var drawsIntoPixelSize: Bool {
        switch self {
        case .pdftoppm, .pdftoppmCropBox, .pdfium, .mupdf: true
        case .pdf2image, .pdf2imageCropBox, .ghostscript, .ghostscriptCropBox, .pdfplumber: false
        }
    }

    /// The names of the renderers that ``drawsIntoPixelSize``, comma-separated, for messages.
    public static var pixelSizeRendererNames: String {
        allCases.filter(\.drawsIntoPixelSize).map(\.rawValue).joined(separator: ", ")
    }

    /// Whether the exact scale is kept from the bitmap's bottom-left corner (Ghostscript, whose
    /// device space has y up) rather than its top-left corner (the others).
    public var anchorsAtBottom: Bool { engine == .ghostscript }

    /// The bitmap's pixel count along a side of `points` points (displayed) at `dpi` dots per
    /// inch, for a page of /UserUnit `userUnit`, by this renderer's rule (see the type). Not
    /// clamped: 0 or a count beyond ``BitmapPlacement/maximumPixels`` is possible here, and
    /// ``BitmapPlacement`` refuses it. (``pdfplumber``'s cut is the placement's: here it is
    /// pdfium's count.)
    public func pixelCount(points: Double, dotsPerInch dpi: Double, userUnit: Double = 1) -> Double {
        switch engine {
        case .poppler: (points * dpi / 72).rounded(.up)
        case .pdfium: (points * (dpi / 72)).rounded(.up)
        case .mupdf: (points * userUnit * (dpi / 72) - 0.001).rounded(.up)
        case .ghostscript: (Double(Float(points * userUnit)) * dpi / 72 + 0.5).rounded(.down)
        }
    }

    /// The length of a side from `lower` to `upper` (points) as this renderer measures it:
    /// pdfium keeps boxes in 32-bit floats (`CFX_FloatRect`, `FPDF_GetPageWidthF`), so its
    /// side is the 32-bit difference of the two 32-bit edges, and where `length · D/72` lies on
    /// a whole number that decides its rounding (a 590.4 pt side at 150 dpi: 1231 px, not the
    /// 1230 the exact number gives; found by review); the others measure in doubles.
    public func sideLength(from lower: Double, to upper: Double) -> Double {
        guard engine == .pdfium else { return upper - lower }
        return Double(Float(upper) - Float(lower))
    }
}
