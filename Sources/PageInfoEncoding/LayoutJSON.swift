// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry

/// The JSON of a `StackLayout` as `pageinfo layout` prints it: one line, fields
/// in a fixed order (file, pageCount, viewSize, scrollMode, axis, spreadMode, binding, spacing,
/// contentInsets, zoomScope, minimumZoomScale, maximumZoomScale, contentSize, spreadCount,
/// spreads, visible), frames in content coordinates (view units at zoom 1, origin top-left,
/// y down). The spreads are streamed: ``ByteWriter/flushIfNeeded()`` after each.
package struct StackLayoutJSON: JSONWritable {
    /// The file name to report.
    package var file: String
    /// The layout.
    package var layout: StackLayout
    /// A content rectangle (standardized): only the spreads intersecting it are listed, and a
    /// `visible` object gives its dominant page and fractional spread index.
    package var visible: Rect?

    /// The JSON of `layout` for `file`, all spreads or those intersecting `visible`.
    package init(file: String, layout: StackLayout, visible: Rect? = nil) {
        self.file = file
        self.layout = layout
        self.visible = visible
    }

    /// Appends the one-line object described above, without a newline; flushes after each spread.
    package func writeJSON(to out: inout ByteWriter) {
        let c = layout.configuration
        out.append(byte: UInt8(ascii: "{"))
        out.append(fileField: file, first: true)
        out.append(field: "pageCount", layout.pageCount)
        out.append(field: "viewSize", layout.viewSize)
        out.append(field: "scrollMode", c.scrollMode.rawValue)
        out.append(field: "axis", c.axis.rawValue)
        out.append(field: "spreadMode", c.spreadMode.rawValue)
        out.append(field: "binding", c.binding.rawValue)
        out.append(field: "spacing", c.spacing)
        out.append(field: "contentInsets", c.contentInsets)
        out.append(field: "zoomScope", layout.zoomScope.rawValue)
        out.append(field: "minimumZoomScale", c.minimumZoomScale)
        out.append(field: "maximumZoomScale", c.maximumZoomScale)
        out.append(field: "contentSize", layout.contentSize)
        out.append(field: "spreadCount", layout.spreadCount)
        out.append(",\"spreads\":[")
        var first = true
        func spread(_ s: Int, _ out: inout ByteWriter) {
            if !first { out.append(byte: UInt8(ascii: ",")) }
            first = false
            out.append(byte: UInt8(ascii: "{"))
            out.append(field: "index", s, first: true)
            out.append(field: "frame", layout.frame(ofSpread: s))
            out.append(field: "pages", layout.pages(inSpread: s))
            out.append(byte: UInt8(ascii: "}"))
            out.flushIfNeeded()
        }
        if let visible {
            for s in layout.spreads(intersecting: visible) { spread(s, &out) }
        } else {
            for s in 0..<layout.spreadCount { spread(s, &out) }
        }
        out.append(byte: UInt8(ascii: "]"))
        if let visible {
            // dominantPage is null (not omitted) when no page is visible.
            out.append(",\"visible\":{")
            out.append(field: "rect", visible, first: true)
            out.append(field: "dominantPage", layout.dominantPage(in: visible))
            out.append(field: "fractionalSpreadIndex", layout.fractionalSpreadIndex(forContentOffset: visible.origin))
            out.append(byte: UInt8(ascii: "}"))
        }
        out.append(byte: UInt8(ascii: "}"))
    }
}

extension PlacedPage: JSONWritable {
    /// `{"index":0,"frame":{"x","y","width","height"}}`.
    package func writeJSON(to out: inout ByteWriter) {
        out.append(byte: UInt8(ascii: "{"))
        out.append(field: "index", page, first: true)
        out.append(field: "frame", frame)
        out.append(byte: UInt8(ascii: "}"))
    }
}

extension SpreadPages: JSONWritable {
    /// `[{"index","frame"},…]`, left to right.
    package func writeJSON(to out: inout ByteWriter) {
        out.append(byte: UInt8(ascii: "["))
        for (i, page) in enumerated() {
            if i > 0 { out.append(byte: UInt8(ascii: ",")) }
            page.writeJSON(to: &out)
        }
        out.append(byte: UInt8(ascii: "]"))
    }
}
