// SPDX-License-Identifier: Apache-2.0
import PageGeometry

// The two layout algorithms: where each spread's frame lies along the scroll axis (and, per
// spread, across it), in one O(n) pass over the spreads.

extension StackLayout {
    /// What a layout pass produces: frame starts and lengths along the axis (and across it,
    /// per spread only) and the content size.
    struct Strip {
        var starts: [Double]
        var extents: [Double]
        var crossStarts: [Double] = []
        var crossExtents: [Double] = []
        var contentSize: Size
    }

    /// Continuous: spreads stacked along the axis with `spacing` between them and `insets`
    /// around the strip, each scaled to fill the available width (vertical) or height
    /// (horizontal).
    static func continuousStrip(mapping: SpreadMapping, pageSizes: [Size], viewSize: Size, available: Size,
                                insets: EdgeInsets, spacing: Double, vertical: Bool) -> Strip {
        let n = mapping.spreadCount
        var starts = [Double](repeating: 0, count: n)
        var extents = [Double](repeating: 0, count: n)
        var position = vertical ? insets.top : insets.left
        starts.withUnsafeMutableBufferPointer { starts in
            extents.withUnsafeMutableBufferPointer { extents in
                for i in 0..<n {
                    let natural = SpreadGeometry.naturalSize(slots: mapping.slots(forSpread: i), pageSizes: pageSizes)
                    let scale = StackLayout.fitScale(natural, available: available, mode: .continuous, vertical: vertical)
                    let extent = vertical ? natural.height * scale : natural.width * scale
                    starts[i] = position
                    extents[i] = extent
                    position = (position + extent) + spacing
                }
            }
        }
        let strip = n == 0 ? 0 : (starts[n - 1] + extents[n - 1]) - (vertical ? insets.top : insets.left)
        let contentSize = vertical
            ? Size(width: viewSize.width, height: insets.top + strip + insets.bottom)
            : Size(width: insets.left + strip + insets.right, height: viewSize.height)
        return Strip(starts: starts, extents: extents, contentSize: contentSize)
    }

    /// Per spread: spread `i` in the `i`-th view-sized cell (`i · (viewExtent + spacing)` along
    /// the axis), aspect-fitted and centred inside the cell minus `insets`.
    static func perSpreadStrip(mapping: SpreadMapping, pageSizes: [Size], viewSize: Size, available: Size,
                               insets: EdgeInsets, spacing: Double, vertical: Bool) -> Strip {
        let n = mapping.spreadCount
        var starts = [Double](repeating: 0, count: n)
        var extents = [Double](repeating: 0, count: n)
        var crossStarts = [Double](repeating: 0, count: n)
        var crossExtents = [Double](repeating: 0, count: n)
        let stride = (vertical ? viewSize.height : viewSize.width) + spacing
        for i in 0..<n {
            let natural = SpreadGeometry.naturalSize(slots: mapping.slots(forSpread: i), pageSizes: pageSizes)
            let scale = StackLayout.fitScale(natural, available: available, mode: .perSpread, vertical: vertical)
            let w = natural.width * scale, h = natural.height * scale
            let cell = Double(i) * stride
            if vertical {
                starts[i] = cell + insets.top + (available.height - h) / 2
                extents[i] = h
                crossStarts[i] = insets.left + (available.width - w) / 2
                crossExtents[i] = w
            } else {
                starts[i] = cell + insets.left + (available.width - w) / 2
                extents[i] = w
                crossStarts[i] = insets.top + (available.height - h) / 2
                crossExtents[i] = h
            }
        }
        let length = n == 0 ? 0 : Double(n) * stride - spacing
        let contentSize = vertical ? Size(width: viewSize.width, height: length) : Size(width: length, height: viewSize.height)
        return Strip(starts: starts, extents: extents, crossStarts: crossStarts, crossExtents: crossExtents,
                     contentSize: contentSize)
    }
}
