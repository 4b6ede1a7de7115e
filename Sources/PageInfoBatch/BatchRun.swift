// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoGrammar
import PageInfoSystem
import PageInfoEncoding
import PageInfoReading
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// How a batch runs: what each worker reads and writes, how many workers, and the limits that
/// contain a file that crashes, hangs or eats memory.
public struct BatchConfiguration: Sendable {
    /// How each file is read: its password, page ranges, `strict` and `withPages` (the reader's
    /// `measuresTime` is always on in a batch: the file records carry `seconds`). Its `wording`
    /// is also the batch's: the workers' messages and the run's own (a worker out of memory or
    /// time) name the settings in it (the library's by default; the CLI asks for its options).
    public var reader: DocumentReader
    /// The format of the records (JSON lines, the default, or the other `pages` formats).
    public var output: BatchOutput
    /// Worker processes (at least 1; default: the number of online cores).
    public var jobs: Int
    /// Deliver files in input order (default), or as they finish.
    public var ordered: Bool
    /// Seconds one file may take before its worker is killed (default 60); 0: no limit. Once
    /// its answer starts arriving, the clock restarts with each part: a worker waiting for a
    /// caller that does not call ``BatchRun/next()`` (its output is stalled) is not timed out.
    public var timeout: Double
    /// A worker's address-space limit in MiB (default 4096); 0: no limit.
    public var maxMemoryMiB: Int
    /// Files one worker reads before it is replaced by a fresh one (default 10,000); a worker is
    /// also replaced when its resident memory grew by 256 MiB since its first file.
    public var filesPerWorker: Int
    /// The worker executable, started as `EXECUTABLE worker --hello ARGS…`: a `pageinfo` of this
    /// package's version, or any program that reads `WorkerOptions/arguments` as `pageinfo worker`
    /// does (its hello first) and runs `Worker/run(_:beforeEachFile:)`. A worker of another
    /// version, or one that gives none, stops the run with ``BatchError/workerVersion(worker:reported:needed:)``.
    /// `nil`: `Worker/defaultExecutable()` (this program when it is `pageinfo`, else the
    /// `pageinfo` next to it, else the first on `PATH`).
    public var worker: String?
    /// The longest wait between two events in seconds: ``BatchRun/next()`` returns a
    /// ``BatchEvent/progress(_:)`` at least this often while files are being read (default 1).
    public var tickInterval: Double
    /// Whether each file also carries the one line the reader gives for a file that is not ok
    /// (``BatchFile/message``), whatever the format, so that ``BatchFile/documentRecords()``
    /// returns the `DocumentRecords` a `DocumentReader` returns, its `message` included (default
    /// `false`: the table format's lines only, as `pageinfo pages` prints them).
    public var includesMessages: Bool

    /// The default of ``timeout``, in seconds.
    public static let defaultTimeout = 60.0
    /// The default of ``maxMemoryMiB``.
    public static let defaultMaxMemoryMiB = 4096
    /// The default of ``filesPerWorker``.
    public static let defaultFilesPerWorker = 10_000

    /// A configuration with its defaults; see the properties.
    public init(reader: DocumentReader = DocumentReader(), output: BatchOutput = BatchOutput(), jobs: Int? = nil, ordered: Bool = true,
                timeout: Double = defaultTimeout, maxMemoryMiB: Int = defaultMaxMemoryMiB,
                filesPerWorker: Int = defaultFilesPerWorker, worker: String? = nil, tickInterval: Double = 1,
                includesMessages: Bool = false) {
        self.reader = reader
        self.output = output
        self.jobs = jobs ?? CurrentProcess.onlineProcessors
        self.ordered = ordered
        self.timeout = timeout
        self.maxMemoryMiB = maxMemoryMiB
        self.filesPerWorker = filesPerWorker
        self.worker = worker
        self.tickInterval = tickInterval
        self.includesMessages = includesMessages
    }

    /// Whether the workers send each file's one line: the table format's, or on request.
    var sendsMessages: Bool { output.format == .table || includesMessages }

    /// Whether the records list each page's annotations: the output asks for them
    /// (``BatchOutput/listsAnnotations``) or the reader reads them (`DocumentReader.withAnnotations`).
    var listsAnnotations: Bool { output.listsAnnotations || reader.withAnnotations }
    /// Whether the records list the outline (``BatchOutput/listsOutline`` or `DocumentReader.withOutline`).
    var listsOutline: Bool { output.listsOutline || reader.withOutline }

    /// The output the records are written with: ``output`` listing what the reader reads too, so
    /// that the file records the coordinator writes itself (a crashed file's) carry the counts
    /// the workers' do, and `--resume` finds them.
    var recordOutput: BatchOutput {
        var written = output
        written.listsAnnotations = listsAnnotations
        written.listsOutline = listsOutline
        return written
    }

    /// What the workers are told (their arguments).
    var workerOptions: WorkerOptions {
        // The table and text formats do not say why a file is not ok: as in process, each such
        // file gets its one line on stderr (the other formats' records carry the reason).
        WorkerOptions(withPages: reader.withPages, ranges: reader.ranges, format: output.format, wide: output.wide,
                      strict: reader.strict, messages: sendsMessages, maxMemoryMiB: maxMemoryMiB,
                      bitmap: output.bitmap, frames: output.frames, wording: reader.wording, annotations: listsAnnotations,
                      view: output.annotationView, outline: listsOutline)
    }
}

/// One file of a batch, done: its records, exactly as the worker encoded them.
public struct BatchFile: Sendable {
    /// The file's position in the names the batch was given.
    public var index: Int
    /// The file's name, raw bytes, as given.
    public var name: [UInt8]
    /// Its file record's status.
    public var status: DocumentOutcome.Status
    /// Its file record's error code, if any.
    public var error: FileErrorCode?
    /// Positions of its page tree as walked (0 for a failed file).
    public var pageCount: Int
    /// Its records in the batch's format, as one fragment of the whole output (JSON lines: its
    /// page records, then its file record, each ending in `\n`); the bytes the worker wrote.
    public var records: [UInt8]
    /// The line `pageinfo pages` prints on stderr for this file when it is not ok (table format,
    /// or ``BatchConfiguration/includesMessages``: the other formats' records carry the reason);
    /// empty otherwise.
    public var message: String
    /// The format of ``records`` (what ``documentRecords()`` decodes: JSON lines).
    var format: PageListFormat = .jsonl

    /// The exit status this file contributes.
    public var exitStatus: ExitStatus { ExitStatus(status: status, error: error) }
}

/// What ``BatchRun/next()`` returns.
public enum BatchEvent: Sendable {
    /// A file is done (in input order unless ``BatchConfiguration/ordered`` is false).
    case file(BatchFile)
    /// No file finished during the last wait (at most ``BatchConfiguration/tickInterval``
    /// seconds, or a signal interrupted it): the counts so far, for a progress display; a good
    /// moment for the caller to check whether it should stop.
    case progress(BatchTally)
}

/// A batch in progress: a cursor over its events, after GRDB's `Cursor`. Each ``next()`` runs the
/// batch until something happens and returns it; `nil` once every file is done.
///
/// Files are read in isolated worker processes (``BatchConfiguration/jobs``), two requests
/// queued per worker. A worker that crashes, exceeds its memory limit or takes longer than the
/// timeout on a file is killed; that file gets a `failed` record (`crashed`, `memory`, `timeout`)
/// and the files queued behind it are handed to a fresh worker. The coordinating process never
/// opens a PDF.
///
/// ```swift
/// let run = BatchRun(names: names, configuration: BatchConfiguration(jobs: 2))
/// while let event = try run.next() {
///     if case .file(let file) = event { output.append(contentsOf: file.records) }
/// }
/// print(run.tally.failed, run.tally.exitCode)
/// ```
///
/// A cursor, not a callback or an `AsyncSequence`: the caller drives the loop at its own pace (a
/// slow writer holds the workers back, nothing piles up), can stop between any two events
/// (``cancel()``), and needs no concurrency runtime; the coordinator is one thread around `poll`.
/// Not thread-safe: use a run from one thread at a time (any thread: workers are started from
/// one long-lived thread of their own, so a caller's thread that ends takes no worker with it
/// through `PR_SET_PDEATHSIG`). A run installs no signal handler and changes no disposition:
/// a dead worker's pipe would raise SIGPIPE, so a run blocks SIGPIPE in its own thread for each
/// write to a worker, and the write fails with `EPIPE` instead (the signal it leaves pending is
/// consumed); the workers start with SIGPIPE at its default. A caller that writes the records to
/// a pipe or a socket itself handles SIGPIPE for those writes as it sees fit.
public final class BatchRun {
    /// The names, raw bytes, in input order.
    public let names: [[UInt8]]
    /// The configuration the run was made with.
    public let configuration: BatchConfiguration
    /// The counts of the files done so far.
    public private(set) var tally = BatchTally()

    /// A worker is also replaced when its resident memory has grown by this much since its first file.
    static let recycleAfterGrowth = 256 << 20
    /// Files handed to one worker before it answers (keeps it busy between two responses).
    static let pipelineDepth = 2
    /// A name of this many bytes or more is refused by the kernel (PATH_MAX counts the NUL).
    static let maxPathBytes = Int(PATH_MAX)
    /// In input order, at most this many files are read ahead of the first one not yet delivered.
    static let orderedWindow = 20_000

    private struct Slot {
        var process: WorkerProcess
        /// Responses read from the worker: `buffer[consumed..<filled]` is not parsed yet.
        var buffer: [UInt8] = []
        var filled = 0
        var consumed = 0
        /// Input indexes handed to this worker, in the order it answers them.
        var outstanding: [Int] = []
        /// The head file's timeout clock: when the worker started on `outstanding[0]`, or when the
        /// last part of its answer arrived.
        var headStart = 0.0
        /// When `outstanding[0]` became the worker's head file (handed to an idle worker, or the
        /// file before it answered): a stopped file's `seconds` count from here.
        var headBegan = 0.0
        var filesDone = 0
        var baseRSS: Int?
        var retiring = false
        /// Whether the worker's hello has arrived, of this version (``WorkerProtocol``): its
        /// responses follow it.
        var greeted = false

        /// `outstanding[0]` became the head file now: both its clocks start.
        mutating func headBegins() {
            headBegan = monotonicSeconds()
            headStart = headBegan
        }
    }

    private let executable: String
    /// The workers' arguments (after `worker`): `--hello`, then the configuration's worker options.
    let workerArguments: [String]
    private var slots: [Slot?]
    private var started = false
    private var cancelled = false
    private var requeued: [Int] = []          // indexes to hand out again (a worker died holding them)
    private var nextFresh = 0
    private var finished: [Int: BatchFile] = [:] // ordered mode: files waiting for their turn
    private var nextToDeliver = 0
    private var completed = 0
    private var ready: [BatchFile] = []
    private var readyHead = 0
    private var pollSet = ReadinessPoll()
    private var slotOf: [Int] = []
    /// Why the run stops: a worker of another version (set while draining, thrown by ``next()``).
    private var refusal: BatchError?

    /// A run over `names` (raw bytes: any encoding; regular files; see ``BatchInputs``). No
    /// worker starts before the first ``next()``.
    public init(names: [[UInt8]], configuration: BatchConfiguration) {
        self.names = names
        self.configuration = configuration
        self.executable = configuration.worker ?? Worker.defaultExecutable() ?? "pageinfo"
        // Every worker starts with its hello, which says its version (checked in drain).
        self.workerArguments = [WorkerProtocol.helloArgument] + configuration.workerOptions.arguments
        self.slots = Array(repeating: nil, count: max(1, min(configuration.jobs, names.count)))
    }

    /// A run over files named by `names` (UTF-8 paths, as Swift spells them), with the default
    /// configuration unless one is given: JSON lines, which ``nextDocument()`` decodes.
    public convenience init(names: [String], configuration: BatchConfiguration = BatchConfiguration()) {
        self.init(names: names.map { Array($0.utf8) }, configuration: configuration)
    }

    deinit { killWorkers() }

    /// Runs the batch until a file is done (``BatchEvent/file(_:)``) or a wait ends without one
    /// (``BatchEvent/progress(_:)``); `nil` when every file is done or after ``cancel()``.
    /// Throws when a worker cannot be started, when a worker is not of this library's version
    /// (``BatchError/workerVersion(worker:reported:needed:)``: the workers are stopped and the run
    /// ends), or when the coordinator's `poll` fails (exit 70).
    public func next() throws(BatchError) -> BatchEvent? {
        guard !cancelled else { return nil }
        if !started {
            started = true
            if configuration.worker == nil, Worker.defaultExecutable() == nil {
                throw .noWorker(near: Worker.runningExecutable() ?? "this program")
            }
            if let password = configuration.reader.password, password.utf8.count > WorkerProtocol.maxNameBytes {
                throw .passwordTooLong
            }
            for i in slots.indices where !names.isEmpty { try startWorker(i) }
        }
        while true {
            if readyHead < ready.count {
                defer {
                    readyHead += 1
                    if readyHead == ready.count { ready.removeAll(keepingCapacity: true); readyHead = 0 }
                }
                return .file(ready[readyHead])
            }
            guard completed < names.count else {
                for i in slots.indices { if let s = slots[i] { s.process.close(); slots[i] = nil } }
                return nil
            }
            try dispatch()
            pollSet.removeAll()
            slotOf.removeAll(keepingCapacity: true)
            for (i, slot) in slots.enumerated() {
                if let slot { pollSet.add(OpenFile(rawValue: slot.process.responses)); slotOf.append(i) }
            }
            // (A signal ends the wait with nothing ready, which the caller may want to see: a progress event.)
            do { try pollSet.wait(timeoutMilliseconds: pollTimeoutMilliseconds()) { drain(slotOf[$0]) } } catch {
                throw .poll(reason: error.reason)
            }
            if let refusal {
                cancel()
                throw refusal
            }
            checkTimeouts()
            if readyHead == ready.count { return .progress(tally) }
        }
    }

    /// Stops the run: kills the workers (a file being read gets no record); ``next()`` returns
    /// `nil` from then on.
    public func cancel() {
        cancelled = true
        killWorkers()
    }

    // MARK: - Workers

    private func startWorker(_ i: Int) throws(BatchError) {
        let process = try WorkerProcess.spawn(executable: executable, arguments: workerArguments)
        var config: [UInt8] = [0]
        if let password = configuration.reader.password { config = [1] + Array(password.utf8) }
        try? OpenFile(rawValue: process.requests).writeAllBlockingSIGPIPE(WorkerProtocol.request(config))
        slots[i] = Slot(process: process)
    }

    private func killWorkers() {
        for i in slots.indices { if let s = slots[i] { s.process.kill(); slots[i] = nil } }
    }

    /// An output whose reader has gone raises SIGPIPE: catch it (when the program keeps the
    /// default), so that the failed write is seen as EPIPE. A handler that does nothing, not
    /// SIG_IGN, which every program the host starts later would inherit; it stays installed.
    /// Only on request (``BatchJob/catchesBrokenPipes``; the CLI asks): a run's own writes to
    /// its workers need no handler (``OpenFile/writeAllBlockingSIGPIPE(_:)``).
    static func catchBrokenPipes() {
        Signals.catchIfDefault(SIGPIPE)
    }

    private func nextIndex() -> Int? {
        guard let i = peekIndex() else { return nil }
        if requeued.isEmpty { nextFresh += 1 } else { requeued.removeLast() }
        return i
    }

    /// The file ``nextIndex()`` would hand out, without taking it.
    private func peekIndex() -> Int? {
        if let i = requeued.last { return i }
        guard nextFresh < names.count else { return nil }
        if configuration.ordered && nextFresh >= nextToDeliver + Self.orderedWindow { return nil }
        return nextFresh
    }

    /// The bytes of the request frame of file `index`.
    private func requestBytes(_ index: Int) -> Int { 4 + names[index].count }

    private func dispatch() throws(BatchError) {
        for i in slots.indices {
            if slots[i] == nil {
                guard !requeued.isEmpty || nextFresh < names.count else { continue }
                try startWorker(i)
            }
            guard var slot = slots[i] else { continue }
            if slot.retiring {
                if slot.outstanding.isEmpty {
                    slot.process.close()
                    slots[i] = nil
                    if !requeued.isEmpty || nextFresh < names.count { try startWorker(i) }
                }
                continue
            }
            while slot.outstanding.count < Self.pipelineDepth, let peeked = peekIndex() {
                // The requests a worker has not answered stay within PIPE_BUF bytes, the least a
                // pipe holds: a write of a request never blocks, so the coordinator cannot wait
                // on a worker that waits (writing a long response) on it.
                if !slot.outstanding.isEmpty && names[peeked].count < Self.maxPathBytes,
                   slot.outstanding.reduce(requestBytes(peeked), { $0 + requestBytes($1) }) > Int(PIPE_BUF) { break }
                guard let index = nextIndex() else { break }
                guard names[index].count < Self.maxPathBytes else {
                    // The kernel refuses such a name (ENAMETOOLONG), as reading it in process
                    // does; it is not sent to a worker.
                    completeWithError(index, .opening(SystemCallError(call: "open", code: ENAMETOOLONG)), seconds: 0)
                    continue
                }
                if slot.outstanding.isEmpty { slot.headBegins() }
                slot.outstanding.append(index)
                if (try? OpenFile(rawValue: slot.process.requests).writeAllBlockingSIGPIPE(WorkerProtocol.request(names[index]))) == nil { break }  // it died: seen on read
            }
            slots[i] = slot
        }
    }

    /// Reads what worker `i` has written; completes each whole response; handles its death.
    private func drain(_ i: Int) {
        guard var slot = slots[i] else { return }
        slots[i] = nil  // the slot's buffer is filled in place: no second reference may hold it
        var ended = false, arrived = 0
        while true {
            // Read straight into the buffer, after what it holds: no intermediate chunk.
            let room = 1 << 16
            if slot.buffer.count - slot.filled < room { slot.buffer.append(contentsOf: repeatElement(0, count: max(room, slot.buffer.count))) }
            let filled = slot.filled, responses = OpenFile(rawValue: slot.process.responses)
            let result = slot.buffer.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemCallError) in try responses.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])) }
            }
            guard case .success(let n) = result else {
                if case .failure(let error) = result, error.code == EAGAIN || error.code == EWOULDBLOCK { break }
                ended = true
                break
            }
            if n > 0 { slot.filled += n; arrived += n; if n < room { break } else { continue } }
            ended = true
            break
        }
        if !slot.greeted {
            // The hello comes first: the worker's version, before any response.
            switch WorkerProtocol.parseHello(slot.buffer, from: slot.consumed, to: slot.filled) {
            case .hello(let version, let next) where version == PageInfoVersion.current:
                slot.greeted = true
                slot.consumed = next
            case .hello(let version, _):
                return refuse(slot, reported: version)
            case .notHello:
                return refuse(slot, reported: nil)
            case .incomplete:
                guard ended else { slots[i] = slot; return }
                // Gone before its hello. Exit 64 is how a worker refuses an argument it does not
                // know: a pageinfo from before the hello refuses --hello. Any other end (a signal,
                // another status) is the head file's, as it was before there was a hello.
                let status = slot.process.close()
                if status & 0x7F == 0, (status >> 8) & 0xFF == 64 { return refuse(slot, reported: nil, closed: true) }
                return failOutstanding(slot, status: status)
            }
        }
        var violation: String?
        parsing: while true {
            let response: WorkerProtocol.Response, next: Int
            switch WorkerProtocol.parseResponse(slot.buffer, from: slot.consumed, to: slot.filled) {
            case .incomplete: break parsing
            case .invalid(let why): violation = why; break parsing
            case .response(let r, let n): (response, next) = (r, n)
            }
            guard !slot.outstanding.isEmpty else { violation = "a response nobody asked for"; break }
            let index = slot.outstanding.removeFirst()
            slot.consumed = next
            slot.headBegins()
            slot.filesDone += 1
            // The one copy of the records in the coordinator: out of the pipe buffer.
            complete(BatchFile(index: index, name: names[index], status: response.status, error: response.error,
                               pageCount: response.pageCount, records: Array(response.payload),
                               message: String(decoding: response.message, as: UTF8.self), format: configuration.output.format))
        }
        if arrived > 0 && slot.consumed < slot.filled {
            // Part of the head file's response is here: the worker has read that file and is
            // writing its answer, as fast as this process reads the pipe. Its clock restarts
            // with every part, so a caller that paused between two next() calls (its output's
            // reader stalled) never turns a finished file into a timeout; a worker that stops
            // in the middle of an answer while this process listens is still stopped.
            slot.headStart = monotonicSeconds()
        }
        if slot.consumed > 0 && slot.consumed == slot.filled {
            slot.filled = 0
            slot.consumed = 0
        } else if slot.consumed > 1 << 20 {
            slot.buffer.removeFirst(slot.consumed)
            slot.filled -= slot.consumed
            slot.consumed = 0
        }
        if let violation {
            // A worker that breaks the protocol is stopped; nothing more it sends is believed.
            slot.process.kill()
            failOutstanding(slot, status: 0, error: FileError(code: .crashed, message: "the worker reading this file broke the protocol (\(violation)) and was stopped; nothing from this file is kept"))
            return
        }
        if ended {
            let status = slot.process.close()
            failOutstanding(slot, status: status)
            return
        }
        if slot.filesDone >= configuration.filesPerWorker { slot.retiring = true }
        if slot.filesDone % 64 == 1, let rss = slot.process.residentBytes() {
            if let base = slot.baseRSS { if rss - base > Self.recycleAfterGrowth { slot.retiring = true } } else { slot.baseRSS = rss }
        }
        slots[i] = slot
    }

    /// The worker of `slot` is not of this version: it is stopped, and so is the run (``next()``
    /// throws the refusal after this wait).
    private func refuse(_ slot: Slot, reported: String?, closed: Bool = false) {
        if !closed { slot.process.kill() }
        let worker = executable == "/proc/self/exe" ? Worker.runningExecutable() ?? executable : executable
        refusal = refusal ?? .workerVersion(worker: worker, reported: reported, needed: PageInfoVersion.current)
    }

    /// A worker died: the file it was reading gets its error record; the files queued behind it
    /// are handed out again.
    private func failOutstanding(_ slot: Slot, status: Int32, error given: FileError? = nil) {
        guard let head = slot.outstanding.first else { return }
        requeued.append(contentsOf: slot.outstanding.dropFirst().reversed())
        let signal = status & 0x7F
        let error: FileError
        if let given {
            error = given
        } else if signal != 0 && signal != 0x7F {
            error = FileError(code: .crashed, message: "the worker reading this file was killed by \(signalDescription(signal)); nothing from this file is kept")
        } else if (status >> 8) & 0xFF == WorkerProtocol.memoryExitStatus {
            error = FileError(code: .memory, message: "reading this file needed more than \(configuration.reader.wording.name(.maxMemory)) \(configuration.maxMemoryMiB) MiB; the worker was stopped")
        } else {
            error = FileError(code: .crashed, message: "the worker reading this file exited with status \((status >> 8) & 0xFF); nothing from this file is kept")
        }
        completeWithError(head, error, seconds: monotonicSeconds() - slot.headBegan)
    }

    private func checkTimeouts() {
        guard configuration.timeout > 0 else { return }
        let now = monotonicSeconds()
        for i in slots.indices {
            guard let slot = slots[i], !slot.outstanding.isEmpty, now - slot.headStart > configuration.timeout else { continue }
            slot.process.kill()
            slots[i] = nil
            requeued.append(contentsOf: slot.outstanding.dropFirst().reversed())
            completeWithError(slot.outstanding[0], FileError(code: .timeout, message: "reading this file took longer than \(configuration.reader.wording.name(.timeout)) \(formatCompact(configuration.timeout)) s; the worker was stopped"),
                              seconds: now - slot.headBegan)
        }
    }

    private func pollTimeoutMilliseconds() -> Int32 {
        var wait = max(0.001, configuration.tickInterval)
        if configuration.timeout > 0 {
            let now = monotonicSeconds()
            for slot in slots.compactMap({ $0 }) where !slot.outstanding.isEmpty {
                wait = min(wait, max(0.001, slot.headStart + configuration.timeout - now + 0.001))
            }
        }
        return Int32((wait * 1000).rounded(.up))
    }

    // MARK: - Completing files

    private func completeWithError(_ index: Int, _ error: FileError, seconds: Double) {
        var out = ByteWriter()
        // (The size as the in-process reader gives it: a regular file's, else none.)
        let bytes = FileSystem.regularFileSize(rawPath: names[index])
        fileRecord(&out, output: configuration.recordOutput, name: names[index], status: .failed, summary: nil, pageCount: 0, pageErrors: 0,
                   error: error, bytes: bytes, seconds: seconds)
        let message = configuration.sendsMessages ? "\(FileName(raw: names[index]).text): \(error.message)" : ""
        complete(BatchFile(index: index, name: names[index], status: .failed, error: error.code, pageCount: 0,
                           records: out.bytes, message: message, format: configuration.output.format))
    }

    private func complete(_ file: BatchFile) {
        completed += 1
        tally.add(status: file.status, error: file.error, pages: file.pageCount)
        guard configuration.ordered else {
            ready.append(file)
            return
        }
        finished[file.index] = file
        while let next = finished.removeValue(forKey: nextToDeliver) {
            ready.append(next)
            nextToDeliver += 1
        }
    }
}

