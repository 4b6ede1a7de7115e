// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoCheck
import PageInfoRecords
import Testing

@Suite("GoldenPairing")
struct GoldenPairingTests {
    @Test("a folder pairs by file name; two PDFs of one name are refused")
    func directory() throws {
        let pairs = try GoldenPairing.directory("goldens/").pairs(["a/book.pdf", "b/Atlas.PDF"])
        #expect(pairs.map(\.golden) == ["goldens/book.golden.json", "goldens/Atlas.golden.json"])
        #expect(pairs.map(\.pdf) == ["a/book.pdf", "b/Atlas.PDF"])
        #expect(throws: GoldenPairing.Problem.sharedGolden(first: "a/book.pdf", second: "b/book.pdf", golden: "g/book.golden.json")) {
            try GoldenPairing.directory("g").pairs(["a/book.pdf", "b/book.pdf"])
        }
    }

    @Test("one golden per file, in order")
    func files() throws {
        #expect(try GoldenPairing.files(["1.json", "2.json"]).pairs(["a.pdf", "b.pdf"]).map(\.golden) == ["1.json", "2.json"])
        #expect(GoldenPairing.Problem.countMismatch(files: 2, goldens: 1).description
                == "2 files but 1 golden (GoldenPairing.files); give one golden per file, in the same order")
        #expect(GoldenPairing.Problem.countMismatch(files: 2, goldens: 1).message(.commandLine)
                == "2 files but 1 --golden value; give one --golden per file, in the same order")
        #expect(throws: GoldenPairing.Problem.noGoldens) { try GoldenPairing.files([]).pairs(["a.pdf"]) }
    }
}
