// SPDX-License-Identifier: Apache-2.0
import PageGeometry

// Page sizes from a hostile file (10³⁰⁰ pt, or a ratio of 10⁶⁰⁰ between two pages) can make a
// layout's frames overflow. These checks find the first page whose geometry is not a finite
// number, so a caller can refuse the layout before it shows or prints any of it.

extension StackLayout {
    /// The 0-based index of the first page whose frame (or whose spread's frame) is not finite,
    /// `0` when the content size is not; `nil` when every frame is finite. O(n), no allocation.
    public var firstPageWithNonFiniteFrame: Int? {
        guard contentSize.isFinite else { return 0 }
        for s in 0..<spreadCount {
            guard frame(ofSpread: s).isFinite else { return spreads.pageRange(forSpread: s).lowerBound }
            for p in pages(inSpread: s) where !p.frame.isFinite { return p.page }
        }
        return nil
    }
}

extension SpreadMapping {
    /// The 0-based index of the first spread whose ``SpreadGeometry`` for `pageSizes` (points)
    /// has a size or page frame that is not finite; `nil` when every spread's is finite.
    public func firstSpreadWithNonFiniteGeometry(pageSizes: [Size]) -> Int? {
        for s in 0..<spreadCount {
            let g = SpreadGeometry(slots: slots(forSpread: s), pageSizes: pageSizes)
            if !g.size.isFinite || g.pages.contains(where: { !$0.frame.isFinite }) { return s }
        }
        return nil
    }
}
