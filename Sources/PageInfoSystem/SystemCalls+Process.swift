// SPDX-License-Identifier: Apache-2.0
// The system-call layer's calls on processes: the environment, the clock, terminals, signals,
// resource limits, the crash handler of a batch worker, waiting on several descriptors, starting
// children (posix_spawn) and the one long-lived thread that starts them. `package` access: what
// the package's libraries and executables need, not a public API.
import Glibc
import SystemPackage

/// Seconds on the monotonic clock (`clock_gettime(CLOCK_MONOTONIC)`).
package func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The name of a signal for messages: `SIGSEGV (segmentation fault)` (the C library's text,
/// `strsignal`, in lower case).
package func signalDescription(_ signal: Int32) -> String {
    let names: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGILL: "SIGILL",
                                  SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP",
                                  SIGINT: "SIGINT", SIGPIPE: "SIGPIPE", SIGXCPU: "SIGXCPU"]
    let name = names[signal] ?? "signal \(signal)"
    if let text = strsignal(signal) { return "\(name) (\(String(cString: text).lowercased()))" }
    return name
}

/// The running process: its environment, ids, executable, the machine's processors and pages,
/// and the ways it ends.
package enum CurrentProcess {
    /// The value of the environment variable `name` (`getenv(3)`), or nil when it is not set.
    package static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// This process's id (`getpid(2)`).
    package static var id: pid_t { getpid() }

    /// The parent process's id (`getppid(2)`).
    package static var parentID: pid_t { getppid() }

    /// The path of the running executable (`/proc/self/exe` resolved with `readlink(2)`), or nil.
    package static var executablePath: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether this process may execute the file at `path` (`access(2)`, `X_OK`).
    package static func canExecute(_ path: String) -> Bool {
        access(path, X_OK) == 0
    }

    /// The processors online (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1.
    package static var onlineProcessors: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// The size of a memory page in bytes (`sysconf(_SC_PAGESIZE)`).
    package static var pageSize: Int { Int(sysconf(Int32(_SC_PAGESIZE))) }

    /// The resident memory of this process (`pid` nil) or of process `pid` in bytes: the second
    /// field of `/proc/PID/statm`, in pages; nil when it cannot be read.
    package static func residentBytes(of pid: pid_t? = nil) -> Int? {
        guard let statm = try? OpenFile.readFile("/proc/\(pid.map(String.init) ?? "self")/statm", limit: 4096), !statm.isEmpty else { return nil }
        let fields = statm.split(separator: UInt8(ascii: " "))
        guard fields.count >= 2, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * pageSize
    }

    /// The address space this process uses (the first field of `/proc/self/statm`, in pages)
    /// in bytes; 0 when it cannot be read.
    package static func addressSpaceInUse() -> Int {
        guard let statm = try? OpenFile.readFile("/proc/self/statm", limit: 4096) else { return 0 }
        var pages = 0
        for byte in statm {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            pages = pages * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return pages * pageSize
    }

    /// Flushes the C library's standard streams (`fflush(NULL)`: what `print` buffered).
    package static func flushStandardStreams() {
        fflush(nil)
    }

    /// Ends the process at once with `status` (`_exit(2)`): no exit handlers, no destructors.
    package static func exitImmediately(_ status: Int32) -> Never {
        _exit(status)
    }

    /// Ends the process with `status` after the exit handlers (`exit(3)`).
    package static func exit(_ status: Int32) -> Never {
        Glibc.exit(status)
    }

    /// Sends `signal` to this process (`raise(3)`).
    package static func raise(_ signal: Int32) {
        _ = Glibc.raise(signal)
    }

    /// Sleeps `seconds` (`sleep(3)`; a signal may end it early).
    package static func sleep(seconds: UInt32) {
        _ = Glibc.sleep(seconds)
    }

    /// Calls the C function `symbol` (of type `void (void)`) when the process has one
    /// (`dlsym(3)`), e.g. a sanitizer's entry point; false when there is none.
    @discardableResult
    package static func callIfPresent(_ symbol: String) -> Bool {
        guard let function = dlsym(UnsafeMutableRawPointer(bitPattern: 0), symbol) else { return false }
        unsafeBitCast(function, to: (@convention(c) () -> Void).self)()
        return true
    }
}

extension OpenFile {
    /// Whether the descriptor is a terminal (`isatty(3)`).
    package var isTerminal: Bool { isatty(rawValue) == 1 }

    /// ``writeAll(_:)-([UInt8])`` to a pipe whose reader may be gone, without a signal handler:
    /// `SIGPIPE` is blocked in the calling thread for the write (the signal a write raises goes to
    /// the writing thread), so the write fails with `EPIPE`, and the `SIGPIPE` it left pending is
    /// consumed before the thread's mask is restored. The process's dispositions are not touched.
    package func writeAllBlockingSIGPIPE(_ bytes: [UInt8]) throws(SystemCallError) {
        var pipeSet = sigset_t(), oldMask = sigset_t(), pending = sigset_t()
        sigemptyset(&pipeSet)
        sigaddset(&pipeSet, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSet, &oldMask)
        defer { pthread_sigmask(SIG_SETMASK, &oldMask, nil) }
        sigpending(&pending)
        let pendingBefore = sigismember(&pending, SIGPIPE) == 1
        do { try writeAll(bytes) } catch {
            if error.code == EPIPE, !pendingBefore {
                sigpending(&pending)
                if sigismember(&pending, SIGPIPE) == 1 {
                    var zero = timespec(tv_sec: 0, tv_nsec: 0)
                    _ = sigtimedwait(&pipeSet, nil, &zero)
                }
            }
            throw error
        }
    }
}

/// Signal dispositions.
package enum Signals {
    /// Unblocks `signals` in the calling thread (a parent may have started the process with them
    /// blocked: the mask survives exec) and installs `handler` for each, without `SA_RESTART`,
    /// so that a `poll` they interrupt returns at once.
    package static func handleInterrupting(_ signals: [Int32], with handler: @convention(c) (Int32) -> Void) {
        var set = sigset_t()
        sigemptyset(&set)
        for sig in signals { sigaddset(&set, sig) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for sig in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handler
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0  // no SA_RESTART: poll returns EINTR at once
            sigaction(sig, &action, nil)
        }
    }

    /// When `signal` has its default disposition, catches it with a handler that does nothing
    /// (`SA_RESTART`), so that, for SIGPIPE, a write to a pipe whose reader is gone fails with
    /// `EPIPE` instead of ending the process. Not `SIG_IGN`, which every program started later
    /// would inherit. It stays installed.
    package static func catchIfDefault(_ signal: Int32) {
        var current = sigaction()
        if sigaction(signal, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in }
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
    }
}

/// Resource limits of the running process (`setrlimit(2)`).
package enum ResourceLimits {
    /// No core files (`RLIMIT_CORE` 0).
    package static func disableCoreFiles() {
        var core = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &core)
    }

    /// At most `bytes` of address space (`RLIMIT_AS`): an allocation beyond fails.
    package static func limitAddressSpace(toBytes bytes: Int) {
        var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
    }

    /// Whether the process's address space is limited (`RLIMIT_AS`, as a batch worker's is):
    /// another thread's stack and malloc arena would count against it.
    package static var limitsAddressSpace: Bool {
        var limit = rlimit()
        return getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0 && limit.rlim_cur != rlim_t.max  // (RLIM_INFINITY)
    }
}

/// What ``startThread(stackBytes:_:)`` hands its thread.
private final class ThreadBody {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// Starts a thread that runs `body`, with every signal blocked in it but the ones a fault
/// raises in the thread that faulted (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP: the crash
/// handler must still see those): signals keep going to the caller's threads. `stackBytes`
/// sets its stack's size (nil: the default, 8 MiB). Returns the thread, joinable, or nil when
/// none could be started (`body` is then not run).
private func startThread(stackBytes: Int? = nil, _ body: @escaping () -> Void) -> pthread_t? {
    var all = sigset_t(), previous = sigset_t()
    sigfillset(&all)
    for synchronous in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP] { sigdelset(&all, synchronous) }
    pthread_sigmask(SIG_SETMASK, &all, &previous)  // inherited by the new thread
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    if let stackBytes { pthread_attr_setstacksize(&attributes, max(stackBytes, Int(PTHREAD_STACK_MIN))) }
    var thread = pthread_t()
    let work = Unmanaged.passRetained(ThreadBody(body))
    guard pthread_create(&thread, &attributes, { argument in
        Unmanaged<ThreadBody>.fromOpaque(argument!).takeRetainedValue().body()
        return nil
    }, work.toOpaque()) == 0 else {
        work.release()
        return nil
    }
    return thread
}

/// A handler of the crash signals (SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGTRAP, SIGFPE), on its
/// own stack (a stack overflow must still reach it), that tells a crash from running out of
/// memory under an address-space limit: the failed allocation left `ENOMEM` in errno, or less
/// than `probeSize` bytes of address space are left (an `mmap` of that size fails). Out of
/// memory ends the process with `memoryExitStatus`; a crash is re-raised with the default
/// disposition, so that the parent sees the signal.
package enum CrashHandler {
    nonisolated(unsafe) private static var memoryLimit = 0
    nonisolated(unsafe) private static var probeSize = 0
    nonisolated(unsafe) private static var memoryExitStatus: Int32 = 0

    /// Installs the handler; `memoryLimit` 0: no limit, every signal is a crash.
    package static func install(memoryLimit: Int, probeSize: Int, memoryExitStatus: Int32) {
        Self.memoryLimit = memoryLimit
        Self.probeSize = probeSize
        Self.memoryExitStatus = memoryExitStatus
        let stackSize = 1 << 16
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: stackSize, alignment: 16)
        stack.ss_size = stackSize
        sigaltstack(&stack, nil)
        for sig in [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGTRAP, SIGFPE] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                let err = errno
                if CrashHandler.memoryLimit > 0 {
                    var nearLimit = err == ENOMEM
                    if !nearLimit {
                        let probe = mmap(nil, CrashHandler.probeSize, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
                        if probe == MAP_FAILED { nearLimit = true } else { munmap(probe, CrashHandler.probeSize) }
                    }
                    if nearLimit { _exit(CrashHandler.memoryExitStatus) }
                }
                signal(sig, SIG_DFL)
                Glibc.raise(sig)
            }
            action.sa_flags = SA_ONSTACK
            sigaction(sig, &action, nil)
        }
    }
}

/// Waits on several descriptors at once (`poll(2)`, `POLLIN`): batch mode's coordinator, around
/// its workers' response pipes. The set is kept between waits (its storage is reused).
package struct ReadinessPoll {
    private var entries: [pollfd] = []

    package init() {}

    /// Empties the set, keeping its storage.
    package mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }

    /// Adds `file` to the set (its place is the number of files added before it).
    package mutating func add(_ file: OpenFile) {
        entries.append(pollfd(fd: file.rawValue, events: Int16(POLLIN), revents: 0))
    }

    /// Waits at most `timeoutMilliseconds` (negative: no limit) until a file of the set has
    /// something to read or was closed by its writer, and calls `body` with the place of each
    /// such file. Returns at once, calling nothing, when a signal interrupts the wait (`EINTR`:
    /// the caller may want to see it).
    ///
    /// - Throws: ``SystemCallError`` naming `poll` (`ENOMEM`, `EINVAL`).
    package mutating func wait(timeoutMilliseconds: Int32, _ body: (Int) -> Void) throws(SystemCallError) {
        let rc = poll(&entries, nfds_t(entries.count), timeoutMilliseconds)
        if rc < 0 {
            if errno == EINTR { return }
            throw SystemCallError(call: "poll", code: errno)
        }
        if rc > 0 {
            for (k, p) in entries.enumerated() where p.revents != 0 { body(k) }
        }
    }
}

extension ChildProcess {
    /// Starts `executable` with `posix_spawn(3)`: `arguments` (argv, its first the program's
    /// name), the environment of this process less the variables named in `removing` and plus
    /// the `NAME=VALUE` entries of `adding`; `standardInput` and `standardOutput` become its
    /// descriptors 0 and 1, standard error is `/dev/null` when `silencingStandardError`; the
    /// signals `defaultSignals` at their default dispositions, no signal blocked, and its own
    /// process group (a Ctrl-C on the terminal reaches this process alone). Returns its pid.
    ///
    /// - Throws: ``SystemCallError`` naming `posix_spawn` and `executable` (`ENOENT`, `EACCES`,
    ///   `ENOEXEC`).
    package static func spawn(_ executable: String, arguments: [String], standardInput: OpenFile, standardOutput: OpenFile,
                              silencingStandardError: Bool, defaultSignals: [Int32],
                              removing: [String], adding: [String]) throws(SystemCallError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput.rawValue, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput.rawValue, 1)
        if silencingStandardError {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var defaults = sigset_t(), empty = sigset_t()
        sigemptyset(&defaults); sigemptyset(&empty)
        for sig in defaultSignals { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setsigmask(&attr, &empty)
        posix_spawnattr_setpgroup(&attr, 0)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = arguments.map { strdup($0) } + [nil]
        let prefixes = removing.map { Array(($0 + "=").utf8CString.dropLast()) }
        var env: [UnsafeMutablePointer<CChar>?] = []
        var e = environ
        while let entry = e.pointee {
            if !prefixes.contains(where: { prefix in strncmp(entry, prefix, prefix.count) == 0 }) {
                env.append(strdup(entry))
            }
            e += 1
        }
        for entry in adding { env.append(strdup(entry)) }
        env.append(nil)
        defer { for p in argv { free(p) }; for p in env { free(p) } }

        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, &attr, argv, env)
        guard rc == 0 else { throw SystemCallError(call: "posix_spawn", path: executable, code: rc) }
        return pid
    }

    /// Sends `signal` to process `pid` (`kill(2)`); false when it could not be sent.
    @discardableResult
    package static func send(_ signal: Int32, to pid: pid_t) -> Bool {
        Glibc.kill(pid, signal) == 0
    }

    /// Whether process `pid` is gone (`kill(pid, 0)` fails with `ESRCH`).
    package static func isGone(_ pid: pid_t) -> Bool {
        Glibc.kill(pid, 0) == -1 && errno == ESRCH
    }

    /// Asks the kernel to send `signal` to this process when the thread that started it exits
    /// (`prctl(PR_SET_PDEATHSIG)`); false without `prctl`.
    @discardableResult
    package static func deliverOnParentDeath(_ signal: Int32) -> Bool {
        LinuxCalls.deliverOnParentDeath(signal) == 0
    }
}

/// The one thread that starts child processes, for the life of the process. The kernel sends a
/// child its `PR_SET_PDEATHSIG` signal when the thread that started it exits, not the process: a
/// child started from a caller's thread that later ends would be killed in the middle of its
/// work. Its signals are blocked, so that SIGINT and SIGTERM still interrupt the caller's `poll`.
package final class SpawnerThread: @unchecked Sendable {
    /// The thread (started on first use).
    package static let shared = SpawnerThread()

    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Held by the caller whose work is being done: one request at a time.
    private let turn = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var work: (() -> Void)?
    private var done = false
    /// Whether the thread runs (else work is done on the caller's thread).
    private var running = false

    private init() {
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        pthread_mutex_init(turn, nil)
        // (The thread holds this object for the life of the process.)
        if let thread = startThread({ [self] in serve() }) {
            running = true
            pthread_detach(thread)
        }
    }

    /// Runs `body` on the spawner thread and returns what it returned or throws what it threw.
    package func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
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

/// Work done on a thread of its own while the caller goes on: ``wait()`` joins it, and
/// ``isFinished`` says without waiting whether it is done. Each one is a thread (with a 1 MiB
/// stack), so a caller keeps few in flight (`--format columns` keeps one chunk). When no thread
/// can be started, the work is done at once, on the caller's thread. Signals keep going to the
/// caller's threads (``startThread(stackBytes:_:)``).
package final class BackgroundWork: @unchecked Sendable {
    private var thread: pthread_t?
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var finished = false  // under `lock`
    /// The work, let go once done (it may hold the owner: no cycle outlives the work).
    private var body: (@Sendable () -> Void)?

    /// The stack of the work's thread: enough for encoding records, a fraction of the default.
    private static let stackBytes = 1 << 20

    /// Starts `body` on a new thread (or runs it now when none can be started).
    package init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
        pthread_mutex_init(lock, nil)
        thread = startThread(stackBytes: Self.stackBytes) { [self] in run() }
        if thread == nil { run() }
    }

    private func run() {
        body?()
        body = nil
        pthread_mutex_lock(lock)
        finished = true
        pthread_mutex_unlock(lock)
    }

    /// Whether the work is done (then ``wait()`` returns at once).
    package var isFinished: Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return finished
    }

    /// Waits until the work is done; what it wrote is then visible to the caller.
    package func wait() {
        guard let thread else { return }
        pthread_join(thread, nil)
        self.thread = nil
    }

    deinit {
        // Never waited for: the thread ends on its own. (The thread holds this object until its
        // work is done, so this runs after the work, on the caller's thread or on that one.)
        if let thread { pthread_detach(thread) }
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }
}
