// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// What the user is looking at, in a form that survives rotation, split screen, another
/// device or a relaunch: the dominant page and, when zoomed in, the **viewport** — the
/// rectangle of that page's normalized page space (points, y up, origin at the displayed
/// page's lower-left corner; see `CoordinateSpace.page` of PageGeometry) that the view shows.
///
/// The viewport may extend beyond the page (negative origin, larger than the page). Because it
/// is already in *normalized* page space — after /Rotate and the CropBox offset — no rotation
/// transform is needed to adjust it (unlike raw PDF coordinates).
///
/// **JSON** (`Codable`): `{"pageIndex":3,"viewport":{"x":10,"y":20,"width":300,"height":400}}`;
/// without a viewport the key is **omitted**: `{"pageIndex":3}`. Decoding accepts a missing
/// key or `null`. (The library returns values; writing them as text is the caller's job — the
/// CLI prints this form with its one number rule.)
@frozen
public struct ViewState: Hashable, Sendable {
    /// The dominant page, 0-based.
    public var pageIndex: Int
    /// The visible rectangle of page ``pageIndex`` in its normalized page space (points), or
    /// `nil` when the view was not zoomed in.
    public var viewport: Rect?

    /// A state for page `pageIndex` (0-based) with an optional viewport in that page's page space
    /// (points).
    @inlinable public init(pageIndex: Int, viewport: Rect? = nil) {
        self.pageIndex = pageIndex
        self.viewport = viewport
    }

    /// Whether a viewport was captured.
    @inlinable public var hasViewport: Bool { viewport != nil }

    // MARK: - Mirroring (presenter mode)

    /// The state to show on a second screen so that it shows **everything** this one shows
    /// (aspect fit), the seed's `viewStateForAspectFitting`.
    ///
    /// When the destination is wider than the source (`destination > source`, ratios are
    /// width / height), the viewport grows in width by
    /// `xGrowth = width · (destinationAspectRatio / sourceAspectRatio − 1)`, half on each side, so
    /// its centre stays put; restoring it (which keeps width and centre) then shows the source's
    /// whole height too. Otherwise — narrower or equal destination, or no viewport — the state
    /// is returned unchanged, since a restore keeps the width and so already shows at least as
    /// much. No rotation handling is needed: the viewport is in normalized page space.
    ///
    /// Non-finite or non-positive ratios leave the state unchanged.
    public func aspectFittedForMirroring(sourceAspectRatio: Double, destinationAspectRatio: Double) -> ViewState {
        guard var v = viewport, sourceAspectRatio > 0, destinationAspectRatio > 0,
              sourceAspectRatio.isFinite, destinationAspectRatio.isFinite,
              destinationAspectRatio > sourceAspectRatio else { return self }
        let xGrowth = v.width * (destinationAspectRatio / sourceAspectRatio - 1)
        v.size.width += xGrowth
        v.origin.x -= xGrowth / 2
        return ViewState(pageIndex: pageIndex, viewport: v)
    }

    /// ``aspectFittedForMirroring(sourceAspectRatio:destinationAspectRatio:)`` for two view sizes.
    public func aspectFittedForMirroring(sourceViewSize: Size, destinationViewSize: Size) -> ViewState {
        aspectFittedForMirroring(sourceAspectRatio: sourceViewSize.aspectRatio,
                                 destinationAspectRatio: destinationViewSize.aspectRatio)
    }

    /// ``aspectFittedForMirroring(sourceAspectRatio:destinationAspectRatio:)`` with the source's
    /// ratio taken from the viewport itself (a captured viewport has its view's aspect ratio).
    public func aspectFittedForMirroring(destinationViewSize: Size) -> ViewState {
        guard let v = viewport else { return self }
        return aspectFittedForMirroring(sourceAspectRatio: v.width / v.height,
                                        destinationAspectRatio: destinationViewSize.aspectRatio)
    }
}

extension ViewState: Codable {
    private enum CodingKeys: String, CodingKey { case pageIndex, viewport }

    /// Decodes `{"pageIndex":…,"viewport":{…}}`; a missing or `null` viewport is `nil`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(pageIndex: try c.decode(Int.self, forKey: .pageIndex),
                  viewport: try c.decodeIfPresent(Rect.self, forKey: .viewport))
    }

    /// Encodes `{"pageIndex":…,"viewport":{…}}`, the viewport omitted when `nil`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(pageIndex, forKey: .pageIndex)
        try c.encodeIfPresent(viewport, forKey: .viewport)
    }
}

/// Where a scroll view showing a ``StackLayout`` should go to show a restored ``ViewState``.
@frozen
public struct ScrollPosition: Hashable, Sendable {
    /// The zoom scale, clamped to the layout's minimum and maximum.
    public var zoomScale: Double
    /// The visible rectangle in content coordinates at zoom 1 (view units, y down).
    public var visibleRect: Rect
    /// The content offset in zoomed content units (`visibleRect.origin × zoomScale`): what a
    /// document-zooming scroll view (continuous layouts) sets. Not clamped to the scrollable
    /// range, so that rotating and rotating back returns exactly to the same place.
    public var contentOffset: Point
    /// The spread that holds the restored page.
    public var spreadIndex: Int
    /// Per-spread layouts only (`nil` when continuous): the offset of the paging scroll view
    /// (zoom 1; the origin of the spread's cell, see ``StackLayout/cell(ofSpread:)``).
    public var pagingOffset: Point?
    /// Per-spread layouts only (`nil` when continuous): the offset of the spread's own zooming
    /// scroll view, whose content is the cell scaled by ``zoomScale``:
    /// `(visibleRect.origin − cell.origin) × zoomScale`.
    public var spreadZoomOffset: Point?

    /// A position from its parts (see each property for its units).
    public init(zoomScale: Double, visibleRect: Rect, contentOffset: Point, spreadIndex: Int,
                pagingOffset: Point? = nil, spreadZoomOffset: Point? = nil) {
        self.zoomScale = zoomScale; self.visibleRect = visibleRect; self.contentOffset = contentOffset
        self.spreadIndex = spreadIndex; self.pagingOffset = pagingOffset; self.spreadZoomOffset = spreadZoomOffset
    }
}

/// Why a ``ViewState`` could not be restored into a ``StackLayout``. Its ``description`` is one
/// line for a person.
@frozen
public enum ViewStateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The state's page index is not a page of the layout's document.
    case pageOutOfRange(pageIndex: Int, pageCount: Int)
    /// The page or view cannot hold a viewport (see `PlacementError` of PageGeometry).
    case placement(PlacementError)

    /// One line for a person, naming the page index and the valid range (a placement error's
    /// own message, with its numbers by the one number rule of PageGeometry).
    public var description: String {
        switch self {
        case .pageOutOfRange(let p, let n):
            n == 0 ? "page index \(p) is out of range: the document has no pages"
                   : "page index \(p) is out of range 0...\(n - 1)"
        case .placement(let e): e.description
        }
    }
}

// MARK: - Capture and restore

extension StackLayout {
    /// `true` when `zoomScale` is above the minimum zoom scale (relative tolerance 1e-9): the
    /// condition for capturing a viewport.
    @inlinable public func isZoomedIn(_ zoomScale: Double) -> Bool {
        zoomScale > minimumZoomScale * (1 + 1e-9)
    }

    /// The view state of a scroll view showing this layout at `zoomScale` with `contentOffset`
    /// (zoomed content units; see ``visibleRect(contentOffset:zoomScale:)``).
    ///
    /// The page is the dominant page (largest visible area, lowest index on ties; the nearest
    /// page when none is visible). A viewport is captured only when zoomed in
    /// (``isZoomedIn(_:)``), as the view's bounds in that page's normalized page space
    /// (`PagePlacement.viewport(pageSize:viewSize:pageFrame:)`). Returns `nil`
    /// only for a document without pages.
    public func captureViewState(contentOffset: Point, zoomScale: Double) -> ViewState? {
        captureViewState(visibleRect: visibleRect(contentOffset: contentOffset, zoomScale: zoomScale))
    }

    /// The view state for a visible rectangle in content coordinates (zoom 1); the zoom scale
    /// is `viewSize.width / visibleRect.width`. See ``captureViewState(contentOffset:zoomScale:)``.
    public func captureViewState(visibleRect: Rect) -> ViewState? {
        let rect = visibleRect.standardized
        guard let page = dominantOrNearestPage(in: rect) else { return nil }
        let zoom = viewSize.width / rect.width
        guard isZoomedIn(zoom), zoom.isFinite else { return ViewState(pageIndex: page) }
        // A page without area or a degenerate view has no viewport.
        return ViewState(pageIndex: page, viewport: viewport(ofPage: page, visibleRect: rect))
    }

    /// The rectangle of `page`'s normalized page space (points, y up) that a view showing
    /// `visibleRect` (content coordinates, zoom 1) shows — the view's bounds mapped onto the
    /// page through `PagePlacement.viewport(pageSize:viewSize:pageFrame:)`. It
    /// has the view's aspect ratio and may extend beyond the page. `nil` when the page has no
    /// area or the view or rectangle is degenerate.
    public func viewport(ofPage page: Int, visibleRect: Rect) -> Rect? {
        precondition(page >= 0 && page < pageCount, "page index \(page) out of range 0..<\(pageCount)")
        let rect = visibleRect.standardized
        let zoom = viewSize.width / rect.width
        guard zoom > 0, zoom.isFinite else { return nil }
        // The page's frame in the view: content coordinates relative to the visible rect, zoomed.
        let f = frame(ofPage: page)
        let inView = Rect(x: (f.x - rect.x) * zoom, y: (f.y - rect.y) * zoom, width: f.width * zoom, height: f.height * zoom)
        return try? PagePlacement.viewport(pageSize: pageSizes[page], viewSize: viewSize, pageFrame: inView)
    }

    /// Where to scroll and zoom to show `state` in this layout (any view size).
    ///
    /// - Without a viewport: the page's spread at the leading edge
    ///   (``contentOffset(forFractionalSpreadIndex:)`` of the spread index), zoom 1 clamped to
    ///   the zoom limits — the same as just going to the page.
    /// - With a viewport: the viewport's **centre and width** are kept
    ///   (`PagePlacement.pageFrame(pageSize:viewSize:viewport:)`). If the view's
    ///   aspect ratio differs from the viewport's, a wider view shows less above and below
    ///   (aspect fill), a narrower one more (aspect fit), so turning the device and turning it
    ///   back restores the same viewport. The zoom scale is then clamped to
    ///   `minimumZoomScale…maximumZoomScale` about the visible rectangle's centre.
    ///
    /// - Throws: ``ViewStateError``.
    public func restore(_ state: ViewState) throws(ViewStateError) -> ScrollPosition {
        guard state.pageIndex >= 0, state.pageIndex < pageCount else {
            throw .pageOutOfRange(pageIndex: state.pageIndex, pageCount: pageCount)
        }
        let spread = spreads.spreadIndex(forPage: state.pageIndex)
        var rect: Rect
        if let viewport = state.viewport {
            let inView: Rect
            do { inView = try PagePlacement.pageFrame(pageSize: pageSizes[state.pageIndex], viewSize: viewSize, viewport: viewport) }
            catch { throw .placement(error) }
            let f = frame(ofPage: state.pageIndex)
            let zoom = inView.width / f.width
            guard zoom > 0, zoom.isFinite else { throw .placement(.emptyPage(pageSizes[state.pageIndex])) }
            rect = Rect(x: f.x - inView.x / zoom, y: f.y - inView.y / zoom,
                        width: viewSize.width / zoom, height: viewSize.height / zoom)
        } else {
            let start = scrollMode == .perSpread ? cell(ofSpread: spread).origin
                                                 : contentOffset(forFractionalSpreadIndex: Double(spread))
            rect = Rect(origin: start, size: viewSize)
        }
        let zoom = viewSize.width / rect.width
        let clamped = clampedZoomScale(zoom)
        if clamped != zoom {
            // Keep the centre of the visible rectangle (for a page-only restore: its leading edge).
            let w = viewSize.width / clamped, h = viewSize.height / clamped
            if state.viewport != nil {
                rect = Rect(x: rect.midX - w / 2, y: rect.midY - h / 2, width: w, height: h)
            } else {
                rect = Rect(x: rect.x, y: rect.y, width: w, height: h)
            }
        }
        return scrollPosition(visibleRect: rect, zoomScale: clamped, spreadIndex: spread)
    }

    /// A ``ScrollPosition`` for a visible rectangle (content coordinates) at a zoom scale.
    public func scrollPosition(visibleRect rect: Rect, zoomScale: Double, spreadIndex: Int) -> ScrollPosition {
        var position = ScrollPosition(zoomScale: zoomScale, visibleRect: rect,
                                      contentOffset: Point(x: rect.x * zoomScale, y: rect.y * zoomScale),
                                      spreadIndex: spreadIndex)
        if scrollMode == .perSpread, spreadIndex >= 0, spreadIndex < spreadCount {
            let cell = cell(ofSpread: spreadIndex)
            position.pagingOffset = cell.origin
            position.spreadZoomOffset = Point(x: (rect.x - cell.x) * zoomScale, y: (rect.y - cell.y) * zoomScale)
        }
        return position
    }
}
