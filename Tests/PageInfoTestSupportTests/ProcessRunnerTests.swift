// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The one process runner every test runs programs with: what it feeds, captures and reports,
/// on Debian's essential programs (sh, cat, head, yes, sleep, echo, pwd).
@Suite("ProcessRunner: the tests' one way to run a program")
struct ProcessRunnerTests {
    @Test("stdout, stderr and the exit status, each apart")
    func capture() throws {
        let r = try ProcessRunner.run("/bin/sh", arguments: ["-c", "printf out; printf err >&2; exit 3"])
        #expect(r.stdoutText == "out" && r.stderrText == "err")
        #expect(r.termination == .exit(3) && r.status == 3 && !r.timedOut)
        #expect(r.pid > 0)
    }

    /// Read one after the other, the stream not read fills its pipe (64 KiB) and the program
    /// blocks writing it while the test waits for the other to end.
    @Test("a megabyte on stderr before a megabyte on stdout: both whole, no dead-lock", .timeLimit(.minutes(1)))
    func largeOutputOnBothStreams() throws {
        let r = try ProcessRunner.run("/bin/sh", arguments: ["-c", "yes e | head -c 1000000 >&2; yes o | head -c 1000000"])
        #expect(r.termination == .exit(0))
        #expect(r.stderr.count == 1_000_000 && r.stdout.count == 1_000_000)
        #expect(r.stderr == Data(String(repeating: "e\n", count: 500_000).utf8))
        #expect(r.stdout == Data(String(repeating: "o\n", count: 500_000).utf8))
    }

    /// Written before the output is read, the input fills the pipe while the program blocks
    /// writing its output.
    @Test("stdin larger than a pipe holds comes back whole through cat, no dead-lock", .timeLimit(.minutes(1)))
    func largeInput() throws {
        var bytes = Data()
        for i in 0..<200_000 { bytes.append(UInt8(truncatingIfNeeded: i &* 31 &+ i >> 8)) }
        let r = try ProcessRunner.run("/bin/cat", stdin: .bytes(bytes))
        #expect(r.termination == .exit(0))
        #expect(r.stdout == bytes)
    }

    @Test("a program that exits without reading its stdin: the write fails quietly, this process lives on", .timeLimit(.minutes(1)))
    func inputNotRead() throws {
        let r = try ProcessRunner.run("/bin/true", stdin: .bytes(Data(repeating: 0x41, count: 1 << 20)))
        #expect(r.termination == .exit(0) && r.stdout.isEmpty)
        // The same from a live child that closes its stdin: the write throws EPIPE.
        let child = try ProcessRunner.start("/bin/sh", arguments: ["-c", "exec 0<&-; echo closed; exec sleep 30"], stdin: .open)
        #expect(child.nextLine(timeout: 20) == "closed")
        let error = #expect(throws: ProcessRunner.WriteFailure.self) { try child.write(Data(repeating: 0x41, count: 1 << 20)) }
        #expect(error?.code == EPIPE)
        child.signal(SIGKILL)
        #expect(child.wait().termination == .signal(SIGKILL))
    }

    @Test("stdin from a file is that file; the default stdin is empty")
    func inputFromFile() throws {
        let path = Paths.fixture("mixed.pdf")
        let r = try ProcessRunner.run("/bin/cat", stdin: .file(path))
        #expect(r.stdout == (try Data(contentsOf: URL(fileURLWithPath: path))))
        // stdin is the file itself, not a pipe: the shell's test -f sees a regular file.
        let kind = try ProcessRunner.run("/bin/sh", arguments: ["-c", "test -f /dev/stdin && echo file"], stdin: .file(path))
        #expect(kind.stdoutText == "file\n")
        let empty = try ProcessRunner.run("/bin/cat")
        #expect(empty.termination == .exit(0) && empty.stdout.isEmpty)
    }

    /// (SIGKILL: a child inherits the signal mask of the test's thread, which blocks SIGTERM,
    /// SIGINT and most others; see ``ProcessRunner``.)
    @Test("a signal that kills it: the signal, not an exit status")
    func killedBySignal() throws {
        let r = try ProcessRunner.run("/bin/sh", arguments: ["-c", "kill -KILL $$"])
        #expect(r.termination == .signal(SIGKILL) && r.status == -SIGKILL)
        #expect(r.termination.exitStatus == nil && "\(r.termination)" == "is killed by signal 9")
    }

    @Test("stdout to a file such as /dev/full; stderr to stdout; discarded")
    func destinations() throws {
        let full = try ProcessRunner.run("/bin/echo", arguments: ["x"], stdout: .file("/dev/full"))
        #expect(full.termination == .exit(1) && full.stdout.isEmpty)
        #expect(full.stderrText.contains("No space left on device"), "\(full.stderrText)")
        let merged = try ProcessRunner.run("/bin/sh", arguments: ["-c", "echo a; echo b >&2; echo c"], stderr: .standardOutput)
        #expect(merged.stdoutText == "a\nb\nc\n" && merged.stderr.isEmpty)
        let quiet = try ProcessRunner.run("/bin/sh", arguments: ["-c", "echo a; echo b >&2"], stdout: .discard, stderr: .discard)
        #expect(quiet.termination == .exit(0) && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        #expect(throws: ProcessRunner.OpenFailure.self) { try ProcessRunner.run("/bin/true", stdout: .file("/nonexistent/out")) }
    }

    @Test("environment changes (a nil removes a variable) and the working directory")
    func environmentAndDirectory() throws {
        let r = try ProcessRunner.run("/bin/sh", arguments: ["-c", #"echo "$PAGEINFO_RUNNER_A/${HOME-unset}/${PATH:+path}""#],
                                      environment: ["PAGEINFO_RUNNER_A": "1", "HOME": nil])
        #expect(r.stdoutText == "1/unset/path\n")
        let dir = try makeScratchDirectory("runner")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let pwd = try ProcessRunner.run("/bin/pwd", arguments: ["-P"], directory: dir)
        #expect(pwd.stdoutText == URL(fileURLWithPath: dir).resolvingSymlinksInPath().path + "\n")
    }

    @Test("a timeout kills it (SIGKILL) and says so")
    func timeout() throws {
        let start = Date()
        let r = try ProcessRunner.run("/bin/sleep", arguments: ["30"], timeout: 0.5)
        #expect(r.timedOut && r.termination == .signal(SIGKILL))
        #expect(Date().timeIntervalSince(start) < 10)
        let quick = try ProcessRunner.run("/bin/true", timeout: 30)
        #expect(!quick.timedOut && quick.termination == .exit(0))
    }

    @Test("a timeout kills the processes it started too: a grandchild holding stdout open does not keep the wait going")
    func timeoutKillsTheTree() throws {
        let start = Date()
        // The shell starts a sleep that inherits stdout, prints its pid and waits for it.
        let r = try ProcessRunner.run("/bin/sh", arguments: ["-c", "sleep 60 & echo $!; wait"], timeout: 1)
        #expect(r.timedOut && r.termination == .signal(SIGKILL))
        #expect(Date().timeIntervalSince(start) < 30, "the wait ended when the sleep was killed, not after it")
        let grandchild = try #require(pid_t(r.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)))
        // (killed, it is gone or a zombie until init reaps it: either way no longer running)
        let state = (try? String(contentsOfFile: "/proc/\(grandchild)/stat", encoding: .utf8))?
            .split(separator: ")").last?.split(separator: " ").first
        #expect(state == nil || state == "Z", "the sleep is still running: \(state ?? "")")
    }

    @Test("a live child: lines answered while stdin stays open, waits with a deadline, then end of input", .timeLimit(.minutes(1)))
    func liveChild() throws {
        let child = try ProcessRunner.start("/bin/cat", stdin: .open)
        #expect(child.isRunning && child.pid > 0)
        for line in ["a", "b c"] {
            try child.write(Data((line + "\n").utf8))
            #expect(child.nextLine(timeout: 20) == line)
        }
        #expect(child.nextLine(timeout: 0.2) == nil, "no line while none is written")
        #expect(child.wait(timeout: 0.2) == nil && child.isRunning, "cat waits for its input")
        child.closeInput()
        child.closeInput()
        let r = child.wait()
        #expect(r.termination == .exit(0) && !child.isRunning)
        #expect(r.stdoutText == "a\nb c\n", "the result holds the lines read too")
        #expect(child.nextLine(timeout: 1) == nil, "stdout has ended")
    }

    @Test("a live child stopped by a signal the test sends")
    func signalSent() throws {
        let child = try ProcessRunner.start("/bin/sleep", arguments: ["30"])
        #expect(child.wait(timeout: 0.1) == nil)
        child.signal(SIGKILL)
        #expect(child.wait().termination == .signal(SIGKILL))
        child.signal(SIGKILL)  // (ended: nothing is sent)
    }

    @Test("a program that cannot start throws")
    func cannotStart() {
        #expect(throws: (any Error).self) { try ProcessRunner.run("/nonexistent/program") }
    }
}

/// `CLI`, the harness of the end-to-end tests, on what it adds to the runner.
@Suite("CLI: pageinfo through the runner")
struct CLIHarnessTests {
    @Test("the binary is the one built with the tests (or the one PAGEINFO_BIN names), and it runs")
    func binary() throws {
        #expect(FileManager.default.isExecutableFile(atPath: CLI.binary.path), "\(CLI.binary.path)")
        let version = try CLI.run(["--version"])
        #expect(version.termination == .exit(0) && version.stdout.hasPrefix("pageinfo ") && version.stderr.isEmpty, "\(version.stderr)")
        #expect(CLI.builtProduct("pageinfo-test-worker").map { FileManager.default.isExecutableFile(atPath: $0.path) } == true)
    }

    @Test("a hook in the environment sends a batch run to the test worker; other runs are left as they are")
    func hooks() {
        #expect(CLI.setsHooks(["PAGEINFO_TEST_CRASH_ON": "x"]) && !CLI.setsHooks(["PAGEINFO_PASSWORD": "x"]))
        if ProcessInfo.processInfo.environment["PAGEINFO_TEST_ADDRESS_SPACE_MIB"] == nil {
            #expect(CLI.workerArguments(["pages", "--jobs", "2", "a.pdf"], hooks: true) == ["pages", "--worker", CLI.testWorker.path, "--jobs", "2", "a.pdf"])
            #expect(CLI.workerArguments(["pages", "a.pdf"], hooks: true) == ["pages", "a.pdf"], "one file in process: no worker")
            #expect(CLI.workerArguments(["convert", "--jobs"], hooks: true) == ["convert", "--jobs"])
        }
    }

    @Test("stdout to a path: its stdout is that file (/dev/full: pageinfo fails with 74)")
    func stdoutPath() throws {
        let r = try CLI.run(["pages", CLI.fixture("mixed.pdf")], stdoutPath: "/dev/full")
        #expect(r.status == 74 && r.stdout.isEmpty && r.stderrLines.count == 1, "\(r.stderr)")
    }
}
