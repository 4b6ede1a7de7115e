// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageGeometry
import PageInfoEncoding
import PageInfoTestSupport
import Testing

// MARK: - Expectations derived from a golden page

extension FixtureGolden.Page {
    static let boxNames = ["mediaBox", "cropBox", "bleedBox", "trimBox", "artBox"]

    func box(_ name: String) -> Rect {
        switch name {
        case "mediaBox": mediaBox
        case "cropBox": cropBox
        case "bleedBox": bleedBox
        case "trimBox": trimBox
        default: artBox
        }
    }

    /// raw → page for CropBox [x0 y0 x1 y1], from the issue's formulas:
    ///   0: (x − x0, y − y0)     → a 1, b 0, c 0, d 1, tx −x0, ty −y0
    ///  90: (y − y0, x1 − x)     → a 0, b −1, c 1, d 0, tx −y0, ty x1
    /// 180: (x1 − x, y1 − y)     → a −1, b 0, c 0, d −1, tx x1, ty y1
    /// 270: (y1 − y, x − x0)     → a 0, b 1, c −1, d 0, tx y1, ty −x0
    var expectedTransform: [String: Double] {
        let x0 = cropBox.x, y0 = cropBox.y, x1 = cropBox.x + cropBox.width, y1 = cropBox.y + cropBox.height
        switch rotation {
        case 90: return ["a": 0, "b": -1, "c": 1, "d": 0, "tx": -y0, "ty": x1]
        case 180: return ["a": -1, "b": 0, "c": 0, "d": -1, "tx": x1, "ty": y1]
        case 270: return ["a": 0, "b": 1, "c": -1, "d": 0, "tx": y1, "ty": -x0]
        default: return ["a": 1, "b": 0, "c": 0, "d": 1, "tx": -x0, "ty": -y0]
        }
    }

    /// The DIFFERS column of the narrow table (`pages --help`): a letter per box that differs
    /// from the CropBox — M media, B bleed, T trim, A art — and U when UserUnit is not 1.
    var expectedDiffers: String {
        var notes = ""
        if mediaBox != cropBox { notes += "M" }
        if bleedBox != cropBox { notes += "B" }
        if trimBox != cropBox { notes += "T" }
        if artBox != cropBox { notes += "A" }
        if userUnit != 1 { notes += "U" }
        return notes.isEmpty ? "-" : notes
    }
}

extension FixtureGolden {
    /// The file argument plus `--password` when the fixture needs one.
    var arguments: [String] { [path] + (password.map { ["--password", $0] } ?? []) }
}

extension Rect {
    /// `[x0 y0 x1 y1]`, the PDF rectangle array the table prints.
    var pdfArray: [Double] { [x, y, x + width, y + height] }
}

/// End-to-end tests of `pageinfo pages` (and `info`, `--help`, `--version`): the real binary on
/// the real fixtures, as users and scripts run it.
///
/// Expected values come from the golden files (`Fixtures/*.golden.json`, derived from the
/// generator's parameters, not from our output), from the transform formulas of the issue
/// worked out from each golden CropBox and rotation, and from the documented CSV header and
/// exit codes. Paths are passed absolute, so `file` fields are compared with exactly what was
/// passed.
@Suite("pageinfo pages")
struct PagesCommandTests {
    // MARK: - Goldens

    typealias GoldenPage = FixtureGolden.Page
    typealias Golden = FixtureGolden

    static func golden(_ name: String) throws -> Golden { try FixtureGolden.load(name) }

    /// Every fixture that opens (with its password when it needs one), by golden name.
    static let readable: [String] = {
        FixtureGolden.names.filter { (try? golden($0))?.opens ?? false }
    }()

    // MARK: - Helpers

    static let pageKeys: Set<String> = ["record", "index", "label", "rotation", "rotationRaw", "userUnit", "mediaBox", "cropBox",
                                        "bleedBox", "trimBox", "artBox", "size", "transform", "warnings"]

    /// The page records of jsonl output (every line but the file records).
    static func pageRecords(_ r: CLI.Result) throws -> [[String: Any]] {
        try r.stdoutLines.map { try #require(try parse($0) as? [String: Any], "not JSON: \($0)") }.filter { $0["record"] as? String == "page" }
    }

    /// The page rows of a table: no title, column header, warning or footer lines.
    static func tableRows(_ lines: some Collection<String>) -> [String] {
        lines.filter { !$0.hasPrefix("#") && !$0.hasPrefix(" PAGE") && !$0.hasPrefix("       !") }
    }

    static func number(_ any: Any?) -> Double? { (any as? NSNumber)?.doubleValue }

    static func parse(_ line: some StringProtocol) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
    }

    /// Compares one page object of the json/jsonl output with its golden page.
    static func check(_ object: [String: Any], against g: GoldenPage, _ context: String,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        let where_ = "\(context) page index \(g.index)"
        #expect(object["index"] as? Int == g.index, "\(where_): index", sourceLocation: sourceLocation)
        if let label = g.label {
            #expect(object["label"] as? String == label, "\(where_): label", sourceLocation: sourceLocation)
        } else {
            #expect(object["label"] is NSNull, "\(where_): label should be null", sourceLocation: sourceLocation)
        }
        #expect(object["rotation"] as? Int == g.rotation, "\(where_): rotation", sourceLocation: sourceLocation)
        #expect(object["rotationRaw"] as? Int == g.rotationRaw, "\(where_): rotationRaw", sourceLocation: sourceLocation)
        #expect(number(object["userUnit"]) == g.userUnit, "\(where_): userUnit", sourceLocation: sourceLocation)
        for name in GoldenPage.boxNames {
            let box = object[name] as? [String: Any] ?? [:]
            let expected = g.box(name)
            #expect(Set(box.keys) == ["x", "y", "width", "height"], "\(where_): \(name) keys", sourceLocation: sourceLocation)
            for (key, value) in [("x", expected.x), ("y", expected.y), ("width", expected.width), ("height", expected.height)] {
                let actual = number(box[key]) ?? .nan
                #expect(abs(actual - value) <= 1e-6, "\(where_): \(name).\(key) \(actual) ≠ \(value)", sourceLocation: sourceLocation)
            }
        }
        let size = object["size"] as? [String: Any] ?? [:]
        #expect(Set(size.keys) == ["width", "height"], "\(where_): size keys", sourceLocation: sourceLocation)
        #expect(abs((number(size["width"]) ?? .nan) - g.size.width) <= 1e-6, "\(where_): size.width", sourceLocation: sourceLocation)
        #expect(abs((number(size["height"]) ?? .nan) - g.size.height) <= 1e-6, "\(where_): size.height", sourceLocation: sourceLocation)
        let transform = object["transform"] as? [String: Any] ?? [:]
        #expect(Set(transform.keys) == ["a", "b", "c", "d", "tx", "ty"], "\(where_): transform keys", sourceLocation: sourceLocation)
        for (key, value) in g.expectedTransform {
            let actual = number(transform[key]) ?? .nan
            #expect(abs(actual - value) <= 1e-6, "\(where_): transform.\(key) \(actual) ≠ \(value)", sourceLocation: sourceLocation)
        }
    }

    /// A failure: the documented exit code, nothing on stdout unless said, and exactly one line
    /// on stderr, `pageinfo: …`, containing each of `phrases`.
    static func expectFailure(_ r: CLI.Result, code: Int32, mentioning phrases: [String], stdoutEmpty: Bool = true,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == code, "exit \(r.status), stderr: \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderrLines.count == 1, "stderr: \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.hasSuffix("\n") && r.stderr.hasPrefix("pageinfo: "), "stderr: \(r.stderr)", sourceLocation: sourceLocation)
        for phrase in phrases {
            #expect(r.stderr.contains(phrase), "stderr should mention '\(phrase)': \(r.stderr)", sourceLocation: sourceLocation)
        }
        if stdoutEmpty { #expect(r.stdout.isEmpty, "stdout: \(r.stdout)", sourceLocation: sourceLocation) }
    }

    /// RFC 4180 CSV into rows of fields.
    static func parseCSV(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = "", quoted = false
        var chars = Array(text)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" { field.append("\""); chars.removeFirst() } else { quoted = false }
                } else { field.append(c) }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                row.append(field); field = ""
            } else if c == "\n" || c == "\r\n" {
                row.append(field); field = ""
                rows.append(row); row = []
            } else {
                field.append(c)
            }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }

    /// The CSV header the README documents: file,index,page,label,rotation,rotationRaw,userUnit,
    /// width,height, then x,y,width,height of each box, then the six transform coefficients.
    static let csvHeader: [String] = {
        var h = ["record", "file", "index", "page", "label", "rotation", "rotationRaw", "userUnit", "width", "height"]
        for box in GoldenPage.boxNames { for field in ["x", "y", "width", "height"] { h.append("\(box).\(field)") } }
        return h + ["transform.a", "transform.b", "transform.c", "transform.d", "transform.tx", "transform.ty",
                    "status", "error", "errorMessage", "warnings", "pageCount"]
    }()

    /// |actual − expected| within the rounding of a table cell printed to 2 decimals.
    static func tableClose(_ cell: Substring, _ expected: Double) -> Bool {
        guard let v = Double(cell) else { return false }
        return abs(v - expected) <= 0.005 + 1e-9
    }

    // MARK: - json

    @Test("the fixture list covers every readable golden")
    func fixtureList() {
        #expect(Set(Self.readable).isSuperset(of: ["boxes", "encrypted", "inherited", "labels", "mixed", "rotations", "userunit"]))
    }

    @Test("--format json: every page equals its golden", arguments: readable)
    func json(fixture: String) throws {
        let g = try Self.golden(fixture)
        let r = try CLI.run(["pages", "--format", "json"] + g.arguments)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        let doc = try #require(try Self.parse(r.stdout) as? [String: Any], "stdout is a JSON object")
        #expect(doc["file"] as? String == g.path)
        #expect(doc["pageCount"] as? Int == g.pageCount)
        #expect(doc["pageLayout"] as? String == g.pageLayout)
        #expect(doc["direction"] as? String == g.direction)
        if g.pageLayout == nil { #expect(doc["pageLayout"] is NSNull) }
        if g.direction == nil { #expect(doc["direction"] is NSNull) }
        let pages = try #require(doc["pages"] as? [[String: Any]])
        try #require(pages.count == g.pages.count, "\(pages.count) pages, golden \(g.pages.count)")
        for (object, golden) in zip(pages, g.pages) {
            #expect(Set(object.keys) == Self.pageKeys, "\(fixture) page \(golden.index) keys \(object.keys.sorted())")
            Self.check(object, against: golden, fixture)
        }
        // One JSON document, ending in a newline.
        #expect(r.stdout.hasSuffix("\n"))
    }

    @Test("the encrypted fixture reports itself as encrypted and opens with the owner password too")
    func encryptedDocument() throws {
        let g = try Self.golden("encrypted")
        let r = try CLI.run(["pages", "--format", "json"] + g.arguments)
        let doc = try #require(try Self.parse(r.stdout) as? [String: Any])
        #expect(doc["encrypted"] as? Bool == true)
        // Fixtures/README.md: owner password `owner`.
        let owner = try CLI.run(["pages", "--format", "json", "--password", "owner", g.path])
        #expect(owner.status == 0, "\(owner.stderr)")
        let ownerDoc = try #require(try Self.parse(owner.stdout) as? [String: Any])
        let pages = try #require(ownerDoc["pages"] as? [[String: Any]])
        #expect(pages.map { $0["label"] as? String } == g.pages.map(\.label))
    }

    // MARK: - jsonl

    @Test("--format jsonl: one valid page object per line, with the file", arguments: readable)
    func jsonl(fixture: String) throws {
        let g = try Self.golden(fixture)
        let r = try CLI.run(["pages", "--format", "jsonl"] + g.arguments)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        #expect(r.stdout.hasSuffix("\n"))
        let objects = try r.stdoutLines.map { try #require(try Self.parse($0) as? [String: Any], "not a JSON object: \($0)") }
        try #require(objects.count == (g.pageCount ?? 0) + 1, "\(objects.count) lines for \(g.pageCount ?? -1) pages and a file record")
        let file = try #require(objects.last)
        #expect(file["record"] as? String == "file" && file["status"] as? String == "ok" && file["pageCount"] as? Int == g.pageCount)
        for (object, golden) in zip(objects.dropLast(), g.pages) {
            #expect(object["file"] as? String == g.path)
            #expect(Set(object.keys) == Self.pageKeys.union(["file"]), "\(object.keys.sorted())")
            Self.check(object, against: golden, "\(fixture) jsonl")
        }
    }

    // MARK: - csv

    @Test("--format csv: the documented header and one row per page", arguments: readable)
    func csv(fixture: String) throws {
        let g = try Self.golden(fixture)
        let r = try CLI.run(["pages", "--format", "csv"] + g.arguments)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        let rows = Self.parseCSV(r.stdout)
        try #require(rows.count == 1 + (g.pageCount ?? 0) + 1, "\(rows.count) rows")
        #expect(rows.last?.first == "file" && rows.dropFirst().dropLast().allSatisfy { $0.first == "page" })
        #expect(rows[0] == Self.csvHeader)
        let column = Dictionary(uniqueKeysWithValues: Self.csvHeader.enumerated().map { ($1, $0) })
        for (row, p) in zip(rows.dropFirst(), g.pages) {
            try #require(row.count == Self.csvHeader.count, "\(row)")
            func cell(_ name: String) -> String { row[column[name]!] }
            func close(_ name: String, _ expected: Double) {
                #expect((Double(cell(name)) ?? .nan).isApproximatelyEqual(to: expected, absoluteTolerance: 1e-6), "\(fixture) page \(p.index) \(name): \(cell(name)) ≠ \(expected)")
            }
            #expect(cell("file") == g.path)
            #expect(cell("index") == "\(p.index)")
            #expect(cell("page") == "\(p.index + 1)")
            #expect(cell("label") == (p.label ?? ""))
            #expect(cell("rotation") == "\(p.rotation)")
            #expect(cell("rotationRaw") == "\(p.rotationRaw)")
            close("userUnit", p.userUnit)
            close("width", p.size.width)
            close("height", p.size.height)
            for name in GoldenPage.boxNames {
                let b = p.box(name)
                close("\(name).x", b.x); close("\(name).y", b.y); close("\(name).width", b.width); close("\(name).height", b.height)
            }
            for (key, value) in p.expectedTransform { close("transform.\(key)", value) }
        }
    }

    // MARK: - table

    @Test("--format table (default): a title, a header and one row per page with the golden values", arguments: readable)
    func table(fixture: String) throws {
        let g = try Self.golden(fixture)
        let r = try CLI.run(["pages"] + g.arguments)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        let lines = r.stdoutLines
        let rows = Self.tableRows(lines)
        try #require(rows.count == (g.pageCount ?? 0), "\(rows.count) rows:\n\(r.stdout)")
        #expect(lines[0].hasPrefix("# \(g.path): PDF "), "\(lines[0])")
        #expect(lines.contains("# \(g.pageCount ?? 0) pages: ok"), "footer: \(r.stdout)")
        #expect(lines[1].hasPrefix(" PAGE"), "\(lines[1])")
        for header in ["PAGE", "LABEL", "ROT", "SIZE", "CROPBOX", "DIFFERS"] {
            #expect(lines[1].contains(header), "header lacks \(header): \(lines[1])")
        }
        for (line, p) in zip(rows, g.pages) {
            // page, label, rotation, W, "x", H, x0, y0, x1, y1, differs (fixture labels have no spaces).
            let cells = line.split(separator: " ")
            try #require(cells.count == 11, "\(line)")
            #expect(cells[0] == "\(p.index + 1)", "\(line)")
            #expect(cells[1] == (p.label ?? "-"), "\(line)")
            #expect(cells[2] == "\(p.rotation)", "\(line)")
            #expect(Self.tableClose(cells[3], p.size.width) && cells[4] == "x" && Self.tableClose(cells[5], p.size.height), "\(line)")
            for (cell, value) in zip(cells[6..<10], p.cropBox.pdfArray) {
                #expect(Self.tableClose(cell, value), "\(line): \(cell) ≠ \(value)")
            }
            #expect(cells[10] == p.expectedDiffers, "\(line)")
            #expect(!line.hasSuffix(" "), "trailing space: '\(line)'")
        }
    }

    /// The narrow table fits 80 columns and its columns line up under the header. The title line
    /// echoes the path the user typed, which no layout can bound, so it is not measured.
    @Test("the default table fits 80 columns and is aligned", arguments: ["mixed", "rotations", "boxes", "labels", "userunit"])
    func tableWidth(fixture: String) throws {
        let g = try Self.golden(fixture)
        let r = try CLI.run(["pages", g.path])
        let lines = [r.stdoutLines[1]] + Self.tableRows(r.stdoutLines)
        #expect(lines.count == 1 + g.pages.count)
        for line in lines { #expect(line.count <= 80, "\(line.count) columns: \(line)") }
        let header = Array(lines.first ?? "")
        func column(_ name: String) -> Int {
            guard let range = String(header).range(of: name) else { return -1 }
            return String(header).distance(from: String(header).startIndex, to: range.lowerBound)
        }
        let sizeColumn = column("SIZE"), cropColumn = column("CROPBOX"), differsColumn = column("DIFFERS")
        let rotEnd = column("ROT") + 3
        for line in lines.dropFirst() {
            let c = Array(line)
            for start in [sizeColumn, cropColumn, differsColumn] {
                #expect(start > 0 && start < c.count && c[start] != " " && c[start - 1] == " ", "column \(start) of '\(line)'")
            }
            // PAGE and ROT are right-aligned under their headings.
            #expect(c[4] != " " && c[5] == " ", "'\(line)'")
            #expect(c[rotEnd - 1].isNumber && c[rotEnd] == " ", "'\(line)'")
        }
    }

    @Test("--wide shows all five boxes and UserUnit", arguments: readable)
    func wide(fixture: String) throws {
        let g = try Self.golden(fixture)
        let r = try CLI.run(["pages", "--wide"] + g.arguments)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdoutLines
        try #require(Self.tableRows(lines).count == g.pages.count)
        for name in ["MEDIABOX", "CROPBOX", "BLEEDBOX", "TRIMBOX", "ARTBOX", "UNIT"] {
            #expect(lines[1].contains(name), "wide header lacks \(name): \(lines[1])")
        }
        for (line, p) in zip(Self.tableRows(lines), g.pages) {
            // page, label, rotation, unit, W, "x", H, then 4 corners for each of the 5 boxes.
            let cells = line.split(separator: " ")
            try #require(cells.count == 27, "\(line)")
            #expect(cells[0] == "\(p.index + 1)" && cells[2] == "\(p.rotation)", "\(line)")
            #expect(abs((Double(cells[3]) ?? .nan) - p.userUnit) <= 0.00005, "\(line)")
            #expect(Self.tableClose(cells[4], p.size.width) && Self.tableClose(cells[6], p.size.height), "\(line)")
            let expected = GoldenPage.boxNames.flatMap { p.box($0).pdfArray }
            for (i, (cell, value)) in zip(cells[7...], expected).enumerated() {
                #expect(Self.tableClose(cell, value), "\(fixture) page \(p.index + 1) \(GoldenPage.boxNames[i / 4]) corner \(i % 4): \(cell) ≠ \(value)")
            }
        }
    }

    /// The UNIT column shows /UserUnit as JSON prints it (the one number rule), so every valid
    /// value from 10⁻⁹ to 10⁶ stays distinct, and it is wide enough for the longest text the rule
    /// gives in that range, so the columns after it stay aligned. (It printed 4 decimals in 6
    /// columns: 10⁻⁹ showed as 0, and 1000000 ran into the size.)
    @Test("--wide: UNIT shows every valid /UserUnit as JSON does, and the columns stay aligned")
    func wideUserUnit() throws {
        let pdf = CLI.fixture("damaged/userunit-range.pdf")
        let table = try CLI.run(["pages", "--wide", pdf])
        let jsonl = try CLI.run(["pages", "--format", "jsonl", pdf])
        #expect(table.status == 0 && jsonl.status == 0)
        // The text JSON prints for each page's userUnit.
        let units = jsonl.stdoutLines.filter { $0.hasPrefix(#"{"record":"page""#) }.compactMap { line in
            line.range(of: #""userUnit":"#).map { String(line[$0.upperBound...].prefix { $0 != "," }) }
        }
        #expect(units == ["1", "1e-09", "1000000", "1"])
        let header = table.stdoutLines[1]
        let unitColumn = try #require(header.range(of: "UNIT")).lowerBound
        let sizeColumn = try #require(header.range(of: "SIZE")).lowerBound
        let offset = header.distance(from: header.startIndex, to: unitColumn)
        let width = header.distance(from: unitColumn, to: sizeColumn)
        let rows = Self.tableRows(table.stdoutLines)
        try #require(rows.count == 4)
        for (row, unit) in zip(rows, units) {
            let cells = Array(row)
            let cell = String(cells[offset..<(offset + width)])
            #expect(cell.trimmingCharacters(in: .whitespaces) == unit, "'\(row)'")
            #expect(cells[offset + width] != " " && cells[offset + width - 1] == " ", "SIZE starts under its heading: '\(row)'")
        }
        // The longest texts the rule gives for valid values fit the column with a space to spare.
        for value in [999_999.999999999, 123_456.123456789, 0.000999999, 0.000123457, 1.5e-9, 1e6] {
            #expect(formatCompact(value).count < width, "\(formatCompact(value))")
        }
    }

    /// The table rounds to 2 decimals the number JSON prints, a tie to the even digit, as pdfinfo
    /// does for the values a double holds exactly: boxes.pdf page 7's CropBox ends at 585.125
    /// (10.5 + 574.625), which `pdfinfo -box` prints 585.12; the table printed 585.13.
    @Test("the table rounds 585.125 to 585.12, as pdfinfo does, and the size 574.625 to 574.62")
    func tableRoundsHalvesToEven() throws {
        let r = try CLI.run(["pages", CLI.fixture("boxes.pdf"), "--pages", "7"])
        #expect(r.status == 0)
        #expect(Self.tableRows(r.stdoutLines) == ["    7  -             0  574.62 x 810.5     10.5 20.25 585.12 830.75     MT"])
        let wide = try CLI.run(["pages", "--wide", CLI.fixture("boxes.pdf"), "--pages", "7"])
        let row = try #require(Self.tableRows(wide.stdoutLines).first)
        #expect(row.contains("574.62 x 810.5") && !row.contains("585.13") && row.contains("10.5 20.25 585.12 830.75"), "\(row)")
    }

    @Test("--wide with a format other than table is a usage error")
    func wideNeedsTable() throws {
        let r = try CLI.run(["pages", "--wide", "--format", "json", CLI.fixture("mixed.pdf")])
        Self.expectFailure(r, code: 64, mentioning: ["--wide"])
    }

    // MARK: - --pages

    @Test("--pages 2-3,1 selects those pages in that order, in every format")
    func pageSelectionOrder() throws {
        let g = try Self.golden("rotations")
        let json = try CLI.run(["pages", "--format", "json", "--pages", "2-3,1", g.path])
        #expect(json.status == 0, "\(json.stderr)")
        let doc = try #require(try Self.parse(json.stdout) as? [String: Any])
        #expect(doc["pageCount"] as? Int == 10)  // the document's page count, not the selection's
        let pages = try #require(doc["pages"] as? [[String: Any]])
        #expect(pages.map { $0["index"] as? Int } == [1, 2, 0])
        for (object, i) in zip(pages, [1, 2, 0]) { Self.check(object, against: g.pages[i], "--pages 2-3,1") }

        let jsonl = try CLI.run(["pages", "--format", "jsonl", "--pages", "2-3,1", g.path])
        #expect(try Self.pageRecords(jsonl).map { $0["index"] as? Int } == [1, 2, 0])

        let csv = try CLI.run(["pages", "--format", "csv", "--pages", "2-3,1", g.path])
        #expect(Self.parseCSV(csv.stdout).dropFirst().dropLast().map { $0[3] } == ["2", "3", "1"])

        let table = try CLI.run(["pages", "--pages", "2-3,1", g.path])
        let firstFields: [String?] = Self.tableRows(table.stdoutLines).map { (row: String) -> String? in row.split(separator: " ").first.map(String.init) }
        #expect(firstFields == ["2", "3", "1"])
    }

    @Test("--pages with open ends and repeats", arguments: [
        ("1-3,7,10-", [0, 1, 2, 6, 9]),
        ("10-", [9]),
        ("10", [9]),
        ("1-", Array(0..<10)),
        ("4,4", [3, 3]),
        (" 5 , 6-7 ", [4, 5, 6]),
    ])
    func pageSelection(ranges: String, indices: [Int]) throws {
        let r = try CLI.run(["pages", "--format", "jsonl", "--pages", ranges, CLI.fixture("mixed.pdf")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.pageRecords(r).map { $0["index"] as? Int } == indices)
    }

    @Test("a malformed --pages is a usage error with one line", arguments: ["0", "3-1", "x", "", "1,,2", "-3", "1-2-3"])
    func badPages(ranges: String) throws {
        let r = try CLI.run(["pages", "--pages", ranges, CLI.fixture("mixed.pdf")])
        Self.expectFailure(r, code: 64, mentioning: ["--pages"])
    }

    @Test("--pages past the end is a usage error naming the file", arguments: ["99", "11", "11-", "5-12", "1,2,99"])
    func pagesPastTheEnd(ranges: String) throws {
        let path = CLI.fixture("mixed.pdf")
        let r = try CLI.run(["pages", "--format", "json", "--pages", ranges, path])
        // The page that does not exist, the document's page count, the file.
        let numbers: [Int] = ranges.split(separator: ",").flatMap { (item: Substring) -> [Substring] in item.split(separator: "-") }.compactMap { Int($0) }
        let bad = try #require(numbers.first { $0 > 10 })
        Self.expectFailure(r, code: 64, mentioning: [path, "\(bad)", "10 pages"], stdoutEmpty: false)
        // The pages that exist are still printed, and the file record says what was wrong.
        let doc = try #require(try Self.parse(r.stdout) as? [String: Any], "stdout is one JSON document")
        #expect((doc["error"] as? [String: Any])?["code"] as? String == "page-out-of-range")
        #expect(doc["pageCount"] as? Int == 10)
    }

    // MARK: - Several files

    @Test("several files: json prints an array of documents, jsonl and csv carry each file")
    func severalFiles() throws {
        let mixed = try Self.golden("mixed"), rotations = try Self.golden("rotations")
        let json = try CLI.run(["pages", "--format", "json", mixed.path, rotations.path])
        #expect(json.status == 0, "\(json.stderr)")
        let docs = try #require(try Self.parse(json.stdout) as? [[String: Any]], "an array of documents")
        #expect(docs.map { $0["file"] as? String } == [mixed.path, rotations.path])
        #expect(docs.map { ($0["pages"] as? [Any])?.count } == [10, 10])
        for (doc, g) in zip(docs, [mixed, rotations]) {
            for (object, golden) in zip(doc["pages"] as? [[String: Any]] ?? [], g.pages) { Self.check(object, against: golden, g.file) }
        }

        let jsonl = try CLI.run(["pages", "--format", "jsonl", mixed.path, rotations.path])
        let files = try jsonl.stdoutLines.map { (try Self.parse($0) as? [String: Any])?["file"] as? String }
        #expect(files == Array(repeating: mixed.path, count: 11) + Array(repeating: rotations.path, count: 11))

        let csv = try CLI.run(["pages", "--format", "csv", mixed.path, rotations.path])
        let rows = Self.parseCSV(csv.stdout)
        #expect(rows.first == Self.csvHeader)
        #expect(rows.filter { $0 == Self.csvHeader }.count == 1, "one header")
        let fileNames: [String] = Array(repeating: mixed.path, count: 11) + Array(repeating: rotations.path, count: 11)
        #expect(rows.dropFirst().map { $0[1] } == fileNames)

        let table = try CLI.run(["pages", mixed.path, rotations.path])
        #expect(table.stdoutLines.filter { $0.hasPrefix("# ") && $0.contains(": PDF ") }.count == 2)
        #expect(table.stdoutLines.filter { $0.hasPrefix("# ") && $0.hasSuffix("pages: ok") }.count == 2)
        #expect(table.stdoutLines.filter { $0.hasPrefix(" PAGE") }.count == 2)
    }

    // MARK: - Exit codes

    @Test("encrypted without a password: 77 and one line naming the file")
    func encryptedNoPassword() throws {
        let path = CLI.fixture("encrypted.pdf")
        for format in ["table", "json", "jsonl", "csv"] {
            let r = try CLI.run(["pages", "--format", format, path])
            // json, jsonl and csv carry the failed file's record; the table says it on stderr only.
            Self.expectFailure(r, code: 77, mentioning: [path, "password"], stdoutEmpty: format == "table")
            if format == "json" || format == "jsonl" {
                let record = try #require(try Self.parse(r.stdout) as? [String: Any], "\(format): \(r.stdout)")
                #expect(record["record"] as? String == "file" && record["status"] as? String == "failed")
                #expect((record["error"] as? [String: Any])?["code"] as? String == "password-required")
            }
        }
    }

    @Test("encrypted with the right password: 0 and the golden labels")
    func encryptedWithPassword() throws {
        let g = try Self.golden("encrypted")
        let r = try CLI.run(["pages", "--format", "jsonl", "--password", "secret", g.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        #expect(try Self.pageRecords(r).map { $0["label"] as? String } == ["S-1", "S-2", "S-3"])
        #expect(g.pages.map(\.label) == ["S-1", "S-2", "S-3"])
    }

    @Test("encrypted with a wrong password: 77")
    func encryptedWrongPassword() throws {
        let path = CLI.fixture("encrypted.pdf")
        Self.expectFailure(try CLI.run(["pages", "--password", "wrong", path]), code: 77, mentioning: [path, "password"])
        Self.expectFailure(try CLI.run(["pages", "--password", "", path]), code: 77, mentioning: [path])
    }

    @Test("a truncated PDF: 65")
    func truncated() throws {
        let path = CLI.fixture("truncated.pdf")
        let r = try CLI.run(["pages", "--format", "json", path])
        Self.expectFailure(r, code: 65, mentioning: [path], stdoutEmpty: false)
        let record = try #require(try Self.parse(r.stdout) as? [String: Any], "\(r.stdout)")
        #expect(record["status"] as? String == "failed" && (record["error"] as? [String: Any])?["code"] as? String == "damaged")
    }

    @Test("not a PDF: 65, and the message says so")
    func notAPDF() throws {
        let path = CLI.fixture("not-a-pdf.pdf")
        Self.expectFailure(try CLI.run(["pages", "--format", "json", path]), code: 65, mentioning: [path, "not a PDF"], stdoutEmpty: false)
        // An empty file is not a PDF either.
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-empty-\(getpid()).pdf")
        try Data().write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        Self.expectFailure(try CLI.run(["pages", empty.path]), code: 65, mentioning: [empty.path, "not a PDF"])
    }

    @Test("a missing file and a directory: 66")
    func cannotOpen() throws {
        let missing = CLI.fixture("no-such-file.pdf")
        let r = try CLI.run(["pages", "--format", "json", missing])
        Self.expectFailure(r, code: 66, mentioning: [missing], stdoutEmpty: false)
        #expect(((try Self.parse(r.stdout) as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "not-found")
        let directory = CLI.fixtures.path
        Self.expectFailure(try CLI.run(["pages", directory]), code: 66, mentioning: [directory])
    }

    @Test("usage errors without a file: 64 and one line")
    func usageErrors() throws {
        Self.expectFailure(try CLI.run(["pages"]), code: 64, mentioning: [])
        Self.expectFailure(try CLI.run(["pages", "--format", "xml", CLI.fixture("mixed.pdf")]), code: 64, mentioning: ["xml"])
        Self.expectFailure(try CLI.run(["pages", "--bogus", CLI.fixture("mixed.pdf")]), code: 64, mentioning: ["--bogus"])
    }

    @Test("a good file and a bad file: the good one's output, one line, the failure's exit code")
    func goodAndBad() throws {
        let good = try Self.golden("mixed"), missing = CLI.fixture("no-such-file.pdf")
        for files in [[good.path, missing], [missing, good.path]] {
            let json = try CLI.run(["pages", "--format", "json"] + files)
            #expect(json.status == 66, "\(files): \(json.status)")
            #expect(json.stderrLines.count == 1 && json.stderr.contains(missing), "\(json.stderr)")
            let docs = try #require(try Self.parse(json.stdout) as? [[String: Any]], "\(files): stdout is a JSON array:\n\(json.stdout)")
            let goodDoc = docs.first { $0["file"] as? String == good.path }
            #expect(docs.count == 2 && (goodDoc?["pages"] as? [Any])?.count == 10)
            #expect(docs.first { $0["file"] as? String == missing }?["status"] as? String == "failed")
        }
        let truncated = CLI.fixture("truncated.pdf")
        let jsonl = try CLI.run(["pages", "--format", "jsonl", good.path, truncated])
        #expect(jsonl.status == 65)
        #expect(jsonl.stderrLines.count == 1 && jsonl.stderr.contains(truncated), "\(jsonl.stderr)")
        #expect(try jsonl.stdoutLines.map { (try Self.parse($0) as? [String: Any])?["file"] as? String }
            == Array(repeating: good.path, count: 11) + [truncated])
        // A page past the end of one file only: that file fails (64), the other prints.
        let labels = try Self.golden("labels")
        let partial = try CLI.run(["pages", "--format", "jsonl", "--pages", "12", good.path, labels.path])
        #expect(partial.status == 64)
        #expect(partial.stderrLines.count == 1 && partial.stderr.contains(good.path) && partial.stderr.contains("12"), "\(partial.stderr)")
        let objects = try Self.pageRecords(partial)
        #expect(objects.count == 1)
        if let only = objects.first {
            #expect(only["file"] as? String == labels.path)
            Self.check(only, against: labels.pages[11], "labels --pages 12")
        }
    }

    @Test("several failures: one line each, and the exit code of the worst")
    func severalFailures() throws {
        let encrypted = CLI.fixture("encrypted.pdf"), truncated = CLI.fixture("truncated.pdf"), missing = CLI.fixture("no-such-file.pdf")
        let r = try CLI.run(["pages", "--format", "json", encrypted, truncated, missing])
        #expect(r.status == 77)
        #expect(r.stderrLines.count == 3, "\(r.stderr)")
        #expect(r.stderrLines.count == 3 && r.stderrLines[0].contains(encrypted) && r.stderrLines[1].contains(truncated)
            && r.stderrLines[2].contains(missing), "\(r.stderr)")
        // stdout is still valid JSON: an array of three failed file records.
        #expect((try Self.parse(r.stdout) as? [[String: Any]])?.map { $0["status"] as? String } == ["failed", "failed", "failed"], "\(r.stdout)")
        // The exit code is the worst outcome (77 > 66 > 65), whatever the order.
        let reversed = try CLI.run(["pages", "--format", "json", truncated, encrypted])
        #expect(reversed.status == 77)
    }

    // MARK: - Poppler's diagnostics

    /// qpdf's bad-xref.pdf has a broken cross-reference table that Poppler repairs, printing
    /// "Syntax Error" warnings of its own: none of that may reach stdout (or stderr, since the
    /// file is read successfully).
    @Test("a file Poppler repairs: stdout is clean JSON and stderr is empty", .requiresCorpus)
    func repairedFile() throws {
        let path = CLI.corpusFile("qpdf-bad-xref.pdf")
        try #require(FileManager.default.fileExists(atPath: path), "the corpus is expected at \(CLI.corpus.path)")
        for format in ["json", "jsonl", "csv", "table"] {
            let r = try CLI.run(["pages", "--format", format, path])
            #expect(r.status == 0, "\(format): \(r.stderr)")
            #expect(r.stderr.isEmpty, "\(format): \(r.stderr)")
            #expect(!r.stdout.contains("Syntax Error") && !r.stdout.contains("Internal Error"), "\(format): \(r.stdout)")
            // The repair is reported as a document warning, in every format.
            #expect(r.stdout.contains("xref-repaired"), "\(format): \(r.stdout)")
        }
        let r = try CLI.run(["pages", "--format", "json", path])
        let doc = try #require(try Self.parse(r.stdout) as? [String: Any], "stdout: \(r.stdout)")
        // MANIFEST.json: 1 page, 612 × 792, rotate 0.
        #expect(doc["pageCount"] as? Int == 1)
        let page = try #require((doc["pages"] as? [[String: Any]])?.first)
        #expect(Self.number((page["cropBox"] as? [String: Any])?["width"]) == 612)
        #expect(Self.number((page["cropBox"] as? [String: Any])?["height"]) == 792)
    }

    static let corpus = Corpus.entries.filter(\.opens)

    @Test("every corpus file that opens: stdout is one JSON document, stderr is empty", .requiresCorpus, arguments: corpus)
    func corpusOutputIsClean(entry: CorpusManifest.Entry) throws {
        let path = CLI.corpusFile(entry.file)
        let r = try CLI.run(["pages", "--format", "json", path] + (entry.password.map { ["--password", $0] } ?? []))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        let doc = try #require(try Self.parse(r.stdout) as? [String: Any], "stdout: \(r.stdout.prefix(500))")
        #expect(doc["pageCount"] as? Int == entry.pageCount)
        #expect((doc["pages"] as? [Any])?.count == entry.pageCount)
    }

    // MARK: - info, --help, --version

    @Test("info: text and json for mixed.pdf")
    func info() throws {
        let g = try Self.golden("mixed")
        let text = try CLI.run(["info", g.path])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stderr.isEmpty)
        let fields = Dictionary(text.stdoutLines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }, uniquingKeysWith: { a, _ in a })
        #expect(fields["File"] == g.path)
        #expect(fields["Pages"] == "10")
        #expect(fields["Page layout"] == "TwoPageRight")
        #expect(fields["Direction"] == "R2L")
        #expect(fields["Encrypted"] == "no")

        let json = try CLI.run(["info", "--format", "json", g.path])
        #expect(json.status == 0)
        let doc = try #require(try Self.parse(json.stdout) as? [String: Any])
        #expect(doc["file"] as? String == g.path)
        #expect(doc["pageCount"] as? Int == 10 && g.pageCount == 10)
        #expect(doc["pageLayout"] as? String == "TwoPageRight" && g.pageLayout == "TwoPageRight")
        #expect(doc["direction"] as? String == "R2L" && g.direction == "R2L")
        #expect(doc["encrypted"] as? Bool == false)

        // A document without either: null.
        let plain = try #require(try Self.parse(try CLI.run(["info", "--format", "json", CLI.fixture("rotations.pdf")]).stdout) as? [String: Any])
        #expect(plain["pageLayout"] is NSNull && plain["direction"] is NSNull)
        // Encrypted without a password: 77, like pages.
        Self.expectFailure(try CLI.run(["info", CLI.fixture("encrypted.pdf")]), code: 77, mentioning: ["encrypted.pdf"])
    }

    @Test("pages --help names every format and the exit codes")
    func help() throws {
        let r = try CLI.run(["pages", "--help"])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        let words = Set(r.stdout.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "-" }).map(String.init))
        for word in ["table", "json", "jsonl", "csv", "--pages", "--format", "--password", "--wide"] {
            #expect(words.contains(word), "help lacks \(word)")
        }
        for code in ["0", "64", "65", "66", "77"] {
            #expect(words.contains(code), "help lacks exit code \(code)")
        }
        #expect(r.stdout.contains("EXIT CODES"))
    }

    @Test("pageinfo --version exits 0")
    func version() throws {
        let r = try CLI.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        #expect(r.stdoutLines.count == 1 && r.stdout.hasPrefix("pageinfo "), "\(r.stdout)")
    }

    // MARK: - The harness itself

    /// CLI.run used to write all of stdin before reading stdout: with more than a pipe buffer
    /// (64 KiB) each way, the child blocked writing stdout while the test blocked writing its
    /// stdin. 30,000 points is ~300 KB in and out.
    @Test("the harness streams large stdin and stdout without dead-locking", .timeLimit(.minutes(1)))
    func largeStdinAndStdout() throws {
        // rotations.pdf page 1: rotation 0, CropBox [20 30 420 630] → page = (x − 20, y − 30).
        let count = 30_000
        let input = (0..<count).map { "\($0),\(2 * $0)" }.joined(separator: "\n") + "\n"
        let r = try CLI.run(["convert", CLI.fixture("rotations.pdf"), "--page", "1", "--from", "raw", "--to", "page"], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdoutLines
        try #require(lines.count == count)
        for (i, line) in lines.enumerated() where i % 997 == 0 || i == count - 1 {
            let v = line.split(separator: ",").compactMap { Double($0) }
            #expect(v == [Double(i - 20), Double(2 * i - 30)], "\(i): \(line)")
        }
    }
}
