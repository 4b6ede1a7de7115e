// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageInfoGrammar
import PageInfoBatch
import PageInfoSystem
import PageInfoReading
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// The batch-mode options shared by `pages`, `info`, `annotations` and `outline`: many files, read in isolated worker
/// processes, written whole per file, resumable.
struct BatchOptions: ParsableArguments {
    @Option(name: .customLong("files-from"), parsing: .unconditional,
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

    @Option(name: [.customShort("j"), .customLong("jobs")], parsing: .unconditional,
            help: ArgumentHelp("Worker processes (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Flag(help: "Write each file's records as soon as it is done, not in input order.")
    var unordered = false

    @Option(name: [.customShort("o"), .customLong("output")], parsing: .unconditional,
            help: ArgumentHelp("Write the records to FILE (replaced, or continued with --resume) instead of stdout.", valueName: "file"))
    var output: String?

    @Flag(help: "Continue an interrupted run: keep the files whose file record is already in -o FILE, drop a cut last file, read the rest.")
    var resume = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds one file may take before its worker is stopped (default: 60; 0: no limit).", valueName: "seconds"),
            transform: { text in try ValueGrammar.finiteNumber(text) })
    var timeout: Double?

    @Option(name: .customLong("max-memory"), parsing: .unconditional,
            help: ArgumentHelp("Address space a worker may use, in MiB (default: 4096; 0: no limit).", valueName: "mib"))
    var maxMemory: Int?

    @Flag(name: .customLong("no-progress"), help: "No progress line on stderr (it is shown only when stderr is a terminal).")
    var noProgress = false

    @Option(name: .customLong("files-per-worker"), parsing: .unconditional,
            help: ArgumentHelp("Files a worker reads before a fresh one replaces it (default: \(BatchConfiguration.defaultFilesPerWorker)).", valueName: "n"))
    var filesPerWorker: Int?

    @Option(name: .customLong("worker"), parsing: .unconditional,
            help: ArgumentHelp("The worker executable, started as 'PATH worker …' (default: this pageinfo).", valueName: "path"))
    var worker: String?

    /// Whether any batch option was given (then the command runs in batch mode).
    var isActive: Bool {
        filesFrom != nil || recursive || jobs != nil || unordered || output != nil || resume || timeout != nil
            || maxMemory != nil || nulSeparated || filesPerWorker != nil || worker != nil
    }

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        try requireExactName(filesFrom, option: "--files-from")
        try requireExactName(output, option: "-o")
        if let timeout, !timeout.isFinite || timeout < 0 { throw ValidationError("--timeout must be 0 or more seconds") }
        if let maxMemory, maxMemory != 0, !WorkerOptions.maxMemoryRange.contains(maxMemory) {
            let range = WorkerOptions.maxMemoryRange
            throw ValidationError("--max-memory \(maxMemory): give 0 (no limit) or \(range.lowerBound) to \(range.upperBound) MiB (a worker needs at least \(range.lowerBound))")
        }
        if resume && output == nil { throw ValidationError("--resume needs -o FILE: the output to continue") }
        if followSymlinks && !recursive { throw ValidationError("--follow-symlinks applies only with -r") }
        if noProgress && !isActive { throw ValidationError("--no-progress applies only in batch mode (--files-from, -r, --jobs, -o…): nothing else shows progress") }
        if nulSeparated && filesFrom == nil { throw ValidationError("-0 applies only with --files-from") }
        if let filesPerWorker, filesPerWorker < 1 { throw ValidationError("--files-per-worker must be at least 1") }
    }

    /// Runs `job` — the same reading the command does in process, with its format, page ranges,
    /// `--strict` and password — over `files` (and --files-from, -r) in worker processes
    /// (``PageInfoBatch/BatchJob``); the output is byte for byte what `job.run()` prints for those
    /// files, `seconds` aside. Throws the exit code of the worst outcome.
    func run(_ job: ReadingJob, files: [String], input: InputOptions) throws {
        // Workers read regular files only: a stream option has nothing to apply to.
        if input.maxInputSize != nil {
            throw ValidationError("--max-input-size applies to stdin, pipes and devices, which batch mode does not read (it reads regular files named in the list)")
        }
        var reader = job.reading
        reader.measuresTime = true
        let showsProgress = !noProgress && OpenFile.standardError.isTerminal
        let configuration = BatchConfiguration(
            reader: reader, output: BatchOutput(format: job.format, wide: job.wide, includesPages: reader.withPages,
                                                 bitmap: job.bitmap, frames: job.frames, listsAnnotations: job.annotations,
                                                 annotationView: job.view, listsOutline: job.outline), jobs: jobs,
            ordered: !unordered, timeout: timeout ?? BatchConfiguration.defaultTimeout,
            maxMemoryMiB: maxMemory ?? BatchConfiguration.defaultMaxMemoryMiB,
            filesPerWorker: filesPerWorker ?? BatchConfiguration.defaultFilesPerWorker, worker: worker ?? "/proc/self/exe",
            tickInterval: showsProgress ? 0.2 : 1)
        let inputs = BatchInputs(arguments: CommandLineBytes.rawBytes(of: files), filesFrom: filesFrom, nulSeparated: nulSeparated,
                                 recursive: recursive, followSymlinks: followSymlinks)
        let batch = BatchJob(inputs: inputs, configuration: configuration,
                             destination: output.map { .file(path: $0, resume: resume) } ?? .standardOutput, showsProgress: showsProgress,
                             stopsOnSignals: true, catchesBrokenPipes: true)
        // Usage errors (these, and --resume refusing the output below) are printed as the parser
        // prints one.
        do { try batch.checkOptions() } catch { throw ValidationError(error.commandLineMessage) }
        if files.contains("-") {
            throw ValidationError("'-' (stdin) is not read in batch mode: workers read regular files; pipe the list to --files-from - instead, or read stdin without batch options")
        }
        guard !files.isEmpty || filesFrom != nil else {
            throw ValidationError("give one or more PDF files, --files-from LIST, or -r DIRECTORY")
        }
        let code: ExitStatus
        do { code = try batch.run() } catch {
            if error.kind == .usage { throw ValidationError(error.commandLineMessage) }
            throw ExitFailure(error.commandLineMessage, status: error.kind.exitStatus)
        }
        if code != .success { throw ExitCode(code) }
    }
}
