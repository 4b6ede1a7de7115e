// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoCheck
import PageInfoPoppler
import PageInfoRecords
import PageInfoTestSupport
import Testing

/// `check`'s errors name its settings as a Swift program sets them (`GoldenPairing.files`,
/// `update`), and as `pageinfo check`'s options when the CLI asks (`--golden`, `--update`).
@Suite struct CheckWordingTests {
    @Test("pairing problems: the library's words by default, the CLI's options on request")
    func pairing() {
        let none = GoldenPairing.Problem.noGoldens, counts = GoldenPairing.Problem.countMismatch(files: 3, goldens: 2)
        #expect(none.description == "give the golden of each file (GoldenPairing.files), or a folder of them (GoldenPairing.directory)")
        #expect(none.message(.commandLine) == "give the golden of each file with --golden GOLDEN.json, or a folder of them with --golden-dir DIR")
        #expect(counts.description == "3 files but 2 goldens (GoldenPairing.files); give one golden per file, in the same order")
        #expect(counts.message(.commandLine) == "3 files but 2 --golden values; give one --golden per file, in the same order")
        #expect(CheckRunError.pairing(counts).description == counts.description)
        #expect(CheckRunError.pairing(counts).message(.commandLine) == counts.message(.commandLine))
    }

    @Test("a file's errors: update and the password in the library's words, --update and the password options in the CLI's")
    func fileErrors() {
        let missing = CheckError.goldenNotFound(path: "a.golden.json")
        #expect(missing.description == "a.golden.json: no such golden file; record it with update (or PAGEINFO_UPDATE_GOLDEN=1)")
        #expect(missing.message(.commandLine) == "a.golden.json: no such golden file; record it with --update (or PAGEINFO_UPDATE_GOLDEN=1)")
        let encrypted = CheckError.read(.passwordRequired(path: "e.pdf"))
        #expect(!encrypted.description.contains("--"))
        #expect(encrypted.message(.commandLine).hasSuffix("with --password-file FILE, PAGEINFO_PASSWORD or --password"))
    }

    @Test("an encrypted PDF checked without its password: the report's error in its wording (json and junit)")
    func report() throws {
        let pdf = Paths.fixture("encrypted.pdf")
        let result = GoldenCheck().check(pdf: pdf, golden: Paths.fixture("encrypted.golden.json"))
        #expect(result.error == .read(.passwordRequired(path: pdf)))
        let library = CheckReport(results: [result], tolerance: 0.01, fields: .all)
        let commandLine = CheckReport(results: [result], tolerance: 0.01, fields: .all, wording: .commandLine)
        for format in [CheckReport.Format.json, .junit] {
            #expect(library.render(format).contains("encrypted; give its user or owner password"))
            #expect(!library.render(format).contains("--password"), "\(format)")
            #expect(commandLine.render(format).contains("--password-file FILE, PAGEINFO_PASSWORD or --password"), "\(format)")
        }
    }
}
