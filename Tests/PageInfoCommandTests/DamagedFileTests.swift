// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// Damaged and hostile files (Fixtures/damaged/, from scripts/make_damaged_fixtures.py): every
/// position of the page tree is reported at its real index, every repair is a warning, the exit
/// code says what happened, and every format is whole and parseable.
@Suite("pageinfo pages on damaged files")
struct DamagedFileTests {
    /// The goldens' model is PageInfoTestSupport's (the library's tests read them too).
    typealias Golden = DamagedFixtureGolden

    static let goldens = DamagedFixtureGolden.all

    /// The Poppler release pageinfo runs on, from `pageinfo --version` ("… (Poppler 22.12.0)").
    static let popplerVersion: String = {
        let text = (try? CLI.run(["--version"]).stdout) ?? ""
        return text.components(separatedBy: "Poppler ").last.map { String($0.prefix { $0 != ")" }) } ?? ""
    }()

    /// The goldens whose outcome this Poppler release gives (every one without `poppler`).
    static let comparable: [Golden] = DamagedFixtureGolden.comparable(onPoppler: popplerVersion)

    /// Codes whose presence depends on how a Poppler release repairs a file.
    static let popplerDependent = DamagedFixtureGolden.popplerDependent

    /// The warnings a golden lists that this Poppler release need not give for `file`.
    static func allowedMissing(_ file: String) -> Set<String> {
        DamagedFixtureGolden.allowedMissing(file, onPoppler: popplerVersion)
    }

    static func codes(_ any: Any?) -> [String] {
        ((any as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
    }

    /// kids-loop-outside-xref.pdf on any Poppler: Poppler 22.12 rebuilds the table when the
    /// walk fetches node 10, which the table does not list (the golden's outcome: the loop is
    /// cut, 2 pages); 25.03 answers null (a kid-missing page error, then the scan recovers
    /// page 11). Either way the output is bounded: it once ran without end.
    @Test("a loop behind a kid the table does not list: a bounded answer on every Poppler")
    func loopOutsideTheTable() throws {
        let r = try CLI.run(["pages", "--format", "jsonl", CLI.fixture("damaged/kids-loop-outside-xref.pdf")])
        #expect(r.status == 0 || r.status == 2, "\(r.stderr)")
        let lines = r.stdoutLines
        #expect(lines.count <= 4 && lines.last?.hasPrefix("{\"record\":\"file\"") == true, "\(lines.count) lines")
        #expect(lines.first?.contains("\"cropBox\":{\"x\":0,\"y\":0,\"width\":612,\"height\":792}") == true)
        #expect(lines.contains { $0.contains("\"cropBox\":{\"x\":0,\"y\":0,\"width\":300,\"height\":400}") }, "page 11 is reported")
    }

    /// The walk's pages against those the object scan adds, from how the fixtures are built: the
    /// fan-out's walk stops after none (empty-orphan) or 256 pages (then-page: 10 steps for each
    /// of its 51 table entries, scripts/make_damaged_fixtures.py's repeat_limited_walk), and the
    /// scan finds one page each.
    @Test("page-tree-limit names the pages the walk found, not those the scan added", arguments: [
        ("subtree-fanout-empty-orphan.pdf", "stopped after 0 pages", "only the first 0 pages are reported, and 1 more found by scanning"),
        ("subtree-fanout-then-page.pdf", "stopped after 256 pages", "only the first 256 pages are reported, and 1 more found by scanning")])
    func limitMessages(file: String, warning: String, stderr: String) throws {
        let r = try CLI.run(["pages", "--format", "jsonl", CLI.fixture("damaged/" + file)])
        #expect(r.status == 2, "\(r.stderr)")
        let fileRecord = r.stdoutLines.last ?? ""
        #expect(fileRecord.contains("\"code\":\"page-tree-limit\"") && fileRecord.contains(warning), "\(fileRecord)")
        #expect(r.stderr.contains(stderr), "\(r.stderr)")
    }

    @Test("the damaged fixtures are all there")
    func inventory() {
        #expect(Self.goldens.count == 75, "\(Self.goldens.map(\.file))")
    }

    /// `annotations` reads pages ahead of its cursor (the pages links target), so a repair that
    /// reading meets comes earlier than in `pages`: the page records must not depend on it
    /// (walk-ahead-rebuild*.pdf: a rebuild met ahead is undone as the cursor's own is, else page
    /// 3 comes from a stray definition the table does not list).
    @Test("annotations prints, byte for byte, the page records pages prints", arguments: comparable)
    func annotationsPages(golden g: Golden) throws {
        let pages = try CLI.run(["pages", "--format", "jsonl", g.path])
        let annotations = try CLI.run(["annotations", "--format", "jsonl", g.path])
        #expect(annotations.status == pages.status, "\(annotations.stderr)")
        let pageLines = { (r: CLI.Result) -> [String] in r.stdoutLines.filter { $0.hasPrefix("{\"record\":\"page\"") } }
        #expect(pageLines(annotations) == pageLines(pages))
        #expect(pageLines(pages).count == g.pages.count)
    }

    /// The named destinations' damage is the document's, whichever read met the rebuild (here the
    /// cursor, after page 1's link had the names read): walk-ahead-rebuild-names.pdf's /Names has
    /// an odd count.
    @Test("a rebuild after the named destinations were read keeps their warning")
    func namesAfterARebuild() throws {
        let r = try CLI.run(["annotations", "--format", "jsonl", CLI.fixture("damaged/walk-ahead-rebuild-names.pdf")])
        #expect(r.status == 0, "\(r.stderr)")
        let file = try #require(try CLI.json(.init(status: 0, stdout: r.stdoutLines.last ?? "", stderr: "")) as? [String: Any])
        #expect(Self.codes(file["warnings"]).contains("destination-names-damaged"), "\(Self.codes(file["warnings"]))")
        #expect(Self.codes(file["warnings"]).contains("xref-repaired"), "the rebuild came: \(Self.codes(file["warnings"]))")
    }

    @Test("jsonl: every position, its error or geometry, its warnings, and the file record", arguments: comparable)
    func records(golden g: Golden) throws {
        let r = try CLI.run(["pages", "--format", "jsonl", g.path])
        #expect(r.status == g.exit, "exit \(r.status): \(r.stderr)")
        #expect(r.stderrLines.count == (g.exit == 0 ? 0 : 1), "stderr: \(r.stderr)")
        let records = try r.stdoutLines.map { try #require(try CLI.json(.init(status: 0, stdout: $0, stderr: "")) as? [String: Any], "\($0)") }
        let pages = records.filter { $0["record"] as? String == "page" }
        let files = records.filter { $0["record"] as? String == "file" }
        try #require(files.count == 1 && records.last?["record"] as? String == "file", "one file record, last")
        let file = files[0]
        #expect(file["status"] as? String == g.status)
        #expect(file["pageCount"] as? Int == (g.pageCount ?? 0))
        #expect(file["pageErrors"] as? Int == g.pages.filter { $0.error != nil }.count)
        #expect((file["countClaimed"] as? Int) == g.countClaimed)
        #expect(((file["error"] as? [String: Any])?["code"] as? String) == g.errorCode)
        let expectedDoc = Set(g.documentWarnings), actualDoc = Set(Self.codes(file["warnings"]))
        #expect(actualDoc.subtracting(Self.popplerDependent) == expectedDoc.subtracting(Self.popplerDependent),
                "document warnings \(actualDoc.sorted()) ≠ \(expectedDoc.sorted())")
        #expect(expectedDoc.subtracting(Self.allowedMissing(g.file)).isSubset(of: actualDoc),
                "document warnings \(actualDoc.sorted()) lack \(expectedDoc.sorted())")

        try #require(pages.count == g.pages.count, "\(pages.count) page records, golden \(g.pages.count)")
        for (object, p) in zip(pages, g.pages) {
            let at = "\(g.file) page \(p.index + 1)"
            #expect(object["index"] as? Int == p.index, "\(at)")
            #expect(object["file"] as? String == g.path, "\(at)")
            #expect(Self.codes(object["warnings"]).sorted() == p.warnings.sorted(), "\(at): warnings \(Self.codes(object["warnings"]))")
            if let code = p.error {
                #expect((object["error"] as? [String: Any])?["code"] as? String == code, "\(at)")
                #expect(object["cropBox"] == nil && object["size"] == nil && object["transform"] == nil, "\(at): no geometry for a page error")
            } else {
                #expect(object["error"] == nil, "\(at)")
                let crop = object["cropBox"] as? [String: Any] ?? [:]
                let actual = ["x", "y", "width", "height"].map { (crop[$0] as? NSNumber)?.doubleValue ?? .nan }
                #expect(zip(actual, p.cropBox ?? []).allSatisfy { abs($0 - $1) <= 1e-9 }, "\(at): cropBox \(actual)")
                #expect(object["rotation"] as? Int == p.rotation, "\(at)")
                #expect(object["label"] as? String == p.label, "\(at): label")
                #expect((object["userUnit"] as? NSNumber)?.doubleValue == p.userUnit ?? 1, "\(at): userUnit \(object["userUnit"] ?? "none")")
            }
        }
    }

    @Test("json, csv and table agree on the exit code and are whole", arguments: comparable)
    func formats(golden g: Golden) throws {
        let json = try CLI.run(["pages", "--format", "json", g.path])
        #expect(json.status == g.exit)
        let doc = try #require(try CLI.json(json) as? [String: Any], "one JSON document")
        #expect(doc["status"] as? String == g.status && (doc["pages"] as? [Any])?.count == g.pages.count)

        let csv = try CLI.run(["pages", "--format", "csv", g.path])
        #expect(csv.status == g.exit)
        let rows = PagesCommandTests.parseCSV(csv.stdout)
        #expect(Set(rows.map(\.count)).count == 1, "every csv row has the header's width: \(Set(rows.map(\.count)))")
        #expect(rows.count == 1 + g.pages.count + 1)
        let header: [String] = try #require(rows.first, "a header row")
        let statusColumn: Int = header.firstIndex(of: "status") ?? 0
        let lastRow: [String] = rows.last ?? []
        #expect(lastRow.first == "file" && lastRow.indices.contains(statusColumn) && lastRow[statusColumn] == g.status)

        let table = try CLI.run(["pages", g.path])
        #expect(table.status == g.exit)
        if g.status == "failed" {
            // The one line on stderr says why. A file that fails when it is opened has nothing to
            // tabulate; one whose walk found no page ("no page found", its JSON says) says so
            // under its header, with the warnings that explain it.
            #expect(table.stderrLines.count == 1, "\(table.stderr)")
            let walked = ((doc["error"] as? [String: Any])?["message"] as? String)?.contains(": no page found: ") == true
            if walked {
                #expect(table.stdoutLines.count == 3 + g.documentWarnings.count && table.stdoutLines[2] == "# 0 pages: failed",
                        "\(table.stdout)")
            } else {
                #expect(table.stdout.isEmpty, "\(table.stdout)")
            }
        } else {
            #expect(table.stdoutLines.last?.hasPrefix("# ") == true || table.stdoutLines.last?.hasPrefix("# warning") == true)
            #expect(table.stdoutLines.contains { $0.hasPrefix("# \(g.pageCount ?? 0) page") }, "\(table.stdout)")
        }

        let info = try CLI.run(["info", "--format", "json", g.path])
        #expect(info.status == g.exit)
        let summary = try #require(try CLI.json(info) as? [String: Any])
        #expect(summary["status"] as? String == g.status)
        #expect(summary["pageCount"] as? Int == (g.pageCount ?? 0), "info counts the pages as pages does")
    }

    @Test("--strict fails a file with any warning or page error (65), and passes a clean one; info --strict too")
    func strict() throws {
        for g in Self.comparable {
            let r = try CLI.run(["pages", "--strict", "--format", "jsonl", g.path])
            let clean = g.isClean
            #expect(r.status == (clean ? 0 : 65), "\(g.file): \(r.status) \(r.stderr)")
            #expect(r.stderrLines.count == (clean ? 0 : 1), "\(g.file): \(r.stderr)")
            // info --strict fails the same files (it passed files whose only warnings were on pages).
            let info = try CLI.run(["info", "--strict", "--format", "jsonl", g.path])
            #expect(info.status == r.status && info.stderr == r.stderr, "\(g.file): info \(info.status) \(info.stderr)")
        }
    }

    @Test("A failed file fails every command that reads one document, with pages' exit code and line (spreads and layout printed an empty layout, exit 0)")
    func failedInEveryCommand() throws {
        let failed = Self.comparable.filter { $0.status == "failed" }
        #expect(failed.count >= 6, "\(failed.map(\.file))")
        let out = processScratchDirectory("damaged-commands").appendingPathComponent("out.png").path
        for g in failed {
            let pages = try CLI.run(["pages", g.path])
            #expect(pages.status == g.exit && pages.stderrLines.count == 1, "\(g.file): \(pages.stderr)")
            for command in [["spreads", g.path], ["layout", g.path, "--view", "300x300"],
                            ["convert", g.path, "--page", "1", "--from", "page", "--to", "raw", "1,1"],
                            ["viewstate", "capture", g.path, "--view", "300x300"], ["thumbnails", g.path, "--container", "300x300"],
                            ["draw", g.path, "--page", "1", "-o", out], ["sheet", g.path, "-o", out]] {
                let r = try CLI.run(command)
                #expect(r.status == g.exit && r.stderr == pages.stderr && r.stdout.isEmpty,
                        "\(command.prefix(2)): \(r.status) \(r.stderr), pages: \(pages.status) \(pages.stderr)")
            }
        }
    }

    @Test("a page read on its own equals the same page read in a walk from the start", arguments: comparable)
    func randomAccess(golden g: Golden) throws {
        let all = try CLI.run(["pages", "--format", "jsonl", g.path])
        let walked = all.stdoutLines.filter { $0.hasPrefix("{\"record\":\"page\"") }
        // Every page of a small file; of a large one (subtree-fanout: 256) the first and last
        // five and fifteen spread between, so the test stays a few seconds long.
        let indexes = walked.count <= 30 ? Array(walked.indices)
            : Array(Set(Array(0..<5) + Array(walked.count - 5..<walked.count) + (1...15).map { $0 * walked.count / 16 })).sorted()
        for i in indexes {
            let one = try CLI.run(["pages", "--format", "jsonl", "--pages", "\(i + 1)", g.path])
            #expect(one.stdoutLines.first == walked[i], "\(g.file) page \(i + 1)")
        }
    }
}
