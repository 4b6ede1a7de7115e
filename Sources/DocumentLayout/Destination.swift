// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// How a destination (ISO 32000-2 §12.3.2.2, Table 151) asks the target page to be shown; every
/// coordinate in the target page's **raw** PDF space (points), `nil` where the array holds
/// `null` ("the current value, unchanged").
@frozen
public enum DestinationFit: Hashable, Sendable {
    /// `/XYZ left top zoom`: the point (left, top) at the view's top-left corner, magnified by
    /// `zoom` (1 = 100 %; `nil` or 0: the current zoom).
    case xyz(left: Double?, top: Double?, zoom: Double?)
    /// `/Fit`: the whole page in the view.
    case fit
    /// `/FitH top`: the page's whole width in the view, raw `top` at its top edge.
    case fitH(top: Double?)
    /// `/FitV left`: the page's whole height in the view, raw `left` at its left edge.
    case fitV(left: Double?)
    /// `/FitR left bottom right top`: the rectangle (raw space) wholly in the view, as large as fits.
    case fitR(Rect)
    /// `/FitB`, `/FitBH top`, `/FitBV left`: as ``fit``, ``fitH(top:)`` and ``fitV(left:)`` for
    /// the page's bounding box of contents. pageinfo knows no content box, so these fit the page
    /// (`box: true` records which it was).
    case fitB
    /// `/FitBH top`: as ``fitH(top:)``, for the bounding box of contents.
    case fitBH(top: Double?)
    /// `/FitBV left`: as ``fitV(left:)``, for the bounding box of contents.
    case fitBV(left: Double?)
}

/// A destination: the target page (0-based index) and how to show it.
@frozen
public struct Destination: Hashable, Sendable {
    /// The target page, 0-based.
    public var pageIndex: Int
    /// How the target page is to be shown.
    public var fit: DestinationFit

    /// The destination of page `pageIndex` (0-based), shown as `fit` asks.
    @inlinable public init(pageIndex: Int, fit: DestinationFit) {
        self.pageIndex = pageIndex
        self.fit = fit
    }

    /// The view state that showing this destination gives, on `page` (the target page's
    /// geometry), in a view of `viewSize` units of which `unitsPerPoint` show one point at zoom 1
    /// (1: view units are points; 96/72 for CSS pixels), with `current` the viewport shown now,
    /// in that page's page space (`nil`: the whole page, aspect-fitted).
    ///
    /// The viewport has the view's aspect ratio, so ``StackLayout/restore(_:)``, which keeps a
    /// viewport's width and centre, shows exactly it:
    /// - **XYZ**: the raw point (left, top) mapped to page space is the viewport's top-left
    ///   corner; its size is `viewSize / (zoom · unitsPerPoint)`. A `null` left, top or zoom is
    ///   the current one: the current viewport's top-left corner taken back to raw space (so a
    ///   kept coordinate stays a raw coordinate, on a turned page too), its zoom
    ///   `viewSize.width / (current width · unitsPerPoint)`.
    /// - **Fit** (and FitB): no viewport: the whole page, aspect-fitted.
    /// - **FitH top**: the page's width; the top edge is page y of the raw point (current left,
    ///   top) — on a page turned by 90° or 270° a raw y runs across the screen, so the point's
    ///   page y comes from the current left and the top is kept. **FitV left** likewise, the
    ///   page's height, left edge page x of (left, current top).
    /// - **FitR**: the rectangle mapped to page space, grown about its centre to the view's
    ///   aspect ratio (the rectangle wholly visible).
    ///
    /// - Throws: PageGeometry's `PlacementError.invalidViewSize` for a view without area (or a
    ///   `unitsPerPoint` that is not positive), `PlacementError.emptyPage` for a page without area.
    public func viewState(on page: PageInfo, viewSize: Size, unitsPerPoint: Double = 1,
                          current: Rect? = nil) throws(PlacementError) -> ViewState {
        guard viewSize.width > 0, viewSize.height > 0, viewSize.width.isFinite, viewSize.height.isFinite,
              unitsPerPoint > 0, unitsPerPoint.isFinite else { throw .invalidViewSize(viewSize) }
        let size = page.size
        guard size.width > 0, size.height > 0 else { throw .emptyPage(size) }
        let aspect = viewSize.height / viewSize.width
        // The current viewport: the given one, or the whole page as an aspect fit shows it.
        let shown = current?.standardized ?? Self.contained(Rect(x: 0, y: 0, width: size.width, height: size.height), aspect: aspect)
        let currentCorner = page.pageToRaw.apply(to: Point(x: shown.minX, y: shown.maxY))
        func pagePoint(left: Double?, top: Double?) -> Point {
            page.rawToPage.apply(to: Point(x: left ?? currentCorner.x, y: top ?? currentCorner.y))
        }
        let viewport: Rect?
        switch fit {
        case .fit, .fitB:
            viewport = nil
        case let .xyz(left, top, zoom):
            let corner = pagePoint(left: left, top: top)
            let z = zoom.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? viewSize.width / (shown.width * unitsPerPoint)
            let w = viewSize.width / (z * unitsPerPoint), h = viewSize.height / (z * unitsPerPoint)
            viewport = Rect(x: corner.x, y: corner.y - h, width: w, height: h)
        case let .fitH(top), let .fitBH(top):
            let topY = pagePoint(left: nil, top: top).y, h = size.width * aspect
            viewport = Rect(x: 0, y: topY - h, width: size.width, height: h)
        case let .fitV(left), let .fitBV(left):
            let leftX = pagePoint(left: left, top: nil).x
            viewport = Rect(x: leftX, y: 0, width: size.height / aspect, height: size.height)
        case let .fitR(rect):
            viewport = Self.contained(page.rawToPage.apply(to: rect.standardized), aspect: aspect)
        }
        return ViewState(pageIndex: pageIndex, viewport: viewport)
    }

    /// `r` grown about its centre to height / width = `aspect`, so that it holds `r`.
    static func contained(_ r: Rect, aspect: Double) -> Rect {
        if r.height > r.width * aspect {
            let w = r.height / aspect
            return Rect(x: r.midX - w / 2, y: r.minY, width: w, height: r.height)
        }
        let h = r.width * aspect
        return Rect(x: r.minX, y: r.midY - h / 2, width: r.width, height: h)
    }
}
