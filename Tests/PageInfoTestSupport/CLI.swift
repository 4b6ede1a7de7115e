// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Runs the built `pageinfo` binary end to end, as users and scripts do, through
/// ``ProcessRunner``; any test target can.
///
/// The binary is looked up beside the test bundle (SwiftPM puts products and the test bundle
/// in the same folder), or at `$PAGEINFO_BIN` when set.
public enum CLI {
    /// What a run printed, as text, and how it ended.
    public struct Result: Sendable {
        /// The exit status, or minus the number of the signal that killed it
        /// (``ProcessRunner/Result/status``).
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// How it ended.
        public var termination: ProcessRunner.Termination

        public init(status: Int32, stdout: String, stderr: String) {
            self.init(status: status, stdout: stdout, stderr: stderr, termination: status < 0 ? .signal(-status) : .exit(status))
        }

        public init(status: Int32, stdout: String, stderr: String, termination: ProcessRunner.Termination) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
            self.termination = termination
        }

        /// The text result of a run of the runner.
        public init(_ run: ProcessRunner.Result) {
            self.init(status: run.status, stdout: run.stdoutText, stderr: run.stderrText, termination: run.termination)
        }

        public var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
        public var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    // Paths and the corpus rule are `Paths` and `Corpus`'s; these name them as the CLI tests do.
    public static var packageRoot: URL { Paths.packageRoot }
    public static var fixtures: URL { Paths.fixtures }
    public static var corpus: URL { Paths.corpus }
    public static func fixture(_ name: String) -> String { Paths.fixture(name) }
    public static func corpusFile(_ name: String) -> String { Paths.corpusFile(name) }

    /// The folders a product built with the tests may be in: the test bundle's, and beside and
    /// above the running executable (`swift test` on Linux runs
    /// `.build/<triple>/debug/pageinfoPackageTests.xctest`).
    private static var buildFolders: [URL] {
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return [Bundle.main.bundleURL, exe.deletingLastPathComponent(), exe.deletingLastPathComponent().deletingLastPathComponent()]
    }

    /// The executable `name` built with the tests (`pageinfo-test-worker`, `pageinfo`), when
    /// one of the build folders holds it.
    public static func builtProduct(_ name: String) -> URL? {
        buildFolders.map { $0.appendingPathComponent(name) }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The `pageinfo` binary: `$PAGEINFO_BIN`, or the one built with the tests.
    public static var binary: URL {
        if let env = ProcessInfo.processInfo.environment["PAGEINFO_BIN"] { return URL(fileURLWithPath: env) }
        return builtProduct("pageinfo")
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("pageinfo")
    }

    /// The tests' batch worker (`pageinfo-test-worker`: the library's worker loop with the crash,
    /// hang and memory hooks `pageinfo` does not have), beside the binary, or beside the debug
    /// build's test bundle when the binary is a release build without it.
    public static var testWorker: URL {
        let beside = binary.deletingLastPathComponent().appendingPathComponent("pageinfo-test-worker")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return builtProduct("pageinfo-test-worker") ?? beside
    }

    /// Whether `environment` sets a test hook of ``testWorker`` (then batch runs must use it).
    public static func setsHooks(_ environment: [String: String]) -> Bool {
        environment.keys.contains { $0.hasPrefix("PAGEINFO_TEST_") && $0.hasSuffix("_ON") }
    }

    /// Runs `pageinfo args…` (``workerArguments(_:hooks:)``), optionally feeding `stdin` and
    /// adding `environment` to this process's, in `directory` when given, and captures
    /// everything; with `stdoutPath` (e.g. `/dev/full`) its stdout is that file instead, and
    /// `stdout` is empty.
    public static func run(_ args: [String], stdin: String? = nil, environment: [String: String] = [:],
                           stdoutPath: String? = nil, directory: String? = nil) throws -> Result {
        let run = try ProcessRunner.run(binary.path, arguments: workerArguments(args, hooks: setsHooks(environment)),
                                        stdin: stdin.map { .bytes(Data($0.utf8)) } ?? .empty, environment: environment,
                                        directory: directory, stdout: stdoutPath.map { .file($0) } ?? .capture)
        return Result(run)
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
    public static func workerArguments(_ args: [String], hooks: Bool = false) -> [String] {
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
    public static func json(_ result: Result) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: [.fragmentsAllowed])
    }
}
