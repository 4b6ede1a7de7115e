// SPDX-License-Identifier: Apache-2.0
import PageGeometry

extension StackLayout {
    // MARK: - Visible range

    /// The spreads whose frames overlap `rect` (content coordinates) in a region of positive
    /// area, ascending. O(log n) to find them by binary search over the frames' starts and ends
    /// along the axis, then O(1) per candidate; no allocation.
    @inlinable public func spreads(intersecting rect: Rect) -> IntersectingSpreads {
        IntersectingSpreads(layout: self, rect: rect.standardized, candidates: candidateSpreads(alongAxisOf: rect))
    }

    /// The contiguous range of spreads whose frames overlap `rect`'s extent along the scroll
    /// axis (ignoring the other axis). Continuous layouts: exactly ``spreads(intersecting:)``
    /// when `rect` overlaps the content across the axis. O(log n).
    @inlinable public func candidateSpreads(alongAxisOf rect: Rect) -> Range<Int> {
        let r = rect.standardized
        let lower = axis == .vertical ? r.minY : r.minX
        let upper = axis == .vertical ? r.maxY : r.maxX
        return axisStarts.withUnsafeBufferPointer { starts in
            axisExtents.withUnsafeBufferPointer { extents in
                // Both the starts and the ends (start + extent) are non-decreasing.
                let first = StackLayout.partitionPoint(starts.count) { starts[$0] + extents[$0] > lower }
                let end = StackLayout.partitionPoint(starts.count) { starts[$0] >= upper }
                return first..<Swift.max(first, end)
            }
        }
    }

    /// The first index in `0..<count` for which `predicate` holds, given that it is false and
    /// then true (a monotone predicate); `count` when it never holds.
    @inlinable static func partitionPoint(_ count: Int, _ predicate: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = low + (high - low) / 2
            if predicate(mid) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    // MARK: - Dominant page

    /// The page with the largest visible area inside `visibleRect` (content coordinates), or
    /// `nil` when no page overlaps it. **Ties** (exactly equal areas) go to the lowest page
    /// index. O(log n + k) for k visible spreads.
    public func dominantPage(in visibleRect: Rect) -> Int? {
        let rect = visibleRect.standardized
        var best: Int? = nil, bestArea = 0.0
        for spread in spreads(intersecting: rect) {
            for p in pages(inSpread: spread) {
                let area = p.frame.intersectionArea(rect)
                guard area > 0 else { continue }
                if area > bestArea || (area == bestArea && p.page < best!) { best = p.page; bestArea = area }
            }
        }
        return best
    }

    /// The page nearest to the centre of `rect`: the dominant page when one is visible,
    /// otherwise the first page of the spread at the centre's fractional index. `nil` only for
    /// an empty document.
    public func dominantOrNearestPage(in rect: Rect) -> Int? {
        guard pageCount > 0 else { return nil }
        if let p = dominantPage(in: rect) { return p }
        let r = rect.standardized
        let centre = axis == .vertical ? Point(x: 0, y: r.midY) : Point(x: r.midX, y: 0)
        let spread = Swift.min(spreadCount - 1, Int(fractionalSpreadIndex(forContentOffset: centre)))
        return spreads.pageRange(forSpread: spread).lowerBound
    }
}

/// The spreads whose frames intersect a rectangle, ascending. A lazy, allocation-free view of
/// a ``StackLayout`` query; see ``StackLayout/spreads(intersecting:)``.
public struct IntersectingSpreads: Sequence, Sendable {
    /// The layout queried.
    public let layout: StackLayout
    /// The query rectangle, standardized, in content coordinates.
    public let rect: Rect
    /// The spreads that overlap `rect` along the scroll axis; the sequence is the subset whose
    /// frames also overlap across the axis.
    public let candidates: Range<Int>

    @inlinable init(layout: StackLayout, rect: Rect, candidates: Range<Int>) {
        self.layout = layout; self.rect = rect; self.candidates = candidates
    }

    /// Walks the candidate spreads and yields those whose frames intersect ``IntersectingSpreads/rect``.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let layout: StackLayout
        @usableFromInline let rect: Rect
        @usableFromInline var cursor: Int
        @usableFromInline let end: Int

        @inlinable init(layout: StackLayout, rect: Rect, range: Range<Int>) {
            self.layout = layout; self.rect = rect; self.cursor = range.lowerBound; self.end = range.upperBound
        }

        /// The next intersecting spread's index, ascending, or `nil` at the end.
        @inlinable public mutating func next() -> Int? {
            while cursor < end {
                let i = cursor
                cursor += 1
                if layout.frame(ofSpread: i).intersects(rect) { return i }
            }
            return nil
        }
    }

    /// An iterator over the intersecting spreads' indexes.
    @inlinable public func makeIterator() -> Iterator { Iterator(layout: layout, rect: rect, range: candidates) }
    /// 0: the count is known only by iterating.
    @inlinable public var underestimatedCount: Int { 0 }
}
