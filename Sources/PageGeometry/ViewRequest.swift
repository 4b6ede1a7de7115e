// SPDX-License-Identifier: Apache-2.0

/// How a page is to be shown in a view, as plain parameters — a view size or a resolution, a
/// fit, a viewport, a zoom and a centre, each optional — and the one ``PagePlacement`` they
/// describe (what `pageinfo convert`'s view options mean).
///
/// - `dotsPerInch` D: the bitmap `pdftoppm -r D -cropbox` renders,
///   ⌈width·D/72⌉ × ⌈height·D/72⌉ pixels, the page at D/72 pixels per point from the top-left
///   (``PagePlacement/init(page:dotsPerInch:)``); with a ``fit``, the page fitted into that
///   bitmap instead (``PagePlacement/init(page:viewSize:viewport:fit:)``).
/// - `viewSize` W×H (view units) with `zoomScale` and/or `center` (a page-space point, in
///   points): ``PagePlacement/init(page:viewSize:zoomScale:center:)``, zoom 1 when only the
///   centre is given.
/// - `viewSize` alone or with `viewport` (a page-space rectangle, in points) and `fit`
///   (default ``PageFit/contain``): ``PagePlacement/init(page:viewSize:viewport:fit:)``.
/// - neither: no view; raw and page space are related by the page's own transforms.
///
/// Which combinations make sense (a resolution and a view size together do not) is the caller's
/// to check: the first rule above that applies wins.
public struct ViewRequest: Sendable, Hashable {
    /// The view's size in view units, or nil.
    public var viewSize: Size?
    /// Instead of a view size: the resolution in dots per inch of a pdftoppm-style bitmap.
    public var dotsPerInch: Double?
    /// How the page (or the viewport) fills the view; nil: contain, or pdftoppm's mapping with
    /// a resolution.
    public var fit: PageFit?
    /// The rectangle of page space (points) the view shows, or nil for the whole page.
    public var viewport: Rect?
    /// The zoom relative to the aspect-fitted page (1 = the page fits the view), or nil.
    public var zoomScale: Double?
    /// The page-space point (points) at the view's centre when zoomed, or nil for the page's centre.
    public var center: Point?

    /// A request from plain parameters; see the properties.
    public init(viewSize: Size? = nil, dotsPerInch: Double? = nil, fit: PageFit? = nil, viewport: Rect? = nil,
                zoomScale: Double? = nil, center: Point? = nil) {
        self.viewSize = viewSize
        self.dotsPerInch = dotsPerInch
        self.fit = fit
        self.viewport = viewport
        self.zoomScale = zoomScale
        self.center = center
    }

    /// The placement of `page` these parameters describe, or nil when they name no view
    /// (neither a view size nor a resolution).
    ///
    /// - Throws: ``PlacementError`` for a degenerate view, viewport, zoom, centre or resolution,
    ///   or a page without area.
    public func placement(of page: PageInfo) throws(PlacementError) -> PagePlacement? {
        if let dotsPerInch {
            guard let fit else { return try PagePlacement(page: page, dotsPerInch: dotsPerInch) }
            let bitmap = PagePlacement.bitmapSize(pageSize: page.size, dotsPerInch: dotsPerInch)
            return try PagePlacement(page: page, viewSize: bitmap, fit: fit)
        }
        guard let viewSize else { return nil }
        if zoomScale != nil || center != nil {
            return try PagePlacement(page: page, viewSize: viewSize, zoomScale: zoomScale ?? 1, center: center)
        }
        return try PagePlacement(page: page, viewSize: viewSize, viewport: viewport, fit: fit ?? .contain)
    }

    /// The transform from `source` to `destination` space for `page`: the placement's
    /// (``PagePlacement/transform(from:to:)``) when there is one, else the page's own
    /// ``PageInfo/rawToPage`` or ``PageInfo/pageToRaw`` between raw and page space (identity
    /// for a space to itself, or for view space without a view, which a caller should refuse
    /// first).
    public static func transform(of page: PageInfo, placement: PagePlacement?, from source: CoordinateSpace,
                                 to destination: CoordinateSpace) -> AffineTransform {
        if let placement { return placement.transform(from: source, to: destination) }
        switch (source, destination) {
        case (.raw, .page): return page.rawToPage
        case (.page, .raw): return page.pageToRaw
        default: return .identity
        }
    }
}
