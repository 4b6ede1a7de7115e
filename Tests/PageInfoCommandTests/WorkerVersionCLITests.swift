// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `pageinfo pages --worker OLD` with a worker of another version, or one from before workers
/// said their version: exit 70 and one line naming the worker, the versions and what to do (it
/// used to read every file with the other version's reader, silently).
@Suite("batch mode refuses a worker of another version")
struct WorkerVersionCLITests {
    /// This pageinfo's version, from `pageinfo --version` (`pageinfo 0.1.0 (Poppler …)`).
    static func version() throws -> String {
        let line = try CLI.run(["--version"]).stdout
        return try #require(line.split(separator: " ").dropFirst().first.map(String.init), "\(line)")
    }

    /// A shell-script worker named `pageinfo` in a new scratch directory.
    static func script(_ body: String) throws -> (path: String, directory: String) {
        try scratchScript("worker-version", named: "pageinfo", body)
    }

    /// ``pages(worker:in:)`` stops before reading any file: exit 70, nothing on stdout, and
    /// `line` alone on stderr.
    static func expectRefused(worker: String, in dir: String, line: String) throws {
        let result = try pages(worker: worker, in: dir)
        #expect(result.status == 70)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == line + "\n")
    }

    /// `pages --files-from LIST --jobs 2 --worker worker` over two fixtures.
    static func pages(worker: String, in dir: String) throws -> CLI.Result {
        let list = dir + "/list"
        try (CLI.fixture("mixed.pdf") + "\n" + CLI.fixture("boxes.pdf") + "\n").write(toFile: list, atomically: true, encoding: .utf8)
        return try CLI.run(["pages", "--files-from", list, "--jobs", "2", "--no-progress", "--format", "jsonl", "--worker", worker])
    }

    @Test("a worker from before the hello (exit 64 on --hello, as pageinfo of e2cf27e): exit 70, one line, nothing on stdout",
          .timeLimit(.minutes(1)))
    func beforeTheHello() throws {
        let (worker, dir) = try Self.script("""
            for a in "$@"; do
                case "$a" in --hello|--library-wording) echo "pageinfo: worker: Unknown option '$a'" >&2; exit 64;; esac
            done
            cat > /dev/null
            """)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let version = try Self.version()
        try Self.expectRefused(worker: worker, in: dir, line: "pageinfo: the worker \(worker) did not say its version when asked (an older pageinfo, or no pageinfo worker); this is pageinfo \(version), which needs a worker of the same version: install pageinfo \(version) in its place, or name one with --worker")
    }

    @Test("a worker that says another version: exit 70, one line naming that version", .timeLimit(.minutes(1)))
    func anotherVersion() throws {
        // The hello (FF 'P' 'I' 'W', the length, the version) of a pageinfo 0.0.9.
        let (worker, dir) = try Self.script("printf '\\377PIW\\0050.0.9'\ncat > /dev/null\n")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let version = try Self.version()
        try Self.expectRefused(worker: worker, in: dir, line: "pageinfo: the worker \(worker) is pageinfo 0.0.9; this is pageinfo \(version), which needs a worker of the same version: install pageinfo \(version) in its place, or name one with --worker")
    }

    @Test("pageinfo worker --hello says its version first, even when it then refuses an argument; a worker of this version reads")
    func hello() throws {
        let version = try Self.version()
        // (0xFF is no UTF-8: the harness decodes it as U+FFFD.)
        let greeted = try CLI.run(["worker", "--hello", "--mode", "info"], stdin: "")
        #expect(greeted.status == 0 && greeted.stdout == "\u{FFFD}PIW" + String(UnicodeScalar(UInt8(version.utf8.count))) + version)
        let refused = try CLI.run(["worker", "--hello", "--max-memory", "10"], stdin: "")
        #expect(refused.status == 64 && refused.stdout == greeted.stdout)
        #expect(try CLI.run(["worker", "--mode", "info"], stdin: "").stdout.isEmpty, "no hello unless asked (the Spark job does not ask)")
        let dir = try makeScratchDirectory("worker-version")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try Self.pages(worker: CLI.testWorker.path, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.filter { $0.contains("\"record\":\"file\"") }.count == 2)
    }

    @Test("pages --require-version: another version exits 64 with one line naming both; this one reads as without it, in process and in batch mode")
    func requireVersion() throws {
        let version = try Self.version()
        let file = CLI.fixture("boxes.pdf")
        let refused = try CLI.run(["pages", "--require-version", "0.0.1", "--format", "jsonl", file])
        #expect(refused.status == 64 && refused.stdout.isEmpty)
        #expect(refused.stderrLines.count == 1 && refused.stderr.contains("--require-version 0.0.1: this is pageinfo \(version)"), "\(refused.stderr)")
        let refusedBatch = try CLI.run(["pages", "--require-version", "0.0.1", "--jobs", "2", "--no-progress", file])
        #expect(refusedBatch.status == 64 && refusedBatch.stdout.isEmpty)
        for batch in [[], ["--jobs", "2", "--no-progress"]] {
            let plain = try CLI.run(["pages", "--format", "columns"] + batch + [file])
            let required = try CLI.run(["pages", "--require-version", version, "--format", "columns"] + batch + [file])
            #expect(required.status == 0 && plain.status == 0)
            if batch.isEmpty { #expect(required.stdout == plain.stdout) }
            else { #expect(required.stdout.split(separator: "\n").count == plain.stdout.split(separator: "\n").count && !required.stdout.isEmpty) }
        }
    }
}
