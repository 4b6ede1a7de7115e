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
    ///
    /// Every worker is started from one long-lived thread (``SpawnerThread``): a worker asks the
    /// kernel for SIGKILL when its parent *thread* exits (`PR_SET_PDEATHSIG`), so a worker started
    /// from a caller's short-lived thread would be killed with that thread.
    static func spawn(executable: String, arguments: [String]) throws(BatchError) -> WorkerProcess {
        try SpawnerThread.shared.run { () throws(BatchError) in try spawnHere(executable: executable, arguments: arguments) }
    }

    private static func spawnHere(executable: String, arguments: [String]) throws(BatchError) -> WorkerProcess {
        // Close-on-exec from the start (pipe2), so no worker inherits another's pipe (it would
        // keep it from seeing EOF), even one spawned by another thread in between.
        // The coordinator's end of the responses is non-blocking (the child never has it).
        let toChild: [Int32], fromChild: [Int32]
        do throws(SystemCallError) {
            let requests = try FileDescriptor.pipe()
            toChild = [requests.readEnd.rawValue, requests.writeEnd.rawValue]
            do throws(SystemCallError) {
                let responses = try FileDescriptor.pipe()
                fromChild = [responses.readEnd.rawValue, responses.writeEnd.rawValue]
                do { try responses.readEnd.setNonBlocking() } catch {
                    closeAll(fromChild)
                    throw error
                }
            } catch {
                closeAll(toChild)
                throw error
            }
        } catch {
            throw .workerStart(call: error.call, reason: error.reason)
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
        closeAll([toChild[0], fromChild[1]])
        guard rc == 0 else {
            closeAll([toChild[1], fromChild[0]])
            let error = SystemCallError(call: "posix_spawn", path: executable, code: rc)
            throw .workerStart(call: "posix_spawn \(executable)", reason: error.reason)
        }
        return WorkerProcess(pid: pid, requests: toChild[1], responses: fromChild[0])
    }

    /// Closes descriptors this process no longer needs (a failed close still releases them).
    private static func closeAll(_ descriptors: [Int32]) {
        for fd in descriptors { try? FileDescriptor(rawValue: fd).close() }
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
        Self.closeAll([requests, responses])
        // (Only a pid that is not our child fails: none to report.)
        return (try? ChildProcess.waitForExit(pid)) ?? 0
    }

    /// The worker's resident memory in bytes (from /proc/PID/statm), or nil.
    func residentBytes() -> Int? {
        guard let statm = try? FileDescriptor.readFile("/proc/\(pid)/statm", limit: 4096), !statm.isEmpty else { return nil }
        let fields = statm.split(separator: UInt8(ascii: " "))
        guard fields.count >= 2, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// The one thread that starts worker processes, for the life of the process. The kernel sends a
/// worker its `PR_SET_PDEATHSIG` signal when the thread that started it exits, not the process:
/// ``BatchRun/next()`` may be called from any thread (one at a time), and a worker started from a
/// thread that later ends would be killed in the middle of a file. Its signals are blocked, so
/// that SIGINT and SIGTERM still interrupt the caller's `poll`.
final class SpawnerThread: @unchecked Sendable {
    static let shared = SpawnerThread()

    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Held by the caller whose work is being done: one request at a time.
    private let turn = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var work: (() -> Void)?
    private var done = false
    /// Whether the thread runs (else work is done on the caller's thread, as before it existed).
    private var running = false

    private init() {
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        pthread_mutex_init(turn, nil)
        var all = sigset_t(), previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &previous)  // inherited by the new thread
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var thread = pthread_t()
        let me = Unmanaged.passRetained(self)
        running = pthread_create(&thread, nil, { argument in
            Unmanaged<SpawnerThread>.fromOpaque(argument!).takeUnretainedValue().serve()
            return nil
        }, me.toOpaque()) == 0
        if running { pthread_detach(thread) } else { me.release() }
    }

    /// Runs `body` on the spawner thread and returns what it returned or throws what it threw.
    func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        guard running else { return try body() }
        var result: Result<T, E>?
        withoutActuallyEscaping(body) { body in
            pthread_mutex_lock(turn)
            defer { pthread_mutex_unlock(turn) }
            pthread_mutex_lock(lock)
            work = { result = Result { () throws(E) in try body() } }
            done = false
            pthread_cond_broadcast(changed)
            while !done { pthread_cond_wait(changed, lock) }
            pthread_mutex_unlock(lock)
        }
        return try result!.get()
    }

    private func serve() {
        pthread_mutex_lock(lock)
        while true {
            while work == nil { pthread_cond_wait(changed, lock) }
            let next = work!
            work = nil
            pthread_mutex_unlock(lock)
            next()
            pthread_mutex_lock(lock)
            done = true
            pthread_cond_broadcast(changed)
        }
    }
}
