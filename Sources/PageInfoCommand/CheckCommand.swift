// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageInfoCheck
import PageInfoGrammar
import PageInfoOutput
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// `pageinfo check`: compare PDFs with golden files of their page geometry (regression tests).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compare each PDF's page geometry with a golden file; say which page and which number moved.",
        discussion: """
            A golden is what `pageinfo pages FILE --format json` prints, so any saved output is one. \
            Box coordinates (raw PDF user space) and the displayed size are compared within --tolerance \
            points (default 0.01 pt, pdfinfo's precision); rotation and rotationRaw are compared exactly, \
            whatever the tolerance; userUnit within 1e-9; labels exactly (null and "" differ; a golden \
            page without a label key is read as null). Goldens are read leniently: unknown keys are \
            ignored, later additions to the format are optional, and a page with an "error" object \
            matches a page error with the same code.

            Pages are aligned like lines in diff: equal pages at both ends are matched, and what is \
            left over is a page added or removed. A golden written with `pages --pages` compares each \
            of its pages with the current page of the same index.

            REPORT
              One line per difference, then a summary line:
                book.pdf: page 3 (iii): cropBox.width 612 → 611.5 (−0.5 pt)
                book.pdf: page count 10 → 11 (+1)
                book.pdf: page 11 (xi): added (612 x 792 pt)
                FAILED: 3 differences in 1 of 1 file (tolerance 0.01 pt)
              --format json prints one JSON document for tools; --format junit prints JUnit XML \
            (a test suite per file, a test case per page) for CI systems.

            FIELDS
              --fields takes a comma-separated list of: boxes (the five boxes), rotation (rotation, \
            rotationRaw), size (displayed size), label, userUnit, count (page count, pages added or \
            removed). Default: all of them.

            GOLDENS
              --golden GOLDEN.json once per FILE, paired in order; or --golden-dir DIR, where the \
            golden of book.pdf is DIR/book.golden.json. --update (or the environment variable \
            PAGEINFO_UPDATE_GOLDEN=1) rewrites each golden from its FILE, atomically (a temporary file \
            in the same directory, renamed over the old one), after printing what changed; a golden \
            that already holds exactly that output is left untouched. Without --update, a missing \
            golden is an error.

            EXAMPLES
              Record a golden, then compare (exit 0, or 1 when something moved):
                pageinfo pages book.pdf --format json > book.golden.json
                pageinfo check book.pdf --golden book.golden.json
              Looser, and only boxes and rotation:
                pageinfo check book.pdf --golden book.golden.json --tolerance 0.5 \\
                  --fields boxes,rotation
              A fixture folder, as JUnit XML for CI; then re-record after a wanted change:
                pageinfo check fixtures/*.pdf --golden-dir goldens --format junit >out.xml
                pageinfo check fixtures/*.pdf --golden-dir goldens --update

            EXIT CODES
              0 every compared value is within the tolerance; 1 something differs (like diff and cmp); \
            64 usage error; 65 a FILE is not a PDF or is damaged, or a golden is not a golden; 66 a FILE \
            or golden cannot be opened; 77 encrypted and no or a wrong --password; 74 the output or a \
            golden could not be written. Every file is checked; each failure prints one line on stderr, \
            and the exit code is the worst: 74, 64, 77, 66, 65, 1, 0.
            """
    )

    @Argument(help: ArgumentHelp("One or more PDF files.", valueName: "file"))
    var files: [String] = []

    @Option(help: ArgumentHelp("The golden file of a FILE; give it once per FILE, in the same order.",
                               valueName: "golden.json"))
    var golden: [String] = []

    @Option(name: .customLong("golden-dir"),
            help: ArgumentHelp("A folder of goldens, matched by file name: book.pdf → DIR/book.golden.json.",
                               valueName: "dir"))
    var goldenDir: String?

    @Option(help: ArgumentHelp("The largest difference in points that still matches (box coordinates and size; default 0.01).",
                               valueName: "pt"),
            transform: { text in
                let value = try ValueGrammar.number(text)
                guard value >= 0 else { throw ValidationError("'\(text)' must not be negative") }
                return value
            })
    var tolerance: Double?

    @Option(help: ArgumentHelp("What to compare: boxes,rotation,size,label,userUnit,count (default: all).",
                               valueName: "list"),
            transform: { text in
                switch CheckFields.parse(text) {
                case .success(let fields): return fields
                case .failure(let error): throw ValidationError(error.description)
                }
            })
    var fields: CheckFields?

    @Option(help: ArgumentHelp("Report format: text, json or junit.", valueName: "format"))
    var format: CheckReport.Format = .text

    @Flag(help: "Rewrite each golden from its FILE (atomically), after printing what changed. Same as PAGEINFO_UPDATE_GOLDEN=1.")
    var update = false

    @OptionGroup var passwords: PasswordOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one PDF file") }
        do { _ = try pairing().pairs(files) } catch let error as GoldenPairing.Problem { throw ValidationError(error.description) }
    }

    func run() throws {
        let expectation = GeometryExpectation(tolerance: tolerance ?? GeometryExpectation.defaultTolerance, fields: fields ?? .all)
        let updating = update || GoldenCheck.updateRequestedByEnvironment
        let check = GoldenCheck(expectation: expectation, password: try passwords.resolved(), update: updating)
        var out = ByteWriter(fd: STDOUT_FILENO)
        let worst = try check.run(files: files, pairing: try pairing(), format: format, out: &out) { reportFailure($0.description) }
        if worst != .success { throw ExitCode(worst) }
    }

    /// How each FILE is paired with its golden.
    private func pairing() throws -> GoldenPairing {
        if goldenDir != nil, !golden.isEmpty { throw ValidationError("give --golden or --golden-dir, not both") }
        return goldenDir.map(GoldenPairing.directory) ?? .files(golden)
    }
}

extension CheckReport.Format: ExpressibleByArgument {}
