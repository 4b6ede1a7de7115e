// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry
import Testing

/// The seed's automatic thumbnail size, checked by hand. US Letter is 612×792, aspect ratio
/// 612/792 = 0.772727…; spacing 10 throughout.
@Suite struct ThumbnailGridTests {
    let letter = Size(width: 612, height: 792)

    /// iPhone portrait 375×667: area 250125, /10 = 25012.5; ×0.7727 = 19327.8; √ = 139.02;
    /// 375 / 139.02 = 2.70 → 3 columns; (375 − 2·10) / 3 = 118.33 → width 118;
    /// 118.33 / 0.7727 = 153.14 → height 153. Rows: pitch 163; ⌈667/163⌉ = 5 visible,
    /// ⌊677/163⌋ = 4 fully visible.
    @Test func iPhonePortrait() {
        let g = ThumbnailGrid(pageSize: letter, containerSize: Size(width: 375, height: 667), spacing: 10)
        #expect(g.columns == 3)
        #expect(g.itemSize == Size(width: 118, height: 153))
        #expect(g.visibleRows == 5 && g.fullyVisibleRows == 4)
    }

    /// iPhone landscape 667×375: same area, so the same approximate width 139.02;
    /// 667 / 139.02 = 4.80 → 5 columns; (667 − 40) / 5 = 125.4 → 125; 125.4 / 0.7727 = 162.28 → 162.
    /// Rows: pitch 172; ⌈375/172⌉ = 3, ⌊385/172⌋ = 2.
    @Test func iPhoneLandscape() {
        let g = ThumbnailGrid(pageSize: letter, containerSize: Size(width: 667, height: 375), spacing: 10)
        #expect(g.columns == 5)
        #expect(g.itemSize == Size(width: 125, height: 162))
        #expect(g.visibleRows == 3 && g.fullyVisibleRows == 2)
    }

    /// iPad portrait 768×1024: area 786432, /10 = 78643.2; ×0.7727 = 60769.8; √ = 246.52;
    /// 768 / 246.52 = 3.12 → 3 columns; (768 − 20) / 3 = 249.33 → 249; 249.33 / 0.7727 = 322.67 → 322.
    /// Rows: pitch 332; ⌈1024/332⌉ = 4, ⌊1034/332⌋ = 3.
    @Test func iPadPortrait() {
        let g = ThumbnailGrid(pageSize: letter, containerSize: Size(width: 768, height: 1024), spacing: 10)
        #expect(g.columns == 3)
        #expect(g.itemSize == Size(width: 249, height: 322))
        #expect(g.visibleRows == 4 && g.fullyVisibleRows == 3)
    }

    /// iPad landscape 1024×768: 1024 / 246.52 = 4.15 → 4 columns; (1024 − 30) / 4 = 248.5 → 248;
    /// 248.5 / 0.7727 = 321.59 → 321. Rows: pitch 331; ⌈768/331⌉ = 3, ⌊778/331⌋ = 2.
    /// Portrait and landscape keep about the same item size — the point of the method.
    @Test func iPadLandscape() {
        let g = ThumbnailGrid(pageSize: letter, containerSize: Size(width: 1024, height: 768), spacing: 10)
        #expect(g.columns == 4)
        #expect(g.itemSize == Size(width: 248, height: 321))
        #expect(g.visibleRows == 3 && g.fullyVisibleRows == 2)
    }

    /// A landscape A4 page (842×595, ratio 1.415) on an iPhone in portrait: approximate width
    /// √(25012.5 · 1.415) = 188.14; 375 / 188.14 = 1.99 → 2 columns; (375 − 10) / 2 = 182.5 → 182;
    /// 182.5 / 1.415 = 128.96 → 128.
    @Test func landscapePageOnPortraitPhone() {
        #expect(ThumbnailGrid.automaticThumbnailSize(for: Size(width: 842, height: 595), containerSize: Size(width: 375, height: 667),
                                                     interitemSpacing: 10) == Size(width: 182, height: 128))
    }

    /// A very wide page (10000×100, ratio 100): approximate width √(25012.5 · 100) = 1581.5,
    /// wider than the container; 375 / 1581.5 = 0.24 rounds to 0, so the floor of one column
    /// applies: width 375, height ⌊375 / 100⌋ = 3.
    @Test func veryWidePageGivesOneColumn() {
        let g = ThumbnailGrid(pageSize: Size(width: 10000, height: 100), containerSize: Size(width: 375, height: 667), spacing: 10)
        #expect(g.columns == 1)
        #expect(g.itemSize == Size(width: 375, height: 3))
        // A 3000×500 banner (ratio 6): √(25012.5 · 6) = 387.4 → 375/387.4 = 0.97 → 1 column, 375×62.
        let banner = ThumbnailGrid(pageSize: Size(width: 3000, height: 500), containerSize: Size(width: 375, height: 667), spacing: 10)
        #expect(banner.columns == 1 && banner.itemSize == Size(width: 375, height: 62))
    }

    /// A very tall page (100×10000, ratio 0.01): approximate width √(25012.5 · 0.01) = 15.82;
    /// 375 / 15.82 = 23.7 → 24 columns; (375 − 230) / 24 = 6.04 → 6; 6.04 / 0.01 = 604.2 → 604.
    @Test func veryTallPageGivesManyNarrowColumns() {
        let g = ThumbnailGrid(pageSize: Size(width: 100, height: 10000), containerSize: Size(width: 375, height: 667), spacing: 10)
        #expect(g.columns == 24)
        #expect(g.itemSize == Size(width: 6, height: 604))
        #expect(g.visibleRows == 2 && g.fullyVisibleRows == 1)
    }

    @Test func mixedSizesUseTheMostCommonRatio() {
        let a4 = Size(width: 595.276, height: 841.89), a4b = Size(width: 595.28, height: 841.89), wide = Size(width: 842, height: 595)
        // Two A4 (same ratio to three decimals) beat one letter and one landscape page.
        #expect(ThumbnailGrid.mostCommonAspectRatioPageSize([letter, a4, wide, a4b]) == a4)
        // A tie goes to the ratio seen first.
        #expect(ThumbnailGrid.mostCommonAspectRatioPageSize([wide, letter, letter, wide]) == wide)
        #expect(ThumbnailGrid.mostCommonAspectRatioPageSize([]) == nil)
        // Pages without area are ignored.
        #expect(ThumbnailGrid.mostCommonAspectRatioPageSize([.zero, .zero, letter]) == letter)
        let grid = ThumbnailGrid(pageSizes: [wide, letter, letter, letter], containerSize: Size(width: 375, height: 667), spacing: 10)
        #expect(grid.pageSize == letter && grid.itemSize == Size(width: 118, height: 153))
        // Four pages in three columns: two rows in total, so at most two are visible.
        #expect(grid.totalRows == 2 && grid.visibleRows == 2 && grid.fullyVisibleRows == 2)
    }

    @Test func degenerateInputsStayFinite() {
        let zeroSpacingWide = ThumbnailGrid(pageSize: letter, containerSize: Size(width: 10, height: 10), spacing: 100)
        #expect(zeroSpacingWide.itemSize.width >= 0 && zeroSpacingWide.itemSize.height >= 0)
        let empty = ThumbnailGrid(pageSize: letter, containerSize: .zero, spacing: 10)
        #expect(empty.columns == 1 && empty.visibleRows == 0)
    }

    /// A spacing too wide for the seed's column count: page 100×1000 (ratio 0.1) in 1000×100 with
    /// spacing 100. The seed: area 10,000, ×0.1 = 1,000, √ = 31.62, 1000 / 31.62 → 32 columns, and
    /// (1000 − 31·100) / 32 = −65.6: no grid. At most (1000 + 100) / (1 + 100) = 10.89 → 10
    /// columns fit: (1000 − 9·100) / 10 = 10 wide, 10 / 0.1 = 100 high. Rows: pitch 200,
    /// ⌈100/200⌉ = 1 visible, ⌊200/200⌋ = 1 fully visible.
    @Test func spacingTooWideForTheSeedsColumns() {
        let g = ThumbnailGrid(pageSize: Size(width: 100, height: 1000), containerSize: Size(width: 1000, height: 100), spacing: 100)
        #expect(g.columns == 10)
        #expect(g.itemSize == Size(width: 10, height: 100))
        #expect(g.visibleRows == 1 && g.fullyVisibleRows == 1)
        // Every item at least one unit wide, and the row fits the container.
        let huge = ThumbnailGrid(pageSize: Size(width: 100, height: 1000), containerSize: Size(width: 1e12, height: 1e12), spacing: 1e12)
        #expect(huge.columns == 1 && huge.itemSize.width == 1e12)
        #expect(huge.fullyVisibleRows <= huge.visibleRows)
    }
}
