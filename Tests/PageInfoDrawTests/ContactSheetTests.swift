// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoDraw
import PageInfoPoppler
import PageInfoTestSupport
import Testing

/// The contact sheet's layout against the seed's grid numbers computed by hand, and its pixels.
@Suite("Contact sheet")
struct ContactSheetTests {
    @Test("labels.pdf in 375x667, spacing 10: 3 columns of 118×153 (the thumbnails help's worked example)")
    func layout() throws {
        let doc = try PopplerDocument(path: Paths.fixture("labels.pdf"))
        let pages = try (0..<doc.pageCount).map { try doc.page(at: $0) }
        let sheet = try ContactSheet(pages: pages, containerSize: Size(width: 375, height: 667), spacing: 10)
        #expect(sheet.grid.columns == 3)
        #expect(sheet.grid.itemSize == Size(width: 118, height: 153))
        #expect(sheet.pixelWidth == 375)
        #expect(sheet.pixelHeight == 5 * 153 + 4 * 10)   // 13 pages → 5 rows
        #expect(sheet.items.map(\.caption) == ["i", "ii", "iii", "iv", "A-1", "A-2", "A-3", "Z", "AA", "BB", "Index", "a", "b"])
        // Item 4: column 1, row 1 → (118 + 10, 153 + 10).
        #expect(sheet.items[4].cell == Rect(x: 128, y: 163, width: 118, height: 153))
        // A Letter page (612×792) in a 118×153 cell: aspect-fit scale min(118/612, 153/792) = 0.19281,
        // 118 × 152.7 → centred, rounded: 118 × 153 at the cell's origin.
        let f = sheet.items[4].pixelFrame
        #expect(f.x == 128 && f.width == 118 && f.height == 153 && f.y == 163)
    }

    @Test("pixels: thumbnails rendered in their frames, background between them")
    func pixels() throws {
        let path = Paths.fixture("labels.pdf")
        let doc = try PopplerDocument(path: path)
        let pages = try (0..<4).map { try doc.page(at: $0) }
        let sheet = try ContactSheet(pages: pages, containerSize: Size(width: 375, height: 667), spacing: 10)
        let renderer = try PageRenderer(path: path)
        let thumbs = try sheet.items.map { item in
            RGBImage(width: item.pixelFrame.width, height: item.pixelFrame.height,
                     pixels: try renderer.render(pageIndex: item.page.index, region: item.page.cropBox, rotation: item.page.rotation,
                                                 width: item.pixelFrame.width, height: item.pixelFrame.height))
        }
        let image = sheet.render(thumbnails: thumbs)
        // The gap between column 0 and column 1 (x 118…127) is background.
        #expect(image.pixel(x: 122, y: 60) == ContactSheet.background)
        // Inside the first thumbnail, well away from its frame, caption and drawing: the page's tinted fill.
        #expect(near(image.pixel(x: 20, y: 100), RGBColor(red: 235, green: 242, blue: 255), tolerance: 6))
        #expect(image.width == 375 && image.height == 2 * 153 + 10 + sheet.legendHeight)
    }

    @Test("a container too small for a pixel of thumbnail, and a sheet beyond the limit, are errors")
    func errors() throws {
        let page = PageInfo(index: 0, boxes: PageBoxes(uniform: Rect(x: 0, y: 0, width: 612, height: 792)), rotation: .degrees0)
        // (1x1 with spacing 10 is one column of one 1x1 pixel now that the columns fit their gaps)
        #expect(throws: DrawingError.self) { try ContactSheet(pages: [page], containerSize: Size(width: 0.5, height: 0.5), spacing: 10) }
        let many = [PageInfo](repeating: page, count: 100_000)
        #expect(throws: DrawingError.self) { try ContactSheet(pages: many, containerSize: Size(width: 2000, height: 2000), spacing: 10) }
    }
}
