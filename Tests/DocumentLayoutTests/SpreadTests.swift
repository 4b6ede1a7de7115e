// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry
import Testing

@Suite struct SpreadMappingTests {
    @Test func singleModeIsOnePagePerSpread() {
        let m = SpreadMapping(pageCount: 3, mode: .single)
        #expect(m.spreadCount == 3)
        #expect((0..<3).map(m.pageRange(forSpread:)) == [0..<1, 1..<2, 2..<3])
        #expect((0..<3).map(m.spreadIndex(forPage:)) == [0, 1, 2])
    }

    @Test func doubleModePairsFromPageZero() {
        let odd = SpreadMapping(pageCount: 5, mode: .double)
        #expect(odd.spreadCount == 3)
        #expect((0..<3).map(odd.pageRange(forSpread:)) == [0..<2, 2..<4, 4..<5]) // last spread holds one page
        #expect((0..<5).map(odd.spreadIndex(forPage:)) == [0, 0, 1, 1, 2])
        let even = SpreadMapping(pageCount: 4, mode: .double)
        #expect(even.spreadCount == 2)
        #expect(even.pageRange(forSpread: 1) == 2..<4)
    }

    @Test func bookModeHasTheCoverAlone() {
        let even = SpreadMapping(pageCount: 4, mode: .book)
        #expect(even.spreadCount == 3)
        #expect((0..<3).map(even.pageRange(forSpread:)) == [0..<1, 1..<3, 3..<4]) // last spread holds one page
        #expect((0..<4).map(even.spreadIndex(forPage:)) == [0, 1, 1, 2])
        let odd = SpreadMapping(pageCount: 5, mode: .book)
        #expect(odd.spreadCount == 3)
        #expect((0..<3).map(odd.pageRange(forSpread:)) == [0..<1, 1..<3, 3..<5])
        #expect(SpreadMapping(pageCount: 1, mode: .book).spreadCount == 1)
    }

    @Test func emptyDocumentHasNoSpreads() {
        for mode in SpreadMode.allCases { #expect(SpreadMapping(pageCount: 0, mode: mode).spreadCount == 0) }
    }

    /// Property: every page belongs to exactly one spread, and the spread's page range contains it.
    @Test func everyPageBelongsToExactlyOneSpread() {
        for mode in SpreadMode.allCases {
            for binding in SpreadBinding.allCases {
                for pageCount in 0...41 {
                    let m = SpreadMapping(pageCount: pageCount, mode: mode, binding: binding)
                    var owner = [Int](repeating: -1, count: pageCount)
                    for s in 0..<m.spreadCount {
                        let r = m.pageRange(forSpread: s)
                        #expect(!r.isEmpty && r.count <= m.slotsPerSpread)
                        for p in r {
                            #expect(owner[p] == -1, "page \(p) in two spreads (\(mode), \(pageCount) pages)")
                            owner[p] = s
                        }
                    }
                    #expect(!owner.contains(-1), "a page in no spread (\(mode), \(pageCount) pages)")
                    for p in 0..<pageCount {
                        #expect(m.pageRange(forSpread: m.spreadIndex(forPage: p)).contains(p))
                        #expect(m.spreadIndex(forPage: p) == owner[p])
                    }
                }
            }
        }
        // Large counts stay O(1) arithmetic.
        let big = SpreadMapping(pageCount: 100_001, mode: .book)
        #expect(big.spreadCount == 50_001)
        #expect(big.pageRange(forSpread: 50_000) == 99_999..<100_001)
    }

    @Test func slotsFollowTheBinding() {
        let book = SpreadMapping(pageCount: 4, mode: .book)
        #expect(book.slots(forSpread: 0) == SpreadSlots(left: nil, right: 0, count: 2)) // cover is a right-hand page
        #expect(book.slots(forSpread: 1) == SpreadSlots(left: 1, right: 2, count: 2))
        #expect(book.slots(forSpread: 2) == SpreadSlots(left: 3, right: nil, count: 2)) // lone last page on the left
        let rtl = SpreadMapping(pageCount: 4, mode: .book, binding: .rightToLeft)
        #expect(rtl.slots(forSpread: 0) == SpreadSlots(left: 0, right: nil, count: 2))
        #expect(rtl.slots(forSpread: 1) == SpreadSlots(left: 2, right: 1, count: 2))
        #expect(rtl.slots(forSpread: 2) == SpreadSlots(left: nil, right: 3, count: 2))
        #expect(SpreadMapping(pageCount: 2, mode: .single, binding: .rightToLeft).slots(forSpread: 1)
                == SpreadSlots(left: 1, right: nil, count: 1))
    }
}

@Suite struct SpreadGeometryTests {
    /// Pages 300×400 and 150×200 share the common height 400: the second is scaled by 400/200 = 2
    /// to 300×400, so the spread is 600×400 with the pages side by side.
    @Test func pagesAreScaledToTheTallestHeight() {
        let sizes = [Size(width: 300, height: 400), Size(width: 150, height: 200)]
        let g = SpreadGeometry(spread: 0, mapping: SpreadMapping(pageCount: 2, mode: .double), pageSizes: sizes)
        #expect(g.size == Size(width: 600, height: 400))
        #expect(Array(g.pages) == [PlacedPage(page: 0, frame: Rect(x: 0, y: 0, width: 300, height: 400)),
                                   PlacedPage(page: 1, frame: Rect(x: 300, y: 0, width: 300, height: 400))])
        // Right-to-left binding reverses the order.
        let rtl = SpreadGeometry(spread: 0, mapping: SpreadMapping(pageCount: 2, mode: .double, binding: .rightToLeft), pageSizes: sizes)
        #expect(Array(rtl.pages) == [PlacedPage(page: 1, frame: Rect(x: 0, y: 0, width: 300, height: 400)),
                                     PlacedPage(page: 0, frame: Rect(x: 300, y: 0, width: 300, height: 400))])
    }

    /// Book mode, 4 pages: the cover (300×400) alone in the right slot of a 600×400 spread;
    /// 150×200 beside 300×600 → common height 600, the first scaled ×3 to 450×600 → 750×600;
    /// the lone last page 200×400 in the left slot of a 400×400 spread.
    @Test func lonePagesKeepTheirSideAndScale() {
        let sizes = [Size(width: 300, height: 400), Size(width: 150, height: 200), Size(width: 300, height: 600), Size(width: 200, height: 400)]
        let m = SpreadMapping(pageCount: 4, mode: .book)
        let g = (0..<3).map { SpreadGeometry(spread: $0, mapping: m, pageSizes: sizes) }
        #expect(g[0].size == Size(width: 600, height: 400))
        #expect(Array(g[0].pages) == [PlacedPage(page: 0, frame: Rect(x: 300, y: 0, width: 300, height: 400))])
        #expect(g[1].size == Size(width: 750, height: 600))
        #expect(Array(g[1].pages) == [PlacedPage(page: 1, frame: Rect(x: 0, y: 0, width: 450, height: 600)),
                                      PlacedPage(page: 2, frame: Rect(x: 450, y: 0, width: 300, height: 600))])
        #expect(g[2].size == Size(width: 400, height: 400))
        #expect(Array(g[2].pages) == [PlacedPage(page: 3, frame: Rect(x: 0, y: 0, width: 200, height: 400))])
    }

    @Test func pagesWithoutAreaTakeNoRoom() {
        let sizes = [Size(width: 0, height: 0), Size(width: 300, height: 400)]
        let g = SpreadGeometry(spread: 0, mapping: SpreadMapping(pageCount: 2, mode: .double), pageSizes: sizes)
        #expect(g.size == Size(width: 300, height: 400))
        #expect(g.pages[0].frame.width == 0)
    }
}

@Suite struct DocumentPresentationTests {
    @Test func pageLayoutMapsToSpreadAndScrollMode() {
        let expected: [PDFPageLayout: (SpreadMode, ScrollMode)] = [
            .singlePage: (.single, .perSpread), .oneColumn: (.single, .continuous),
            .twoColumnLeft: (.double, .continuous), .twoColumnRight: (.book, .continuous),
            .twoPageLeft: (.double, .perSpread), .twoPageRight: (.book, .perSpread),
        ]
        for layout in PDFPageLayout.allCases {
            #expect(layout.spreadMode == expected[layout]!.0)
            #expect(layout.scrollMode == expected[layout]!.1)
        }
    }

    @Test func directionMapsToBinding() {
        #expect(ReadingDirection.leftToRight.binding == .leftToRight)
        #expect(ReadingDirection.rightToLeft.binding == .rightToLeft)
        #expect(DocumentPresentation(pageLayout: nil, direction: nil)
                == DocumentPresentation(spreadMode: .single, binding: .leftToRight, scrollMode: .continuous))
        #expect(DocumentPresentation(pageLayout: .twoPageRight, direction: .rightToLeft)
                == DocumentPresentation(spreadMode: .book, binding: .rightToLeft, scrollMode: .perSpread))
    }
}
