// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoReading
import ArgumentParser
import PageGeometry
import PageInfoOutput
import PageInfoPoppler

#if canImport(Glibc)
import Glibc
import PageInfoRecords
#endif

/// `pageinfo worker`: the child process batch mode reads files in (hidden from help).
///
/// It reads file names from stdin and answers each with one framed response on stdout
/// (``WorkerProtocol``). A PDF is read with the same code `pageinfo pages`/`info` use in process
/// (``DocumentReading``, with the same ranges, `--strict` and password) and encoded as one
/// fragment of the batch's format (``BatchOutput``), so the stitched output is what the
/// in-process command prints.
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
    /// The records' format and `--wide` (the coordinator stitches the files' records).
    @Option var format: PageListFormat = .jsonl
    @Flag var wide = false
    @Flag var strict = false
    /// Send each file's stderr line with its response (the table and text formats).
    @Flag var messages = false
    /// Address-space limit in MiB (0: none).
    @Option(name: .customLong("max-memory")) var maxMemory: Int = 0
    /// The largest file a bytes request may carry (``WorkerProtocol/maxRequestBytes`` at most).
    @Option(name: .customLong("max-request-bytes")) var maxRequestBytes: Int = WorkerProtocol.maxRequestBytes

    func run() throws {
        WorkerGuard.install(maxMemoryMiB: maxMemory)
        guard let config = readFrame() else { return }
        let password: String? = config.first == 1 ? String(decoding: config.dropFirst(), as: UTF8.self) : nil
        let reading = DocumentReader(password: password, ranges: pages, strict: strict, withPages: mode == .pages, measuresTime: true)
        let output = BatchOutput(format: format, wide: wide, includesPages: mode == .pages)
        let hooks = TestHooks()
        while let header = readExactly(STDIN_FILENO, 4) {
            let word = WorkerProtocol.get32(header, 0)
            var content: FileReader.Content?
            let name: [UInt8]
            if word & WorkerProtocol.bytesRequestFlag != 0 {
                guard let request = BytesRequest.read(length: Int(word & ~WorkerProtocol.bytesRequestFlag),
                                                             limit: min(maxRequestBytes, WorkerProtocol.maxRequestBytes)) else { return }
                (name, content) = request
            } else {
                guard let frame = word == 0 ? [] : readExactly(STDIN_FILENO, Int(word)) else { return }
                name = frame
            }
            hooks.apply(name)
            let worker = FileReader(name: name, reading: reading, output: output, sendsMessage: messages, content: content)
            let response = worker.read()
            if case .memory(let fd) = content { close(fd) }
            guard writeAll(STDOUT_FILENO, response) == 0 else { return }
        }
    }

    private func readFrame() -> [UInt8]? {
        guard let header = readExactly(STDIN_FILENO, 4) else { return nil }
        let length = Int(WorkerProtocol.get32(header, 0))
        return length == 0 ? [] : readExactly(STDIN_FILENO, length)
    }
}

/// The rest of a bytes request (``WorkerProtocol``) after its length word: the name, and the
/// content copied into an anonymous memory file, or skipped when it is too large.
enum BytesRequest {
    /// nil when stdin ends early or the frame is malformed (the coordinator is gone or broken).
    static func read(length: Int, limit: Int) -> ([UInt8], FileReader.Content)? {
        guard length >= 4, let word = readExactly(STDIN_FILENO, 4) else { return nil }
        let nameLength = Int(WorkerProtocol.get32(word, 0))
        guard nameLength <= length - 4, let name = nameLength == 0 ? [] : readExactly(STDIN_FILENO, nameLength) else { return nil }
        let size = length - 4 - nameLength
        var fd: Int32 = -1
        var failure: String?
        if size > limit {
            failure = "cannot read the file: its \(size) bytes are more than the \(limit) a worker accepts (--max-request-bytes)"
        } else {
            fd = LinuxCalls.memoryFile("pageinfo-request")
            if fd < 0 { failure = "cannot hold the file's bytes: memfd_create: \(String(cString: strerror(errno)))" }
        }
        // Copy (or skip) the content in 1 MiB chunks: the worker never holds a whole file in memory.
        var chunk = [UInt8](repeating: 0, count: min(size, 1 << 20))
        var left = size
        while left > 0 {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress!, min(left, $0.count)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { if fd >= 0 { close(fd) }; return nil }
            if fd >= 0, failure == nil {
                let e = chunk.withUnsafeBytes { writeAll(fd, UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                if e != 0 { failure = "cannot hold the file's bytes: \(String(cString: strerror(e)))" }
            }
            left -= n
        }
        if let failure {
            if fd >= 0 { close(fd) }
            return (name, .failed(FileError(code: .unreadable, message: failure), bytes: size))
        }
        return (name, .memory(fd))
    }
}

/// Reads one file in the worker and builds its framed response, with the same reader and
/// encoder as `pageinfo pages --format jsonl` (``DocumentReading``): the records are the ones the
/// in-process command prints.
struct FileReader {
    let name: [UInt8]
    /// How to read it: what `pages`/`info` were given (password, ranges, `--strict`).
    let reading: DocumentReader
    let output: BatchOutput
    /// Whether the response carries the file's stderr line (see ``WorkerProtocol``).
    var sendsMessage = false
    /// The file's bytes from a bytes request (the name is then only what the records call it).
    var content: Content? = nil

    enum Content {
        /// An anonymous memory file holding the bytes (closed by the caller).
        case memory(Int32)
        /// The bytes could not be held; the file's record says why.
        case failed(FileError, bytes: Int)
    }

    func read() -> [UInt8] {
        let start = monotonicSeconds()
        func failed(_ error: FileError, bytes: Int? = nil) -> [UInt8] {
            var out = ByteWriter()
            fileRecord(&out, output: output, name: name, status: .failed, summary: nil, pageCount: 0, pageErrors: 0, error: error,
                       bytes: bytes, seconds: monotonicSeconds() - start)
            let message = sendsMessage ? Array("\(FileName(raw: name).text): \(error.message)".utf8) : []
            return WorkerProtocol.response(records: out.bytes, pageCount: 0, status: .failed, error: error.code, message: message)
        }
        switch content {
        case .failed(let error, let bytes): return failed(error, bytes: bytes)
        case .memory(let fd): return read(fd: fd)
        case nil: break
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
        return read(fd: fd)
    }

    /// Reads the open regular file `fd` (a named file, or a bytes request's memory file).
    private func read(fd: Int32) -> [UInt8] {
        // The records name the file as given: a name that is not valid UTF-8 is written with its
        // exact bytes (\udcXX) wherever its repaired spelling occurs in a JSON string.
        let fileName = FileName(raw: name)
        var encoder = output.fragmentEncoder()
        if !fileName.isValidUTF8 { encoder.out.exactFileName = fileName }
        let result = reading.read(.fileDescriptor(fd, name: fileName.text), into: &encoder)
        let payload = encoder.out.bytes
        let status = FileStatus(rawValue: result.outcome.status.rawValue) ?? .failed
        let code = result.outcome.error.flatMap { FileErrorCode(rawValue: $0.code) }
        return WorkerProtocol.response(records: payload, pageCount: result.outcome.pageCount, status: status,
                                       error: status == .failed ? (code ?? .damaged) : code,
                                       message: sendsMessage ? Array((result.message ?? "").utf8) : [])
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
        // Die with the coordinator (even while stuck in one file): the kernel sends SIGKILL when
        // it exits. If it exited before the request took effect, we already have another parent.
        let parent = getppid()
        _ = LinuxCalls.deliverOnParentDeath(SIGKILL)  // (fails only without prctl: stdin's end still stops an idle worker)
        if getppid() != parent { _exit(0) }
    }
}

