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
    @Option var pages: String?
    /// Address-space limit in MiB (0: none).
    @Option(name: .customLong("max-memory")) var maxMemory: Int = 0

    func run() throws {
        WorkerGuard.install(maxMemoryMiB: maxMemory)
        let ranges = try pages.map { text in
            do { return try PageRangeList(text) } catch { throw ValidationError("--pages: \(error)") }
        }
        guard let config = readFrame() else { return }
        let password: String? = config.first == 1 ? String(decoding: config.dropFirst(), as: UTF8.self) : nil
        let hooks = TestHooks()
        while let name = readFrame() {
            hooks.apply(name)
            let worker = FileReader(name: name, password: password, ranges: ranges, summaryOnly: mode == .info)
            let response = worker.read()
            guard writeAll(STDOUT_FILENO, response) else { return }
        }
    }

    private func readFrame() -> [UInt8]? {
        guard let header = readExactly(STDIN_FILENO, 4) else { return nil }
        let length = Int(WorkerProtocol.get32(header, 0))
        return length == 0 ? [] : readExactly(STDIN_FILENO, length)
    }
}

/// Reads one file in the worker and builds its framed response.
struct FileReader {
    let name: [UInt8]
    let password: String?
    let ranges: PageRangeList?
    let summaryOnly: Bool

    func read() -> [UInt8] {
        let start = monotonicSeconds()
        let jsonName = jsonName(name)
        var out = ByteWriter()
        var bytes: Int?
        var pageCount = 0, pageErrors = 0
        var summary: DocumentSummary?
        var failure: FileError?
        func finish(_ status: FileStatus) -> [UInt8] {
            fileRecord(&out, name: jsonName, status: status, summary: summary, pageCount: pageCount,
                       pageErrors: pageErrors, error: failure, bytes: bytes, seconds: monotonicSeconds() - start)
            return WorkerProtocol.header(payloadLength: out.bytes.count, pageCount: pageCount, status: status,
                                         error: failure?.code) + out.bytes
        }

        // Open the name ourselves (raw bytes, any encoding), then let Poppler read the open file.
        if name.contains(0) {
            failure = FileError(code: .unreadable, message: "cannot read the file: the name contains a NUL byte")
            return finish(.failed)
        }
        let fd = cPath(name) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        if fd < 0 {
            let e = errno
            failure = e == ENOENT || e == ENOTDIR
                ? FileError(code: .notFound, message: "no such file")
                : FileError(code: .unreadable, message: "cannot read the file: \(String(cString: strerror(e)))")
            return finish(.failed)
        }
        defer { close(fd) }
        var st = stat()
        fstat(fd, &st)
        switch st.st_mode & S_IFMT {
        case S_IFREG: bytes = Int(st.st_size)
        case S_IFDIR:
            failure = FileError(code: .unreadable, message: "cannot read the file: it is a directory")
            return finish(.failed)
        default:
            failure = FileError(code: .unreadable, message: "cannot read the file: not a regular file")
            return finish(.failed)
        }

        let document: PopplerDocument
        do { document = try PopplerDocument(path: "/proc/self/fd/\(fd)", password: password) } catch {
            failure = FileError(code: FileErrorCode(error), message: Self.message(for: error))
            return finish(.failed)
        }
        // The encoder takes the name as a String; a name that is not valid UTF-8 is written
        // through a placeholder that is replaced by its escaped bytes below.
        let validUTF8 = String(validatingUTF8Bytes: name) != nil
        let placeholder = "\u{1}pageinfo-name\u{1}"
        let v = document.pdfVersion
        let s = DocumentSummary(file: validUTF8 ? String(decoding: name, as: UTF8.self) : placeholder,
                                pageCount: document.pageCount, pdfVersion: "\(v.major).\(v.minor)",
                                encrypted: document.isEncrypted, pageLayout: document.pageLayout,
                                direction: document.direction, hasPageLabels: document.hasPageLabels)
        summary = s
        pageCount = document.pageCount
        if summaryOnly { return finish(.ok) }

        let indexRanges: [Range<Int>]
        do { indexRanges = try ranges?.indexRanges(pageCount: document.pageCount) ?? [0..<document.pageCount] } catch {
            failure = FileError(code: .pageOutOfRange, message: "--pages: \(error.description)")
            return finish(.failed)
        }
        var encoder = PageListEncoder(format: .jsonl, out: ByteWriter())
        encoder.beginDocument(s)
        for range in indexRanges {
            var next = range.lowerBound
            while next < range.upperBound {
                do {
                    try document.forEachPage(in: next..<range.upperBound) { (page: PageInfo) throws(Never) in
                        encoder.page(page)
                        next = page.index + 1
                    }
                } catch {
                    switch error {
                    case .read(let e):
                        pageErrorRecord(&encoder.out, name: jsonName, index: next, message: Self.message(for: e))
                        pageErrors += 1
                        next += 1
                    }
                }
            }
        }
        encoder.endDocument()
        out.bytes = encoder.out.bytes
        if !validUTF8 { out.bytes = replacing(Array(jsonNameOf(placeholder)), with: jsonName, in: out.bytes) }
        return finish(pageErrors > 0 ? .partial : .ok)
    }

    private func jsonNameOf(_ s: String) -> [UInt8] {
        var w = ByteWriter()
        w.append(jsonString: s)
        return w.bytes
    }

    /// A file error's message without the file name (the record carries it).
    static func message(for error: PageInfoError) -> String {
        switch error {
        case .fileNotFound: "no such file"
        case .unreadable(_, let reason): "cannot read the file: \(reason)"
        case .notPDF: "not a PDF file (no %PDF- header)"
        case .malformed(_, let detail): "damaged PDF that Poppler cannot repair" + (detail.isEmpty ? "" : " (\(detail))")
        case .passwordRequired: "encrypted; give its user or owner password with --password"
        case .wrongPassword: "encrypted, and the password given is not its user or owner password"
        case .pageOutOfRange: error.description
        case .pageUnreadable(_, let index): "page \(index + 1) is listed in the page tree but cannot be loaded"
        }
    }
}

/// Replaces every occurrence of `pattern` in `bytes`.
func replacing(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
    guard !pattern.isEmpty, bytes.count >= pattern.count else { return bytes }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
        if bytes[i] == pattern[0], i + pattern.count <= bytes.count, bytes[i..<i + pattern.count].elementsEqual(pattern) {
            out += replacement
            i += pattern.count
        } else {
            out.append(bytes[i])
            i += 1
        }
    }
    return out
}

extension String {
    /// The string when `bytes` are valid UTF-8, else nil.
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        var i = 0
        while i < bytes.count {
            if bytes[i] < 0x80 { i += 1; continue }
            let n = validUTF8SequenceLength(bytes, at: i)
            if n == 0 { return nil }
            i += n
        }
        self = String(decoding: bytes, as: UTF8.self)
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

    static func install(maxMemoryMiB: Int) {
        var core = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &core)
        if maxMemoryMiB > 0 {
            memoryLimit = maxMemoryMiB << 20
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
                        let probe = mmap(nil, WorkerGuard.memoryLimit / 8, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
                        if probe == MAP_FAILED { nearLimit = true } else { munmap(probe, WorkerGuard.memoryLimit / 8) }
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
