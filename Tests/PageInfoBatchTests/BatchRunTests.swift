// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageInfoSystem
import PageInfoEncoding
@testable import PageInfoBatch
import PageInfoReading
import PageInfoRecords
import PageInfoTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The tests' worker executable (`pageinfo-test-worker`), built beside the test bundle.
var testWorker: String { CLI.builtProduct("pageinfo-test-worker")?.path ?? "pageinfo-test-worker" }

/// The address space a sanitizer holds at start, in MiB (`PAGEINFO_TEST_ADDRESS_SPACE_MIB`, set
/// by `make sanitize`: ASan reserves ~20 TiB for its shadow, and a worker's memory limit is an
/// RLIMIT_AS), else 0. A worker limit of M MiB in these tests is M plus this, so a worker still
/// has M MiB beyond what the sanitizer holds (as `CLI.workerArguments` does for the CLI tests).
let sanitizerAddressSpaceMiB = Int(ProcessInfo.processInfo.environment["PAGEINFO_TEST_ADDRESS_SPACE_MIB"] ?? "") ?? 0

/// A batch configuration for these tests: the library's defaults, the worker memory limit
/// raised by ``sanitizerAddressSpaceMiB``.
func testConfiguration(jobs: Int, timeout: Double = BatchConfiguration.defaultTimeout, worker: String) -> BatchConfiguration {
    BatchConfiguration(jobs: jobs, timeout: timeout, maxMemoryMiB: BatchConfiguration.defaultMaxMemoryMiB + sanitizerAddressSpaceMiB,
                       worker: worker)
}

/// Runs a batch to its end on the calling thread; the files in input order.
func runToEnd(_ run: BatchRun) throws -> [BatchFile] {
    var files: [BatchFile] = []
    while let event = try run.next() { if case .file(let f) = event { files.append(f) } }
    return files
}

/// A worker that is a shell script (`#!/bin/sh` and `body`), in a new scratch directory named
/// after `label` (``scratchScript(_:named:_:)``): its path, and the directory to remove. A
/// script that stands for a worker of this version writes its hello first (``helloCommand(_:)``).
func scriptedWorker(_ label: String, _ body: String) throws -> (path: String, directory: String) {
    try scratchScript(label, named: "worker", body)
}

@Suite struct BatchRunTests {
    @Test("workers started while next() runs on a thread that then ends keep reading (PR_SET_PDEATHSIG is per thread)",
          .timeLimit(.minutes(2)))
    func workersOutliveTheCallingThread() throws {
        let names = Array(repeating: Array(Paths.fixture("mixed.pdf").utf8), count: 60)
        final class Shared: @unchecked Sendable {
            let run: BatchRun
            var first: [BatchFile] = []
            var failure: (any Error)?
            init(_ run: BatchRun) { self.run = run }
        }
        let shared = Shared(BatchRun(names: names, configuration: testConfiguration(jobs: 2, worker: testWorker)))
        // The first event (and so the workers' start) on a short-lived thread.
        let thread = Thread {
            do { if case .file(let f) = try shared.run.next() { shared.first.append(f) } } catch { shared.failure = error }
        }
        thread.start()
        while !thread.isFinished { usleep(10_000) }
        usleep(300_000)  // the thread is gone (a worker started from it would be killed now)
        #expect(shared.failure == nil)
        let files = try shared.first + runToEnd(shared.run)
        #expect(files.count == names.count)
        #expect(files.filter { $0.status != .ok }.map { "\($0.index): \($0.error?.rawValue ?? "")" } == [])
        // SIGPIPE is never ignored: the programs this process starts get it at its default.
        var current = sigaction()
        sigaction(SIGPIPE, nil, &current)
        #expect(current.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } != 1, "SIG_IGN")
    }

    @Test("a run installs no signal handler: SIGPIPE, SIGINT and SIGTERM keep their dispositions; workers that close their requests pipe and die are crashed files, not a SIGPIPE",
          .timeLimit(.minutes(1)))
    func noSignalHandlers() throws {
        func handlers() -> [Int] {
            [SIGPIPE, SIGINT, SIGTERM].map { sig in
                var action = sigaction()
                sigaction(sig, nil, &action)
                return action.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } ?? 0
            }
        }
        let before = handlers()
        let names = Array(repeating: Array(Paths.fixture("mixed.pdf").utf8), count: 4)
        let files = try runToEnd(BatchRun(names: names, configuration: testConfiguration(jobs: 2, worker: testWorker)))
        #expect(files.map(\.status) == Array(repeating: .ok, count: 4))
        #expect(handlers() == before)
        // Workers that close stdin (the coordinator's writes then fail with EPIPE) and exit.
        let (closer, dir) = try scriptedWorker("closer", """
            exec 0<&-
            sleep 0.1
            exit 3
            """)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let failed = try runToEnd(BatchRun(names: names, configuration: testConfiguration(jobs: 2, timeout: 20, worker: closer)))
        #expect(failed.count == 4 && failed.allSatisfy { $0.error == .crashed })
        #expect(handlers() == before)
    }

    @Test("a worker whose answer waits in the pipe while the caller pauses longer than --timeout is not timed out",
          .timeLimit(.minutes(1)))
    func pausedCallerIsNoTimeout() throws {
        // After 0.2 s, a header (payload 65,636 bytes = 0x10064, 0 pages, ok, no error, no
        // message) and 65,536 bytes of payload: the pipe's capacity, so the header's last bytes
        // wait until the coordinator reads. Once they are out, 0.5 s more for the last 100.
        let (worker, dir) = try scriptedWorker("paused", """
            \(helloCommand())
            sleep 0.2
            printf '\\144\\000\\001\\000\\000\\000\\000\\000\\000\\377\\000\\000'
            head -c 65536 /dev/zero | tr '\\000' a
            sleep 0.5
            head -c 100 /dev/zero | tr '\\000' b
            cat > /dev/null
            """)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var configuration = testConfiguration(jobs: 1, timeout: 1, worker: worker)
        configuration.tickInterval = 0.05
        let run = BatchRun(names: [Array(Paths.fixture("mixed.pdf").utf8)], configuration: configuration)
        // The first event starts the worker (nothing has arrived within 0.05 s). Then the caller
        // stops calling next() for three times the timeout, as it does while its output's reader
        // is stalled: the worker is blocked in its write all that time.
        var files: [BatchFile] = []
        if case .file(let f) = try run.next() { files.append(f) }
        usleep(3_000_000)
        files += try runToEnd(run)
        #expect(files.count == 1)
        #expect(files.first?.status == .ok, "\(files.first.map { String(decoding: $0.records.prefix(400), as: UTF8.self) } ?? "")")
        let expected = Array(repeating: UInt8(ascii: "a"), count: 65_536) + Array(repeating: UInt8(ascii: "b"), count: 100)
        #expect(files.first?.records.count == expected.count)
        #expect(files.first?.records == expected, "the whole answer, as the worker wrote it")
    }

    @Test("a worker that stops in the middle of its answer while the coordinator listens is still timed out",
          .timeLimit(.minutes(1)))
    func stalledAnswerIsTimedOut() throws {
        // A header claiming 200 bytes of payload, 50 of them, then nothing more.
        let (worker, dir) = try scriptedWorker("stalled", """
            \(helloCommand())
            printf '\\310\\000\\000\\000\\000\\000\\000\\000\\000\\377\\000\\000'
            head -c 50 /dev/zero | tr '\\000' a
            exec sleep 30
            """)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = BatchRun(names: [Array(Paths.fixture("mixed.pdf").utf8)], configuration: testConfiguration(jobs: 1, timeout: 0.5, worker: worker))
        let start = Date()
        let files = try runToEnd(run)
        #expect(files.count == 1)
        #expect(files.first?.error == .timeout)
        #expect(Date().timeIntervalSince(start) < 10, "stopped after the timeout, not when the worker gave up")
    }

    @Test("a file timed out after part of its answer: its seconds count from when it was started, not from the last part",
          .timeLimit(.minutes(1)))
    func timedOutSecondsFromStart() throws {
        // Three parts 0.4 s apart keep the 0.6 s clock from running out; then nothing: timed out
        // at about 1.2 + 0.6 s after the file was handed to the worker.
        let (worker, dir) = try scriptedWorker("trickle", """
            \(helloCommand())
            sleep 0.4; printf '\\310\\000\\000\\000\\000\\000\\000\\000\\000\\377\\000\\000'
            sleep 0.4; head -c 10 /dev/zero | tr '\\000' a
            sleep 0.4; head -c 10 /dev/zero | tr '\\000' a
            exec sleep 30
            """)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = BatchRun(names: [Array(Paths.fixture("mixed.pdf").utf8)], configuration: testConfiguration(jobs: 1, timeout: 0.6, worker: worker))
        let files = try runToEnd(run)
        #expect(files.count == 1 && files.first?.error == .timeout)
        let record = try JSONSerialization.jsonObject(with: Data(files.first?.records ?? [])) as? [String: Any]
        let seconds = try #require(record?["seconds"] as? Double, "\(String(describing: record))")
        // (The last part's clock alone would say about 0.6 s.)
        #expect(seconds >= 1.5, "\(seconds)")
    }

    @Test("a worker that claims a response larger than the protocol allows is stopped: its file is crashed, with the reason",
          .timeLimit(.minutes(1)))
    func lyingWorkerIsStopped() throws {
        // Answers the first request with a header claiming 4 GiB - 1 of payload, then waits
        // with its stdout open (the shell keeps it while cat reads the requests).
        let (liar, dir) = try scriptedWorker("liar", """
            \(helloCommand())
            printf '\\377\\377\\377\\377\\000\\000\\000\\000\\000\\377\\000\\000'
            cat > /dev/null
            """)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = BatchRun(names: [Array(Paths.fixture("mixed.pdf").utf8)],
                           configuration: testConfiguration(jobs: 1, timeout: 20, worker: liar))
        let start = Date()
        let files = try runToEnd(run)
        #expect(files.count == 1)
        #expect(files.first?.error == .crashed)
        let record = String(decoding: files.first?.records ?? [], as: UTF8.self)
        #expect(record.contains("broke the protocol"), "\(record)")
        #expect(Date().timeIntervalSince(start) < 10, "stopped at once, not after the timeout")
    }

    @Test("names too long for the kernel are refused as in process; long names never fill the requests pipe (no deadlock)",
          .timeLimit(.minutes(1)))
    func longNamesNeitherBlockNorAreSent() throws {
        // 100,000-byte names: a worker's failed record for each is longer than a pipe holds, and
        // two requests of that size used to block the coordinator while the worker blocked
        // writing its answer (the --timeout check never ran).
        let huge = (0..<3).map { Array(String(repeating: "x", count: 100_000).utf8) + [UInt8(ascii: "0") + UInt8($0)] }
        // Names just under PATH_MAX: sent one at a time (two would pass PIPE_BUF).
        let long = (0..<20).map { Array(("/nonexistent/" + String(repeating: "d", count: 4_000) + "/f\($0).pdf").utf8) }
        let run = BatchRun(names: huge + long, configuration: testConfiguration(jobs: 1, timeout: 5, worker: testWorker))
        let files = try runToEnd(run)
        #expect(files.count == 23)
        for file in files.prefix(3) {
            let record = String(decoding: file.records, as: UTF8.self)
            #expect(record.contains("\"code\":\"unreadable\"") && record.contains("cannot read the file: File name too long"))
        }
        for file in files.dropFirst(3) {
            #expect(String(decoding: file.records, as: UTF8.self).contains("\"code\":\"not-found\""))
        }
    }

    @Test("a worker given a name frame longer than the protocol allows stops without allocating it", .timeLimit(.minutes(1)))
    func oversizedRequestFrame() throws {
        // 512 MiB of address space: a 2 GiB frame could not even be allocated. Its stdin stays
        // open: it must stop on the frame, not at the end of its input.
        let process = try ProcessRunner.start(testWorker, arguments: ["worker", "--max-memory", String(512 + sanitizerAddressSpaceMiB)],
                                              stdin: .open, stdout: .discard)
        // The configuration (no password), then a name frame claiming 2 GiB - 1.
        try process.write(Data([1, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F]))
        let stopped = process.wait()
        process.closeInput()
        let stderr = stopped.stderrText
        #expect(stopped.termination == .exit(0), "\(stderr)")
        #expect(stderr.contains("more than the protocol's"))
    }

    @Test("a parsed header never claims more than the protocol's maximum; a worker refuses to send more")
    func frameCaps() throws {
        var header = [UInt8](repeating: 0, count: WorkerProtocol.headerSize)
        WorkerProtocol.put32(&header, 0, UInt32(WorkerProtocol.maxResponseBytes + 1))
        guard case .invalid(let why) = WorkerProtocol.parseResponse(header, from: 0) else {
            Issue.record("a 1 GiB + 1 response was not refused")
            return
        }
        #expect(why.contains("\(WorkerProtocol.maxResponseBytes + 1) bytes"))
        WorkerProtocol.put32(&header, 0, 5)
        guard case .incomplete = WorkerProtocol.parseResponse(header, from: 0) else {
            Issue.record("a short response is not incomplete")
            return
        }

        // Records longer than the limit: the file's response is a failed record saying so.
        let name = Array(Paths.fixture("mixed.pdf").utf8)
        let reader = FileReader(name: name, reading: DocumentReader(), output: BatchOutput(), responseLimit: 200)
        let response = reader.read()
        guard case .response(let parsed, _) = WorkerProtocol.parseResponse(response, from: 0) else {
            Issue.record("no response")
            return
        }
        #expect(parsed.status == .failed && parsed.error == .unreadable)
        #expect(String(decoding: parsed.payload, as: UTF8.self).contains("more than the 200 a response may hold"))
        let whole = FileReader(name: name, reading: DocumentReader(), output: BatchOutput()).read()
        guard case .response(let ok, _) = WorkerProtocol.parseResponse(whole, from: 0) else {
            Issue.record("no response")
            return
        }
        #expect(ok.status == .ok && ok.pageCount == 10)
    }
}

@Suite struct ResumeStateTests {
    static func record(_ name: String) -> String {
        "{\"record\":\"file\",\"file\":\"\(name)\",\"status\":\"ok\",\"pageCount\":3,\"error\":null}\n"
    }

    static func prepare(_ text: String, maxLineBytes: Int) throws -> (ResumeState, String) {
        let dir = try makeScratchDirectory("resume")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/out.jsonl"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let fd = try OpenFile.open(path, O_RDWR)
        defer { try? fd.close() }
        let state = try ResumeState.prepare(fd: fd.descriptor, maxLineBytes: maxLineBytes)
        return (state, try String(contentsOfFile: path, encoding: .utf8))
    }

    @Test("a line longer than the cap is no record: cut at the end, kept before a record; never held whole")
    func longLines() throws {
        let long = Self.record(String(repeating: "x", count: 500))
        // A last line longer than the cap, even a well-formed record, is cut like a broken one.
        let (cut, left) = try Self.prepare(Self.record("a.pdf") + long, maxLineBytes: 200)
        #expect(cut.done == [Array("a.pdf".utf8): 1])
        #expect(left == Self.record("a.pdf"))
        // Between two records it is a garbage line, kept as the file's bytes are.
        let garbage = String(repeating: "y", count: 1000) + "\n"
        let text = Self.record("a.pdf") + garbage + Self.record("b.pdf")
        let (both, kept) = try Self.prepare(text, maxLineBytes: 200)
        #expect(both.done == [Array("a.pdf".utf8): 1, Array("b.pdf".utf8): 1])
        #expect(both.tally.files == 2)
        #expect(kept == text)
        // With the default cap, the same long record counts.
        let (all, _) = try Self.prepare(Self.record("a.pdf") + long, maxLineBytes: ResumeState.maxLineBytes)
        #expect(all.done.count == 2)
    }

    /// Found by the `resume` harness (2026-11-27): a damaged line that starts as a page record
    /// and holds `"record":"file"` later was a file record to FileRecordFields (the last of the
    /// duplicated key counted) but a page record to the scan, so the harness counted 4 records
    /// where the tally had 3. The first `record` counts, as for every key JSONParser reads.
    @Test("a line whose first record key is page is no file record, whatever key follows")
    func duplicatedRecordKey() throws {
        let line = "{\"record\":\"page\",\"file\":\"a.pdf\",\"index\":0,\"record\":\"file\",\"status\":\"ok\",\"pageCount\":3}"
        #expect(FileRecordFields(Array(line.utf8)) == nil)
        let reversed = "{\"record\":\"file\",\"file\":\"a.pdf\",\"status\":\"ok\",\"pageCount\":3,\"record\":\"page\"}"
        #expect(FileRecordFields(Array(reversed.utf8))?.pageCount == 3)
        let (state, left) = try Self.prepare(Self.record("b.pdf") + line + "\n", maxLineBytes: ResumeState.maxLineBytes)
        #expect(state.tally.files == 1)
        #expect(left == Self.record("b.pdf"))
    }
}
