// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageInfoBatch
import PageInfoGrammar
import PageInfoHelp
import PageInfoOutput

/// `pageinfo worker`: the child process of batch mode (hidden from `pageinfo --help`). Its
/// arguments are parsed by the library (``PageInfoBatch/WorkerOptions``): `main` runs
/// ``PageInfoBatch/Worker/main(arguments:beforeEachFile:)`` without the parser, which only
/// answers `pageinfo worker --help` and `pageinfo help worker` from these declarations.
struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Internal: the child process of batch mode (reads requests on stdin, writes framed records on stdout).",
        discussion: CommandHelp.worker,
        shouldDisplay: false
    )

    enum Mode: String, ExpressibleByArgument, CaseIterable { case pages, info }

    @Option(parsing: .unconditional, help: ArgumentHelp("Read page geometry and labels (pages) or only the file records (info).", valueName: "mode"))
    var mode: Mode = .pages

    @Option(parsing: .unconditional, help: ArgumentHelp("1-based pages to read, as pages --pages takes them (default: all).", valueName: "ranges"),
            transform: { text in
                do { return try PageRangeList(text) } catch let error as PageRangeList.ParseError { throw ValidationError(error.description) }
            })
    var pages: PageRangeList?

    @Option(parsing: .unconditional, help: ArgumentHelp("The records' format: table, json, jsonl, columns or csv (the coordinator stitches them).", valueName: "format"))
    var format: PageListFormat = .jsonl

    @Flag(help: "Table format: all five boxes and UserUnit in full.")
    var wide = false

    @Option(parsing: .unconditional, help: ArgumentHelp("The bitmap each page record describes, as pages --dpi.", valueName: "dpi"))
    var dpi: String?

    @Option(name: .customLong("bitmap-size"), parsing: .unconditional, help: ArgumentHelp("As pages --bitmap-size.", valueName: "WxH"))
    var bitmapSize: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("As pages --fit.", valueName: "fit"))
    var fit: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("As pages --renderer.", valueName: "renderer"))
    var renderer: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("As pages --frames.", valueName: "list"))
    var frames: String?

    @Flag(help: "Fail a file when any page is a page error or anything was repaired, as pages --strict.")
    var strict = false

    @Flag(help: "Send each file's stderr line with its response (for the table and text formats).")
    var messages = false

    @Option(name: .customLong("max-memory"), parsing: .unconditional, help: ArgumentHelp("The worker's address-space limit in MiB; 0: none.", valueName: "mib"))
    var maxMemory = 0

    @Option(name: .customLong("max-request-bytes"), parsing: .unconditional,
            help: ArgumentHelp("The largest file a bytes request may carry, in bytes (at most the default).", valueName: "n"))
    var maxRequestBytes = WorkerProtocol.maxRequestBytes

    /// Reached only through the parser: the worker's own argument reading decides.
    func run() throws {
        PageInfoTool.terminate(Worker.main(arguments: Array(CommandLine.arguments.dropFirst(2))))
    }
}
