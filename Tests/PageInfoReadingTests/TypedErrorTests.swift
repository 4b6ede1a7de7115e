// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageGeometry
import PageInfoPoppler
import PageInfoReading
import PageInfoRecords
import PageInfoTestSupport
import Testing

/// The reading library's typed errors: what failed and which file, the kind that decides the
/// exit status, and no option name (the CLI adds it).
@Suite struct TypedErrorTests {
    @Test("a password file that does not exist: cannotOpen naming the file, 66, and the system's reason")
    func passwordFileMissing() throws {
        let path = try makeScratchDirectory("password") + "/none.txt"
        let error = try #require(throws: PasswordFileError.self) { _ = try PasswordSource(file: path).resolve() }
        #expect(error == .cannotOpen(file: path, reason: "No such file or directory"))
        #expect(error.description == "\(path): open: No such file or directory")
        #expect(error.kind.exitStatus == .cannotOpen)
    }

    @Test("a password file's first line, without its CRLF")
    func passwordFileRead() throws {
        let path = try makeScratchDirectory("password") + "/pw.txt"
        try Data("secret\r\nnot this\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try PasswordSource(file: path, usesEnvironment: false).resolve() == "secret")
    }

    @Test("no page found: the reader refuses a damaged document without a page, code damaged, 65")
    func noPageFound() throws {
        let path = Paths.fixture("damaged/count-zero-loop.pdf")
        let error = try #require(throws: PageInfoError.self) { _ = try DocumentReader().openDocument(.path(path)) }
        #expect(error.description == "\(path): no page found: the page tree is broken and yields no page")
        #expect(error.code == "damaged" && error.exitStatus == .malformed)
        // The file record of `pages` says the same.
        let records = try DocumentReader().records(.path(path))
        #expect(records.outcome.error?.message == error.description)
        // A valid, empty document opens (its layout is empty, not an error).
        #expect(try DocumentReader().openDocument(.path(Paths.fixture("damaged/empty-tree.pdf"))).pageCount == 0)
    }

    @Test("a path '-' is the file named '-' (here none), not standard input")
    func dashIsAFile() throws {
        try #require(!FileManager.default.fileExists(atPath: "-"))
        let error = try #require(throws: PageInfoError.self) { _ = try DocumentReader().records(.path("-")) }
        #expect(error == .fileNotFound(path: "-"))
        #expect(error.description == "-: no such file")
    }

    @Test("a frame that is not finite: LayoutError naming the file and the page, 65")
    func layoutError() {
        let error = LayoutError.nonFiniteFrame(path: "a.pdf", page: 2, displayed: Size(width: 1e308, height: 10), viewSize: Size(width: 800, height: 600))
        #expect(error.kind.exitStatus == .malformed)
        #expect(error.description.hasPrefix("a.pdf: page 3 (displayed "))
        #expect(error.description.hasSuffix(" cannot be laid out in a 800x600 view: its frame is not a finite number"))
    }
}
