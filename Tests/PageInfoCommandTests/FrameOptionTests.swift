// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// `pages --frames LIST`: the frames object of each page record, its CSV columns, page
/// errors without it, and every misuse a usage error of one line. The matrices are worked out by
/// hand from each library's convention (docs/records.md, *Frames*); `scripts/check_frames.py`
/// checks the conventions against the libraries themselves.
@Suite("pages: --frames")
struct FrameOptionTests {
    static func lines(_ args: [String]) throws -> [[String: Any]] {
        let r = try CLI.run(["pages", "--format", "jsonl"] + args)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    static func matrix(_ frames: [String: Any], _ library: String, _ direction: String) -> [String: Double]? {
        (frames[library] as? [String: Any])?[direction] as? [String: Double]
    }

    /// rotations.pdf page 2: MediaBox [0 0 500 700], CropBox [20 30 420 630], /Rotate 90.
    /// PyMuPDF (unrotated, CropBox top-left): X = x − 20, Y = 630 − y. pdfplumber at 90 on a
    /// MediaBox at the origin: X = y, Y = x. pdfminer at 90: X = y − 0, Y = 500 − x, so back
    /// x = 500 − Y, y = X. pypdfium2 and pypdf: raw.
    @Test("--frames all: every library's matrices on a /Rotate 90 page with an offset CropBox")
    func all() throws {
        let pages = try Self.lines(["--frames", "all", "--pages", "2", CLI.fixture("rotations.pdf")]).filter { $0["record"] as? String == "page" }
        try #require(pages.count == 1)
        let frames = try #require(pages[0]["frames"] as? [String: Any])
        let identity = ["a": 1.0, "b": 0, "c": 0, "d": 1, "tx": 0, "ty": 0]
        let expected: [(String, [String: Double], [String: Double])] = [
            ("pymupdf", ["a": 1, "b": 0, "c": 0, "d": -1, "tx": -20, "ty": 630], ["a": 1, "b": 0, "c": 0, "d": -1, "tx": 20, "ty": 630]),
            ("pdfplumber", ["a": 0, "b": 1, "c": 1, "d": 0, "tx": 0, "ty": 0], ["a": 0, "b": 1, "c": 1, "d": 0, "tx": 0, "ty": 0]),
            ("pdfminer", ["a": 0, "b": -1, "c": 1, "d": 0, "tx": 0, "ty": 500], ["a": 0, "b": 1, "c": -1, "d": 0, "tx": 500, "ty": 0]),
            ("pypdfium2", identity, identity), ("pypdf", identity, identity),
        ]
        // The pipelines' frames on the displayed page, 600 × 400: page space X = y − 30,
        // Y = 420 − x (docling); TOPLEFT 400 − Y = x − 20; ratios (y − 30)/600, (x − 20)/400;
        // inches (y − 30)/72, (x − 20)/72.
        let pipelines: [(String, [String: Double], [String: Double])] = [
            ("docling", ["a": 0, "b": -1, "c": 1, "d": 0, "tx": -30, "ty": 420], ["a": 0, "b": 1, "c": -1, "d": 0, "tx": 420, "ty": 30]),
            ("docling-topleft", ["a": 0, "b": 1, "c": 1, "d": 0, "tx": -30, "ty": -20], ["a": 0, "b": 1, "c": 1, "d": 0, "tx": 20, "ty": 30]),
            ("textract", ["a": 0, "b": 1.0 / 400, "c": 1.0 / 600, "d": 0, "tx": -0.05, "ty": -0.05], ["a": 0, "b": 600, "c": 400, "d": 0, "tx": 20, "ty": 30]),
            ("documentai", ["a": 0, "b": 1.0 / 400, "c": 1.0 / 600, "d": 0, "tx": -0.05, "ty": -0.05], ["a": 0, "b": 600, "c": 400, "d": 0, "tx": 20, "ty": 30]),
            ("azure", ["a": 0, "b": 1.0 / 72, "c": 1.0 / 72, "d": 0, "tx": -30.0 / 72, "ty": -20.0 / 72], ["a": 0, "b": 72, "c": 72, "d": 0, "tx": 20, "ty": 30]),
        ]
        #expect(Set(frames.keys) == Set((expected + pipelines).map(\.0)))
        for (library, forward, back) in expected {
            #expect(Self.matrix(frames, library, "rawToFrame") == forward, "\(library) rawToFrame \(String(describing: frames[library]))")
            #expect(Self.matrix(frames, library, "frameToRaw") == back, "\(library) frameToRaw \(String(describing: frames[library]))")
        }
        // Written by the number rule (9 decimals), so compared to half the 9th decimal.
        func near(_ m: [String: Double]?, _ e: [String: Double]) -> Bool {
            guard let m, Set(m.keys) == Set(e.keys) else { return false }
            return e.allSatisfy { abs(m[$0.key]! - $0.value) <= 5e-10 + 1e-12 * abs($0.value) }
        }
        for (frame, forward, back) in pipelines {
            #expect(near(Self.matrix(frames, frame, "rawToFrame"), forward), "\(frame) rawToFrame \(String(describing: frames[frame]))")
            #expect(near(Self.matrix(frames, frame, "frameToRaw"), back), "\(frame) frameToRaw \(String(describing: frames[frame]))")
        }
    }

    /// The frames object lists the libraries in canonical order (pymupdf, pdfplumber, pdfminer,
    /// pypdfium2, pypdf), each once, whatever order the list gives, after `bitmap` and before
    /// `warnings`.
    @Test("canonical order, each once, after bitmap")
    func order() throws {
        let r = try CLI.run(["pages", "--format", "jsonl", "--frames", "pypdf,pymupdf,pypdf", "--dpi", "72", "--pages", "1",
                             CLI.fixture("rotations.pdf")])
        #expect(r.status == 0)
        let line = try #require(r.stdoutLines.first)
        let keys = ["\"bitmap\":{", "\"frames\":{\"pymupdf\":{\"rawToFrame\":", "},\"pypdf\":{\"rawToFrame\":", "\"warnings\":"]
        let positions = keys.map { line.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "\(line)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(line)")
        #expect(!line.contains("pdfminer") && !line.contains("pdfplumber") && !line.contains("pypdfium2"))
    }

    /// userunit.pdf page 1: /UserUnit 2 on US Letter. MuPDF scales by it: X = 2x, Y = 2(792 − y),
    /// back x = X/2, y = 792 − Y/2; the others ignore it (pdfminer: the identity on a MediaBox at
    /// the origin without /Rotate).
    @Test("/UserUnit 2: PyMuPDF's frame is scaled, pdfminer's is not")
    func userUnit() throws {
        let page = try #require(try Self.lines(["--frames", "pymupdf,pdfminer", "--pages", "1", CLI.fixture("userunit.pdf")]).first)
        #expect(page["userUnit"] as? Double == 2)
        let frames = try #require(page["frames"] as? [String: Any])
        #expect(Self.matrix(frames, "pymupdf", "rawToFrame") == ["a": 2, "b": 0, "c": 0, "d": -2, "tx": 0, "ty": 1584])
        #expect(Self.matrix(frames, "pymupdf", "frameToRaw") == ["a": 0.5, "b": 0, "c": 0, "d": -0.5, "tx": 0, "ty": 792])
        #expect(Self.matrix(frames, "pdfminer", "rawToFrame") == ["a": 1, "b": 0, "c": 0, "d": 1, "tx": 0, "ty": 0])
    }

    /// A page error has no geometry and no frames; the file record never has any.
    @Test("page errors and file records carry no frames")
    func pageErrors() throws {
        let records = try CLI.run(["pages", "--format", "jsonl", "--frames", "all", CLI.fixture("damaged/kid-missing.pdf")])
        let parsed = records.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let errors = parsed.filter { $0["error"] is [String: Any] && $0["record"] as? String == "page" }
        let good = parsed.filter { $0["record"] as? String == "page" && $0["error"] == nil }
        #expect(!errors.isEmpty && !good.isEmpty)
        #expect(errors.allSatisfy { $0["frames"] == nil })
        #expect(good.allSatisfy { ($0["frames"] as? [String: Any])?.count == 10 })
        #expect(parsed.filter { $0["record"] as? String == "file" }.allSatisfy { $0["frames"] == nil })
    }

    @Test("csv: frames.<library>.* columns after the bitmap's, only when asked for; empty on page errors and file rows")
    func csv() throws {
        let plain = try CLI.run(["pages", "--format", "csv", CLI.fixture("rotations.pdf")])
        #expect(!plain.stdout.contains(",frames."))
        let r = try CLI.run(["pages", "--format", "csv", "--frames", "pypdf,pdfminer", "--dpi", "150", CLI.fixture("rotations.pdf"),
                             CLI.fixture("damaged/kid-missing.pdf")])
        let rows = r.stdout.split(separator: "\n").map { Self.csvFields(String($0)) }
        let header = try #require(rows.first)
        #expect(rows.allSatisfy { $0.count == header.count })
        let names = ["a", "b", "c", "d", "tx", "ty"]
        let frameColumns = ["pdfminer", "pypdf"].flatMap { library in
            ["rawToFrame", "frameToRaw"].flatMap { m in names.map { "frames.\(library).\(m).\($0)" } }
        }
        let start = try #require(header.firstIndex(of: "frames.pdfminer.rawToFrame.a"))
        #expect(Array(header[start..<start + 24]) == frameColumns)
        #expect(header[start - 1] == "bitmap.normalizedToRaw.ty" && header[start + 24] == "status")
        // rotations.pdf page 2 (/Rotate 90, MediaBox [0 0 500 700]): pdfminer X = y, Y = 500 − x.
        let page2 = try #require(rows.first { $0.count > 3 && $0[0] == "page" && $0[1].hasSuffix("rotations.pdf") && $0[2] == "1" })
        let row = Dictionary(uniqueKeysWithValues: zip(header, page2))
        #expect(row["frames.pdfminer.rawToFrame.b"] == "-1" && row["frames.pdfminer.rawToFrame.ty"] == "500")
        #expect(row["frames.pdfminer.frameToRaw.tx"] == "500" && row["frames.pypdf.frameToRaw.a"] == "1")
        for other in rows.dropFirst() where other[0] == "file" || other.contains("error") {
            #expect(frameColumns.allSatisfy { Dictionary(uniqueKeysWithValues: zip(header, other))[$0] == "" }, "\(other)")
        }
    }

    /// One CSV line's fields (RFC 4180 quoting, no line breaks inside a field).
    static func csvFields(_ line: String) -> [String] {
        var fields: [String] = [], field = "", quoted = false, previous: Character?
        for ch in line {
            if quoted {
                if ch == "\"" { quoted = false } else { field.append(ch) }
            } else if ch == "\"" {
                if previous == "\"" { field.append("\"") }
                quoted = true
            } else if ch == "," {
                fields.append(field); field = ""
            } else {
                field.append(ch)
            }
            previous = ch
        }
        return fields + [field]
    }

    @Test("misuse is a usage error of one line", arguments: [
        (["--frames", "fitz"], "--frames fitz: unknown frame 'fitz'; give a comma-separated list of pymupdf, pdfplumber, pdfminer, pypdfium2, pypdf, docling, docling-topleft, textract, documentai, azure, or all"),
        (["--frames", ""], "--frames : an empty name"), (["--frames", "pymupdf,"], "an empty name"),
        (["--frames", "PyMuPDF"], "unknown frame 'PyMuPDF'"),
        (["--frames", "all", "--format", "table"], "--frames adds a frames object to each page record, which the table does not show"),
        (["--frames", "pypdf", "--format", "table", "--files-from", "/dev/null"], "the table does not show"),
        (["--frames", "pypdf"], "the table does not show"),   // (the default format with a file is the table)
    ] as [([String], String)])
    func misuse(args: [String], message: String) throws {
        let defaultFormat = args == ["--frames", "pypdf"]
        let hasFormat = args.contains("--format") || defaultFormat
        let r = try CLI.run(["pages"] + (hasFormat ? [] : ["--format", "jsonl"]) + args + [CLI.fixture("rotations.pdf")])
        #expect(r.status == 64, "\(args): exit \(r.status)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderrLines.count == 1 && r.stderr.contains(message), "\(args): \(r.stderr)")
    }

    /// Batch mode's workers take `--frames` as `pages` does, and refuse a bad list the same way.
    @Test("the worker refuses a bad list with 64 and one line")
    func worker() throws {
        let r = try CLI.run(["worker", "--frames", "fitz"])
        #expect(r.status == 64 && r.stderrLines.count == 1 && r.stderr.contains("worker: --frames fitz: unknown frame 'fitz'"), "\(r.stderr)")
    }
}
