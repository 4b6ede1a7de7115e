// SPDX-License-Identifier: Apache-2.0
import PageInfoRecords
import Testing

/// The /Count rule of ISO 32000-2 §12.3.3 (Table 151): an open item's /Count is the number of
/// its descendants shown (its children, and below each open child that child's shown ones), a
/// closed item's minus the number shown once it is opened. The trees here are worked out by
/// hand; each entry is (level, /Count).
@Suite("DocumentOutline: /Count against the levels and open flags")
struct OutlineCountTests {
    static func outline(_ items: [(Int, Int?)]) -> DocumentOutline {
        DocumentOutline(entries: items.enumerated().map { OutlineEntry(index: $0.offset, level: $0.element.0, count: $0.element.1) })
    }

    static func mismatches(_ outline: DocumentOutline, clipped: Bool = false) -> [Int] {
        var outline = outline
        outline.warnCountMismatches(clipped: clipped)
        return outline.entries.filter { $0.warnings.contains { $0.code == .outlineCountMismatch } }.map(\.index)
    }

    @Test("open and closed items, three levels deep: every /Count as the spec counts it")
    func consistent() {
        // A (open) → B (closed: C, D hidden), E (open) → F; G (closed) → H.
        // A shows B, E, F: 3; B hides C, D: -2; E shows F: 1; G hides H: -1.
        let o = Self.outline([(0, 3), (1, -2), (2, nil), (2, nil), (1, 1), (2, nil), (0, -1), (1, nil)])
        let d = o.visibleDescendants(clipped: false)
        #expect(d.map(\.visible) == [3, 2, 0, 0, 1, 0, 1, 0])
        #expect(d.map(\.hasChildren) == [true, true, false, false, true, false, true, false])
        #expect(Self.mismatches(o).isEmpty)
        #expect(o.entries.map(\.isOpen) == [true, false, false, false, true, false, false, false])
    }

    @Test("a /Count of 10^9, one of the wrong sign's size, a leaf's /Count and a missing one are each warned")
    func mismatched() {
        // 0: 10^9 over two leaves; 3: closed -5 over one child; 5: a leaf with /Count 2; 6: children, no /Count.
        let o = Self.outline([(0, 1_000_000_000), (1, nil), (1, nil), (0, -5), (1, nil), (0, 2), (0, nil), (1, nil)])
        #expect(Self.mismatches(o) == [0, 3, 5, 6])
        var warned = o
        warned.warnCountMismatches(clipped: false)
        #expect(warned.entries[0].warnings.first?.message == "outline entry 1 has a /Count of 1000000000, but 2 descendants are shown when it is open")
        #expect(warned.entries[5].warnings.first?.message == "outline entry 6 has a /Count of 2, but no children")
        // A leaf's /Count 0 is no mismatch.
        #expect(Self.mismatches(Self.outline([(0, 0)])).isEmpty)
    }

    @Test("an item whose subtree was cut is not compared, nor its ancestors; the others are")
    func cut() {
        var o = Self.outline([(0, 5), (1, 9), (2, nil), (0, 7), (1, nil)])
        o.entries[2].warnings = [ReadWarning(.outlineLoop, "cut")]
        // 0 and 1 lie above the cut; 3 does not (its /Count 7 over one child is warned).
        #expect(Self.mismatches(o) == [3])
        // Clipped: the last entry and its ancestors (3) are not compared.
        #expect(Self.mismatches(Self.outline([(0, 1), (1, nil), (0, 4), (1, nil)]), clipped: true) == [])
        #expect(Self.mismatches(Self.outline([(0, 4), (1, nil), (0, 4), (1, nil)]), clipped: true) == [0])
    }
}
