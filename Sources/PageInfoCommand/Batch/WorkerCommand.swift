// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoOutput
import PageInfoPoppler

#if canImport(Glibc)
import Glibc
#endif

/// `pageinfo worker`: the child process batch mode reads files in (hidden from help).
///
/// It reads file names from stdin and answers each with one framed response on stdout
/// (``WorkerProtocol``). A PDF is read with the same code `pageinfo pages` uses in process
/// (``PopplerDocument`` and `PageListEncoder(format: .jsonl)`), so its records are what
/// `pageinfo pages --format jsonl FILE` prints.
struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Internal: the child process of batch mode (reads names on stdin, writes framed records).",
        shouldDisplay: false
    )

    enum Mode: String, ExpressibleByArgument { case pages, info }

    @Option var mode: Mode = .pages
    @Option(transform: { text in
        do { return try PageRangeList(text) } catch let error as PageRangeList.ParseError { throw ValidationError(error.description) }
    })
    var pages: PageRangeList?
    /// Address-space limit in MiB (0: none).
    @Option(name: .customLong("max-memory")) var maxMemory: Int = 0

    func run() throws {
        WorkerGuard.install(maxMemoryMiB: maxMemory)
        let ranges = pages
        guard let config = readFrame() else { return }
        let password: String? = config.first == 1 ? String(decoding: config.dropFirst(), as: UTF8.self) : nil
        let hooks = TestHooks()
        while let name = readFrame() {
            hooks.apply(name)
            let worker = FileReader(name: name, password: password, ranges: ranges, summaryOnly: mode == .info)
            let response = worker.read()
            guard writeAll(STDOUT_FILENO, response) == 0 else { return }
        }
    }

    private func readFrame() -> [UInt8]? {
        guard let header = readExactly(STDIN_FILENO, 4) else { return nil }
        let length = Int(WorkerProtocol.get32(header, 0))
        return length == 0 ? [] : readExactly(STDIN_FILENO, length)
    }
}

/// Reads one file in the worker and builds its framed response, with the same reader and
/// encoder as `pageinfo pages --format jsonl` (``DocumentReading``): the records are the ones the
/// in-process command prints.
struct FileReader {
    let name: [UInt8]
    let password: String?
    let ranges: PageRangeList?
    let summaryOnly: Bool

    func read() -> [UInt8] {
        let start = monotonicSeconds()
        func failed(_ error: FileError) -> [UInt8] {
            var out = ByteWriter()
            fileRecord(&out, name: name, status: .failed, summary: nil, pageCount: 0, pageErrors: 0, error: error,
                       bytes: nil, seconds: monotonicSeconds() - start)
            return WorkerProtocol.header(payloadLength: out.bytes.count, pageCount: 0, status: .failed, error: error.code) + out.bytes
        }

        // Open the name ourselves (raw bytes, any encoding), then let Poppler read the open file.
        if name.contains(0) {
            return failed(FileError(code: .unreadable, message: "cannot read the file: the name contains a NUL byte"))
        }
        let fd = cPath(name) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        if fd < 0 {
            let e = errno
            return failed(e == ENOENT || e == ENOTDIR
                ? FileError(code: .notFound, message: "no such file")
                : FileError(code: .unreadable, message: "cannot read the file: \(String(cString: strerror(e)))"))
        }
        defer { close(fd) }
        var st = stat()
        fstat(fd, &st)
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return failed(FileError(code: .unreadable, message: "cannot read the file: it is a directory"))
        default: return failed(FileError(code: .unreadable, message: "cannot read the file: not a regular file"))
        }

        // The records name the file as given: a name that is not valid UTF-8 is written with its
        // exact bytes (\udcXX) wherever its repaired spelling occurs in a JSON string.
        let fileName = FileName(raw: name)
        var encoder = PageListEncoder(format: .jsonl, includesPages: !summaryOnly, out: ByteWriter())
        if !fileName.isValidUTF8 { encoder.out.exactFileName = fileName }
        let reading = DocumentReading(password: password, ranges: ranges, withPages: !summaryOnly, measuresTime: true)
        let result = reading.read("/proc/self/fd/\(fd)", name: fileName.text, into: &encoder)
        let payload = encoder.out.bytes
        let status = FileStatus(rawValue: result.outcome.status.rawValue) ?? .failed
        let code = result.outcome.error.flatMap { FileErrorCode(rawValue: $0.code) }
        return WorkerProtocol.header(payloadLength: payload.count, pageCount: result.outcome.pageCount, status: status,
                                     error: status == .failed ? (code ?? .damaged) : code) + payload
    }
}

/// Test-only hooks, honoured by the worker alone: `PAGEINFO_TEST_CRASH_ON`, `PAGEINFO_TEST_HANG_ON`
/// and `PAGEINFO_TEST_ALLOC_ON` hold a substring of a file name; reading a file whose name
/// contains it crashes the worker (SIGSEGV), hangs it, or makes it allocate without bound.
struct TestHooks {
    let crash = TestHooks.env("PAGEINFO_TEST_CRASH_ON")
    let hang = TestHooks.env("PAGEINFO_TEST_HANG_ON")
    let alloc = TestHooks.env("PAGEINFO_TEST_ALLOC_ON")

    static func env(_ key: String) -> [UInt8]? {
        guard let v = getenv(key), v.pointee != 0 else { return nil }
        return Array(String(cString: v).utf8)
    }

    func apply(_ name: [UInt8]) {
        func matches(_ s: [UInt8]?) -> Bool {
            guard let s, name.count >= s.count else { return false }
            return (0...(name.count - s.count)).contains { name[$0..<$0 + s.count].elementsEqual(s) }
        }
        if matches(crash) { raise(SIGSEGV) }
        if matches(hang) { while true { sleep(1000) } }
        if matches(alloc) {
            var blocks: [[UInt8]] = []
            while true { blocks.append([UInt8](repeating: 1, count: 16 << 20)) }
        }
    }
}

/// Process-level set-up of a worker: no core files, an address-space limit, a report of
/// "out of memory" through the exit status, and an exit when the coordinator is gone.
enum WorkerGuard {
    nonisolated(unsafe) static var memoryLimit: Int = 0
    /// An eighth of the room the limit left above the address space in use when it was set: a
    /// crash with less than this still free is out of memory. (An eighth of the whole limit
    /// assumed a small start; a sanitized worker starts with ~20 TiB reserved, and every crash
    /// read as out of memory.)
    nonisolated(unsafe) static var probeSize: Int = 0

    /// The address space in use (the first field of /proc/self/statm, in pages), in bytes.
    static func addressSpaceInUse() -> Int {
        let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = read(fd, &buffer, buffer.count)
        var pages = 0
        for byte in buffer.prefix(max(n, 0)) {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            pages = pages * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    static func install(maxMemoryMiB: Int) {
        var core = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &core)
        if maxMemoryMiB > 0 {
            memoryLimit = maxMemoryMiB << 20
            probeSize = max(memoryLimit - addressSpaceInUse(), 1 << 16) / 8
            var limit = rlimit(rlim_cur: rlim_t(memoryLimit), rlim_max: rlim_t(memoryLimit))
            setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
        }
        // A handler on its own stack (a stack overflow must still reach it) that tells a crash
        // from running out of memory: the failed allocation left ENOMEM in errno, or the address
        // space is nearly used up. A crash is re-raised so the coordinator sees the signal.
        let stackSize = 1 << 16
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: stackSize, alignment: 16)
        stack.ss_size = stackSize
        sigaltstack(&stack, nil)
        for sig in [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGTRAP, SIGFPE] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                let err = errno
                if WorkerGuard.memoryLimit > 0 {
                    var nearLimit = err == ENOMEM
                    if !nearLimit {
                        let probe = mmap(nil, WorkerGuard.probeSize, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
                        if probe == MAP_FAILED { nearLimit = true } else { munmap(probe, WorkerGuard.probeSize) }
                    }
                    if nearLimit { _exit(WorkerProtocol.memoryExitStatus) }
                }
                signal(sig, SIG_DFL)
                raise(sig)
            }
            action.sa_flags = SA_ONSTACK
            sigaction(sig, &action, nil)
        }
        // Exit when the coordinator is gone (even while stuck in one file).
        watchedParent = getppid()
        var thread = pthread_t()
        pthread_create(&thread, nil, { _ in
            while true {
                sleep(1)
                if getppid() != watchedParent { _exit(0) }
            }
        }, nil)
    }
}

nonisolated(unsafe) private var watchedParent: pid_t = 0
