// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageInfoCheck
import PageInfoGrammar
import PageInfoHelp
import PageInfoEncoding
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// `pageinfo check`: compare PDFs with golden files of their page geometry (regression tests).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compare each PDF's page geometry with a golden file; say which page and which number moved.",
        discussion: CommandHelp.check
    )

    @Argument(help: ArgumentHelp("One or more PDF files.", valueName: "file"))
    var files: [String] = []

    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("The golden file of a FILE; give it once per FILE, in the same order.",
                               valueName: "golden.json"))
    var golden: [String] = []

    @Option(name: .customLong("golden-dir"), parsing: .unconditional,
            help: ArgumentHelp("A folder of goldens, matched by file name: book.pdf → DIR/book.golden.json.",
                               valueName: "dir"))
    var goldenDir: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The largest difference in points that still matches (box coordinates and size; default 0.01).",
                               valueName: "pt"),
            transform: { text in
                let value = try ValueGrammar.number(text)
                guard value >= 0 else { throw ValidationError("'\(text)' must not be negative") }
                return value
            })
    var tolerance: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("What to compare: boxes,rotation,size,label,userUnit,count (default: all).",
                               valueName: "list"),
            transform: { text in
                switch CheckFields.parse(text) {
                case .success(let fields): return fields
                case .failure(let error): throw ValidationError(error.description)
                }
            })
    var fields: CheckFields?

    @Option(parsing: .unconditional, help: ArgumentHelp("Report format: text, json or junit.", valueName: "format"))
    var format: CheckReport.Format = .text

    @Flag(help: "Rewrite each golden from its FILE (atomically), after printing what changed. Same as PAGEINFO_UPDATE_GOLDEN=1.")
    var update = false

    @OptionGroup var passwords: PasswordOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one PDF file") }
        for name in golden { try requireExactName(name, option: "--golden") }
        try requireExactName(goldenDir, option: "--golden-dir")
        // A golden's name in --golden-dir is built from its PDF's name.
        if goldenDir != nil { for name in files { try requireExactName(name, option: "--golden-dir (the PDF)") } }
        do { _ = try pairing().pairs(files) } catch let error as GoldenPairing.Problem { throw ValidationError(error.message(.commandLine)) }
    }

    func run() throws {
        let expectation = GeometryExpectation(tolerance: tolerance ?? GeometryExpectation.defaultTolerance, fields: fields ?? .all)
        var updating = update
        if !updating {
            do { updating = try GoldenCheck.updateRequestedByEnvironment } catch {
                throw ExitFailure(error.description, status: ExitStatus.usage)
            }
        }
        let check = GoldenCheck(expectation: expectation, password: try passwords.resolved(), update: updating, wording: .commandLine)
        var out = ByteWriter(fd: .standardOutput)
        let worst = try check.run(sources: commandLineSources(files), pairing: try pairing(), format: format, out: &out) { reportFailure($0.message(.commandLine)) }
        if worst != .success { throw ExitCode(worst) }
    }

    /// How each FILE is paired with its golden.
    private func pairing() throws -> GoldenPairing {
        if goldenDir != nil, !golden.isEmpty { throw ValidationError("give --golden or --golden-dir, not both") }
        return goldenDir.map(GoldenPairing.directory) ?? .files(golden)
    }
}

extension CheckReport.Format: ExpressibleByArgument {}
