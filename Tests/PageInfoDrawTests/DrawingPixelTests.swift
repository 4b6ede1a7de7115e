// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoDraw
import PageInfoPoppler
import PageInfoTestSupport
import Testing

/// Renders `Fixtures/rotations.pdf` (every page: MediaBox 500×700, CropBox [20 30 420 630], the
/// content a light-blue fill of the CropBox and a red triangle pointing to raw "up", see
/// `scripts/make_fixtures.py`) and checks the picture at pixels computed by hand from that
/// geometry and the README's rotation table, never from the drawing code.
@Suite("Drawing pixels")
struct DrawingPixelTests {
    static let tint = RGBColor(red: 235, green: 242, blue: 255)   // 0.92 0.95 1 rg
    static let red = RGBColor(red: 204, green: 51, blue: 51)      // 0.8 0.2 0.2 rg
    static let white = RGBColor.white

    /// Page n (1…4) has /Rotate 0, 90, 180, 270.
    static let pages = [(1, 0), (2, 90), (3, 180), (4, 270)]

    /// The README's raw → page table for CropBox [20 30 420 630]: the hand formula, independent of PageInfo.
    static func handRawToPage(_ x: Double, _ y: Double, rotation: Int) -> (Double, Double) {
        switch rotation {
        case 0: (x - 20, y - 30)
        case 90: (y - 30, 420 - x)
        case 180: (420 - x, 630 - y)
        default: (630 - y, x - 20)
        }
    }

    static func picture(page number: Int, space: DrawingSpace, boxes: [PageBox] = [.crop], scale: Double = 1,
                        viewport: Rect? = nil) throws -> (PageDrawing, RGBImage, RGBImage) {
        let path = Paths.fixture("rotations.pdf")
        let info = try PopplerDocument(path: path).page(at: number - 1)
        let drawing = try PageDrawing(page: info, space: space, size: .scale(scale), boxes: boxes, viewport: viewport)
        let pixels = try PageRenderer(path: path).render(pageIndex: info.index, region: drawing.region, rotation: drawing.rotation,
                                                         width: drawing.pixelWidth, height: drawing.pixelHeight)
        let pageImage = RGBImage(width: drawing.pixelWidth, height: drawing.pixelHeight, pixels: pixels)
        return (drawing, pageImage, OverlayRenderer.render(drawing, pageImage: pageImage))
    }

    @Test("raw space: the unrotated MediaBox at 1 px/pt, whatever the rotation; content and CropBox outline where the numbers say",
          arguments: pages)
    func rawSpace(_ page: (Int, Int)) throws {
        let (drawing, pageImage, picture) = try Self.picture(page: page.0, space: .raw)
        let m = drawing.margin
        #expect((drawing.pixelWidth, drawing.pixelHeight) == (500, 700))
        // Rendered content: raw (x, y) is pixel (x, 700 − y). The CropBox tint starts at x = 20 and y = 630 → row 70.
        #expect(near(pageImage.pixel(x: 19, y: 300), Self.white))
        #expect(near(pageImage.pixel(x: 21, y: 300), Self.tint))
        #expect(near(pageImage.pixel(x: 418, y: 300), Self.tint))
        #expect(near(pageImage.pixel(x: 421, y: 300), Self.white))
        #expect(near(pageImage.pixel(x: 200, y: 69), Self.white))
        #expect(near(pageImage.pixel(x: 200, y: 71), Self.tint))
        #expect(near(pageImage.pixel(x: 200, y: 669), Self.tint))
        #expect(near(pageImage.pixel(x: 200, y: 671), Self.white))
        // The triangle: raw (220, 400) is inside it, raw (220, 600) above its tip (raw 570).
        #expect(near(pageImage.pixel(x: 220, y: 300), Self.red))
        #expect(near(pageImage.pixel(x: 220, y: 100), Self.tint))

        // The CropBox outline (2 px, inside the box): columns 20–21 and 418–419, rows 70–71 and 668–669.
        let green = OverlayPalette.color(for: .crop)
        for (x, y) in [(20, 300), (21, 300), (418, 300), (419, 300), (200, 70), (200, 71), (200, 668), (200, 669)] {
            #expect(picture.pixel(x: x + m, y: y + m) == green, "crop outline at \(x),\(y)")
        }
        for (x, y) in [(19, 300), (422, 300), (200, 69), (200, 672)] {
            #expect(near(picture.pixel(x: x + m, y: y + m), Self.white), "outside the outline at \(x),\(y)")
        }
        // The board around the page.
        #expect(picture.pixel(x: m - 1, y: m + 300) == OverlayRenderer.board)

        // Page space's origin (the other axes' disc) at the displayed lower-left corner, in raw terms:
        // rot 0 → raw (20, 30); 90 → (420, 30); 180 → (420, 630); 270 → (20, 630).
        let corner: (Int, Int) = [0: (20, 30), 90: (420, 30), 180: (420, 630), 270: (20, 630)][page.1]!
        #expect(picture.pixel(x: corner.0 + m, y: 700 - corner.1 + m) == OverlayPalette.otherAxes)
        // Raw space's own origin: raw (0, 0) = pixel (0, 700).
        #expect(picture.pixel(x: m, y: 700 + m) == OverlayPalette.axes)
    }

    @Test("page space: the displayed page; the triangle where the rotation table puts it", arguments: pages)
    func pageSpace(_ page: (Int, Int)) throws {
        let (drawing, pageImage, picture) = try Self.picture(page: page.0, space: .page)
        let m = drawing.margin
        let quarter = page.1 == 90 || page.1 == 270
        let (w, h) = quarter ? (600, 400) : (400, 600)
        #expect((drawing.pixelWidth, drawing.pixelHeight) == (w, h))
        // Raw (220, 400) is inside the triangle, raw (220, 600) above its tip, raw (60, 340) in the tinted margin.
        func px(_ x: Double, _ y: Double) -> (Int, Int) {
            let (u, v) = Self.handRawToPage(x, y, rotation: page.1)
            return (Int(u), Int(Double(h) - v))    // view (u, H − v), 1 px per point
        }
        let inside = px(220, 400), above = px(220, 600), margin = px(60, 340)
        #expect(near(pageImage.pixel(x: inside.0, y: inside.1), Self.red), "triangle at \(inside)")
        #expect(near(pageImage.pixel(x: above.0, y: above.1), Self.tint), "above the tip at \(above)")
        #expect(near(pageImage.pixel(x: margin.0, y: margin.1), Self.tint), "tint at \(margin)")
        // The CropBox is the whole page: its outline is on the image's border rows and columns.
        let green = OverlayPalette.color(for: .crop)
        for (x, y) in [(0, h / 2), (1, h / 2), (w - 1, h / 2), (w / 2, 0), (w / 2, h - 1)] {
            #expect(picture.pixel(x: x + m, y: y + m) == green, "crop outline at \(x),\(y)")
        }
        // Page space's origin: the displayed lower-left corner, pixel (0, H).
        #expect(picture.pixel(x: m, y: h + m) == OverlayPalette.axes)
    }

    @Test("a viewport on a 90° page, drawn in raw space, lands where page → raw says")
    func viewportInRawSpace() throws {
        // Page 2 (/Rotate 90): page (u, v) ↔ raw (420 − v, 30 + u). Viewport page (100, 50, 200, 150):
        // corners page (100, 50) → raw (370, 130), page (300, 200) → raw (220, 330); raw x 220…370,
        // y 130…330 → pixels x 220…370, rows 700 − 330 = 370 … 700 − 130 = 570.
        let (drawing, _, picture) = try Self.picture(page: 2, space: .raw, boxes: [], viewport: Rect(x: 100, y: 50, width: 200, height: 150))
        let m = drawing.margin
        let v = try #require(drawing.viewport)
        #expect(abs(v.view.minX - 220) < 1e-9 && abs(v.view.maxX - 370) < 1e-9)
        #expect(abs(v.view.minY - 370) < 1e-9 && abs(v.view.maxY - 570) < 1e-9)
        let orange = OverlayPalette.viewport
        for (x, y) in [(220, 470), (221, 470), (300, 370), (300, 371), (300, 569)] {
            #expect(picture.pixel(x: x + m, y: y + m) == orange, "viewport outline at \(x),\(y)")
        }
        #expect(picture.pixel(x: 218 + m, y: 470 + m) != orange)
        // The width grows along page +x = raw +y = up: the width arrow ends at page (300, 50) → raw (370, 330) → px (370, 370).
        #expect(abs(v.widthEnd.x - 370) < 1e-9 && abs(v.widthEnd.y - 370) < 1e-9)
        // The height grows along page +y = raw −x = left: page (100, 200) → raw (220, 130) → px (220, 570).
        #expect(abs(v.heightEnd.x - 220) < 1e-9 && abs(v.heightEnd.y - 570) < 1e-9)
    }

    @Test("--scale and --width set the image size (rounded up, as pdftoppm)")
    func sizes() throws {
        let info = try PopplerDocument(path: Paths.fixture("boxes.pdf")).page(at: 6)  // CropBox 574.625 × 810.5, MediaBox 595.276 × 841.89
        let a = try PageDrawing(page: info, space: .page, size: .scale(1.3))
        #expect((a.pixelWidth, a.pixelHeight) == (748, 1054))        // ⌈747.0125⌉, ⌈1053.65⌉
        let b = try PageDrawing(page: info, space: .raw, size: .scale(2))
        #expect((b.pixelWidth, b.pixelHeight) == (1191, 1684))       // ⌈1190.552⌉, ⌈1683.78⌉
        let c = try PageDrawing(page: info, space: .page, size: .width(300))
        #expect((c.pixelWidth, c.pixelHeight) == (300, 424))         // ⌈810.5 · 300 / 574.625 = 423.14⌉
        // The region is stretched onto the whole image: its corners are the image's corners.
        #expect(abs(c.placement.viewRect(fromRaw: info.cropBox).maxY - 424) < 1e-9)
        #expect(abs(c.placement.viewRect(fromRaw: info.cropBox).maxX - 300) < 1e-9)
        #expect(throws: DrawingError.self) { try PageDrawing(page: info, space: .page, size: .scale(40)) }   // 22985 × 32420
        #expect(throws: DrawingError.self) { try PageDrawing(page: info, space: .page, size: .scale(0)) }
        #expect(throws: DrawingError.self) { try PageDrawing(page: info, space: .page, size: .width(20_000)) } // 20000 × 28210: 564 MP
    }
}
