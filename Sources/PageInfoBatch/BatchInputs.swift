// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoSystem
import SystemPackage
import PageInfoReading
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// The list of input files of a batch, as raw names (bytes, exactly as the file system or the
/// list has them: spaces, newlines and non-UTF-8 bytes survive).
public struct BatchInputs: Sendable {
    /// Names given directly (command-line arguments), raw bytes.
    public var arguments: [[UInt8]]
    /// A list of names to read: a path, or `-` for standard input (`--files-from`).
    public var filesFrom: String?
    /// The list is NUL-separated (as `find -print0` writes, `-0`); otherwise one name a line.
    public var nulSeparated: Bool
    /// Directories are walked for files whose name ends in `.pdf`, any case (`-r`).
    public var recursive: Bool
    /// Follow symbolic links met while walking directories (`-L`; default: skipped).
    public var followSymlinks: Bool

    /// The inputs of a batch; see the properties.
    public init(arguments: [[UInt8]] = [], filesFrom: String? = nil, nulSeparated: Bool = false, recursive: Bool = false,
                followSymlinks: Bool = false) {
        self.arguments = arguments
        self.filesFrom = filesFrom
        self.nulSeparated = nulSeparated
        self.recursive = recursive
        self.followSymlinks = followSymlinks
    }

    /// The inputs of a batch named by `names`, UTF-8 paths as Swift spells them (a directory is
    /// walked when `recursive`).
    public init(names: [String], recursive: Bool = false, followSymlinks: Bool = false) {
        self.init(arguments: names.map { Array($0.utf8) }, recursive: recursive, followSymlinks: followSymlinks)
    }

    /// Reads the list and walks directories: every name, in order. Files found in one directory
    /// are sorted by their bytes (as `LC_ALL=C sort` orders them). A list that cannot be read is
    /// a ``BatchError`` (exit 66) naming it.
    public func collect() throws(BatchError) -> [[UInt8]] {
        var names = arguments
        if let filesFrom {
            let data = try readList(filesFrom)
            let separator: UInt8 = nulSeparated ? 0 : 0x0A
            names += data.split(separator: separator, omittingEmptySubsequences: true).map(Array.init)
        }
        guard recursive else { return names }
        var result: [[UInt8]] = []
        result.reserveCapacity(names.count)
        for name in names {
            // (A name with a NUL byte names no file: the layer refuses it, and it stays a name.)
            if (try? FileStatus(rawPath: name, name: ""))?.kind == .directory {
                var found: [[UInt8]] = []
                var visited = Set<DirectoryID>()
                walk(name, into: &found, visited: &visited)
                found.sort { $0.lexicographicallyPrecedes($1) }
                result += found
            } else {
                result.append(name)
            }
        }
        return result
    }

    /// The longest list read, in bytes (1 GiB: some ten million names); a longer one (`--files-from
    /// /dev/zero`) is refused instead of filling memory.
    public static let maxListBytes = 1 << 30

    private func readList(_ path: String) throws(BatchError) -> [UInt8] {
        let fd: OpenFile
        do { fd = path == "-" ? .standardInput : try OpenFile.open(path) } catch {
            throw .listCannotOpen(list: path, reason: error.reason)
        }
        defer { if fd.rawValue != STDIN_FILENO { try? fd.close() } }
        do { return try InputFile.readAll(fd.descriptor, name: path, maxBytes: Self.maxListBytes) } catch {
            throw .listUnreadable(error)
        }
    }

    private struct DirectoryID: Hashable { var device: UInt64, inode: UInt64 }

    /// Depth-first walk collecting `*.pdf` (any case). Symbolic links are skipped unless
    /// `followSymlinks`; then a directory already visited (a link loop) is not entered again.
    private func walk(_ dir: [UInt8], into found: inout [[UInt8]], visited: inout Set<DirectoryID>) {
        // (A directory that cannot be read or listed contributes nothing, as `find` would skip
        // it after its warning.)
        guard let status = try? FileStatus(rawPath: dir, name: ""),
              visited.insert(DirectoryID(device: status.device, inode: status.inode)).inserted,
              let entries = try? FileSystem.directoryEntries(rawPath: dir, name: "") else { return }
        let prefix = dir.last == UInt8(ascii: "/") ? dir : dir + [UInt8(ascii: "/")]
        for name in entries {
            let path = prefix + name
            guard var kind = (try? FileStatus(rawPath: path, followingLinks: false, name: ""))?.kind else { continue }
            if kind == .symbolicLink {
                guard followSymlinks, let target = (try? FileStatus(rawPath: path, name: ""))?.kind else { continue }
                kind = target
            }
            if kind == .directory {
                walk(path, into: &found, visited: &visited)
            } else if hasPDFExtension(name) {
                found.append(path)
            }
        }
    }
}

/// Whether a name ends in `.pdf`, in any case.
func hasPDFExtension(_ name: [UInt8]) -> Bool {
    guard name.count >= 4 else { return false }
    let tail = name.suffix(4).map { $0 | 0x20 }
    return tail == Array(".pdf".utf8)
}
