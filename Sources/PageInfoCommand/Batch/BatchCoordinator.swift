// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoReading
import ArgumentParser
import PageInfoOutput

#if canImport(Glibc)
import Glibc
import PageInfoRecords
#endif

/// Set by SIGINT/SIGTERM; the coordinator's loop stops the workers and exits.
nonisolated(unsafe) private var interruptSignal: Int32 = 0

/// The coordinating process of a batch: hands file names to worker processes, collects their
/// framed responses, writes each file's records with one write, in input order (or as they
/// finish), replaces workers that crash, hang or run out of memory, and never opens a PDF itself.
final class BatchCoordinator {
    struct Settings {
        var jobs: Int
        var ordered: Bool
        /// Seconds one file may take; 0 = no limit.
        var timeout: Double
        /// Worker address-space limit in MiB; 0 = no limit.
        var maxMemoryMiB: Int
        var workerArguments: [String]
        var password: String?
        /// The format the workers encode each file in, and the coordinator stitches.
        var output: BatchOutput
        var progress: Bool
        var outputFD: Int32
    }

    /// A worker is replaced after this many files (`PAGEINFO_TEST_RECYCLE_AFTER` lowers it in tests) ...
    static let recycleAfterFiles: Int = {
        if let v = getenv("PAGEINFO_TEST_RECYCLE_AFTER"), let n = Int(String(cString: v)), n > 0 { return n }
        return 10_000
    }()
    /// ... or when its resident memory has grown by this much since its first file.
    static let recycleAfterGrowth = 256 << 20
    /// Files handed to one worker before it answers (keeps it busy between two responses).
    static let pipelineDepth = 2
    /// In input order, at most this many files are read ahead of the first one not yet written.
    static let orderedWindow = 20_000

    private struct Slot {
        var process: WorkerProcess
        var buffer: [UInt8] = []
        var consumed = 0
        /// Input indexes handed to this worker, in the order it answers them.
        var outstanding: [Int] = []
        /// When the worker started on `outstanding[0]`.
        var headStart = 0.0
        var filesDone = 0
        var baseRSS: Int?
        var retiring = false
    }

    private let names: [[UInt8]]
    private let settings: Settings
    private var slots: [Slot?]
    private var requeued: [Int] = []          // indexes to hand out again (a worker died holding them)
    private var nextFresh = 0
    private var finished: [Int: (records: [UInt8], message: [UInt8])] = [:] // ordered mode: files waiting for their turn
    private var nextToWrite = 0
    private var completed = 0
    private(set) var tally = BatchTally()
    private var progress: BatchProgress
    private var writeError: Int32?
    /// Files whose records were written whole.
    private var written = 0
    /// Stitches the files' records into the formats that have more than records between files
    /// (json's array, csv's header, the table's blank lines); JSON lines are written as they come.
    private var assembler: PageListEncoder
    private var assembles: Bool { settings.output.format != .jsonl }
    let earlier: BatchTally?

    init(names: [[UInt8]], settings: Settings, earlier: BatchTally?) {
        self.names = names
        self.settings = settings
        self.earlier = earlier
        self.slots = Array(repeating: nil, count: max(1, min(settings.jobs, names.count)))
        self.progress = BatchProgress(enabled: settings.progress, total: names.count)
        self.assembler = settings.output.assemblingEncoder()
    }

    /// Runs the batch to the end (or to Ctrl-C); returns the exit code of the worst outcome.
    func run() throws -> ExitStatus {
        installSignalHandlers()
        defer { for i in slots.indices { slots[i]?.process.kill() } }
        if assembles {
            assembler.begin(documentCount: names.count)
            emitAssembled()
        }
        for i in slots.indices where !names.isEmpty { try startWorker(i) }
        var pollSet: [pollfd] = []
        while completed < names.count {
            if interruptSignal != 0 { return stopOnInterrupt() }
            if let writeError { return stopOnWriteError(writeError) }
            try dispatch()
            pollSet.removeAll(keepingCapacity: true)
            var slotOf: [Int] = []
            for (i, slot) in slots.enumerated() {
                if let slot { pollSet.append(pollfd(fd: slot.process.responses, events: Int16(POLLIN), revents: 0)); slotOf.append(i) }
            }
            let rc = poll(&pollSet, nfds_t(pollSet.count), pollTimeoutMilliseconds())
            if rc < 0 && errno != EINTR {
                throw CommandFailure("poll: \(String(cString: strerror(errno)))", code: ExitStatus.softwareFailure)
            }
            if rc > 0 {
                for (k, p) in pollSet.enumerated() where p.revents != 0 { try drain(slotOf[k]) }
            }
            try checkTimeouts()
            progress.update(tally)
        }
        for i in slots.indices { if let s = slots[i] { s.process.close(); slots[i] = nil } }
        if assembles {
            assembler.end()
            emitAssembled()
        }
        progress.update(tally, force: true)
        progress.clear()
        if let writeError { return stopOnWriteError(writeError) }
        writeText(progress.summary(tally, earlier: earlier) + "\n", to: STDERR_FILENO)
        return (earlier.map { $0 + tally } ?? tally).exitCode
    }

    // MARK: - Workers

    private func startWorker(_ i: Int) throws {
        let process = try WorkerProcess.spawn(arguments: settings.workerArguments)
        var config: [UInt8] = [0]
        if let password = settings.password { config = [1] + Array(password.utf8) }
        _ = writeAll(process.requests, WorkerProtocol.request(config))
        slots[i] = Slot(process: process)
    }

    private func nextIndex() -> Int? {
        if let i = requeued.popLast() { return i }
        guard nextFresh < names.count else { return nil }
        if settings.ordered && nextFresh >= nextToWrite + Self.orderedWindow { return nil }
        defer { nextFresh += 1 }
        return nextFresh
    }

    private func dispatch() throws {
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
            while slot.outstanding.count < Self.pipelineDepth, let index = nextIndex() {
                if slot.outstanding.isEmpty { slot.headStart = monotonicSeconds() }
                slot.outstanding.append(index)
                if writeAll(slot.process.requests, WorkerProtocol.request(names[index])) != 0 { break }  // it died: seen on read
            }
            slots[i] = slot
        }
    }

    /// Reads what worker `i` has written; completes each whole response; handles its death.
    private func drain(_ i: Int) throws {
        guard var slot = slots[i] else { return }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var ended = false
        while true {
            let n = chunk.withUnsafeMutableBytes { read(slot.process.responses, $0.baseAddress, $0.count) }
            if n > 0 { slot.buffer += chunk[0..<n]; if n < chunk.count { break } else { continue } }
            if n == 0 { ended = true; break }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { break }
            ended = true
            break
        }
        while let (response, next) = WorkerProtocol.parseResponse(slot.buffer, from: slot.consumed) {
            guard !slot.outstanding.isEmpty else { ended = true; break }  // a response nobody asked for
            let index = slot.outstanding.removeFirst()
            slot.consumed = next
            slot.headStart = monotonicSeconds()
            slot.filesDone += 1
            complete(index, status: response.status, error: response.error, pages: response.pageCount,
                     records: Array(response.payload), message: Array(response.message))
        }
        if slot.consumed > 0 && slot.consumed == slot.buffer.count {
            slot.buffer.removeAll(keepingCapacity: true)
            slot.consumed = 0
        } else if slot.consumed > 1 << 20 {
            slot.buffer.removeFirst(slot.consumed)
            slot.consumed = 0
        }
        if ended {
            let status = slot.process.close()
            slots[i] = nil
            failOutstanding(slot, status: status)
            return
        }
        if slot.filesDone >= Self.recycleAfterFiles { slot.retiring = true }
        if slot.filesDone % 64 == 1, let rss = slot.process.residentBytes() {
            if let base = slot.baseRSS { if rss - base > Self.recycleAfterGrowth { slot.retiring = true } } else { slot.baseRSS = rss }
        }
        slots[i] = slot
    }

    /// A worker died: the file it was reading gets its error record; the files queued behind it
    /// are handed out again.
    private func failOutstanding(_ slot: Slot, status: Int32) {
        guard let head = slot.outstanding.first else { return }
        requeued.append(contentsOf: slot.outstanding.dropFirst().reversed())
        let signal = status & 0x7F
        let error: FileError
        if signal != 0 && signal != 0x7F {
            error = FileError(code: .crashed, message: "the worker reading this file was killed by \(signalDescription(signal)); nothing from this file is kept")
        } else if (status >> 8) & 0xFF == WorkerProtocol.memoryExitStatus {
            error = FileError(code: .memory, message: "reading this file needed more than --max-memory \(settings.maxMemoryMiB) MiB; the worker was stopped")
        } else {
            error = FileError(code: .crashed, message: "the worker reading this file exited with status \((status >> 8) & 0xFF); nothing from this file is kept")
        }
        completeWithError(head, error, seconds: monotonicSeconds() - slot.headStart)
    }

    private func checkTimeouts() throws {
        guard settings.timeout > 0 else { return }
        let now = monotonicSeconds()
        for i in slots.indices {
            guard let slot = slots[i], !slot.outstanding.isEmpty, now - slot.headStart > settings.timeout else { continue }
            slot.process.kill()
            slots[i] = nil
            requeued.append(contentsOf: slot.outstanding.dropFirst().reversed())
            completeWithError(slot.outstanding[0], FileError(code: .timeout, message: "reading this file took longer than --timeout \(formatNumber(settings.timeout)) s; the worker was stopped"),
                              seconds: now - slot.headStart)
        }
    }

    private func pollTimeoutMilliseconds() -> Int32 {
        var wait = settings.progress ? 0.2 : 1.0
        if settings.timeout > 0 {
            let now = monotonicSeconds()
            for slot in slots.compactMap({ $0 }) where !slot.outstanding.isEmpty {
                wait = min(wait, max(0.001, slot.headStart + settings.timeout - now + 0.001))
            }
        }
        return Int32((wait * 1000).rounded(.up))
    }

    // MARK: - Output

    private func completeWithError(_ index: Int, _ error: FileError, seconds: Double) {
        var out = ByteWriter()
        var st = stat()
        let bytes: Int? = cPath(names[index]) { stat($0, &st) } == 0 ? Int(st.st_size) : nil
        fileRecord(&out, output: settings.output, name: names[index], status: .failed, summary: nil, pageCount: 0, pageErrors: 0,
                   error: error, bytes: bytes, seconds: seconds)
        let message = settings.output.format == .table ? Array("\(FileName(raw: names[index]).text): \(error.message)".utf8) : []
        complete(index, status: .failed, error: error.code, pages: 0, records: out.bytes, message: message)
    }

    private func complete(_ index: Int, status: FileStatus, error: FileErrorCode?, pages: Int, records: [UInt8], message: [UInt8] = []) {
        completed += 1
        tally.add(status: status, error: error, pages: pages)
        if !settings.ordered {
            emit(records, message: message)
            return
        }
        finished[index] = (records, message)
        while let next = finished.removeValue(forKey: nextToWrite) {
            emit(next.records, message: next.message)
            nextToWrite += 1
        }
    }

    /// One write per file, so a kill leaves whole files (and at most one cut file, which
    /// `--resume` removes).
    private func emit(_ records: [UInt8], message: [UInt8] = []) {
        guard writeError == nil else { return }
        if assembles {
            assembler.appendFragment(records)
            emitAssembled(countsAsFile: true)
            // The file's stderr line after its records, as `pages` prints it in process.
            if !message.isEmpty {
                progress.clear()
                reportFailure(String(decoding: message, as: UTF8.self))
            }
            return
        }
        let failure = writeAll(settings.outputFD, records)
        if failure == 0 { written += 1 } else { writeError = failure }
    }

    /// Writes what the assembler holds, in one write.
    private func emitAssembled(countsAsFile: Bool = false) {
        let bytes = assembler.out.bytes
        assembler.out.bytes = []
        guard writeError == nil else { return }
        let failure = bytes.isEmpty ? 0 : writeAll(settings.outputFD, bytes)
        if failure == 0 { if countsAsFile { written += 1 } } else { writeError = failure }
    }

    // MARK: - Stopping

    private func installSignalHandlers() {
        signal(SIGPIPE, SIG_IGN)
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

    private func killWorkers() {
        for i in slots.indices { if let s = slots[i] { s.process.kill(); slots[i] = nil } }
    }

    private func stopOnInterrupt() -> ExitStatus {
        killWorkers()
        progress.clear()
        let sig = interruptSignal
        reportFailure("interrupted (\(sig == SIGINT ? "Ctrl-C" : signalDescription(sig))) after \(written) of \(names.count) files; "
                      + (assembles ? "the \(settings.output.format.rawValue) output is incomplete; run the command again (only --format jsonl can be resumed)."
                                   : "the output is whole up to the last file written. Run the same command again with --resume (and the same -o FILE) to continue."))
        return sig == SIGINT ? .interrupted : .terminated
    }

    private func stopOnWriteError(_ code: Int32) -> ExitStatus {
        killWorkers()
        progress.clear()
        let rerun = assembles ? "rerun the command (only --format jsonl can be resumed)"
            : settings.outputFD == STDOUT_FILENO ? "rerun the command (with -o FILE, --resume can continue a run)"
            : "rerun with --resume (and the same -o FILE)"
        let advice = code == EPIPE ? "the reader of the output has gone"
            : code == ENOSPC || code == EDQUOT ? "free some space, then \(rerun)"
            : rerun
        reportFailure("cannot write the output: \(String(cString: strerror(code))); \(written) file\(written == 1 ? "" : "s") written whole before it; \(advice)")
        return .ioError
    }
}

/// A short number for messages: `60`, `0.5`.
func formatNumber(_ v: Double) -> String {
    var w = ByteWriter()
    w.append(number: v)
    return w.string
}
