// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageInfoHelp
import PageInfoEncoding
import PageInfoPoppler
import PageInfoReading

#if canImport(Glibc)
import Glibc
#endif

/// `pageinfo info`: the document-level summary (one file record per file), without reading
/// page geometry.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print each document's page count, PDF version, encryption, /PageLayout, reading direction and warnings.",
        discussion: CommandHelp.info
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, jsonl

        /// The encoder's format: `text` is the table of file records.
        var pageListFormat: PageListFormat {
            switch self { case .text: .table; case .json: .json; case .jsonl: .jsonl }
        }
    }

    @Argument(help: ArgumentHelp("One or more PDF files.", valueName: "file"))
    var files: [String] = []

    @Option(parsing: .unconditional, help: "Output format: text, json (one object per file, an array for several files) or jsonl (default: text; in batch mode jsonl).")
    var format: Format?

    @OptionGroup var input: InputOptions

    @Flag(help: "Fail a file (exit 65) when it has page errors or warnings.")
    var strict = false

    @OptionGroup(title: "Batch mode") var batch: BatchOptions

    func run() throws {
        if batch.isActive || files.isEmpty { return try batch.run(try job(format: format ?? .jsonl), files: files, input: input) }
        try job(format: format ?? .text).run()
    }

    /// The work, as plain values (the same that ``PlainInvocation`` builds); batch mode runs it
    /// in workers, file by file.
    func job(format: Format) throws -> ReadingJob {
        ReadingJob(files: files, format: format.pageListFormat,
                   reading: DocumentReader(password: try input.passwords.resolved(), strict: strict, withPages: false,
                                            maxStreamMiB: input.maxStreamMiB, wording: .commandLine))
    }
}
