// SPDX-License-Identifier: Apache-2.0
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one way the tests run a program: ``run(_:arguments:stdin:environment:directory:stdout:stderr:timeout:)``
/// to its end, or ``start(_:arguments:stdin:environment:directory:stdout:stderr:)`` for a
/// ``Child`` a test talks to, signals or waits for with a deadline while it runs.
///
/// - Standard input is written on a thread of its own while the output is read, and stdout and
///   stderr are each read on a thread of their own as the program writes them: input and output
///   larger than a pipe holds cannot dead-lock (the program blocked writing stdout while the test
///   blocked writing its stdin, or reading the other stream).
/// - A program that exits without reading all of its input makes that write fail with `EPIPE`,
///   which is ignored: `SIGPIPE` is blocked on the writing thread only (a process-wide `SIG_IGN`
///   would be inherited by every child), and a pending one is consumed before the thread's mask
///   is restored.
/// - It spawns through Foundation's `Process`, as each test's own code did before there was one
///   runner, so what a child inherits is what it was: its process group, the descriptors
///   Foundation closes, and the signal mask of the thread that starts it, which for a Swift
///   Testing test blocks most asynchronous signals (SIGHUP, SIGINT, SIGTERM, SIGCHLD…; not
///   SIGPIPE, SIGKILL or the faults). A program that does not set its own mask ignores a SIGTERM
///   or SIGINT sent to it; `pageinfo` handles the signals it documents.
/// - How it ended is kept apart from the number: ``Termination/exit(_:)`` or
///   ``Termination/signal(_:)``; ``Result/status`` is the exit status, or the negated signal
///   number (never mistaken for an exit status).
public enum ProcessRunner {
    /// What the program reads as its standard input.
    public enum Input: Sendable {
        /// A pipe closed at once: the program reads end of file.
        case empty
        /// These bytes, then end of file (written while the output is read).
        case bytes(Data)
        /// The file at this path, opened for reading: the program's stdin *is* that file (a
        /// regular file or a device such as `/dev/zero`, seekable, with its identity), for a test
        /// whose program must see it so.
        case file(String)
        /// A pipe the test writes to while the program runs (``Child/write(_:)``), open until
        /// ``Child/closeInput()``.
        case open
    }

    /// Where the program's stdout or stderr goes.
    public enum Output: Sendable {
        /// A pipe read as the program writes: the bytes are in the ``Result``.
        case capture
        /// The file at this path, opened for writing and not truncated (`/dev/full`, a file the
        /// test made).
        case file(String)
        /// `/dev/null`.
        case discard
        /// For stderr only: where stdout goes (one stream of both, in the order written).
        case standardOutput
    }

    /// How a program ended.
    public enum Termination: Hashable, Sendable, CustomStringConvertible {
        /// It exited with this status.
        case exit(Int32)
        /// A signal killed it.
        case signal(Int32)

        /// The exit status, `nil` when a signal killed it.
        public var exitStatus: Int32? { if case .exit(let status) = self { status } else { nil } }

        /// `exits 3`, `is killed by signal 9`.
        public var description: String {
            switch self {
            case .exit(let status): "exits \(status)"
            case .signal(let signal): "is killed by signal \(signal)"
            }
        }
    }

    /// What a program did.
    public struct Result: Sendable {
        /// Its process id (no process has it once it was waited for).
        public var pid: pid_t
        /// How it ended.
        public var termination: Termination
        /// What it wrote to stdout, when captured (all of it, lines read with
        /// ``Child/nextLine(timeout:)`` included).
        public var stdout: Data
        /// What it wrote to stderr, when captured.
        public var stderr: Data
        /// Whether ``ProcessRunner/run(_:arguments:stdin:environment:directory:stdout:stderr:timeout:)``
        /// killed it (SIGKILL) at its timeout.
        public var timedOut: Bool

        /// The exit status, or minus the number of the signal that killed it.
        public var status: Int32 {
            switch termination {
            case .exit(let status): status
            case .signal(let signal): -signal
            }
        }

        /// stdout as UTF-8 (invalid bytes repaired).
        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        /// stderr as UTF-8 (invalid bytes repaired).
        public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// A file the runner could not open for the program.
    public struct OpenFailure: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "cannot open \(path) for the program: \(String(cString: strerror(errno)))" }
    }

    /// A write to the program's stdin that failed (it has exited, or closed its stdin).
    public struct WriteFailure: Error, CustomStringConvertible {
        public var code: Int32
        public var description: String { "writing the program's stdin: \(String(cString: strerror(code)))" }
    }

    /// Runs `executable` (a path) with `arguments` to its end.
    ///
    /// - Parameters:
    ///   - environment: changes to this process's environment (a `nil` value removes the
    ///     variable); with none, the program gets this process's environment.
    ///   - directory: its working directory; this process's when `nil`.
    ///   - timeout: seconds after which it and every process it started are killed (SIGKILL,
    ///     ``Child/killTree()``): the result says ``Result/timedOut``.
    /// - Throws: when it cannot be started, or a file of `stdin`, `stdout` or `stderr` cannot be opened.
    public static func run(_ executable: String, arguments: [String] = [], stdin: Input = .empty,
                           environment: [String: String?] = [:], directory: String? = nil,
                           stdout: Output = .capture, stderr: Output = .capture, timeout: Double? = nil) throws -> Result {
        let child = try Child(executable, arguments: arguments, stdin: stdin, environment: environment, directory: directory,
                              stdout: stdout, stderr: stderr)
        guard let timeout else { return child.wait() }
        if let result = child.wait(timeout: timeout) { return result }
        child.killTree()
        var result = child.wait()
        result.timedOut = true
        return result
    }

    /// Starts `executable` with `arguments` and returns at once; the parameters are
    /// ``run(_:arguments:stdin:environment:directory:stdout:stderr:timeout:)``'s.
    public static func start(_ executable: String, arguments: [String] = [], stdin: Input = .empty,
                             environment: [String: String?] = [:], directory: String? = nil,
                             stdout: Output = .capture, stderr: Output = .capture) throws -> Child {
        try Child(executable, arguments: arguments, stdin: stdin, environment: environment, directory: directory,
                  stdout: stdout, stderr: stderr)
    }

    /// A program started by ``ProcessRunner/start(_:arguments:stdin:environment:directory:stdout:stderr:)``,
    /// while it runs and once it has ended.
    public final class Child: @unchecked Sendable {
        /// Its process id.
        public let pid: pid_t
        private let process: Process
        /// Guards what follows; signalled when output arrives, a stream ends or the program exits.
        private let state = NSCondition()
        private var captured: [Data] = [Data(), Data()]
        private var streamsOpen = 0
        private var stdoutEnded = false
        /// Where ``nextLine(timeout:)`` is in the captured stdout.
        private var lineStart = 0
        /// The write end of an ``Input/open`` stdin, until ``closeInput()``.
        private var input: FileHandle?

        fileprivate init(_ executable: String, arguments: [String], stdin: Input, environment: [String: String?],
                         directory: String?, stdout: Output, stderr: Output) throws {
            if case .standardOutput = stdout { preconditionFailure("stdout cannot go where stdout goes") }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            if !environment.isEmpty {
                var merged = ProcessInfo.processInfo.environment
                for (name, value) in environment { merged[name] = value }
                process.environment = merged
            }
            if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }

            // Files opened here are the child's once it runs; the parent's copies are closed then.
            var opened: [FileHandle] = []
            func open(_ path: String, forWriting: Bool) throws -> FileHandle {
                guard let handle = forWriting ? FileHandle(forWritingAtPath: path) : FileHandle(forReadingAtPath: path) else {
                    throw OpenFailure(path: path)
                }
                opened.append(handle)
                return handle
            }
            defer { for handle in opened { try? handle.close() } }

            var inputPipe: Pipe?
            switch stdin {
            case .empty, .bytes, .open:
                let pipe = Pipe()
                inputPipe = pipe
                process.standardInput = pipe
            case .file(let path):
                process.standardInput = try open(path, forWriting: false)
            }
            var pipes: [Pipe?] = [nil, nil]
            func destination(_ output: Output, stream: Int) throws -> Any {
                switch output {
                case .capture:
                    let pipe = Pipe()
                    pipes[stream] = pipe
                    return pipe
                case .file(let path): return try open(path, forWriting: true)
                case .discard: return FileHandle.nullDevice
                case .standardOutput: return process.standardOutput as Any
                }
            }
            process.standardOutput = try destination(stdout, stream: 0)
            process.standardError = try destination(stderr, stream: 1)
            process.terminationHandler = { [state] _ in
                state.lock()
                state.broadcast()
                state.unlock()
            }

            self.process = process
            try process.run()
            pid = process.processIdentifier

            // (Foundation has closed the child's ends of the pipes in this process.)
            for (stream, pipe) in pipes.enumerated() {
                guard let pipe else { continue }
                streamsOpen += 1
                let reader = Thread { [self] in self.read(pipe.fileHandleForReading, stream: stream) }
                reader.start()
            }
            if case .bytes(let data) = stdin, let inputPipe {
                let writer = Thread {
                    _ = ProcessRunner.writeIgnoringSIGPIPE(data, to: inputPipe.fileHandleForWriting.fileDescriptor)
                    try? inputPipe.fileHandleForWriting.close()
                }
                writer.start()
            } else if case .open = stdin {
                input = inputPipe?.fileHandleForWriting
            } else {
                try? inputPipe?.fileHandleForWriting.close()
            }
        }

        /// Reads one captured stream to its end.
        private func read(_ handle: FileHandle, stream: Int) {
            let fd = handle.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                state.lock()
                captured[stream].append(contentsOf: buffer[0..<n])
                state.broadcast()
                state.unlock()
            }
            try? handle.close()
            state.lock()
            streamsOpen -= 1
            if stream == 0 { stdoutEnded = true }
            state.broadcast()
            state.unlock()
        }

        /// Whether it has not exited yet.
        public var isRunning: Bool { process.isRunning }

        /// Sends it `signal` (`SIGTERM`, `SIGINT`, `SIGKILL`…); nothing once it has exited.
        public func signal(_ signal: Int32) {
            guard process.isRunning else { return }
            _ = Glibc.kill(pid, signal)
        }

        /// Kills it and every process it started that is still running (SIGKILL): a program
        /// that timed out may have started others (a renderer, a worker) that would keep its
        /// output pipes open, and the wait for them, after it is gone. Each process is stopped
        /// (SIGSTOP) before its children are looked up in /proc, so none starts another unseen.
        public func killTree() {
            guard process.isRunning else { return }
            var found: [pid_t] = [], queue = [pid]
            while let next = queue.popLast(), found.count < 10_000 {
                guard Glibc.kill(next, SIGSTOP) == 0 else { continue }
                found.append(next)
                queue += Self.children(of: next).filter { !found.contains($0) }
            }
            for p in found { _ = Glibc.kill(p, SIGKILL) }
        }

        /// The processes whose parent is `parent`, from /proc/PID/stat (its fourth field).
        static func children(of parent: pid_t) -> [pid_t] {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
            return entries.compactMap { entry -> pid_t? in
                guard let p = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { return nil }
                // (after the command name in parentheses, which may hold spaces: state, then ppid)
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                return fields.count > 1 && pid_t(fields[1]) == parent ? p : nil
            }
        }

        /// Writes `data` to its stdin (``Input/open`` only).
        /// - Throws: ``WriteFailure`` when it has closed its stdin (`EPIPE`, without `SIGPIPE`).
        public func write(_ data: Data) throws {
            state.lock()
            let handle = input
            state.unlock()
            guard let handle else { preconditionFailure("write(_:) needs stdin .open, not closed yet") }
            let code = ProcessRunner.writeIgnoringSIGPIPE(data, to: handle.fileDescriptor)
            if code != 0 { throw WriteFailure(code: code) }
        }

        /// Closes its stdin (``Input/open``): it reads end of file. Closing it twice does nothing.
        public func closeInput() {
            state.lock()
            let handle = input
            input = nil
            state.unlock()
            try? handle?.close()
        }

        /// The next line it writes to stdout (``Output/capture``), without its newline; `nil`
        /// when none comes within `timeout` seconds or stdout ends first.
        public func nextLine(timeout: Double) -> String? {
            let deadline = Date().addingTimeInterval(timeout)
            state.lock()
            defer { state.unlock() }
            while true {
                let out = captured[0]
                if let newline = out[(out.startIndex + lineStart)...].firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: out[(out.startIndex + lineStart)..<newline], as: UTF8.self)
                    lineStart = newline - out.startIndex + 1
                    return line
                }
                if stdoutEnded || !state.wait(until: deadline) { return nil }
            }
        }

        /// Waits until it has exited and its captured streams have ended (a program's own
        /// children hold them open as long as they live); what it did.
        public func wait() -> Result {
            state.lock()
            defer { state.unlock() }
            // (The short waits also see an exit whose termination handler has not run yet.)
            while process.isRunning || streamsOpen > 0 { _ = state.wait(until: Date().addingTimeInterval(0.05)) }
            return result()
        }

        /// ``wait()`` for at most `timeout` seconds: `nil` when it is still running (or its
        /// streams are still open) then; it is not killed.
        public func wait(timeout: Double) -> Result? {
            let deadline = Date().addingTimeInterval(timeout)
            state.lock()
            defer { state.unlock() }
            while process.isRunning || streamsOpen > 0 {
                guard Date() < deadline else { return nil }
                _ = state.wait(until: min(deadline, Date().addingTimeInterval(0.05)))
            }
            return result()
        }

        /// (With `state` locked, once it has exited.)
        private func result() -> Result {
            let status = process.terminationStatus
            let termination: Termination = process.terminationReason == .exit ? .exit(status) : .signal(status)
            return Result(pid: pid, termination: termination, stdout: captured[0], stderr: captured[1], timedOut: false)
        }
    }

    /// Writes all of `data` to `fd`: 0, or the `errno` of the write that failed. A reader that
    /// has gone makes it fail with `EPIPE` instead of `SIGPIPE` killing the test process.
    fileprivate static func writeIgnoringSIGPIPE(_ data: Data, to fd: Int32) -> Int32 {
        var pipeSet = sigset_t(), oldMask = sigset_t()
        sigemptyset(&pipeSet)
        sigaddset(&pipeSet, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSet, &oldMask)
        defer { pthread_sigmask(SIG_SETMASK, &oldMask, nil) }
        let code: Int32 = data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return 0
        }
        if code == EPIPE {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var zero = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeSet, nil, &zero)
            }
        }
        return code
    }
}
