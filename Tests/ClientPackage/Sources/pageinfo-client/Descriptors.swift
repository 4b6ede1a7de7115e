// SPDX-License-Identifier: GPL-2.0-or-later
// What passes file descriptors explicitly, and so names swift-system's FileDescriptor: the bytes
// of a file read for a reading from memory, a reading from a descriptor
// (DocumentSource.fileDescriptor), and the batch's output file.
import PageInfoReading
import SystemPackage

/// The whole file at `path`.
func readBytes(path: String) throws -> [UInt8] {
    let fd = try FileDescriptor.open(path, .readOnly, options: .closeOnExec)
    defer { try? fd.close() }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = try chunk.withUnsafeMutableBytes { try fd.read(into: $0) }
        if n == 0 { return bytes }
        bytes += chunk[..<n]
    }
}

/// The records of the PDF at `path` read from an open descriptor, and what differs from
/// `expected` (its records read from its path), or `nil`.
func compareFromDescriptor(path: String, expected: DocumentRecords) throws -> String? {
    let fd = try FileDescriptor.open(path, .readOnly, options: .closeOnExec)
    defer { try? fd.close() }
    let records = try DocumentReader().records(.fileDescriptor(fd, name: path))
    return difference(expected, records, what: "\(path) (descriptor)")
}

/// A file written from its start (created or truncated), all of each write.
final class OutputFile {
    let fd: FileDescriptor

    init(path: String) throws {
        fd = try FileDescriptor.open(path, .writeOnly, options: [.create, .truncate, .closeOnExec], permissions: [.ownerReadWrite, .groupRead, .otherRead])
    }

    func write(_ bytes: [UInt8]) throws {
        _ = try fd.writeAll(bytes)
    }

    func close() {
        try? fd.close()
    }
}
