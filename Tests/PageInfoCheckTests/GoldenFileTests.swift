// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageGeometry
import PageInfoCheck
import PageInfoPoppler
import PageInfoTestSupport
import Testing

// Reading PDFs, writing goldens (atomically) and re-recording them, on the fixtures and the
// shared corpus.

@Suite("Golden files")
struct GoldenFileTests {
    /// Every fixture and corpus PDF that opens without a password.
    static let readablePDFs: [URL] = (CheckPaths.pdfs(in: CheckPaths.fixtures) + CheckPaths.pdfs(in: CheckPaths.corpus))
        .filter { (try? PopplerDocument(path: $0.path)) != nil }

    @Test("The golden written for a PDF reads back as exactly its pages, on every fixture and corpus file")
    func roundTrip() throws {
        #expect(Self.readablePDFs.count >= (Corpus.isAvailable ? 40 : 6), "expected the fixtures and, when present, the corpus")
        for pdf in Self.readablePDFs {
            let current = try CurrentDocument.read(path: pdf.path)
            let golden = try GeometrySnapshot(goldenJSON: current.goldenJSON(), file: pdf.path)
            let snapshot = current.snapshot
            #expect(golden.pageCount == snapshot.pageCount, "\(pdf.lastPathComponent)")
            #expect(golden.file == pdf.path)
            // Tolerance 0: what is printed is within 1e-9 of what was read.
            let differences = GeometryExpectation(tolerance: 0).differences(golden: golden, current: snapshot)
            #expect(differences.isEmpty, "\(pdf.lastPathComponent): \(differences.map(\.description))")
        }
    }

    @Test("The golden of a fixture matches the fixture's own golden file, derived from how it was built")
    func fixtureGoldens() throws {
        for name in ["rotations", "boxes", "inherited", "labels", "userunit", "mixed"] {
            let pdf = CheckPaths.fixtures.appendingPathComponent("\(name).pdf").path
            let committed = try GoldenFile.load(CheckPaths.fixtures.appendingPathComponent("\(name).golden.json").path)
            let current = try CurrentDocument.read(path: pdf).snapshot
            #expect(GeometryExpectation().differences(golden: committed, current: current).isEmpty, "\(name)")
        }
        let encrypted = try CurrentDocument.read(path: CheckPaths.fixtures.appendingPathComponent("encrypted.pdf").path, password: "secret")
        let committed = try GoldenFile.load(CheckPaths.fixtures.appendingPathComponent("encrypted.golden.json").path)
        #expect(GeometryExpectation().differences(golden: committed, current: encrypted.snapshot).isEmpty)
    }

    @Test("--update round trip: created, unchanged, a perturbed golden reported then rewritten atomically")
    func updateRoundTrip() throws {
        let folder = try CheckPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = CheckPaths.fixtures.appendingPathComponent("labels.pdf").path
        let golden = GoldenFile.path(forPDF: pdf, in: folder.path)
        #expect(golden == folder.path + "/labels.golden.json")

        #expect(GoldenCheck().check(pdf: pdf, golden: golden).error == .goldenNotFound(path: golden))
        let created = GoldenCheck(update: true).check(pdf: pdf, golden: golden)
        #expect(created.update == .created && created.error == nil && created.currentPageCount == 13)
        let expectedBytes = try CurrentDocument.read(path: pdf).goldenJSON()
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: golden))) == expectedBytes)
        #expect(GoldenCheck(update: true).check(pdf: pdf, golden: golden).update == .unchanged)
        #expect(GoldenCheck().check(pdf: pdf, golden: golden).matches)

        // Move page 5's CropBox width (labels.pdf: all pages 612 × 792) and keep the file's mode.
        var text = String(decoding: expectedBytes, as: UTF8.self)
        let pages = text.components(separatedBy: "\n{\"record\":\"page\",\"index\":")
        #expect(pages.count == 14)
        var page5 = pages[5]
        page5 = page5.replacingOccurrences(of: "\"cropBox\":{\"x\":0,\"y\":0,\"width\":612,", with: "\"cropBox\":{\"x\":0,\"y\":0,\"width\":611.5,")
        text = (pages[..<5] + [page5] + pages[6...]).joined(separator: "\n{\"record\":\"page\",\"index\":")
        try Data(text.utf8).write(to: URL(fileURLWithPath: golden))
        chmod(golden, 0o600)
        let report = GoldenCheck().check(pdf: pdf, golden: golden)
        #expect(report.differences.map(\.description) == ["page 5 (A-1): cropBox.width 611.5 → 612 (+0.5 pt)"])
        let rewritten = GoldenCheck(update: true).check(pdf: pdf, golden: golden)
        #expect(rewritten.update == .rewritten && rewritten.differences.count == 1)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: golden))) == expectedBytes)
        var st = stat()
        stat(golden, &st)
        #expect(st.st_mode & 0o777 == 0o600)
        // Nothing left behind: no temporary file beside the golden.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["labels.golden.json"])
    }

    @Test("Golden errors: not found, not a golden (replaced under --update), not writable")
    func goldenErrors() throws {
        let folder = try CheckPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = CheckPaths.fixtures.appendingPathComponent("rotations.pdf").path
        let golden = folder.appendingPathComponent("rotations.golden.json").path
        try Data("{\"pages\": 3}".utf8).write(to: URL(fileURLWithPath: golden))
        let invalid = GoldenCheck().check(pdf: pdf, golden: golden)
        #expect(invalid.error?.description == "\(golden): not a pageinfo golden: pages: expected an array")
        #expect(invalid.error?.kind == .malformed)
        let replaced = GoldenCheck(update: true).check(pdf: pdf, golden: golden)
        #expect(replaced.update == .replacedInvalid("pages: expected an array"))
        #expect(GoldenCheck().check(pdf: pdf, golden: golden).matches)

        let nowhere = folder.appendingPathComponent("missing/dir/rotations.golden.json").path
        let unwritten = GoldenCheck(update: true).check(pdf: pdf, golden: nowhere)
        #expect(unwritten.error == .goldenNotWritten(path: nowhere, reason: "No such file or directory"))
        #expect(unwritten.error?.kind == .ioError)
        let directory = GoldenCheck().check(pdf: pdf, golden: folder.path)
        #expect(directory.error == .goldenUnreadable(path: folder.path, reason: "it is a directory"))
        // The PDF's own errors come first, with the reader's message.
        let notPDF = GoldenCheck().check(pdf: CheckPaths.fixtures.appendingPathComponent("not-a-pdf.pdf").path, golden: golden)
        #expect(notPDF.error?.kind == .malformed && notPDF.error?.code == "not-pdf")
        let locked = GoldenCheck().check(pdf: CheckPaths.fixtures.appendingPathComponent("encrypted.pdf").path, golden: golden)
        #expect(locked.error?.kind == .encrypted)
    }

    @Test("Golden names in a folder: the PDF's name with .pdf replaced by .golden.json")
    func goldenNames() {
        #expect(GoldenFile.path(forPDF: "a/b/Book.PDF", in: "goldens") == "goldens/Book.golden.json")
        #expect(GoldenFile.path(forPDF: "book.pdf", in: "goldens/") == "goldens/book.golden.json")
        #expect(GoldenFile.path(forPDF: "scan.pdf.pdf", in: "g") == "g/scan.pdf.golden.json")
        #expect(GoldenFile.path(forPDF: "noextension", in: "/tmp") == "/tmp/noextension.golden.json")
    }

    @Test("PAGEINFO_UPDATE_GOLDEN's values: on, off, and an error for anything else")
    func updateVariableValues() throws {
        for value in ["1", "true", "yes", "on", "TRUE", "Yes", "ON"] { #expect(try GoldenCheck.updateRequested(byValue: value), "\(value)") }
        for value in ["", "0", "false", "no", "off", "FALSE", "Off"] { #expect(try !GoldenCheck.updateRequested(byValue: value), "\(value)") }
        for value in ["maybe", "2", "-1", " on", "off ", "y", "n", "enabled", "\u{0}"] {
            #expect(throws: UpdateVariableError(value: value), "\(value)") { try GoldenCheck.updateRequested(byValue: value) }
        }
        #expect(UpdateVariableError(value: "o\nff").description
                == #"PAGEINFO_UPDATE_GOLDEN='o\nff' is neither on nor off: use 1, true, yes or on to re-record goldens, 0, false, no, off or empty not to"#)
    }
}
