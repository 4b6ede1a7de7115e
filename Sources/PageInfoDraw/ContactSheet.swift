// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry

/// A contact sheet: thumbnails of pages laid out with the automatic grid of ``ThumbnailGrid``
/// (seed "smart grid sizing"), each page aspect-fitted into its item with ``PagePlacement`` and
/// labelled with its page label.
///
/// Items are placed left to right, top to bottom: item `i` is in column `i mod columns` and row
/// `i / columns`, at `(column · (itemWidth + spacing), row · (itemHeight + spacing))`. The sheet
/// is as wide as the container and as tall as all rows; a dashed line marks the container's
/// bottom edge (what one screen shows).
package struct ContactSheet: Sendable {
    /// One thumbnail.
    package struct Item: Sendable {
        package var page: PageInfo
        /// The page label, or the 1-based page number when the document has no labels.
        package var caption: String
        /// The grid cell (view space, pixels).
        package var cell: Rect
        /// Where the page image goes: the page aspect-fitted and centred in the cell, rounded to
        /// whole pixels (x, y, width, height).
        package var pixelFrame: (x: Int, y: Int, width: Int, height: Int)
        /// Maps the page's raw and page space onto the thumbnail's pixels (`pixelFrame`'s size,
        /// origin at its top-left corner): what the renderer is asked to draw.
        package var placement: PagePlacement
    }

    package let grid: ThumbnailGrid
    package let items: [Item]
    /// The sheet's size in pixels, without the legend band.
    package let pixelWidth: Int, pixelHeight: Int
    package let legend: [String]
    /// The ``legend`` as drawn: wrapped to the sheet's width
    /// (``OverlayRenderer/legendRows(_:pictureWidth:textScale:)``).
    package let legendRows: [OverlayRenderer.LegendRow]

    /// Lays out `pages` in a container of `containerSize` with `spacing` between items.
    ///
    /// - Throws: ``DrawingError/containerTooSmall(_:)`` when an item would be smaller than a pixel,
    ///   ``DrawingError/tooLarge(width:height:)`` beyond ``DrawingLimits``.
    package init(pages: [PageInfo], containerSize: Size, spacing: Double) throws(DrawingError) {
        let grid = ThumbnailGrid(pageSizes: pages.map(\.size), containerSize: containerSize, spacing: spacing)
        self.grid = grid
        let item = grid.itemSize
        guard item.width >= 1, item.height >= 1 else { throw .containerTooSmall(containerSize) }
        let rows = (pages.count + grid.columns - 1) / grid.columns
        let width = Int(containerSize.width.rounded(.up))
        let heightValue = Double(rows) * item.height + Double(max(0, rows - 1)) * spacing
        guard heightValue.isFinite, heightValue < Double(DrawingLimits.maxSide) * 10 else {
            throw .tooLarge(width: width, height: Int.max)
        }
        let height = max(1, Int(heightValue.rounded(.up)))
        try DrawingLimits.check(width: width, height: height)
        pixelWidth = width
        pixelHeight = height

        var items: [Item] = []
        items.reserveCapacity(pages.count)
        for (i, page) in pages.enumerated() {
            let cell = Rect(x: Double(i % grid.columns) * (item.width + spacing),
                            y: Double(i / grid.columns) * (item.height + spacing), width: item.width, height: item.height)
            let fitted: Rect
            do { fitted = try PagePlacement(page: page, viewSize: item).pageFrame } catch { throw .placement(error) }
            let x = Int((cell.minX + fitted.minX).rounded()), y = Int((cell.minY + fitted.minY).rounded())
            let w = max(1, Int(fitted.width.rounded())), h = max(1, Int(fitted.height.rounded()))
            let placement: PagePlacement
            do {
                placement = try PagePlacement(stretching: page, toFill: Size(width: Double(w), height: Double(h)))
            } catch { throw .placement(error) }
            items.append(Item(page: page, caption: page.label ?? "\(page.index + 1)", cell: cell,
                              pixelFrame: (x, y, w, h), placement: placement))
        }
        self.items = items
        let n = PageDrawing.number
        legend = [
            "\(pages.count) pages: \(grid.columns) columns x \(rows) rows of \(n(item.width))x\(n(item.height)) px, spacing \(n(spacing))",
            "container \(n(containerSize.width))x\(n(containerSize.height)): \(grid.visibleRows) rows in view (dashed line: its bottom)",
            "item size for aspect ratio \(n(grid.pageSize.width))/\(n(grid.pageSize.height)), the most common",
        ]
        legendRows = OverlayRenderer.legendRows(legend.map { ($0, nil) }, pictureWidth: pixelWidth,
                                                textScale: OverlayRenderer.textScale(imageWidth: pixelWidth))
        // The whole sheet, legend band included, stays within the limits.
        try DrawingLimits.check(width: pixelWidth, height: pixelHeight + legendHeight)
    }

    /// The legend band's height in pixels.
    package var legendHeight: Int {
        OverlayRenderer.legendHeight(rows: legendRows.count, textScale: OverlayRenderer.textScale(imageWidth: pixelWidth))
    }

    /// The finished sheet from the rendered thumbnails (`thumbnails[i]` is item i's image, of
    /// its `pixelFrame` size).
    package func render(thumbnails: [RGBImage]) -> RGBImage {
        precondition(thumbnails.count == items.count)
        var i = 0
        return render { (_: Item) throws(Never) -> RGBImage in i += 1; return thumbnails[i - 1] }
    }

    /// The finished sheet, asking `thumbnail` for each item's image (of its `pixelFrame` size)
    /// in order, so that only one thumbnail is in memory at a time.
    package func render<E: Error>(_ thumbnail: (Item) throws(E) -> RGBImage) throws(E) -> RGBImage {
        var canvas = RGBImage(width: pixelWidth, height: pixelHeight + legendHeight, color: ContactSheet.background)
        let ts = OverlayRenderer.textScale(imageWidth: pixelWidth)
        for item in items {
            let image = try thumbnail(item)
            canvas.strokeInside(OverlayRenderer.pixelBounds(item.cell), width: 1, ContactSheet.cellOutline)
            let f = item.pixelFrame
            canvas.draw(image, x: f.x, y: f.y)
            canvas.strokeInside((f.x - 1, f.y - 1, f.x + f.width + 1, f.y + f.height + 1), width: 1, ContactSheet.pageOutline)
            // (Cut to its cell, chip included: a long label would run over the next cells.)
            let caption = BitmapFont.fitting(item.caption, width: Int(item.cell.width.rounded(.down)) - 6 * ts, scale: ts)
            let tw = BitmapFont.width(of: caption, scale: ts), th = BitmapFont.glyphHeight * ts
            let cx = Int(item.cell.midX.rounded()) - tw / 2, cy = Int(item.cell.maxY.rounded()) - th - 3 * ts
            canvas.fill(x0: cx - 2 * ts, y0: cy - 2 * ts, x1: cx + tw + 2 * ts, y1: cy + th + 2 * ts, .black, alpha: 0.75)
            canvas.drawText(caption, x: cx, y: cy, color: .white, scale: ts)
        }
        // The container's bottom edge, dashed.
        let bottom = Int(grid.containerSize.height.rounded())
        if bottom < pixelHeight {
            var x = 0
            while x < pixelWidth { canvas.fill(x0: x, y0: bottom - 1, x1: x + 6, y1: bottom + 1, OverlayPalette.viewport); x += 10 }
        }
        OverlayRenderer.drawLegend(legendRows, on: &canvas, top: pixelHeight, textScale: ts)
        return canvas
    }

    /// The sheet's background, the cell outlines and the page outlines.
    package static let background = RGBColor(hex: 0xD8D8D8)
    package static let cellOutline = RGBColor(hex: 0xB0B0B0)
    package static let pageOutline = RGBColor(hex: 0x404040)
}
