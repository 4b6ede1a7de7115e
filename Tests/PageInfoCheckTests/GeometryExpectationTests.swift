// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoCheck
import Testing

// GeometryExpectation on hand-built snapshots: every expected report line is written out here
// from the rule it tests (golden value → current value, delta = current − golden).

private let letter = Rect(x: 0, y: 0, width: 612, height: 792)

private func lines(_ golden: GeometrySnapshot, _ current: GeometrySnapshot,
                   tolerance: Double = 0.01, fields: CheckFields = .all) -> [String] {
    GeometryExpectation(tolerance: tolerance, fields: fields).differences(golden: golden, current: current).map(\.description)
}

@Suite("GeometryExpectation")
struct GeometryExpectationTests {
    let three = document([pageSnapshot(0, label: "i"), pageSnapshot(1, label: "ii"), pageSnapshot(2, label: "iii")])

    @Test("Identical documents: no difference")
    func identical() {
        #expect(lines(three, three).isEmpty)
        #expect(lines(document([]), document([])).isEmpty)
    }

    @Test("A box moved by more than the tolerance: one line with both values and the delta")
    func boxMovedBeyondTolerance() {
        var current = three
        current.pages[2] = pageSnapshot(2, label: "iii", crop: Rect(x: 0, y: 0, width: 611.5, height: 792),
                                        media: letter, others: letter, size: Size(width: 612, height: 792))
        #expect(lines(three, current) == ["page 3 (iii): cropBox.width 612 → 611.5 (−0.5 pt)"])
        // bleed, trim and art boxes follow the CropBox in pageSnapshot: they moved too.
        current.pages[2] = pageSnapshot(2, label: "iii", crop: Rect(x: 0.25, y: 0, width: 612, height: 792), size: Size(width: 612, height: 792))
        #expect(lines(three, current) == [
            "page 3 (iii): mediaBox.x 0 → 0.25 (+0.25 pt)", "page 3 (iii): cropBox.x 0 → 0.25 (+0.25 pt)",
            "page 3 (iii): bleedBox.x 0 → 0.25 (+0.25 pt)", "page 3 (iii): trimBox.x 0 → 0.25 (+0.25 pt)",
            "page 3 (iii): artBox.x 0 → 0.25 (+0.25 pt)",
        ])
    }

    @Test("A box moved by less than the tolerance: nothing")
    func boxMovedWithinTolerance() {
        var current = three
        current.pages[0] = pageSnapshot(0, label: "i", crop: Rect(x: 0.004, y: -0.009, width: 612.0099, height: 791.995))
        #expect(lines(three, current).isEmpty)
        // A4 written with 4 decimals instead of 3 (the issue's example).
        let a4 = document([pageSnapshot(0, crop: Rect(x: 0, y: 0, width: 595.276, height: 841.89))])
        let a4Rounded = document([pageSnapshot(0, crop: Rect(x: 0, y: 0, width: 595.2756, height: 841.8898))])
        #expect(lines(a4, a4Rounded).isEmpty)
    }

    @Test("Tolerance boundaries: a difference of exactly the tolerance matches, a hair more does not")
    func toleranceBoundaries() {
        let golden = document([pageSnapshot(0, crop: Rect(x: 0, y: 0, width: 612, height: 792))])
        func current(width: Double) -> GeometrySnapshot {
            document([pageSnapshot(0, crop: Rect(x: 0, y: 0, width: width, height: 792), media: letter, others: letter,
                                  size: Size(width: 612, height: 792))])
        }
        // 612.01 − 612 is 0.0100000000000477 in binary; the printed values differ by exactly 0.01.
        #expect(lines(golden, current(width: 612.01)).isEmpty)
        #expect(lines(golden, current(width: 611.99)).isEmpty)
        #expect(lines(golden, current(width: 612.0101)) == ["page 1: cropBox.width 612 → 612.0101 (+0.0101 pt)"])
        #expect(lines(golden, current(width: 612.5), tolerance: 0.5).isEmpty)
        #expect(lines(golden, current(width: 612.5), tolerance: 0.4999) == ["page 1: cropBox.width 612 → 612.5 (+0.5 pt)"])
        // Tolerance 0: only the printing precision (1e-9) is allowed.
        #expect(lines(golden, current(width: 612 + 1e-10), tolerance: 0).isEmpty)
        #expect(lines(golden, current(width: 612.001), tolerance: 0) == ["page 1: cropBox.width 612 → 612.001 (+0.001 pt)"])
    }

    @Test("A rotation change is reported whatever the tolerance, even on a square page")
    func rotation() {
        let square = Rect(x: 0, y: 0, width: 500, height: 500)
        let golden = document([pageSnapshot(0, crop: square, rotation: 0)])
        let turned = document([pageSnapshot(0, crop: square, rotation: 90)])
        #expect(lines(golden, turned, tolerance: 1000) == ["page 1: rotation 0 → 90", "page 1: rotationRaw 0 → 90"])
        // -90 written as 270: same displayed rotation, different raw value.
        let raw = document([pageSnapshot(0, crop: square, rotation: 270, rotationRaw: -90)])
        let raw270 = document([pageSnapshot(0, crop: square, rotation: 270, rotationRaw: 270)])
        #expect(lines(raw, raw270) == ["page 1: rotationRaw -90 → 270"])
        // A landscape page turned: the derived size changes too.
        let portrait = document([pageSnapshot(0, crop: letter, rotation: 0)])
        let landscape = document([pageSnapshot(0, crop: letter, rotation: 90)])
        #expect(lines(portrait, landscape) == [
            "page 1: rotation 0 → 90", "page 1: rotationRaw 0 → 90",
            "page 1: size.width 612 → 792 (+180 pt)", "page 1: size.height 792 → 612 (−180 pt)",
        ])
        #expect(lines(portrait, landscape, fields: [.boxes, .size]) == [
            "page 1: size.width 612 → 792 (+180 pt)", "page 1: size.height 792 → 612 (−180 pt)",
        ])
    }

    @Test("Size, UserUnit and label changes")
    func sizeUserUnitLabel() {
        let golden = document([pageSnapshot(0, label: "iii", size: Size(width: 612, height: 792))])
        #expect(lines(golden, document([pageSnapshot(0, label: "iii", size: Size(width: 612, height: 790))]))
                == ["page 1 (iii): size.height 792 → 790 (−2 pt)"])
        #expect(lines(golden, document([pageSnapshot(0, label: "iii", userUnit: 2)])) == ["page 1 (iii): userUnit 1 → 2 (+1)"])
        #expect(lines(golden, document([pageSnapshot(0, label: "3")])) == [#"page 1 (iii): label "iii" → "3""#])
        // null and "" differ; a label with a quote is quoted as JSON.
        let unlabelled = document([pageSnapshot(0, label: nil)])
        #expect(lines(unlabelled, document([pageSnapshot(0, label: "")])) == [#"page 1: label null → """#])
        #expect(lines(unlabelled, document([pageSnapshot(0, label: #"say "hi""#)])) == [#"page 1: label null → "say \"hi\"""#])
        #expect(lines(golden, document([pageSnapshot(0, label: nil)])) == [#"page 1 (iii): label "iii" → null"#])
        #expect(lines(golden, document([pageSnapshot(0, label: "3")]), fields: [.boxes]).isEmpty)
    }

    @Test("A page added at the end: the count line and the page, numbered as now")
    func pageAdded() {
        var current = three
        current.pages.append(pageSnapshot(3, label: "iv", crop: Rect(x: 0, y: 0, width: 595.276, height: 841.89)))
        current.pageCount = 4
        #expect(lines(three, current) == ["page count 3 → 4 (+1)", "page 4 (iv): added (595.276 x 841.89 pt)"])
    }

    @Test("A page removed from the middle is found by aligning equal pages at both ends")
    func pageRemoved() {
        let golden = document([pageSnapshot(0, crop: letter), pageSnapshot(1, crop: Rect(x: 0, y: 0, width: 420, height: 595), rotation: 90),
                               pageSnapshot(2, crop: Rect(x: 0, y: 0, width: 842, height: 1191))])
        let current = document([pageSnapshot(0, crop: letter), pageSnapshot(1, crop: Rect(x: 0, y: 0, width: 842, height: 1191))])
        #expect(lines(golden, current) == ["page count 3 → 2 (−1)", "page 2: removed (was 595 x 420 pt, rotation 90)"])
        // Without count, only the pages both have are compared, in order: page 2 is now A3, so
        // the width and height of its five boxes differ.
        #expect(lines(golden, current, fields: [.boxes]).count == 10)
    }

    @Test("--fields count alone names the page removed or added, aligning on every field (it named the last page)")
    func countAloneAlignsOnEveryField() {
        let a4 = Rect(x: 0, y: 0, width: 595, height: 842), a3 = Rect(x: 0, y: 0, width: 842, height: 1191)
        let golden = document([pageSnapshot(0, crop: letter), pageSnapshot(1, crop: a4), pageSnapshot(2, crop: a3)])
        // The first page removed: the current pages are the golden's 2 and 3.
        let withoutFirst = document([pageSnapshot(0, crop: a4), pageSnapshot(1, crop: a3)])
        #expect(lines(golden, withoutFirst, fields: [.count]) == ["page count 3 → 2 (−1)", "page 1: removed (was 612 x 792 pt)"])
        // A page inserted second: it is the one added, numbered as now.
        let inserted = document([pageSnapshot(0, crop: letter), pageSnapshot(1, crop: Rect(x: 0, y: 0, width: 100, height: 200)),
                                 pageSnapshot(2, crop: a4), pageSnapshot(3, crop: a3)])
        #expect(lines(golden, inserted, fields: [.count]) == ["page count 3 → 4 (+1)", "page 2: added (100 x 200 pt)"])
        // With other fields, those fields align the pages, as before.
        #expect(lines(golden, withoutFirst, fields: [.count, .boxes]) == ["page count 3 → 2 (−1)", "page 1: removed (was 612 x 792 pt)"])
    }

    @Test("A different page count alone: a golden holding some pages compares them by index")
    func countChanged() {
        // A golden written with --pages 2: pageCount 3, one page, index 1.
        let partial = document([pageSnapshot(1, label: "ii")], pageCount: 3)
        #expect(lines(partial, three).isEmpty)
        var grown = three
        grown.pages.append(pageSnapshot(3, label: "iv"))
        grown.pageCount = 4
        #expect(lines(partial, grown) == ["page count 3 → 4 (+1)"])
        let past = document([pageSnapshot(5, label: "vi")], pageCount: 6)
        #expect(lines(past, three) == ["page count 6 → 3 (−3)", "page 6 (vi): removed (was 612 x 792 pt)"])
        #expect(lines(past, three, fields: [.boxes]).isEmpty)
        // countClaimed is compared when both sides know it.
        var claimed = three, claimedOther = three
        claimed.countClaimed = 3; claimedOther.countClaimed = 4
        #expect(lines(claimed, claimedOther) == ["countClaimed 3 → 4 (+1)"])
        #expect(lines(claimed, three).isEmpty)
    }

    @Test("Page errors compare as errors, by code")
    func pageErrors() {
        let broken = PageSnapshot(index: 1, label: "ii", content: .error(SnapshotError(code: "page-not-dictionary", message: "page 2 is not a dictionary")))
        var golden = three
        golden.pages[1] = broken
        var current = three
        current.pages[1] = PageSnapshot(index: 1, label: nil, content: .error(SnapshotError(code: "page-not-dictionary", message: "reworded")))
        #expect(lines(golden, current).isEmpty)
        #expect(lines(golden, three) == ["page 2 (ii): reads now; the golden records an error (page-not-dictionary)"])
        #expect(lines(three, golden) == ["page 2 (ii): cannot be read now (page-not-dictionary: page 2 is not a dictionary); the golden has its geometry"])
        current.pages[1] = PageSnapshot(index: 1, label: nil, content: .error(SnapshotError(code: "page-unreadable", message: "")))
        #expect(lines(golden, current) == ["page 2 (ii): error page-not-dictionary → page-unreadable"])
        // A golden of a file that could not be read, which reads now.
        let failed = GeometrySnapshot(file: "a.pdf", pageCount: 0, error: SnapshotError(code: "damaged", message: "xref"), pages: [])
        #expect(lines(failed, document([])) == ["the golden records an error (damaged: xref); the file reads now"])
    }

    @Test("Several differences on several pages come in page order, each once")
    func ordering() {
        var current = three
        current.pages[0] = pageSnapshot(0, label: "i", rotation: 180)
        current.pages[2] = pageSnapshot(2, label: "3", userUnit: 0.5)
        let result = GeometryExpectation().differences(golden: three, current: current)
        #expect(result.map(\.description) == [
            "page 1 (i): rotation 0 → 180", "page 1 (i): rotationRaw 0 → 180",
            "page 3 (iii): userUnit 1 → 0.5 (−0.5)", #"page 3 (iii): label "iii" → "3""#,
        ])
        #expect(result.map(\.pageIndex) == [0, 0, 2, 2])
        #expect(result[2].delta == -0.5 && result[2].expected == .number(1) && result[2].actual == .number(0.5))
    }

    @Test("--fields names parse, in any case, and unknown names are refused with the list")
    func fields() throws {
        #expect(try CheckFields.parse("boxes,rotation").get() == [.boxes, .rotation])
        #expect(try CheckFields.parse("userunit, COUNT").get() == [.userUnit, .count])
        #expect(try CheckFields.parse("all").get() == .all)
        #expect(CheckFields.all.description == "boxes,rotation,size,label,userUnit,count")
        guard case .failure(let error) = CheckFields.parse("boxes,transform") else { Issue.record("accepted"); return }
        #expect(error.description == "unknown field 'transform'; the fields are boxes, rotation, size, label, userUnit, count (or all)")
        guard case .failure = CheckFields.parse("") else { Issue.record("accepted an empty list"); return }
    }
}
