// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageGeometry
import PageInfoSystem
import PageInfoEncoding
import SystemPackage
import PageInfoRecords
import Testing

// Unit tests for the output layer: ByteWriter's number, JSON-string and CSV-field formatting.
// Expected strings come from RFC 8259 (JSON), RFC 4180 (CSV), the issue's
// "612, not 612.000000" rule and the doc comments, never from running the encoder first.

// MARK: - Helpers (file-private so they cannot clash with other files of this target)

private func number(_ value: Double) -> String {
    var w = ByteWriter()
    w.append(number: value)
    return w.string
}

private func number(_ value: Double, decimals: Int) -> String {
    var w = ByteWriter()
    w.append(number: value, decimals: decimals)
    return w.string
}

private func integer(_ value: Int) -> String {
    var w = ByteWriter()
    w.append(int: value)
    return w.string
}

private func jsonString(_ s: String) -> String {
    var w = ByteWriter()
    w.append(jsonString: s)
    return w.string
}

private func jsonBytes(_ s: String) -> [UInt8] {
    var w = ByteWriter()
    w.append(jsonString: s)
    return w.bytes
}

private func csvField(_ s: String) -> String {
    var w = ByteWriter()
    w.append(csvField: s)
    return w.string
}

/// RFC 8259 §6 number grammar: `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`.
private func isJSONNumber(_ s: String) -> Bool {
    var i = s.utf8.makeIterator()
    var c = i.next()
    func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
    if c == UInt8(ascii: "-") { c = i.next() }
    guard isDigit(c) else { return false }
    if c == UInt8(ascii: "0") { c = i.next() } else { while isDigit(c) { c = i.next() } }
    if c == UInt8(ascii: ".") {
        c = i.next()
        guard isDigit(c) else { return false }
        while isDigit(c) { c = i.next() }
    }
    if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
        c = i.next()
        if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") { c = i.next() }
        guard isDigit(c) else { return false }
        while isDigit(c) { c = i.next() }
    }
    return c == nil
}

/// Parses a JSON scalar the way a consumer would.
private func parseJSON(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

// MARK: - Numbers

@Suite("ByteWriter numbers")
struct ByteWriterNumberTests {
    /// (value, exact text). Integral values print as integers; fractions in their shortest
    /// decimal form; float noise below 10⁻⁹ is rounded away; −0 is 0.
    static let exact: [(Double, String)] = [
        (612, "612"),
        (792, "792"),
        (-612, "-612"),
        (1, "1"),
        (595.276, "595.276"),
        (841.89, "841.89"),
        (574.625, "574.625"),
        (28.3465, "28.3465"),
        (-0.5, "-0.5"),
        (0.5, "0.5"),
        (0, "0"),
        (-0.0, "0"),
        (595.2760000000001, "595.276"),       // float noise from x + w − x
        (20 + 575.276 - 20, "575.276"),       // the doc comment's example
        (0.1 + 0.2, "0.3"),                   // 0.30000000000000004
        (1.0 / 3.0 * 3.0, "1"),
        (2.9999999999, "3"),                  // within 10⁻⁹ of 3
        (1e-10, "0"),                         // below the 10⁻⁹ resolution
        (-1e-10, "0"),                        // … and never "-0"
        (1234567.25, "1234567.25"),
        (-14400, "-14400"),
        (999_999_999_999_999, "999999999999999"),
        (-123_456_789_012_345, "-123456789012345"),
    ]

    @Test("exact text", arguments: exact)
    func exactText(value: Double, expected: String) {
        #expect(number(value) == expected, "\(value)")
    }

    /// Integers are exactly representable up to 2⁵³ and the doc comment promises "Integral
    /// values print as integers"; a JSON consumer should see plain digits, as
    /// `formatCompact` and JavaScript's JSON.stringify print them.
    @Test("large integers up to 2^53 print as plain digits", arguments: [
        (1e15, "1000000000000000"),
        (-1e15, "-1000000000000000"),
        (1e15 + 1, "1000000000000001"),
        (9_007_199_254_740_992, "9007199254740992"),
    ])
    func largeIntegers(value: Double, expected: String) {
        #expect(number(value) == expected, "\(value)")
    }

    /// The doc comment: non-integral values "are first rounded to 9 decimal places … then
    /// printed in Swift's shortest round-trip form", and the README: "values are rounded to
    /// 10⁻⁹ pt". Between 10⁶ and ~9·10⁶ a Double still resolves 10⁻⁹ (ulp ≤ 1.9·10⁻⁹), so the
    /// noise of 1000000.1 + 0.2 = 1000000.2999999999 must be rounded away there too.
    @Test("float noise is rounded away above 10^6 too", arguments: [
        (1_000_000.1 + 0.2, "1000000.3"),
        (1_000_000.7 + 0.1, "1000000.8"),
        (-(1_000_000.1 + 0.2), "-1000000.3"),
    ] as [(Double, String)])
    func noiseAboveAMillion(value: Double, expected: String) {
        #expect("\(value)" != expected, "the input really carries noise")
        #expect(number(value) == expected, "\(value)")
    }

    /// Very large and very small magnitudes: any valid JSON number is fine as long as it parses
    /// back to the same Double and has no trailing noise.
    @Test("very large and very small values are valid JSON numbers that round-trip",
          arguments: [1e20, -1e20, 1e300, 1e-7, -1e-7, 1.5e-7, 123456789.123, 1e6 + 0.5, Double.greatestFiniteMagnitude])
    func roundTrips(value: Double) throws {
        let text = number(value)
        #expect(isJSONNumber(text), "\(value) → \(text)")
        #expect(!text.hasSuffix(".0"), "\(value) → \(text)")
        let parsed = try #require(try parseJSON(text) as? NSNumber, "\(text)")
        #expect(parsed.doubleValue == value, "\(value) → \(text)")
        #expect(Double(text) == value, "\(value) → \(text)")
    }

    @Test("NaN and infinities, which JSON cannot hold, print as null")
    func nonFinite() {
        #expect(number(.nan) == "null")
        #expect(number(.infinity) == "null")
        #expect(number(-.infinity) == "null")
        #expect(number(.signalingNaN) == "null")
    }

    @Test("every output is a JSON number (seeded random values)")
    func randomValuesAreJSON() {
        var state: UInt64 = 0x0DD5_EED5
        for i in 0..<5000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let bits = state >> 11
            let unit = Double(bits) / Double(1 << 53)  // 0..<1
            // Magnitudes from 10⁻⁹ to 10⁹, both signs, and some with exactly 3 decimals as PDFs have.
            var v = (unit - 0.5) * pow(10, Double(i % 19) - 9)
            if i % 3 == 0 { v = (v * 1000).rounded() / 1000 }
            let text = number(v)
            #expect(isJSONNumber(text), "\(v) → \(text)")
            #expect(text != "-0", "\(v)")
            // Within the documented 10⁻⁹ rounding (relative for large values).
            let back = Double(text) ?? .nan
            #expect(abs(back - v) <= Swift.max(1e-9, abs(v) * 1e-15), "\(v) → \(text)")
        }
    }

    @Test("integers")
    func integers() {
        #expect(integer(0) == "0")
        #expect(integer(7) == "7")
        #expect(integer(10) == "10")
        #expect(integer(-1) == "-1")
        #expect(integer(1_234_567_890) == "1234567890")
        #expect(integer(Int.max) == "9223372036854775807")
        #expect(integer(Int.min) == "-9223372036854775808")
    }

    /// `append(number:decimals:)`: rounded to at most `decimals` places, no trailing zeros.
    @Test("append(number:decimals:)", arguments: [
        (595.276, 2, "595.28"),
        (841.89, 2, "841.89"),
        (612, 2, "612"),
        (612.001, 2, "612"),
        (28.3465, 2, "28.35"),     // 2834.65 → 2835
        (99.999, 2, "100"),
        (0.1 + 0.2, 2, "0.3"),
        (1.0 / 3.0, 4, "0.3333"),
        (2.0 / 3.0, 4, "0.6667"),
        (-12.3456, 1, "-12.3"),
        (-0.001, 2, "0"),          // rounds to −0, printed as 0
        (-0.004, 2, "0"),
        (1.4, 0, "1"),
        (0.5, 4, "0.5"),
        (2, 4, "2"),
    ])
    func decimals(value: Double, decimals: Int, expected: String) {
        #expect(number(value, decimals: decimals) == expected, "\(value) to \(decimals)")
    }
}

// MARK: - JSON strings

@Suite("ByteWriter JSON strings")
struct ByteWriterJSONStringTests {
    @Test("quotes and backslashes are escaped")
    func quotesAndBackslash() {
        #expect(jsonString("plain") == #""plain""#)
        #expect(jsonString("") == #""""#)
        #expect(jsonString(#"say "hi""#) == #""say \"hi\"""#)
        #expect(jsonString(#"C:\dir\file"#) == #""C:\\dir\\file""#)
        #expect(jsonString(#"\""#) == #""\\\"""#)
        // A solidus may be escaped but need not be; plain is what we expect.
        #expect(jsonString("a/b") == #""a/b""#)
    }

    @Test("control characters are escaped (RFC 8259 §7: U+0000 to U+001F)")
    func controlCharacters() {
        #expect(jsonString("a\nb") == #""a\nb""#)
        #expect(jsonString("a\rb") == #""a\rb""#)
        #expect(jsonString("a\tb") == #""a\tb""#)
        #expect(jsonString("\u{0}") == #""\u0000""#)
        #expect(jsonString("\u{1}") == #""\u0001""#)
        #expect(jsonString("\u{8}") == #""\u0008""# || jsonString("\u{8}") == #""\b""#)
        #expect(jsonString("\u{C}") == #""\u000c""# || jsonString("\u{C}") == #""\f""#)
        #expect(jsonString("\u{1B}") == #""\u001b""#)
        #expect(jsonString("\u{1F}") == #""\u001f""#)
        // No raw byte below 0x20 ever appears inside the literal.
        let all = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        #expect(!jsonBytes(all).contains { $0 < 0x20 })
        // U+007F (DEL) needs no escape; U+0020 is a plain space.
        #expect(jsonString("\u{7F} ") == "\"\u{7F} \"")
    }

    @Test("non-ASCII is kept as UTF-8, not escaped")
    func nonASCII() {
        let s = "é ✓ 日本 😀 Ω"
        #expect(jsonBytes(s) == Array("\"\(s)\"".utf8))
        // U+2028/U+2029 are valid raw in JSON.
        #expect(jsonBytes("\u{2028}") == Array("\"\u{2028}\"".utf8))
    }

    @Test("every escaped string parses back to itself")
    func roundTrip() throws {
        let nasty = "q\"b\\s/ n\n r\r t\t \u{0}\u{1}\u{1F}\u{7F} é 😀 \u{2028} end"
        let all = String(decoding: (0..<0x80).map { UInt8($0) }, as: UTF8.self)
        for s in [nasty, all, "", "Index", "A-1", "S-\u{00E9}"] {
            let text = jsonString(s)
            let back = try #require(try parseJSON(text) as? String, "\(text)")
            #expect(back == s)
        }
    }
}

// MARK: - CSV fields

@Suite("ByteWriter CSV fields (RFC 4180)")
struct ByteWriterCSVTests {
    @Test("fields are quoted only when they must be")
    func quoting() {
        #expect(csvField("plain") == "plain")
        #expect(csvField("") == "")
        #expect(csvField("with space") == "with space")
        #expect(csvField("é日本") == "é日本")
        #expect(csvField("a,b") == #""a,b""#)
        #expect(csvField(#"say "hi""#) == #""say ""hi""""#)
        #expect(csvField(#"""#) == #""""""#)
        #expect(csvField("line1\nline2") == "\"line1\nline2\"")
        #expect(csvField("cr\r") == "\"cr\r\"")
        #expect(csvField("a,\"b\"\nc") == "\"a,\"\"b\"\"\nc\"")
        #expect(csvField("/tmp/a b/file.pdf") == "/tmp/a b/file.pdf")
    }

    /// A tiny RFC 4180 reader: the field must read back as the original text.
    @Test("quoted fields read back as the original text")
    func readBack() {
        func readField(_ s: String) -> String {
            guard s.first == "\"" else { return s }
            var out = "", chars = Array(s.dropFirst().dropLast()), i = 0
            while i < chars.count {
                if chars[i] == "\"" { i += 1 }  // "" → "
                out.append(chars[i]); i += 1
            }
            return out
        }
        for s in ["a,b", "say \"hi\"", "\"", "x\ny", "a,\"b\"\r\nc", "plain"] {
            #expect(readField(csvField(s)) == s, "\(s)")
        }
    }
}

// MARK: - ByteWriter buffer

@Suite("ByteWriter buffer")
struct ByteWriterBufferTests {
    @Test("appends text, bytes and spaces in order")
    func appends() {
        var w = ByteWriter()
        w.append("a")
        w.append(String("é"))
        w.append(byte: UInt8(ascii: "b"))
        w.appendSpaces(3)
        w.appendSpaces(0)
        w.appendSpaces(-2)
        w.append(int: -5)
        #expect(w.string == "aéb   -5")
    }

    @Test("grows past its first buffer without losing a byte; count, insertSpaces, trimTrailingSpaces")
    func growsAndEdits() {
        var w = ByteWriter()
        var expected: [UInt8] = []
        for i in 0..<5_000 {  // ~40 KB through an in-memory writer that starts at 256 bytes
            w.append(int: i); w.append(","); w.append(number: Double(i) / 8)
            expected += Array("\(i),\(Double(i) / 8)".utf8).map { $0 }
            if Double(i) / 8 == (Double(i) / 8).rounded() { expected.removeLast(2) }  // "1.0" prints "1"
        }
        #expect(w.count == expected.count)
        #expect(w.bytes == expected)
        w.bytes = Array("ab".utf8)
        w.insertSpaces(2, at: 1)
        w.insertSpaces(1, at: w.count)
        #expect(w.string == "a  b ")
        w.appendSpaces(4)
        w.trimTrailingSpaces()
        #expect(w.string == "a  b" && w.count == 4)
    }

    @Test("a writer on a file descriptor writes everything, in order, at flush and when it ends")
    func writesToAFileDescriptor() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        do {
            var w = ByteWriter(fd: FileDescriptor(rawValue: fds[1]), flushThreshold: 100)
            for i in 0..<1_000 { w.append(int: i); w.append(byte: 10); w.flushIfNeeded() }
        }  // the rest is written when the writer ends
        close(fds[1])
        var read: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let n = Glibc.read(fds[0], &chunk, chunk.count), n > 0 { read += chunk[..<n] }
        close(fds[0])
        #expect(String(decoding: read, as: UTF8.self) == (0..<1_000).map { "\($0)\n" }.joined())
    }
}

// MARK: - PageListEncoder with awkward input

/// Values the fixtures cannot produce (labels with quotes, commas, control characters and
/// non-ASCII; long labels; zero-page documents; float noise), encoded straight into memory.
@Suite("PageListEncoder edge cases")
struct PageListEncoderEdgeCaseTests {
    static func page(_ index: Int, label: String?, crop: Rect = Rect(x: 0, y: 0, width: 612, height: 792),
                     rotation: PageRotation = .degrees0) -> PageInfo {
        PageInfo(index: index, label: label, boxes: PageBoxes(uniform: crop), rotation: rotation)
    }

    static func encode(_ format: PageListFormat, wide: Bool = false, documents: [(DocumentSummary, [PageInfo])]) -> String {
        var e = PageListEncoder(format: format, wide: wide, out: ByteWriter())
        e.begin(documentCount: documents.count)
        for (doc, pages) in documents {
            e.beginDocument(doc)
            for p in pages { e.page(p) }
            e.endDocument(DocumentOutcome(status: .ok, pageCount: pages.count))
        }
        e.end()
        return e.out.string
    }

    static let awkwardLabels = ["say \"hi\"", "a,b", "line\nbreak", "tab\there", "back\\slash", "日本語 ✓", "", "\u{1}ctl"]

    @Test("json and jsonl carry any label exactly")
    func jsonLabels() throws {
        let pages = Self.awkwardLabels.enumerated().map { Self.page($0.offset, label: $0.element) }
        let doc = DocumentSummary(file: "dir/with \"quote\",comma.pdf")
        let json = Self.encode(.json, documents: [(doc, pages)])
        let object = try #require(try parseJSON(json) as? [String: Any], "\(json)")
        #expect(object["file"] as? String == doc.file)
        #expect((object["pages"] as? [[String: Any]])?.map { $0["label"] as? String } == Self.awkwardLabels)

        let jsonl = Self.encode(.jsonl, documents: [(doc, pages)])
        let lines = jsonl.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == pages.count + 1, "a label's newline must not split a record; one file record ends the file")
        let records = try lines.map { try #require(try parseJSON(String($0)) as? [String: Any])["record"] as? String }
        #expect(records == Array(repeating: "page", count: pages.count) + ["file"])
        let labels = try lines.dropLast().map { try #require(try parseJSON(String($0)) as? [String: Any])["label"] as? String }
        #expect(labels == Self.awkwardLabels)
    }

    @Test("csv quotes labels and file names that need it")
    func csvLabels() {
        let pages = Self.awkwardLabels.enumerated().map { Self.page($0.offset, label: $0.element) }
        let doc = DocumentSummary(file: "a,b.pdf")
        let csv = Self.encode(.csv, documents: [(doc, pages)])
        let rows = parseCSVRows(csv)
        #expect(rows.count == 1 + pages.count + 1, "header, pages, one file row")
        #expect(Set(rows.map(\.count)).count == 1, "every row has as many fields as the header")
        let kinds: [String] = Array(repeating: "page", count: pages.count) + ["file"]
        #expect(rows.dropFirst().map { $0[0] } == kinds)
        #expect(rows.dropFirst().map { $0[1] } == Array(repeating: "a,b.pdf", count: pages.count + 1))
        #expect(rows.dropFirst().dropLast().map { $0[4] } == Self.awkwardLabels)
    }

    /// The longest /UserUnit texts the reader can give (10⁻⁹ … 10⁶) print as JSON prints them and
    /// keep SIZE under its heading; 4 decimals in 6 columns showed 10⁻⁹ as 0 and let 10⁶ and
    /// 999999.999999999 run into the size.
    @Test("wide table: every valid /UserUnit as JSON prints it, columns aligned")
    func wideUserUnits() {
        let units = [1, 1e-9, 1.5e-9, 0.000999999, 0.000123457, 1.0000001, 123_456.123456789, 999_999.999999999, 1e6]
        let pages = units.enumerated().map {
            PageInfo(index: $0.offset, boxes: PageBoxes(uniform: Rect(x: 0, y: 0, width: 612, height: 792)),
                     rotation: .degrees0, userUnit: $0.element)
        }
        let table = Self.encode(.table, wide: true, documents: [(DocumentSummary(file: "f.pdf"), pages)])
        let lines = table.split(separator: "\n").map(String.init)
        let header = lines[1]
        let unit = header.distance(from: header.startIndex, to: header.range(of: "UNIT")!.lowerBound)
        let size = header.distance(from: header.startIndex, to: header.range(of: "SIZE")!.lowerBound)
        let rows = lines.filter { !$0.hasPrefix("#") && !$0.hasPrefix(" PAGE") }
        #expect(rows.count == units.count)
        for (row, value) in zip(rows, units) {
            let cells = Array(row)
            #expect(String(cells[unit..<size]).trimmingCharacters(in: .whitespaces) == formatCompact(value), "\(row)")
            #expect(String(cells[size...]).hasPrefix("612 x 792 "), "\(row)")
        }
        #expect(Set(units.map(formatCompact)).count == units.count, "every value distinct")
    }

    @Test("table: long and awkward labels keep the columns aligned")
    func tableLabels() {
        let labels = ["Appendix-XYZ-123", "exactly10c", "line\nbreak", "日本語", nil]
        let pages = labels.enumerated().map { Self.page($0.offset, label: $0.element) }
        let table = Self.encode(.table, documents: [(DocumentSummary(file: "f.pdf"), pages)])
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 + pages.count, "\(table)")
        #expect(lines.last == "# 5 pages: ok", "\(table)")
        let header = lines[1]
        let sizeColumn = header.distance(from: header.startIndex, to: header.range(of: "SIZE")!.lowerBound)
        for line in lines.dropFirst(2).dropLast() {
            let c = Array(line)
            #expect(c.count > sizeColumn && c[sizeColumn] == "6" && c[sizeColumn - 1] == " ", "'\(line)'")
            #expect(line.count <= 80, "'\(line)'")
        }
        // A label longer than the column is cut with an ellipsis; one that fits is kept whole.
        #expect(lines[2].contains("Appendix-…"), "'\(lines[2])'")
        #expect(lines[3].contains("exactly10c"), "'\(lines[3])'")
        #expect(lines[4].contains("line break"), "'\(lines[4])'")
    }

    @Test("json: a document without pages, alone and among others, is still valid JSON")
    func zeroPages() throws {
        let empty = DocumentSummary(file: "empty.pdf")
        let one = try #require(try parseJSON(Self.encode(.json, documents: [(empty, [])])) as? [String: Any])
        #expect((one["pages"] as? [Any])?.isEmpty == true)
        let docs = Self.encode(.json, documents: [(empty, []), (DocumentSummary(file: "b.pdf"), [Self.page(0, label: nil)]), (empty, [])])
        let array = try #require(try parseJSON(docs) as? [[String: Any]], "\(docs)")
        #expect(array.map { ($0["pages"] as? [Any])?.count } == [0, 1, 0])
    }

    @Test("numbers: no float noise and never -0 in any format")
    func numbers() throws {
        // A CropBox at the origin: rotation 0 gives tx = −0·… and 180 negates zeros.
        // And a CropBox whose numbers carry float noise (0.30000000000000004, 595.2760000000001).
        let noisy = Rect(x: 0.1 + 0.2, y: 0, width: 595.2760000000001, height: 0.7 + 0.1 + 791.2)
        #expect("\(noisy.x)" == "0.30000000000000004" && "\(noisy.width)" == "595.2760000000001")
        let pages = [Self.page(0, label: nil, rotation: .degrees0), Self.page(1, label: nil, rotation: .degrees180),
                     Self.page(2, label: nil, crop: noisy, rotation: .degrees90), Self.page(3, label: nil, rotation: .degrees270)]
        for format in [PageListFormat.json, .jsonl, .csv] {
            let text = Self.encode(format, documents: [(DocumentSummary(file: "n.pdf"), pages)])
            #expect(!text.contains("-0,") && !text.contains("-0}") && !text.contains("-0\n") && !text.contains(":-0"), "\(format): \(text)")
            #expect(!text.contains("00000000"), "\(format): float noise in \(text)")
            #expect(!text.contains("9999999"), "\(format): float noise in \(text)")
        }
    }
}

// MARK: - --format columns: chunks

/// `--format columns` (docs/records.md, "Columns"): how a file's page records are cut into chunk
/// records. The values of the chunks are compared with the jsonl records on every fixture, damaged
/// fixture and corpus file by `ColumnsFormatTests` (PageInfoCommandTests).
@Suite("PageListEncoder columns chunks")
struct ColumnChunkTests {
    /// Page `index` of a synthetic document: every seventh a page error, every fifth with a warning.
    static func entry(_ index: Int) -> PageEntry {
        let warnings = index % 5 == 0 ? [ReadWarning(.boxClipped, "TrimBox extends past the MediaBox; clipped to it")] : []
        if index % 7 == 3 { return PageEntry(index: index, label: nil, result: .failure(PageReadError(.kidMissing, "page \(index + 1): gone")), warnings: warnings) }
        let page = PageInfo(index: index, label: "p\(index)", boxes: PageBoxes(uniform: Rect(x: 0, y: 0, width: 612, height: Double(index))),
                            rotation: .degrees90)
        return PageEntry(index: index, label: page.label, result: .success(page), warnings: warnings)
    }

    /// What an encoder of `format` writes to a file for `documents` (name, page count), each
    /// document's page records made by ``entry(_:)``; `check` runs after each page record.
    static func output(_ format: PageListFormat, bitmap: BitmapRequest? = nil, documents: [(String, Int)],
                       check: (borrowing PageListEncoder) -> Void = { _ in }) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-columns-\(UUID().uuidString)")
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            var e = PageListEncoder(format: format, bitmap: bitmap, out: ByteWriter(fd: FileDescriptor(rawValue: fd)))
            e.begin(documentCount: documents.count)
            for (name, count) in documents {
                e.beginDocument(DocumentSummary(file: name))
                for i in 0..<count { e.entry(Self.entry(i)); check(e) }
                e.endDocument(DocumentOutcome(status: .ok, pageCount: count))
            }
            e.end()
            let failed = e.out.writeFailed
            #expect(!failed)
        }
        close(fd)
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// ``output(_:bitmap:documents:check:)`` of a JSON-lines format, its lines parsed.
    static func lines(_ format: PageListFormat, bitmap: BitmapRequest? = nil, documents: [(String, Int)],
                      check: (borrowing PageListEncoder) -> Void = { _ in }) throws -> [[String: Any]] {
        try output(format, bitmap: bitmap, documents: documents, check: check).split(separator: "\n")
            .map { try #require(try parseJSON(String($0)) as? [String: Any]) }
    }

    @Test("a file's pages are chunks of 1024 (the last smaller), before its file record; none for a file of no page; never across files")
    func chunkBoundaries() throws {
        #expect(PageListEncoder.columnChunkPages == 1024)
        let n = PageListEncoder.columnChunkPages
        var largestBuffer = 0, mostPagesHeld = 0
        let lines = try Self.lines(.columns, documents: [("a.pdf", 2 * n + 1), ("empty.pdf", 0), ("b.pdf", n), ("c.pdf", 1)]) { e in
            largestBuffer = max(largestBuffer, e.out.count)
            mostPagesHeld = max(mostPagesHeld, e.bufferedPages)
        }
        let kinds = lines.map { "\($0["record"] as? String ?? "?") \($0["file"] as? String ?? "?") \($0["count"] as? Int ?? 0)" }
        #expect(kinds == ["pages a.pdf 1024", "pages a.pdf 1024", "pages a.pdf 1", "file a.pdf 0", "file empty.pdf 0",
                          "pages b.pdf 1024", "file b.pdf 0", "pages c.pdf 1", "file c.pdf 0"])
        // Every row once, in order: the indexes continue across a file's chunks.
        let indexes = lines.filter { $0["file"] as? String == "a.pdf" && $0["record"] as? String == "pages" }
            .flatMap { (($0["columns"] as? [String: Any])?["index"] as? [Int]) ?? [] }
        #expect(indexes == Array(0...(2 * n)))
        // Memory stays flat: at most two chunks held (one gathered, a full one encoded on its
        // thread), and the writer flushes as it appends a chunk (its buffer stays under its
        // 64 KiB threshold after every record).
        #expect(mostPagesHeld <= 2 * n - 1, "a full chunk goes on to be encoded at once")
        // (At the first row after a full chunk, that chunk is being encoded aside, or was just
        // appended: held at least once, when the process has no address-space limit.)
        if !ResourceLimits.limitsAddressSpace { #expect(mostPagesHeld >= n, "no chunk was encoded aside") }
        #expect(largestBuffer < 1 << 16, "\(largestBuffer) bytes buffered")
    }

    @Test("jsonl and the other formats hold no page back")
    func otherFormatsHoldNothing() throws {
        for format in PageListFormat.allCases where format != .columns {
            var held = 0
            _ = try Self.output(format, documents: [("a.pdf", 10)]) { held = max(held, $0.bufferedPages) }
            #expect(held == 0, "\(format)")
        }
    }

    @Test("a chunk's columns are the jsonl records' values, row by row; null where a record has no such member")
    func valuesByRow() throws {
        let request = BitmapRequest(.dotsPerInch(150))
        let rows = try Self.lines(.columns, bitmap: request, documents: [("a.pdf", 9)])
        let records = try Self.lines(.jsonl, bitmap: request, documents: [("a.pdf", 9)])
        let columns = try #require(rows.first?["columns"] as? [String: Any])
        #expect(Array(columns.keys).sorted() == ["artBox", "bitmap", "bleedBox", "cropBox", "error", "index", "label", "mediaBox", "rotation",
                                                 "rotationRaw", "size", "transform", "trimBox", "userUnit", "warnings"])
        let pages = records.dropLast()
        #expect((columns["label"] as? [Any])?.map { $0 as? String } == pages.map { $0["label"] as? String })
        #expect(((columns["mediaBox"] as? [String: Any])?["height"] as? [Any])?.map { $0 as? Double }
                == pages.map { ($0["mediaBox"] as? [String: Any])?["height"] as? Double })
        #expect(((columns["error"] as? [String: Any])?["code"] as? [Any])?.map { $0 as? String }
                == pages.map { ($0["error"] as? [String: Any])?["code"] as? String })
        #expect(((columns["bitmap"] as? [String: Any])?["width"] as? [Any])?.map { $0 as? Int }
                == pages.map { ($0["bitmap"] as? [String: Any])?["width"] as? Int })
        #expect((columns["warnings"] as? [[Any]])?.map(\.count) == pages.map { ($0["warnings"] as? [Any])?.count })
        #expect(rows.last?["record"] as? String == "file" && rows.count == 2)
    }
}

/// RFC 4180 CSV into rows of fields (quoted fields may hold commas, quotes and newlines).
private func parseCSVRows(_ text: String) -> [[String]] {
    var rows: [[String]] = [], row: [String] = [], field = "", quoted = false
    var chars = Array(text.unicodeScalars)[...]
    while let c = chars.popFirst() {
        if quoted {
            if c == "\"" {
                if chars.first == "\"" { field.unicodeScalars.append(c); chars.removeFirst() } else { quoted = false }
            } else { field.unicodeScalars.append(c) }
        } else if c == "\"" {
            quoted = true
        } else if c == "," {
            row.append(field); field = ""
        } else if c == "\n" {
            row.append(field); field = ""; rows.append(row); row = []
        } else {
            field.unicodeScalars.append(c)
        }
    }
    if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
    return rows
}
