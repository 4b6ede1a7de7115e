// SPDX-License-Identifier: GPL-2.0-or-later
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PageInfoSystem
import PageInfoRecords
import PageInfoPoppler

/// Why a file could not be checked. Every case names the file and says what to do.
public enum CheckError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The PDF could not be read (missing, not a PDF, damaged, encrypted).
    case read(PageInfoError)
    /// The golden file does not exist.
    case goldenNotFound(path: String)
    /// The golden file exists but cannot be read.
    case goldenUnreadable(path: String, reason: String)
    /// The golden file is not the JSON `pageinfo pages --format json` prints.
    case goldenInvalid(path: String, error: GoldenFormatError)
    /// The golden file could not be written (`--update`).
    case goldenNotWritten(path: String, reason: String)

    /// The broad kind of failure (`FailureKind`): `cannotOpen` (exit 66),
    /// `malformed` (65), `encrypted` (77), `usage` (64), `ioError`: a golden could not be
    /// written (74).
    public typealias Kind = FailureKind

    /// The broad kind of this error.
    public var kind: Kind {
        switch self {
        case .read(let error): error.kind
        case .goldenNotFound, .goldenUnreadable: .cannotOpen
        case .goldenInvalid: .malformed
        case .goldenNotWritten: .ioError
        }
    }

    /// A stable code for machine-readable reports (`--format json`).
    public var code: String {
        switch self {
        case .read(let error): error.code
        case .goldenNotFound: "golden-not-found"
        case .goldenUnreadable: "golden-unreadable"
        case .goldenInvalid: "golden-invalid"
        case .goldenNotWritten: "golden-not-written"
        }
    }

    /// One line naming the file, in the library's wording (``message(_:)``).
    public var description: String { message(.library) }

    /// One line naming the file, with the settings it mentions (the password, `update`) named
    /// in `wording`.
    public func message(_ wording: Wording) -> String {
        switch self {
        case .read(let error):
            error.message(wording)
        case .goldenNotFound(let path):
            "\(path): no such golden file; record it with \(wording.name(.update)) (or PAGEINFO_UPDATE_GOLDEN=1)"
        case .goldenUnreadable(let path, let reason):
            "\(path): cannot read the golden file: \(reason)"
        case .goldenInvalid(let path, let error):
            "\(path): \(error.description)"
        case .goldenNotWritten(let path, let reason):
            "\(path): cannot write the golden file: \(reason)"
        }
    }
}

/// Reading and writing golden files.
package enum GoldenFile {
    /// The golden file for `pdfPath` in `directory`: the PDF's file name with its `.pdf`
    /// extension (any case) replaced by `.golden.json` (`book.pdf` → `DIR/book.golden.json`).
    package static func path(forPDF pdfPath: String, in directory: String) -> String {
        var name = lastComponent(pdfPath)
        if name.lowercased().hasSuffix(".pdf") { name.removeLast(4) }
        let dir = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return "\(dir)/\(name).golden.json"
    }

    /// The largest golden read, in bytes (256 MiB: a 100,000-page golden is about 47 MB); a
    /// longer file (`/dev/zero`, a huge sparse file) is refused once that much is read.
    package static let maxBytes = 256 << 20

    /// The bytes of a golden file (at most ``maxBytes``).
    package static func read(_ path: String) throws(CheckError) -> [UInt8] {
        do { return try OpenFile.readFile(path, limit: maxBytes) } catch {
            if error.call == "open", error.code == ENOENT { throw .goldenNotFound(path: path) }
            let reason = error.code == EISDIR ? "it is a directory"
                : error.call == "read" && error.code == EFBIG ? "longer than \(maxBytes >> 20) MiB, more than any golden (100,000 pages are about 47 MB)"
                : error.reason
            throw .goldenUnreadable(path: path, reason: reason)
        }
    }

    /// Reads and decodes a golden file; `pdfPath` picks the document from an array of them.
    package static func load(_ path: String, forPDF pdfPath: String? = nil) throws(CheckError) -> GeometrySnapshot {
        let bytes = try read(path)
        do { return try GeometrySnapshot(goldenJSON: bytes, file: pdfPath) } catch {
            throw .goldenInvalid(path: path, error: error)
        }
    }

    /// Replaces the file at `path` with `bytes` atomically: they are written to a temporary file
    /// in the same directory, flushed to disk, and renamed over `path`, so a reader sees the old
    /// golden or the new one, never a part. An existing golden keeps its permissions.
    package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(CheckError) {
        do { try FileSystem.writeFileAtomically(bytes, to: path) } catch {
            throw .goldenNotWritten(path: path, reason: error.reason)
        }
    }
}
