// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PageGeometry
import PageInfoCheck
import PageInfoPoppler
import Testing

// The three report formats, from hand-built results: text lines and summary written out here,
// JSON parsed back, JUnit XML parsed with an XML parser and its counts and names checked.

private let letter = Rect(x: 0, y: 0, width: 612, height: 792)

/// Three results: one matching (2 pages), one with three differences (3 pages in the golden,
/// one of them removed), one that could not be read.
private func sampleResults() -> [FileCheck] {
    let expectation = GeometryExpectation()
    let golden = document([pageSnapshot(0, label: "i"), pageSnapshot(1, label: "ii"), pageSnapshot(2, label: "iii"),
                           pageSnapshot(3, label: "iv", crop: Rect(x: 0, y: 0, width: 420, height: 595))])
    var current = document([pageSnapshot(0, label: "i"), pageSnapshot(1, label: "ii"),
                            pageSnapshot(2, label: "iii", crop: Rect(x: 0, y: 0, width: 611.5, height: 792), media: letter, others: letter,
                                         size: Size(width: 612, height: 792))])
    current.pageCount = 3
    var differs = FileCheck(file: "b & c.pdf", golden: "goldens/b & c.golden.json",
                            outcome: .compared(expectation.differences(golden: golden, current: current)))
    differs.pages = golden.pages.map { PageReference(index: $0.index, label: $0.label) }
    differs.currentPageCount = 3
    var ok = FileCheck(file: "a.pdf", golden: "goldens/a.golden.json", outcome: .compared([]))
    ok.pages = [PageReference(index: 0, label: nil), PageReference(index: 1, label: nil)]
    ok.currentPageCount = 2
    let failed = FileCheck(file: "locked.pdf", golden: "goldens/locked.golden.json",
                           outcome: .failed(.read(.passwordRequired(path: "locked.pdf"))))
    return [ok, differs, failed]
}

@Suite("Check reports")
struct CheckReportTests {
    @Test("Text: one line per difference naming file and page, then the summary")
    func text() {
        let report = CheckReport(results: sampleResults(), tolerance: 0.01, fields: .all)
        #expect(report.text == """
            b & c.pdf: page count 4 → 3 (−1)
            b & c.pdf: page 3 (iii): cropBox.width 612 → 611.5 (−0.5 pt)
            b & c.pdf: page 4 (iv): removed (was 420 x 595 pt)
            FAILED: 3 differences in 1 of 2 files; 1 more could not be checked (tolerance 0.01 pt)

            """)
        let clean = CheckReport(results: [sampleResults()[0]], tolerance: 0.5, fields: [.boxes, .rotation])
        #expect(clean.text == "OK: 1 file (2 pages) matches its golden (tolerance 0.5 pt; fields boxes,rotation)\n")
        let unreadable = CheckReport(results: [sampleResults()[0], sampleResults()[2]], tolerance: 0.01, fields: .all)
        #expect(unreadable.summaryLine == "FAILED: 1 of 2 files could not be checked; the other 1 file (2 pages) matches its golden (tolerance 0.01 pt)")
    }

    @Test("Text under --update: what was recorded")
    func updateText() {
        var results = sampleResults()
        results[0].update = .unchanged
        results[1].update = .rewritten
        results.removeLast()
        var created = FileCheck(file: "new.pdf", golden: "goldens/new.golden.json", outcome: .compared([]))
        created.update = .created
        created.currentPageCount = 7
        results.append(created)
        let report = CheckReport(results: results, tolerance: 0.01, fields: .all, update: true)
        #expect(report.text == """
            b & c.pdf: page count 4 → 3 (−1)
            b & c.pdf: page 3 (iii): cropBox.width 612 → 611.5 (−0.5 pt)
            b & c.pdf: page 4 (iv): removed (was 420 x 595 pt)
            b & c.pdf: updated goldens/b & c.golden.json
            new.pdf: recorded goldens/new.golden.json (7 pages)
            UPDATED: 2 of 3 goldens rewritten, 3 differences recorded (tolerance 0.01 pt)

            """)
    }

    @Test("JSON: one document with every difference, numbers as numbers")
    func json() throws {
        let report = CheckReport(results: sampleResults(), tolerance: 0.01, fields: .all)
        let text = report.json
        #expect(text.hasSuffix("}\n") && !text.dropLast().contains("\n"))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(root["tolerance"] as? Double == 0.01)
        #expect(root["fields"] as? [String] == ["boxes", "rotation", "size", "label", "userUnit", "count"])
        let files = try #require(root["files"] as? [[String: Any]])
        #expect(files.map { $0["status"] as? String } == ["ok", "differs", "error"])
        #expect(files[2]["pageCount"] is NSNull)
        let error = try #require(files[2]["error"] as? [String: Any])
        #expect(error["code"] as? String == "password-required")
        let differences = try #require(files[1]["differences"] as? [[String: Any]])
        #expect(differences.count == 3)
        let moved = differences[1]
        #expect(moved["kind"] as? String == "changed" && moved["page"] as? Int == 3 && moved["index"] as? Int == 2)
        #expect(moved["label"] as? String == "iii" && moved["field"] as? String == "cropBox.width")
        #expect(moved["expected"] as? Double == 612 && moved["actual"] as? Double == 611.5 && moved["delta"] as? Double == -0.5)
        #expect(moved["unit"] as? String == "pt")
        #expect(moved["message"] as? String == "page 3 (iii): cropBox.width 612 → 611.5 (−0.5 pt)")
        #expect(differences[0]["page"] is NSNull && differences[0]["field"] as? String == "pageCount")
        #expect(differences[2]["kind"] as? String == "pageRemoved" && differences[2]["actual"] is NSNull)
        let summary = try #require(root["summary"] as? [String: Int])
        #expect(summary == ["files": 3, "matching": 1, "differing": 1, "failed": 1, "differences": 3, "pages": 6])
    }

    #if canImport(FoundationXML)
    @Test("JUnit XML: parses; a suite per file, a case per page, counts that add up")
    func junit() throws {
        var results = sampleResults()
        // A label XML must escape, and one with a control character XML 1.0 cannot hold.
        var odd = FileCheck(file: "odd<&>\u{1}.pdf", golden: "g.json", outcome: .compared([
            GeometryDifference(kind: .changed, pageIndex: 0, label: "a\"b<c>&\u{1}", field: "label",
                               expected: .string("a\"b<c>&\u{1}"), actual: .null),
        ]))
        odd.pages = [PageReference(index: 0, label: "a\"b<c>&\u{1}")]
        results.append(odd)
        let xml = CheckReport(results: results, tolerance: 0.01, fields: .all).junit
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["a.pdf", "b & c.pdf", "locked.pdf", "odd<&>\u{FFFD}.pdf"])
        var tests = 0, failures = 0, errors = 0
        for suite in suites {
            let cases = suite.elements(forName: "testcase")
            let failed = cases.filter { !$0.elements(forName: "failure").isEmpty }.count
            let errored = cases.filter { !$0.elements(forName: "error").isEmpty }.count
            #expect(suite.attribute(forName: "tests")?.stringValue == "\(cases.count)")
            #expect(suite.attribute(forName: "failures")?.stringValue == "\(failed)")
            #expect(suite.attribute(forName: "errors")?.stringValue == "\(errored)")
            tests += cases.count; failures += failed; errors += errored
        }
        #expect(root.attribute(forName: "tests")?.stringValue == "\(tests)")
        #expect(root.attribute(forName: "failures")?.stringValue == "\(failures)")
        #expect(root.attribute(forName: "errors")?.stringValue == "\(errors)")
        func names(_ suite: XMLElement) -> [String?] { suite.elements(forName: "testcase").map { $0.attribute(forName: "name")?.stringValue } }
        // One case per golden page, and "document" for the page count.
        #expect(names(suites[0]) == ["document", "page 1", "page 2"])
        #expect(names(suites[1]) == ["document", "page 1 (i)", "page 2 (ii)", "page 3 (iii)", "page 4 (iv)"])
        let pageCases = suites[1].elements(forName: "testcase")
        #expect(pageCases[0].elements(forName: "failure").first?.stringValue == "page count 4 → 3 (−1)")
        #expect(pageCases[3].elements(forName: "failure").first?.stringValue == "page 3 (iii): cropBox.width 612 → 611.5 (−0.5 pt)")
        #expect(pageCases[3].elements(forName: "failure").first?.attribute(forName: "message")?.stringValue == "1 difference")
        #expect(pageCases[4].elements(forName: "failure").first?.stringValue == "page 4 (iv): removed (was 420 x 595 pt)")
        #expect(pageCases[1].elements(forName: "failure").isEmpty)
        let error = try #require(suites[2].elements(forName: "testcase").first?.elements(forName: "error").first)
        #expect(error.attribute(forName: "type")?.stringValue == "password-required")
        #expect(error.attribute(forName: "message")?.stringValue == "locked.pdf: encrypted; give its user or owner password")
        // The file name is escaped for XML, its U+0001 replaced by U+FFFD (XML 1.0 cannot hold
        // it); a label with a control character is shown with JSON escapes.
        #expect(names(suites[3]) == ["document", #"page 1 (a\"b<c>&\u0001)"#])
    }
    #endif

    @Test("Numbers in lines carry no float noise, and deltas a real minus sign")
    func numbers() {
        let d = GeometryDifference(kind: .changed, pageIndex: 1, label: nil, field: "mediaBox.width",
                                   expected: .number(595.276), actual: .number(20 + 595.276 - 20.0004), delta: (20 + 595.276 - 20.0004) - 595.276, unit: "pt")
        #expect(d.description == "page 2: mediaBox.width 595.276 → 595.2756 (−0.0004 pt)")
        let up = GeometryDifference(kind: .changed, pageIndex: 0, label: "", field: "size.height",
                                    expected: .number(0.1 + 0.2), actual: .number(1), delta: 1 - (0.1 + 0.2), unit: "pt")
        #expect(up.description == "page 1: size.height 0.3 → 1 (+0.7 pt)")
    }
}
