// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoEncoding
import PageInfoTestSupport
import Testing

/// `pages --format columns` (docs/records.md, "Columns"): every chunk record, expanded
/// row by row, gives back the jsonl page record exactly (an absent member as null), every other
/// line is the jsonl line, on every fixture, damaged fixture (page errors, warnings) and corpus
/// file, with and without `--dpi 150`, one file and several, in process and in batch mode.
/// Both outputs are read with the package's one JSON reader (`JSONParser`), keeping each scalar
/// as the text it was written as, so numbers are compared as text (the one number rule).
@Suite("pages --format columns: chunks that expand to the jsonl records")
struct ColumnsFormatTests {
    // MARK: - Values as written

    /// A JSON value whose scalars keep the text they were written as.
    indirect enum Written: Equatable, CustomStringConvertible {
        case scalar(String)
        case array([Written])
        case object([Member])

        struct Member: Equatable {
            var key: String
            var value: Written
        }

        static let null = Written.scalar("null")

        var members: [Member] { if case .object(let m) = self { m } else { [] } }
        func member(_ key: String) -> Written? { members.first { $0.key == key }?.value }

        /// Whether every scalar inside is `null` (an object of null leaves, or `null` itself).
        var leavesAllNull: Bool {
            switch self {
            case .scalar: self == .null
            case .array: false
            case .object(let m): m.allSatisfy { $0.value.leavesAllNull }
            }
        }

        var description: String {
            switch self {
            case .scalar(let s): s
            case .array(let a): "[" + a.map(\.description).joined(separator: ",") + "]"
            case .object(let m): "{" + m.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
            }
        }
    }

    static func read(_ p: inout JSONParser) throws(JSONReadError) -> Written {
        p.skipSpace()
        switch p.peek {
        case UInt8(ascii: "{"):
            var members: [Written.Member] = []
            try p.object(path: "") { (p: inout JSONParser, key: String) throws(JSONReadError) in members.append(.init(key: key, value: try read(&p))) }
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [Written] = []
            try p.array(path: "") { (p: inout JSONParser, _: Int) throws(JSONReadError) in elements.append(try read(&p)) }
            return .array(elements)
        default:
            let start = p.offset
            _ = try p.value()
            return .scalar(String(decoding: p.bytes[start..<p.offset], as: UTF8.self))
        }
    }

    static func parse(_ line: Substring) throws -> Written {
        var p = JSONParser(Array(line.utf8))
        let value = try read(&p)
        try p.end()
        return value
    }

    // MARK: - The contract

    /// The members of `columns`, in order: every member a jsonl page record can have but
    /// `record` and `file`, `bitmap` only when the run asks for one.
    static func columnNames(bitmap: Bool, frames: Bool = false) -> [String] {
        ["index", "label", "rotation", "rotationRaw", "userUnit", "mediaBox", "cropBox", "bleedBox", "trimBox", "artBox", "size",
         "transform"] + (bitmap ? ["bitmap"] : []) + (frames ? ["frames"] : []) + ["error", "warnings"]
    }

    /// Row `row` of a column: the element of an array; for an object of columns, the object of
    /// its members' rows, or null when every leaf of the row is null.
    static func expand(_ column: Written, row: Int) -> Written {
        switch column {
        case .array(let values): return values[row]
        case .object(let members):
            let object = Written.object(members.map { .init(key: $0.key, value: expand($0.value, row: row)) })
            return object.leavesAllNull ? .null : object
        case .scalar: return .scalar("not a column")
        }
    }

    /// Whether every leaf of `column` is an array of `count` values.
    static func leavesHold(_ count: Int, _ column: Written) -> Bool {
        switch column {
        case .array(let values): values.count == count
        case .object(let members): !members.isEmpty && members.allSatisfy { leavesHold(count, $0.value) }
        case .scalar: false
        }
    }

    struct Tally { var chunks = 0, pages = 0, pageErrors = 0, pagesWithWarnings = 0, bitmaps = 0, nullBitmaps = 0, frames = 0 }

    /// Checks that the output of `--format columns` is the jsonl output with each run of page
    /// records as chunk records (at most 1024 rows, flushed before every other record) that
    /// expand to them.
    static func expectSameRecords(columns: String, jsonl: String, bitmap: Bool, frames: Bool = false, _ context: String,
                                  into tally: inout Tally) throws {
        let expected = jsonl.split(separator: "\n", omittingEmptySubsequences: false)
        let lines = columns.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(expected.last == "" && lines.last == "", "\(context): each record ends with a newline")
        var next = 0  // the jsonl line to compare next
        for (n, line) in lines.dropLast().enumerated() {
            let value = try parse(line)
            guard value.member("record") == .scalar("\"pages\"") else {
                // Not a page record: exactly the jsonl line.
                try #require(next < expected.count - 1, "\(context): line \(n + 1) beyond the jsonl records")
                #expect(line == expected[next], "\(context): line \(n + 1)")
                #expect(value.member("record") != .scalar("\"page\""), "\(context): a page record outside a chunk")
                next += 1
                continue
            }
            tally.chunks += 1
            #expect(value.members.map(\.key) == ["record", "file", "count", "columns"], "\(context): line \(n + 1)")
            guard case .scalar(let countText) = value.member("count"), let count = Int(countText),
                  let file = value.member("file"), let columns = value.member("columns") else {
                Issue.record("\(context): line \(n + 1) is no chunk: \(line.prefix(200))"); continue
            }
            #expect((1...PageListEncoder.columnChunkPages).contains(count), "\(context): \(count) rows")
            #expect(columns.members.map(\.key) == columnNames(bitmap: bitmap, frames: frames), "\(context): line \(n + 1)")
            #expect(columns.members.allSatisfy { leavesHold(count, $0.value) }, "\(context): every leaf holds \(count) values")
            // A chunk smaller than the most is the last of its run of page records.
            if count < PageListEncoder.columnChunkPages, n + 1 < lines.count - 1 {
                #expect(try parse(lines[n + 1]).member("record") != .scalar("\"pages\""), "\(context): a short chunk before another")
            }
            for row in 0..<count {
                try #require(next < expected.count - 1, "\(context): more rows than jsonl page records")
                let record = try parse(expected[next])
                next += 1
                #expect(record.member("record") == .scalar("\"page\""), "\(context): row \(row) of line \(n + 1) is \(record)")
                // No object of a record has all its leaves null: a reader tells an object that is
                // null or absent by its leaves being all null.
                for member in record.members where member.value.members.count > 0 {
                    #expect(!member.value.leavesAllNull, "\(context): \(member.key) of \(record)")
                }
                let expanded = [Written.Member(key: "record", value: .scalar("\"page\"")), .init(key: "file", value: file)]
                    + columns.members.map { Written.Member(key: $0.key, value: expand($0.value, row: row)) }
                // The record's members, in its order, are the expansion's; those it lacks are null there.
                let present = Set(record.members.map(\.key))
                let absent = expanded.filter { !present.contains($0.key) }
                #expect(absent.allSatisfy { $0.value == .null }, "\(context): \(absent) of \(record)")
                #expect(Written.object(expanded.filter { present.contains($0.key) }) == record,
                        "\(context): row \(row) of line \(n + 1)\n\(Written.object(expanded))\n\(record)")
                tally.pages += 1
                if record.member("error") != nil { tally.pageErrors += 1 }
                if record.member("warnings") != .array([]) { tally.pagesWithWarnings += 1 }
                if let b = record.member("bitmap") { if b == .null { tally.nullBitmaps += 1 } else { tally.bitmaps += 1 } }
                if let f = record.member("frames"), f != .null { tally.frames += 1 }
            }
        }
        #expect(next == expected.count - 1, "\(context): \(expected.count - 1 - next) jsonl records left over")
    }

    static func pdfs(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.lowercased().hasSuffix(".pdf") }.sorted().map { directory.appendingPathComponent($0).path }
    }

    /// Both formats of `files` with `options`: the same exit status and stderr, and records that
    /// match (``expectSameRecords(columns:jsonl:bitmap:_:into:)``). Returns both outputs.
    @discardableResult
    static func compare(_ files: [String], options: [String], into tally: inout Tally) throws -> (columns: String, jsonl: String) {
        let columns = try CLI.run(["pages", "--format", "columns"] + options + files)
        let jsonl = try CLI.run(["pages", "--format", "jsonl"] + options + files)
        let context = "\(options) \(files.count == 1 ? files[0] : "\(files.count) files")"
        #expect(columns.status == jsonl.status && columns.stderr == jsonl.stderr, "\(context): \(columns.status) \(columns.stderr)")
        try expectSameRecords(columns: columns.stdout, jsonl: jsonl.stdout, bitmap: options.contains("--dpi"),
                              frames: options.contains("--frames"), context, into: &tally)
        return (columns.stdout, jsonl.stdout)
    }

    // MARK: - Tests

    @Test("every fixture and damaged fixture, alone, and together with and without --dpi 150 and --frames")
    func fixtures() throws {
        let files = Self.pdfs(in: CLI.fixtures) + Self.pdfs(in: CLI.fixtures.appendingPathComponent("damaged"))
        try #require(files.count > 20)
        var tally = Tally()
        // Each file alone once (its own status and stderr in both formats); with each option,
        // all of them in one run (several files print what one run a file prints, so every
        // file's records are compared there).
        var alone = (columns: "", jsonl: "")
        for file in files {
            let one = try Self.compare([file], options: [], into: &tally)
            alone.columns += one.columns
            alone.jsonl += one.jsonl
        }
        for options in [[], ["--dpi", "150"], ["--frames", "pypdf,pymupdf"], ["--dpi", "72", "--frames", "all"]] {
            let together = try Self.compare(files, options: options, into: &tally)
            // What the runs over all files rest on (here and in SchemaTests): several files print,
            // byte for byte, what one run a file prints.
            if options.isEmpty {
                #expect(together.columns == alone.columns && together.jsonl == alone.jsonl, "all files in one run print what one run a file prints")
            }
        }
        // A --pages list out of order and past the end, and a file that does not exist.
        try Self.compare([CLI.fixture("rotations.pdf"), CLI.fixture("no-such.pdf"), CLI.fixture("labels.pdf")],
                         options: ["--pages", "7-,2,1,99"], into: &tally)
        // Not vacuous: page errors, warnings and bitmaps were compared.
        #expect(tally.pageErrors > 10 && tally.pagesWithWarnings > 10 && tally.bitmaps > 100 && tally.frames > 100, "\(tally)")
    }

    @Test("every corpus file, with and without --dpi 150", .requiresCorpus)
    func corpus() throws {
        try Corpus.requirePresent()
        let files = Self.pdfs(in: CLI.corpus)
        try #require(files.count > 30)
        var tally = Tally()
        for options in [[], ["--dpi", "150"]] {
            for file in files { try Self.compare([file], options: options, into: &tally) }
        }
        #expect(tally.pages > 100, "\(tally)")
    }

    @Test("a file of 8,195 pages: eight chunks of 1024 and one of 3 that expand to its jsonl records, in process and in batch mode",
          .requiresTool(.python3))
    func largeFile() throws {
        let dir = try makeScratchDirectory("columns")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let pdf = dir + "/large.pdf"
        // The benchmark's page mix (scripts/make_bench_pdfs.py): sizes, origins, rotations, CropBoxes,
        // clipped BleedBoxes (warnings), labels.
        let python = try ExternalTool.python3.require()
        let made = try ProcessRunner.run(python.path, arguments: ["-c", """
            import sys
            sys.dont_write_bytecode = True
            sys.path.insert(0, "scripts")
            import pdfgen, make_bench_pdfs as bench
            root = pdfgen.balanced_tree([bench.flat_page(i) for i in range(8195)], 50)
            root.attrs["Resources"] = bench.FONT
            with open(sys.argv[1], "wb") as f:
                pdfgen.write_document(f, root, seed="columns", labels=[(0, "r", None, None), (20, "D", None, 1), (5000, "D", "X-", 1)])
            """, pdf], directory: CLI.packageRoot.path)
        try #require(made.termination == .exit(0), "\(made.stderrText)")
        var tally = Tally()
        for options in [[], ["--dpi", "150"]] { try Self.compare([pdf], options: options, into: &tally) }
        #expect(tally.chunks == 18 && tally.pages == 2 * 8195 && tally.pagesWithWarnings > 100, "\(tally)")
        let chunks = try CLI.run(["pages", "--format", "columns", pdf]).stdoutLines.map { try Self.parse(Substring($0)).member("count") }
        #expect(chunks == Array(repeating: .scalar("1024"), count: 8) + [.scalar("3"), nil])
        // --pages in any order: the rows are the records in the order written.
        try Self.compare([pdf], options: ["--pages", "8000-,4090-4100,1"], into: &tally)
        // Batch mode writes each file's chunks as in process (seconds aside), to stdout and to -o.
        let files = [pdf, CLI.fixture("rotations.pdf"), CLI.fixture("damaged/kid-missing.pdf"), CLI.fixture("not-a-pdf.pdf")]
        let inProcess = try CLI.run(["pages", "--format", "columns"] + files)
        let batch = try CLI.run(["pages", "--format", "columns", "--jobs", "2", "--no-progress"] + files)
        #expect(batch.status == inProcess.status)
        #expect(Self.withoutSeconds(batch.stdout) == Self.withoutSeconds(inProcess.stdout))
        let out = dir + "/out.columns"
        let written = try CLI.run(["pages", "--format", "columns", "--jobs", "2", "--no-progress", "-o", out] + files)
        #expect(written.status == inProcess.status && written.stdout.isEmpty)
        #expect(Self.withoutSeconds(try String(contentsOfFile: out, encoding: .utf8)) == Self.withoutSeconds(inProcess.stdout))
    }

    /// The output with every file record's `seconds` (batch mode measures it) as `null`.
    static func withoutSeconds(_ text: String) -> String {
        text.replacingOccurrences(of: #""seconds":[0-9.e+-]+"#, with: #""seconds":null"#, options: .regularExpression)
    }

    @Test("columns is a pages format: the options it takes and refuses are jsonl's; info and check keep their formats")
    func options() throws {
        let file = CLI.fixture("rotations.pdf")
        for refused in [["--wide"], ["--pages", "0"]] {
            let columns = try CLI.run(["pages", "--format", "columns"] + refused + [file])
            let jsonl = try CLI.run(["pages", "--format", "jsonl"] + refused + [file])
            #expect(columns.status == 64 && columns.status == jsonl.status && columns.stderr == jsonl.stderr, "\(refused): \(columns.stderr)")
        }
        for format in ["json", "jsonl", "columns", "csv"] {
            #expect(try CLI.run(["pages", "--format", format, "--bitmap-size", "64x64", file]).status == 0, "\(format)")
        }
        let table = try CLI.run(["pages", "--format", "table", "--dpi", "150", file])
        #expect(table.status == 64 && table.stderr.contains("give --format json, jsonl, columns or csv"), "\(table.stderr)")
        let info = try CLI.run(["info", "--format", "columns", file])
        #expect(info.status == 64 && info.stderr.contains("'columns'"), "\(info.stderr)")
        let help = try CLI.run(["pages", "--help"])
        #expect(help.stdout.contains("table, json, jsonl, columns or csv"), "\(help.stdout)")
    }
}
