// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoBatch
import PageInfoGrammar
import PageInfoHelp
import PageInfoSystem
import PageInfoEncoding
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// `pageinfo worker`: the child process of batch mode (hidden from `pageinfo --help`). Its
/// options are declared here once and parsed by ArgumentParser, for `pageinfo` and for the
/// tests' worker (`pageinfo-test-worker`, which adds its hooks) alike; the coordinator writes
/// them with ``PageInfoBatch/WorkerOptions/arguments``, and ``main(arguments:beforeEachFile:)``
/// reads them back and runs ``PageInfoBatch/Worker/run(_:beforeEachFile:)``.
package struct WorkerCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Internal: the child process of batch mode (reads requests on stdin, writes framed records on stdout).",
        discussion: CommandHelp.worker,
        shouldDisplay: false
    )

    enum Mode: String, ExpressibleByArgument, CaseIterable { case pages, info, annotations, outline }

    @Option(parsing: .unconditional, help: ArgumentHelp("The records to write, as the command of that name: pages, info, annotations or outline.", valueName: "mode"))
    var mode: Mode = .pages

    @Option(parsing: .unconditional, help: ArgumentHelp("With --mode annotations: view rectangles for a view of WxH, as annotations --view.", valueName: "WxH"))
    var view: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("1-based pages to read, as pages --pages takes them (default: all).", valueName: "ranges"))
    var pages: String?

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

    @Flag(name: .customLong("library-wording"),
          help: "Name settings in messages as a Swift program sets them (strict, maxMemoryMiB), not as pageinfo's options.")
    var libraryWording = false

    @Flag(name: .customLong("describe-protocol"),
          help: "Print the pipe protocol's constants as one JSON object and exit (for a coordinator written elsewhere to check its own).")
    var describeProtocol = false

    @Flag(name: .customLong("hello"),
          help: "Write the worker's hello (its version) on stdout first, before reading the arguments: the coordinator refuses a worker of another version.")
    var hello = false

    package init() {}

    /// The options given, as the worker loop takes them; a value out of its range is a
    /// `ValidationError` naming its option.
    package func workerOptions() throws(ValidationError) -> WorkerOptions {
        var ranges: PageRangeList?
        if let pages {
            do { ranges = try PageRangeList(pages) } catch { throw ValidationError("--pages: \(error.description)") }
        }
        for (name, value) in [("--max-memory", maxMemory), ("--max-request-bytes", maxRequestBytes)] where value < 0 {
            throw ValidationError("\(name) \(value): not a whole number of 0 or more")
        }
        guard maxMemory == 0 || WorkerOptions.maxMemoryRange.contains(maxMemory) else {
            let range = WorkerOptions.maxMemoryRange
            throw ValidationError("--max-memory \(maxMemory): give 0 (no limit) or \(range.lowerBound) to \(range.upperBound) MiB")
        }
        var viewSize: Size?
        if let view {
            guard mode == .annotations else { throw ValidationError("--view applies only with --mode annotations") }
            do { viewSize = try ValueGrammar.size(view) } catch { throw ValidationError("--view: \(error.description)") }
        }
        let bitmap: BitmapRequest?, frames: [LibraryFrame]
        do { bitmap = try BitmapOptions.request(dpi: dpi, bitmapSize: bitmapSize, fit: fit, renderer: renderer) } catch { throw ValidationError(error.description) }
        do { frames = try FrameOptions.frames(self.frames) ?? [] } catch { throw ValidationError(error.description) }
        return WorkerOptions(withPages: mode == .pages || mode == .annotations, ranges: ranges, format: format, wide: wide, strict: strict, messages: messages,
                             maxMemoryMiB: maxMemory, maxRequestBytes: maxRequestBytes, bitmap: bitmap, frames: frames,
                             wording: libraryWording ? .library : .commandLine, annotations: mode == .annotations, view: viewSize,
                             outline: mode == .outline)
    }

    /// `pageinfo worker ARGS…` (reached through the root parser only when help is asked for,
    /// which it answers before this).
    package func run() throws { Worker.run(try workerOptions()) }

    /// A worker process's main: writes its hello when `arguments` ask for it (`--hello`, before
    /// anything is parsed: a worker of this version says so even when it then refuses another
    /// argument), parses `arguments` (those after `worker`) and serves requests until stdin ends.
    /// Returns the exit status: 0, or 64 for a bad argument with one line on stderr.
    /// `beforeEachFile` is called with each request's name before it is read (the tests' worker
    /// crashes, hangs or exhausts memory there on chosen files). What the parser answers
    /// itself (`--help`; `--experimental-dump-help`, which `make man`'s plugin asks of every
    /// executable that links ArgumentParser, the tests' worker too) is printed on stdout, exit 0.
    package static func main(arguments: [String], beforeEachFile: (([UInt8]) -> Void)? = nil) -> Int32 {
        if arguments.contains(WorkerProtocol.helloArgument) { try? OpenFile.standardOutput.writeAll(WorkerProtocol.hello()) }
        let options: WorkerOptions
        do {
            let command = try parse(arguments)
            if command.describeProtocol {
                // Alone: an option beside it would be ignored, and a hello before it is not JSON.
                guard arguments == ["--describe-protocol"] else {
                    throw ValidationError("--describe-protocol takes no other option; give it alone")
                }
                do { try OpenFile.standardOutput.writeAll(Array((WorkerProtocol.descriptionJSON + "\n").utf8)) } catch {
                    try? OpenFile.standardError.writeAll(Array("pageinfo: worker: cannot write the output: \(error.description)\n".utf8))
                    return ExitStatus.ioError.rawValue
                }
                return 0
            }
            options = try command.workerOptions()
        } catch {
            let status = exitCode(for: error)
            if status == .success {
                try? OpenFile.standardOutput.writeAll(Array((fullMessage(for: error) + "\n").utf8))
            } else {
                try? OpenFile.standardError.writeAll(Array("pageinfo: worker: \(oneLine(message(for: error)))\n".utf8))
            }
            return status.rawValue
        }
        Worker.run(options, beforeEachFile: beforeEachFile)
        return 0
    }
}

extension PageListFormat: ExpressibleByArgument {}
