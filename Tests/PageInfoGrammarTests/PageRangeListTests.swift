// SPDX-License-Identifier: Apache-2.0
import PageInfoGrammar
import Testing

// PageRangeList, the page list grammar of --pages (moved here with the type from the output module).

// MARK: - PageRangeList

@Suite("PageRangeList")
struct PageRangeListTests {
    /// The items as "first-last" ("10-" for an open end): `Item`'s memberwise initializer is
    /// internal to the module, so compare through its public properties.
    static func spans(_ text: String) throws -> [String] {
        try PageRangeList(text).items.map { "\($0.first)-\($0.last.map(String.init) ?? "")" }
    }

    @Test("the issue's example 1-3,7,10-")
    func example() throws {
        let list = try PageRangeList("1-3,7,10-")
        #expect(try Self.spans("1-3,7,10-") == ["1-3", "7-7", "10-"])
        #expect(list.description == "1-3,7,10-")
        // 12 pages: 1-3 → indices 0..<3, 7 → 6..<7, 10- → 9..<12.
        #expect(try list.indexRanges(pageCount: 12) == [0..<3, 6..<7, 9..<12])
        // Exactly 10 pages: 10- is the last page alone.
        #expect(try list.indexRanges(pageCount: 10) == [0..<3, 6..<7, 9..<10])
    }

    @Test("single pages, ranges and open ends")
    func forms() throws {
        #expect(try Self.spans("5") == ["5-5"])
        #expect(try PageRangeList("5").indexRanges(pageCount: 5) == [4..<5])
        #expect(try PageRangeList("3-3").indexRanges(pageCount: 5) == [2..<3])
        #expect(try PageRangeList("1-").indexRanges(pageCount: 4) == [0..<4])
        #expect(try PageRangeList("1-10").indexRanges(pageCount: 10) == [0..<10])
    }

    @Test("order is kept and repeats are allowed")
    func orderAndRepeats() throws {
        #expect(try PageRangeList("2-3,1").indexRanges(pageCount: 3) == [1..<3, 0..<1])
        #expect(try PageRangeList("3,1,3").indexRanges(pageCount: 3) == [2..<3, 0..<1, 2..<3])
    }

    /// The parser trims spaces around each comma-separated item (so `1, 3` works), but a range
    /// itself is written without spaces (`2 - 4` is rejected), as qpdf writes it.
    @Test("spaces around items are allowed; inside a range they are not")
    func spaces() throws {
        #expect(try Self.spans(" 2-4 ") == ["2-4"])
        #expect(try Self.spans("1, 3") == ["1-1", "3-3"])
        #expect(try Self.spans("  7  ,  9-  ") == ["7-7", "9-"])
        #expect(throws: PageRangeList.ParseError.self) { try PageRangeList(" 2 - 4") }
    }

    /// (text, a phrase the one-line message must contain).
    static let malformed: [(String, String)] = [
        ("0", "'0'"),
        ("3-1", "reversed"),
        ("a", "'a'"),
        ("x", "'x'"),
        ("", "empty"),
        (" ", "empty"),
        ("1,,2", "empty"),
        (",", "empty"),
        ("1,", "empty"),
        ("-3", "first page"),
        ("-", "'-'"),
        ("0-5", "'0-5'"),
        ("1-0", "'1-0'"),
        ("1-2-3", "'1-2-3'"),
        ("2--3", "'2--3'"),
        ("1.5", "'1.5'"),
        ("99999999999999999999999", "99999999999999999999999"),
        ("1-x", "'1-x'"),
    ]

    @Test("malformed lists throw, naming the bad item in one line", arguments: malformed)
    func errors(text: String, phrase: String) {
        do {
            let list = try PageRangeList(text)
            Issue.record("'\(text)' parsed as \(list.items)")
        } catch {
            #expect(error.description.contains(phrase), "'\(text)': \(error.description)")
            #expect(!error.description.contains("\n"), "'\(text)'")
        }
    }

    @Test("pages past the end are errors that name the page and the page count")
    func outOfRange() throws {
        let cases: [(String, Int, String)] = [
            ("99", 10, "page 99"),
            ("11", 10, "page 11"),
            ("11-", 10, "page 11"),
            ("5-20", 10, "page 20"),
            ("1-3,12", 10, "page 12"),
            ("1", 0, "page 1"),
            ("1-", 0, "page 1"),
        ]
        for (text, count, phrase) in cases {
            let list = try PageRangeList(text)
            do {
                let ranges = try list.indexRanges(pageCount: count)
                Issue.record("'\(text)' on \(count) pages gave \(ranges)")
            } catch {
                #expect(error.description.contains(phrase), "'\(text)' on \(count): \(error.description)")
                #expect(error.description.contains("\(count) page"), "'\(text)' on \(count): \(error.description)")
            }
        }
        // Singular and plural.
        #expect(throws: PageRangeList.ParseError.self) { try PageRangeList("2").indexRanges(pageCount: 1) }
        do { _ = try PageRangeList("2").indexRanges(pageCount: 1) } catch {
            #expect(error.description.hasSuffix("1 page"), "\(error.description)")
        }
        do { _ = try PageRangeList("3").indexRanges(pageCount: 2) } catch {
            #expect(error.description.hasSuffix("2 pages"), "\(error.description)")
        }
    }
}

