// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoSystem
import PageInfoPoppler
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Where a PDF comes from. Poppler reads a seekable file: a regular file of up to 256 KiB is read
/// whole and parsed in memory, a larger one in place; a stream (standard input, a pipe, a FIFO,
/// a device) is first copied into an unlinked temporary file (``InputFile``); bytes in memory
/// are parsed there (Poppler's memory stream, on a copy of them). However it comes, a document
/// reads into the same records.
public enum DocumentSource: Sendable {
    /// A file by its path, its UTF-8 bytes (a file named `-` is that file: standard input is
    /// ``standardInput``). A path with a NUL byte is refused (`unreadable`, exit 66): C would
    /// open the name only up to it.
    case path(String)
    /// A file by the raw bytes of its path, in any encoding (a name that is not valid UTF-8 is
    /// opened by its bytes, and the JSON records spell it exactly: `\udcXX`). Bytes with a NUL
    /// are refused as ``path(_:)`` refuses them.
    case rawPath([UInt8])
    /// An open file descriptor, not closed by the reader; `name` is what the records call the
    /// file. A regular file is read from its start (its reading position is left where it
    /// was); a stream (a pipe, socket, FIFO or
    /// character device) is read from where it is to its end and copied first, as standard
    /// input is, at most ``DocumentReader/maxStreamMiB`` (an empty stream is an empty file: not a PDF).
    case fileDescriptor(FileDescriptor, name: String)
    /// The whole file in memory; `name` is what the records call it.
    case bytes([UInt8], name: String)
    /// Standard input (the records call it `-`).
    case standardInput

    /// The largest regular file read whole and parsed in memory, in bytes (256 KiB); a larger
    /// one is read in place, where Poppler reads only the parts it needs. A worker holds a bytes
    /// request of up to this size in its memory too (a larger one in a memory file, outside its
    /// `--max-memory`).
    public static let inMemoryFileBytes = 256 << 10

    /// What the records call the file: the path, the repaired text of a raw path (U+FFFD for
    /// each invalid byte), the name given, or `-`.
    public var name: String {
        switch self {
        case .path(let path): path
        case .rawPath(let raw): FileName(raw: raw).text
        case .fileDescriptor(_, let name), .bytes(_, let name): name
        case .standardInput: "-"
        }
    }

    /// The exact name of a raw path that is not valid UTF-8, `nil` otherwise.
    package var exactName: FileName? {
        guard case .rawPath(let raw) = self else { return nil }
        let name = FileName(raw: raw)
        return name.isValidUTF8 ? nil : name
    }
}

/// A source opened for Poppler: the path it reads (or the bytes it reads from memory), and what
/// to close afterwards.
///
/// A regular file of at most ``DocumentSource/inMemoryFileBytes`` is read whole into memory, and
/// Poppler parses it there: for a small file, opening and reading it block by block costs more
/// than one read of the whole (on 10,000 small PDFs, `--jobs 2` took a third less time, median
/// wall 0.97 → 0.64 s in alternating runs, BENCHMARKS.md). A larger file is read in place, in
/// 64 KiB blocks (`block_file_stream.cc`), where Poppler reads only the parts it needs: reading
/// all of a file whose bulk Poppler never touches was a loss from about 512 KiB (BENCHMARKS.md),
/// so the limit is half that. A
/// file that cannot be read that way (it vanished, it changed size while read) is left to
/// Poppler, whose error names what is wrong, so the records and messages are the same either way.
struct OpenedSource {
    /// What Poppler opens: the path itself, or `/proc/self/fd/N`; for bytes, the name they go by.
    var path: String
    /// The bytes Poppler reads in memory: a ``DocumentSource/bytes(_:name:)`` source's, or a
    /// small regular file's.
    var content: [UInt8]?
    /// A descriptor this reader opened (a raw path's, a stream's copy), closed by ``close()``.
    var ownedDescriptor: Int32 = -1
    /// Whether ``path`` (`-`) stands for standard input: only ``DocumentSource/standardInput``
    /// reads it; a path `-` is the file of that name.
    var readsStandardInput = false

    /// What ``InputFile`` opens: standard input, or the file at ``path`` (a path, or
    /// `/proc/self/fd/N`).
    var input: InputFile.Input { readsStandardInput ? .standardInput : .file(raw: Array(path.utf8), name: path) }

    init(_ source: DocumentSource, maxStreamMiB: Int) throws(PageInfoError) {
        switch source {
        case .path(let path):
            // C would read the name only up to its first NUL byte: another file.
            guard !path.utf8.contains(0) else { throw Self.nulInName(path) }
            self.path = path
            content = Self.smallFile(named: Array(path.utf8), text: path)
        case .standardInput:
            self.path = "-"
            readsStandardInput = true
        case .fileDescriptor(let fd, let name):
            self.path = "/proc/self/fd/\(fd.rawValue)"
            // A stream (pipe, socket, FIFO, device) is copied as standard input is: reopening it
            // through /proc fails for a socket, and would wait for another writer on a pipe.
            let status = try? OpenFile(fd, path: name).status()
            guard let status, InputFile.isStream(status.kind) else {
                if let status, Self.fitsInMemory(status) { content = Self.wholeContent(of: OpenFile(fd, path: name), size: status.size) }
                return
            }
            let copy = try InputFile.spool(from: fd, name: name, maxBytes: maxStreamMiB << 20)
            self.path = "/proc/self/fd/\(copy.rawValue)"
            self.ownedDescriptor = copy.rawValue
        case .rawPath(let raw):
            let name = FileName(raw: raw)
            guard !raw.contains(0) else { throw Self.nulInName(name.text) }
            self.path = name.text
            // Swift's strings repair invalid UTF-8 (U+FFFD): open such a name by its raw bytes and read it through /proc/self/fd. (A name that cannot be opened is
            // left to Poppler, which names the error.)
            content = Self.smallFile(named: raw, text: name.text)
            guard content == nil, !name.isValidUTF8 else { return }
            // Only these bytes name the file: its repaired text could name another (or none).
            let fd: OpenFile
            do { fd = try OpenFile.open(rawPath: raw, O_RDONLY | O_NONBLOCK, name: name.text) } catch {
                if error.code == ENOENT { throw .fileNotFound(path: name.text) }
                throw .unreadable(path: name.text, reason: error.code == EISDIR ? "it is a directory" : error.reason)
            }
            self.path = "/proc/self/fd/\(fd.rawValue)"
            self.ownedDescriptor = fd.rawValue
        case .bytes(let content, let name):
            self.path = name
            self.content = content
        }
    }

    /// The size of what is read, in bytes, when it is known (the bytes; a regular file's size;
    /// standard input's, spooled or a regular file: ``InputFile/size(of:)``).
    var size: Int? { content?.count ?? InputFile.size(of: input) }

    /// Opens the document: bytes in memory, anything else by ``path`` (a stream's copy, shared
    /// with a second open of the same name: ``InputFile``). An error names the file as `path`.
    func open(password: String?, maxStreamMiB: Int) throws(PageInfoError) -> PopplerDocument {
        if let content { return try PopplerDocument(bytes: content, password: password, name: path) }
        return try InputFile.open(input, password: password, maxStreamMiB: maxStreamMiB)
    }

    /// The content of the regular file with this name when it ``fitsInMemory(_:)``; `nil` for
    /// any other file and for one that cannot be read whole (it is then left to Poppler). Only
    /// what `stat` found to be such a
    /// file is opened: opening a FIFO would release a writer waiting for its reader. (A FIFO put
    /// in its place between the two calls would be opened, then refused: the same window
    /// `InputFile` has between its `stat` and its `open`.)
    private static func smallFile(named raw: [UInt8], text: String) -> [UInt8]? {
        guard let status = try? FileStatus(rawPath: raw, name: text), fitsInMemory(status),
              let file = try? OpenFile.open(rawPath: raw, O_RDONLY | O_NONBLOCK, name: text) else { return nil }
        defer { try? file.close() }
        // The name may have been replaced since `stat`.
        guard let now = try? file.status(), now.kind == .regular, now.size == status.size else { return nil }
        return wholeContent(of: file, size: status.size)
    }

    /// Whether a file is read whole and parsed in memory: a regular file of at most
    /// ``DocumentSource/inMemoryFileBytes``.
    private static func fitsInMemory(_ status: FileStatus) -> Bool {
        status.kind == .regular && status.size <= DocumentSource.inMemoryFileBytes
    }

    /// The `size` bytes of an open regular file, read from its start with `pread` (its reading
    /// position stays where it is); `nil` when the file does not hold exactly that many.
    private static func wholeContent(of file: OpenFile, size: Int) -> [UInt8]? {
        // One byte more than the size is asked for: a file that holds more than its size says
        // (it grew meanwhile; a /proc file of size 0) is left to Poppler. Reading stops once the
        // size is read: one `pread` for a file that does not change.
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            while count <= size {
                guard let n = try? file.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[count...]), atOffset: count), n > 0 else { break }
                count += n
                if count == size { break }
            }
            complete = count == size
        }
        return complete ? bytes : nil
    }

    /// A name with a NUL byte: refused, as no file name can hold one (exit 66, `unreadable`).
    private static func nulInName(_ name: String) -> PageInfoError {
        .unreadable(path: name, reason: "the name contains a NUL byte, which no file name can hold; give the name without it")
    }

    /// Releases what reading the source held: the copy of a stream, a descriptor we opened.
    func close() {
        if content == nil { InputFile.release(input) }
        if ownedDescriptor >= 0 { try? OpenFile(rawValue: ownedDescriptor).close() }
    }
}
