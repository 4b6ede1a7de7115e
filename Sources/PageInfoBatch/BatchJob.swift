// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoSystem
import PageInfoEncoding
import SystemPackage
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// What `pageinfo pages --files-from LIST -o FILE --resume` does, in one call: collect the names,
/// open the output (replaced, or continued after the files an earlier run finished), run the
/// files through worker processes (``BatchRun``), write each file's records as it comes
/// (`BatchWriter`), draw the progress line, stop cleanly on Ctrl-C, `SIGTERM` or a failed
/// write, and print the summary line.
///
/// ```swift
/// let job = BatchJob(inputs: BatchInputs(filesFrom: "list.txt"),
///                    configuration: BatchConfiguration(jobs: 2),
///                    destination: .file(path: "out.jsonl", resume: true))
/// let status = try job.run()   // .success, .partial, … : the worst file's outcome
/// ```
///
/// The output is byte for byte what `pageinfo pages` prints for the same files in the same
/// format, the file records' `seconds` aside, when the reader's `wording` is `commandLine` (by
/// default the messages name the settings in the library's words: `strict`, not `--strict`); lines for a person (files that are not ok in the
/// table format, an interruption, a write failure, the summary) go to ``run(report:documents:)``'s
/// `report`.
public struct BatchJob: Sendable {
    /// Where a job writes its records.
    public enum Destination: Sendable, Hashable {
        /// Standard output (descriptor 1), left open.
        case standardOutput
        /// The file at `path`, created with mode 0644 (before the umask) when missing, and, a
        /// regular file, locked (`flock`) for the run: a second run writing it at the same time is refused. Without
        /// `resume` it is emptied first, unless it is the list or one of the inputs (refused);
        /// with `resume` it must hold JSON lines of an earlier run
        /// of the same job (`ResumeState`): a cut last file is dropped, the files it holds are
        /// not read again, and the records of the rest are appended.
        case file(path: String, resume: Bool)
    }

    /// The names to read: arguments, a list, a directory walk.
    public var inputs: BatchInputs
    /// How each file is read and written, and the workers' number and limits.
    public var configuration: BatchConfiguration
    /// Where the records go.
    public var destination: Destination
    /// Whether to draw the progress line on standard error (the CLI draws it only on a terminal).
    public var showsProgress: Bool
    /// Whether ``run(report:documents:)`` installs handlers for `SIGINT` and `SIGTERM` (without
    /// `SA_RESTART`; they stay installed after the run) and, when one arrives, stops the
    /// workers, keeps the output whole up to the last file written and returns
    /// `ExitStatus.interrupted` (Ctrl-C) or `ExitStatus.terminated`. Off unless asked for (the
    /// CLI asks): a library installs no handler behind its caller's back. Without them a signal
    /// ends the program as the program's own handlers decide.
    public var stopsOnSignals: Bool
    /// Whether ``run(report:documents:)`` catches `SIGPIPE` (when the program keeps its default)
    /// with a handler that does nothing, so that a write to an output whose reader has gone fails
    /// with `EPIPE` and is reported (exit 74) instead of ending the program. Not `SIG_IGN`, which
    /// the programs started later would inherit; it stays installed. Off unless asked for (the
    /// CLI asks): without it, writing to a closed pipe ends the program by `SIGPIPE`, as for any
    /// program, unless the program ignores or catches `SIGPIPE` itself (then the run reports
    /// `EPIPE`). The run's writes to its workers never need it.
    public var catchesBrokenPipes: Bool

    /// A job over `inputs` with `configuration`, writing to `destination`.
    public init(inputs: BatchInputs, configuration: BatchConfiguration, destination: Destination = .standardOutput,
                showsProgress: Bool = false, stopsOnSignals: Bool = false, catchesBrokenPipes: Bool = false) {
        self.inputs = inputs
        self.configuration = configuration
        self.destination = destination
        self.showsProgress = showsProgress
        self.stopsOnSignals = stopsOnSignals
        self.catchesBrokenPipes = catchesBrokenPipes
    }

    /// Refuses options that do not go together, before anything is read or opened (``run(report:documents:)``
    /// checks them first too): resume with a format other than JSON lines (jsonl or columns;
    /// usage, 64); the outline with page or annotation records (usage, 64).
    public func checkOptions() throws(BatchError) {
        if configuration.listsOutline && (configuration.reader.withPages || configuration.listsAnnotations) { throw .outlineWithPages }
        if case .file(_, resume: true) = destination, !Self.resumableFormats.contains(configuration.output.format) {
            throw .resumeNeedsJSONLines
        }
    }

    /// The formats `--resume` continues: JSON lines, whose every file ends in its file record.
    public static let resumableFormats: Set<PageListFormat> = [.jsonl, .columns]

    /// Writes `line` and a newline to standard error: ``run(report:documents:)``'s default reporter.
    public static func reportToStandardError(_ line: String) {
        try? OpenFile.standardError.writeAll(Array((oneLine(line) + "\n").utf8))
    }

    /// Runs the job to its end and returns the exit status of the worst outcome, this run's
    /// files and (with resume) the earlier run's together: `ExitStatus.success`
    /// when every file is ok. A write failure returns `ExitStatus.ioError`
    /// after its line, a signal (``stopsOnSignals``) `interrupted` or `terminated`.
    ///
    /// A write to an output whose reader has gone fails with `EPIPE` and is reported when
    /// `SIGPIPE` is caught or ignored (``catchesBrokenPipes``, or the program's own disposition);
    /// at its default, it ends the program.
    ///
    /// `report` gets each line for a person, without its newline, each beginning `pageinfo: `:
    /// the stderr line of a file that is not ok (table format), why the run stopped, and the
    /// summary (`pageinfo: 1000 files in 0.85 s (1176 files/s): …`).
    ///
    /// `documents`, when given, also gets each file as typed records once its bytes are written
    /// (``BatchFile/documentRecords()``: the configuration's format must be JSON lines, else each
    /// file comes as a ``BatchRecordsError``), in the order the files are written.
    ///
    /// - Throws: ``BatchError`` before any record is written: the list cannot
    ///   be read (66); the output cannot be opened, or another run is writing it (74); the
    ///   output is the list or one of the inputs (64, unless resuming); with resume, a format other than JSON
    ///   lines (jsonl, columns) or an output that does not hold pageinfo JSON lines (usage, 64; the file is left as
    ///   it is), or an output that cannot be read or cut (74); a worker cannot be started (70).
    public func run(report: (String) -> Void = BatchJob.reportToStandardError,
                    documents: ((Result<BatchDocument, BatchRecordsError>) -> Void)? = nil) throws(BatchError) -> ExitStatus {
        try checkOptions()
        var names = try inputs.collect()
        var output = OpenFile.standardOutput
        var earlier: BatchTally?
        if case .file(let path, let resume) = destination {
            output = try Self.openOutput(path, resume: resume, names: names, list: inputs.filesFrom)
            if resume {
                do {
                    try ResumeState.refuseUnlessJSONLines(fd: output.descriptor, name: path)
                    let state = try ResumeState.prepare(fd: output.descriptor, expecting: ResumeState.Expectation(
                        withPages: configuration.reader.withPages, ranges: configuration.reader.ranges, strict: configuration.reader.strict,
                        bitmap: configuration.output.bitmap, frames: configuration.output.frames,
                        columns: configuration.output.format == .columns, wording: configuration.reader.wording,
                        annotations: configuration.listsAnnotations, view: configuration.output.annotationView,
                        outline: configuration.listsOutline))
                    names = state.remaining(names)
                    earlier = state.tally
                } catch {
                    try? output.close()
                    throw error
                }
            }
        }
        defer { if case .file = destination { try? output.close() } }
        return try loop(names: names, output: output, earlier: earlier, report: report, documents: documents)
    }

    /// Opens the output file (created when missing) and, a regular file, locks it for this run; unless `resume`,
    /// empties it, once it is known not to be an input. Refuses a file another run holds
    /// locked (74: two runs would interleave or duplicate files), and an output that is, by
    /// device and inode, the list of names or one of the inputs (64: emptying it would destroy
    /// it); a missing or empty output is no input's content, so only a non-empty one is
    /// compared with them.
    private static func openOutput(_ path: String, resume: Bool, names: [[UInt8]], list: String?) throws(BatchError) -> OpenFile {
        let output: OpenFile
        do { output = try OpenFile.open(path, O_RDWR | O_CREAT | O_APPEND, mode: 0o644) } catch { throw .outputUnwritable(path: path, reason: error.reason) }
        do throws(BatchError) {
            let status: FileStatus
            do { status = try output.status() } catch { throw .outputUnwritable(path: path, reason: error.reason) }
            // (A device or a FIFO, /dev/null say, is written, never locked or emptied: runs may share it.)
            guard status.kind == .regular else { return output }
            // (A file system without locks, ENOLCK: the run goes on unguarded.)
            if (try? output.lockExclusively()) == false {
                throw .outputLocked(path: path)
            }
            guard !resume else { return output }
            if status.size > 0 {
                func isOutput(_ other: FileStatus?) -> Bool { other?.device == status.device && other?.inode == status.inode }
                if let list, isOutput(list == "-" ? try? OpenFile.standardInput.status() : try? FileStatus(path: list)) {
                    throw .outputIsList(path: path, list: list)
                }
                if let input = names.first(where: { isOutput(try? FileStatus(rawPath: $0, name: "")) }) {
                    throw .outputIsInput(path: path, input: FileName(raw: input).text)
                }
            }
            do { try output.truncate(toSize: 0) } catch { throw .outputUnwritable(path: path, reason: error.reason) }
            return output
        } catch {
            try? output.close()
            throw error
        }
    }

    /// The batch loop: each file's records to the output as it comes (the table format's stderr
    /// line after them), the progress line, signals and write failures, the summary line.
    private func loop(names: [[UInt8]], output: OpenFile, earlier: BatchTally?,
                      report: (String) -> Void, documents: ((Result<BatchDocument, BatchRecordsError>) -> Void)?) throws(BatchError) -> ExitStatus {
        interruptSignal = 0  // (a signal that stopped an earlier run in this process is not this run's)
        if stopsOnSignals { Self.installSignalHandlers() }
        // A write to an output whose reader is gone fails with EPIPE, reported below (from the
        // first byte the writer writes, before the run starts its workers), when asked for.
        if catchesBrokenPipes { BatchRun.catchBrokenPipes() }
        let run = BatchRun(names: names, configuration: configuration)
        let writer = BatchWriter(output: configuration.recordOutput, fd: output.descriptor, documentCount: names.count)
        var progress = BatchProgress(enabled: showsProgress, total: names.count)
        writer.begin()
        while let event = try run.next() {
            if case .file(let file) = event {
                writer.write(file)
                if let documents {
                    documents(Result { () throws(BatchRecordsError) in
                        BatchDocument(index: file.index, name: file.name, records: try file.documentRecords())
                    })
                }
                if !file.message.isEmpty {
                    progress.clear()
                    report("pageinfo: " + file.message)
                }
            }
            if stopsOnSignals, interruptSignal != 0 {
                run.cancel()
                progress.clear()
                let sig = interruptSignal
                let n = configuration.reader.wording.name
                report("pageinfo: interrupted (\(sig == SIGINT ? "Ctrl-C" : signalDescription(sig))) after \(writer.filesWritten) of \(names.count) files; "
                       + (writer.assembles ? "the \(configuration.output.format.rawValue) output is incomplete; run the command again (only \(n(.jsonLines)) and columns can be resumed)."
                          : "the output is whole up to the last file written. Run the same command again with \(n(.resume)) (and the same \(n(.output))) to continue."))
                return sig == SIGINT ? .interrupted : .terminated
            }
            if let failure = writer.writeFailure {
                run.cancel()
                return stopOnWriteError(failure, writer: writer, progress: progress, report: report)
            }
            progress.update(run.tally)
        }
        writer.end()
        progress.update(run.tally, force: true)
        progress.clear()
        if let failure = writer.writeFailure { return stopOnWriteError(failure, writer: writer, progress: progress, report: report) }
        report(progress.summary(run.tally, earlier: earlier))
        return (earlier.map { $0 + run.tally } ?? run.tally).exitCode
    }

    /// The line for a failed write of the records, with what to do next.
    private func stopOnWriteError(_ failure: SystemCallError, writer: BatchWriter, progress: BatchProgress,
                                  report: (String) -> Void) -> ExitStatus {
        let code = failure.code
        progress.clear()
        let n = configuration.reader.wording.name
        let rerun = writer.assembles ? "rerun the command (only \(n(.jsonLines)) and columns can be resumed)"
            : destination == .standardOutput ? "rerun the command (with \(n(.output)), \(n(.resume)) can continue a run)"
            : "rerun with \(n(.resume)) (and the same \(n(.output)))"
        let advice = code == EPIPE ? "the reader of the output has gone"
            : code == ENOSPC || code == EDQUOT ? "free some space, then \(rerun)"
            : rerun
        let written = writer.filesWritten
        report("pageinfo: cannot write the output: \(failure.reason); \(written) file\(written == 1 ? "" : "s") written whole before it; \(advice)")
        return .ioError
    }

    /// SIGINT and SIGTERM set `interruptSignal`; without SA_RESTART, the batch's `poll` returns
    /// at once and the loop stops the workers.
    private static func installSignalHandlers() {
        // (A parent may have started us with these blocked: the layer unblocks them.)
        Signals.handleInterrupting([SIGINT, SIGTERM]) { interruptSignal = $0 }
    }
}

/// Set by SIGINT/SIGTERM; the batch loop stops the workers and returns.
nonisolated(unsafe) private var interruptSignal: Int32 = 0
