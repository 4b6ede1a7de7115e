// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageInfoOutput
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
        discussion: """
            The page count is that of the page tree as walked, the same as `pageinfo pages` reports \
            (never the /Count the file claims; when they differ, both are shown). Page geometry and \
            labels are not read. json and jsonl print the file record of docs/records.md.

            EXAMPLES
              pageinfo info Fixtures/mixed.pdf
              pageinfo info --format json *.pdf

            EXIT CODES
              As `pageinfo pages`: 0 ok, 2 partial (page errors), 64 usage, 65 damaged or not a PDF, \
            66 cannot open, 74 output not written, 77 encrypted.
            """
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

    @Option(help: "Output format: text, json (one object per file, an array for several files) or jsonl (default: text; in batch mode jsonl).")
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
                                            maxStreamMiB: input.maxStreamMiB))
    }
}
