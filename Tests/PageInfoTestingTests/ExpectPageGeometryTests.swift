// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageInfoTesting
import Testing
import XCTest

// The helper as a package's own tests use it: one line per fixture. The fixtures' committed
// goldens (Fixtures/*.golden.json, derived from how each PDF was built) sit beside the PDFs
// under the name the helper looks for by default. They are not ours to re-record, so these
// calls pass `record: false`: PAGEINFO_UPDATE_GOLDEN=1 in the environment cannot rewrite them.

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures")

private func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

@Suite("expectPageGeometry (Swift Testing)")
struct ExpectPageGeometryTests {
    @Test("Fixtures match their goldens, one line each", arguments: ["rotations", "boxes", "inherited", "labels", "userunit", "mixed"])
    func fixtureMatches(_ name: String) {
        let result = expectPageGeometry(ofPDF: fixture("\(name).pdf"), record: false)
        #expect(result.matches)
    }

    @Test("Encrypted fixture with its password; a looser tolerance and fewer fields")
    func options() {
        expectPageGeometry(ofPDF: fixture("encrypted.pdf"), password: "secret", record: false)
        expectPageGeometry(ofPDF: fixture("mixed.pdf"), matchesGolden: fixture("mixed.golden.json"),
                           tolerance: 0.5, fields: [.boxes, .rotation], record: false)
    }

    @Test("A difference records one issue holding the report")
    func differenceRecordsAnIssue() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The rotations golden with page 2's rotation changed from 90 to 180.
        let original = try String(contentsOfFile: fixture("rotations.golden.json"), encoding: .utf8)
        var object = try JSONSerialization.jsonObject(with: Data(original.utf8)) as! [String: Any]
        var pages = object["pages"] as! [[String: Any]]
        pages[1]["rotation"] = 180
        object["pages"] = pages
        let golden = folder.appendingPathComponent("rotations.golden.json").path
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: golden))

        var result: FileCheck?
        withKnownIssue {
            result = expectPageGeometry(ofPDF: fixture("rotations.pdf"), matchesGolden: golden, record: false)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("rotations.pdf: page 2: rotation 180 → 90")
                && text.contains("FAILED: 1 difference in 1 of 1 file")
                && text.contains("PAGEINFO_UPDATE_GOLDEN=1")
        }
        #expect(result?.differences.map(\.description) == ["page 2: rotation 180 → 90"])
    }

    @Test("Recording writes the golden and fails once; the next run passes")
    func recording() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = folder.appendingPathComponent("labels.golden.json").path
        withKnownIssue {
            expectPageGeometry(ofPDF: fixture("labels.pdf"), matchesGolden: golden, record: true)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Recorded \(golden)")
        }
        #expect(FileManager.default.fileExists(atPath: golden))
        let again = expectPageGeometry(ofPDF: fixture("labels.pdf"), matchesGolden: golden, record: true)
        #expect(again.update == .unchanged)
        #expect(expectPageGeometry(ofPDF: fixture("labels.pdf"), matchesGolden: golden, record: false).matches)
    }

    @Test("PAGEINFO_UPDATE_GOLDEN=1 records when record is nil; record: false overrides it")
    func environment() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = folder.appendingPathComponent("mixed.golden.json").path
        // Every other test here passes `record:` explicitly, so none reads the variable meanwhile.
        setenv("PAGEINFO_UPDATE_GOLDEN", "1", 1)
        defer { unsetenv("PAGEINFO_UPDATE_GOLDEN") }
        withKnownIssue {
            expectPageGeometry(ofPDF: fixture("mixed.pdf"), matchesGolden: golden, record: false)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("no such golden file")
        }
        #expect(!FileManager.default.fileExists(atPath: golden))
        withKnownIssue {
            expectPageGeometry(ofPDF: fixture("mixed.pdf"), matchesGolden: golden)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Recorded \(golden)")
        }
        #expect(FileManager.default.fileExists(atPath: golden))
        // "off" is off: a golden that differs is reported, not rewritten.
        let other = folder.appendingPathComponent("other.golden.json").path
        try FileManager.default.copyItem(atPath: golden, toPath: other)
        setenv("PAGEINFO_UPDATE_GOLDEN", "off", 1)
        withKnownIssue {
            expectPageGeometry(ofPDF: fixture("labels.pdf"), matchesGolden: other)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("differs from its golden")
        }
        #expect(FileManager.default.contents(atPath: other) == FileManager.default.contents(atPath: golden))
        // Neither on nor off: a failure naming the values it takes (the only one, as the golden
        // matches), and nothing rewritten.
        setenv("PAGEINFO_UPDATE_GOLDEN", "maybe", 1)
        let recorded = FileManager.default.contents(atPath: golden)
        withKnownIssue {
            expectPageGeometry(ofPDF: fixture("mixed.pdf"), matchesGolden: golden)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "PAGEINFO_UPDATE_GOLDEN='maybe' is neither on nor off: use 1, true, yes or on to re-record goldens, 0, false, no, off or empty not to")
        }
        #expect(FileManager.default.contents(atPath: golden) == recorded)
    }

    @Test("A PDF that cannot be read records an issue naming it")
    func unreadable() {
        withKnownIssue {
            expectPageGeometry(ofPDF: fixture("truncated.pdf"), record: false)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("truncated.pdf: damaged PDF")
        }
    }

    @Test("The default golden lies beside the PDF")
    func defaultGolden() {
        #expect(defaultGoldenPath(forPDF: "Fixtures/mixed.pdf") == "Fixtures/mixed.golden.json")
        #expect(defaultGoldenPath(forPDF: "mixed.pdf") == "mixed.golden.json")
        #expect(defaultGoldenPath(forPDF: "/abs/Book.PDF") == "/abs/Book.golden.json")
        #expect(defaultGoldenPath(forPDF: "/Book.pdf") == "/Book.golden.json")
    }
}

/// The same helper from XCTest.
final class ExpectPageGeometryXCTests: XCTestCase {
    func testFixturesMatchTheirGoldens() {
        for name in ["rotations", "labels", "mixed"] {
            let result = expectPageGeometry(ofPDF: fixture("\(name).pdf"), record: false)
            XCTAssertTrue(result.matches, name)
        }
    }
}
