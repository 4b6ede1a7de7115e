// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageInfoEncoding
import PageInfoHelp
import PageInfoReading

/// `pageinfo outline`: the document outline (bookmarks), entry by entry, with where each goes.
struct OutlineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outline",
        abstract: "Print the document outline (bookmarks): each entry's level, title, open or closed, action and destination.",
        discussion: CommandHelp.outline
    )

    @Argument(help: ArgumentHelp("One or more PDF files ('-' for stdin).", valueName: "file"))
    var files: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("Output format: table, json, jsonl or csv (default: table).", valueName: "format"))
    var format: PageListFormat?

    @OptionGroup var input: InputOptions

    @Flag(help: "Fail a file (exit 65) when anything was repaired or ignored (any warning: the outline's, the pages' or the file's).")
    var strict = false

    @OptionGroup var version: VersionRequirement

    @OptionGroup(title: "Batch mode") var batch: BatchOptions

    /// Batch mode: a file list, a directory walk or any batch option; with no file at all the batch
    /// job refuses the run and says what to give (`--files-from -` reads the list from stdin).
    var inBatchMode: Bool { batch.isActive || files.isEmpty }

    func validate() throws {
        if format == .columns { throw ValidationError("--format columns holds page records only; give table, json, jsonl or csv") }
    }

    func run() throws {
        let reading = DocumentReader(password: try input.passwords.resolved(), strict: strict, withPages: false,
                                     maxStreamMiB: input.maxStreamMiB, wording: .commandLine, withOutline: true)
        let job = ReadingJob(files: files, format: format ?? (inBatchMode ? .jsonl : .table), outline: true, reading: reading)
        if inBatchMode { return try batch.run(job, files: files, input: input) }
        try job.run()
    }
}
