// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// Every record the tool prints validates against docs/records.schema.json: jsonl and json from
/// `pages`, `annotations`, `outline` and `info`, and the chunk records of `pages --format columns` (every leaf array as long
/// as the chunk's count), on every fixture, damaged fixture and corpus file (page errors,
/// warnings, recovered pages, failed files included). Validated by a Python Draft 2020-12 validator (``SchemaValidator``),
/// an implementation independent of ours. Skipped (with the reason) only where that validator is
/// missing and `CI` is not `true` (``SchemaValidator``).
@Suite("records match docs/records.schema.json")
struct SchemaTests {
    static func pdfs() -> [String] {
        var files: [String] = []
        for dir in [CLI.fixtures, CLI.fixtures.appendingPathComponent("damaged"), CLI.fixtures.appendingPathComponent("annotations"), CLI.corpus] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            files += names.filter { $0.lowercased().hasSuffix(".pdf") }.sorted().map { dir.appendingPathComponent($0).path }
        }
        return files
    }

    @Test("jsonl lines, columns chunks and json documents of pages and info validate", .requiresSchemaValidator)
    func validate() throws {
        try SchemaValidator.requirePresent()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-schema-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = Self.pdfs()
        try #require(files.count > (Corpus.isAvailable ? 30 : 20))
        let fixtures = files.filter { !$0.hasPrefix(CLI.corpus.path) }
        let annotationFixtures = files.filter { $0.contains("/Fixtures/annotations/") }
        try #require(!annotationFixtures.isEmpty)
        var jsonl = "", json: [String] = []
        // Each command runs once over all its files: several files print what one run a file
        // prints, one after another (a json run prints the array of their documents, which the
        // validator takes apart). A run must end with a file's status, never a crash or a usage
        // error: records cut short by a crash would go unchecked.
        func run(_ arguments: [String], status allowed: Set<Int32> = [0, 2, 65, 66, 77]) throws -> String {
            let r = try CLI.run(arguments)
            #expect(allowed.contains(r.status), "\(arguments.prefix(6)): status \(r.status): \(r.stderr.suffix(500))")
            return r.stdout
        }
        // (A run over one file prints its document itself, not an array of one: the validator
        // takes arrays apart, so that shape is checked here.)
        func document(_ arguments: [String], oneFile: Bool = false) throws {
            let text = try run(arguments).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(!oneFile || text.hasPrefix("{"), "\(arguments.prefix(6)): one file's json is its document: \(text.prefix(80))")
            json.append(text)
        }
        jsonl += try run(["pages", "--format", "jsonl"] + files)
        jsonl += try run(["pages", "--format", "columns"] + files)
        jsonl += try run(["info", "--format", "jsonl"] + files)
        try document(["pages", "--format", "json"] + files)
        // One file alone: json prints its document, not an array.
        try document(["pages", "--format", "json", files[0]], oneFile: true)
        // A --pages item past the end (a usage error that still prints the file's records),
        // --strict and a missing file: error records too.
        jsonl += try run(["pages", "--format", "jsonl", "--pages", "99", CLI.fixture("mixed.pdf")], status: [64])
        jsonl += try run(["pages", "--format", "jsonl", "--strict", CLI.fixture("damaged/kid-missing.pdf")])
        jsonl += try run(["pages", "--format", "jsonl", CLI.fixture("no-such.pdf")])
        // The bitmap object: every renderer, a resolution and both fits, on the good and
        // damaged fixtures (page errors carry none); json documents too.
        let bitmapOptions = [["--dpi", "300"], ["--dpi", "97", "--renderer", "mupdf"],
                             ["--bitmap-size", "640x480", "--fit", "fill", "--renderer", "pdfium"], ["--bitmap-size", "1x1"]]
        var bitmaps = 0
        for options in bitmapOptions {
            let out = try run(["pages", "--format", "jsonl"] + options + fixtures)
            bitmaps += out.components(separatedBy: "\"bitmap\":{").count - 1
            jsonl += out
            jsonl += try run(["pages", "--format", "columns"] + options + fixtures)
        }
        try document(["pages", "--format", "json", "--dpi", "150"] + fixtures)
        #expect(bitmaps > 100, "\(bitmaps) bitmap objects")
        // The frames object: every library, alone, together and with a bitmap, on every
        // file (page errors carry none); json documents too.
        var frames = 0
        for options in [["--frames", "all"], ["--frames", "pdfplumber"], ["--frames", "pypdf,pymupdf", "--dpi", "72", "--renderer", "mupdf"]] {
            let out = try run(["pages", "--format", "jsonl"] + options + files)
            frames += out.components(separatedBy: "\"frames\":{").count - 1
            jsonl += out
        }
        try document(["pages", "--format", "json", "--frames", "all"] + files)
        #expect(frames > 100, "\(frames) frames objects")
        // Annotation records with every rectangle set (view, bitmap, frames) on every file; on
        // the annotation fixtures also without them, and as json documents (their page records
        // carry them).
        var annotations = 0
        for (options, group) in [([String](), annotationFixtures), (["--view", "800x600", "--dpi", "150", "--frames", "all"], files)] {
            let out = try run(["annotations", "--format", "jsonl"] + options + group)
            annotations += out.components(separatedBy: "{\"record\":\"annotation\"").count - 1
            jsonl += out
        }
        try document(["annotations", "--format", "json", "--dpi", "72"] + annotationFixtures)
        try document(["annotations", "--format", "json", "--dpi", "72", annotationFixtures[0]], oneFile: true)
        #expect(annotations > 1000, "\(annotations) annotation records")
        // Outline records, and the json documents that hold them; --strict's failed file record too.
        let outline = try run(["outline", "--format", "jsonl"] + files)
        let outlines = outline.components(separatedBy: "{\"record\":\"outline\"").count - 1
        jsonl += outline
        try document(["outline", "--format", "json"] + files)
        try document(["outline", "--format", "json", files[0]], oneFile: true)
        jsonl += try run(["outline", "--format", "jsonl", "--strict", CLI.fixture("annotations/hostile-outline.pdf")])
        #expect(outlines >= 86, "\(outlines) outline records")
        let lines = dir.appendingPathComponent("out.jsonl"), docs = dir.appendingPathComponent("out.json")
        try Data(jsonl.utf8).write(to: lines)
        try Data(("[" + json.joined(separator: ",") + "]").utf8).write(to: docs)
        let script = SchemaValidator.prelude + """
            import json, sys
            schema = json.load(open(sys.argv[1]))
            line = Validator(schema)
            document = Validator(dict(schema, **{"$ref": "#/$defs/jsonDocument"}, **{"if": True, "then": True, "else": True}))
            def leaves(column):
                return [v for c in column.values() for v in leaves(c)] if isinstance(column, dict) else [column]
            bad = chunks = 0
            seen = set()
            for n, text in enumerate(open(sys.argv[2]), 1):
                # (A line printed again, by another option or format, validates as it did.)
                if text in seen:
                    continue
                seen.add(text)
                record = json.loads(text)
                for e in line.iter_errors(record):
                    bad += 1; print("line %d: %s at %s" % (n, e.message[:200], where(e)))
                if record.get("record") == "pages":
                    chunks += 1
                    lengths = {len(leaf) for leaf in leaves(record["columns"])}
                    if lengths != {record["count"]}:
                        bad += 1; print("line %d: count %s, leaves of %s values" % (n, record["count"], sorted(lengths)))
            if chunks < 100:
                bad += 1; print("only %d distinct chunk records" % chunks)
            # (A run over several files printed the array of their documents.)
            docs = [d for run in json.load(open(sys.argv[3])) for d in (run if isinstance(run, list) else [run])]
            for n, doc in enumerate(docs, 1):
                for e in document.iter_errors(doc):
                    bad += 1; print("document %d: %s at %s" % (n, e.message[:200], where(e)))
            if len(docs) < int(sys.argv[4]):
                bad += 1; print("only %d documents, %s expected" % (len(docs), sys.argv[4]))
            print("checked %d distinct lines and %d documents" % (len(seen), len(docs)))
            sys.exit(1 if bad else 0)
            """
        let p = try ProcessRunner.run("/usr/bin/env", arguments: [SchemaValidator.python, "-c", script,
                                                                  CLI.packageRoot.appendingPathComponent("docs/records.schema.json").path, lines.path, docs.path, String(3 * files.count + fixtures.count)],
                                      stderr: .standardOutput)
        let text = p.stdoutText
        #expect(p.status == 0 && text.contains("checked "), "\(text.prefix(3000))")
    }
}
