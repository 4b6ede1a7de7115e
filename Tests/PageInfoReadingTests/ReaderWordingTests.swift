// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoGrammar
import PageInfoBatch
import PageInfoEncoding
import PageInfoPoppler
import PageInfoReading
import PageInfoRecords
import PageInfoTestSupport
import Testing

/// What the reading library says names its settings as a Swift program set them (`strict`,
/// `ranges`, `maxStreamMiB`), never as `pageinfo`'s options; the CLI asks for its options
/// (`Wording.commandLine`) and gets its messages unchanged. (The names themselves are
/// PageInfoRecords' `Wording`, tested in PageInfoRecordsTests.)
@Suite struct ReaderWordingTests {
    @Test("a strict failure: the file record names strict in the library's words, --strict in the CLI's; the same code and status")
    func strict() throws {
        let path = Paths.fixture("boxes.pdf")
        let library = try DocumentReader(strict: true).records(.path(path))
        let message = try #require(library.outcome.error?.message)
        #expect(library.outcome.error?.code == "strict" && library.exitStatus == .malformed)
        #expect(message == "\(path): strict: 0 page errors and 7 warnings (page warnings)")
        #expect(library.message == message)
        let commandLine = try DocumentReader(strict: true, wording: .commandLine).records(.path(path))
        #expect(commandLine.outcome.error?.message == "\(path): --strict: 0 page errors and 7 warnings (page warnings)")
        #expect(commandLine.outcome.error?.code == "strict" && commandLine.exitStatus == .malformed)
    }

    @Test("a page past the end: ranges in the library's words, --pages in the CLI's")
    func pageOutOfRange() throws {
        let path = Paths.fixture("mixed.pdf")
        let ranges = try PageRangeList("99")
        let library = try DocumentReader(ranges: ranges).records(.path(path))
        let message = try #require(library.outcome.error?.message)
        #expect(library.outcome.error?.code == "page-out-of-range" && library.exitStatus == .usage)
        #expect(message.hasPrefix("\(path): ranges: page 99 is out of range"), "\(message)")
        #expect(!message.contains("--"), "\(message)")
        let commandLine = try DocumentReader(ranges: ranges, wording: .commandLine).records(.path(path))
        #expect(commandLine.outcome.error?.message == message.replacingOccurrences(of: ": ranges: ", with: ": --pages: "))
    }

    @Test("an encrypted file without a password: the library asks for the password, the CLI names its three ways to give it")
    func passwordRequired() throws {
        let path = Paths.fixture("encrypted.pdf")
        let error = try #require(throws: PageInfoError.self) { _ = try DocumentReader().records(.path(path)) }
        #expect(error == .passwordRequired(path: path) && error.exitStatus == .encrypted)
        #expect(error.description == "\(path): encrypted; give its user or owner password")
        #expect(error.message(.library) == error.description)
        #expect(error.message(.commandLine)
                == "\(path): encrypted; give its user or owner password with --password-file FILE, PAGEINFO_PASSWORD or --password")
        // The file record of each wording says the same as its error.
        var encoder = PageListEncoder(format: .jsonl, out: ByteWriter())
        #expect(DocumentReader().read(.path(path), into: &encoder).outcome.error?.message == error.description)
        #expect(DocumentReader(wording: .commandLine).read(.path(path), into: &encoder).outcome.error?.message == error.message(.commandLine))
    }

    @Test("a stream past the limit: typed (the limit in MiB), maxStreamMiB in the library's words, --max-input-size in the CLI's")
    func streamTooLong() {
        let error = PageInfoError.streamTooLong(path: "-", limitMiB: 1)
        #expect(error.code == "unreadable" && error.exitStatus == .cannotOpen)
        #expect(error.description == "-: cannot read the file: the stream is longer than maxStreamMiB 1 MiB; save it to a file, or raise maxStreamMiB")
        #expect(error.message(.commandLine)
                == "-: cannot read the file: the stream is longer than --max-input-size 1 MiB; save it to a file, or raise --max-input-size")
    }
}
