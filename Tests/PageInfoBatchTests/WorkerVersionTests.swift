// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
@testable import PageInfoBatch
import PageInfoRecords
import PageInfoTestSupport
import Testing

/// The shell command that writes a worker's hello saying `version` (``WorkerProtocol/hello(version:)``,
/// every byte in octal): what a scripted worker writes first to pass for a worker of that version.
func helloCommand(_ version: String = PageInfoVersion.current) -> String {
    "printf '" + WorkerProtocol.hello(version: version).map { String(format: "\\%03o", $0) }.joined() + "'"
}

/// A run speaks only with workers of its own version: each says its version first (its hello,
/// asked for with `--hello`), and a worker of another version, or one that says none (a
/// `pageinfo` from before the hello refuses `--hello` with exit 64), stops the run with
/// `BatchError.workerVersion`, whose message names the worker, the versions and what to do.
@Suite struct WorkerVersionTests {
    static let names = [Array(Paths.fixture("mixed.pdf").utf8), Array(Paths.fixture("boxes.pdf").utf8)]

    /// The error a run over ``names`` with `worker` throws, the files it gave before, and how long it took.
    static func refusal(_ worker: String, wording: Wording = .library) throws -> (error: BatchError?, files: Int, seconds: Double) {
        var configuration = testConfiguration(jobs: 2, timeout: 20, worker: worker)
        configuration.reader.wording = wording
        let run = BatchRun(names: names, configuration: configuration)
        let start = Date()
        var files = 0
        do {
            while let event = try run.next() { if case .file = event { files += 1 } }
        } catch {
            // Stopped: later calls end the run rather than start it again.
            #expect(try run.next() == nil)
            return (error, files, Date().timeIntervalSince(start))
        }
        return (nil, files, Date().timeIntervalSince(start))
    }

    @Test("a worker that says another version is refused: the error names the worker, the version it gave and the one needed",
          .timeLimit(.minutes(1)))
    func anotherVersion() throws {
        let (worker, dir) = try scriptedWorker("other-version", helloCommand("0.0.9") + "\ncat > /dev/null\n")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (error, files, seconds) = try Self.refusal(worker)
        let needed = PageInfoVersion.current
        #expect(error == .workerVersion(worker: worker, reported: "0.0.9", needed: needed))
        #expect(files == 0)
        #expect(seconds < 10, "refused at its hello, not after the timeout")
        #expect(error?.kind == .softwareFailure)
        #expect(error?.description == "the worker \(worker) is pageinfo 0.0.9; this is pageinfo \(needed), which needs a worker of the same version: install pageinfo \(needed) in its place, or name one with BatchConfiguration.worker")
        #expect(error?.message(.commandLine) == "the worker \(worker) is pageinfo 0.0.9; this is pageinfo \(needed), which needs a worker of the same version: install pageinfo \(needed) in its place, or name one with --worker")
    }

    @Test("a pageinfo from before the hello (exit 64 on an option it does not know) is refused as saying no version, in either wording",
          .timeLimit(.minutes(1)))
    func beforeTheHello() throws {
        // As `pageinfo worker` of commit e2cf27e answers --hello (and --library-wording).
        let (worker, dir) = try scriptedWorker("before-hello", """
            for a in "$@"; do
                case "$a" in --hello|--library-wording) echo "pageinfo: worker: Unknown option '$a'" >&2; exit 64;; esac
            done
            cat > /dev/null
            """)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let needed = PageInfoVersion.current
        for wording in Wording.allCases {
            let (error, files, seconds) = try Self.refusal(worker, wording: wording)
            #expect(error == .workerVersion(worker: worker, reported: nil, needed: needed), "\(wording)")
            #expect(files == 0 && seconds < 10)
        }
        let error = BatchError.workerVersion(worker: worker, reported: nil, needed: needed)
        #expect(error.description == "the worker \(worker) did not say its version when asked (an older pageinfo, or no pageinfo worker); this is pageinfo \(needed), which needs a worker of the same version: install pageinfo \(needed) in its place, or name one with BatchConfiguration.worker")
    }

    @Test("a worker that writes a response before any hello is refused as saying no version", .timeLimit(.minutes(1)))
    func responseFirst() throws {
        // A whole response (12-byte header: 1 byte of payload, ok) where the hello should be.
        let (worker, dir) = try scriptedWorker("response-first", """
            printf '\\001\\000\\000\\000\\000\\000\\000\\000\\000\\377\\000\\000x'
            cat > /dev/null
            """)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (error, files, _) = try Self.refusal(worker)
        #expect(error == .workerVersion(worker: worker, reported: nil, needed: PageInfoVersion.current))
        #expect(files == 0)
    }

    @Test("a worker of this version is greeted and reads; one that then refuses an argument is no version failure",
          .timeLimit(.minutes(1)))
    func thisVersion() throws {
        let files = try runToEnd(BatchRun(names: Self.names, configuration: testConfiguration(jobs: 2, worker: testWorker)))
        #expect(files.map(\.status) == [.ok, .ok])
        #expect(files.map(\.pageCount) == [10, 9])
        // --max-memory 10 is refused (exit 64) after the hello: the files are crashed, as before.
        var configuration = testConfiguration(jobs: 1, worker: testWorker)
        configuration.maxMemoryMiB = 10
        let refused = try runToEnd(BatchRun(names: Self.names, configuration: configuration))
        #expect(refused.map(\.error) == [.crashed, .crashed])
        let record = String(decoding: refused.first?.records ?? [], as: UTF8.self)
        #expect(record.contains("exited with status 64"), "\(record)")
    }

    @Test("the hello: magic, length, version; what is not one; as a response's length, more than the protocol allows")
    func helloBytes() {
        let hello = WorkerProtocol.hello(version: "0.1.0")
        #expect(hello == [0xFF, 0x50, 0x49, 0x57, 5] + Array("0.1.0".utf8))
        #expect(WorkerProtocol.parseHello(hello + [1, 2], from: 0, to: hello.count + 2) == .hello(version: "0.1.0", next: hello.count))
        for end in 0..<hello.count { #expect(WorkerProtocol.parseHello(hello, from: 0, to: end) == .incomplete, "\(end)") }
        #expect(WorkerProtocol.parseHello([0xFF, 0x50, 0x00], from: 0, to: 3) == .notHello)
        let response = WorkerProtocol.response(records: Array("{}\n".utf8), pageCount: 0, status: .ok, error: nil)
        #expect(WorkerProtocol.parseHello(response, from: 0, to: response.count) == .notHello)
        // A coordinator that asks for no hello stops a worker that sends one (no wait for 1.4 GB).
        guard case .invalid = WorkerProtocol.parseResponse(hello + [UInt8](repeating: 0, count: 12), from: 0) else {
            Issue.record("a hello read as a response is not refused")
            return
        }
    }

    /// (That the worker's parser reads these arguments back option for option is
    /// PageInfoWorkerCommandTests'; here the built worker takes them.)
    @Test("the coordinator asks every worker for its hello; the built worker takes the run's arguments, says its version and serves until its input ends")
    func helloArgument() throws {
        let configuration = testConfiguration(jobs: 1, worker: testWorker)
        let run = BatchRun(names: Self.names, configuration: configuration)
        #expect(run.workerArguments == [WorkerProtocol.helloArgument] + configuration.workerOptions.arguments)
        let worker = try ProcessRunner.run(testWorker, arguments: ["worker"] + run.workerArguments, timeout: 60)
        #expect(worker.termination == .exit(0) && worker.stderr.isEmpty, "\(worker.termination): \(worker.stderrText)")
        #expect(worker.stdout == Data(WorkerProtocol.hello()), "its hello, then nothing: no request came")
    }
}
