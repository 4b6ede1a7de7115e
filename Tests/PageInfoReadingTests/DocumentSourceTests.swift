// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageGeometry
import PageInfoSystem
import PageInfoBatch
import PageInfoEncoding
import SystemPackage
import PageInfoPoppler
@testable import PageInfoReading
import PageInfoRecords
import PageInfoTestSupport
import Synchronization
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
        let status = DocumentReader().read([.rawPath(Array(withNul.utf8))], into: &encoder) { _ in }
        #expect(status == .cannotOpen)
        #expect(String(decoding: encoder.out.bytes, as: UTF8.self).contains("\"code\":\"unreadable\""))
    }

    @Test("a socket given as a descriptor is read as a stream, with the records of the file", .timeLimit(.minutes(1)))
    func socketDescriptor() throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        let bytes = try OpenFile.readFile(Self.mixed)
        let writer = Thread { [ends] in
            try? OpenFile(rawValue: ends[1]).writeAll(bytes)
            close(ends[1])
        }
        writer.start()
        defer { close(ends[0]) }
        #expect(try Self.pageSizes(.fileDescriptor(FileDescriptor(rawValue: ends[0]), name: "socket")) == Self.pageSizes(.path(Self.mixed)))
    }

    @Test("a pipe given as a descriptor: its bytes are read; an empty one is not a PDF at once, no wait for a writer",
          .timeLimit(.minutes(1)))
    func pipeDescriptor() throws {
        let bytes = try OpenFile.readFile(Self.mixed)
        let full = try OpenFile.pipe()
        let writer = Thread { [full] in
            try? full.writeEnd.writeAll(bytes)
            try? full.writeEnd.close()
        }
        writer.start()
        #expect(try Self.pageSizes(.fileDescriptor(full.readEnd.descriptor, name: "pipe")) == Self.pageSizes(.path(Self.mixed)))
        try full.readEnd.close()

        let empty = try OpenFile.pipe()
        try empty.writeEnd.close()
        defer { try? empty.readEnd.close() }
        let start = Date()
        let error = #expect(throws: PageInfoError.self) {
            try DocumentReader().records(.fileDescriptor(empty.readEnd.descriptor, name: "empty pipe"))
        }
        #expect(error?.code == "not-pdf", "\(String(describing: error))")
        #expect(Date().timeIntervalSince(start) < 5, "no wait for another writer")
    }

    /// The JSON lines `pageinfo pages` prints for a source (`seconds` is not measured here).
    static func jsonLines(_ source: DocumentSource) -> [String] {
        var encoder = PageListEncoder(format: .jsonl, out: ByteWriter())
        _ = DocumentReader().read(source, into: &encoder)
        encoder.end()
        return String(decoding: encoder.out.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("a file larger than the in-memory threshold is read in place: the records of the same document read in memory")
    func largeFileInPlace() throws {
        let dir = try makeScratchDirectory("in-place")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let content = try PaddedPDF.bytes(of: Self.mixed, largerThan: 256 << 10)
        let large = dir + "/large.pdf"
        try FileSystem.writeFile(content, to: large)
        let file = try OpenFile.open(large)
        defer { try? file.close() }

        // In place (a path, a raw path, a descriptor), and the same bytes in memory.
        let inPlace = Self.jsonLines(.path(large))
        // The pages are the fixture's, as it was built (its golden file).
        let golden = try FixtureGolden.load("mixed")
        let sizes = try inPlace.dropLast().map { line in
            let page = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let size = try #require(page["size"] as? [String: Double])
            return [size["width"] ?? .nan, size["height"] ?? .nan]
        }
        #expect(sizes == golden.pages.map { [$0.size.width, $0.size.height] })
        #expect(Self.jsonLines(.rawPath(Array(large.utf8))) == inPlace)
        #expect(Self.jsonLines(.fileDescriptor(file.descriptor, name: large)) == inPlace)
        #expect(Self.jsonLines(.bytes(content, name: large)) == inPlace)
        #expect(inPlace.last?.contains("\"bytes\":\(content.count),") == true, "\(inPlace.last ?? "")")

        // The small original, read in memory, has the same pages.
        let small = Self.jsonLines(.path(Self.mixed)).map { $0.replacingOccurrences(of: Self.mixed, with: large) }
        #expect(small.dropLast() == inPlace.dropLast())
        let size = try FileStatus(path: Self.mixed).size
        #expect(small.last?.contains("\"bytes\":\(size),") == true)
    }

    @Test("an empty file and a directory fail as they did when Poppler opened them: not a PDF (0 bytes); a directory")
    func emptyFileAndDirectory() throws {
        let dir = try makeScratchDirectory("empty")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let empty = dir + "/empty.pdf"
        try FileSystem.writeFile([], to: empty)
        let error = #expect(throws: PageInfoError.self) { try DocumentReader().records(.path(empty)) }
        #expect(error?.code == "not-pdf", "\(String(describing: error))")
        #expect(Self.jsonLines(.path(empty)).last?.contains("\"bytes\":0,") == true)
        let directory = #expect(throws: PageInfoError.self) { try DocumentReader().records(.path(dir)) }
        #expect(directory?.code == "unreadable")
        #expect(directory?.description.hasSuffix("it is a directory") == true, "\(String(describing: directory))")
    }

    @Test("which route a source takes: a file of up to 256 KiB in memory, a larger one, a FIFO and a /proc file by path; a descriptor read from its start, its position kept")
    func inMemoryRoute() throws {
        let dir = try makeScratchDirectory("route")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let limit = DocumentSource.inMemoryFileBytes
        #expect(limit == 256 << 10)
        let small = try OpenFile.readFile(Self.mixed)
        // Which route is a matter of size alone: any bytes will do.
        let atLimit = small + [UInt8](repeating: 0x0A, count: limit - small.count)
        let overLimit = atLimit + [0x0A]
        for (name, bytes) in [("at-limit.pdf", atLimit), ("over-limit.pdf", overLimit)] { try FileSystem.writeFile(bytes, to: dir + "/" + name) }

        func content(_ source: DocumentSource) throws -> [UInt8]? {
            let opened = try OpenedSource(source, maxStreamMiB: 1)
            defer { opened.close() }
            return opened.content
        }
        #expect(try content(.path(Self.mixed)) == small)
        #expect(try content(.rawPath(Array(Self.mixed.utf8))) == small)
        #expect(try content(.path(dir + "/at-limit.pdf")) == atLimit)
        #expect(try content(.path(dir + "/over-limit.pdf")) == nil)
        #expect(try content(.bytes(overLimit, name: "b")) == overLimit, "bytes are parsed in memory whatever their size")
        #expect(try content(.path("/proc/self/status")) == nil, "a /proc file says size 0 and holds more")
        #expect(try content(.path(dir + "/missing.pdf")) == nil)
        // A FIFO is not opened (no writer: opening it for reading would not block, but would
        // release a writer waiting in open); it goes to InputFile by path as before.
        #expect(mkfifo(dir + "/fifo", 0o600) == 0)
        let fifo = try OpenedSource(.path(dir + "/fifo"), maxStreamMiB: 1)
        #expect(fifo.content == nil && fifo.path == dir + "/fifo")

        // A descriptor whose position is elsewhere: the whole file, the position kept.
        let file = try OpenFile.open(Self.mixed)
        defer { try? file.close() }
        #expect(lseek(file.rawValue, 100, SEEK_SET) == 100)
        #expect(try content(.fileDescriptor(file.descriptor, name: "mixed")) == small)
        #expect(lseek(file.rawValue, 0, SEEK_CUR) == 100)
        #expect(try Self.pageSizes(.fileDescriptor(file.descriptor, name: "mixed")) == Self.pageSizes(.path(Self.mixed)))
    }

    @Test("draw and sheet: the renderer reads the file the document was opened from (pinned), even once its name holds another file")
    func pinnedForRendering() throws {
        let dir = try makeScratchDirectory("pinned")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // mixed.pdf has 10 pages, boxes.pdf fewer: the renderer's 10th page tells them apart.
        let other = try DocumentReader().records(.path(Paths.fixture("boxes.pdf"))).outcome.pageCount
        try #require(other < 10)
        let white = { (renderer: PageRenderer) throws(RenderError) in
            try renderer.render(pageIndex: 9, region: Rect(x: 0, y: 0, width: 10, height: 10), rotation: .degrees0, width: 2, height: 2)
        }
        for pinned in [true, false] {
            let name = dir + "/\(pinned).pdf", replacement = dir + "/replacement.pdf"
            try FileManager.default.copyItem(atPath: Self.mixed, toPath: name)
            try FileManager.default.copyItem(atPath: Paths.fixture("boxes.pdf"), toPath: replacement)
            defer { InputFile.release(.path(name)) }
            let document = try InputFile.open(.path(name), password: nil, pinned: pinned)
            #expect(document.pageCount == 10)
            #expect(rename(replacement, name) == 0)
            let renderer = try InputFile.renderer(.path(name), password: nil)
            if pinned {
                #expect(renderer.path.hasPrefix("/proc/self/fd/"))
                #expect(try white(renderer).count == 12)
            } else {
                // (The old way, for contrast: the name is opened again, and it is another file.)
                #expect(throws: RenderError.self) { try white(renderer) }
            }
        }
    }

    @Test("documents opened on eight threads at once, pinned and by password file: each its own file, and one file all share (a release leaves the others' copy open)")
    func concurrentOpens() throws {
        let dir = try makeScratchDirectory("concurrent")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sources = [("mixed.pdf", 10), ("boxes.pdf", try DocumentReader().records(.path(Paths.fixture("boxes.pdf"))).outcome.pageCount)]
        var names: [(String, Int)] = []
        for thread in 0..<8 {
            let (fixture, pages) = sources[thread % 2]
            let name = dir + "/\(thread).pdf"
            try FileManager.default.copyItem(atPath: Paths.fixture(fixture), toPath: name)
            names.append((name, pages))
        }
        let shared = dir + "/shared.pdf"
        try FileManager.default.copyItem(atPath: Paths.fixture("mixed.pdf"), toPath: shared)
        let passwordFile = dir + "/password"
        try Data("secret\n".utf8).write(to: URL(fileURLWithPath: passwordFile))
        let failures = Mutex<[String]>([]), files = names
        DispatchQueue.concurrentPerform(iterations: files.count) { thread in
            let (name, pages) = files[thread]
            for round in 0..<200 {
                defer { InputFile.release(.path(name)) }
                do {
                    let document = try InputFile.open(.path(name), password: nil, pinned: true)
                    let password = try PasswordSource(file: passwordFile, usesEnvironment: false).resolve()
                    if document.pageCount != pages || password != "secret" {
                        failures.withLock { $0.append("\(name) round \(round): \(document.pageCount) pages, password \(password ?? "nil")") }
                    }
                    defer { InputFile.release(.path(shared)) }
                    let common = try InputFile.open(.path(shared), password: nil, pinned: true)
                    if common.pageCount != 10 {
                        failures.withLock { $0.append("\(shared) round \(round) on thread \(thread): \(common.pageCount) pages") }
                    }
                } catch {
                    failures.withLock { $0.append("\(name) round \(round): \(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
    }
}
