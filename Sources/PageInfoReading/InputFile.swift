// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoSystem
import SystemPackage
import PageInfoPoppler
import PageInfoRecords
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// How a PDF that is not parsed in memory is opened. Poppler needs to seek, so anything that is
/// not a regular file (standard input, `/dev/stdin`, a pipe, a FIFO, a character device,
/// process substitution such as `<(curl …)`) is first copied, in 1 MiB chunks, into an unlinked
/// temporary file (`O_TMPFILE` in `$TMPDIR`, mode 0600: no other user can open it, and it
/// vanishes with the process), up to `--max-input-size` MiB (``defaultMaxStreamMiB``); Poppler
/// then reads that file through `/proc/self/fd/N`. The process's memory stays flat whatever the
/// stream's length (on a tmpfs `$TMPDIR` the copy itself lives in RAM, as any file there does).
///
/// A ``DocumentReader`` opens every ``DocumentSource`` that is not parsed in memory (bytes, a
/// small regular file: ``DocumentSource/inMemoryFileBytes``) through it; the commands that open a
/// document twice (geometry, then the renderer) open it `pinned` and ask it again for the
/// renderer (`renderer(_:password:maxStreamMiB:)`): it reads the same copy, or the same file.
public enum InputFile {
    /// The default of `--max-input-size`, in MiB: the most read from a stream.
    public static let defaultMaxStreamMiB = 1024
    /// How long a FIFO may stay silent (no writer, or no data) before we give up: 30 s, or
    /// `$PAGEINFO_STREAM_TIMEOUT` seconds (1…3600).
    package static let idleTimeoutSeconds: Int32 = {
        if let env = CurrentProcess.environmentValue("PAGEINFO_STREAM_TIMEOUT"), let v = Int32(env), (1...3600).contains(v) { return v }
        return 30
    }()

    /// Streams already spooled in this process, by ``Input/key``: a stream can be read only
    /// once, and `draw`/`sheet` open the document twice (geometry, then the renderer); also files
    /// opened by the raw bytes of their names. Each copy counts the documents opened from it that
    /// are not yet released, so that a thread's ``release(_:)`` never closes a copy another
    /// thread is opening (its descriptor's number could then name another file). Behind a lock:
    /// a library user may open documents on several threads at once, and an unguarded dictionary
    /// read during a write crashes.
    private static let spooled = Mutex<[[UInt8]: Copy]>([:])

    /// A spooled copy or a file held open, and how many opened documents use it.
    private struct Copy {
        var descriptor: Int32
        var users: Int
    }

    /// Held while a stream is copied: two threads that open one stream at once must not each
    /// read part of it; the second waits and takes the first one's copy.
    private static let spooling = Mutex<Void>(())

    /// The copy of `key`, if any, counted as one more user when `counted`.
    private static func use(_ key: [UInt8], counted: Bool) -> Int32? {
        spooled.withLock { copies in
            guard var copy = copies[key] else { return nil }
            if counted { copy.users += 1; copies[key] = copy }
            return copy.descriptor
        }
    }

    /// Keeps `fd` as the copy of `key` and returns it, unless another thread kept one for that
    /// key first: then `fd` is closed and the first one is returned, so each key holds one copy.
    private static func keep(_ fd: Int32, for key: [UInt8], counted: Bool) -> Int32 {
        let kept = spooled.withLock { copies in
            if var first = copies[key] {
                if counted { first.users += 1; copies[key] = first }
                return first.descriptor
            }
            copies[key] = Copy(descriptor: fd, users: counted ? 1 : 0)
            return fd
        }
        if kept != fd { try? OpenFile(rawValue: fd).close() }
        return kept
    }

    /// What is opened: standard input, or a file by the bytes of its path and the name messages
    /// call it by. No name has a meaning of its own here: a file named `-` is that file.
    enum Input {
        case standardInput
        case file(raw: [UInt8], name: String)

        /// The input of a source read by path (a descriptor by its `/proc/self/fd` entry);
        /// `nil` for bytes in memory.
        init?(_ source: DocumentSource) {
            switch source {
            case .path(let path): self = .file(raw: Array(path.utf8), name: path)
            case .rawPath(let raw): self = .file(raw: raw, name: FileName(raw: raw).text)
            case .fileDescriptor(let fd, let name): self = .file(raw: Array("/proc/self/fd/\(fd)".utf8), name: name)
            case .standardInput: self = .standardInput
            case .bytes: return nil
            }
        }

        /// What messages call it.
        var name: String {
            switch self {
            case .standardInput: "-"
            case .file(_, let name): name
            }
        }

        /// Its key among the spooled copies: the path's bytes, or a NUL byte (which no path
        /// holds) for standard input.
        var key: [UInt8] {
            switch self {
            case .standardInput: [0]
            case .file(let raw, _): raw
            }
        }
    }

    /// Releases the spooled copy of `source`, if any, for one document opened from it, and closes
    /// it once no such document is left (a document keeps its own descriptor): `pages`/`info`
    /// release each stream after reading it, so many streams on one command line never hold more
    /// than one copy at a time.
    package static func release(_ source: DocumentSource) {
        if let input = Input(source) { release(input) }
    }

    /// One opened document's release: the copy is closed once no document opened from it is
    /// left (a copy only the renderer asked for is closed at once).
    static func release(_ input: Input) {
        let unused: Int32? = spooled.withLock { copies in
            guard var copy = copies[input.key] else { return nil }
            if copy.users > 1 {
                copy.users -= 1
                copies[input.key] = copy
                return nil
            }
            copies[input.key] = nil
            return copy.descriptor
        }
        if let unused { try? OpenFile(rawValue: unused).close() }
    }

    /// The size in bytes of what ``open(_:password:maxStreamMiB:pinned:)`` reads for `source`:
    /// the spooled copy of a stream, standard input when it is a regular file, else the regular
    /// file of that name, or the bytes; nil when none is known (a stream not yet read, a name
    /// that is no regular file).
    package static func size(of source: DocumentSource) -> Int? {
        if case .bytes(let bytes, _) = source { return bytes.count }
        return Input(source).flatMap(size(of:))
    }

    static func size(of input: Input) -> Int? {
        // (fstat under the lock: a release on another thread cannot close it meanwhile.)
        let spooledSize: Int?? = spooled.withLock { copies in
            copies[input.key].map { try? OpenFile(rawValue: $0.descriptor).status().size }
        }
        if let spooledSize { return spooledSize }
        switch input {
        case .standardInput:
            guard let status = try? OpenFile.standardInput.status(), status.kind == .regular else { return nil }
            return status.size
        case .file(let raw, _):
            return FileSystem.regularFileSize(rawPath: raw)
        }
    }

    /// Opens `source` as a document; a stream longer than `maxStreamMiB` MiB is refused
    /// (`PageInfoError.unreadable(path:reason:)`, exit 66). A name that is not UTF-8
    /// (``DocumentSource/rawPath(_:)``) opens the file by its raw bytes; bytes are parsed in memory.
    ///
    /// `pinned`: hold the file open, so that a second open of `source` in this process (the
    /// renderer's, ``renderer(_:password:maxStreamMiB:)``) reads this same file even when the
    /// name is replaced or removed in between; ``release(_:)`` closes it. For commands that open
    /// one document twice, not for a loop over many files.
    package static func open(_ source: DocumentSource, password: String?, maxStreamMiB: Int = defaultMaxStreamMiB,
                            pinned: Bool = false) throws(PageInfoError) -> PopplerDocument {
        guard let input = Input(source) else {
            guard case .bytes(let bytes, let name) = source else { preconditionFailure("every source but bytes is an Input") }
            return try PopplerDocument(bytes: bytes, password: password, name: name)
        }
        return try open(input, password: password, maxStreamMiB: maxStreamMiB, pinned: pinned)
    }

    static func open(_ input: Input, password: String?, maxStreamMiB: Int, pinned: Bool = false) throws(PageInfoError) -> PopplerDocument {
        let path = try seekablePath(input, maxStreamMiB: maxStreamMiB, pinned: pinned, counted: true)
        return try PopplerDocument(path: path, password: password, name: input.name)
    }

    /// A path Poppler can open and seek for `input`: the name itself for a regular file (or one
    /// that does not exist, so that Poppler names the error), else the spooled copy of the stream,
    /// or, for a name that is not UTF-8 or a file `pinned` asks to hold, the file opened by its
    /// raw bytes, as `/proc/self/fd/N` (which reopens the same file, whatever the name now holds).
    ///
    /// `counted`: a document is opened from it, and ``release(_:)`` will be called for it once.
    static func seekablePath(_ input: Input, maxStreamMiB: Int = defaultMaxStreamMiB,
                             pinned: Bool = false, counted: Bool = false) throws(PageInfoError) -> String {
        if let fd = use(input.key, counted: counted) { return "/proc/self/fd/\(fd)" }
        let name = input.name
        var waitsForWriter = false
        switch input {
        case .standardInput:
            // Standard input redirected from a regular file: read it in place.
            if (try? OpenFile.standardInput.status().kind) == .regular { return "/proc/self/fd/\(STDIN_FILENO)" }
        case .file(let raw, _):
            guard let kind = try? FileStatus(rawPath: raw, name: name).kind else { return name }
            guard isStream(kind) else {
                // A file Poppler reads in place: by its name, unless only its raw bytes name it or
                // it is to be pinned (one it cannot open is left to Poppler, which names the error).
                guard pinned || !raw.elementsEqual(name.utf8),
                      let file = try? OpenFile.open(rawPath: raw, O_RDONLY | O_NONBLOCK, name: name) else { return name }
                // Replaced by a stream since `stat`: reopening it through /proc would wait for a
                // writer.
                guard let now = try? file.status(), !isStream(now.kind) else {
                    try? file.close()
                    throw .unreadable(path: name, reason: "it was replaced by a pipe or a device while it was being opened")
                }
                return "/proc/self/fd/\(keep(file.rawValue, for: input.key, counted: counted))"
            }
            waitsForWriter = kind == .fifo
        }
        return try spooling.withLock { _ throws(PageInfoError) -> String in
            // Copied by another thread while this one waited.
            if let fd = use(input.key, counted: counted) { return "/proc/self/fd/\(fd)" }
            let stream: OpenFile
            switch input {
            case .standardInput:
                stream = .standardInput
            case .file(let raw, _):
                // O_NONBLOCK: opening a FIFO that has no writer would otherwise block forever.
                do throws(SystemCallError) { stream = try OpenFile.open(rawPath: raw, O_RDONLY | O_NONBLOCK, name: name) } catch {
                    throw .unreadable(path: name, reason: "open: \(error.reason)")
                }
            }
            defer { if stream.rawValue != STDIN_FILENO { try? stream.close() } }
            let spool = try spool(from: stream.descriptor, name: name, waitForWriter: waitsForWriter, maxBytes: maxStreamMiB << 20)
            return "/proc/self/fd/\(keep(spool.rawValue, for: input.key, counted: counted))"
        }
    }

    /// Whether a file of this kind is read as a stream (copied first): a FIFO or pipe, a socket,
    /// a character device. Poppler reads the others (a regular file, a block device) in place.
    static func isStream(_ kind: FileStatus.Kind) -> Bool {
        kind == .fifo || kind == .socket || kind == .characterDevice
    }

    /// An unlinked temporary file, readable and writable by this process alone.
    private static func temporaryFile(name: String) throws(PageInfoError) -> FileDescriptor {
        let dir = CurrentProcess.environmentValue("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        do { return try OpenFile.unnamedFile(in: dir).descriptor } catch {
            throw .unreadable(path: name, reason: "cannot make a temporary file in \(dir) to hold the stream (\(error.call): \(error.reason)); set TMPDIR to a writable directory")
        }
    }

    /// Copies a stream to its end into a new unlinked temporary file and returns that file's
    /// descriptor. `waitForWriter`: `fd` is a FIFO we opened with `O_NONBLOCK`, which may have
    /// no writer yet: wait at most ``idleTimeoutSeconds`` for one and then for each chunk.
    package static func spool(from fd: FileDescriptor, name: String, waitForWriter: Bool = false, maxBytes: Int) throws(PageInfoError) -> FileDescriptor {
        let out = try temporaryFile(name: name)
        let copy = OpenFile(out, path: "the temporary file")
        var copyError: SystemCallError?
        do throws(PageInfoError) {
            try read(fd, name: name, waitForWriter: waitForWriter, maxBytes: maxBytes,
                     tooLong: .streamTooLong(path: name, limitMiB: maxBytes >> 20)) { chunk in
                do throws(SystemCallError) { try copy.writeAll(chunk) } catch { copyError = error; return false }
                return true
            }
            if let copyError {
                throw PageInfoError.unreadable(path: name, reason: "cannot copy the stream to a temporary file (write: \(copyError.reason)); set TMPDIR to a directory with space")
            }
        } catch {
            try? copy.close()
            throw error
        }
        return out
    }

    /// A whole stream in memory, for small inputs (a view state on stdin, a password file, a
    /// list of files), at most `maxBytes` bytes.
    package static func readAll(_ fd: FileDescriptor, name: String, maxBytes: Int) throws(PageInfoError) -> [UInt8] {
        var bytes: [UInt8] = []
        try read(fd, name: name, maxBytes: maxBytes,
                 tooLong: .unreadable(path: name, reason: "longer than \(maxBytes >> 20) MiB, more than this input can be")) { chunk in
            bytes.append(contentsOf: chunk)
            return true
        }
        return bytes
    }

    /// Reads a stream to its end in 1 MiB chunks through the one read loop
    /// (`OpenFile.readChunks`)
    /// and words its errors: `tooLong` past `maxBytes`; a non-blocking stream silent for
    /// ``idleTimeoutSeconds``; for a FIFO we opened (`waitForWriter`), no writer within that time.
    private static func read(_ fd: FileDescriptor, name: String, waitForWriter: Bool = false, maxBytes: Int, tooLong: PageInfoError,
                             sink: (UnsafeRawBufferPointer) -> Bool) throws(PageInfoError) {
        do {
            try OpenFile(fd, path: name).readChunks(
                chunkSize: 1 << 20, limit: maxBytes, idleTimeoutMilliseconds: idleTimeoutSeconds * 1000,
                waitsForWriter: waitForWriter, sink)
        } catch {
            switch (error.call, error.code) {
            case ("read", EFBIG): throw tooLong
            case ("poll", ETIMEDOUT):
                throw .unreadable(path: name, reason: waitForWriter ? "no data within \(idleTimeoutSeconds) s: no writer opened the FIFO, or it closed it without writing"
                                                                    : "no data for \(idleTimeoutSeconds) s")
            default: throw .unreadable(path: name, reason: "\(error.call): \(error.reason)")
            }
        }
    }
}
