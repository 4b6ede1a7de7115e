// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageInfoOutput
import PageInfoPoppler
import PageInfoReading
import PageInfoRecords
import PageInfoTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// How each ``DocumentSource`` is opened: names C would cut, and streams given as descriptors.
@Suite struct DocumentSourceTests {
    static let mixed = Paths.fixture("mixed.pdf")

    /// The page records of a source, with the file name left out (a stream has another name).
    static func pageSizes(_ source: DocumentSource) throws -> [String] {
        try DocumentReader().records(source).entries.map { "\($0.index) \($0.page.map { "\($0.size)" } ?? "error")" }
    }

    @Test("a name with a NUL byte is refused (unreadable, exit 66), not cut to the file before the NUL")
    func nulInName() throws {
        // The part before the NUL is a real PDF: C would open it.
        let withNul = Self.mixed + "\u{0}.junk"
        for source in [DocumentSource.path(withNul), .rawPath(Array(withNul.utf8)), .rawPath(Array(Self.mixed.utf8) + [0, 0xFF])] {
            let error = #expect(throws: PageInfoError.self) { try DocumentReader().records(source) }
            guard let error, case .unreadable(_, let reason) = error else {
                Issue.record("\(source): not refused as unreadable: \(String(describing: error))")
                continue
            }
            #expect(error.exitStatus == .cannotOpen && reason.contains("NUL byte"), "\(reason)")
        }
        // Through the command's loop: the file record says so, and the exit status is 66.
        var encoder = PageListEncoder(format: .jsonl, out: ByteWriter())
        let status = DocumentReader().read(names: [Array(withNul.utf8)], into: &encoder) { _ in }
        #expect(status == .cannotOpen)
        #expect(String(decoding: encoder.out.bytes, as: UTF8.self).contains("\"code\":\"unreadable\""))
    }

    @Test("a socket given as a descriptor is read as a stream, with the records of the file", .timeLimit(.minutes(1)))
    func socketDescriptor() throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        let bytes = try FileDescriptor.readFile(Self.mixed)
        let writer = Thread { [ends] in
            _ = writeAll(ends[1], bytes)
            close(ends[1])
        }
        writer.start()
        defer { close(ends[0]) }
        #expect(try Self.pageSizes(.fileDescriptor(ends[0], name: "socket")) == Self.pageSizes(.path(Self.mixed)))
    }

    @Test("a pipe given as a descriptor: its bytes are read; an empty one is not a PDF at once, no wait for a writer",
          .timeLimit(.minutes(1)))
    func pipeDescriptor() throws {
        let bytes = try FileDescriptor.readFile(Self.mixed)
        let full = try FileDescriptor.pipe()
        let writer = Thread { [full] in
            try? full.writeEnd.writeAll(bytes)
            try? full.writeEnd.close()
        }
        writer.start()
        #expect(try Self.pageSizes(.fileDescriptor(full.readEnd.rawValue, name: "pipe")) == Self.pageSizes(.path(Self.mixed)))
        try full.readEnd.close()

        let empty = try FileDescriptor.pipe()
        try empty.writeEnd.close()
        defer { try? empty.readEnd.close() }
        let start = Date()
        let error = #expect(throws: PageInfoError.self) {
            try DocumentReader().records(.fileDescriptor(empty.readEnd.rawValue, name: "empty pipe"))
        }
        #expect(error?.code == "not-pdf", "\(String(describing: error))")
        #expect(Date().timeIntervalSince(start) < 5, "no wait for another writer")
    }
}
