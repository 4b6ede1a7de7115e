// SPDX-License-Identifier: Apache-2.0

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

    /// A request for `target` with `renderer`'s conventions (default:
    /// ``BitmapRenderer/pdftoppmCropBox``, the displayed page drawn by Poppler, the engine
    /// pageinfo reads with).
    public init(_ target: Target, renderer: BitmapRenderer = .pdftoppmCropBox) {
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
/// The bitmap shows the renderer's ``BitmapRenderer/renderedBox`` — the CropBox (the page) or
/// the whole MediaBox around it — turned as the renderer turns the page. Page → pixel is
/// `X = (x − a.minX) · scaleX`, `Y = (a.maxY − y) · scaleY` for a point (x, y) of page space
/// (points, the displayed page w × h), where `a` is ``renderedArea`` (that box in page space:
/// the page's bounds, or the MediaBox reaching beyond them), with ``scaleX`` and ``scaleY`` in
/// pixels per point:
/// - uniform (Poppler, MuPDF and Ghostscript at a resolution): one scale, the rendered box's
///   displayed top-left corner on pixel space's origin (bottom-left on the bitmap's bottom-left
///   for Ghostscript), the rounded last column and row partly beyond it;
/// - stretched (a pixel size, ``PageFit/fill`` or ``PageFit/contain``, and pdfium at a
///   resolution): `scaleX = pixelWidth / a.width`, `scaleY = pixelHeight / a.height`, the
///   rendered box's corners on the bitmap's corners (``BitmapRenderer/pdfplumber`` then cuts
///   the bitmap, keeping pdfium's mapping).
///
/// At a resolution D the uniform scale is `D/72` pixels per point, times /UserUnit for MuPDF
/// and Ghostscript, which apply it. With a pixel size, /UserUnit changes nothing (every
/// renderer's page is then scaled to the size asked for).
public struct BitmapPlacement: Hashable, Sendable {
    /// The largest pixel count of a side: 2³¹ − 1, what the renderers' bitmaps address.
    public static let maximumPixels = 2_147_483_647

    /// What was asked for.
    public let request: BitmapRequest
    /// The bitmap's width in pixels (1 to ``maximumPixels``).
    public private(set) var pixelWidth: Int
    /// The bitmap's height in pixels (1 to ``maximumPixels``).
    public private(set) var pixelHeight: Int
    /// The page in a view that is the bitmap: its view space is pixel space, its
    /// ``PagePlacement/viewSize`` the pixel size.
    public private(set) var placement: PagePlacement

    /// The renderer whose conventions this bitmap follows.
    public var renderer: BitmapRenderer { request.renderer }
    /// The rectangle of page space (points, y up) the bitmap was drawn from: the page's bounds,
    /// or for a MediaBox render (``BitmapRenderer/renderedBox``) the MediaBox, which reaches
    /// beyond them by the crop margins.
    public let renderedArea: Rect
    /// Where the page (the displayed CropBox) lies in the bitmap, pixel space: the whole bitmap
    /// up to the rounded last row and column, or for a MediaBox render the rectangle inside it
    /// offset by the crop margins.
    public var pageFrame: Rect { placement.pageFrame }
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
    /// Raw PDF user space (points, y up) → the bitmap's ratios: ``rawToPixel`` divided by the
    /// pixel width and height, so the bitmap is [0, 1] × [0, 1], top-left origin, y down. The
    /// frame of boxes given as fractions of an image: Textract's `BoundingBox` and Document AI's
    /// `normalizedVertices` of an image you sent, a detector's `xyxyn`, YOLO label files.
    public var rawToNormalized: AffineTransform {
        rawToPixel.scaledAfter(x: 1 / pixelSize.width, y: 1 / pixelSize.height)
    }
    /// The bitmap's ratios → raw PDF user space: the inverse of ``rawToNormalized``.
    public var normalizedToRaw: AffineTransform {
        AffineTransform(scaleX: pixelSize.width, y: pixelSize.height).concatenating(pixelToRaw)
    }
    /// Page space (points, y up) → pixel space.
    public var pageToPixel: AffineTransform { placement.pageToView }
    /// Pixel space → page space: the inverse of ``pageToPixel``.
    public var pixelToPage: AffineTransform { placement.viewToPage }

    /// `page` as a bitmap for `request`: the renderer's ``BitmapRenderer/renderedBox``, turned
    /// as the renderer turns the page (``BitmapRenderer/displayedRotation(rawRotation:normalized:)``:
    /// on a /Rotate that is not a multiple of 90, pdfium, Ghostscript and MuPDF turn the page where
    /// pageinfo's ``PageInfo/rotation`` says 0, and this bitmap follows the renderer).
    ///
    /// - Throws: ``PlacementError/invalidResolution(_:)`` for a resolution that is not positive
    ///   and finite, ``PlacementError/invalidViewSize(_:)`` for a pixel size below 1×1 or above
    ///   ``maximumPixels``, ``PlacementError/invalidBitmapSize(_:)`` when the page's bitmap would
    ///   have a side of 0 pixels or more than ``maximumPixels``,
    ///   ``PlacementError/pixelSizeUnsupported(_:)`` for a pixel size with a renderer not
    ///   ``BitmapRenderer/drawsIntoPixelSize``,
    ///   and the errors of ``PagePlacement`` (a page without area).
    public init(page: PageInfo, request: BitmapRequest) throws(PlacementError) {
        var turned = page
        let renderer = request.renderer
        turned.rotation = renderer.displayedRotation(rawRotation: page.rawRotation, normalized: page.rotation)
        let wholeMediaBox = renderer.renderedBox == .mediaBox
        let box = (wholeMediaBox ? page.boxes.mediaBox : page.cropBox).standardized
        // The rendered box's sides as the renderer measures them, turned as it turns the page.
        let sides = Size(width: renderer.sideLength(from: box.minX, to: box.maxX),
                         height: renderer.sideLength(from: box.minY, to: box.maxY))
        try self.init(pageSize: turned.size, rawToPage: turned.rawToPage, userUnit: page.userUnit, request: request,
                      measuredSize: turned.rotation.isQuarterTurn ? sides.transposed : sides,
                      renderedArea: wholeMediaBox ? turned.rawToPage.apply(to: box) : nil)
        if renderer == .pdfplumber {
            try cutAsPDFPlumber(page: page)
        }
    }

    /// A page of displayed size `pageSize` (points), raw → page transform `rawToPage` and
    /// /UserUnit `userUnit` as a bitmap for `request`; see ``init(page:request:)``.
    /// `measuredSize`: the rendered box's displayed size as the renderer measures it, from which
    /// its pixel counts are rounded (``BitmapRenderer/sideLength(from:to:)``); the rendered
    /// area's size when nil. `renderedArea`: the rectangle of page space (points) the bitmap
    /// shows, the page's bounds when nil (for a MediaBox render: the MediaBox in page space).
    /// ``BitmapRenderer/pdfplumber``'s cut needs the page's boxes: this gives pdfium's bitmap.
    public init(pageSize: Size, rawToPage: AffineTransform = .identity, userUnit: Double = 1,
                request: BitmapRequest, measuredSize: Size? = nil, renderedArea: Rect? = nil) throws(PlacementError) {
        let renderer = request.renderer
        guard pageSize.width > 0, pageSize.height > 0, pageSize.width.isFinite, pageSize.height.isFinite else {
            throw .emptyPage(pageSize)
        }
        let area = (renderedArea ?? Rect(origin: .zero, size: pageSize)).standardized
        guard area.width > 0, area.height > 0, area.width.isFinite, area.height.isFinite, area.x.isFinite, area.y.isFinite else {
            throw .emptyPage(area.size)
        }
        // (Within a part in 10⁶ of the area's size: anything else is not the same box.)
        let counted = measuredSize.flatMap { m in
            m.width.isApproximatelyEqual(to: area.width, absoluteTolerance: 0, relativeTolerance: 1e-6)
                && m.height.isApproximatelyEqual(to: area.height, absoluteTolerance: 0, relativeTolerance: 1e-6) ? m : nil
        } ?? area.size
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
            guard renderer.drawsIntoPixelSize else { throw .pixelSizeUnsupported(renderer) }
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
                let s = Swift.min(asked.width / area.width, asked.height / area.height)
                pixels = Size(width: Swift.min(Swift.max((area.width * s - 1e-6).rounded(.up), 1), asked.width),
                              height: Swift.min(Swift.max((area.height * s - 1e-6).rounded(.up), 1), asked.height))
                uniformScale = nil
            }
        }
        let limit = Double(Self.maximumPixels)
        guard pixels.width >= 1, pixels.height >= 1, pixels.width <= limit, pixels.height <= limit else {
            throw .invalidBitmapSize(pixels)
        }
        if let s = uniformScale {
            // The rendered box's displayed top-left corner on pixel (0, 0) — or, for a renderer
            // whose device space has y up, its bottom-left corner on the bitmap's bottom-left —
            // exactly s pixels per point; the page is where it lies in that box.
            let top = renderer.anchorsAtBottom ? pixels.height - area.height * s : 0
            placement = try PagePlacement(pageSize: pageSize, rawToPage: rawToPage, userUnit: userUnit, viewSize: pixels,
                                          pageFrame: Rect(x: -area.minX * s, y: top + (area.maxY - pageSize.height) * s,
                                                          width: pageSize.width * s, height: pageSize.height * s))
        } else {
            placement = try PagePlacement(stretchingPageSize: pageSize, rawToPage: rawToPage, userUnit: userUnit,
                                          viewport: area, toFill: pixels)
        }
        self.request = request
        self.renderedArea = area
        self.pixelWidth = Int(pixels.width)
        self.pixelHeight = Int(pixels.height)
    }

    /// pdfplumber's `PageImage` cut of pdfium's render (this bitmap), when the page's MediaBox
    /// and CropBox differ: `int()` of the CropBox's displayed sides times the render's width over
    /// the CropBox's width, computed as pdfplumber does — its boxes turned only for /Rotate ≡ 90
    /// or 270 (mod 360), its heights from a top-down frame — and pdfium's mapping kept.
    private mutating func cutAsPDFPlumber(page: PageInfo) throws(PlacementError) {
        let media = page.boxes.mediaBox.standardized, crop = page.cropBox.standardized
        guard media != crop else { return }
        let r = ((page.rawRotation % 360) + 360) % 360
        let turned = r == 90 || r == 270
        let cropWidth = turned ? crop.maxY - crop.minY : crop.maxX - crop.minX
        let (low, high) = turned ? (crop.minX, crop.maxX) : (crop.minY, crop.maxY)
        let mediaHeight = turned ? media.maxX - media.minX : media.maxY - media.minY
        let s = Double(pixelWidth) / cropWidth
        let cut = Size(width: (cropWidth * s).rounded(.towardZero),
                       height: (((mediaHeight - low) - (mediaHeight - high)) * s).rounded(.towardZero))
        let limit = Double(Self.maximumPixels)
        guard cut.width >= 1, cut.height >= 1, cut.width <= limit, cut.height <= limit else { throw .invalidBitmapSize(cut) }
        placement = try placement.croppingView(to: cut)
        pixelWidth = Int(cut.width)
        pixelHeight = Int(cut.height)
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
