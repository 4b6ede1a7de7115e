// SPDX-License-Identifier: Apache-2.0

/// A Python PDF library or a document pipeline whose coordinate frame a page record can carry
/// (`pageinfo pages --frames`): the space in which that software reports where text, words and
/// detections are on a page.
///
/// The frames of boxes found on an image (Tesseract's TSV, hOCR and ALTO; a detector's pixels;
/// Textract, Document AI or YOLO run on a page image) are not here: they are the pixels of that
/// image, ``BitmapPlacement/rawToPixel``, or its ratios, ``BitmapPlacement/rawToNormalized``, of
/// the renderer that made it. The pipeline frames here are those of a PDF given as a PDF.
///
/// Each case's frame is defined by its **main text API** and was measured, not assumed, with the
/// versions named below (`scripts/check_frames.py`, run by `make test`): glyphs of a Type 3 font
/// whose one glyph is the unit square, and filled rectangles, drawn at chosen raw points on pages
/// with /Rotate 0, 90, 180, 270 (and 45, 135, −90, 450), an offset CropBox, a MediaBox with a
/// negative origin and /UserUnit 0.5 and 2, and on corpus files; every library's boxes, mapped
/// back with ``PageFrame/frameToRaw``, land on the raw ones within 0.5 pt.
///
/// In the formulas, raw PDF user space is (x, y) (points, y up, the space of the record's boxes);
/// C = [cx0 cy0 cx1 cy1] is the effective CropBox and M = [mx0 my0 mx1 my1] the effective
/// MediaBox (``PageBoxes``, corners normalized), u the /UserUnit and r the page's
/// ``PageInfo/rotation``:
///
/// | frame | origin, axes | /Rotate | /UserUnit | box it is relative to |
/// |---|---|---|---|---|
/// | ``pymupdf`` | top-left, y down | not applied (unrotated page) | applied | CropBox |
/// | ``pdfplumber`` | top-left, y down | applied | ignored | MediaBox (see the case) |
/// | ``pdfminer`` | bottom-left, y up | applied | ignored | MediaBox |
/// | ``pypdfium2`` | raw user space | ignored | ignored | none |
/// | ``pypdf`` | raw user space | ignored | ignored | none |
/// | ``docling`` | bottom-left, y up | applied | ignored | CropBox |
/// | ``doclingTopLeft`` | top-left, y down | applied | ignored | CropBox |
/// | ``textract``, ``documentAI`` | top-left, y down, ratios of the page | applied (assumed) | cancels | CropBox (assumed) |
/// | ``azure`` | top-left, y down, inches | applied (assumed) | ignored (assumed) | CropBox (assumed) |
///
/// The docling frames were measured as the libraries' were; the three cloud services cannot run
/// here, so their frames are definitions from the vendors' documentation plus an assumption,
/// named in each case, about which box they render and whether they turn the page: check a
/// service's reported page size against the page's (the Python readers do where the result
/// states one).
@frozen
public enum LibraryFrame: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// PyMuPDF (checked: 2.0, MuPDF 1.28.5): the **unrotated** MuPDF page. Origin at the CropBox's
    /// top-left corner, x right, y down, in points times /UserUnit:
    /// `X = u·(x − cx0)`, `Y = u·(cy1 − y)`, whatever /Rotate says.
    ///
    /// In it: `Page.get_text("words")` (and "blocks", "dict", "rawdict", `search_for`,
    /// `get_texttrace`), `get_drawings()` and `get_cdrawings()`, `get_bboxlog()`: PyMuPDF sets the
    /// page's rotation to 0 while it extracts ("all returned coordinates in PyMuPDF are with respect
    /// to the unrotated page", its maintainer, pymupdf/PyMuPDF#4850 and #619). MuPDF scales by
    /// /UserUnit (a page of /UserUnit 2 is twice as many units) and intersects the CropBox with
    /// the MediaBox, as pageinfo's effective CropBox is.
    ///
    /// Not in it: `Page.rect` and `get_pixmap` are the **rotated** page, the displayed one, whose
    /// raw → page matrix is ``BitmapPlacement/rawToPixel`` of ``BitmapRenderer/mupdf`` at 72 dpi
    /// (at 72 dpi MuPDF's pixels are that space). `Page.rotation_matrix` turns this frame into it,
    /// except on a rotated page of /UserUnit other than 1, where PyMuPDF builds it (and
    /// `derotation_matrix`) from the CropBox's size in points rather than the u-times-larger
    /// `Page.rect` (measured);
    /// `Page.cropbox` and `Page.mediabox` are in PDF units with y flipped about the MediaBox's top
    /// (`(x, my1 − y)`, no /UserUnit). `Page.transformation_matrix` is this frame's
    /// raw → frame matrix on a page without /Rotate, but on a rotated page it is
    /// `(1, 0, 0, −1, 0, CropBox height)`, which ignores the CropBox's origin and /UserUnit
    /// (measured; a PyMuPDF bug, cf. pymupdf/PyMuPDF#979).
    ///
    /// A /Rotate that is not a multiple of 90: PyMuPDF's `Page.rotation` reports 0, so it does not
    /// unrotate the page, and MuPDF turns it to the nearest quarter turn (a tie up:
    /// ``BitmapRenderer/displayedRotation(rawRotation:normalized:)`` of ``BitmapRenderer/mupdf``):
    /// on /Rotate 45 the text comes out in the frame of a page turned 90°, and this frame is that
    /// one (measured on 45 and 135).
    case pymupdf
    /// pdfplumber (checked: 0.11.10 on pdfminer.six 20260107): `Page.chars`, `extract_words()`,
    /// `rects`, `lines`, `curves` as `x0, top, x1, bottom`: top-left origin, y down, points,
    /// /Rotate applied, /UserUnit ignored; `x0`/`x1` and `top`/`bottom` are the frame's X and Y.
    ///
    /// It is ``pdfminer``'s frame (X, Y) flipped about the height of the turned MediaBox H and
    /// shifted back by the MediaBox's origin: `X' = X + left`, `Y' = H − Y − bottom`, where at
    /// /Rotate 0 and 180 `left = mx0`, `bottom = my0`, `H = my1 − my0`, and at 90 and 270
    /// `left = my0`, `bottom = mx0`, `H = mx1 − mx0`. On a MediaBox at the origin that is the
    /// displayed MediaBox with a top-left origin. With another origin it is what pdfplumber
    /// reports, not a shift of the MediaBox to (0, 0): at /Rotate 0, `X = x` and `Y = H − y`, so
    /// the MediaBox's top edge is at `top = −my0` (`Page.mediabox` says so), the flip about the
    /// height rather than the top edge that pdfplumber issue jsvine/pdfplumber#1332 reports (open;
    /// a fix, PR #1381, would change this frame). `Page.bbox`, `Page.mediabox` and `Page.cropbox`
    /// are in this frame; the CropBox does not move it.
    ///
    /// Not in it on a MediaBox away from the origin or a rotated page: `Page.annots` and
    /// `hyperlinks` (pdfplumber turns annotation rectangles with its own `rotate_point`, which
    /// ignores the MediaBox's origin).
    case pdfplumber
    /// pdfminer.six (checked: 20260107): `LTChar`, `LTRect`, `LTLine`, `LTCurve`, `LTTextBox…` `.bbox`
    /// as `(x0, y0, x1, y1)`: the displayed MediaBox with its bottom-left corner at the origin, y
    /// up, points. `PDFPageInterpreter.process_page` turns the page by /Rotate (a value other
    /// than 90, 180, 270 after `(Rotate + 360) % 360` is 0, as ``PageRotation/init(normalizing:)``
    /// has it) and moves the MediaBox's corner to (0, 0); the CropBox and /UserUnit change
    /// nothing. It is ``PageInfo/rawToPage``'s formula with the MediaBox in place of the
    /// CropBox: at /Rotate 90, `X = y − my0`, `Y = mx1 − x`.
    ///
    /// pdfminer.six takes the MediaBox's corners as written: a MediaBox written with reversed
    /// corners (`[612 792 0 0]`, which the spec allows and pageinfo normalizes, warning
    /// `box-reversed`) puts its page elsewhere; this frame, made from the normalized MediaBox,
    /// does not follow it there (measured; `scripts/check_frames.py` records it as an expected
    /// difference, for pdfplumber too).
    case pdfminer
    /// pypdfium2 (checked: 5.15.2, pdfium 159.0.8149.0): raw PDF user space, the identity.
    /// `PdfTextPage.get_charbox` (`FPDFText_GetCharBox`), `get_rect`, and page objects' bounds
    /// (`PdfObject.get_bounds`, `get_pos` before pypdfium2 5) are in points of the page's user
    /// space, neither turned by /Rotate nor moved by the CropBox, nor scaled by /UserUnit (pdfium
    /// has no API for it). Not in it: rendered bitmaps (``BitmapRenderer/pdfium``), and
    /// `PdfPage.get_size()`, the displayed (turned) size.
    case pypdfium2
    /// pypdf (checked: 7.1.1): raw PDF user space, the identity. The text visitor of
    /// `PageObject.extract_text(visitor_text=…)` gets `(text, cm, tm, font, size)`; the text's
    /// origin is `tm × cm` as row vectors, `X = tm[4]·cm[0] + tm[5]·cm[2] + cm[4]`,
    /// `Y = tm[4]·cm[1] + tm[5]·cm[3] + cm[5]`, in the page's user space: the CTM starts as the
    /// identity and /Rotate, the CropBox and /UserUnit are not applied (`orientations` only
    /// filters text by its direction). `visitor_operand_before(op, args, cm, tm)` gives path
    /// operands (`re`) in the current user space, which `cm` maps to this one; `page.mediabox`
    /// and `page.cropbox` are raw too.
    case pypdf
    /// docling-parse (checked: 7.23.1 with docling-core 2.104.0), as docling's PDF backend calls
    /// it: `PdfDocument.get_page(n)`'s `char_cells`, `word_cells`, `textline_cells` `.rect`
    /// (a `BoundingRectangle` with `coord_origin` BOTTOMLEFT) in points: the page space of the
    /// displayed page, ``PageInfo/rawToPage`` (the CropBox's lower-left corner at 0, 0 after
    /// /Rotate, y up, /UserUnit ignored). `page.dimension` is not in it: its `rect` and
    /// `crop_bbox` are the CropBox turned about another point on a rotated page (measured). On a
    /// /Rotate that is not a multiple of 90 docling-parse turns the page by that angle, which
    /// no quarter-turn frame follows (measured on 45; `scripts/check_frames.py` records it).
    ///
    /// docling's own results (`DoclingDocument`'s `prov[].bbox`, with `coord_origin`) are in
    /// this frame when `coord_origin` is BOTTOMLEFT and in ``doclingTopLeft`` when TOPLEFT.
    case docling
    /// docling's boxes with `CoordOrigin.TOPLEFT` (`BoundingBox.to_top_left_origin(page_height)`,
    /// what docling's layout and table models emit): ``docling`` flipped about the displayed
    /// page's height `h`, `X = Xd`, `Y = h − Yd`, in points: the displayed page with its
    /// top-left corner at 0, 0, y down.
    case doclingTopLeft = "docling-topleft"
    /// AWS Textract, given the PDF (`Geometry.BoundingBox` `Left`, `Top`, `Width`, `Height` and
    /// `Geometry.Polygon` points): "ratios of the overall document page" width and height, origin
    /// at the page's top-left corner, y down (AWS, "Textract: Item Location on a Document Page").
    /// Assumed: the page is the displayed one, the CropBox turned by /Rotate, so
    /// `X = Xp / w`, `Y = (h − Yp) / h` with (Xp, Yp) in page space and w × h the displayed size.
    /// /UserUnit cancels out of ratios. Boxes Textract found on an image you rendered are
    /// ratios of that image instead (``BitmapPlacement/rawToNormalized``).
    case textract
    /// Google Document AI, given the PDF (`boundingPoly.normalizedVertices` of a page's blocks,
    /// paragraphs, lines and tokens): vertices as ratios of the page image's width and height,
    /// origin at its top-left corner, y down (Google Cloud, "Document AI: Document object",
    /// `BoundingPoly`). Assumed, as for ``textract``: the page image is the displayed page. The
    /// same formula as ``textract``; `boundingPoly.vertices` are pixels of the page image
    /// (`pages[].dimension`), which the Python reader turns into ratios.
    case documentAI = "documentai"
    /// Azure AI Document Intelligence, given the PDF (`pages[].words[].polygon` and
    /// `pages[].lines[].polygon`): inches from the page's top-left corner, y down, "unit:
    /// inch" for PDF input (Microsoft, "Document Intelligence: analyze result", `DocumentPage`).
    /// Assumed: the displayed page, /Rotate applied, /UserUnit ignored, so
    /// `X = Xp / 72`, `Y = (h − Yp) / 72`. The result's `pages[].width` and `height` say the page
    /// it saw; the Python reader refuses a result whose page is not w/72 × h/72 inches.
    case azure

    /// The name as the CLI and the records spell it: `pymupdf`, `pdfplumber`, `pdfminer`,
    /// `pypdfium2`, `pypdf`, `docling`, `docling-topleft`, `textract`, `documentai`, `azure`.
    public var description: String { rawValue }

    /// `frames` in canonical order (the order of `allCases`), each once: the order of the
    /// `frames` object and of the CSV columns, whatever order they were asked in.
    public static func canonical<S: Sequence>(_ frames: S) -> [LibraryFrame] where S.Element == LibraryFrame {
        let asked = Set(frames)
        return allCases.filter(asked.contains)
    }

    /// Raw PDF user space (points, y up) → this library's frame on `page` (see each case).
    /// Singular only for ``pymupdf`` on a page whose /UserUnit is 0, which the reader never gives
    /// (it reads /UserUnit from 10⁻⁹ to 10⁶, 1 otherwise), and for the ratios of ``textract`` and
    /// ``documentAI`` on a page whose displayed width or height is 0 (an empty CropBox).
    public func rawToFrame(for page: PageInfo) -> AffineTransform {
        switch self {
        case .pypdfium2, .pypdf:
            return .identity
        case .pdfminer:
            return Self.mediaPage(page).rawToPage
        case .pdfplumber:
            let media = page.boxes.mediaBox.standardized
            let turned = page.rotation.isQuarterTurn
            let left = turned ? media.minY : media.minX
            let bottom = turned ? media.minX : media.minY
            let height = turned ? media.width : media.height
            return Self.mediaPage(page).rawToPage
                .concatenating(AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: left, ty: height - bottom))
        case .pymupdf:
            var turned = page
            turned.rotation = page.rawRotation % 90 == 0
                ? .degrees0
                : BitmapRenderer.mupdf.displayedRotation(rawRotation: page.rawRotation, normalized: page.rotation)
            return turned.rawToPage
                .concatenating(AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: turned.size.height))
                .scaledAfter(x: page.userUnit, y: page.userUnit)
        case .docling:
            return page.rawToPage
        case .doclingTopLeft:
            return page.rawToPage.concatenating(AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: page.size.height))
        case .textract, .documentAI:
            let size = page.size
            return page.rawToPage.concatenating(AffineTransform(a: 1 / size.width, b: 0, c: 0, d: -1 / size.height, tx: 0, ty: 1))
        case .azure:
            return page.rawToPage.concatenating(AffineTransform(a: 1.0 / 72, b: 0, c: 0, d: -1.0 / 72, tx: 0, ty: page.size.height / 72))
        }
    }

    /// This library's frame on `page` → raw PDF user space: ``rawToFrame(for:)`` inverted, or
    /// nil where that is singular (see there).
    public func frameToRaw(for page: PageInfo) -> AffineTransform? {
        rawToFrame(for: page).inverted()
    }

    /// `page` with its CropBox replaced by its MediaBox: pdfminer's page, whose frame is
    /// ``PageInfo/rawToPage`` of it.
    private static func mediaPage(_ page: PageInfo) -> PageInfo {
        var media = page
        media.boxes.cropBox = page.boxes.mediaBox
        return media
    }
}

/// A page's coordinate frame in one Python PDF library (``LibraryFrame``): the matrices between
/// raw PDF user space (points, y up, the space of the page's boxes) and the space in which that
/// library's API reports positions. What `pageinfo pages --frames` writes for each library, so
/// that a consumer maps a library's box to PDF space, or on to pixels through a bitmap's
/// ``BitmapPlacement/rawToPixel``, by applying matrices only.
public struct PageFrame: Hashable, Sendable {
    /// The library whose frame this is.
    public let library: LibraryFrame
    /// Raw PDF user space → the library's frame (``LibraryFrame/rawToFrame(for:)``).
    public let rawToFrame: AffineTransform
    /// The library's frame → raw PDF user space: the inverse of ``rawToFrame``.
    public let frameToRaw: AffineTransform

    /// `library`'s frame on `page`, or nil when its matrix is singular: a ``LibraryFrame/pymupdf``
    /// frame on a page of /UserUnit 0, or the ratios (``LibraryFrame/textract``,
    /// ``LibraryFrame/documentAI``) of a page whose displayed width or height is 0; the reader
    /// gives neither.
    public init?(page: PageInfo, library: LibraryFrame) {
        let forward = library.rawToFrame(for: page)
        guard let inverse = forward.inverted() else { return nil }
        self.library = library
        self.rawToFrame = forward
        self.frameToRaw = inverse
    }

    /// Maps a point from raw space (points) to the library's frame.
    public func framePoint(fromRaw p: Point) -> Point { rawToFrame.apply(to: p) }
    /// Maps a point from the library's frame to raw space (points).
    public func rawPoint(fromFrame p: Point) -> Point { frameToRaw.apply(to: p) }
    /// Maps a rectangle from raw space to the library's frame, standardized.
    public func frameRect(fromRaw r: Rect) -> Rect { rawToFrame.apply(to: r.standardized) }
    /// Maps a rectangle from the library's frame to raw space (points), standardized: a box as
    /// the library reports it (`x0, top, x1, bottom` or `x0, y0, x1, y1`) back on the page.
    public func rawRect(fromFrame r: Rect) -> Rect { frameToRaw.apply(to: r.standardized) }
}
