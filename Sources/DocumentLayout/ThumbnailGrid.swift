// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// The automatic size of page thumbnails in a grid ("smart grid sizing"): aim for about ten
/// items on screen, a whole number of columns, the same horizontal and vertical spacing, sizes
/// rounded down so that the items always fit.
///
/// ```swift
/// let grid = ThumbnailGrid(pageSize: Size(width: 612, height: 792),
///                          containerSize: Size(width: 375, height: 667), spacing: 10)
/// grid.itemSize   // 118x153
/// grid.columns    // 3
/// ```
@frozen
public struct ThumbnailGrid: Hashable, Sendable {
    /// About this many thumbnails should be visible at once.
    public static let targetItemCount: Double = 10

    /// The page size whose aspect ratio the items have (only the ratio matters).
    public var pageSize: Size
    /// The container's size (view units).
    public var containerSize: Size
    /// The gap between items, horizontally and vertically (view units).
    public var spacing: Double
    /// The number of columns (≥ 1).
    public var columns: Int
    /// The item size (view units), rounded down to whole units.
    public var itemSize: Size
    /// Rows at least partly visible when scrolled to the top: `⌈H / (itemHeight + spacing)⌉`,
    /// at most ``totalRows`` when a page count is known.
    public var visibleRows: Int
    /// Rows entirely visible when scrolled to the top: `⌊(H + spacing) / (itemHeight + spacing)⌋`,
    /// at most ``totalRows`` when a page count is known.
    public var fullyVisibleRows: Int
    /// `⌈pageCount / columns⌉`, or `nil` when no page count was given.
    public var totalRows: Int?
    /// The number of pages, when given.
    public var pageCount: Int?

    /// The grid for pages of `pageSize` in a container, with `pageCount` pages when known.
    public init(pageSize: Size, containerSize: Size, spacing: Double, pageCount: Int? = nil) {
        let (columns, item) = ThumbnailGrid.automaticLayout(for: pageSize, containerSize: containerSize, interitemSpacing: spacing)
        self.pageSize = pageSize
        self.containerSize = containerSize
        self.spacing = spacing
        self.columns = columns
        self.itemSize = item
        let pitch = item.height + spacing
        var visible = 0, full = 0
        if pitch > 0, containerSize.height > 0, pitch.isFinite {
            visible = Int((containerSize.height / pitch).rounded(.up))
            full = Swift.max(0, Int(((containerSize.height + spacing) / pitch).rounded(.down)))
        }
        self.pageCount = pageCount
        if let pageCount {
            let rows = (Swift.max(0, pageCount) + columns - 1) / columns
            self.totalRows = rows
            visible = Swift.min(visible, rows)
            full = Swift.min(full, rows)
        } else {
            self.totalRows = nil
        }
        self.visibleRows = visible
        // (an item 0 high makes the two formulas disagree at whole multiples of the spacing)
        self.fullyVisibleRows = Swift.min(full, visible)
    }

    /// The grid for a document of mixed page sizes: the items take the document's most common
    /// aspect ratio (``mostCommonAspectRatioPageSize(_:)``).
    public init(pageSizes: [Size], containerSize: Size, spacing: Double) {
        self.init(pageSize: ThumbnailGrid.mostCommonAspectRatioPageSize(pageSizes) ?? Size(width: 1, height: 1),
                  containerSize: containerSize, spacing: spacing, pageCount: pageSizes.count)
    }

    /// The seed's `automaticThumbnailSize(for:containerSize:interitemSpacing:)`, step for step:
    ///
    ///     approximateThumbnailArea  = containerWidth · containerHeight / 10
    ///     approximateThumbnailWidth = √(approximateThumbnailArea · pageAspectRatio)
    ///     columns   = round(containerWidth / approximateThumbnailWidth)        (at least 1)
    ///     width     = (containerWidth − spacing · (columns − 1)) / columns
    ///     itemSize  = (⌊width⌋, ⌊width / pageAspectRatio⌋)
    ///
    /// Two additions: the floor of one column (for a very wide page `round` gives 0 columns, and
    /// the seed says the grid goes "down to just one column in extreme cases"), and a ceiling of
    /// `⌊(containerWidth + spacing) / (1 + spacing)⌋` columns, so that the gaps leave every item
    /// at least one unit wide (a spacing too wide for the seed's count gave negative widths).
    /// Sizes are never negative (a spacing wider than the container gives 0).
    public static func automaticThumbnailSize(for pageSize: Size, containerSize: Size, interitemSpacing: Double) -> Size {
        automaticLayout(for: pageSize, containerSize: containerSize, interitemSpacing: interitemSpacing).itemSize
    }

    /// The number of columns and the item size; see ``automaticThumbnailSize(for:containerSize:interitemSpacing:)``.
    public static func automaticLayout(for pageSize: Size, containerSize: Size, interitemSpacing: Double)
        -> (columns: Int, itemSize: Size)
    {
        let containerArea = containerSize.width * containerSize.height
        let approximateThumbnailArea = containerArea / targetItemCount
        let ratio = pageSize.width / pageSize.height
        let pageAspectRatio = ratio.isFinite && ratio > 0 ? ratio : 1
        let approximateThumbnailWidth = (approximateThumbnailArea * pageAspectRatio).squareRoot()
        let rounded = (containerSize.width / approximateThumbnailWidth).rounded()
        var columns = rounded.isFinite && rounded >= 1 ? Int(Swift.min(rounded, 100_000)) : 1
        // No more columns than fit one unit wide each with their gaps: (W + s) / (1 + s).
        let fitting = ((containerSize.width + interitemSpacing) / (1 + interitemSpacing)).rounded(.down)
        if fitting.isFinite, fitting >= 1, Double(columns) > fitting { columns = Int(fitting) } else if !(fitting >= 1) { columns = 1 }
        let availableWidth = containerSize.width - interitemSpacing * Double(columns - 1)
        let thumbnailWidth = availableWidth / Double(columns)
        let width = Swift.max(0, thumbnailWidth.rounded(.down))
        let height = Swift.max(0, (thumbnailWidth / pageAspectRatio).rounded(.down))
        return (columns, Size(width: width.isFinite ? width : 0, height: height.isFinite ? height : 0))
    }

    /// The size of the first page having the most common aspect ratio (the mode over all
    /// pages), or `nil` for no pages. Ratios are compared after rounding to three decimals, so
    /// 595.28×841.89 and 595.276×841.89 count as the same. **Ties** go to the ratio that occurs
    /// first in the document (so the first page's ratio wins a tie it is part of). Pages
    /// without positive finite area are ignored unless all are such. O(n).
    public static func mostCommonAspectRatioPageSize(_ pageSizes: [Size]) -> Size? {
        guard let first = pageSizes.first else { return nil }
        var counts: [Int64: (count: Int, firstIndex: Int)] = [:]
        for (i, s) in pageSizes.enumerated() {
            let r = s.width / s.height
            guard r.isFinite, r > 0, r < 1e12 else { continue }
            let key = Int64((r * 1000).rounded())
            if let e = counts[key] { counts[key] = (e.count + 1, e.firstIndex) } else { counts[key] = (1, i) }
        }
        var best: (count: Int, firstIndex: Int)? = nil
        for e in counts.values where best == nil || e.count > best!.count || (e.count == best!.count && e.firstIndex < best!.firstIndex) {
            best = e
        }
        return best.map { pageSizes[$0.firstIndex] } ?? first
    }
}
