// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageInfoBatch
import PageInfoOutput
import PageInfoReading
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// The batch-mode options shared by `pages` and `info`: many files, read in isolated worker
/// processes, written whole per file, resumable.
struct BatchOptions: ParsableArguments {
    @Option(name: .customLong("files-from"),
            help: ArgumentHelp("Read the file names from LIST ('-' for stdin), one per line (or NUL-separated with -0).",
                               valueName: "list"))
    var filesFrom: String?

    @Flag(name: [.customShort("0"), .customLong("null")], help: "The --files-from list is NUL-separated, as find -print0 writes it.")
    var nulSeparated = false

    @Flag(name: [.customShort("r"), .customLong("recursive")],
          help: "Walk directories for files whose name ends in .pdf (any case), sorted by name bytes.")
    var recursive = false

    @Flag(name: [.customShort("L"), .customLong("follow-symlinks")], help: "With -r: follow symbolic links (default: skipped).")
    var followSymlinks = false

    @Option(name: [.customShort("j"), .customLong("jobs")],
            help: ArgumentHelp("Worker processes (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Flag(help: "Write each file's records as soon as it is done, not in input order.")
    var unordered = false

    @Option(name: [.customShort("o"), .customLong("output")],
            help: ArgumentHelp("Write the records to FILE (replaced, or continued with --resume) instead of stdout.", valueName: "file"))
    var output: String?

    @Flag(help: "Continue an interrupted run: keep the files whose file record is already in -o FILE, drop a cut last file, read the rest.")
    var resume = false

    @Option(help: ArgumentHelp("Seconds one file may take before its worker is stopped (default: 60; 0: no limit).", valueName: "seconds"))
    var timeout: Double?

    @Option(name: .customLong("max-memory"),
            help: ArgumentHelp("Address space a worker may use, in MiB (default: 4096; 0: no limit).", valueName: "mib"))
    var maxMemory: Int?

    @Flag(name: .customLong("no-progress"), help: "No progress line on stderr (it is shown only when stderr is a terminal).")
    var noProgress = false

    @Option(name: .customLong("files-per-worker"),
            help: ArgumentHelp("Files a worker reads before a fresh one replaces it (default: \(BatchConfiguration.defaultFilesPerWorker)).", valueName: "n"))
    var filesPerWorker: Int?

    @Option(name: .customLong("worker"),
            help: ArgumentHelp("The worker executable, started as 'PATH worker …' (default: this pageinfo).", valueName: "path"))
    var worker: String?

    /// Whether any batch option was given (then `pages`/`info` run in batch mode).
    var isActive: Bool {
        filesFrom != nil || recursive || jobs != nil || unordered || output != nil || resume || timeout != nil
            || maxMemory != nil || nulSeparated || filesPerWorker != nil || worker != nil
    }

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let timeout, !timeout.isFinite || timeout < 0 { throw ValidationError("--timeout must be 0 or more seconds") }
        if let maxMemory, maxMemory < 0 { throw ValidationError("--max-memory must be 0 or more MiB") }
        if let maxMemory, maxMemory > 0, maxMemory < 64 { throw ValidationError("--max-memory: a worker needs at least 64 MiB") }
        if resume && output == nil { throw ValidationError("--resume needs -o FILE: the output to continue") }
        if followSymlinks && !recursive { throw ValidationError("--follow-symlinks applies only with -r") }
        if nulSeparated && filesFrom == nil { throw ValidationError("-0 applies only with --files-from") }
        if let filesPerWorker, filesPerWorker < 1 { throw ValidationError("--files-per-worker must be at least 1") }
    }

    /// Runs `job` — the same reading `pages`/`info` do in process, with its format, page ranges,
    /// `--strict` and password — over `files` (and --files-from, -r) in worker processes
    /// (``PageInfoBatch/BatchRun``); the output is byte for byte what `job.run()` prints for those
    /// files, `seconds` aside. Throws the exit code of the worst outcome.
    func run(_ job: ReadingJob, files: [String], input: InputOptions) throws {
        // Workers read regular files only: a stream option has nothing to apply to.
        if input.maxInputSize != nil {
            throw ValidationError("--max-input-size applies to stdin, pipes and devices, which batch mode does not read (it reads regular files named in the list)")
        }
        if resume && job.format != .jsonl {
            throw ValidationError("--resume continues JSON lines (it reads the file records of -o FILE): use --format jsonl")
        }
        if files.contains("-") {
            throw ValidationError("'-' (stdin) is not read in batch mode: workers read regular files; pipe the list to --files-from - instead, or read stdin without batch options")
        }
        guard !files.isEmpty || filesFrom != nil else {
            throw ValidationError("give one or more PDF files, --files-from LIST, or -r DIRECTORY")
        }
        var names = try BatchInputs(arguments: rawArguments(files), filesFrom: filesFrom, nulSeparated: nulSeparated,
                                    recursive: recursive, followSymlinks: followSymlinks).collect()

        var outputFD = STDOUT_FILENO
        var earlier: BatchTally?
        if let output {
            let flags = O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | (resume ? 0 : O_TRUNC)
            outputFD = open(output, flags, 0o644)
            guard outputFD >= 0 else {
                throw CommandFailure("\(output): cannot write the output: \(SystemCallError.reason(for: errno))", code: .ioError)
            }
            if resume {
                // A usage error, printed as the parser prints one.
                if let refusal = Self.refusal(fd: outputFD, name: output) { throw refusal }
                let state = try ResumeState.prepare(fd: outputFD)
                names = state.remaining(names)
                earlier = state.tally
            }
        }
        defer { if outputFD != STDOUT_FILENO { close(outputFD) } }

        var reader = job.reading
        reader.measuresTime = true
        let showsProgress = !noProgress && isatty(STDERR_FILENO) == 1
        let configuration = BatchConfiguration(
            reader: reader, output: BatchOutput(format: job.format, wide: job.wide, includesPages: reader.withPages), jobs: jobs,
            ordered: !unordered, timeout: timeout ?? BatchConfiguration.defaultTimeout,
            maxMemoryMiB: maxMemory ?? BatchConfiguration.defaultMaxMemoryMiB,
            filesPerWorker: filesPerWorker ?? BatchConfiguration.defaultFilesPerWorker, worker: worker ?? "/proc/self/exe",
            tickInterval: showsProgress ? 0.2 : 1)
        let code = try Self.run(names: names, configuration: configuration, outputFD: outputFD, toStdout: output == nil,
                                showsProgress: showsProgress, earlier: earlier)
        if code != .success { throw ExitCode(code) }
    }

    /// Why `--resume` refuses the output file, as a usage error (or its read failure), or `nil`.
    private static func refusal(fd: Int32, name: String) -> (any Error)? {
        do { try ResumeState.refuseUnlessJSONLines(fd: fd, name: name) } catch {
            return error.status == .usage ? ValidationError(error.message) : error
        }
        return nil
    }

    /// The batch loop: each file's records to the output as it comes (the table format's stderr
    /// line after them), the progress line, Ctrl-C and write failures, the summary line.
    private static func run(names: [[UInt8]], configuration: BatchConfiguration, outputFD: Int32, toStdout: Bool,
                            showsProgress: Bool, earlier: BatchTally?) throws -> ExitStatus {
        installSignalHandlers()
        signal(SIGPIPE, SIG_IGN)
        let run = BatchRun(names: names, configuration: configuration)
        let writer = BatchWriter(output: configuration.output, fd: outputFD, documentCount: names.count)
        var progress = BatchProgress(enabled: showsProgress, total: names.count)
        writer.begin()
        while let event = try run.next() {
            if case .file(let file) = event {
                writer.write(file)
                if !file.message.isEmpty {
                    progress.clear()
                    reportFailure(file.message)
                }
            }
            if interruptSignal != 0 {
                run.cancel()
                progress.clear()
                let sig = interruptSignal
                reportFailure("interrupted (\(sig == SIGINT ? "Ctrl-C" : signalDescription(sig))) after \(writer.filesWritten) of \(names.count) files; "
                              + (writer.assembles ? "the \(configuration.output.format.rawValue) output is incomplete; run the command again (only --format jsonl can be resumed)."
                                 : "the output is whole up to the last file written. Run the same command again with --resume (and the same -o FILE) to continue."))
                return sig == SIGINT ? .interrupted : .terminated
            }
            if let failure = writer.writeError {
                run.cancel()
                return stopOnWriteError(failure, writer: writer, toStdout: toStdout, progress: progress)
            }
            progress.update(run.tally)
        }
        writer.end()
        progress.update(run.tally, force: true)
        progress.clear()
        if let failure = writer.writeError { return stopOnWriteError(failure, writer: writer, toStdout: toStdout, progress: progress) }
        writeText(progress.summary(run.tally, earlier: earlier) + "\n", to: STDERR_FILENO)
        return (earlier.map { $0 + run.tally } ?? run.tally).exitCode
    }

    private static func stopOnWriteError(_ code: Int32, writer: BatchWriter, toStdout: Bool, progress: BatchProgress) -> ExitStatus {
        progress.clear()
        let rerun = writer.assembles ? "rerun the command (only --format jsonl can be resumed)"
            : toStdout ? "rerun the command (with -o FILE, --resume can continue a run)"
            : "rerun with --resume (and the same -o FILE)"
        let advice = code == EPIPE ? "the reader of the output has gone"
            : code == ENOSPC || code == EDQUOT ? "free some space, then \(rerun)"
            : rerun
        let written = writer.filesWritten
        reportFailure("cannot write the output: \(SystemCallError.reason(for: code)); \(written) file\(written == 1 ? "" : "s") written whole before it; \(advice)")
        return .ioError
    }

    /// SIGINT and SIGTERM set ``interruptSignal``; without SA_RESTART, the batch's `poll` returns
    /// at once and the loop stops the workers.
    private static func installSignalHandlers() {
        // A parent may have started us with these blocked (the mask survives exec).
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT); sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for sig in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { interruptSignal = $0 }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0  // no SA_RESTART: poll returns EINTR at once
            sigaction(sig, &action, nil)
        }
    }
}

/// Set by SIGINT/SIGTERM; the batch loop stops the workers and exits.
nonisolated(unsafe) private var interruptSignal: Int32 = 0
