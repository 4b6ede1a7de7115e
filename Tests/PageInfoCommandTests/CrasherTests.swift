// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// Every input in Fixtures/crashers/ — saved by `make fuzz` (scripts/fuzz.sh) or crafted for a
/// bug a harness was written to reach — stays fixed. The file's name says how it is replayed:
///
/// - `*.pdf`: through `pages` and `info`;
/// - `resume-*.jsonl`: as the `-o` file of an interrupted batch run, then `--resume`;
/// - `golden-*.json`: as the golden of `check`;
/// - `viewstate-*.json`: as `viewstate restore --state -`;
/// - `grammar-*.txt`: each line as the value of every option with a grammar, and as an ITEM.
///
/// A crash (a signal), an undocumented exit code or more than one line on stderr fails.
@Suite("fuzzer crashers")
struct CrasherTests {
    static let dir = CLI.fixtures.appendingPathComponent("crashers")
    static func files(_ prefix: String, _ suffix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }.sorted()
    }
    static let mixed = CLI.fixture("mixed.pdf")

    @Test("the folder holds a case for every harness kind")
    func seeded() {
        for (prefix, suffix) in [("resume-", ".jsonl"), ("golden-", ".json"), ("viewstate-", ".json"), ("grammar-", ".txt")] {
            #expect(!Self.files(prefix, suffix).isEmpty, "no \(prefix)*\(suffix) in Fixtures/crashers")
        }
    }

    @Test("a saved PDF ends with a documented exit code and whole records", arguments: files("", ".pdf"))
    func pdf(name: String) throws {
        let file = Self.dir.appendingPathComponent(name).path
        var fileRecords: [[String: Any]] = []
        var statuses: [Int32] = []
        var pageRecords = 0
        for args in [["pages", "--format", "jsonl", file], ["info", "--format", "jsonl", file]] {
            let r = try CLI.run(args)
            if args[0] == "pages" { pageRecords = r.stdoutLines.filter { $0.hasPrefix("{\"record\":\"page\"") }.count }
            #expect([0, 2, 65, 66, 77].contains(r.status), "\(args): \(r.status) \(r.stderr)")
            #expect(r.stderrLines.count <= 1, "\(r.stderr)")
            for line in r.stdoutLines { _ = try #require(try CLI.json(.init(status: 0, stdout: line, stderr: "")) as? [String: Any]) }
            let last = try #require(r.stdoutLines.last)
            fileRecords.append(try #require(try CLI.json(.init(status: 0, stdout: last, stderr: "")) as? [String: Any]))
            statuses.append(r.status)
        }
        // `pages` writes one page record per page its file record counts (reader-kids-past-*:
        // 234 page records under a file record saying 219: the walk repeated after a rebuild
        // read the tree's /Kids array otherwise).
        #expect(pageRecords == fileRecords[0]["pageCount"] as? Int, "pages wrote \(pageRecords) page records, pageCount \(fileRecords[0]["pageCount"] ?? "nil")")
        // `info` walks without geometry; it must find what `pages` finds (reader-info-count-*:
        // the two walks once saw different rebuilt cross-reference tables, 1 page against 2).
        #expect(statuses[0] == statuses[1])
        for key in ["status", "pageCount", "pageErrors"] {
            #expect("\(fileRecords[0][key] ?? "nil")" == "\(fileRecords[1][key] ?? "nil")", "\(key): pages \(fileRecords[0][key] ?? "nil"), info \(fileRecords[1][key] ?? "nil")")
        }
        // A second walk of the same document sees what the first saw: `--pages 1-,K-` reads the
        // whole tree, then opens a cursor at page K, whose records must equal those of a run
        // that reads only `K-` (reader-second-walk-*: Poppler rebuilt the table during the
        // first walk and forgot its root, and the second walk found "0 pages").
        let count = fileRecords[0]["pageCount"] as? Int ?? 0
        if count > 1 {
            let k = count / 2 + 1
            let both = try CLI.run(["pages", "--format", "jsonl", "--pages", "1-,\(k)-", file])
            let alone = try CLI.run(["pages", "--format", "jsonl", "--pages", "\(k)-", file])
            #expect(both.status == alone.status, "\(both.stderr)")
            let pages = { (r: CLI.Result) in r.stdoutLines.filter { $0.hasPrefix("{\"record\":\"page\"") } }
            #expect(Array(pages(both).dropFirst(count)) == pages(alone))
            #expect(pages(both).count == count + count - k + 1)
        }
    }

    /// The crafted files of scripts/make_rebuild_crashers.py: a table that opens cleanly, rebuilt
    /// by Poppler in the middle of a read, where the rebuilt table takes a later definition of an
    /// object the table located. Every read keeps the table's object: the pages are those the
    /// tree lists through it (widths 100, 200, 300 and 100, 200), for every walk, `pages` and
    /// `info` alike. The old reader read 700, 200, 300 for `2-` after a first walk (4 pages), and
    /// found 3 pages (100, 600, 700) in `pages` against 2 in `info`.
    @Test("a clean table rebuilt during a read keeps what it located", arguments: [
        ("reader-clean-table-rebuilt-mid-walk-second-walk.pdf", [100.0, 200, 300]),
        ("reader-clean-table-rebuilt-by-mediabox-fetch-info-count.pdf", [100.0, 200]),
    ])
    func cleanTableRebuiltDuringARead(name: String, widths: [Double]) throws {
        let file = Self.dir.appendingPathComponent(name).path
        func pageWidths(_ r: CLI.Result) throws -> [Double] {
            try r.stdoutLines.filter { $0.hasPrefix("{\"record\":\"page\"") }.map { line in
                let record = try #require(try CLI.json(.init(status: 0, stdout: line, stderr: "")) as? [String: Any])
                let media = try #require(record["mediaBox"] as? [String: Any])
                return try #require(media["width"] as? Double)
            }
        }
        let all = try CLI.run(["pages", "--format", "jsonl", "--pages", "1-,2-", file])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(try pageWidths(all) == widths + widths.dropFirst())
        let alone = try CLI.run(["pages", "--format", "jsonl", "--pages", "2-", file])
        #expect(try pageWidths(alone) == Array(widths.dropFirst()))
        let info = try CLI.run(["info", "--format", "jsonl", file])
        let record = try #require(try CLI.json(info) as? [String: Any])
        #expect(record["pageCount"] as? Int == widths.count)
    }

    /// `--resume` keeps exactly the complete file records of the damaged output and appends the
    /// new file's: the line nested 190,000 deep once overflowed the stack of the record scanner,
    /// and two page counts of 2^63 − 1 overflowed the tally.
    @Test("a damaged -o file is resumed", arguments: files("resume-", ".jsonl"))
    func resume(name: String) throws {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("crasher-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("out.jsonl").path
        try FileManager.default.copyItem(atPath: Self.dir.appendingPathComponent(name).path, toPath: out)
        let list = tmp.appendingPathComponent("list").path
        try Data((Self.mixed + "\n").utf8).write(to: URL(fileURLWithPath: list))
        let original = try String(contentsOfFile: out, encoding: .utf8)
        // `info`: the damaged outputs hold file records only, which is what `info` writes (`pages`
        // refuses to continue them: its files have page records).
        let r = try CLI.run(["info", "--files-from", list, "-o", out, "--resume", "--format", "jsonl"])
        #expect(r.status == 0, "\(r.status) \(r.stderr.prefix(500))")
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map(String.init)
        let records = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let fileRecords = records.filter { $0["record"] as? String == "file" }
        #expect(fileRecords.last?["file"] as? String == Self.mixed, "the new file's record comes last")
        // The old complete records are kept (the deep line is not one, and is cut).
        let kept: [Substring] = original.split(separator: "\n").filter { (line: Substring) -> Bool in line.hasPrefix("{\"record\":\"file\"") && line.hasSuffix("}") }
        #expect(Array(lines.prefix(kept.count)) == kept.map(String.init))
        #expect(fileRecords.count == kept.count + 1)
    }

    @Test("a hostile golden is refused in one line", arguments: files("golden-", ".json"))
    func golden(name: String) throws {
        let r = try CLI.run(["check", Self.mixed, "--golden", Self.dir.appendingPathComponent(name).path])
        #expect([0, 1, 65].contains(r.status), "\(r.status) \(r.stderr.prefix(500))")
        #expect(r.stderrLines.count <= 1, "\(r.stderr.prefix(500))")
    }

    @Test("a hostile view state is a usage error or restored", arguments: files("viewstate-", ".json"))
    func viewState(name: String) throws {
        let state = try String(contentsOfFile: Self.dir.appendingPathComponent(name).path, encoding: .utf8)
        let r = try CLI.run(["viewstate", "restore", Self.mixed, "--view", "800x600", "--state", "-"], stdin: state)
        #expect([0, 64].contains(r.status), "\(r.status) \(r.stderr.prefix(500))")
        #expect(r.stderrLines.count == (r.status == 0 ? 0 : 1), "\(r.stderr.prefix(500))")
        if r.status == 0 { _ = try #require(try CLI.json(r) as? [String: Any]) }
    }

    @Test("every option with a grammar takes or refuses each value in one line", arguments: files("grammar-", ".txt"))
    func grammar(name: String) throws {
        let text = try String(contentsOfFile: Self.dir.appendingPathComponent(name).path, encoding: .utf8)
        let values = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(!values.isEmpty)
        for v in values {
            let runs: [[String]] = [
                ["pages", Self.mixed, "--format", "jsonl", "--pages", v],
                ["layout", Self.mixed, "--view", v],
                ["layout", Self.mixed, "--view", "800x600", "--spacing", v],
                ["layout", Self.mixed, "--view", "800x600", "--insets", v],
                ["convert", Self.mixed, "--page", "1", "--from", "raw", "--to", "view", "--view", "800x600", "--viewport", v],
                ["convert", Self.mixed, "--page", "1", "--from", "raw", "--to", "page", "--", v],
                ["spreads", "--page-count", v, "--mode", "double"],
                ["viewstate", "capture", Self.mixed, "--view", "800x600", "--zoom", v, "--offset", v],
                ["convert", Self.mixed, "--page", v, "--from", "raw", "--to", "page", "0,0"],
            ]
            for args in runs {
                let r = try CLI.run(args)
                #expect([0, 64].contains(r.status), "\(args): \(r.status) \(r.stderr.prefix(300))")
                #expect(r.stderrLines.count == (r.status == 0 ? 0 : 1), "\(args): \(r.stderr.prefix(300))")
            }
        }
    }
}
