// SPDX-License-Identifier: Apache-2.0
import PageGeometry

extension StackLayout {
    // MARK: - Fractional spread index

    /// Where spread `i`'s slot begins along the axis, as a content offset; `i` in `0...spreadCount`.
    ///
    /// Continuous: the spread's frame start minus the leading inset, so that slot 0 begins at
    /// offset 0 and each slot spans its spread plus the following spacing. Per spread: `i` times
    /// the paging interval. Non-decreasing in `i`.
    @inlinable func slotStart(_ i: Int) -> Double {
        let vertical = axis == .vertical
        switch scrollMode {
        case .perSpread:
            return Double(i) * ((vertical ? viewSize.height : viewSize.width) + configuration.spacing)
        case .continuous:
            let leading = vertical ? configuration.contentInsets.top : configuration.contentInsets.left
            if i < spreadCount { return axisStarts[i] - leading }
            return (axisStarts[i - 1] + axisExtents[i - 1]) + configuration.spacing - leading
        }
    }

    /// The fractional spread index at a content offset (zoom 1; only the component along the
    /// axis is used): `i + t` when the offset lies the fraction `t` into spread `i`'s slot
    /// (``contentOffset(forFractionalSpreadIndex:)`` describes the slots). Clamped to
    /// `0…spreadCount`. O(log n). The inverse of ``contentOffset(forFractionalSpreadIndex:)``.
    public func fractionalSpreadIndex(forContentOffset offset: Point) -> Double {
        let n = spreadCount
        guard n > 0 else { return 0 }
        let o = axis == .vertical ? offset.y : offset.x
        let first = slotStart(0), last = slotStart(n)
        if !(o > first) { return 0 }
        if o >= last { return Double(n) }
        // The last slot whose start is ≤ o.
        let i = StackLayout.partitionPoint(n) { slotStart($0) > o } - 1
        let s0 = slotStart(i), s1 = slotStart(i + 1)
        return s1 > s0 ? Double(i) + (o - s0) / (s1 - s0) : Double(i)
    }

    /// The content offset (zoom 1) that puts the fractional spread index `index` at the
    /// leading edge (top or left) of the view: `slotStart(i) + t · slotLength(i)` for
    /// `index = i + t`. A slot is a spread plus the spacing after it (continuous; slot 0 starts
    /// at offset 0, so the leading inset stays visible above the first spread) or one page of
    /// the paginated scroll view (per spread). `index` is clamped to `0…spreadCount`. The offset
    /// is not clamped to the scrollable range (the last spreads may not reach the leading edge).
    /// O(1).
    public func contentOffset(forFractionalSpreadIndex index: Double) -> Point {
        let n = spreadCount
        guard n > 0, index.isFinite else { return .zero }
        let f = Swift.min(Swift.max(index, 0), Double(n))
        let i = Swift.min(Int(f), n - 1)
        let s0 = slotStart(i), s1 = slotStart(i + 1)
        let o = s0 + (f - Double(i)) * (s1 - s0)
        return axis == .vertical ? Point(x: 0, y: o) : Point(x: o, y: 0)
    }

    // MARK: - Zoom and scrolling

    /// The visible rectangle in content coordinates (zoom 1) of a scroll view showing this
    /// layout at `zoomScale` with `contentOffset` (in zoomed content units, as UIScrollView and
    /// most scroll views report it): `(offset / zoom, viewSize / zoom)`.
    ///
    /// For per-spread layouts, where each spread zooms in its own inner scroll view, describe
    /// the position the same way: `contentOffset = cellOrigin · zoom + innerOffset` (see
    /// ``ScrollPosition/spreadZoomOffset``).
    @inlinable public func visibleRect(contentOffset: Point, zoomScale: Double) -> Rect {
        Rect(x: contentOffset.x / zoomScale, y: contentOffset.y / zoomScale,
             width: viewSize.width / zoomScale, height: viewSize.height / zoomScale)
    }

    /// `zoomScale` clamped to `minimumZoomScale…maximumZoomScale`.
    @inlinable public func clampedZoomScale(_ zoomScale: Double) -> Double {
        Swift.min(Swift.max(zoomScale, minimumZoomScale), maximumZoomScale)
    }
}
