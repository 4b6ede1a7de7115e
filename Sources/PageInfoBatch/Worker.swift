// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoGrammar
import PageInfoSystem
import PageInfoEncoding
import SystemPackage
import PageInfoPoppler
import PageInfoReading
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// What a batch worker does with each file: the reading options and output format of the
/// in-process command it stands for. The coordinator passes them as the worker's arguments
/// (``arguments``); `pageinfo worker` parses them back (with its argument parser) and calls
/// ``Worker/run(_:beforeEachFile:)``.
package struct WorkerOptions: Sendable, Hashable {
    /// Read geometry and labels (`pages`, `annotations`) or only the file records (`info`, `outline`).
    package var withPages: Bool
    /// Each page's annotations too (`annotations`; with ``withPages``).
    package var annotations: Bool
    /// The view each annotation record's `view` rectangles are for (`annotations --view`), or nil.
    package var view: Size?
    /// The document outline too (`outline`; without ``withPages``).
    package var outline: Bool
    /// The 1-based pages to read, or all.
    package var ranges: PageRangeList?
    /// The records' format (the coordinator stitches the files' records).
    package var format: PageListFormat
    /// Table format: every box in full.
    package var wide: Bool
    /// `--strict`: any page error or warning fails the file.
    package var strict: Bool
    /// Send each file's stderr line with its response (the table and text formats, whose
    /// records do not say why a file is not ok).
    package var messages: Bool
    /// The worker's address-space limit in MiB; 0: none. Otherwise within
    /// ``maxMemoryRange`` (`pageinfo worker` refuses anything else).
    package var maxMemoryMiB: Int
    /// The address-space limits a worker takes, in MiB: 64 MiB (below it a worker cannot start
    /// Poppler) to 2³⁰ MiB (1 PiB, past any machine's address space; the limit in bytes must fit
    /// a 64-bit integer).
    package static let maxMemoryRange = 64...(1 << 30)
    /// The largest file a bytes request may carry, in bytes (``WorkerProtocol/maxRequestBytes`` at most).
    package var maxRequestBytes: Int
    /// The bitmap each page record describes (`pages --dpi`, `--bitmap-size`), or nil.
    package var bitmap: BitmapRequest?
    /// The libraries whose frames each page record carries (`pages --frames`), or none.
    package var frames: [LibraryFrame]
    /// Whose words the worker's messages (the file records' `error.message`, the stderr lines)
    /// use for the settings they name: `pageinfo worker` words them as the CLI's options unless
    /// it is given `--library-wording` (``arguments`` gives it for `Wording.library`).
    package var wording: Wording

    /// Options with their defaults: `pages`, JSON lines, no limits, no bitmap, no frames, the
    /// library's wording.
    package init(withPages: Bool = true, ranges: PageRangeList? = nil, format: PageListFormat = .jsonl, wide: Bool = false,
                strict: Bool = false, messages: Bool = false, maxMemoryMiB: Int = 0,
                maxRequestBytes: Int = WorkerProtocol.maxRequestBytes, bitmap: BitmapRequest? = nil, frames: [LibraryFrame] = [],
                wording: Wording = .library, annotations: Bool = false, view: Size? = nil, outline: Bool = false) {
        self.annotations = annotations
        self.view = view
        self.outline = outline
        self.bitmap = bitmap
        self.frames = LibraryFrame.canonical(frames)
        self.withPages = withPages
        self.ranges = ranges
        self.format = format
        self.wide = wide
        self.strict = strict
        self.messages = messages
        self.maxMemoryMiB = maxMemoryMiB
        self.maxRequestBytes = maxRequestBytes
        self.wording = wording
    }

    /// The command whose records the worker writes: `pages`, `info`, `annotations` or `outline`.
    package var mode: String { outline ? "outline" : annotations ? "annotations" : withPages ? "pages" : "info" }

    /// The worker's command-line arguments (after `worker`), which `pageinfo worker` reads.
    package var arguments: [String] {
        var arguments = ["--mode", mode, "--format", format.rawValue]
        if let ranges { arguments += ["--pages", ranges.description] }
        if let view { arguments += ["--view", ValueGrammar.sizeArgument(view)] }
        if strict { arguments.append("--strict") }
        if wide { arguments.append("--wide") }
        if messages { arguments.append("--messages") }
        arguments += ["--max-memory", String(maxMemoryMiB)]
        if maxRequestBytes != WorkerProtocol.maxRequestBytes { arguments += ["--max-request-bytes", String(maxRequestBytes)] }
        if let bitmap { arguments += BitmapOptions.arguments(for: bitmap) }
        if !frames.isEmpty { arguments += ["--frames", FrameOptions.argument(for: frames)] }
        if wording == .library { arguments.append("--library-wording") }
        return arguments
    }
}

/// The worker side of batch mode: the loop a worker process runs (`pageinfo worker`, the hidden
/// subcommand, or a test executable with hooks).
///
/// It reads requests on standard input and answers each with one framed response on standard
/// output (``WorkerProtocol``): a file name to open, or a bytes request carrying the file (the
/// Spark job's). A PDF is read with the reader `pageinfo pages`/`info` use in process
/// (`DocumentReader`, with the same ranges, `--strict` and password) and
/// encoded as one fragment of the batch's format (``BatchOutput``), so the stitched output is
/// what the in-process command prints.
package enum Worker {
    /// The environment variable in which the coordinator gives a worker its own process id: a
    /// worker whose parent is not that process (the coordinator died while the worker started)
    /// exits at once. Workers started by other programs (the Spark job) do without it.
    package static let coordinatorVariable = "PAGEINFO_COORDINATOR_PID"

    /// Serves requests on standard input until it ends (or the coordinator is gone, or sends a
    /// frame longer than ``WorkerProtocol`` allows), with the process set up as a worker: no core
    /// files, the address-space limit, death with the parent.
    package static func run(_ options: WorkerOptions, beforeEachFile: (([UInt8]) -> Void)? = nil) {
        WorkerGuard.install(maxMemoryMiB: options.maxMemoryMiB)
        guard let config = readFrame(limit: WorkerProtocol.maxNameBytes + 1) else { return }
        let password: String? = config.first == 1 ? String(decoding: config.dropFirst(), as: UTF8.self) : nil
        let reading = DocumentReader(password: password, ranges: options.ranges, strict: options.strict, withPages: options.withPages,
                                     measuresTime: true, wording: options.wording, withAnnotations: options.annotations,
                                     withOutline: options.outline)
        let output = BatchOutput(format: options.format, wide: options.wide, includesPages: options.withPages, bitmap: options.bitmap,
                                 frames: options.frames, listsAnnotations: options.annotations, annotationView: options.view,
                                 listsOutline: options.outline)
        while let header = readExactly(STDIN_FILENO, 4) {
            let word = WorkerProtocol.get32(header, 0)
            var content: FileReader.Content?
            let name: [UInt8]
            if word & WorkerProtocol.bytesRequestFlag != 0 {
                guard let request = BytesRequest.read(length: Int(word & ~WorkerProtocol.bytesRequestFlag),
                                                      limit: min(options.maxRequestBytes, WorkerProtocol.maxRequestBytes),
                                                      wording: options.wording) else { return }
                (name, content) = request
            } else {
                guard let frame = readFrame(length: Int(word), limit: WorkerProtocol.maxNameBytes) else { return }
                name = frame
            }
            beforeEachFile?(name)
            let worker = FileReader(name: name, reading: reading, output: output, sendsMessage: options.messages, content: content)
            let response = worker.read()
            if case .memory(let fd) = content { try? OpenFile(rawValue: fd).close() }
            guard (try? OpenFile.standardOutput.writeAll(response)) != nil else { return }
        }
    }

    /// The next frame on standard input, its length word first; nil at its end, or when the
    /// frame claims more than `limit` bytes (a broken coordinator: nothing is allocated for it).
    private static func readFrame(limit: Int) -> [UInt8]? {
        guard let header = readExactly(STDIN_FILENO, 4) else { return nil }
        return readFrame(length: Int(WorkerProtocol.get32(header, 0)), limit: limit)
    }

    private static func readFrame(length: Int, limit: Int) -> [UInt8]? {
        guard length <= limit else {
            try? OpenFile.standardError.writeAll(Array("pageinfo worker: a request of \(length) bytes, more than the protocol's \(limit); stopping\n".utf8))
            return nil
        }
        return length == 0 ? [] : readExactly(STDIN_FILENO, length)
    }
}

/// The rest of a bytes request (``WorkerProtocol``) after its length word: the name, and the
/// content held in memory (up to `DocumentSource.inMemoryFileBytes`, where the reader would parse
/// a file in memory too) or copied into an anonymous memory file (which does not count against
/// `--max-memory`), or skipped when it is too large. A memory file costs a few system calls and
/// page faults per request, which only small files notice.
enum BytesRequest {
    /// nil when stdin ends early or the frame is malformed (the coordinator is gone or broken).
    static func read(length: Int, limit: Int, wording: Wording) -> ([UInt8], FileReader.Content)? {
        guard length >= 4, let word = readExactly(STDIN_FILENO, 4) else { return nil }
        let nameLength = Int(WorkerProtocol.get32(word, 0))
        guard nameLength <= length - 4, nameLength <= WorkerProtocol.maxNameBytes, let name = nameLength == 0 ? [] : readExactly(STDIN_FILENO, nameLength) else { return nil }
        let size = length - 4 - nameLength
        if size <= min(limit, DocumentSource.inMemoryFileBytes) {
            guard let content = size == 0 ? [] : readExactly(STDIN_FILENO, size) else { return nil }
            return (name, .bytes(content))
        }
        var fd: Int32 = -1
        var failure: String?
        if size > limit {
            failure = "cannot read the file: its \(size) bytes are more than the \(limit) a worker accepts (\(wording.name(.maxRequestBytes)))"
        } else {
            do { fd = try OpenFile.memoryFile("pageinfo-request").rawValue } catch {
                failure = "cannot hold the file's bytes: memfd_create: \(error.reason)"
            }
        }
        // Copy (or skip) the content in 1 MiB chunks: the worker holds no more of a large file.
        var chunk = [UInt8](repeating: 0, count: min(size, 1 << 20))
        var left = size
        let memory = OpenFile(rawValue: fd, path: "the memory file")
        while left > 0 {
            let n = min(left, chunk.count)
            let whole = chunk.withUnsafeMutableBytes { buffer in
                (try? OpenFile.standardInput.read(exactly: UnsafeMutableRawBufferPointer(rebasing: buffer[..<n]))) ?? false
            }
            guard whole else { if fd >= 0 { try? memory.close() }; return nil }
            if fd >= 0, failure == nil {
                let written = chunk.withUnsafeBytes { buffer in
                    Result { () throws(SystemCallError) in try memory.writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<n])) }
                }
                if case .failure(let error) = written { failure = "cannot hold the file's bytes: \(error.reason)" }
            }
            left -= n
        }
        if let failure {
            if fd >= 0 { try? memory.close() }
            return (name, .failed(FileError(code: .unreadable, message: failure), bytes: size))
        }
        return (name, .memory(fd))
    }
}

/// Reads one file in the worker and builds its framed response, with the same reader and
/// encoder as `pageinfo pages --format jsonl` (`DocumentReader`): the records are the ones the
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
    /// The longest response payload (``WorkerProtocol/maxResponseBytes``; tests give less).
    var responseLimit = WorkerProtocol.maxResponseBytes

    enum Content {
        /// The bytes themselves.
        case bytes([UInt8])
        /// An anonymous memory file holding the bytes (closed by the caller).
        case memory(Int32)
        /// The bytes could not be held; the file's record says why.
        case failed(FileError, bytes: Int)
    }

    func read() -> [UInt8] {
        let start = monotonicSeconds()
        func failed(_ error: FileError, bytes: Int? = nil) -> [UInt8] { self.failed(error, bytes: bytes, start: start) }
        switch content {
        case .failed(let error, let bytes): return failed(error, bytes: bytes)
        case .memory(let fd): return read(start: start) { .fileDescriptor(FileDescriptor(rawValue: fd), name: $0) }
        case .bytes(let bytes): return read(start: start) { .bytes(bytes, name: $0) }
        case nil: break
        }

        // Open the name ourselves (raw bytes, any encoding), then let Poppler read the open file.
        if name.contains(0) {
            return failed(FileError(code: .unreadable, message: "cannot read the file: the name contains a NUL byte"))
        }
        let file: OpenFile
        do { file = try OpenFile.open(rawPath: name, O_RDONLY | O_NONBLOCK, name: FileName(raw: name).text) } catch {
            return failed(.opening(error))
        }
        defer { try? file.close() }
        switch try? file.status().kind {
        case .regular: break
        case .directory: return failed(FileError(code: .unreadable, message: "cannot read the file: it is a directory"))
        default: return failed(FileError(code: .unreadable, message: "cannot read the file: not a regular file"))
        }
        return read(start: start) { .fileDescriptor(file.descriptor, name: $0) }
    }

    /// The response of a file that failed before its records (`bytes`: its size, when known).
    private func failed(_ error: FileError, bytes: Int? = nil, start: Double) -> [UInt8] {
        var out = ByteWriter()
        fileRecord(&out, output: output, name: name, status: .failed, summary: nil, pageCount: 0, pageErrors: 0, error: error,
                   bytes: bytes, seconds: monotonicSeconds() - start)
        let message = sendsMessage ? Array("\(FileName(raw: name).text): \(error.message)".utf8) : []
        return WorkerProtocol.response(records: out.bytes, pageCount: 0, status: .failed, error: error.code, message: message)
    }

    /// Reads the source `source` makes of the records' name for the file (``name``, repaired):
    /// an open regular file (a named file, a bytes request's memory file) or a bytes request's
    /// bytes.
    private func read(start: Double, _ source: (String) -> DocumentSource) -> [UInt8] {
        // The records name the file as given: a name that is not valid UTF-8 is written with its
        // exact bytes (\udcXX) wherever its repaired spelling occurs in a JSON string.
        let fileName = FileName(raw: name)
        // The records are encoded after room for the response's header, which is filled in
        // once their length is known: the response is the encoder's buffer, copied out once.
        var encoder = output.fragmentEncoder(headerRoom: WorkerProtocol.headerSize)
        if !fileName.isValidUTF8 { encoder.out.exactFileName = fileName }
        let result = reading.read(source(fileName.text), into: &encoder)
        var response = encoder.out.bytes
        let status = result.outcome.status
        let code = result.outcome.error.flatMap { FileErrorCode(rawValue: $0.code) }
        guard WorkerProtocol.completeResponse(&response, pageCount: result.outcome.pageCount, status: status,
                                              error: status == .failed ? (code ?? .damaged) : code,
                                              message: sendsMessage ? Array((result.message ?? "").utf8) : [],
                                              limit: responseLimit) else {
            let size = response.count - WorkerProtocol.headerSize
            return failed(FileError(code: .unreadable, message: "cannot send the file's records: their \(size) bytes are more than the \(responseLimit) a response may hold"),
                          start: start)
        }
        return response
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
        CurrentProcess.addressSpaceInUse()
    }

    static func install(maxMemoryMiB: Int) {
        ResourceLimits.disableCoreFiles()
        if maxMemoryMiB > 0 {
            memoryLimit = maxMemoryMiB << 20
            probeSize = max(memoryLimit - addressSpaceInUse(), 1 << 16) / 8
            ResourceLimits.limitAddressSpace(toBytes: memoryLimit)
        }
        // A handler on its own stack (a stack overflow must still reach it) that tells a crash
        // from running out of memory: the failed allocation left ENOMEM in errno, or the address
        // space is nearly used up. A crash is re-raised so the coordinator sees the signal.
        CrashHandler.install(memoryLimit: memoryLimit, probeSize: probeSize, memoryExitStatus: WorkerProtocol.memoryExitStatus)
        // Die with the coordinator (even while stuck in one file): the kernel sends SIGKILL when
        // it exits. If it exited before the request took effect (while this process started),
        // we already have another parent: the coordinator names itself in the environment, so
        // that case is told apart (reading getppid() here, after the fact, could not). Another
        // parent alone is no proof (a wrapper script may run the worker): the coordinator must
        // be gone too.
        ChildProcess.deliverOnParentDeath(SIGKILL)  // (fails only without prctl: stdin's end still stops an idle worker)
        if let named = CurrentProcess.environmentValue(Worker.coordinatorVariable), let coordinator = pid_t(named),
           CurrentProcess.parentID != coordinator, ChildProcess.isGone(coordinator) {
            CurrentProcess.exitImmediately(0)
        }
    }
}


extension Worker {
    /// The path of the running executable (`/proc/self/exe` resolved), or `nil`.
    package static func runningExecutable() -> String? {
        CurrentProcess.executablePath
    }

    /// The worker a batch starts when none is given: the running program itself when it is
    /// `pageinfo`, else the `pageinfo` next to the running executable, else the first on `PATH`;
    /// `nil` when there is none.
    package static func defaultExecutable() -> String? {
        let running = runningExecutable()
        if let running, running.split(separator: "/").last == "pageinfo" { return "/proc/self/exe" }
        var candidates: [String] = []
        if let running, let slash = running.lastIndex(of: "/") { candidates.append(running[..<slash] + "/pageinfo") }
        if let path = CurrentProcess.environmentValue("PATH") {
            for dir in path.split(separator: ":") where !dir.isEmpty { candidates.append(dir + "/pageinfo") }
        }
        return candidates.first { CurrentProcess.canExecute($0) }
    }
}
