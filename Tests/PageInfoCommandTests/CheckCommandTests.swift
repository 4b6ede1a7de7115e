// SPDX-License-Identifier: Apache-2.0
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PageInfoTestSupport
import Testing

/// End-to-end tests of `pageinfo check`: the real binary against goldens.
///
/// The change-kind tests start from a fixture's committed golden (`Fixtures/mixed.golden.json`,
/// derived from how the PDF was built, not from our output), change one value, and expect the
/// line worked out here by hand: `golden value → current value (current − golden)`. The corpus
/// run records goldens with `pageinfo pages --format json` in a temporary folder, perturbs them
/// with a seeded generator, and expects every perturbation found and nothing else.
@Suite("pageinfo check")
struct CheckCommandTests {
    // MARK: - Helpers

    /// A temporary folder for goldens, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-check-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func readJSON(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }

    static func writeJSON(_ object: Any, to url: URL) throws {
        try JSONSerialization.data(withJSONObject: object).write(to: url)
    }

    /// Runs `pageinfo` with extra environment variables.
    /// `PAGEINFO_UPDATE_GOLDEN` is off unless given: these tests check committed goldens
    /// (derived from how the fixtures were built), which a re-recording run must never rewrite.
    static func run(_ args: [String], environment: [String: String] = [:]) throws -> CLI.Result {
        try CLI.run(args, environment: ["PAGEINFO_UPDATE_GOLDEN": "0"].merging(environment) { $1 })
    }

    static let mixed = CLI.fixture("mixed.pdf")

    /// The committed golden of mixed.pdf, changed by `change`, written into `folder`.
    static func mixedGolden(in folder: URL, _ change: (inout [String: Any], inout [[String: Any]]) -> Void) throws -> String {
        var object = try readJSON(CLI.fixtures.appendingPathComponent("mixed.golden.json"))
        var pages = object["pages"] as! [[String: Any]]
        change(&object, &pages)
        object["pages"] = pages
        let url = folder.appendingPathComponent("mixed-\(UUID().uuidString).json")
        try writeJSON(object, to: url)
        return url.path
    }

    static func set(_ pages: inout [[String: Any]], _ index: Int, _ box: String, _ key: String, _ value: Double) {
        var b = pages[index][box] as! [String: Any]
        b[key] = value
        pages[index][box] = b
    }

    static func renumber(_ pages: inout [[String: Any]]) {
        for i in pages.indices { pages[i]["index"] = i }
    }

    /// Exit 1, exactly `lines` prefixed with the file, and the summary.
    static func expectDifferences(_ r: CLI.Result, _ lines: [String], file: String = mixed, tolerance: String = "0.01",
                                  sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == 1, "exit \(r.status): \(r.stderr)", sourceLocation: sourceLocation)
        let n = lines.count
        let expected = lines.map { "\(file): \($0)" }
            + ["FAILED: \(n) difference\(n == 1 ? "" : "s") in 1 of 1 file (tolerance \(tolerance) pt)"]
        #expect(r.stdoutLines == expected, sourceLocation: sourceLocation)
        #expect(r.stderr.isEmpty, "stderr: \(r.stderr)", sourceLocation: sourceLocation)
    }

    // MARK: - Identical, and each kind of change

    @Test("Identical: exit 0 and one summary line, against the committed golden and a recorded one")
    func identical() throws {
        let r = try Self.run(["check", Self.mixed, "--golden", CLI.fixture("mixed.golden.json")])
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(r.stdout == "OK: 1 file (10 pages) matches its golden (tolerance 0.01 pt)\n")
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorded = try Self.run(["pages", Self.mixed, "--format", "json"])
        let golden = folder.appendingPathComponent("mixed.golden.json")
        try Data(recorded.stdout.utf8).write(to: golden)
        #expect(try Self.run(["check", Self.mixed, "--golden", golden.path]).status == 0)
    }

    @Test("A box moved by more than the tolerance: exit 1 and the line; by less: exit 0")
    func boxMoved() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Page 2 is A4, CropBox width 595.276.
        let beyond = try Self.mixedGolden(in: folder) { _, pages in Self.set(&pages, 1, "cropBox", "width", 595.776) }
        Self.expectDifferences(try Self.run(["check", Self.mixed, "--golden", beyond]),
                               ["page 2: cropBox.width 595.776 → 595.276 (−0.5 pt)"])
        let within = try Self.mixedGolden(in: folder) { _, pages in Self.set(&pages, 1, "cropBox", "width", 595.28) }
        #expect(try Self.run(["check", Self.mixed, "--golden", within]).status == 0)
        // Page 10's MediaBox (0 0 900 900) moved down by 3.25 pt.
        let media = try Self.mixedGolden(in: folder) { _, pages in Self.set(&pages, 9, "mediaBox", "y", 3.25) }
        Self.expectDifferences(try Self.run(["check", Self.mixed, "--golden", media]), ["page 10: mediaBox.y 3.25 → 0 (−3.25 pt)"])
    }

    @Test("Rotation, size, label and UserUnit changes: exit 1 with their lines")
    func valueChanges() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Page 8 is a 500 × 500 square with /Rotate 90: boxes and size cannot show the change.
        let rotation = try Self.mixedGolden(in: folder) { _, pages in pages[7]["rotation"] = 0; pages[7]["rotationRaw"] = 0 }
        Self.expectDifferences(try Self.run(["check", Self.mixed, "--golden", rotation, "--tolerance", "1000"]),
                               ["page 8: rotation 0 → 90", "page 8: rotationRaw 0 → 90"], tolerance: "1000")
        // Page 5 is 72 × 48.
        let size = try Self.mixedGolden(in: folder) { _, pages in pages[4]["size"] = ["width": 72, "height": 50] }
        Self.expectDifferences(try Self.run(["check", Self.mixed, "--golden", size]), ["page 5: size.height 50 → 48 (−2 pt)"])
        let label = try Self.mixedGolden(in: folder) { _, pages in pages[0]["label"] = "cover" }
        Self.expectDifferences(try Self.run(["check", Self.mixed, "--golden", label]), [#"page 1 (cover): label "cover" → null"#])
        let userUnit = try Self.mixedGolden(in: folder) { _, pages in pages[2]["userUnit"] = 2 }
        Self.expectDifferences(try Self.run(["check", Self.mixed, "--golden", userUnit]), ["page 3: userUnit 2 → 1 (−1)"])
    }

    @Test("A page added, a page removed, a different page count: exit 1 with their lines")
    func pageCountChanges() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The golden lacks page 5 (72 × 48): the PDF has a page more.
        let added = try Self.mixedGolden(in: folder) { object, pages in
            pages.remove(at: 4); Self.renumber(&pages); object["pageCount"] = 9
        }
        Self.expectDifferences(try Self.run(["check", Self.mixed, "--golden", added]),
                               ["page count 9 → 10 (+1)", "page 5: added (72 x 48 pt)"])
        // The golden has a 100 × 100 page at position 4 that the PDF does not have.
        let removed = try Self.mixedGolden(in: folder) { object, pages in
            var extra = pages[0]
            for box in ["mediaBox", "cropBox", "bleedBox", "trimBox", "artBox"] { extra[box] = ["x": 0, "y": 0, "width": 100, "height": 100] }
            extra["size"] = ["width": 100, "height": 100]
            pages.insert(extra, at: 3); Self.renumber(&pages); object["pageCount"] = 11
        }
        Self.expectDifferences(try Self.run(["check", Self.mixed, "--golden", removed]),
                               ["page count 11 → 10 (−1)", "page 4: removed (was 100 x 100 pt)"])
        // Only the count differs (its ten pages are compared by index and match).
        let count = try Self.mixedGolden(in: folder) { object, _ in object["pageCount"] = 12 }
        Self.expectDifferences(try Self.run(["check", Self.mixed, "--golden", count]), ["page count 12 → 10 (−2)"])
        #expect(try Self.run(["check", Self.mixed, "--golden", count, "--fields", "boxes,rotation,size,label,userUnit"]).status == 0)
    }

    @Test("--tolerance boundaries: exactly the tolerance matches, a hair more does not")
    func toleranceBoundaries() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Page 10's CropBox x is 20.
        func golden(_ x: Double) throws -> String { try Self.mixedGolden(in: folder) { _, pages in Self.set(&pages, 9, "cropBox", "x", x) } }
        #expect(try Self.run(["check", Self.mixed, "--golden", try golden(20.01)]).status == 0)
        #expect(try Self.run(["check", Self.mixed, "--golden", try golden(19.99)]).status == 0)
        Self.expectDifferences(try Self.run(["check", Self.mixed, "--golden", try golden(20.0101)]),
                               ["page 10: cropBox.x 20.0101 → 20 (−0.0101 pt)"])
        #expect(try Self.run(["check", Self.mixed, "--golden", try golden(20.0101), "--tolerance", "0.0101"]).status == 0)
        #expect(try Self.run(["check", Self.mixed, "--golden", try golden(20.5), "--tolerance", "0.5"]).status == 0)
        let zero = try Self.run(["check", Self.mixed, "--golden", try golden(20.001), "--tolerance", "0"])
        #expect(zero.status == 1)
        #expect(zero.stdoutLines == ["\(Self.mixed): page 10: cropBox.x 20.001 → 20 (−0.001 pt)",
                                     "FAILED: 1 difference in 1 of 1 file (tolerance 0 pt)"])
    }

    @Test("--fields leaves groups out")
    func fields() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let both = try Self.mixedGolden(in: folder) { _, pages in pages[0]["label"] = "cover"; Self.set(&pages, 1, "trimBox", "x", 1) }
        #expect(try Self.run(["check", Self.mixed, "--golden", both, "--fields", "rotation,size,userUnit,count"]).status == 0)
        let r = try Self.run(["check", Self.mixed, "--golden", both, "--fields", "label"])
        #expect(r.stdoutLines == ["\(Self.mixed): page 1 (cover): label \"cover\" → null",
                                  "FAILED: 1 difference in 1 of 1 file (tolerance 0.01 pt; fields label)"])
    }

    // MARK: - --update

    @Test("--update writes exactly what pages --format json prints, for every fixture and corpus file")
    func updateMatchesPages() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdfs = Self.pdfs()
        var recorded = 0
        for pdf in pdfs {
            let pages = try Self.run(["pages", pdf, "--format", "json"])
            let golden = folder.appendingPathComponent("\(recorded).golden.json").path
            let update = try Self.run(["check", pdf, "--golden", golden, "--update"])
            // A partial file (page errors, recovered pages) has a golden too; a failed one has none.
            guard pages.status == 0 || pages.status == 2 else {
                #expect(update.status == pages.status, "\(pdf): check exits as pages does")
                continue
            }
            #expect(update.status == 0, "\(pdf): \(update.stderr)")
            let written = try String(contentsOfFile: golden, encoding: .utf8)
            #expect(written == pages.stdout, "\(pdf)")
            recorded += 1
        }
        #expect(recorded >= (Corpus.isAvailable ? 40 : 6), "the fixtures, and the corpus when it is there")
    }

    @Test("--update round trip: prints what changed, rewrites, then matches; PAGEINFO_UPDATE_GOLDEN=1 does the same")
    func updateRoundTrip() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = try Self.mixedGolden(in: folder) { _, pages in Self.set(&pages, 1, "cropBox", "width", 595.776) }
        let update = try Self.run(["check", Self.mixed, "--golden", golden, "--update"])
        #expect(update.status == 0)
        #expect(update.stdoutLines == ["\(Self.mixed): page 2: cropBox.width 595.776 → 595.276 (−0.5 pt)",
                                       "\(Self.mixed): updated \(golden)",
                                       "UPDATED: 1 of 1 golden rewritten, 1 difference recorded (tolerance 0.01 pt)"])
        let pages = try Self.run(["pages", Self.mixed, "--format", "json"])
        #expect(try String(contentsOfFile: golden, encoding: .utf8) == pages.stdout)
        #expect(try Self.run(["check", Self.mixed, "--golden", golden]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1, "no temporary file left")

        let perturbed = try Self.mixedGolden(in: folder) { _, pages in pages[7]["rotation"] = 180 }
        let env = try Self.run(["check", Self.mixed, "--golden", perturbed], environment: ["PAGEINFO_UPDATE_GOLDEN": "1"])
        #expect(env.status == 0)
        #expect(env.stdoutLines.first == "\(Self.mixed): page 8: rotation 180 → 90")
        #expect(try String(contentsOfFile: perturbed, encoding: .utf8) == pages.stdout)
        // "0" means off.
        let off = try Self.mixedGolden(in: folder) { _, pages in pages[7]["rotation"] = 180 }
        #expect(try Self.run(["check", Self.mixed, "--golden", off], environment: ["PAGEINFO_UPDATE_GOLDEN": "0"]).status == 1)

        // A golden folder that does not exist yet is created; new goldens are recorded.
        let dir = folder.appendingPathComponent("goldens").path
        let created = try Self.run(["check", Self.mixed, CLI.fixture("labels.pdf"), "--golden-dir", dir, "--update"])
        #expect(created.status == 0)
        #expect(created.stdoutLines == ["\(Self.mixed): recorded \(dir)/mixed.golden.json (10 pages)",
                                        "\(CLI.fixture("labels.pdf")): recorded \(dir)/labels.golden.json (13 pages)",
                                        "UPDATED: 2 of 2 goldens rewritten, 0 differences recorded (tolerance 0.01 pt)"])
        let again = try Self.run(["check", Self.mixed, CLI.fixture("labels.pdf"), "--golden-dir", dir, "--update"])
        #expect(again.stdoutLines == ["UPDATED: 0 of 2 goldens rewritten, 0 differences recorded (tolerance 0.01 pt)"])
    }

    /// `PAGEINFO_UPDATE_GOLDEN` takes 1/true/yes/on (any case) as on and 0/false/no/off or empty
    /// as off; anything else is a usage error naming the accepted values, and no golden is
    /// touched (it was read as on before: `off` rewrote the golden).
    @Test("PAGEINFO_UPDATE_GOLDEN: on values re-record, off values compare, other values are a usage error",
          arguments: ["1", "true", "yes", "on", "TRUE", "On", "0", "false", "no", "off", "", "OFF", "No", "maybe", "2", "offf", " on", "y"])
    func updateVariableValues(value: String) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = try Self.mixedGolden(in: folder) { _, pages in pages[7]["rotation"] = 180 }
        let before = try String(contentsOfFile: golden, encoding: .utf8)
        let r = try Self.run(["check", Self.mixed, "--golden", golden], environment: ["PAGEINFO_UPDATE_GOLDEN": value])
        let after = try String(contentsOfFile: golden, encoding: .utf8)
        switch value.lowercased() {
        case "1", "true", "yes", "on":
            #expect(r.status == 0, "\(value): \(r.stderr)")
            #expect(r.stdoutLines.first == "\(Self.mixed): page 8: rotation 180 → 90")
            #expect(after != before, "\(value) re-records")
        case "0", "false", "no", "off", "":
            #expect(r.status == 1, "\(value): \(r.stderr)")
            #expect(after == before, "\(value) leaves the golden alone")
        default:
            #expect(r.status == 64, "\(value): \(r.stderr)")
            #expect(r.stdout.isEmpty && r.stderrLines.count == 1, "\(value): \(r.stderr)")
            #expect(r.stderr.contains("PAGEINFO_UPDATE_GOLDEN") && r.stderr.contains("1, true, yes or on")
                    && r.stderr.contains("0, false, no, off"), "\(value): \(r.stderr)")
            #expect(after == before, "\(value) leaves the golden alone")
        }
    }

    // MARK: - Formats

    #if canImport(FoundationXML)
    @Test("--format junit: valid XML, a suite per file, a case per page, failures where pages differ")
    func junit() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = try Self.mixedGolden(in: folder) { _, pages in
            Self.set(&pages, 1, "cropBox", "width", 595.776); pages[7]["rotation"] = 0
        }
        let labels = CLI.fixture("labels.pdf")
        let r = try Self.run(["check", Self.mixed, labels, "--golden", golden, "--golden", CLI.fixture("labels.golden.json"),
                             "--format", "junit"])
        #expect(r.status == 1)
        let root = try #require(try XMLDocument(data: Data(r.stdout.utf8)).rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "\(11 + 14)")
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        #expect(root.attribute(forName: "errors")?.stringValue == "0")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == [Self.mixed, labels])
        let cases = suites[0].elements(forName: "testcase")
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["document"] + (1...10).map { "page \($0)" })
        #expect(cases.allSatisfy { $0.attribute(forName: "classname")?.stringValue == Self.mixed })
        let failed = cases.filter { !$0.elements(forName: "failure").isEmpty }.map { $0.attribute(forName: "name")?.stringValue }
        #expect(failed == ["page 2", "page 8"])
        #expect(cases[2].elements(forName: "failure").first?.stringValue == "page 2: cropBox.width 595.776 → 595.276 (−0.5 pt)")
        let labelCases = suites[1].elements(forName: "testcase").map { $0.attribute(forName: "name")?.stringValue }
        #expect(labelCases.prefix(3) == ["document", "page 1 (i)", "page 2 (ii)"])
    }
    #endif

    @Test("--format json: one document a tool can read")
    func json() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = try Self.mixedGolden(in: folder) { _, pages in Self.set(&pages, 1, "cropBox", "width", 595.776) }
        let r = try Self.run(["check", Self.mixed, "--golden", golden, "--format", "json"])
        #expect(r.status == 1)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let file = try #require((root["files"] as? [[String: Any]])?.first)
        #expect(file["status"] as? String == "differs" && file["pageCount"] as? Int == 10)
        let d = try #require((file["differences"] as? [[String: Any]])?.first)
        #expect(d["page"] as? Int == 2 && d["field"] as? String == "cropBox.width")
        #expect(d["expected"] as? Double == 595.776 && d["actual"] as? Double == 595.276)
        #expect(abs((d["delta"] as? Double ?? 0) + 0.5) < 1e-9)
    }

    // MARK: - Errors and exit codes

    @Test("Usage errors exit 64 with one line")
    func usage() throws {
        let golden = CLI.fixture("mixed.golden.json")
        for (args, phrase) in [
            (["check", Self.mixed], "--golden"),
            (["check", Self.mixed, CLI.fixture("labels.pdf"), "--golden", golden], "one --golden per file"),
            (["check", Self.mixed, "--golden", golden, "--golden-dir", "x"], "not both"),
            (["check", Self.mixed, "--golden", golden, "--tolerance=-1"], "must not be negative"),
            (["check", Self.mixed, "--golden", golden, "--tolerance", "abc"], "not a finite number"),
            (["check", Self.mixed, "--golden", golden, "--fields", "boxes,transform"], "unknown field 'transform'"),
            (["check", Self.mixed, "--golden", golden, "--format", "xml"], "xml"),
            (["check", Self.mixed, "Fixtures/mixed.pdf", "--golden-dir", "g"], "share the golden"),
            (["check", "--golden", golden], "at least one PDF"),
        ] {
            let r = try Self.run(args)
            #expect(r.status == 64, "\(args): \(r.stderr)")
            #expect(r.stderrLines.count == 1 && r.stderr.hasPrefix("pageinfo: ") && r.stderr.contains(phrase), "\(args): \(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
    }

    @Test("Unreadable input: 66, 65, 77 with one line each; the worst code wins over a difference")
    func unreadable() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = CLI.fixture("mixed.golden.json")
        let cases: [([String], Int32, String)] = [
            (["check", CLI.fixture("missing.pdf"), "--golden", golden], 66, "missing.pdf: no such file"),
            (["check", CLI.fixture("not-a-pdf.pdf"), "--golden", golden], 65, "not a PDF"),
            (["check", CLI.fixture("truncated.pdf"), "--golden", golden], 65, "damaged"),
            (["check", CLI.fixture("encrypted.pdf"), "--golden", golden], 77, "--password"),
            (["check", Self.mixed, "--golden", folder.appendingPathComponent("none.json").path], 66, "record it with --update"),
            (["check", Self.mixed, "--golden", CLI.fixture("mixed.pdf")], 65, "not a pageinfo golden: not valid JSON: unexpected character at byte 1"),
        ]
        for (args, code, phrase) in cases {
            let r = try Self.run(args)
            #expect(r.status == code, "\(args): \(r.stderr)")
            #expect(r.stderrLines.count == 1 && r.stderr.contains(phrase), "\(args): \(r.stderr)")
        }
        // The encrypted fixture with its password matches its committed golden.
        #expect(try Self.run(["check", CLI.fixture("encrypted.pdf"), "--golden", CLI.fixture("encrypted.golden.json"),
                             "--password", "secret"]).status == 0)
        // Several files: every one is checked; 66 beats 1.
        let differs = try Self.mixedGolden(in: folder) { _, pages in pages[7]["rotation"] = 0 }
        let r = try Self.run(["check", Self.mixed, CLI.fixture("missing.pdf"), "--golden", differs, "--golden", golden])
        #expect(r.status == 66)
        #expect(r.stdoutLines.first == "\(Self.mixed): page 8: rotation 0 → 90")
        #expect(r.stdoutLines.last == "FAILED: 1 difference in 1 of 1 file; 1 more could not be checked (tolerance 0.01 pt)")
    }

    /// (stdout on /dev/full, every format: FullDeviceTests.)
    @Test("Write failures exit 74: golden folder missing")
    func writeFailures() throws {
        let nowhere = "/nonexistent-\(UUID().uuidString)/mixed.golden.json"
        let update = try Self.run(["check", Self.mixed, "--golden", nowhere, "--update"])
        #expect(update.status == 74)
        #expect(update.stderrLines == ["pageinfo: \(nowhere): cannot write the golden file: No such file or directory"])
    }

    @Test("A golden of pages in another order, or a page twice, is compared by index; an unchanged PDF matches")
    func goldenInAnyOrder() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rotations = CLI.fixture("rotations.pdf")
        // As many records as pages, not in order: they used to be compared by position (page 2
        // against page 1's record) and reported under the golden's index.
        for ranges in ["2,1,3-10", "1-9,9", "10,9,8,7,6,5,4,3,2,1"] {
            let golden = dir.appendingPathComponent("g.json")
            let recorded = try Self.run(["pages", rotations, "--pages", ranges, "--format", "json"])
            try Data(recorded.stdout.utf8).write(to: golden)
            let check = try Self.run(["check", rotations, "--golden", golden.path])
            #expect(check.status == 0, "--pages \(ranges): \(check.stdout)\(check.stderr)")
        }
        // Reordered and one value changed: the change is reported at its own page. Page 1 of
        // rotations.pdf is 400 x 600 (Fixtures/rotations.golden.json); its record, now second,
        // says 500 wide.
        var golden = try Self.readJSON(URL(fileURLWithPath: CLI.fixture("rotations.golden.json")))
        var pages = golden["pages"] as! [[String: Any]]
        pages.swapAt(0, 1)
        var size = pages[1]["size"] as! [String: Any]
        #expect(pages[1]["index"] as? Int == 0 && size["width"] as? Double == 400)
        size["width"] = 500
        pages[1]["size"] = size
        golden["pages"] = pages
        let edited = dir.appendingPathComponent("edited.json")
        try Self.writeJSON(golden, to: edited)
        let check = try Self.run(["check", rotations, "--golden", edited.path])
        #expect(check.status == 1)
        #expect(check.stdoutLines.first == "\(rotations): page 1: size.width 500 → 400 (−100 pt)", "\(check.stdout)")
    }

    @Test("Goldens that are not one document's pages: no pages key (65), several documents under --update (74, untouched), endless (66)")
    func goldenShapes() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rotations = CLI.fixture("rotations.pdf"), boxes = CLI.fixture("boxes.pdf")
        let info = dir.appendingPathComponent("info.json")
        try Data(try Self.run(["info", "--format", "json", rotations]).stdout.utf8).write(to: info)
        let noPages = try Self.run(["check", rotations, "--golden", info.path])
        #expect(noPages.status == 65 && noPages.stderrLines.count == 1 && noPages.stderr.contains("pages: missing"), "\(noPages.stderr)")

        let both = dir.appendingPathComponent("both.json")
        try Data(try Self.run(["pages", rotations, boxes, "--format", "json"]).stdout.utf8).write(to: both)
        let before = try Data(contentsOf: both)
        let plain = try Self.run(["check", rotations, "--golden", both.path])
        #expect(plain.status == 0, "the array's rotations.pdf document: \(plain.stderr)")
        let update = try Self.run(["check", rotations, "--golden", both.path, "--update"])
        #expect(update.status == 74 && update.stderrLines.count == 1 && update.stderr.contains("holds 2 documents"), "\(update.stderr)")
        #expect(try Data(contentsOf: both) == before, "boxes.pdf's golden kept")

        let endless = try Self.run(["check", rotations, "--golden", "/dev/zero"])
        #expect(endless.status == 66 && endless.stderr.contains("longer than 256 MiB"), "\(endless.stderr)")
    }

    @Test("countClaimed is compared when both sides have it (the count group)")
    func countClaimedCompared() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // count-huge.pdf's root claims /Count 1000000000 (scripts/make_damaged_fixtures.py).
        let pdf = CLI.fixture("damaged/count-huge.pdf")
        var golden = try JSONSerialization.jsonObject(with: Data(try Self.run(["pages", pdf, "--format", "json"]).stdout.utf8)) as! [String: Any]
        #expect(golden["countClaimed"] as? Int == 1_000_000_000)
        golden["countClaimed"] = 3
        let url = dir.appendingPathComponent("g.json")
        try Self.writeJSON(golden, to: url)
        let check = try Self.run(["check", pdf, "--golden", url.path])
        #expect(check.status == 1 && check.stdoutLines.first == "\(pdf): countClaimed 3 → 1000000000 (+999999997)", "\(check.stdout)")
        let without = try Self.run(["check", pdf, "--golden", url.path, "--fields", "boxes,rotation,size,label,userUnit"])
        #expect(without.status == 0, "\(without.stdout)")
    }

    @Test("--help teaches: examples, the golden format, exit codes")
    func help() throws {
        let r = try Self.run(["check", "--help"])
        #expect(r.status == 0)
        for phrase in ["pageinfo pages book.pdf --format json > book.golden.json", "--golden-dir", "PAGEINFO_UPDATE_GOLDEN=1",
                       "0.01", "1 something differs", "--format junit", "cropBox.width 612 → 611.5 (−0.5 pt)"] {
            #expect(r.stdout.contains(phrase), "\(phrase)")
        }
    }

    // MARK: - Fixtures and corpus, recorded then perturbed

    /// Every fixture and corpus PDF.
    static func pdfs() -> [String] {
        func list(_ folder: URL) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".pdf") }
                .sorted().map { folder.appendingPathComponent($0).path }
        }
        return list(CLI.fixtures) + list(CLI.corpus)
    }

    /// One perturbation of one golden and what the report must say about it.
    enum Expected {
        /// Nothing (a change within the tolerance).
        case nothing
        /// One changed value: page (0-based), field, the golden's value, the current value.
        case value(page: Int, field: String, golden: Double?, current: Double?)
        /// A label change.
        case label(page: Int)
        /// The count line and one page added (the golden lacks `removed`, 0-based).
        case pageAdded(goldenCount: Int, currentCount: Int)
        /// The count line and page `page` removed.
        case pageRemoved(page: Int, goldenCount: Int, currentCount: Int)
        /// Only the count line.
        case count(golden: Int, current: Int)
    }

    @Test("Fixtures and corpus: recorded goldens match; every generated perturbation is found, nothing else reported")
    func corpusPerturbations() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorded = folder.appendingPathComponent("recorded"), perturbed = folder.appendingPathComponent("perturbed")
        try FileManager.default.createDirectory(at: recorded, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: perturbed, withIntermediateDirectories: true)

        // Record with `pages --format json`; files that do not open without a password are left out.
        var files: [String] = [], goldens: [String: [String: Any]] = [:]
        for pdf in Self.pdfs() {
            let r = try Self.run(["pages", pdf, "--format", "json"])
            guard r.status == 0 else { continue }
            let name = URL(fileURLWithPath: pdf).deletingPathExtension().lastPathComponent + ".golden.json"
            try Data(r.stdout.utf8).write(to: recorded.appendingPathComponent(name))
            files.append(pdf)
            goldens[pdf] = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        }
        #expect(files.count >= (Corpus.isAvailable ? 40 : 6))
        let totalPages = goldens.values.reduce(0) { $0 + ($1["pages"] as! [Any]).count }
        let clean = try Self.run(["check"] + files + ["--golden-dir", recorded.path])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stdout == "OK: \(files.count) files (\(totalPages) pages) match their goldens (tolerance 0.01 pt)\n")

        // Perturb each golden once (and some a second time within the tolerance).
        var rng = SeededGenerator(seed: 15)
        var expectations: [String: [Expected]] = [:]
        var originals: [String: [[String: Any]]] = [:]
        let boxes = ["mediaBox", "cropBox", "bleedBox", "trimBox", "artBox"], keys = ["x", "y", "width", "height"]
        for (n, pdf) in files.enumerated() {
            var object = goldens[pdf]!
            var pages = object["pages"] as! [[String: Any]]
            originals[pdf] = pages
            let count = pages.count
            var expected: [Expected] = []
            let kinds = ["boxBeyond", "boxWithin", "rotation", "size", "label", "userUnit", "pageAdded", "pageRemoved", "count"]
            let kind = count == 0 ? "count" : kinds[n % kinds.count]
            let k = count == 0 ? 0 : Int.random(in: 0..<count, using: &rng)
            func number(_ any: Any?) -> Double { (any as! NSNumber).doubleValue }
            switch kind {
            case "boxBeyond", "boxWithin":
                let box = boxes.randomElement(using: &rng)!, key = keys.randomElement(using: &rng)!
                let magnitude = kind == "boxBeyond" ? Double.random(in: 0.02...20, using: &rng) : Double.random(in: 0...0.0099, using: &rng)
                let delta = (magnitude * 1000).rounded() / 1000 * (Bool.random(using: &rng) ? 1 : -1)
                let original = number((pages[k][box] as! [String: Any])[key])
                Self.set(&pages, k, box, key, original + delta)
                expected.append(kind == "boxWithin" || delta == 0 ? .nothing
                                : .value(page: k, field: "\(box).\(key)", golden: original + delta, current: original))
            case "rotation":
                let original = pages[k]["rotation"] as! Int
                let changed = (original + 90 * Int.random(in: 1...3, using: &rng)) % 360
                pages[k]["rotation"] = changed
                expected.append(.value(page: k, field: "rotation", golden: Double(changed), current: Double(original)))
            case "size":
                let key = Bool.random(using: &rng) ? "width" : "height"
                var size = pages[k]["size"] as! [String: Any]
                let original = number(size[key])
                let changed = original + (Double.random(in: 0.02...20, using: &rng) * 100).rounded() / 100
                size[key] = changed
                pages[k]["size"] = size
                expected.append(.value(page: k, field: "size.\(key)", golden: changed, current: original))
            case "label":
                pages[k]["label"] = (pages[k]["label"] as? String).map { $0 + "′" } ?? "p\(k)"
                expected.append(.label(page: k))
            case "userUnit":
                let original = number(pages[k]["userUnit"])
                pages[k]["userUnit"] = original * 2
                expected.append(.value(page: k, field: "userUnit", golden: original * 2, current: original))
            case "pageAdded":
                pages.remove(at: k)
                Self.renumber(&pages)
                object["pageCount"] = count - 1
                expected.append(.pageAdded(goldenCount: count - 1, currentCount: count))
            case "pageRemoved":
                var extra = pages[k]
                for box in boxes { extra[box] = ["x": 0, "y": 0, "width": 123, "height": 456] }
                extra["size"] = ["width": 123, "height": 456]
                extra["rotation"] = 0
                pages.insert(extra, at: k)
                Self.renumber(&pages)
                object["pageCount"] = count + 1
                expected.append(.pageRemoved(page: k, goldenCount: count + 1, currentCount: count))
            default:
                let claimed = count + Int.random(in: 1...5, using: &rng)
                object["pageCount"] = claimed
                expected.append(.count(golden: claimed, current: count))
            }
            // A second change within the tolerance on some value perturbations: never reported.
            if n % 3 == 0, count > 0, !["pageAdded", "pageRemoved", "count"].contains(kind) {
                let page = Int.random(in: 0..<pages.count, using: &rng)
                let box = boxes.randomElement(using: &rng)!, key = keys.randomElement(using: &rng)!
                var b = pages[page][box] as! [String: Any]
                if !(kind.hasPrefix("box") && page == k) {
                    b[key] = number(b[key]) + 0.005
                    pages[page][box] = b
                }
            }
            object["pages"] = pages
            let name = URL(fileURLWithPath: pdf).deletingPathExtension().lastPathComponent + ".golden.json"
            try JSONSerialization.data(withJSONObject: object).write(to: perturbed.appendingPathComponent(name))
            expectations[pdf] = expected
        }

        let r = try Self.run(["check"] + files + ["--golden-dir", perturbed.path, "--format", "json"])
        #expect(r.status == 1, "\(r.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let results = try #require(root["files"] as? [[String: Any]])
        #expect(results.map { $0["file"] as? String } == files)
        var found = 0
        for result in results {
            let pdf = result["file"] as! String
            let differences = result["differences"] as! [[String: Any]]
            let expected = expectations[pdf]!
            let context = "\(URL(fileURLWithPath: pdf).lastPathComponent): \(differences.map { $0["message"] as? String ?? "?" })"
            func numberOrNil(_ any: Any?) -> Double? { (any as? NSNumber)?.doubleValue }
            switch expected.first! {
            case .nothing:
                #expect(differences.isEmpty, "\(context)")
            case .value(let page, let field, let golden, let current):
                #expect(differences.count == 1, "\(context)")
                let d = differences.first ?? [:]
                #expect(d["kind"] as? String == "changed" && d["index"] as? Int == page && d["field"] as? String == field, "\(context)")
                #expect(abs((numberOrNil(d["expected"]) ?? .nan) - golden!) < 1e-6, "\(context)")
                #expect(abs((numberOrNil(d["actual"]) ?? .nan) - current!) < 1e-6, "\(context)")
                found += 1
            case .label(let page):
                #expect(differences.count == 1 && differences.first?["field"] as? String == "label"
                        && differences.first?["index"] as? Int == page, "\(context)")
                found += 1
            case .count(let golden, let current):
                #expect(differences.count == 1 && differences.first?["field"] as? String == "pageCount", "\(context)")
                #expect(numberOrNil(differences.first?["expected"]) == Double(golden)
                        && numberOrNil(differences.first?["actual"]) == Double(current), "\(context)")
                found += 1
            case .pageAdded(let goldenCount, let currentCount):
                #expect(differences.count == 2, "\(context)")
                #expect(differences.first?["field"] as? String == "pageCount"
                        && numberOrNil(differences.first?["expected"]) == Double(goldenCount)
                        && numberOrNil(differences.first?["actual"]) == Double(currentCount), "\(context)")
                let added = differences.last ?? [:]
                #expect(added["kind"] as? String == "pageAdded", "\(context)")
                // Whichever page is named, taking it out of the PDF's pages gives the golden's.
                if let p = added["index"] as? Int {
                    var current = originals[pdf]!
                    current.remove(at: p)
                    let golden = (try? Self.readJSON(perturbed.appendingPathComponent(
                        URL(fileURLWithPath: pdf).deletingPathExtension().lastPathComponent + ".golden.json")))?["pages"] as? [[String: Any]] ?? []
                    #expect(Self.samePages(current, golden), "\(context)")
                }
                found += 1
            case .pageRemoved(let page, let goldenCount, let currentCount):
                #expect(differences.count == 2, "\(context)")
                #expect(numberOrNil(differences.first?["expected"]) == Double(goldenCount)
                        && numberOrNil(differences.first?["actual"]) == Double(currentCount), "\(context)")
                #expect(differences.last?["kind"] as? String == "pageRemoved" && differences.last?["index"] as? Int == page, "\(context)")
                #expect(differences.last?["message"] as? String == "page \(page + 1)\((originals[pdf]![page]["label"] as? String).map { $0.isEmpty ? "" : " (\($0))" } ?? ""): removed (was 123 x 456 pt)", "\(context)")
                found += 1
            }
        }
        let perturbations = expectations.values.filter { if case .nothing = $0.first! { return false }; return true }.count
        #expect(found == perturbations)
        #expect(perturbations >= (Corpus.isAvailable ? 30 : 5))
    }

    /// Two page lists equal but for their `index` fields.
    static func samePages(_ a: [[String: Any]], _ b: [[String: Any]]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            var x = x, y = y
            x["index"] = nil; y["index"] = nil
            guard NSDictionary(dictionary: x).isEqual(to: y) else { return false }
        }
        return true
    }
}

