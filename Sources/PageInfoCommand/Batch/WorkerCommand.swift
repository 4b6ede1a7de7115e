// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageInfoBatch
import PageInfoGrammar
import PageInfoOutput

/// `pageinfo worker`: the child process of batch mode (hidden from `pageinfo --help`). Its
/// arguments are parsed by the library (``PageInfoBatch/WorkerOptions``): `main` runs
/// ``PageInfoBatch/Worker/main(arguments:beforeEachFile:)`` without the parser, which only
/// answers `pageinfo worker --help` and `pageinfo help worker` from these declarations.
struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Internal: the child process of batch mode (reads requests on stdin, writes framed records on stdout).",
        discussion: """
            Batch mode (`pages`/`info` with --files-from, -r, --jobs, -o …) starts its workers \
            as 'PATH worker ARGS…' (PATH: --worker, default this pageinfo) and talks to them over \
            pipes; a person never needs to run it. Other programs may (the Spark job does): the \
            protocol is that of PageInfoBatch's WorkerProtocol.

            PROTOCOL
              stdin: frames of a little-endian UInt32 length and that many bytes. The first \
            frame is the configuration (0: no password, or 1 and the password's bytes); each \
            later frame is a file name (raw bytes), or, with the length's high bit set, a bytes \
            request: the name's length (UInt32), the name, then the file's bytes.
              stdout: for each file, in the order asked, a 12-byte header (payload length, page \
            count, status 0 ok / 1 partial / 2 failed, error code, message length) and the \
            payload: the file's records in the --format given, its file record last, then the \
            message (with --messages).
              The worker reads each file as `pageinfo pages` (or `info`) does in process, with \
            the same page ranges and --strict; it exits 0 when stdin ends, and dies with its \
            coordinator.

            EXIT CODES
              0 stdin ended; 64 a bad argument; 86 the --max-memory limit was reached (the \
            coordinator records the file as failed, memory).
            """,
        shouldDisplay: false
    )

    enum Mode: String, ExpressibleByArgument, CaseIterable { case pages, info }

    @Option(help: ArgumentHelp("Read page geometry and labels (pages) or only the file records (info).", valueName: "mode"))
    var mode: Mode = .pages

    @Option(help: ArgumentHelp("1-based pages to read, as pages --pages takes them (default: all).", valueName: "ranges"),
            transform: { text in
                do { return try PageRangeList(text) } catch let error as PageRangeList.ParseError { throw ValidationError(error.description) }
            })
    var pages: PageRangeList?

    @Option(help: ArgumentHelp("The records' format: table, json, jsonl or csv (the coordinator stitches them).", valueName: "format"))
    var format: PageListFormat = .jsonl

    @Flag(help: "Table format: all five boxes and UserUnit in full.")
    var wide = false

    @Flag(help: "Fail a file when any page is a page error or anything was repaired, as pages --strict.")
    var strict = false

    @Flag(help: "Send each file's stderr line with its response (for the table and text formats).")
    var messages = false

    @Option(name: .customLong("max-memory"), help: ArgumentHelp("The worker's address-space limit in MiB; 0: none.", valueName: "mib"))
    var maxMemory = 0

    @Option(name: .customLong("max-request-bytes"),
            help: ArgumentHelp("The largest file a bytes request may carry, in bytes (at most the default).", valueName: "n"))
    var maxRequestBytes = WorkerProtocol.maxRequestBytes

    /// Reached only through the parser: the worker's own argument reading decides.
    func run() throws {
        PageInfoTool.terminate(Worker.main(arguments: Array(CommandLine.arguments.dropFirst(2))))
    }
}
