// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
@testable import PageInfoDraw
import Testing

/// Text in pictures stays inside them: the legend wraps to the picture's width, a sheet's
/// captions are cut to their cells, and overlay labels do not cover one another.
@Suite struct TextLayoutTests {
    static let line = "page 1  rotation 0  page space"
    static let boxLine = "MediaBox [0 0 612 792] = CropBox"

    @Test("the legend wraps at spaces to the picture's width; no text is lost; a swatch line's rows align after the swatch",
          arguments: [40, 100, 168, 1000])
    func legendWraps(width: Int) {
        let lines: [(text: String, color: RGBColor?)] = [(Self.line, nil), (Self.boxLine, RGBColor(hex: 0x2255CC)),
                                                         (String(repeating: "x", count: 50), nil)]
        let rows = OverlayRenderer.legendRows(lines, pictureWidth: width, textScale: 1)
        for row in rows {
            // 4 px of padding on each side: the text ends within the picture.
            #expect(row.x + BitmapFont.width(of: row.text, scale: 1) <= width - 4 || row.text.count == 1, "\(row)")
            #expect(!row.text.hasPrefix(" ") && !row.text.hasSuffix(" ") && !row.text.isEmpty, "\(row)")
        }
        // Every character but the spaces where rows break, in order.
        let drawn = rows.map(\.text).joined().filter { $0 != " " }
        #expect(drawn == lines.map(\.text).joined().filter { $0 != " " })
        // The swatch is on the first row of its line only, and all its rows start after it (4 + 16 px).
        let swatched = rows.filter { $0.x == 20 }
        #expect(swatched.first?.swatch == RGBColor(hex: 0x2255CC) && swatched.dropFirst().allSatisfy { $0.swatch == nil })
        #expect(rows.filter { $0.swatch != nil }.count == 1)
        if width == 1000 { #expect(rows.count == 3, "wide enough: one row per line") }
        if width == 168 {
            // 168 px holds (168 - 8 + 1) / 6 = 26 characters: "page 1  rotation 0  page" (24) then "space".
            #expect(rows.first?.text == "page 1  rotation 0  page" && rows.dropFirst().first?.text == "space", "\(rows)")
            // The 50 x's are one word longer than a row: cut at 26.
            #expect(rows.suffix(2).map(\.text.count) == [26, 24], "\(rows)")
        }
    }

    @Test("the legend counts what the font draws, one glyph per Unicode scalar: combining marks and CR LF do not overflow")
    func legendCountsScalars() {
        // "é" as e + U+0301 is one Character and two glyphs; "\r\n" is one Character and two glyphs.
        let label = String(repeating: "e\u{301}", count: 40) + " " + String(repeating: "a\r\n", count: 10)
        let rows = OverlayRenderer.legendRows([(label, nil)], pictureWidth: 148, textScale: 1)
        for row in rows { #expect(row.x + BitmapFont.width(of: row.text, scale: 1) <= 148 - 4, "\(row.text.unicodeScalars.count) scalars") }
        #expect(rows.map { $0.text.unicodeScalars.count }.reduce(0, +) == label.unicodeScalars.count - 1, "only the space at the break is dropped")
        #expect(OverlayRenderer.legendRows([("", nil), ("   ", nil)], pictureWidth: 100, textScale: 1).map(\.text) == ["", ""])
    }

    @Test("a picture's legend band grows with its rows: a narrow draw has more rows, each within the picture")
    func narrowDrawingLegend() throws {
        let page = PageInfo(index: 0, boxes: PageBoxes(uniform: Rect(x: 0, y: 0, width: 612, height: 792)), rotation: .degrees0)
        let wide = try PageDrawing(page: page, space: .page, size: .width(1000), boxes: PageBox.allCases, viewport: nil)
        let narrow = try PageDrawing(page: page, space: .page, size: .width(120), boxes: PageBox.allCases, viewport: nil)
        #expect(wide.legendRows.count == wide.legend.count)
        #expect(narrow.legendRows.count > narrow.legend.count)
        let s = OverlayRenderer.textScale(imageWidth: narrow.pixelWidth)
        #expect(narrow.legendHeight == narrow.legendRows.count * (BitmapFont.lineHeight + 2) * s + 6 * s)
        let pictureWidth = narrow.pictureSize.width
        for row in narrow.legendRows { #expect(row.x + BitmapFont.width(of: row.text, scale: s) <= pictureWidth - 4 * s, "\(row)") }
        // The PNG is as tall as pictureSize says, legend included.
        let image = OverlayRenderer.render(narrow, pageImage: RGBImage(width: narrow.pixelWidth, height: narrow.pixelHeight, color: .white))
        #expect((image.width, image.height) == narrow.pictureSize)
    }

    @Test("a caption is cut to its width with '..'; one that fits is kept")
    func fittingCaptions() {
        #expect(BitmapFont.fitting("iv", width: 100) == "iv")
        // 40 px holds (40 + 1) / 6 = 6 characters: 4 and "..".
        #expect(BitmapFont.fitting("Appendix A-12", width: 40) == "Appe..")
        #expect(BitmapFont.width(of: BitmapFont.fitting("Appendix A-12", width: 40)) <= 40)
        #expect(BitmapFont.fitting("Appendix", width: 11, scale: 1) == "A.", "2 characters: one and a dot")
        #expect(BitmapFont.fitting("Appendix", width: 5, scale: 1) == "A", "1 character: no room for a dot")
        #expect(BitmapFont.fitting("Appendix", width: 0) == "A", "at least one character")
        #expect(BitmapFont.fitting("Appendix A-12", width: 80, scale: 2) == "Appe..")
    }

    @Test("a label that would cover an earlier one moves a row aside; labels at one point all end up apart")
    func labelsKeepApart() {
        var placed: [OverlayRenderer.LabelBounds] = []
        for text in ["raw 0,0", "page 0,0", "page x", "raw y"] {
            _ = OverlayRenderer.place(text, at: Point(x: 100, y: 100), scale: 1, pictureWidth: 200, clipHeight: 200, placed: &placed)
        }
        #expect(placed.count == 4)
        for (i, a) in placed.enumerated() {
            for b in placed[(i + 1)...] {
                #expect(!(a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1), "\(a) overlaps \(b)")
            }
        }
        // The first stays where it was asked: centred on (100, 100).
        #expect(placed[0].y0 <= 100 && placed[0].y1 >= 100)
    }
}

@Suite struct LabelLayerTests {
    /// rotations.pdf's geometry: MediaBox 500×700, CropBox [20 30 420 630].
    static func page(rotation: PageRotation) -> PageInfo {
        let media = Rect(x: 0, y: 0, width: 500, height: 700), crop = Rect(x: 20, y: 30, width: 400, height: 600)
        return PageInfo(index: 0, boxes: PageBoxes(mediaBox: media, cropBox: crop, bleedBox: crop, trimBox: crop, artBox: crop),
                        rotation: rotation)
    }

    @Test("where the two origins meet, the main space's dot is on top (as in the SVG)", arguments: DrawingSpace.allCases)
    func mainDotOnTop(_ space: DrawingSpace) throws {
        // MediaBox [-400 0 0 600] at /Rotate 90: raw (0, 0) is the displayed page's lower-left
        // corner, page space's origin too.
        let box = Rect(x: -400, y: 0, width: 400, height: 600)
        let page = PageInfo(index: 0, boxes: PageBoxes(uniform: box), rotation: .degrees90)
        let drawing = try PageDrawing(page: page, space: space, size: .width(300), boxes: [.crop], viewport: nil)
        #expect(drawing.axes.origin == drawing.otherAxes.origin && !drawing.axesCoincide)
        let image = OverlayRenderer.render(drawing, pageImage: RGBImage(width: drawing.pixelWidth, height: drawing.pixelHeight, color: .white))
        let m = Double(drawing.margin)
        let center = try #require(image.pixel(x: Int((drawing.axes.origin.x + m).rounded()), y: Int((drawing.axes.origin.y + m).rounded())))
        #expect(center == OverlayPalette.axes, "\(center)")
    }

    @Test("labels are drawn after every line: inside a label's chip each pixel is its text or the white veil over what lies below",
          arguments: [PageRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func labelsOverLines(_ rotation: PageRotation) throws {
        for space in DrawingSpace.allCases {
            for width in [160, 300, 600] {
                let drawing = try PageDrawing(page: Self.page(rotation: rotation), space: space, size: .width(width), boxes: PageBox.allCases,
                                              viewport: Rect(x: 40, y: 60, width: 120, height: 90))
                var labels: [(OverlayRenderer.LabelBounds, RGBColor)] = []
                // A black page image: a line or text drawn after the veil stays darker than it.
                let image = OverlayRenderer.render(drawing, pageImage: RGBImage(width: drawing.pixelWidth, height: drawing.pixelHeight, color: .black),
                                                   labels: &labels)
                #expect(labels.count >= 8, "two spaces' x, y and 0,0, the viewport's w and h")
                for (i, (chip, color)) in labels.enumerated() {
                    // Where chips overlap, the later label's text may cover the earlier one's.
                    let covered = labels[(i + 1)...].map(\.0)
                    for y in max(0, chip.y0)..<min(image.height, chip.y1) {
                        for x in max(0, chip.x0)..<min(image.width, chip.x1)
                            where !covered.contains(where: { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }) {
                            let p = try #require(image.pixel(x: x, y: y))
                            // 0.85 × 255 + 0.15 × 0 = 216.75: the veil over black, the darkest it gets.
                            let veiled = min(p.red, p.green, p.blue) >= 216
                            #expect(p == color || veiled, "\(rotation) \(space) width \(width): pixel (\(x), \(y)) \(p) in the chip \(chip) of a \(color) label")
                            if !(p == color || veiled) { return }
                        }
                    }
                }
            }
        }
    }
}
