// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoOutput
import PageInfoReading
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// A running worker child (`pageinfo worker`): its pid and the two pipe ends the coordinator holds.
struct WorkerProcess {
    let pid: pid_t
    /// The coordinator writes requests here (the worker's stdin).
    let requests: Int32
    /// The coordinator reads responses here (the worker's stdout), non-blocking.
    let responses: Int32

    /// Starts `EXECUTABLE worker ARGS…` with posix_spawn, in its own process group (so a
    /// Ctrl-C on the terminal reaches the coordinator alone, which then stops the workers),
    /// SIGPIPE/SIGINT/SIGTERM at their defaults, stderr on /dev/null (Poppler and a crashing
    /// runtime print nothing; set `PAGEINFO_DEBUG_WORKERS=1` to see it), and the Swift
    /// backtracer off (a crash should end the process at once, not symbolicate).
    static func spawn(executable: String, arguments: [String]) throws(ExitFailure) -> WorkerProcess {
        // Close-on-exec from the start (pipe2), so no worker inherits another's pipe (it would
        // keep it from seeing EOF), even one spawned by another thread in between.
        let toChild: [Int32], fromChild: [Int32]
        do throws(SystemCallError) {
            let requests = try FileDescriptor.pipe()
            toChild = [requests.readEnd.rawValue, requests.writeEnd.rawValue]
            do throws(SystemCallError) {
                let responses = try FileDescriptor.pipe()
                fromChild = [responses.readEnd.rawValue, responses.writeEnd.rawValue]
            } catch {
                Glibc.close(toChild[0]); Glibc.close(toChild[1])
                throw error
            }
        } catch {
            throw ExitFailure("cannot start a worker process (pipe2): \(error.reason)", status: .softwareFailure)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        if getenv("PAGEINFO_DEBUG_WORKERS") == nil {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var defaults = sigset_t(), empty = sigset_t()
        sigemptyset(&defaults); sigemptyset(&empty)
        for sig in [SIGPIPE, SIGINT, SIGTERM] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setsigmask(&attr, &empty)
        posix_spawnattr_setpgroup(&attr, 0)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        // argv[0]: the program's name (`pageinfo` for /proc/self/exe, as ps shows it).
        let program = executable == "/proc/self/exe" ? "pageinfo" : String(executable.split(separator: "/").last ?? "pageinfo")
        let argv = ([program, "worker"] + arguments).map { strdup($0) } + [nil]
        var env: [UnsafeMutablePointer<CChar>?] = []
        var e = environ
        while let entry = e.pointee {
            if strncmp(entry, "SWIFT_BACKTRACE=", 16) != 0 && strncmp(entry, "\(Worker.coordinatorVariable)=", Worker.coordinatorVariable.utf8.count + 1) != 0 {
                env.append(strdup(entry))
            }
            e += 1
        }
        env.append(strdup("SWIFT_BACKTRACE=enable=no"))
        // Who the worker's parent must be: it exits at once if it is not (see Worker).
        env.append(strdup("\(Worker.coordinatorVariable)=\(getpid())"))
        env.append(nil)
        defer { for p in argv { free(p) }; for p in env { free(p) } }

        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, &attr, argv, env)
        Glibc.close(toChild[0]); Glibc.close(fromChild[1])
        guard rc == 0 else {
            Glibc.close(toChild[1]); Glibc.close(fromChild[0])
            errno = rc
            throw spawnFailure("posix_spawn \(executable)")
        }
        _ = fcntl(fromChild[0], F_SETFL, fcntl(fromChild[0], F_GETFL) | O_NONBLOCK)
        return WorkerProcess(pid: pid, requests: toChild[1], responses: fromChild[0])
    }

    private static func spawnFailure(_ what: String) -> ExitFailure {
        ExitFailure("cannot start a worker process (\(what)): \(SystemCallError.reason(for: errno))", status: .softwareFailure)
    }

    /// Kills the worker (SIGKILL), closes the pipes and reaps it; returns its wait status.
    @discardableResult
    func kill() -> Int32 {
        _ = Glibc.kill(pid, SIGKILL)
        return close()
    }

    /// Closes the pipes and waits for the worker to exit; returns its wait status.
    @discardableResult
    func close() -> Int32 {
        _ = Glibc.close(requests)
        _ = Glibc.close(responses)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// The worker's resident memory in bytes (from /proc/PID/statm), or nil.
    func residentBytes() -> Int? {
        guard let statm = try? FileDescriptor.readFile("/proc/\(pid)/statm", limit: 4096), !statm.isEmpty else { return nil }
        let fields = statm.split(separator: UInt8(ascii: " "))
        guard fields.count >= 2, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}


