// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageGeometry
import PageInfoPoppler
import PageInfoTestSupport
import Testing

/// A document opened by path is read through 64 KiB blocks kept in a small cache
/// (block_file_stream.h); one opened from bytes is read from memory by Poppler's own MemStream.
/// Both must read the same bytes at the same offsets, so the same pages.
@Suite("Files read through 64 KiB blocks")
struct BlockFileStreamTests {
    /// A PDF of `count` pages, each page object padded so that objects begin at every offset
    /// within a block and many straddle a 64 KiB boundary; page i's MediaBox is
    /// [i, -i, i + 100 + i % 7, 200 + i % 13 - i] (written here, so the oracle is the construction).
    static func paddedPages(count: Int) -> (bytes: [UInt8], boxes: [Rect]) {
        var out = Array("%PDF-1.7\n%\u{00E2}\u{00E3}\n".utf8)
        var offsets: [Int] = []
        var boxes: [Rect] = []
        func object(_ number: Int, _ body: String) {
            while offsets.count < number { offsets.append(0) }
            offsets[number - 1] = out.count
            out += Array("\(number) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let kids = (0..<count).map { "\($0 + 3) 0 R" }.joined(separator: " ")
        object(1, "<< /Type /Catalog /Pages 2 0 R >>")
        object(2, "<< /Type /Pages /Count \(count) /Kids [\(kids)] >>")
        for i in 0..<count {
            let x = Double(i), y = Double(-i), width = Double(100 + i % 7), height = Double(200 + i % 13)
            boxes.append(Rect(x: x, y: y, width: width, height: height))
            // 0 to 1,020 bytes of padding, a step that is prime to the block size.
            let padding = String(repeating: "p", count: (i * 337) % 1021)
            object(i + 3, "<< /Type /Page /Parent 2 0 R /Padding (\(padding)) /MediaBox [\(Int(x)) \(Int(y)) \(Int(x + width)) \(Int(y + height))] >>")
        }
        let xref = out.count
        out += Array("xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets {
            let digits = String(offset)
            out += Array((String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n").utf8)
        }
        out += Array("trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return (out, boxes)
    }

    @Test("Pages whose objects straddle block boundaries read as they were written")
    func straddlingObjects() throws {
        let (bytes, boxes) = Self.paddedPages(count: 1_500)
        #expect(bytes.count > 8 * 65_536, "more blocks than the cache holds: blocks are read again after eviction")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("block-stream-\(getpid()).pdf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let pages = try PopplerDocument(path: path).pages()
        #expect(pages.count == boxes.count)
        for (page, box) in zip(pages, boxes) where page.boxes[.media] != box {
            Issue.record("page \(page.index + 1): MediaBox \(page.boxes[.media]), written \(box)")
        }
        // Backwards, and one page at a time: positions before the cached blocks are read again.
        let document = try PopplerDocument(path: path)
        for index in stride(from: boxes.count - 1, through: 0, by: -97) {
            #expect(try document.page(at: index).boxes[.media] == boxes[index], "page \(index + 1) read alone")
        }
        #expect(try PopplerDocument(bytes: bytes).pages() == pages, "the same pages from memory")
    }

    @Test("Every fixture and corpus file reads the same from its path as from its bytes")
    func pathAndBytesAgree() throws {
        var files: [String] = []
        for folder in [Paths.fixtures, Paths.fixtures.appendingPathComponent("damaged"), Paths.corpus] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            files += names.filter { $0.hasSuffix(".pdf") }.sorted().map { folder.appendingPathComponent($0).path }
        }
        #expect(files.count >= 30, "the fixtures are there")
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            let fromPath: Result<[PageInfo], PageInfoError> = Result(catching: { () throws(PageInfoError) in try PopplerDocument(path: file).pages() })
            let fromBytes: Result<[PageInfo], PageInfoError> = Result(catching: { () throws(PageInfoError) in try PopplerDocument(bytes: bytes).pages() })
            switch (fromPath, fromBytes) {
            case let (.success(a), .success(b)):
                #expect(a == b, "\(file): the pages differ")
            case (.failure, .failure):
                break // (the errors name the file differently: a path, or none)
            default:
                Issue.record("\(file): from its path \(fromPath), from its bytes \(fromBytes)")
            }
        }
    }
}
