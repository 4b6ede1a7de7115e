// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry

/// Where one annotation lands in each space a record carries: its /Rect and the rectangle its
/// appearance is drawn in (``Annotation/drawnRect(on:)``), mapped from raw space by the page's
/// own matrices. `nil` where the annotation has no such rectangle.
public struct AnnotationGeometry: Hashable, Sendable {
    /// /Rect and the drawn rectangle in page space (points, lower-left origin, y up).
    public var pageRect: Rect?
    /// The drawn rectangle in page space.
    public var drawnPageRect: Rect?
    /// /Rect in view space, for the view the record was asked for (`--view`), else `nil`.
    public var viewRect: Rect?
    /// The drawn rectangle in view space. A NoZoom annotation keeps its size at 100 % (one
    /// view unit per point, a page unit being /UserUnit points), scaled about the point where the view puts /Rect's upper-left
    /// corner, which §12.5.3 keeps fixed.
    public var drawnViewRect: Rect?
    /// /Rect in the pixels of the bitmap asked for (`--dpi`, `--bitmap-size`), else `nil`.
    public var pixelRect: Rect?
    /// The drawn rectangle in pixels, as the renderers draw it: pdftoppm, pdfium and MuPDF scale a
    /// NoZoom appearance with the resolution like any other (measured), so pixels do too.
    public var drawnPixelRect: Rect?
    /// /Rect and the drawn rectangle in each library's frame asked for (`--frames`), in the
    /// order asked; `nil` pairs for a frame the page has none of.
    public var frames: [FrameRects]

    /// /Rect and the drawn rectangle in one library's frame.
    public struct FrameRects: Hashable, Sendable {
        /// The library.
        public var library: LibraryFrame
        /// /Rect in its frame, `nil` when the page has no such frame (a singular matrix).
        public var rect: Rect?
        /// The drawn rectangle in its frame.
        public var drawnRect: Rect?
    }
}

extension Annotation {
    /// Where this annotation lands on `page` (its page): in page space always; in `view` (a
    /// placement of the page in a view, as `convert --view` builds it), in `bitmap`'s pixels and
    /// in `frames` when given.
    public func geometry(on page: PageInfo, view: PagePlacement? = nil, bitmap: BitmapPlacement? = nil,
                         frames: [LibraryFrame] = []) -> AnnotationGeometry {
        let drawn = drawnRect(on: page)
        func map(_ t: AffineTransform, _ r: Rect?) -> Rect? { r.map { t.apply(to: $0) } }
        var drawnView = view.flatMap { map($0.rawToView, drawn) }
        if let v = drawnView, flags.contains(.noZoom), let view, view.scale > 0, let rect {
            // Scaled back to its size at 100 % about the point §12.5.3 fixes: /Rect's upper-left
            // corner, wherever the page's rotation puts it in the view. At 100 % a unit of the
            // page is /UserUnit points (PagePlacement: actual size is a scale of userUnit).
            let fixed = view.rawToView.apply(to: Point(x: rect.minX, y: rect.maxY))
            let k = page.userUnit / view.scale
            drawnView = Rect(x: fixed.x + (v.minX - fixed.x) * k, y: fixed.y + (v.minY - fixed.y) * k,
                             width: v.width * k, height: v.height * k)
        }
        return AnnotationGeometry(
            pageRect: map(page.rawToPage, rect), drawnPageRect: map(page.rawToPage, drawn),
            viewRect: view.flatMap { map($0.rawToView, rect) }, drawnViewRect: drawnView,
            pixelRect: bitmap.flatMap { map($0.rawToPixel, rect) }, drawnPixelRect: bitmap.flatMap { map($0.rawToPixel, drawn) },
            frames: frames.map { library in
                let frame = PageFrame(page: page, library: library)
                return AnnotationGeometry.FrameRects(library: library, rect: frame.flatMap { map($0.rawToFrame, rect) }, drawnRect: frame.flatMap { map($0.rawToFrame, drawn) })
            })
    }
}

/// Where a destination points on its target page, in that page's page space, and the view
/// state it opens.
public struct DestinationGeometry: Hashable, Sendable {
    /// An XYZ destination's (left, top) on the target page, in its page space (points,
    /// lower-left origin, y up): the point the view's top-left corner shows. `nil` for other
    /// kinds, or when left or top is `null` (kept from the current view: see ``viewState``).
    public var pagePoint: Point?
    /// A FitR destination's rectangle in the target page's page space; `nil` for other kinds.
    public var pageRect: Rect?
    /// What restoring the destination shows, in the view the record was asked for (`--view`;
    /// view units are points at zoom 1), from a view showing the whole target page
    /// (DocumentLayout's `Destination.viewState(on:viewSize:unitsPerPoint:current:)` rule);
    /// `nil` without a view.
    public var viewState: ViewState?
}

extension LinkDestination {
    /// Where this destination points on `target` (the geometry of its target page,
    /// ``pageIndex``), and with `viewSize` the view state it opens there.
    public func geometry(on target: PageInfo, viewSize: Size? = nil) -> DestinationGeometry {
        var g = DestinationGeometry()
        switch fit {
        case .xyz(let left?, let top?, _)?: g.pagePoint = target.rawToPage.apply(to: Point(x: left, y: top))
        case .fitR(let rect)?: g.pageRect = target.rawToPage.apply(to: rect.standardized)
        default: break
        }
        if let viewSize, let destination { g.viewState = try? destination.viewState(on: target, viewSize: viewSize) }
        return g
    }
}
