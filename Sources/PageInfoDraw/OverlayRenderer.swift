// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// Rasterizes a ``PageDrawing``'s overlays onto its rendered page image and adds the legend band.
///
/// Box outlines are drawn **inside** their rectangle: a box whose view rectangle, rounded to
/// whole pixels, spans columns `x0..<x1` and rows `y0..<y1` has its outline on columns
/// `x0..<x0+t` and `x1−t..<x1` and rows `y0..<y0+t` and `y1−t..<y1` (t = ``strokeWidth``), so
/// every outline stays on its own box and on the image.
package enum OverlayRenderer {
    /// Outline width in pixels: 2, or 3 for images 1500 pixels wide or more.
    package static func strokeWidth(imageWidth: Int) -> Int { imageWidth >= 1500 ? 3 : 2 }
    /// Text scale: 1 (5×7 pixel glyphs), 2 for images 1000 pixels wide or more.
    package static func textScale(imageWidth: Int) -> Int { imageWidth >= 1000 ? 2 : 1 }
    /// The background of the legend band.
    package static let legendBackground = RGBColor(hex: 0xF2F2F2)

    /// One row of the legend band as drawn, in picture pixels.
    package struct LegendRow: Hashable, Sendable {
        /// The text of the row.
        package var text: String
        /// The swatch drawn before it (on a line's first row only).
        package var swatch: RGBColor?
        /// The left edge of the text.
        package var x: Int
    }

    /// The legend's `lines` as rows within a picture `pictureWidth` pixels wide at text scale
    /// `s`: a line too long for the width is wrapped at spaces (a word longer than a row is cut),
    /// its rows aligned after the swatch, so no text runs off the picture. Characters are counted
    /// as the font draws them, one glyph per Unicode scalar. Each row but an empty line's holds
    /// at least one scalar, so the rows are at most the scalars of the lines (or one per line).
    package static func legendRows(_ lines: [(text: String, color: RGBColor?)], pictureWidth: Int, textScale s: Int) -> [LegendRow] {
        var rows: [LegendRow] = []
        for line in lines {
            let x = 4 * s + (line.color == nil ? 0 : 16 * s)
            // (width(of: n characters) = (6n - 1)·s must stay within the picture's 4·s padding.)
            let capacity = max(1, (pictureWidth - x - 4 * s + s) / (BitmapFont.advance * s))
            // (Counted in Unicode scalars, as the font draws them: one glyph each.)
            let scalars = Array(line.text.unicodeScalars)
            let space: Unicode.Scalar = " "
            var start = 0, first = true
            repeat {
                var end = scalars.count
                if end - start > capacity {
                    end = (start + 1...start + capacity).last { scalars[$0] == space } ?? start + capacity
                }
                var textEnd = end
                while textEnd > start, scalars[textEnd - 1] == space { textEnd -= 1 }
                var text = String.UnicodeScalarView()
                text.append(contentsOf: scalars[start..<textEnd])
                rows.append(LegendRow(text: String(text), swatch: first ? line.color : nil, x: x))
                first = false
                start = end
                while start < scalars.count, scalars[start] == space { start += 1 }
            } while start < scalars.count
        }
        return rows
    }

    /// The legend band's height for `rows` rows at text scale `s`.
    package static func legendHeight(rows: Int, textScale s: Int) -> Int {
        rows * (BitmapFont.lineHeight + 2) * s + 6 * s
    }

    /// The pixel rectangle `(x0, y0, x1, y1)` of a view rectangle: its edges rounded to the nearest pixel boundary.
    package static func pixelBounds(_ r: Rect) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        func p(_ v: Double) -> Int { Int(v.clamped(-1e9, 1e9).rounded()) }
        return (p(r.minX), p(r.minY), p(r.maxX), p(r.maxY))
    }

    /// The margin around the page image, in pixels: 24, or 48 for images 1000 pixels wide or
    /// more, so that origins and axes on the page's edges (or just off it) stay visible.
    package static func margin(imageWidth: Int) -> Int { 24 * textScale(imageWidth: imageWidth) }

    /// The finished picture: `pageImage` (which must be `pixelWidth × pixelHeight`) on a grey
    /// board with a ``margin(imageWidth:)`` on every side, the overlays, and the legend band below.
    /// View point (x, y) of the drawing is at picture pixel (x + margin, y + margin).
    package static func render(_ drawing: PageDrawing, pageImage: RGBImage) -> RGBImage {
        var labels: [(LabelBounds, RGBColor)] = []
        return render(drawing, pageImage: pageImage, labels: &labels)
    }

    /// ``render(_:pageImage:)``, with each label's chip and colour appended to `labels`.
    static func render(_ drawing: PageDrawing, pageImage: RGBImage, labels drawn: inout [(LabelBounds, RGBColor)]) -> RGBImage {
        precondition(pageImage.width == drawing.pixelWidth && pageImage.height == drawing.pixelHeight)
        let w = drawing.pixelWidth, h = drawing.pixelHeight, m = drawing.margin
        var canvas = RGBImage(width: w + 2 * m, height: h + 2 * m + drawing.legendHeight, color: legendBackground)
        canvas.fill(x0: 0, y0: 0, x1: w + 2 * m, y1: h + 2 * m, board)
        canvas.draw(pageImage, x: m, y: m)
        let t = strokeWidth(imageWidth: w), ts = textScale(imageWidth: w)
        let clip = h + 2 * m
        func shift(_ p: Point) -> Point { Point(x: p.x + Double(m), y: p.y + Double(m)) }
        func shift(_ r: Rect) -> Rect { r.offsetBy(dx: Double(m), dy: Double(m)) }
        func shift(_ a: DrawnAxes) -> DrawnAxes { var a = a; a.origin = shift(a.origin); return a }

        for box in drawing.boxes {
            canvas.strokeInside(pixelBounds(shift(box.view)), width: t, OverlayPalette.color(for: box.kind), clipHeight: clip)
        }
        // Every line first, then every label (``placedLabels(_:)``), so no line crosses a label.
        for style in axesStyles(drawing) {
            drawAxes(shift(style.axes), on: &canvas, length: style.length, width: style.width, color: style.color, clipHeight: clip)
        }
        for box in drawing.overlays {
            canvas.strokeInside(pixelBounds(shift(box.view)), width: t, OverlayPalette.overlay(box.set), clipHeight: clip)
        }
        if let v = drawing.viewport {
            let o = shift(v.origin), we = shift(v.widthEnd), he = shift(v.heightEnd)
            canvas.strokeInside(pixelBounds(shift(v.view)), width: t, OverlayPalette.viewport, clipHeight: clip)
            canvas.drawArrow(from: o, to: we, width: t + 1, OverlayPalette.viewport, clipHeight: clip)
            canvas.drawArrow(from: o, to: he, width: t + 1, OverlayPalette.viewport, clipHeight: clip)
        }
        for label in placedLabels(drawing) {
            let c = label.chip
            canvas.fill(x0: c.x0, y0: c.y0, x1: c.x1, y1: c.y1, .white, alpha: labelVeil)
            canvas.drawText(label.text, x: label.textX, y: label.textY, color: label.color, scale: ts)
            drawn.append((c, label.color))
        }
        drawLegend(drawing.legendRows, on: &canvas, top: clip, textScale: ts)
        return canvas
    }

    /// The most labels of the user's boxes drawn (each is placed clear of the others before it).
    package static let maxOverlayLabels = 500

    /// The page image with the user's boxes drawn on it and nothing else: no board, page boxes,
    /// axes, labels or legend (`draw --bare`), so its pixels are the page's render.
    package static func renderBare(_ drawing: PageDrawing, pageImage: RGBImage) -> RGBImage {
        precondition(pageImage.width == drawing.pixelWidth && pageImage.height == drawing.pixelHeight)
        var canvas = pageImage
        let t = strokeWidth(imageWidth: drawing.pixelWidth)
        for box in drawing.overlays {
            canvas.strokeInside(pixelBounds(box.view), width: t, OverlayPalette.overlay(box.set), clipHeight: drawing.pixelHeight)
        }
        return canvas
    }

    /// A label's chip in picture pixels: columns `x0..<x1`, rows `y0..<y1`.
    package typealias LabelBounds = (x0: Int, y0: Int, x1: Int, y1: Int)

    /// The board around the page image.
    package static let board = RGBColor(hex: 0xC8C8C8)

    static func midpoint(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }

    /// A label before it is placed: its text, centre (picture pixels) and colour.
    typealias PendingLabel = (text: String, at: Point, color: RGBColor)

    /// How opaque the white chip under a label is (over the lines and the page below it).
    static let labelVeil = 0.85

    /// A label as both pictures draw it, in picture pixels (the margin included): its text and
    /// colour, its chip (the veiled rectangle under it) and the top-left of its first glyph,
    /// for ``BitmapFont`` at the drawing's text scale (the SVG's monospace text is as wide).
    struct PlacedLabel {
        var text: String
        var color: RGBColor
        var chip: LabelBounds
        var textX: Int, textY: Int
    }

    /// Every label of `drawing`, placed as the PNG and the SVG draw it: each axis's name at its
    /// arrow's tip and "0,0" beside its origin, on the side away from both axes (the main space
    /// first, then the other space's unless the two coincide), then the viewport's "w" and "h"
    /// at its arrows' middles. A label keeps off the origins' dots and the labels placed before
    /// it (``place(_:at:scale:pictureWidth:clipHeight:placed:)``), so the main space's labels
    /// keep their places.
    static func placedLabels(_ drawing: PageDrawing) -> [PlacedLabel] {
        let w = drawing.pixelWidth, m = Double(drawing.margin), ts = textScale(imageWidth: w)
        let pictureWidth = w + 2 * drawing.margin, clip = drawing.pixelHeight + 2 * drawing.margin
        func shift(_ p: Point) -> Point { Point(x: p.x + m, y: p.y + m) }
        var placed: [LabelBounds] = []
        var pending: [PendingLabel] = []
        for style in axesStyles(drawing).reversed() {  // the main space first
            let a = style.axes, length = style.length, width = style.width, color = style.color
            let o = shift(a.origin), name = a.space.rawValue
            // The origin's dot (its white rim included): labels keep off it.
            if abs(o.x) < 1e6, abs(o.y) < 1e6 {
                let d = Int((originRadius(width: width) + 1).rounded(.up)), cx = Int(o.x.rounded()), cy = Int(o.y.rounded())
                placed.append((cx - d, cy - d, cx + d, cy + d))
            }
            // Each axis's name 10 px past its arrow's tip.
            pending += [("\(name) x", shift(a.end(of: a.xDirection, length: length + 10)), color),
                        ("\(name) y", shift(a.end(of: a.yDirection, length: length + 10)), color),
                        ("\(name) 0,0", shift(Point(x: a.origin.x - (a.xDirection.x + a.yDirection.x) * 12,
                                                   y: a.origin.y - (a.xDirection.y + a.yDirection.y) * 12)), color)]
        }
        if let v = drawing.viewport {
            pending += [("w", shift(midpoint(v.origin, v.widthEnd)), OverlayPalette.viewport),
                        ("h", shift(midpoint(v.origin, v.heightEnd)), OverlayPalette.viewport)]
        }
        // The user's labels above their boxes' top-left corners (the first maxOverlayLabels).
        let lineHeight = Double(BitmapFont.glyphHeight * ts)
        for box in drawing.overlays.lazy.filter({ $0.label != nil }).prefix(maxOverlayLabels) {
            let text = box.label!, width = Double(BitmapFont.width(of: text, scale: ts))
            pending.append((text, shift(Point(x: box.view.minX + width / 2, y: box.view.minY - lineHeight / 2 - Double(2 * ts))),
                            OverlayPalette.overlay(box.set)))
        }
        return pending.compactMap { label in
            place(label.text, at: label.at, scale: ts, pictureWidth: pictureWidth, clipHeight: clip, placed: &placed)
                .map { PlacedLabel(text: label.text, color: label.color, chip: $0.chip, textX: $0.x, textY: $0.y) }
        }
    }

    /// Where a label's text centred on `p` goes in a picture `pictureWidth` wide: inside it and
    /// above `clipHeight`. When its chip would overlap one of `placed`, it moves down or up by
    /// whole rows, to the nearest place within eight rows that is free (or stays, if none is);
    /// its chip is then added to `placed`. `nil`: a point too far off to draw.
    static func place(_ text: String, at p: Point, scale s: Int, pictureWidth: Int, clipHeight: Int,
                      placed: inout [LabelBounds]) -> (chip: LabelBounds, x: Int, y: Int)? {
        guard abs(p.x) < 1e6, abs(p.y) < 1e6 else { return nil }
        let tw = BitmapFont.width(of: text, scale: s), th = BitmapFont.glyphHeight * s
        var x = Int(p.x.rounded()) - tw / 2, y = Int(p.y.rounded()) - th / 2
        x = min(max(2 * s, x), pictureWidth - tw - 2 * s)
        func clamped(_ y: Int) -> Int { min(max(2 * s, y), clipHeight - th - 2 * s) }
        func chip(_ y: Int) -> LabelBounds { (x - s, y - s, x + tw + s, y + th + s) }
        func free(_ y: Int) -> Bool {
            let c = chip(y)
            return !placed.contains { c.x0 < $0.x1 && $0.x0 < c.x1 && c.y0 < $0.y1 && $0.y0 < c.y1 }
        }
        y = clamped(y)
        let step = th + 2 * s
        if !free(y), let moved = (1...8).lazy.flatMap({ (k: Int) -> [Int] in [y + k * step, y - k * step] }).map(clamped).first(where: free) {
            y = moved
        }
        placed.append(chip(y))
        return (chip(y), x, y)
    }

    /// One space's axes as both pictures draw them: arrows `length` pixels long and `width`
    /// wide in `color`, and an origin's dot to match; `main` for the drawing's own space.
    struct AxesStyle {
        var axes: DrawnAxes
        var length: Double
        var width: Int
        var color: RGBColor
        var main: Bool
    }

    /// The axes to draw, bottom first: the other space's (three quarters as long, a pixel
    /// thinner), unless the two coincide, then the main space's, on top.
    static func axesStyles(_ drawing: PageDrawing) -> [AxesStyle] {
        let t = strokeWidth(imageWidth: drawing.pixelWidth)
        let main = AxesStyle(axes: drawing.axes, length: drawing.axisLength, width: t, color: OverlayPalette.axes, main: true)
        if drawing.axesCoincide { return [main] }
        return [AxesStyle(axes: drawing.otherAxes, length: drawing.axisLength * 0.75, width: max(1, t - 1),
                          color: OverlayPalette.otherAxes, main: false), main]
    }

    /// The radius of an origin's dot for axes `width` pixels wide (a white rim 1 pixel wider around it).
    static func originRadius(width: Int) -> Double { Double(width + 2) }

    /// Draws one space's axes (arrows `length` pixels long) and its origin's dot.
    static func drawAxes(_ a: DrawnAxes, on canvas: inout RGBImage, length: Double, width: Int, color: RGBColor, clipHeight: Int) {
        canvas.drawArrow(from: a.origin, to: a.end(of: a.xDirection, length: length), width: width, color, clipHeight: clipHeight)
        canvas.drawArrow(from: a.origin, to: a.end(of: a.yDirection, length: length), width: width, color, clipHeight: clipHeight)
        let r = originRadius(width: width)
        canvas.fillDisc(center: a.origin, radius: r + 1, .white, clipHeight: clipHeight)
        canvas.fillDisc(center: a.origin, radius: r, color, clipHeight: clipHeight)
    }

    static func drawLegend(_ rows: [LegendRow], on canvas: inout RGBImage, top: Int, textScale s: Int) {
        var y = top + 4 * s
        for row in rows {
            if let c = row.swatch { canvas.fill(x0: 4 * s, y0: y, x1: 16 * s, y1: y + BitmapFont.glyphHeight * s, c) }
            canvas.drawText(row.text, x: row.x, y: y, color: .black, scale: s)
            y += (BitmapFont.lineHeight + 2) * s
        }
    }
}

extension RGBImage {
    /// Outlines the pixel rectangle `x0..<x1 × y0..<y1` inside its edges with a `width`-pixel line.
    /// Only rows above `clipHeight` are touched.
    package mutating func strokeInside(_ r: (x0: Int, y0: Int, x1: Int, y1: Int), width t: Int, _ color: RGBColor,
                                      clipHeight: Int = Int.max) {
        guard r.x1 > r.x0, r.y1 > r.y0 else { return }
        let bottom = min(r.y1, clipHeight)
        fill(x0: r.x0, y0: r.y0, x1: r.x1, y1: min(bottom, r.y0 + t), color)
        fill(x0: r.x0, y0: max(r.y0, r.y1 - t), x1: r.x1, y1: bottom, color)
        fill(x0: r.x0, y0: r.y0, x1: min(r.x1, r.x0 + t), y1: bottom, color)
        fill(x0: max(r.x0, r.x1 - t), y0: r.y0, x1: r.x1, y1: bottom, color)
    }

    /// A line of `width` pixels from `a` to `b` (view space) with an arrowhead at `b`; only rows
    /// above `clipHeight` are touched (the legend band stays clean).
    mutating func drawArrow(from a: Point, to b: Point, width: Int, _ color: RGBColor, clipHeight: Int) {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite, abs(a.x) < 1e6, abs(a.y) < 1e6 else { return }
        let ux = dx / length, uy = dy / length
        let head = Double(3 * width + 4)
        let half = Double(width) / 2
        var s = 0.0
        while s <= length - head * 0.5 {
            let px = a.x + ux * s, py = a.y + uy * s
            fillClipped(x0: Int((px - half).rounded()), y0: Int((py - half).rounded()),
                        x1: Int((px + half).rounded()), y1: Int((py + half).rounded()), color, clipHeight: clipHeight)
            s += 0.5
        }
        // Arrowhead: spans across the direction, shrinking toward the tip.
        var k = 0.0
        while k <= head {
            let cx = b.x - ux * k, cy = b.y - uy * k
            let spread = k * 0.5
            var q = -spread
            while q <= spread {
                let px = cx - uy * q, py = cy + ux * q
                fillClipped(x0: Int(px.rounded(.down)), y0: Int(py.rounded(.down)), x1: Int(px.rounded(.down)) + 1,
                            y1: Int(py.rounded(.down)) + 1, color, clipHeight: clipHeight)
                q += 0.5
            }
            k += 0.5
        }
    }

    mutating func fillClipped(x0: Int, y0: Int, x1: Int, y1: Int, _ color: RGBColor, clipHeight: Int) {
        fill(x0: x0, y0: y0, x1: max(x1, x0 + 1), y1: min(clipHeight, max(y1, y0 + 1)), color)
    }

    mutating func fillDisc(center c: Point, radius r: Double, _ color: RGBColor, clipHeight: Int) {
        guard abs(c.x) < 1e6, abs(c.y) < 1e6 else { return }
        let x0 = Int((c.x - r).rounded(.down)), x1 = Int((c.x + r).rounded(.up))
        let y0 = Int((c.y - r).rounded(.down)), y1 = Int((c.y + r).rounded(.up))
        for y in max(0, y0)..<max(max(0, y0), min(clipHeight, y1)) {
            for x in x0..<x1 {
                let ddx = Double(x) + 0.5 - c.x, ddy = Double(y) + 0.5 - c.y
                if ddx * ddx + ddy * ddy <= r * r { setPixel(x: x, y: y, color) }
            }
        }
    }
}
