// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry

/// The JSON of a `SpreadMapping` as `pageinfo spreads` prints it: one line,
/// fields in a fixed order (file, pageLayout, direction, pageCount, spreadMode, binding,
/// spreadCount, spreads), page indexes 0-based. With page sizes, each spread also gets its
/// natural `size` and `pageFrames` (`SpreadGeometry`: spread coordinates,
/// origin top-left, y down, points). The spreads are streamed: ``ByteWriter/flushIfNeeded()``
/// after each.
package struct SpreadsJSON: JSONWritable {
    /// The spreads.
    package var mapping: SpreadMapping
    /// The file the pages came from, if any: `file`, `pageLayout` and `direction` are written
    /// only with a file.
    package var file: String?
    /// The document's /PageLayout name, omitted when `nil`.
    package var pageLayout: String?
    /// The document's /Direction name, omitted when `nil`.
    package var direction: String?
    /// The pages' displayed sizes (points): each spread then gets its geometry.
    package var pageSizes: [Size]?

    /// The JSON of `mapping`, for `file` with its settings and page sizes when given.
    package init(mapping: SpreadMapping, file: String? = nil, pageLayout: String? = nil, direction: String? = nil,
                pageSizes: [Size]? = nil) {
        self.mapping = mapping
        self.file = file
        self.pageLayout = pageLayout
        self.direction = direction
        self.pageSizes = pageSizes
    }

    /// Appends the one-line object described above, without a newline.
    package func writeJSON(to out: inout ByteWriter) {
        out.append(byte: UInt8(ascii: "{"))
        if let file {
            out.append(fileField: file, first: true)
            out.append(optionalField: "pageLayout", pageLayout)
            out.append(optionalField: "direction", direction)
        }
        out.append(field: "pageCount", mapping.pageCount, first: file == nil)
        out.append(field: "spreadMode", mapping.mode.rawValue)
        out.append(field: "binding", mapping.binding.rawValue)
        out.append(field: "spreadCount", mapping.spreadCount)
        out.append(",\"spreads\":[")
        for s in 0..<mapping.spreadCount {
            if s > 0 { out.append(byte: UInt8(ascii: ",")) }
            let slots = mapping.slots(forSpread: s)
            out.append(byte: UInt8(ascii: "{"))
            out.append(field: "index", s, first: true)
            out.append(",\"pages\":[")
            for (i, page) in mapping.pageRange(forSpread: s).enumerated() {
                if i > 0 { out.append(byte: UInt8(ascii: ",")) }
                out.append(int: page)
            }
            out.append(byte: UInt8(ascii: "]"))
            out.append(field: "slots", slots.count == 1 ? [slots.left] : [slots.left, slots.right])
            if let pageSizes {
                let g = SpreadGeometry(slots: slots, pageSizes: pageSizes)
                out.append(field: "size", g.size)
                out.append(field: "pageFrames", g.pages)
            }
            out.append(byte: UInt8(ascii: "}"))
            out.flushIfNeeded()
        }
        out.append("]}")
    }
}

/// The JSON of a `ThumbnailGrid` as `pageinfo thumbnails` prints it: one line,
/// fields in a fixed order (file, pageCount, pageSize, aspectRatio, containerSize, spacing,
/// columns, itemSize, visibleRows, fullyVisibleRows, totalRows); sizes in view units, the page
/// size in points.
package struct ThumbnailGridJSON: JSONWritable {
    /// The file the pages came from: `file`, `pageCount` and `totalRows` are written only with one.
    package var file: String?
    /// The grid.
    package var grid: ThumbnailGrid

    /// The JSON of `grid`, for `file` when given.
    package init(file: String?, grid: ThumbnailGrid) {
        self.file = file
        self.grid = grid
    }

    /// Appends the one-line object described above, without a newline.
    package func writeJSON(to out: inout ByteWriter) {
        out.append(byte: UInt8(ascii: "{"))
        if let file {
            out.append(fileField: file, first: true)
            out.append(optionalField: "pageCount", grid.pageCount)
        }
        out.append(field: "pageSize", grid.pageSize, first: file == nil)
        out.append(field: "aspectRatio", grid.pageSize.width / grid.pageSize.height)
        out.append(field: "containerSize", grid.containerSize)
        out.append(field: "spacing", grid.spacing)
        out.append(field: "columns", grid.columns)
        out.append(field: "itemSize", grid.itemSize)
        out.append(field: "visibleRows", grid.visibleRows)
        out.append(field: "fullyVisibleRows", grid.fullyVisibleRows)
        out.append(optionalField: "totalRows", grid.totalRows)
        out.append(byte: UInt8(ascii: "}"))
    }
}

/// The JSON of restoring a `ViewState` as `pageinfo viewstate restore` prints
/// it: one line, fields in a fixed order (state, mirroredFrom, spreadIndex, zoomScale,
/// contentOffset, visibleRect, visibleViewport, pagingOffset, spreadZoomOffset); optional
/// fields are omitted when absent. Offsets in zoomed content units, rectangles as
/// `ScrollPosition` gives them.
package struct ViewStateRestoreJSON: JSONWritable {
    /// The state applied.
    package var state: ViewState
    /// The state before a mirror fit, when one was made.
    package var mirroredFrom: ViewState?
    /// Where the scroll view goes.
    package var position: ScrollPosition
    /// What the view shows of the state's page, in its page space (points).
    package var visibleViewport: Rect?

    /// The JSON of restoring `state` to `position`.
    package init(state: ViewState, mirroredFrom: ViewState? = nil, position: ScrollPosition, visibleViewport: Rect?) {
        self.state = state
        self.mirroredFrom = mirroredFrom
        self.position = position
        self.visibleViewport = visibleViewport
    }

    /// Appends the one-line object described above, without a newline.
    package func writeJSON(to out: inout ByteWriter) {
        out.append(byte: UInt8(ascii: "{"))
        out.append(field: "state", state, first: true)
        out.append(optionalField: "mirroredFrom", mirroredFrom)
        out.append(field: "spreadIndex", position.spreadIndex)
        out.append(field: "zoomScale", position.zoomScale)
        out.append(field: "contentOffset", position.contentOffset)
        out.append(field: "visibleRect", position.visibleRect)
        out.append(optionalField: "visibleViewport", visibleViewport)
        out.append(optionalField: "pagingOffset", position.pagingOffset)
        out.append(optionalField: "spreadZoomOffset", position.spreadZoomOffset)
        out.append(byte: UInt8(ascii: "}"))
    }
}
