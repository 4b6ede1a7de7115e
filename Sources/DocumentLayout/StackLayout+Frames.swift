// SPDX-License-Identifier: Apache-2.0
import PageGeometry

extension StackLayout {
    // MARK: - Frames

    /// The frame of `spread` in content coordinates (zoom 1, y down). O(1).
    @inlinable public func frame(ofSpread spread: Int) -> Rect {
        precondition(spread >= 0 && spread < spreadCount, "spread index \(spread) out of range 0..<\(spreadCount)")
        let a = axisStarts[spread], al = axisExtents[spread]
        let c: Double, cl: Double
        if crossStarts.isEmpty { c = uniformCrossStart; cl = uniformCrossExtent } else { c = crossStarts[spread]; cl = crossExtents[spread] }
        return axis == .vertical ? Rect(x: c, y: a, width: cl, height: al) : Rect(x: a, y: c, width: al, height: cl)
    }

    /// The pages of `spread` with their frames in content coordinates, in display order (left
    /// to right): the spread's ``SpreadGeometry`` scaled into ``frame(ofSpread:)``. A page that
    /// is alone in a one-slot spread has exactly the spread's frame, and every page of non-zero
    /// size has exactly the spread's y and height; x positions inside a two-slot spread are
    /// scaled (and may differ from the spread's edges by rounding). O(1), no allocation.
    @inlinable public func pages(inSpread spread: Int) -> SpreadPages {
        let frame = frame(ofSpread: spread)
        let slots = spreads.slots(forSpread: spread)
        let geometry = SpreadGeometry(slots: slots, pageSizes: pageSizes)
        let natural = geometry.size
        let scale = natural.height > 0 ? frame.height / natural.height : 0
        var placed = SpreadPages()
        for p in geometry.pages {
            let f: Rect
            if p.frame.height == natural.height && natural.height > 0 {
                f = slots.count == 1 ? frame
                    : Rect(x: frame.x + p.frame.x * scale, y: frame.y, width: p.frame.width * scale, height: frame.height)
            } else {
                f = Rect(x: frame.x + p.frame.x * scale, y: frame.y, width: p.frame.width * scale, height: p.frame.height * scale)
            }
            placed.append(PlacedPage(page: p.page, frame: f))
        }
        return placed
    }

    /// The frame of `page` in content coordinates (zoom 1, y down). O(1).
    @inlinable public func frame(ofPage page: Int) -> Rect {
        let spread = spreads.spreadIndex(forPage: page)
        for p in pages(inSpread: spread) where p.page == page { return p.frame }
        preconditionFailure("page \(page) missing from its spread")
    }

    /// The bounds of the cell that spread `spread` is fitted into (per spread: one page of the
    /// paginated scroll view; continuous: the spread's frame widened to the full content across
    /// the axis). Content coordinates.
    public func cell(ofSpread spread: Int) -> Rect {
        let frame = frame(ofSpread: spread)
        let vertical = axis == .vertical
        switch scrollMode {
        case .continuous:
            return vertical ? Rect(x: 0, y: frame.y, width: contentSize.width, height: frame.height)
                            : Rect(x: frame.x, y: 0, width: frame.width, height: contentSize.height)
        case .perSpread:
            let start = slotStart(spread)
            return vertical ? Rect(x: 0, y: start, width: viewSize.width, height: viewSize.height)
                            : Rect(x: start, y: 0, width: viewSize.width, height: viewSize.height)
        }
    }
}
