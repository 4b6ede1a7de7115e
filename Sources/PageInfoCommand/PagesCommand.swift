// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoEncoding
import PageInfoGrammar
import PageInfoHelp

/// `pageinfo pages`: every page's geometry, as a table, JSON, JSON lines (one record a page, or
/// columns: chunks of pages) or CSV.
struct PagesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pages",
        abstract: "Print the geometry of every page: boxes, rotation, UserUnit, label, displayed size.",
        discussion: CommandHelp.pages
    )

    @OptionGroup var reading: ReadingOptions

    @Flag(help: "Table format: show all five boxes and UserUnit in full (wider than 80 columns).")
    var wide = false

    @OptionGroup(title: "Batch mode") var batch: BatchOptions

    /// Batch mode: a file list, a directory walk or any batch option; with no file at all the batch
    /// job refuses the run and says what to give (`--files-from -` reads the list from stdin).
    var inBatchMode: Bool { batch.isActive || reading.files.isEmpty }

    /// The format in effect: the one given, else jsonl in batch mode and the table otherwise.
    var format: PageListFormat { reading.format ?? (inBatchMode ? .jsonl : .table) }

    func validate() throws {
        if wide && format != .table { throw ValidationError("--wide applies only to --format table") }
        try reading.refuseWhatTheTableHides(format: format)
    }

    func run() throws {
        let job = try reading.job(format: format, wide: wide)
        if inBatchMode { return try batch.run(job, files: reading.files, input: reading.input) }
        try job.run()
    }
}

/// `pageinfo annotations`: every annotation of the pages asked for, where it lands in raw, page,
/// view and pixel space and in the libraries' frames, with its flags, field, action and destination.
struct AnnotationsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "annotations",
        abstract: "Print every annotation, link and widget: where it and its appearance land, flags, field, action, destination.",
        discussion: CommandHelp.annotations
    )

    @OptionGroup var reading: ReadingOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Add each annotation's rectangles in a view of WxH units, each page fitted as convert --view fits it (json, jsonl, csv).", valueName: "WxH"),
            transform: ValueGrammar.size)
    var view: Size?

    @OptionGroup(title: "Batch mode") var batch: BatchOptions

    /// Batch mode: a file list, a directory walk or any batch option; with no file at all the batch
    /// job refuses the run and says what to give (`--files-from -` reads the list from stdin).
    var inBatchMode: Bool { batch.isActive || reading.files.isEmpty }

    /// The format in effect: the one given, else jsonl in batch mode and the table otherwise.
    var format: PageListFormat { reading.format ?? (inBatchMode ? .jsonl : .table) }

    func validate() throws {
        if format == .columns { throw ValidationError("--format columns holds page records only; give table, json, jsonl or csv") }
        try reading.refuseWhatTheTableHides(format: format, shown: "json, jsonl or csv")
        if view != nil && format == .table {
            throw ValidationError("--view adds view rectangles to each annotation record, which the table does not show: give --format json, jsonl or csv")
        }
    }

    func run() throws {
        let job = try reading.job(format: format, annotations: true, view: view)
        if inBatchMode { return try batch.run(job, files: reading.files, input: reading.input) }
        try job.run()
    }
}
