// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// Runs the built `pageinfo` binary end to end, as users and scripts do.
///
/// The binary is looked up beside the test bundle (SwiftPM puts products and the test bundle
/// in the same folder), or at `$PAGEINFO_BIN` when set.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    // Paths and the corpus rule come from PageInfoTestSupport (`Paths`, `Corpus`, `.requiresCorpus`).
    static var packageRoot: URL { Paths.packageRoot }
    static var fixtures: URL { Paths.fixtures }
    static var corpus: URL { Paths.corpus }
    static func fixture(_ name: String) -> String { Paths.fixture(name) }
    static func corpusFile(_ name: String) -> String { Paths.corpusFile(name) }

    static var binary: URL {
        if let env = ProcessInfo.processInfo.environment["PAGEINFO_BIN"] { return URL(fileURLWithPath: env) }
        var dir = Bundle.main.bundleURL
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        for candidate in [dir, exe.deletingLastPathComponent(), exe.deletingLastPathComponent().deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("pageinfo")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            dir = candidate
        }
        // `swift test` on Linux: .build/<triple>/debug/pageinfoPackageTests.xctest
        return exe.deletingLastPathComponent().appendingPathComponent("pageinfo")
    }

    /// The tests' batch worker (`pageinfo-test-worker`: the library's worker loop with the crash,
    /// hang and memory hooks `pageinfo` does not have), beside the binary, or beside the debug
    /// build's test bundle when the binary is a release build without it.
    static var testWorker: URL {
        let beside = binary.deletingLastPathComponent().appendingPathComponent("pageinfo-test-worker")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        for dir in [Bundle.main.bundleURL, exe.deletingLastPathComponent(), exe.deletingLastPathComponent().deletingLastPathComponent()] {
            let url = dir.appendingPathComponent("pageinfo-test-worker")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return beside
    }

    /// Whether `environment` sets a test hook of ``testWorker`` (then batch runs must use it).
    static func setsHooks(_ environment: [String: String]) -> Bool {
        environment.keys.contains { $0.hasPrefix("PAGEINFO_TEST_") && $0.hasSuffix("_ON") }
    }

    /// Runs `pageinfo args…`, optionally feeding `stdin` and adding `environment` to this
    /// process's, and captures everything; with `stdoutPath` (e.g. `/dev/full`) its stdout is
    /// that file instead, and `stdout` is empty.
    static func run(_ args: [String], stdin: String? = nil, environment: [String: String] = [:],
                    stdoutPath: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = workerArguments(args, hooks: setsHooks(environment))
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe(), input = Pipe()
        if let stdoutPath {
            guard let file = FileHandle(forWritingAtPath: stdoutPath) else { throw CocoaError(.fileNoSuchFile) }
            process.standardOutput = file
            try? out.fileHandleForWriting.close()  // nothing writes to it: reading it ends at once
        } else {
            process.standardOutput = out
        }
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Feed stdin on its own queue while stdout and stderr are read, so input and output
        // larger than a pipe buffer cannot dead-lock (the child blocks writing stdout while we
        // block writing its stdin). A child that exits without reading all of stdin makes the
        // write fail with EPIPE, which is ignored.
        let group = DispatchGroup()
        let writer = input.fileHandleForWriting
        let inputData = stdin.map { Data($0.utf8) }
        group.enter()
        DispatchQueue.global().async {
            if let inputData { writeIgnoringSIGPIPE(inputData, to: writer) }
            try? writer.close()
            group.leave()
        }
        // Read both pipes concurrently so a large stdout cannot dead-lock on a full stderr pipe.
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Writes `data` to a pipe; if the reader has gone, the write fails with EPIPE instead of
    /// SIGPIPE killing the test process. SIGPIPE is blocked on this thread only (a process-wide
    /// SIG_IGN would be inherited by every child), and a pending one is consumed before the
    /// thread's signal mask is restored.
    private static func writeIgnoringSIGPIPE(_ data: Data, to handle: FileHandle) {
        var pipeSet = sigset_t(), oldMask = sigset_t()
        sigemptyset(&pipeSet)
        sigaddset(&pipeSet, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSet, &oldMask)
        defer { pthread_sigmask(SIG_SETMASK, &oldMask, nil) }
        do { try handle.write(contentsOf: data) } catch {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var zero = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeSet, nil, &zero)
            }
        }
    }

    /// `args` with the address space a sanitizer holds added to batch mode's worker limit.
    ///
    /// Under `make sanitize` (scripts/sanitize.sh), ASan reserves ~20 TiB of address space for its
    /// shadow before main, and a worker's `--max-memory` is an RLIMIT_AS: it would leave no room at
    /// all. The script measures what the sanitized binary holds at start and sets
    /// `PAGEINFO_TEST_ADDRESS_SPACE_MIB`; then `--max-memory M` (M ≥ 64) becomes M plus that, and a
    /// batch run without it gets the default (4096) plus that, so a worker still has exactly M MiB
    /// beyond what the sanitizer holds. Without the variable, `args` is unchanged.
    ///
    /// With `hooks` (the run's environment sets a PAGEINFO_TEST_*_ON hook), a batch run gets
    /// `--worker` ``testWorker``: the release `pageinfo` has no hooks.
    static func workerArguments(_ args: [String], hooks: Bool = false) -> [String] {
        guard let command = args.first, command == "pages" || command == "info" else { return args }
        var args = args
        let batchOptions: Set<String> = ["--files-from", "-r", "--recursive", "--jobs", "-j", "-o", "--output", "--timeout",
                                         "--resume", "--unordered", "-0", "--null"]
        let inBatchMode = args[..<(args.firstIndex(of: "--") ?? args.endIndex)].contains(where: batchOptions.contains)
            || !args.dropFirst().contains { !$0.hasPrefix("-") }
        if hooks && inBatchMode { args.insert(contentsOf: ["--worker", testWorker.path], at: 1) }
        guard let value = ProcessInfo.processInfo.environment["PAGEINFO_TEST_ADDRESS_SPACE_MIB"], let held = Int(value) else { return args }
        let end = args.firstIndex(of: "--") ?? args.endIndex
        if let i = args[..<end].firstIndex(of: "--max-memory"), i + 1 < end {
            if let limit = Int(args[i + 1]), limit >= 64 { args[i + 1] = String(limit + held) }
            return args
        }
        if args[..<end].contains(where: batchOptions.contains) {
            args.insert(contentsOf: ["--max-memory", String(4096 + held)], at: 1)
        }
        return args
    }

    /// Parses stdout as JSON.
    static func json(_ result: Result) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: [.fragmentsAllowed])
    }
}
