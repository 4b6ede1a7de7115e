// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoGrammar
import PageInfoHelp
import PageInfoOutput
import PageInfoPoppler
import PageInfoReading

#if canImport(Glibc)
import Glibc
#endif

/// `pageinfo pages`: every page's geometry, as a table, JSON, JSON lines or CSV.
struct PagesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pages",
        abstract: "Print the geometry of every page: boxes, rotation, UserUnit, label, displayed size.",
        discussion: CommandHelp.pages
    )

    @Argument(help: ArgumentHelp("One or more PDF files.", valueName: "file"))
    var files: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("1-based pages to print, as qpdf and mutool take them: 1-3,7,10- (default: all).",
                               valueName: "ranges"),
            transform: { text in
                do { return try PageRangeList(text) } catch let error as PageRangeList.ParseError { throw ValidationError("--pages: \(error.description)") }
            })
    var pages: PageRangeList?

    @Option(parsing: .unconditional, help: ArgumentHelp("Output format: table, json, jsonl or csv (default: table; in batch mode jsonl).", valueName: "format"))
    var format: PageListFormat?

    @Flag(help: "Table format: show all five boxes and UserUnit in full (wider than 80 columns).")
    var wide = false

    @OptionGroup var input: InputOptions

    @Flag(help: "Fail a file (exit 65) when any of its pages is a page error or anything was repaired (any warning).")
    var strict = false

    @OptionGroup(title: "Batch mode") var batch: BatchOptions

    /// Batch mode: a file list, a directory walk or any batch option (or no file: the list on stdin).
    var inBatchMode: Bool { batch.isActive || files.isEmpty }

    func validate() throws {
        if wide && (format ?? (inBatchMode ? .jsonl : .table)) != .table {
            throw ValidationError("--wide applies only to --format table")
        }
    }

    func run() throws {
        if inBatchMode { return try batch.run(try job(format: format ?? .jsonl), files: files, input: input) }
        try job(format: format ?? .table).run()
    }

    /// The work, as plain values (the same that ``PlainInvocation`` builds); batch mode runs it
    /// in workers, file by file.
    func job(format: PageListFormat) throws -> ReadingJob {
        ReadingJob(files: files, format: format, wide: wide,
                   reading: DocumentReader(password: try input.passwords.resolved(), ranges: pages, strict: strict,
                                            maxStreamMiB: input.maxStreamMiB))
    }
}

extension PageListFormat: ExpressibleByArgument {}
