// SPDX-License-Identifier: Apache-2.0

/// How a page is to be shown in a view, as plain parameters — a view size or a resolution, a
/// fit, a viewport, a zoom and a centre, each optional — and the one ``PagePlacement`` they
/// describe (what `pageinfo convert`'s view options mean).
///
/// - `dotsPerInch` D: the bitmap `pdftoppm -r D -cropbox` renders,
///   ⌈width·D/72⌉ × ⌈height·D/72⌉ pixels, the page at D/72 pixels per point from the top-left
///   (``PagePlacement/init(page:dotsPerInch:)``); with a ``fit``, the page fitted into that
///   bitmap instead (``PagePlacement/init(page:viewSize:viewport:fit:)``); with a
///   ``renderer``, the bitmap that renderer makes at D (``BitmapPlacement``: pdf2image's
///   defaults, Ghostscript, pdfium, MuPDF, …), its pixels the view.
/// - `viewSize` W×H (view units) with `zoomScale` and/or `center` (a page-space point, in
///   points): ``PagePlacement/init(page:viewSize:zoomScale:center:)``, zoom 1 when only the
///   centre is given.
/// - `viewSize` alone or with `viewport` (a page-space rectangle, in points) and `fit`
///   (default ``PageFit/contain``): ``PagePlacement/init(page:viewSize:viewport:fit:)``.
/// - neither: no view; raw and page space are related by the page's own transforms.
///
/// Which combinations make sense for a conversion (a resolution and a view size together do
/// not) ``validate(from:to:)`` says; ``placement(of:)`` itself takes the first rule above that
/// applies.
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
    /// With ``dotsPerInch``: the renderer whose bitmap the view is (nil: `pdftoppm -r D
    /// -cropbox`, ``BitmapRenderer/pdftoppmCropBox``).
    public var renderer: BitmapRenderer?

    /// A request from plain parameters; see the properties.
    public init(viewSize: Size? = nil, dotsPerInch: Double? = nil, fit: PageFit? = nil, viewport: Rect? = nil,
                zoomScale: Double? = nil, center: Point? = nil, renderer: BitmapRenderer? = nil) {
        self.renderer = renderer
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
            if let renderer, fit == nil {
                return try BitmapPlacement(page: page, request: BitmapRequest(.dotsPerInch(dotsPerInch), renderer: renderer)).placement
            }
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

// MARK: - Which combinations make sense

extension ViewRequest {
    /// One parameter of a request (its property), as a ``Conflict`` names it.
    public enum Parameter: String, Hashable, Sendable, CaseIterable {
        /// ``ViewRequest/viewSize``.
        case viewSize
        /// ``ViewRequest/dotsPerInch``.
        case dotsPerInch
        /// ``ViewRequest/fit``.
        case fit
        /// ``ViewRequest/viewport``.
        case viewport
        /// ``ViewRequest/zoomScale``.
        case zoomScale
        /// ``ViewRequest/center``.
        case center
        /// ``ViewRequest/renderer``.
        case renderer
    }

    /// Parameters that together describe no one placement, or none where one is needed, for a
    /// conversion between two spaces (``validate(from:to:)``).
    public enum Conflict: Error, Hashable, Sendable, CustomStringConvertible {
        /// The parameter places a view, and neither space of the conversion is view space.
        case outsideViewSpace(Parameter)
        /// A viewport together with a zoom scale or a centre: the visible rectangle is given twice.
        case viewportWithZoom
        /// A resolution together with a view size: the resolution derives the view's size.
        case resolutionWithViewSize
        /// A resolution together with a viewport, zoom scale or centre: a resolution maps the
        /// whole page, as pdftoppm renders it.
        case resolutionWithViewport
        /// ``PageFit/fill`` with a viewport whose height is below ``NumberText/resolution``:
        /// nothing to stretch onto the view.
        case stretchedFlatViewport(Rect)
        /// ``PageFit/fill`` together with a zoom scale or a centre.
        case stretchedWithZoom
        /// View space is converted from (`fromViewSpace`) or to, and there is neither a view
        /// size nor a resolution.
        case viewSpaceWithoutSize(fromViewSpace: Bool)
        /// The parameter needs a view size, and there is none (nor a resolution).
        case withoutViewSize(Parameter)
        /// A renderer without a resolution: it names the bitmap of one.
        case rendererWithoutResolution
        /// A renderer together with a fit: the renderer places the page as its call does.
        case rendererWithFit

        /// The rule broken, in words that name the request's parameters.
        public var description: String {
            switch self {
            case .outsideViewSpace(let p): "\(p.rawValue) places a view, and neither space is view space"
            case .viewportWithZoom: "a viewport cannot be combined with a zoom scale or a centre"
            case .resolutionWithViewSize: "a resolution derives the view's size: give a resolution or a view size, not both"
            case .resolutionWithViewport: "a resolution maps the whole page; it cannot be combined with a viewport, a zoom scale or a centre"
            case .stretchedFlatViewport(let v): "viewport \(v): fit fill stretches it onto the view, so its height must be at least 10^-9"
            case .stretchedWithZoom: "fit fill cannot be combined with a zoom scale or a centre"
            case .viewSpaceWithoutSize(let from): "converting \(from ? "from" : "to") view space needs a view size or a resolution"
            case .withoutViewSize(let p): "\(p.rawValue) needs a view size"
            case .rendererWithoutResolution: "a renderer names the bitmap of a resolution: give the resolution too"
            case .rendererWithFit: "a renderer places the page in its bitmap as its call does; it cannot be combined with a fit"
            }
        }
    }

    /// The parameters given, in the order a conflict names the first of them.
    var given: [Parameter] {
        let all: [(Parameter, Bool)] = [(.viewSize, viewSize != nil), (.dotsPerInch, dotsPerInch != nil), (.viewport, viewport != nil), (.zoomScale, zoomScale != nil),
         (.center, center != nil), (.fit, fit != nil), (.renderer, renderer != nil)]
        return all.compactMap { $0.1 ? $0.0 : nil }
    }

    /// Checks that the parameters make sense together for a conversion from `source` to
    /// `destination` space: view parameters only when view space is involved, then one view
    /// (a viewport, or a zoom and centre; a resolution alone or with a fit; fill without a zoom),
    /// and a view size or a resolution whenever view space or a view parameter needs one. The
    /// first rule broken is thrown, in that order.
    public func validate(from source: CoordinateSpace, to destination: CoordinateSpace) throws(Conflict) {
        let zoomed = zoomScale != nil || center != nil
        if source != .view && destination != .view, let first = given.first { throw .outsideViewSpace(first) }
        if viewport != nil && zoomed { throw .viewportWithZoom }
        if dotsPerInch != nil {
            if viewSize != nil { throw .resolutionWithViewSize }
            if viewport != nil || zoomed { throw .resolutionWithViewport }
        }
        if renderer != nil && source != .view && destination != .view { throw .outsideViewSpace(.renderer) }
        if renderer != nil && dotsPerInch == nil { throw .rendererWithoutResolution }
        if renderer != nil && fit != nil { throw .rendererWithFit }
        if fit == .fill, let viewport, !(abs(viewport.height) >= NumberText.resolution) { throw .stretchedFlatViewport(viewport) }
        if fit == .fill && zoomed { throw .stretchedWithZoom }
        if viewSize == nil && dotsPerInch == nil {
            if source == .view || destination == .view { throw .viewSpaceWithoutSize(fromViewSpace: source == .view) }
            if let first = given.first { throw .withoutViewSize(first) }
        }
    }
}
