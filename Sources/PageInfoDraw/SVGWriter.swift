// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoEncoding

/// Writes a ``PageDrawing`` as SVG: the rendered page as an embedded PNG image, and every
/// overlay as a vector element whose coordinates are the drawing's view-space values (pixels,
/// top-left origin, at most 4 decimals, inside `<g id="view">` which shifts them by the
/// picture's margin), so the file can be read, diffed and checked as text.
///
/// Element ids: `page` (the image), one `rect` per box with the box's name as id (`MediaBox`,
/// `CropBox`, …), `raw-origin`/`page-origin` (`circle`), `raw-x`, `raw-y`, `page-x`, `page-y`
/// (`line`, from the origin along the axis), `viewport` (`rect`), `viewport-width` and
/// `viewport-height` (`line`, from the viewport's page-space origin corner), `labels` (each
/// axis's name, each origin's "0,0" and the viewport's "w" and "h", as `text` on a veiled
/// `rect`, in picture pixels where the PNG draws them) and `legend`.
package enum SVGWriter {
    /// The SVG document for `drawing` over `pageImage` (the Poppler rendering, without raster overlays).
    package static func svg(_ drawing: PageDrawing, pageImage: RGBImage) -> String {
        let w = drawing.pixelWidth, h = drawing.pixelHeight, lh = drawing.legendHeight, m = drawing.margin
        let (pw, ph) = drawing.pictureSize
        let n = PageDrawing.number
        let t = OverlayRenderer.strokeWidth(imageWidth: w)
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
        s += "width=\"\(pw)\" height=\"\(ph)\" viewBox=\"0 0 \(pw) \(ph)\">\n"
        s += "<title>\(XMLEscaper.text(drawing.legend.first?.text ?? ""))</title>\n"
        s += "<defs>\n"
        for (id, color) in [("arrow-axes", OverlayPalette.axes), ("arrow-other", OverlayPalette.otherAxes),
                            ("arrow-viewport", OverlayPalette.viewport)] {
            s += "<marker id=\"\(id)\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" "
            s += "orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(color)\"/></marker>\n"
        }
        s += "</defs>\n"
        s += "<rect id=\"board\" x=\"0\" y=\"0\" width=\"\(pw)\" height=\"\(h + 2 * m)\" fill=\"\(OverlayRenderer.board)\"/>\n"
        // Everything in view coordinates: the page image's top-left corner is view (0, 0).
        s += "<g id=\"view\" transform=\"translate(\(m) \(m))\">\n"
        s += "<image id=\"page\" x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" preserveAspectRatio=\"none\" "
        s += "xlink:href=\"data:image/png;base64,\(Base64.encode(PNGEncoder.encode(pageImage)))\"/>\n"

        s += "<g id=\"boxes\" fill=\"none\" stroke-width=\"\(t)\">\n"
        for b in drawing.boxes {
            let v = b.view
            s += "<rect id=\"\(b.kind.rawValue)\" x=\"\(n(v.minX))\" y=\"\(n(v.minY))\" width=\"\(n(v.width))\" "
            s += "height=\"\(n(v.height))\" stroke=\"\(OverlayPalette.color(for: b.kind))\"/>\n"
        }
        s += "</g>\n"

        for style in OverlayRenderer.axesStyles(drawing) {
            let a = style.axes, color = style.color, marker = style.main ? "arrow-axes" : "arrow-other"
            let len = style.length, width = style.width, name = a.space.rawValue, o = a.origin
            s += "<g id=\"\(name)-axes\" stroke=\"\(color)\" stroke-width=\"\(width)\" fill=\"\(color)\">\n"
            for (axis, d) in [("x", a.xDirection), ("y", a.yDirection)] {
                let e = a.end(of: d, length: len)
                s += "<line id=\"\(name)-\(axis)\" x1=\"\(n(o.x))\" y1=\"\(n(o.y))\" x2=\"\(n(e.x))\" y2=\"\(n(e.y))\" "
                s += "marker-end=\"url(#\(marker))\"/>\n"
            }
            s += "<circle id=\"\(name)-origin\" cx=\"\(n(o.x))\" cy=\"\(n(o.y))\" r=\"\(n(OverlayRenderer.originRadius(width: width)))\" "
            s += "stroke=\"white\" stroke-width=\"1\"/>\n"
            s += "</g>\n"
        }

        if !drawing.overlays.isEmpty {
            s += "<g id=\"overlays\" fill=\"none\" stroke-width=\"\(t)\">\n"
            for (i, b) in drawing.overlays.enumerated() {
                let v = b.view
                s += "<rect id=\"overlay-\(i)\" class=\"overlay-\(b.set)\" x=\"\(n(v.minX))\" y=\"\(n(v.minY))\" width=\"\(n(v.width))\" "
                s += "height=\"\(n(v.height))\" stroke=\"\(OverlayPalette.overlay(b.set))\""
                s += b.label.map { "><title>\(XMLEscaper.text($0))</title></rect>\n" } ?? "/>\n"
            }
            s += "</g>\n"
        }

        if let v = drawing.viewport {
            let r = v.view
            s += "<g id=\"viewport-group\" stroke=\"\(OverlayPalette.viewport)\" fill=\"none\" stroke-width=\"\(t)\">\n"
            s += "<rect id=\"viewport\" x=\"\(n(r.minX))\" y=\"\(n(r.minY))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\"/>\n"
            for (id, e) in [("viewport-width", v.widthEnd), ("viewport-height", v.heightEnd)] {
                s += "<line id=\"\(id)\" x1=\"\(n(v.origin.x))\" y1=\"\(n(v.origin.y))\" x2=\"\(n(e.x))\" y2=\"\(n(e.y))\" "
                s += "stroke-width=\"\(t + 1)\" marker-end=\"url(#arrow-viewport)\"/>\n"
            }
            s += "</g>\n"
        }

        s += "</g>\n"
        let ts = OverlayRenderer.textScale(imageWidth: w)
        // The labels where the PNG puts them (picture pixels: outside the view group), each on its
        // veiled chip after every line, so no line crosses one. 10 px monospace advances about
        // 6 px, as the bitmap font does; the baseline is the glyphs' bottom row.
        s += "<g id=\"labels\" font-family=\"monospace\" font-size=\"\(10 * ts)\">\n"
        for label in OverlayRenderer.placedLabels(drawing) {
            let c = label.chip
            s += "<rect x=\"\(c.x0)\" y=\"\(c.y0)\" width=\"\(c.x1 - c.x0)\" height=\"\(c.y1 - c.y0)\" fill=\"white\" "
            s += "fill-opacity=\"\(OverlayRenderer.labelVeil)\"/>\n"
            s += "<text x=\"\(label.textX)\" y=\"\(label.textY + BitmapFont.glyphHeight * ts)\" fill=\"\(label.color)\">\(XMLEscaper.text(label.text))</text>\n"
        }
        s += "</g>\n"
        // (The same font: the rows wrapped for the PNG fit the SVG too.)
        s += "<g id=\"legend\" font-family=\"monospace\" font-size=\"\(10 * ts)\">\n"
        s += "<rect x=\"0\" y=\"\(h + 2 * m)\" width=\"\(pw)\" height=\"\(lh)\" fill=\"\(OverlayRenderer.legendBackground)\"/>\n"
        var y = h + 2 * m + 4 * ts
        for row in drawing.legendRows {
            if let c = row.swatch {
                s += "<rect x=\"\(4 * ts)\" y=\"\(y)\" width=\"\(12 * ts)\" height=\"\(BitmapFont.glyphHeight * ts)\" fill=\"\(c)\"/>\n"
            }
            s += "<text x=\"\(row.x)\" y=\"\(y + BitmapFont.glyphHeight * ts)\">\(XMLEscaper.text(row.text))</text>\n"
            y += (BitmapFont.lineHeight + 2) * ts
        }
        s += "</g>\n</svg>\n"
        return s
    }
}

/// Base64 (RFC 4648, with padding).
package enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in Base64.
    package static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 2 < bytes.count {
            let v = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
            out += [alphabet[v >> 18], alphabet[(v >> 12) & 63], alphabet[(v >> 6) & 63], alphabet[v & 63]]
            i += 3
        }
        let rest = bytes.count - i
        if rest == 1 {
            let v = Int(bytes[i]) << 16
            out += [alphabet[v >> 18], alphabet[(v >> 12) & 63], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if rest == 2 {
            let v = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8
            out += [alphabet[v >> 18], alphabet[(v >> 12) & 63], alphabet[(v >> 6) & 63], UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }
}
