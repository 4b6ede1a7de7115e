// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoOutput
import PageInfoPoppler

#if canImport(Glibc)
import Glibc
#endif

/// Where a PDF comes from. Poppler reads a seekable file: a regular file is read in place; a
/// stream (standard input, a pipe, a FIFO, a device) is first copied into an unlinked temporary
/// file (``InputFile``); bytes in memory are written to an anonymous memory file. However it
/// comes, a document reads into the same records.
public enum DocumentSource: Sendable {
    /// A file by its path (`-` is standard input, as on the command line). A path with a NUL
    /// byte is refused (`unreadable`, exit 66): C would open the name only up to it.
    case path(String)
    /// A file by the raw bytes of its path, in any encoding (a name that is not valid UTF-8 is
    /// opened by its bytes, and the JSON records spell it exactly: `\udcXX`). Bytes with a NUL
    /// are refused as ``path(_:)`` refuses them.
    case rawPath([UInt8])
    /// An open file descriptor, not closed by the reader; `name` is what the records call the
    /// file. A regular file is read in place (from its start); a stream (a pipe, socket, FIFO or
    /// character device) is read from where it is to its end and copied first, as standard
    /// input is, at most ``DocumentReader/maxStreamMiB`` (an empty stream is an empty file: not a PDF).
    case fileDescriptor(Int32, name: String)
    /// The whole file in memory; `name` is what the records call it.
    case bytes([UInt8], name: String)
    /// Standard input (the records call it `-`).
    case standardInput

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
    public var exactName: FileName? {
        guard case .rawPath(let raw) = self else { return nil }
        let name = FileName(raw: raw)
        return name.isValidUTF8 ? nil : name
    }
}

/// A source opened for Poppler: the path it reads, and what to close afterwards.
struct OpenedSource {
    /// What Poppler opens: the path itself, or `/proc/self/fd/N`.
    var path: String
    /// A descriptor this reader opened (a raw path's, a memory file's), closed by ``close()``.
    var ownedDescriptor: Int32 = -1

    init(_ source: DocumentSource, maxStreamMiB: Int) throws(PageInfoError) {
        switch source {
        case .path(let path):
            // C would read the name only up to its first NUL byte: another file.
            guard !path.utf8.contains(0) else { throw Self.nulInName(path) }
            self.path = path
        case .standardInput:
            self.path = "-"
        case .fileDescriptor(let fd, let name):
            self.path = "/proc/self/fd/\(fd)"
            // A stream (pipe, socket, FIFO, device) is copied as standard input is: reopening it
            // through /proc fails for a socket, and would wait for another writer on a pipe.
            guard let kind = try? FileDescriptor(rawValue: fd, path: name).status().kind, InputFile.isStream(kind) else { return }
            let copy = try InputFile.spool(from: fd, name: name, maxBytes: maxStreamMiB << 20)
            self.path = "/proc/self/fd/\(copy)"
            self.ownedDescriptor = copy
        case .rawPath(let raw):
            let name = FileName(raw: raw)
            guard !raw.contains(0) else { throw Self.nulInName(name.text) }
            self.path = name.text
            // CommandLine.arguments and lists repair invalid UTF-8 (U+FFFD): open such a name by
            // its raw bytes and read it through /proc/self/fd. (A name that cannot be opened is
            // left to Poppler, which names the error.)
            guard !name.isValidUTF8, let fd = try? FileDescriptor.open(rawPath: raw, O_RDONLY | O_NONBLOCK, name: name.text) else { return }
            self.path = "/proc/self/fd/\(fd.rawValue)"
            self.ownedDescriptor = fd.rawValue
        case .bytes(let content, let name):
            do throws(SystemCallError) {
                let memory = try FileDescriptor.memoryFile("pageinfo-bytes")
                do throws(SystemCallError) { try memory.writeAll(content) } catch {
                    try? memory.close()
                    throw error
                }
                self.path = "/proc/self/fd/\(memory.rawValue)"
                self.ownedDescriptor = memory.rawValue
            } catch {
                throw .unreadable(path: name, reason: "cannot hold the bytes: \(error.call): \(error.reason)")
            }
        }
    }

    /// A name with a NUL byte: refused, as no file name can hold one (exit 66, `unreadable`).
    private static func nulInName(_ name: String) -> PageInfoError {
        .unreadable(path: name, reason: "the name contains a NUL byte, which no file name can hold; give the name without it")
    }

    /// Releases what reading the source held: the copy of a stream, a descriptor we opened.
    func close() {
        InputFile.release(path)
        if ownedDescriptor >= 0 { try? FileDescriptor(rawValue: ownedDescriptor).close() }
    }
}
