// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// `pageinfo outline` end to end: the records a script reads, in every format, against the
/// goldens scripts/make_annotation_fixtures.py derives from how it built the outlines; each
/// destination's page point by ISO 32000-2 §8.3's rotation about the target page's CropBox (the
/// fixture's boxes, not pageinfo's transforms); the exits `info` and `annotations` give.
@Suite("pageinfo outline")
struct OutlineCommandTests {
    static let file = CLI.fixture("annotations/annotations.pdf")
    static let hostile = CLI.fixture("annotations/hostile-outline.pdf")

    static func golden(_ name: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: CLI.fixture("annotations/\(name).json")))
        return try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["outline"] as? [[String: Any]])
    }

    /// A string, a number or null as comparable text (`null` for a key the golden leaves out);
    /// booleans are compared as `Bool`.
    static func text(_ any: Any?) -> String {
        switch any {
        case nil, is NSNull: "null"
        case let s as String: s
        case let n as NSNumber: "\(n.doubleValue)"
        default: "\(any!)"
        }
    }

    /// An outline record's fields against its golden entry; the destination's numbers, and its
    /// page point (XYZ) or page rectangle (FitR) on the target page by §8.3.
    static func expectEntry(_ r: [String: Any], _ g: [String: Any], pages: [[String: Any]], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let what = "entry \(g["index"] ?? "?")"
        for key in ["index", "level", "title", "count", "object"] {
            #expect(text(r[key]) == text(g[key]), "\(what) \(key): \(text(r[key])) against \(text(g[key]))", sourceLocation: sourceLocation)
        }
        #expect(r["open"] as? Bool == g["open"] as? Bool, "\(what) open", sourceLocation: sourceLocation)
        if let action = g["action"] as? [String: Any] {
            let read = try #require(r["action"] as? [String: Any], "\(what): no action", sourceLocation: sourceLocation)
            #expect(text(read["type"]) == text(action["type"]) && text(read["target"]) == text(action["target"]), "\(what): \(read)", sourceLocation: sourceLocation)
        } else {
            #expect(r["action"] is NSNull, "\(what): \(r["action"] ?? "absent")", sourceLocation: sourceLocation)
        }
        guard let d = g["destination"] as? [String: Any] else {
            #expect(r["destination"] is NSNull, "\(what): \(r["destination"] ?? "absent")", sourceLocation: sourceLocation)
            return
        }
        let read = try #require(r["destination"] as? [String: Any], "\(what): no destination", sourceLocation: sourceLocation)
        for key in ["page", "kind", "left", "bottom", "right", "top", "zoom", "name"] {
            #expect(text(read[key]) == text(d[key]), "\(what) destination \(key): \(read)", sourceLocation: sourceLocation)
        }
        guard let index = d["page"] as? Int else { return }
        let page = pages[index]
        let crop = try #require(page["cropBox"] as? [Double]), rotation = try #require(page["rotation"] as? Int)
        if d["kind"] as? String == "XYZ", let left = d["left"] as? Double, let top = d["top"] as? Double {
            let p = AnnotationsCommandTests.pageRect([left, top, 0, 0], crop: crop, rotation: rotation)
            AnnotationsCommandTests.expectClose(AnnotationsCommandTests.numbers(read["pagePoint"]).map { $0 + [0, 0] }, [p[0], p[1], 0, 0],
                                                "\(what) pagePoint", sourceLocation: sourceLocation)
        }
        if d["kind"] as? String == "FitR", let l = d["left"] as? Double, let b = d["bottom"] as? Double,
           let rr = d["right"] as? Double, let t = d["top"] as? Double {
            AnnotationsCommandTests.expectClose(AnnotationsCommandTests.numbers(read["pageRect"]),
                                                AnnotationsCommandTests.pageRect([l, b, rr - l, t - b], crop: crop, rotation: rotation),
                                                "\(what) pageRect", sourceLocation: sourceLocation)
        }
    }

    static func pages() throws -> [[String: Any]] { try AnnotationsCommandTests.golden("annotations") }

    @Test("jsonl: one outline record per entry in pre-order with the golden's fields and §8.3's page points, then the file record")
    func jsonLines() throws {
        let golden = try Self.golden("annotations"), pages = try Self.pages()
        let r = try CLI.run(["outline", Self.file, "--format", "jsonl"])
        #expect(r.status == 0 && r.stderr.isEmpty, "stderr: \(r.stderr)")
        let records = try AnnotationsCommandTests.lines(r)
        #expect(records.count == golden.count + 1)
        let entries = records.dropLast()
        #expect(entries.allSatisfy { $0["record"] as? String == "outline" && $0["file"] as? String == Self.file })
        for (e, g) in zip(entries, golden) { try Self.expectEntry(e, g, pages: pages) }
        let points = entries.filter { ($0["destination"] as? [String: Any])?["pagePoint"] is [String: Any] }.count
        #expect(points == golden.filter { ($0["destination"] as? [String: Any])?["kind"] as? String == "XYZ" }.count && points == 5)
        let fileRecord = try #require(records.last)
        #expect(fileRecord["record"] as? String == "file" && fileRecord["status"] as? String == "ok" && fileRecord["pageCount"] as? Int == 7)
        #expect((fileRecord["warnings"] as? [Any])?.isEmpty == true)
    }

    @Test("json: the document object holds an \"outline\" array of the same records, without file")
    func json() throws {
        let golden = try Self.golden("annotations"), pages = try Self.pages()
        let r = try CLI.run(["outline", Self.file, "--format", "json"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let document = try #require(try CLI.json(r) as? [String: Any])
        #expect(document["record"] as? String == "file" && document["status"] as? String == "ok" && document["pages"] == nil)
        let outline = try #require(document["outline"] as? [[String: Any]])
        #expect(outline.count == golden.count && outline.allSatisfy { $0["file"] == nil })
        for (e, g) in zip(outline, golden) { try Self.expectEntry(e, g, pages: pages) }
        // Two files: an array of two documents.
        let two = try CLI.run(["outline", Self.file, Self.hostile, "--format", "json"])
        let documents = try #require(try CLI.json(two) as? [[String: Any]])
        #expect(documents.map { ($0["outline"] as? [Any])?.count } == [golden.count, try Self.golden("hostile-outline").count])
    }

    @Test("csv: a header, one row per entry and the file row, every row as wide as the header")
    func csv() throws {
        let golden = try Self.golden("annotations")
        let r = try CLI.run(["outline", Self.file, "--format", "csv"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let rows = PagesCommandTests.parseCSV(r.stdout)
        let header = try #require(rows.first)
        #expect(header.prefix(8) == ["record", "file", "index", "level", "title", "open", "count", "object"])
        #expect(header.suffix(5) == ["status", "error", "errorMessage", "warnings", "pageCount"])
        #expect(rows.dropFirst().allSatisfy { $0.count == header.count })
        let body = rows.dropFirst().dropLast()
        #expect(body.count == golden.count && body.allSatisfy { $0.first == "outline" })
        let column = { (name: String) in header.firstIndex(of: name)! }
        #expect(body.map { $0[column("title")] } == golden.map { $0["title"] as? String ?? "" })
        #expect(body.map { Int($0[column("level")]) } == golden.map { $0["level"] as? Int })
        #expect(body.map { $0[column("destination.page")] } == golden.map { ($0["destination"] as? [String: Any])?["page"].map { "\($0)" } ?? "" })
        #expect(body.map { $0[column("action.target")] }.contains("https://example.org/outline"))
        let file = try #require(rows.last)
        #expect(file.first == "file" && file[column("status")] == "ok" && file[column("pageCount")] == "7")
    }

    @Test("table: a heading, each title indented by its level with - open / + closed and its target, the counts")
    func table() throws {
        let golden = try Self.golden("annotations")
        let r = try CLI.run(["outline", Self.file])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let lines = r.stdoutLines
        #expect(lines.first == "# \(Self.file): PDF 1.7")
        #expect(lines.count == 2 + golden.count + 2, "\(r.stdout)")
        for (line, g) in zip(lines.dropFirst(2), golden) {
            let level = try #require(g["level"] as? Int), title = try #require(g["title"] as? String)
            // "    N  " then two spaces a level, the marker (or two spaces) and the title.
            let prefix = String(line.prefix(7 + 2 * level + 2))
            #expect(line.dropFirst(prefix.count).hasPrefix(title), "\(line)")
            #expect(prefix.hasSuffix("- ") == (g["open"] as? Bool == true), "\(line)")
        }
        #expect(lines.contains("    4        Detail at 200%  → page 3 XYZ"))
        #expect(lines.contains("    3    + Page 3, turned 180°  → page 3 FitR"))
        #expect(lines.contains("   12    pageinfo on the web  URI https://example.org/outline"))
        #expect(lines.suffix(2) == ["# \(golden.count) outline entries", "# 7 pages: ok"])
    }

    @Test("hostile outline: each damaged item warned with its code, the rest read, exit 0; --strict fails with one line (65)")
    func hostileFile() throws {
        let golden = try Self.golden("hostile-outline")
        let r = try CLI.run(["outline", Self.hostile, "--format", "jsonl"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let entries = try AnnotationsCommandTests.lines(r).filter { $0["record"] as? String == "outline" }
        #expect(entries.count == golden.count)
        for (e, g) in zip(entries, golden) {
            let codes = ((e["warnings"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
            #expect(codes == g["warnings"] as? [String], "entry \(e["index"] ?? "?"): \(codes)")
            #expect(Self.text(e["level"]) == Self.text(g["level"]) && Self.text(e["count"]) == Self.text(g["count"]), "\(e)")
        }
        for format in ["table", "jsonl", "json", "csv"] {
            let strict = try CLI.run(["outline", Self.hostile, "--strict", "--format", format])
            PagesCommandTests.expectFailure(strict, code: 65, mentioning: ["--strict", "outline-count-mismatch"], stdoutEmpty: false)
        }
        // A file without an outline: its file record only, exit 0.
        let none = try CLI.run(["outline", CLI.fixture("mixed.pdf"), "--format", "jsonl"])
        #expect(none.status == 0 && none.stdoutLines.count == 1 && none.stdout.hasPrefix("{\"record\":\"file\""))
    }

    @Test("bad invocations: one line on stderr and exit 64", arguments: [
        (["outline"], "file"),
        (["outline", CLI.fixture("mixed.pdf"), "--format", "columns"], "columns"),
        (["outline", CLI.fixture("mixed.pdf"), "--format", "xml"], "--format"),
        (["outline", CLI.fixture("mixed.pdf"), "--require-version", "0.0.0"], "--require-version"),
        (["outline", CLI.fixture("mixed.pdf"), "--pages", "1"], "--pages"),
    ])
    func badInvocation(args: [String], phrase: String) throws {
        PagesCommandTests.expectFailure(try CLI.run(args), code: 64, mentioning: [phrase])
    }

    @Test("files that cannot be read: 66 missing, 65 not a PDF, 77 encrypted without its password (0 with it); the worst of several")
    func unreadable() throws {
        PagesCommandTests.expectFailure(try CLI.run(["outline", "/nonexistent/none.pdf"]), code: 66, mentioning: ["/nonexistent/none.pdf"])
        PagesCommandTests.expectFailure(try CLI.run(["outline", CLI.fixture("not-a-pdf.pdf")]), code: 65, mentioning: ["not-a-pdf.pdf"])
        let encrypted = CLI.fixture("encrypted.pdf")
        PagesCommandTests.expectFailure(try CLI.run(["outline", encrypted]), code: 77, mentioning: ["--password-file"])
        #expect(try CLI.run(["outline", encrypted], environment: ["PAGEINFO_PASSWORD": "secret"]).status == 0)
        // Every file is read; the exit is the worst (77 > 66 > 65), each failure one line.
        let several = try CLI.run(["outline", "--format", "jsonl", Self.file, CLI.fixture("not-a-pdf.pdf"), "/nonexistent/none.pdf", encrypted])
        #expect(several.status == 77 && several.stderrLines.count == 3, "\(several.stderr)")
        let files = try AnnotationsCommandTests.lines(several).filter { $0["record"] as? String == "file" }
        #expect(files.map { $0["status"] as? String } == ["ok", "failed", "failed", "failed"])
    }
}
