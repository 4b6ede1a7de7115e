// SPDX-License-Identifier: Apache-2.0
/// How one page sits in a view: the page, the view's size and the **viewport**, the rectangle
/// of page space that the view shows. It connects the three ``CoordinateSpace``s (raw, page,
/// view) with one ``AffineTransform`` per direction.
///
/// **The rule.** The view shows the viewport scaled to fill the view's width,
/// `scale = viewSize.width / viewport.width` view units per point, and centred: the viewport's
/// centre lands on the view's centre. When the viewport has the view's aspect ratio it fills
/// the view exactly; otherwise the view shows more (or less) of page space above and below it
/// (see ``visibleRect``). The viewport may extend beyond the page: a negative origin or a size
/// larger than the page simply shows empty space around it, as view states in viewers do.
/// Without an explicit viewport the page is aspect-fitted into the view and centred
/// (``zoomScale`` 1).
///
/// For a point `(px, py)` in page space, with the viewport's centre `(cx, cy)` and the view
/// size `W×H`:
///
///     X = W/2 + (px − cx) · scale
///     Y = H/2 − (py − cy) · scale        (view space is y down, page space y up)
///
/// and raw space comes first through ``PageInfo/rawToPage``. Every reverse direction is the
/// ``AffineTransform/inverted()`` of the forward one, never a second formula.
///
/// **Units and /UserUnit.** Page and raw coordinates are PDF points (user-space units), as in
/// ``PageInfo``; /UserUnit does not change any coordinate here. It matters only for physical
/// size: one point of a page with /UserUnit `u` is `u/72` inch, so a placement shows
/// ``physicalScale`` = `scale / u` view units per 1/72 inch. To show a page at actual size
/// (one view unit per 1/72 inch), pick the zoom that makes `scale == userUnit`.
///
/// **Scroll views.** ``pageFrame`` is the whole page's frame in view coordinates; together with
/// ``zoomScale`` (relative to the aspect-fitted page) and ``contentOffset`` it is what a scroll
/// view needs. ``init(pageSize:rawToPage:userUnit:viewSize:pageFrame:)`` goes back from a page
/// frame to a placement (and its viewport); ``pageFrame(pageSize:viewSize:viewport:)`` and
/// ``viewport(pageSize:viewSize:pageFrame:)`` are the same conversion as plain functions.
///
/// Invalid input (a view of zero, negative or non-finite size, a viewport of zero width, a page
/// of zero area where fitting is needed, …) throws a ``PlacementError`` whose description says
/// what to fix.
public struct PagePlacement: Hashable, Sendable {
    /// The page's displayed size in points (page space spans `0…width × 0…height`).
    public let pageSize: Size
    /// /UserUnit of the page (1/72 inch per point); affects only ``physicalScale``.
    public let userUnit: Double
    /// The view's size in view units (points or pixels).
    public let viewSize: Size
    /// The rectangle of page space (points, standardized) the view is built from: the explicit
    /// viewport when one was given, otherwise the ``visibleRect``.
    public let viewport: Rect
    /// View units per point along x (and along y, except for a stretched placement).
    public let scale: Double
    /// View units per point along y; equals ``scale`` except for
    /// ``init(stretching:viewport:toFill:)``, which scales the axes independently.
    public let verticalScale: Double

    /// Raw PDF user space → page space (points to points).
    public let rawToPage: AffineTransform
    /// Page space → raw PDF user space; the inverse of ``rawToPage``.
    public let pageToRaw: AffineTransform
    /// Page space (points, y up) → view space (view units, y down, top-left origin).
    public let pageToView: AffineTransform
    /// View space → page space; the inverse of ``pageToView``.
    public let viewToPage: AffineTransform
    /// Raw PDF user space → view space: ``rawToPage`` then ``pageToView``.
    public let rawToView: AffineTransform
    /// View space → raw PDF user space; the inverse of ``rawToView``.
    public let viewToRaw: AffineTransform

    // MARK: - Building

    /// The one place that derives everything from a page → view transform (inputs already
    /// validated). Throws ``PlacementError/outOfRange(scale:)`` when the transform, its inverse or
    /// the raw ↔ view transforms are not finite: each input can be valid while their product
    /// overflows (a zoom of 10³⁰⁰) or underflows to a singular matrix.
    private init(pageSize: Size, rawToPage: AffineTransform, pageToRaw: AffineTransform, userUnit: Double,
                 viewSize: Size, viewport: Rect?, pageToView: AffineTransform) throws(PlacementError) {
        let rawToView = rawToPage.concatenating(pageToView)
        guard pageToView.isFinite, rawToView.isFinite,
              let viewToPage = pageToView.inverted(), viewToPage.isFinite,
              let viewToRaw = rawToView.inverted(), viewToRaw.isFinite else {
            throw .outOfRange(scale: pageToView.a)
        }
        let viewport = viewport ?? viewToPage.apply(to: Rect(origin: .zero, size: viewSize))
        guard viewport.x.isFinite, viewport.y.isFinite, viewport.width.isFinite, viewport.height.isFinite else {
            throw .outOfRange(scale: pageToView.a)
        }
        self.pageSize = pageSize
        self.userUnit = userUnit
        self.viewSize = viewSize
        self.rawToPage = rawToPage
        self.pageToRaw = pageToRaw
        self.pageToView = pageToView
        self.viewToPage = viewToPage
        self.rawToView = rawToView
        self.viewToRaw = viewToRaw
        self.scale = pageToView.a
        self.verticalScale = -pageToView.d
        self.viewport = viewport
    }

    /// Page → view for a view of `viewSize` whose centre shows page point `center`, scaled by
    /// `scale` view units per point: translate the centre to the origin, scale and flip y,
    /// translate to the view's centre.
    private static func pageToView(center: Point, scale s: Double, viewSize: Size) -> AffineTransform {
        AffineTransform(translationX: -center.x, y: -center.y)
            .scaledAfter(x: s, y: -s)
            .translatedAfter(x: viewSize.width / 2, y: viewSize.height / 2)
    }

    /// Validated inputs shared by all initializers.
    private struct Checked {
        var pageSize: Size, rawToPage: AffineTransform, pageToRaw: AffineTransform, viewSize: Size

        init(pageSize: Size, rawToPage: AffineTransform, viewSize: Size, needsArea: Bool) throws(PlacementError) {
            guard viewSize.width > 0, viewSize.height > 0, viewSize.width.isFinite, viewSize.height.isFinite else {
                throw .invalidViewSize(viewSize)
            }
            let areaOK = pageSize.width > 0 && pageSize.height > 0 && pageSize.width.isFinite && pageSize.height.isFinite
            guard areaOK || (!needsArea && pageSize.width >= 0 && pageSize.height >= 0
                             && pageSize.width.isFinite && pageSize.height.isFinite) else {
                throw .emptyPage(pageSize)
            }
            guard let inverse = rawToPage.inverted(),
                  [rawToPage.a, rawToPage.b, rawToPage.c, rawToPage.d, rawToPage.tx, rawToPage.ty].allSatisfy(\.isFinite) else {
                throw .singularRawToPage(rawToPage)
            }
            self.pageSize = pageSize; self.rawToPage = rawToPage; self.pageToRaw = inverse; self.viewSize = viewSize
        }

        /// The aspect-fit scale (view units per point) of the whole page in the view.
        var fitScale: Double { Swift.min(viewSize.width / pageSize.width, viewSize.height / pageSize.height) }
    }

    /// A page of displayed size `pageSize` in a view of `viewSize`, showing `viewport`.
    ///
    /// - Parameters:
    ///   - pageSize: the displayed page size in points (``PageInfo/size``).
    ///   - rawToPage: raw PDF user space → page space (``PageInfo/rawToPage``); identity when
    ///     only page and view space matter.
    ///   - userUnit: /UserUnit (1/72 inch per point); only ``physicalScale`` uses it.
    ///   - viewSize: the view's size in view units; width and height positive and finite.
    ///   - viewport: a rectangle of page space (points), standardized first; it fills the view's
    ///     width and is centred. Its width must be positive and finite; it may extend beyond the
    ///     page. `nil` aspect-fits the page and centres it (zoom 1), which needs a page of
    ///     non-zero area.
    /// - Throws: ``PlacementError``.
    public init(pageSize: Size, rawToPage: AffineTransform = .identity, userUnit: Double = 1,
                viewSize: Size, viewport: Rect? = nil) throws(PlacementError) {
        guard let viewport else {
            try self.init(pageSize: pageSize, rawToPage: rawToPage, userUnit: userUnit, viewSize: viewSize,
                          zoomScale: 1, center: nil)
            return
        }
        let c = try Checked(pageSize: pageSize, rawToPage: rawToPage, viewSize: viewSize, needsArea: false)
        let v = viewport.standardized
        guard v.width > 0, v.width.isFinite, v.x.isFinite, v.y.isFinite, v.height.isFinite else {
            throw .invalidViewport(viewport)
        }
        let s = viewSize.width / v.width
        guard s > 0, s.isFinite else { throw .invalidViewport(viewport) }
        // X = (px − minX)·s, the same as W/2 + (px − cx)·s since s·width = W, but exact at the
        // viewport's left edge; Y = H/2 − (py − cy)·s.
        let pageToView = AffineTransform(translationX: -v.minX, y: -v.midY)
            .scaledAfter(x: s, y: -s)
            .translatedAfter(x: 0, y: viewSize.height / 2)
        try self.init(pageSize: c.pageSize, rawToPage: c.rawToPage, pageToRaw: c.pageToRaw, userUnit: userUnit,
                  viewSize: c.viewSize, viewport: v, pageToView: pageToView)
    }

    /// `page` in a view of `viewSize`, showing `viewport` (page space, points), or aspect-fitted
    /// and centred when `viewport` is `nil`. See
    /// ``init(pageSize:rawToPage:userUnit:viewSize:viewport:)``.
    public init(page: PageInfo, viewSize: Size, viewport: Rect? = nil) throws(PlacementError) {
        try self.init(pageSize: page.size, rawToPage: page.rawToPage, userUnit: page.userUnit,
                      viewSize: viewSize, viewport: viewport)
    }

    /// A page zoomed by `zoomScale` relative to the aspect-fitted page, with page point `center`
    /// at the view's centre.
    ///
    /// `scale = zoomScale × fitScale`, the viewport is the visible rectangle
    /// (`viewSize / scale` points, centred on `center`).
    ///
    /// - Parameters:
    ///   - pageSize: the displayed page's size in points (page space).
    ///   - rawToPage: raw PDF space → page space (``PageInfo/rawToPage``).
    ///   - userUnit: the page's /UserUnit (only ``physicalScale`` uses it).
    ///   - viewSize: the view's size in view units; width and height positive and finite.
    ///   - zoomScale: 1 = the whole page fits the view; 2 = twice as large. Positive, finite.
    ///   - center: the page-space point (points) at the view's centre; `nil` = the page's centre.
    /// - Throws: ``PlacementError``; the page must have non-zero area.
    public init(pageSize: Size, rawToPage: AffineTransform = .identity, userUnit: Double = 1,
                viewSize: Size, zoomScale: Double, center: Point? = nil) throws(PlacementError) {
        let c = try Checked(pageSize: pageSize, rawToPage: rawToPage, viewSize: viewSize, needsArea: true)
        guard zoomScale > 0, zoomScale.isFinite else { throw .invalidZoomScale(zoomScale) }
        let center = center ?? Point(x: pageSize.width / 2, y: pageSize.height / 2)
        guard center.x.isFinite, center.y.isFinite else { throw .invalidCenter(center) }
        let s = c.fitScale * zoomScale
        guard s > 0, s.isFinite else { throw .invalidZoomScale(zoomScale) }
        try self.init(pageSize: c.pageSize, rawToPage: c.rawToPage, pageToRaw: c.pageToRaw, userUnit: userUnit,
                  viewSize: c.viewSize, viewport: nil,
                  pageToView: Self.pageToView(center: center, scale: s, viewSize: viewSize))
    }

    /// `page` zoomed by `zoomScale` relative to its aspect fit, with page point `center` (or the
    /// page's centre) at the view's centre. See
    /// ``init(pageSize:rawToPage:userUnit:viewSize:zoomScale:center:)``.
    public init(page: PageInfo, viewSize: Size, zoomScale: Double, center: Point? = nil) throws(PlacementError) {
        try self.init(pageSize: page.size, rawToPage: page.rawToPage, userUnit: page.userUnit,
                      viewSize: viewSize, zoomScale: zoomScale, center: center)
    }

    /// The placement whose whole page appears at `pageFrame` (view space) in a view of
    /// `viewSize`: the inverse of ``pageFrame``.
    ///
    /// The scale is `pageFrame.width / pageSize.width`; the frame's height is not used (a scroll
    /// view's page frame has the page's aspect ratio). The resulting ``viewport`` is the
    /// ``visibleRect``, the view's bounds in page space.
    ///
    /// - Throws: ``PlacementError``; the frame's width must be positive and finite, the page
    ///   must have non-zero area.
    public init(pageSize: Size, rawToPage: AffineTransform = .identity, userUnit: Double = 1,
                viewSize: Size, pageFrame: Rect) throws(PlacementError) {
        let c = try Checked(pageSize: pageSize, rawToPage: rawToPage, viewSize: viewSize, needsArea: true)
        let f = pageFrame.standardized
        guard f.width > 0, f.width.isFinite, f.x.isFinite, f.y.isFinite, f.height.isFinite else {
            throw .invalidPageFrame(pageFrame)
        }
        let s = f.width / pageSize.width
        guard s > 0, s.isFinite else { throw .invalidPageFrame(pageFrame) }
        // Page (0, height) — the displayed top-left corner — lands on the frame's origin.
        let pageToView = AffineTransform(scaleX: s, y: -s).translatedAfter(x: f.minX, y: f.minY + pageSize.height * s)
        try self.init(pageSize: c.pageSize, rawToPage: c.rawToPage, pageToRaw: c.pageToRaw, userUnit: userUnit,
                  viewSize: c.viewSize, viewport: nil, pageToView: pageToView)
    }

    /// `page` placed so that its whole displayed page appears at `pageFrame` in a view of
    /// `viewSize`. See ``init(pageSize:rawToPage:userUnit:viewSize:pageFrame:)``.
    public init(page: PageInfo, viewSize: Size, pageFrame: Rect) throws(PlacementError) {
        try self.init(pageSize: page.size, rawToPage: page.rawToPage, userUnit: page.userUnit,
                      viewSize: viewSize, pageFrame: pageFrame)
    }

    /// A placement that stretches `viewport` (default: the whole page) onto the view's bounds,
    /// scaling x and y independently: `scale = W / viewport.width`,
    /// `verticalScale = H / viewport.height`.
    ///
    /// This is the mapping a renderer uses when it draws a page into a bitmap whose pixel size
    /// was rounded (pdfium's `FPDF_PageToDevice` with a device rectangle of W×H, MuPDF's page
    /// transform scaled to W×H): the page's corners land exactly on the bitmap's corners even
    /// though W/H is not exactly the page's aspect ratio. Prefer the uniform initializers for
    /// interactive views.
    ///
    /// - Throws: ``PlacementError``; the viewport (or page) must have positive finite width
    ///   and height.
    public init(stretching page: PageInfo, viewport: Rect? = nil, toFill viewSize: Size) throws(PlacementError) {
        try self.init(stretchingPageSize: page.size, rawToPage: page.rawToPage, userUnit: page.userUnit,
                      viewport: viewport, toFill: viewSize)
    }

    /// A stretched placement for a page of displayed size `pageSize`; see
    /// ``init(stretching:viewport:toFill:)``.
    public init(stretchingPageSize pageSize: Size, rawToPage: AffineTransform = .identity, userUnit: Double = 1,
                viewport: Rect? = nil, toFill viewSize: Size) throws(PlacementError) {
        let c = try Checked(pageSize: pageSize, rawToPage: rawToPage, viewSize: viewSize, needsArea: viewport == nil)
        let v = (viewport ?? Rect(origin: .zero, size: pageSize)).standardized
        let sx = viewSize.width / v.width, sy = viewSize.height / v.height
        guard v.x.isFinite, v.y.isFinite, sx > 0, sx.isFinite, sy > 0, sy.isFinite else {
            throw .invalidViewport(viewport ?? v)
        }
        // The viewport's top-left corner (minX, maxY) goes to the view's origin:
        // X = (px − minX)·sx, Y = (maxY − py)·sy, exact at the corners.
        let pageToView = AffineTransform(translationX: -v.minX, y: -v.maxY).scaledAfter(x: sx, y: -sy)
        try self.init(pageSize: c.pageSize, rawToPage: c.rawToPage, pageToRaw: c.pageToRaw, userUnit: userUnit,
                  viewSize: c.viewSize, viewport: v, pageToView: pageToView)
    }

    // MARK: - Copy with changes

    /// The same mapping in a view of another size whose top-left corner stays where it is: the
    /// view cut to (or padded out to) `newSize` at its right and bottom edges, as an image is
    /// cropped from its top-left corner. The scales and every transform are unchanged.
    public func croppingView(to newSize: Size) throws(PlacementError) -> PagePlacement {
        let c = try Checked(pageSize: pageSize, rawToPage: rawToPage, viewSize: newSize, needsArea: false)
        return try PagePlacement(pageSize: pageSize, rawToPage: rawToPage, pageToRaw: pageToRaw, userUnit: userUnit,
                                 viewSize: c.viewSize, viewport: nil, pageToView: pageToView)
    }

    /// The same page and viewport in a view of another size (the scale follows the new width).
    /// For a stretched placement the result is uniform.
    public func withViewSize(_ newSize: Size) throws(PlacementError) -> PagePlacement {
        try PagePlacement(pageSize: pageSize, rawToPage: rawToPage, userUnit: userUnit,
                          viewSize: newSize, viewport: viewport)
    }

    /// The same page and view showing another viewport (page space, points); `nil` aspect-fits.
    public func withViewport(_ newViewport: Rect?) throws(PlacementError) -> PagePlacement {
        try PagePlacement(pageSize: pageSize, rawToPage: rawToPage, userUnit: userUnit,
                          viewSize: viewSize, viewport: newViewport)
    }

    // MARK: - Derived geometry

    /// The page's bounds in page space: `(0, 0, pageSize.width, pageSize.height)` (points).
    public var pageBounds: Rect { Rect(origin: .zero, size: pageSize) }

    /// The view's bounds in view space: `(0, 0, viewSize.width, viewSize.height)` (view units).
    public var viewBounds: Rect { Rect(origin: .zero, size: viewSize) }

    /// The scale (view units per point) at which the whole page fits the view, centred:
    /// `min(W / pageWidth, H / pageHeight)`; infinite for a page of zero area.
    public var fitScale: Double { Swift.min(viewSize.width / pageSize.width, viewSize.height / pageSize.height) }

    /// The zoom relative to the aspect-fitted page: ``scale`` / ``fitScale``. 1 = the whole page
    /// just fits; 2 = twice as large. (This is what a scroll view whose unzoomed content is the
    /// fitted page calls its zoom scale.) 0 for a page of zero area.
    public var zoomScale: Double { scale / fitScale }

    /// View units per 1/72 inch of physical page size: ``scale`` / ``userUnit``. Use this, not
    /// ``scale``, to show a /UserUnit page at a physical size (e.g. actual size when it is 1).
    public var physicalScale: Double { scale / userUnit }

    /// The part of page space (points, standardized) that the view shows: the view's bounds
    /// mapped to page space. Equals ``viewport`` when the viewport has the view's aspect ratio;
    /// otherwise it has the viewport's centre and width and the view's aspect ratio.
    public var visibleRect: Rect { viewToPage.apply(to: viewBounds) }

    /// The whole page's frame in view space (view units, top-left origin, standardized): where
    /// a scroll view draws the page. Its origin is negative when the view is scrolled into the
    /// page.
    public var pageFrame: Rect { pageToView.apply(to: pageBounds) }

    /// The part of the view the page covers: ``pageFrame`` clipped to ``viewBounds`` (view
    /// units, top-left origin, standardized), or `nil` when no part of the page is in the view
    /// (scrolled or zoomed away from it, or a page of zero area).
    ///
    /// It says what a view actually shows where ``viewport`` alone does not: an aspect-fitted
    /// page leaves bands of the view empty, and a viewport that extends beyond the page, or
    /// has another aspect ratio than the view (which then shows more or less of page space above
    /// and below it, ``visibleRect``), is covered by the page only in this rectangle. The rest
    /// of the view shows no page. In page space (points) the same region is
    /// `pageRect(fromView: visiblePageFrame)`: ``visibleRect`` clipped to the page's bounds.
    public var visiblePageFrame: Rect? { pageFrame.intersection(viewBounds) }

    /// The content offset (view units) of a scroll view whose content is just this page, drawn
    /// at ``pageFrame``'s size from the content origin: `−pageFrame.origin`.
    public var contentOffset: Point {
        let f = pageFrame
        return Point(x: -f.minX, y: -f.minY)
    }

    // MARK: - Scroll-view conversions as functions

    /// The whole page's frame in view space (view units) when a view of `viewSize` shows
    /// `viewport` (page space, points) of a page of displayed size `pageSize`.
    ///
    /// The inverse of ``viewport(pageSize:viewSize:pageFrame:)`` for viewports that have the
    /// view's aspect ratio (the viewports views capture).
    public static func pageFrame(pageSize: Size, viewSize: Size, viewport: Rect) throws(PlacementError) -> Rect {
        try PagePlacement(pageSize: pageSize, viewSize: viewSize, viewport: viewport).pageFrame
    }

    /// The viewport (page space, points) a view of `viewSize` shows when the whole page of
    /// displayed size `pageSize` appears at `pageFrame` (view space): the view's bounds in page
    /// space, so it has the view's aspect ratio.
    ///
    /// The inverse of ``pageFrame(pageSize:viewSize:viewport:)``.
    public static func viewport(pageSize: Size, viewSize: Size, pageFrame: Rect) throws(PlacementError) -> Rect {
        try PagePlacement(pageSize: pageSize, viewSize: viewSize, pageFrame: pageFrame).visibleRect
    }

    // MARK: - Converting

    /// The transform from one space to another (identity when they are the same).
    public func transform(from source: CoordinateSpace, to destination: CoordinateSpace) -> AffineTransform {
        switch (source, destination) {
        case (.raw, .raw), (.page, .page), (.view, .view): .identity
        case (.raw, .page): rawToPage
        case (.page, .raw): pageToRaw
        case (.page, .view): pageToView
        case (.view, .page): viewToPage
        case (.raw, .view): rawToView
        case (.view, .raw): viewToRaw
        }
    }

    /// Converts a point from one space to another.
    public func convert(_ point: Point, from source: CoordinateSpace, to destination: CoordinateSpace) -> Point {
        transform(from: source, to: destination).apply(to: point)
    }

    /// Converts a rectangle from one space to another; the result is standardized (non-negative
    /// size, origin at its minimum corner) even when the input is not.
    public func convert(_ rect: Rect, from source: CoordinateSpace, to destination: CoordinateSpace) -> Rect {
        transform(from: source, to: destination).apply(to: rect.standardized)
    }

    /// Maps a point from raw space (points) to view space (view units).
    @inlinable public func viewPoint(fromRaw p: Point) -> Point { rawToView.apply(to: p) }
    /// Maps a point from view space (view units) to raw space (points).
    @inlinable public func rawPoint(fromView p: Point) -> Point { viewToRaw.apply(to: p) }
    /// Maps a point from page space (points) to view space (view units).
    @inlinable public func viewPoint(fromPage p: Point) -> Point { pageToView.apply(to: p) }
    /// Maps a point from view space (view units) to page space (points).
    @inlinable public func pagePoint(fromView p: Point) -> Point { viewToPage.apply(to: p) }
    /// Maps a point from raw space to page space (points).
    @inlinable public func pagePoint(fromRaw p: Point) -> Point { rawToPage.apply(to: p) }
    /// Maps a point from page space to raw space (points).
    @inlinable public func rawPoint(fromPage p: Point) -> Point { pageToRaw.apply(to: p) }

    /// Maps a rectangle from raw space (points) to view space (view units), standardized.
    public func viewRect(fromRaw r: Rect) -> Rect { rawToView.apply(to: r.standardized) }
    /// Maps a rectangle from view space (view units) to raw space (points), standardized.
    public func rawRect(fromView r: Rect) -> Rect { viewToRaw.apply(to: r.standardized) }
    /// Maps a rectangle from page space (points) to view space (view units), standardized.
    public func viewRect(fromPage r: Rect) -> Rect { pageToView.apply(to: r.standardized) }
    /// Maps a rectangle from view space (view units) to page space (points), standardized.
    public func pageRect(fromView r: Rect) -> Rect { viewToPage.apply(to: r.standardized) }
    /// Maps a rectangle from raw space to page space (points), standardized.
    public func pageRect(fromRaw r: Rect) -> Rect { rawToPage.apply(to: r.standardized) }
    /// Maps a rectangle from page space to raw space (points), standardized.
    public func rawRect(fromPage r: Rect) -> Rect { pageToRaw.apply(to: r.standardized) }
}
