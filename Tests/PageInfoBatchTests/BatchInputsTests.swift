// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageInfoBatch
import PageInfoSystem
import PageInfoTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `-r` and `-L`: which names a directory walk collects, in which order, and what it skips.
@Suite("BatchInputs: the directory walk")
struct BatchInputsTests {
    /// A tree with nested PDFs in any case, a non-PDF, a name that is not UTF-8, a directory
    /// named like a PDF, a link to a PDF outside the tree and a link back to the top (a loop).
    private func tree(_ test: String) throws -> (root: String, outside: String) {
        let root = try makeScratchDirectory("walk-" + test)
        let outside = try makeScratchDirectory("walk-outside-" + test)
        let fm = FileManager.default
        for dir in ["b", "b/deep", "c.pdf"] { try fm.createDirectory(atPath: root + "/" + dir, withIntermediateDirectories: true) }
        for file in ["a.pdf", "z.PDF", "notes.txt", "b/one.pdf", "b/deep/two.Pdf"] {
            #expect(fm.createFile(atPath: root + "/" + file, contents: Data("x".utf8)))
        }
        // A name with the bytes ff fe: not UTF-8, so made through the raw-bytes open.
        let raw = Array((root + "/bad-").utf8) + [0xFF, 0xFE] + Array(".pdf".utf8)
        try OpenFile.open(rawPath: raw, O_WRONLY | O_CREAT | O_EXCL, name: "bad").close()
        #expect(fm.createFile(atPath: outside + "/linked.pdf", contents: Data("x".utf8)))
        try fm.createSymbolicLink(atPath: root + "/link.pdf", withDestinationPath: outside + "/linked.pdf")
        try fm.createSymbolicLink(atPath: root + "/b/loop", withDestinationPath: root)
        return (root, outside)
    }

    private func names(_ inputs: BatchInputs) throws -> [String] {
        try inputs.collect().map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("-r: *.pdf in any case, sorted by bytes within each walked argument; links and non-PDFs skipped; a directory named .pdf walked, not listed")
    func walk() throws {
        let (root, outside) = try tree("plain")
        defer { try? FileManager.default.removeItem(atPath: root); try? FileManager.default.removeItem(atPath: outside) }
        let found = try BatchInputs(arguments: [Array(root.utf8)], recursive: true).collect()
        let expected: [[UInt8]] = [
            Array((root + "/a.pdf").utf8), Array((root + "/b/deep/two.Pdf").utf8), Array((root + "/b/one.pdf").utf8),
            Array((root + "/bad-").utf8) + [0xFF, 0xFE] + Array(".pdf".utf8), Array((root + "/z.PDF").utf8),
        ]
        #expect(found == expected)
    }

    @Test("-L: links followed, each directory entered once (a link back to the top is no loop)")
    func followingLinks() throws {
        let (root, outside) = try tree("links")
        defer { try? FileManager.default.removeItem(atPath: root); try? FileManager.default.removeItem(atPath: outside) }
        let found = try names(BatchInputs(arguments: [Array(root.utf8)], recursive: true, followSymlinks: true))
        #expect(found.contains(root + "/link.pdf"))
        #expect(found.count == 6, "\(found)")
        #expect(!found.contains { $0.contains("/loop/") })
    }

    @Test("names that are not directories stay as given, in order: a file, a missing name, a name with a NUL byte")
    func plainNames() throws {
        let (root, outside) = try tree("names")
        defer { try? FileManager.default.removeItem(atPath: root); try? FileManager.default.removeItem(atPath: outside) }
        let given: [[UInt8]] = [Array((root + "/notes.txt").utf8), Array("/no/such/dir".utf8), Array((root + "\u{0}x").utf8)]
        #expect(try BatchInputs(arguments: given, recursive: true).collect() == given)
    }
}
