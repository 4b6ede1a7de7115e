// SPDX-License-Identifier: Apache-2.0

/// A renderer whose conventions decide how large the bitmap of a page is and where the page
/// lands in it. Measured with `scripts/measure_renderer_sizes.py` (385 pages × resolutions:
/// displayed sizes just above, on and below whole pixels, /Rotate 0/90/180/270, offset and
/// negative CropBox origins, /UserUnit 0.5, 1, 1.5 and 2, at 72, 75, 96, 97, 133.3, 150 and
/// 300 dpi); each rule below reproduced every size, and `scripts/check_bitmap_placement.py`
/// checks the mapping by rendering marks. For a displayed width `w` points (the CropBox after
/// /Rotate) at `D` dpi:
///
/// | renderer | pixel width | /UserUnit | page in the bitmap |
/// |---|---|---|---|
/// | ``pdftoppm`` | `⌈w · D / 72⌉` | ignored | D/72 px per point from the top-left |
/// | ``pdfium`` | `⌈w · (D / 72)⌉` | ignored | stretched onto the whole bitmap |
/// | ``mupdf`` | `⌈w · u · (D / 72) − 0.001⌉` | applied | u·D/72 px per point from the top-left |
///
/// The three differ in the last pixel: US Letter (612 × 792 pt) at 150 dpi is 1275 × 1650 with
/// pdftoppm and MuPDF but 1275 × 1651 with pdfium (150/72 rounded up as a double makes
/// 792 · 150/72 a hair above 1650); a page of /UserUnit 2 is twice as many pixels with MuPDF.
@frozen
public enum BitmapRenderer: String, Hashable, Sendable, Codable, CaseIterable {
    /// Poppler's `pdftoppm -r D -cropbox` (22.12): `⌈w · D / 72⌉`, multiplied before dividing
    /// (Letter at 150 dpi: 792 · 150 / 72 = 1650 exactly). /UserUnit is ignored. The page is
    /// drawn at exactly D/72 pixels per point with its displayed top-left corner on pixel
    /// (0, 0); the last column and row may lie partly beyond the page (left blank).
    case pdftoppm
    /// pdfium as pypdfium2 drives it, `PdfPage.render(scale=D/72)`: `⌈w · (D / 72)⌉`, the
    /// scale computed first (Letter at 150 dpi: 1651 px tall), w being pdfium's page width
    /// (`FPDF_GetPageWidthF`). /UserUnit is ignored (pdfium has no API for it). The page is
    /// stretched onto the whole rounded bitmap (`FPDF_RenderPageBitmap` with the bitmap's
    /// size), each axis on its own.
    case pdfium
    /// MuPDF as PyMuPDF drives it, `Page.get_pixmap(dpi=D)` (or a matrix of D/72): /UserUnit
    /// `u` is applied (MuPDF's page is w·u × h·u units), and the size is MuPDF's
    /// `fz_round_rect`, `⌈w · u · (D / 72) − 0.001⌉`. The page is drawn at exactly u·D/72 pixels
    /// per point from the top-left corner.
    case mupdf

    /// How the renderer turns a page whose /Rotate is `rawRotation` (as written) and which
    /// pageinfo normalizes to `normalized` (``PageInfo/rotation``). The three agree on multiples
    /// of 90 and differ on other values, which the spec forbids (measured with each at 72 dpi on
    /// /Rotate 45, 135, 225, 315, −45, −135, 100, 190, 44, 46, 765):
    /// - ``pdftoppm``: as pageinfo, 0 (Poppler draws such a page unrotated);
    /// - ``pdfium``: truncated to the quarter turn below, `(raw / 90) mod 4` toward zero, a
    ///   negative result plus 4 (135 → 90, −45 → 0, −135 → 270), as `CPDF_Page` reads it;
    /// - ``mupdf``: the nearest quarter turn, a tie up (45 → 90, 44 → 0, 315 → 0), as
    ///   `pdf_page_transform` snaps it, although PyMuPDF's `Page.rotation` reports 0.
    public func displayedRotation(rawRotation: Int, normalized: PageRotation) -> PageRotation {
        guard rawRotation % 90 != 0 else { return normalized }
        switch self {
        case .pdftoppm:
            return normalized
        case .pdfium:
            let q = (rawRotation / 90) % 4
            return PageRotation(rawValue: (q < 0 ? q + 4 : q) * 90) ?? normalized
        case .mupdf:
            let m = ((rawRotation % 360) + 360) % 360
            return PageRotation(rawValue: (90 * ((m + 45) / 90)) % 360) ?? normalized
        }
    }

    /// Whether the renderer scales by /UserUnit: at D dpi it draws `D/72 · userUnit` pixels
    /// per point (true for ``mupdf``) or `D/72` (``pdftoppm``, ``pdfium``).
    public var appliesUserUnit: Bool { self == .mupdf }

    /// Whether the renderer stretches the page onto the whole bitmap after rounding its size
    /// (``pdfium``), rather than keeping the exact scale with a partly blank last row and column.
    public var stretchesOntoBitmap: Bool { self == .pdfium }

    /// The bitmap's pixel count along a side of `points` points (displayed) at `dpi` dots per
    /// inch, for a page of /UserUnit `userUnit`, by this renderer's rule (see the type). Not
    /// clamped: 0 or a count beyond ``BitmapPlacement/maximumPixels`` is possible here, and
    /// ``BitmapPlacement`` refuses it.
    public func pixelCount(points: Double, dotsPerInch dpi: Double, userUnit: Double = 1) -> Double {
        switch self {
        case .pdftoppm: (points * dpi / 72).rounded(.up)
        case .pdfium: (points * (dpi / 72)).rounded(.up)
        case .mupdf: (points * userUnit * (dpi / 72) - 0.001).rounded(.up)
        }
    }

    /// The length of a side from `lower` to `upper` (points) as this renderer measures it:
    /// ``pdfium`` keeps boxes in 32-bit floats (`CFX_FloatRect`, `FPDF_GetPageWidthF`), so its
    /// side is the 32-bit difference of the two 32-bit edges, and where `length · D/72` lies on
    /// a whole number that decides its rounding (a 590.4 pt side at 150 dpi: 1231 px, not the
    /// 1230 the exact number gives; found by review); the others measure in doubles.
    public func sideLength(from lower: Double, to upper: Double) -> Double {
        guard self == .pdfium else { return upper - lower }
        return Double(Float(upper) - Float(lower))
    }
}

/// What bitmap of a page is asked for: a resolution or a pixel size, and the renderer whose
/// conventions the bitmap follows (`pageinfo pages --dpi`, `--bitmap-size`, `--fit`,
/// `--renderer`).
public struct BitmapRequest: Hashable, Sendable {
    /// A resolution, or a pixel size and how the page fits it.
    @frozen
    public enum Target: Hashable, Sendable {
        /// The page at `D` dots per inch: the renderer's ``BitmapRenderer/pixelCount(points:dotsPerInch:userUnit:)``
        /// decides the pixel size. Positive and finite.
        case dotsPerInch(Double)
        /// A bitmap of at most `width` × `height` pixels (each 1 to ``BitmapPlacement/maximumPixels``):
        /// - ``PageFit/fill``: exactly `width` × `height`, the page stretched onto it, each
        ///   axis on its own (`scaleX = width / w`, `scaleY = height / h`): what any renderer
        ///   draws into a bitmap of that size, and what resizing a render to that size gives.
        /// - ``PageFit/contain``: the page alone, as large as fits at one scale
        ///   `s = min(width / w, height / h)`: a pixel size of `⌈w·s − 10⁻⁶⌉ × ⌈h·s − 10⁻⁶⌉`
        ///   within `width` × `height` (one side is exactly the asked one), the page then drawn
        ///   onto exactly that size, as with fill (any renderer draws into a bitmap of a given
        ///   size; asked for the scale instead, each rounds `w·s` its own way, and where it lies
        ///   on a whole number float noise picks the side). No letterbox: the bitmap is the page.
        case pixelSize(width: Int, height: Int, fit: PageFit)
    }

    /// The resolution or pixel size asked for.
    public var target: Target
    /// The renderer whose rules give the pixel size and the mapping.
    public var renderer: BitmapRenderer

    /// A request for `target` with `renderer`'s conventions (default: ``BitmapRenderer/pdftoppm``,
    /// Poppler, the engine pageinfo reads with).
    public init(_ target: Target, renderer: BitmapRenderer = .pdftoppm) {
        self.target = target
        self.renderer = renderer
    }

    /// The resolution asked for, or nil for a pixel size.
    public var dotsPerInch: Double? { if case .dotsPerInch(let d) = target { d } else { nil } }

    /// The fit asked for with a pixel size, or nil for a resolution.
    public var fit: PageFit? { if case .pixelSize(_, _, let fit) = target { fit } else { nil } }

    /// The bitmap size asked for (whole pixels), for a pixel size; nil for a resolution. With
    /// ``PageFit/contain`` the bitmap is at most this size, with ``PageFit/fill`` exactly it.
    public var requestedPixelSize: (width: Int, height: Int)? {
        if case .pixelSize(let width, let height, _) = target { (width, height) } else { nil }
    }
}

/// One page rendered as a bitmap: its pixel size and the exact mapping between raw PDF space and
/// **pixel space**, for a ``BitmapRequest`` (a resolution or a pixel size, and a renderer).
///
/// Pixel space is the bitmap's: origin at the top-left corner of pixel (0, 0), x right, y
/// down, in pixels; pixel (i, j) covers `i…i+1 × j…j+1`, so its centre is (i + 0.5, j + 0.5).
/// It is the view space of a ``PagePlacement`` whose view is the bitmap (``placement``), so
/// ``rawToPixel`` is ``PageInfo/rawToPage`` followed by page → pixel, and ``pixelToRaw`` its
/// inverse; nothing is derived a second time.
///
/// Page → pixel is `X = x · scaleX`, `Y = (h − y) · scaleY` for a point (x, y) of page space
/// (points, the displayed page w × h), with ``scaleX`` and ``scaleY`` in pixels per point:
/// - uniform (``BitmapRenderer/pdftoppm`` and ``BitmapRenderer/mupdf`` at a resolution): one
///   scale, the page's displayed top-left corner on pixel space's origin, the rounded-up last
///   column and row partly beyond the page;
/// - stretched (a pixel size, ``PageFit/fill`` or ``PageFit/contain``, and
///   ``BitmapRenderer/pdfium`` at a resolution): `scaleX = pixelWidth / w`,
///   `scaleY = pixelHeight / h`, the page's corners on the bitmap's corners.
///
/// At a resolution D the uniform scale is `D/72` pixels per point, times /UserUnit for
/// ``BitmapRenderer/mupdf``, the one renderer that applies it. With a pixel size, /UserUnit
/// changes nothing (every renderer's page is then scaled to the size asked for).
public struct BitmapPlacement: Hashable, Sendable {
    /// The largest pixel count of a side: 2³¹ − 1, what the renderers' bitmaps address.
    public static let maximumPixels = 2_147_483_647

    /// What was asked for.
    public let request: BitmapRequest
    /// The bitmap's width in pixels (1 to ``maximumPixels``).
    public let pixelWidth: Int
    /// The bitmap's height in pixels (1 to ``maximumPixels``).
    public let pixelHeight: Int
    /// The page in a view that is the bitmap: its view space is pixel space, its
    /// ``PagePlacement/viewSize`` the pixel size.
    public let placement: PagePlacement

    /// The renderer whose conventions this bitmap follows.
    public var renderer: BitmapRenderer { request.renderer }
    /// The pixel size as a ``Size`` (pixels).
    public var pixelSize: Size { placement.viewSize }
    /// Pixels per point of page space along the bitmap's x axis (the displayed page's width).
    public var scaleX: Double { placement.scale }
    /// Pixels per point of page space along the bitmap's y axis (the displayed page's height).
    public var scaleY: Double { placement.verticalScale }
    /// Raw PDF user space (points, y up) → pixel space (pixels, top-left origin, y down).
    public var rawToPixel: AffineTransform { placement.rawToView }
    /// Pixel space → raw PDF user space: the inverse of ``rawToPixel``.
    public var pixelToRaw: AffineTransform { placement.viewToRaw }
    /// Page space (points, y up) → pixel space.
    public var pageToPixel: AffineTransform { placement.pageToView }
    /// Pixel space → page space: the inverse of ``pageToPixel``.
    public var pixelToPage: AffineTransform { placement.viewToPage }

    /// `page` as a bitmap for `request`, the page turned as the renderer turns it
    /// (``BitmapRenderer/displayedRotation(rawRotation:normalized:)``: on a /Rotate that is not
    /// a multiple of 90, pdfium and MuPDF turn the page where pageinfo's ``PageInfo/rotation``
    /// says 0, and this bitmap follows the renderer).
    ///
    /// - Throws: ``PlacementError/invalidResolution(_:)`` for a resolution that is not positive
    ///   and finite, ``PlacementError/invalidViewSize(_:)`` for a pixel size below 1×1 or above
    ///   ``maximumPixels``, ``PlacementError/invalidBitmapSize(_:)`` when the page's bitmap would
    ///   have a side of 0 pixels or more than ``maximumPixels``, and the errors of
    ///   ``PagePlacement`` (a page without area).
    public init(page: PageInfo, request: BitmapRequest) throws(PlacementError) {
        var turned = page
        let renderer = request.renderer
        turned.rotation = renderer.displayedRotation(rawRotation: page.rawRotation, normalized: page.rotation)
        // The CropBox's sides as the renderer measures them, turned as it turns the page.
        let crop = page.cropBox.standardized
        let sides = Size(width: renderer.sideLength(from: crop.minX, to: crop.maxX),
                         height: renderer.sideLength(from: crop.minY, to: crop.maxY))
        try self.init(pageSize: turned.size, rawToPage: turned.rawToPage, userUnit: page.userUnit, request: request,
                      measuredSize: turned.rotation.isQuarterTurn ? sides.transposed : sides)
    }

    /// A page of displayed size `pageSize` (points), raw → page transform `rawToPage` and
    /// /UserUnit `userUnit` as a bitmap for `request`; see ``init(page:request:)``.
    /// `measuredSize`: the displayed size as the renderer measures it, from which its pixel
    /// counts are rounded (``BitmapRenderer/sideLength(from:to:)``); `pageSize` when nil.
    public init(pageSize: Size, rawToPage: AffineTransform = .identity, userUnit: Double = 1,
                request: BitmapRequest, measuredSize: Size? = nil) throws(PlacementError) {
        let renderer = request.renderer
        guard pageSize.width > 0, pageSize.height > 0, pageSize.width.isFinite, pageSize.height.isFinite else {
            throw .emptyPage(pageSize)
        }
        // (Within a part in 10⁶ of pageSize: anything else is not the same page.)
        let counted = measuredSize.flatMap { m in
            m.width.isApproximatelyEqual(to: pageSize.width, absoluteTolerance: 0, relativeTolerance: 1e-6)
                && m.height.isApproximatelyEqual(to: pageSize.height, absoluteTolerance: 0, relativeTolerance: 1e-6) ? m : nil
        } ?? pageSize
        var pixels: Size
        var uniformScale: Double?     // nil: stretched onto the pixel size
        switch request.target {
        case .dotsPerInch(let dpi):
            guard dpi > 0, dpi.isFinite else { throw .invalidResolution(dpi) }
            let u = renderer.appliesUserUnit ? userUnit : 1
            pixels = Size(width: renderer.pixelCount(points: counted.width, dotsPerInch: dpi, userUnit: u),
                          height: renderer.pixelCount(points: counted.height, dotsPerInch: dpi, userUnit: u))
            uniformScale = renderer.stretchesOntoBitmap ? nil : dpi / 72 * u
        case .pixelSize(let width, let height, let fit):
            let asked = Size(width: Double(width), height: Double(height))
            guard (1...Self.maximumPixels).contains(width), (1...Self.maximumPixels).contains(height) else {
                throw .invalidViewSize(asked)
            }
            switch fit {
            case .fill:
                pixels = asked
                uniformScale = nil
            case .contain:
                // The pixel size is decided here, and the page is drawn onto exactly it (as
                // fill): a renderer asked for a scale instead rounds w·s and h·s itself, and where
                // one lies on a whole number float noise picks the side (a 1000 × 750 page in
                // 1200x1200: 900 or 901; found by review). Each side ⌈w·s − 10⁻⁶⌉, within W×H.
                let s = Swift.min(asked.width / pageSize.width, asked.height / pageSize.height)
                pixels = Size(width: Swift.min(Swift.max((pageSize.width * s - 1e-6).rounded(.up), 1), asked.width),
                              height: Swift.min(Swift.max((pageSize.height * s - 1e-6).rounded(.up), 1), asked.height))
                uniformScale = nil
            }
        }
        let limit = Double(Self.maximumPixels)
        guard pixels.width >= 1, pixels.height >= 1, pixels.width <= limit, pixels.height <= limit else {
            throw .invalidBitmapSize(pixels)
        }
        if let s = uniformScale {
            // The displayed top-left corner on pixel (0, 0), exactly s pixels per point.
            placement = try PagePlacement(pageSize: pageSize, rawToPage: rawToPage, userUnit: userUnit, viewSize: pixels,
                                          pageFrame: Rect(x: 0, y: 0, width: pageSize.width * s, height: pageSize.height * s))
        } else {
            placement = try PagePlacement(stretchingPageSize: pageSize, rawToPage: rawToPage, userUnit: userUnit,
                                          toFill: pixels)
        }
        self.request = request
        self.pixelWidth = Int(pixels.width)
        self.pixelHeight = Int(pixels.height)
    }

    /// Maps a point from raw space (points) to pixel space (pixels).
    public func pixelPoint(fromRaw p: Point) -> Point { rawToPixel.apply(to: p) }
    /// Maps a point from pixel space (pixels) to raw space (points).
    public func rawPoint(fromPixel p: Point) -> Point { pixelToRaw.apply(to: p) }
    /// Maps a rectangle from raw space (points) to pixel space (pixels), standardized.
    public func pixelRect(fromRaw r: Rect) -> Rect { rawToPixel.apply(to: r.standardized) }
    /// Maps a rectangle from pixel space (pixels) to raw space (points), standardized.
    public func rawRect(fromPixel r: Rect) -> Rect { pixelToRaw.apply(to: r.standardized) }
}
