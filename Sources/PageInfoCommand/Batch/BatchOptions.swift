// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoReading
import PageInfoRecords
import ArgumentParser
import PageInfoOutput

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

    static let defaultTimeout = 60.0
    static let defaultMaxMemoryMiB = 4096

    /// Whether any batch option was given (then `pages`/`info` run in batch mode).
    var isActive: Bool {
        filesFrom != nil || recursive || jobs != nil || unordered || output != nil || resume || timeout != nil
            || maxMemory != nil || nulSeparated
    }

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let timeout, !timeout.isFinite || timeout < 0 { throw ValidationError("--timeout must be 0 or more seconds") }
        if let maxMemory, maxMemory < 0 { throw ValidationError("--max-memory must be 0 or more MiB") }
        if let maxMemory, maxMemory > 0, maxMemory < 64 { throw ValidationError("--max-memory: a worker needs at least 64 MiB") }
        if resume && output == nil { throw ValidationError("--resume needs -o FILE: the output to continue") }
        if followSymlinks && !recursive { throw ValidationError("--follow-symlinks applies only with -r") }
        if nulSeparated && filesFrom == nil { throw ValidationError("-0 applies only with --files-from") }
    }

    /// `--resume` cuts -o FILE back to its last whole file record: refuse, before anything is
    /// cut, a non-empty file whose first line is not a pageinfo JSON-lines record (the output of
    /// a csv, json or table run, or another file named by mistake).
    static func refuseUnlessJSONLines(fd: Int32, name: String) throws {
        var head = [UInt8](repeating: 0, count: 11)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 {
            throw CommandFailure("\(name): cannot read the output to resume it: pread: \(String(cString: strerror(errno)))", code: ExitStatus.ioError)
        }
        guard n > 0 else { return }
        if n < head.count || !head.elementsEqual(Array("{\"record\":\"".utf8)) {
            throw ValidationError("--resume: \(name) does not hold pageinfo JSON lines (the output of a --format jsonl run); it is left as it is")
        }
    }

    /// Runs `job` — the same reading `pages`/`info` do in process, with its format, page ranges,
    /// `--strict` and password — over `files` (and --files-from, -r) in worker processes; the
    /// output is byte for byte what `job.run()` prints for those files, `seconds` aside. Throws
    /// the exit code of the worst outcome.
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
        let reading = job.reading
        var workerArguments = ["--mode", reading.withPages ? "pages" : "info", "--format", job.format.rawValue]
        if let ranges = reading.ranges { workerArguments += ["--pages", ranges.description] }
        if reading.strict { workerArguments.append("--strict") }
        if job.wide { workerArguments.append("--wide") }
        // The table and text formats do not say why a file is not ok: as in process, each such
        // file gets its one line on stderr (the other formats' records carry the reason).
        if job.format == .table { workerArguments.append("--messages") }
        let maxMemory = self.maxMemory ?? Self.defaultMaxMemoryMiB
        workerArguments += ["--max-memory", String(maxMemory)]
        guard !files.isEmpty || filesFrom != nil else {
            throw ValidationError("give one or more PDF files, --files-from LIST, or -r DIRECTORY")
        }

        let inputs = BatchInputs(arguments: rawArguments(files), filesFrom: filesFrom, nulSeparated: nulSeparated,
                                 recursive: recursive, followSymlinks: followSymlinks)
        var names = try inputs.collect()

        var outputFD = STDOUT_FILENO
        var earlier: BatchTally?
        if let output {
            let flags = O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | (resume ? 0 : O_TRUNC)
            outputFD = open(output, flags, 0o644)
            guard outputFD >= 0 else {
                throw CommandFailure("\(output): cannot write the output: \(String(cString: strerror(errno)))", code: ExitStatus.ioError)
            }
            if resume {
                try Self.refuseUnlessJSONLines(fd: outputFD, name: output)
                let state = try ResumeState.prepare(fd: outputFD)
                var done = state.done
                names = names.filter { name in
                    guard let n = done[name], n > 0 else { return true }
                    done[name] = n - 1
                    return false
                }
                earlier = state.tally
            }
        }
        defer { if outputFD != STDOUT_FILENO { close(outputFD) } }

        let settings = BatchCoordinator.Settings(
            jobs: jobs ?? max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))),
            ordered: !unordered, timeout: timeout ?? Self.defaultTimeout, maxMemoryMiB: maxMemory,
            workerArguments: workerArguments, password: reading.password,
            output: BatchOutput(format: job.format, wide: job.wide, includesPages: reading.withPages),
            progress: !noProgress && isatty(STDERR_FILENO) == 1, outputFD: outputFD)
        let coordinator = BatchCoordinator(names: names, settings: settings, earlier: earlier)
        let code = try coordinator.run()
        if code != .success { throw ExitCode(code) }
    }
}
