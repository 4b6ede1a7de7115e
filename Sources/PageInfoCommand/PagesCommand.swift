// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoGrammar
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
        discussion: """
            Boxes are effective boxes in raw PDF user space (points): CropBox defaults to MediaBox, \
            Bleed/Trim/ArtBox default to CropBox, each is clipped to the MediaBox (ISO 32000-2 §14.11.2). \
            "size" is the displayed size: the CropBox, width and height swapped at 90° and 270°. \
            "transform" maps raw user space to page space (origin at the lower-left of the displayed page).

            TABLE
              The default table fits 80 columns: page, label, rotation, displayed size, \
            CropBox corners, and DIFFERS: a letter for each box that differs from the CropBox \
            (M media, B bleed, T trim, A art) and U for a /UserUnit other than 1. --wide prints \
            UserUnit and all five boxes in full.

            EXAMPLES
              pageinfo pages Fixtures/mixed.pdf
              pageinfo pages --pages 1-3,7,10- --format json book.pdf
              pageinfo pages --format jsonl *.pdf | jq -c 'select(.record == "page" and .rotation != 0)'
              pageinfo pages --format csv --password secret Fixtures/encrypted.pdf > pages.csv

            RECORDS
              Every position of the page tree is reported in order, at its real index: a page, or a \
            page error (json/jsonl/csv: a record with an "error" object and no geometry; table: a row \
            saying why). Pages carry "warnings" (box clipped, reversed corners, invalid /Rotate…). \
            jsonl ends each file with a {"record":"file"} line (status ok/partial/failed, pageCount as \
            walked, countClaimed, document warnings); json puts the same fields in the document \
            object; csv adds a "file" row. Schema: docs/records.md and docs/records.schema.json.

            BATCH MODE
              find archive -name '*.pdf' -print0 | pageinfo pages --files-from - -0 --jobs 2 -o out.jsonl
              Each file is read in a worker process; -o with --resume continues after a kill. Every \
            other option applies as in process: the output (JSON lines by default, or the --format \
            given) and the exit code are what `pageinfo pages FILE…` gives for the same files. See \
            the "Batch mode" options below and the README.

            EXIT CODES
              0 every file ok; 2 partial: a file opened but some pages are page errors (the others \
            are reported); 64 usage error (bad option, page list or page past the end); 65 not a PDF, \
            damaged, no page found, or --strict and a warning or page error; 66 cannot open the file; \
            77 encrypted and no or a wrong password; 74 the output could not be written; 70 (batch) a \
            worker crashed, timed out or ran out of memory; 130/143 (batch) interrupted.
            Every file is processed; each file that is not ok prints one line on stderr naming it, and \
            the exit code is the worst outcome (74 > 64 > 70 > 77 > 66 > 65 > 2 > 0).
            """
    )

    @Argument(help: ArgumentHelp("One or more PDF files.", valueName: "file"))
    var files: [String] = []

    @Option(help: ArgumentHelp("1-based pages to print, as qpdf and mutool take them: 1-3,7,10- (default: all).",
                               valueName: "ranges"),
            transform: { text in
                do { return try PageRangeList(text) } catch let error as PageRangeList.ParseError { throw ValidationError("--pages: \(error.description)") }
            })
    var pages: PageRangeList?

    @Option(help: ArgumentHelp("Output format: table, json, jsonl or csv (default: table; in batch mode jsonl).", valueName: "format"))
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
