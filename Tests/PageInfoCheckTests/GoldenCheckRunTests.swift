// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageInfoCheck
import PageInfoSystem
import PageInfoEncoding
import PageInfoRecords
import Testing

/// `GoldenCheck.run`: what `pageinfo check` does over its files — the golden folder made for
/// `update`, text streamed file by file, files that cannot be checked reported and counted, the
/// worst exit status, a failed write of the report.
@Suite("GoldenCheck.run")
struct GoldenCheckRunTests {
    private func fixture(_ name: String) -> String { CheckPaths.fixtures.appendingPathComponent(name).path }

    @Test("update records into a new folder; then a match, a moved number and a missing PDF give the worst status")
    func runOverFiles() throws {
        let folder = try CheckPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let goldens = folder.appendingPathComponent("goldens").path
        let pdfs = [fixture("rotations.pdf"), fixture("labels.pdf")]

        var out = ByteWriter()
        var reported: [CheckError] = []
        let recorded = try GoldenCheck(update: true).run(files: pdfs, pairing: .directory(goldens), format: .text, out: &out) {
            reported.append($0)
        }
        #expect(recorded == .success && reported.isEmpty)
        #expect(out.string == """
            \(pdfs[0]): recorded \(goldens)/rotations.golden.json (10 pages)
            \(pdfs[1]): recorded \(goldens)/labels.golden.json (13 pages)
            UPDATED: 2 of 2 goldens rewritten, 0 differences recorded (tolerance 0.01 pt)

            """)

        var again = ByteWriter()
        #expect(try GoldenCheck().run(files: pdfs, pairing: .directory(goldens), format: .text, out: &again) { reported.append($0) } == .success)
        #expect(again.string == "OK: 2 files (23 pages) match their goldens (tolerance 0.01 pt)\n")

        // Page 1 of rotations.pdf: CropBox width 400 in the golden becomes 401.
        let golden = goldens + "/rotations.golden.json"
        var moved = try String(contentsOfFile: golden, encoding: .utf8)
        let first = try #require(moved.range(of: "\"cropBox\":{\"x\":20,\"y\":30,\"width\":400,"))
        moved.replaceSubrange(first, with: "\"cropBox\":{\"x\":20,\"y\":30,\"width\":401,")
        try moved.write(toFile: golden, atomically: true, encoding: .utf8)
        var differs = ByteWriter()
        #expect(try GoldenCheck().run(files: pdfs, pairing: .directory(goldens), format: .text, out: &differs) { reported.append($0) } == .differs)
        #expect(differs.string.hasSuffix("FAILED: 1 difference in 1 of 2 files (tolerance 0.01 pt)\n"))

        let missing = folder.appendingPathComponent("missing.pdf").path
        var worst = ByteWriter()
        let status = try GoldenCheck().run(files: pdfs + [missing], pairing: .directory(goldens), format: .text, out: &worst) {
            reported.append($0)
        }
        #expect(status == .cannotOpen)  // 66 is worse than 1
        #expect(reported.map(\.exitStatus) == [.cannotOpen])
    }

    @Test("files and goldens that cannot be paired are a usage failure")
    func pairingFailure() {
        var out = ByteWriter()
        #expect(throws: CheckRunError.pairing(.countMismatch(files: 2, goldens: 1))) {
            _ = try GoldenCheck().run(files: ["a.pdf", "b.pdf"], pairing: .files(["a.golden.json"]), format: .text, out: &out) { _ in }
        }
        // The library's line, the line and status `pageinfo check` prints and exits with.
        let error = CheckRunError.pairing(.countMismatch(files: 2, goldens: 1))
        #expect(error.description == "2 files but 1 golden (GoldenPairing.files); give one golden per file, in the same order")
        #expect(error.message(.commandLine) == "2 files but 1 --golden value; give one --golden per file, in the same order")
        #expect(error.kind.exitStatus == .usage)
        #expect(CheckRunError.outputUnwritable(reason: "No space left on device").description == "cannot write the output: No space left on device")
        #expect(CheckRunError.outputUnwritable(reason: "x").kind.exitStatus == .ioError)
    }

    @Test("a report that cannot be written is exit 74 naming the reason")
    func writeFailure() throws {
        let full = try OpenFile.open("/dev/full", O_WRONLY)
        defer { try? full.close() }
        var out = ByteWriter(fd: full.descriptor)
        #expect(throws: CheckRunError.outputUnwritable(reason: "No space left on device")) {
            _ = try GoldenCheck().run(files: [fixture("rotations.pdf")], pairing: .files([fixture("rotations.golden.json")]),
                                      format: .json, out: &out) { _ in }
        }
    }

    @Test("each failure's exit status, in the one order")
    func exitStatuses() {
        #expect(CheckError.goldenNotFound(path: "g").exitStatus == .cannotOpen)
        #expect(CheckError.goldenUnreadable(path: "g", reason: "r").exitStatus == .cannotOpen)
        #expect(CheckError.goldenNotWritten(path: "g", reason: "r").exitStatus == .ioError)
    }
}
