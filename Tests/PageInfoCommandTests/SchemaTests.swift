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
        var jsonl = "", json: [String] = []
        for file in files {
            jsonl += try CLI.run(["pages", "--format", "jsonl", file]).stdout
            jsonl += try CLI.run(["pages", "--format", "columns", file]).stdout
            jsonl += try CLI.run(["info", "--format", "jsonl", file]).stdout
            let doc = try CLI.run(["pages", "--format", "json", file]).stdout
            json.append(doc.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        // A --pages item past the end, --strict and a missing file: error records too.
        jsonl += try CLI.run(["pages", "--format", "jsonl", "--pages", "99", CLI.fixture("mixed.pdf")]).stdout
        jsonl += try CLI.run(["pages", "--format", "jsonl", "--strict", CLI.fixture("damaged/kid-missing.pdf")]).stdout
        jsonl += try CLI.run(["pages", "--format", "jsonl", CLI.fixture("no-such.pdf")]).stdout
        // The bitmap object: every renderer, a resolution and both fits, on the good and
        // damaged fixtures (page errors carry none); json documents too.
        let bitmapOptions = [["--dpi", "300"], ["--dpi", "97", "--renderer", "mupdf"],
                             ["--bitmap-size", "640x480", "--fit", "fill", "--renderer", "pdfium"], ["--bitmap-size", "1x1"]]
        var bitmaps = 0
        for file in files where !file.hasPrefix(CLI.corpus.path) {
            for options in bitmapOptions {
                let out = try CLI.run(["pages", "--format", "jsonl"] + options + [file]).stdout
                bitmaps += out.components(separatedBy: "\"bitmap\":{").count - 1
                jsonl += out
                jsonl += try CLI.run(["pages", "--format", "columns"] + options + [file]).stdout
            }
            json.append(try CLI.run(["pages", "--format", "json", "--dpi", "150", file]).stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(bitmaps > 100, "\(bitmaps) bitmap objects")
        // The frames object: every library, alone, together and with a bitmap, on every
        // file (page errors carry none); json documents too.
        var frames = 0
        for file in files {
            for options in [["--frames", "all"], ["--frames", "pdfplumber"], ["--frames", "pypdf,pymupdf", "--dpi", "72", "--renderer", "mupdf"]] {
                let out = try CLI.run(["pages", "--format", "jsonl"] + options + [file]).stdout
                frames += out.components(separatedBy: "\"frames\":{").count - 1
                jsonl += out
            }
            json.append(try CLI.run(["pages", "--format", "json", "--frames", "all", file]).stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(frames > 100, "\(frames) frames objects")
        // Annotation records with every rectangle set (view, bitmap, frames) on every file; on
        // the annotation fixtures also without them, and as json documents (their page records
        // carry them). (One run a file: the records' shapes are the same on every file.)
        var annotations = 0
        for file in files {
            let fixture = file.contains("/Fixtures/annotations/")
            for options in (fixture ? [[]] : []) + [["--view", "800x600", "--dpi", "150", "--frames", "all"]] {
                let out = try CLI.run(["annotations", "--format", "jsonl"] + options + [file]).stdout
                annotations += out.components(separatedBy: "{\"record\":\"annotation\"").count - 1
                jsonl += out
            }
            if fixture {
                json.append(try CLI.run(["annotations", "--format", "json", "--dpi", "72", file]).stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        #expect(annotations > 1000, "\(annotations) annotation records")
        // Outline records, and the json documents that hold them; --strict's failed file record too.
        var outlines = 0
        for file in files {
            let out = try CLI.run(["outline", "--format", "jsonl", file]).stdout
            outlines += out.components(separatedBy: "{\"record\":\"outline\"").count - 1
            jsonl += out
            json.append(try CLI.run(["outline", "--format", "json", file]).stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        jsonl += try CLI.run(["outline", "--format", "jsonl", "--strict", CLI.fixture("annotations/hostile-outline.pdf")]).stdout
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
            for n, doc in enumerate(json.load(open(sys.argv[3])), 1):
                for e in document.iter_errors(doc):
                    bad += 1; print("document %d: %s at %s" % (n, e.message[:200], where(e)))
            print("checked %d distinct lines" % len(seen))
            sys.exit(1 if bad else 0)
            """
        let p = try ProcessRunner.run("/usr/bin/env", arguments: [SchemaValidator.python, "-c", script,
                                                                  CLI.packageRoot.appendingPathComponent("docs/records.schema.json").path, lines.path, docs.path],
                                      stderr: .standardOutput)
        let text = p.stdoutText
        #expect(p.status == 0 && text.contains("checked "), "\(text.prefix(3000))")
    }
}
