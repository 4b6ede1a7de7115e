import PageGeometry

extension GeometrySnapshot {
    /// Reads a golden: the JSON document `pageinfo pages FILE --format json` prints.
    ///
    /// Lenient, so that any saved output is a golden and goldens outlive format changes:
    /// unknown keys are ignored; `record`, `warnings`, `status`, `error`, `countClaimed`,
    /// `rotationRaw`, `userUnit` (1), `size` (derived from the CropBox and rotation), `index`
    /// (the position) and `label` (`null`, see ``PageSnapshot/label``) may be missing; a page
    /// with an `error` object is an unreadable page and needs no geometry. An array of
    /// documents (`pages` with several files) is accepted when it holds one document, or one
    /// whose `file` has the same last path component as `file`.
    ///
    /// The golden is read as a stream, one page at a time (a 100,000-page golden is ~47 MB of
    /// JSON): memory grows with the pages' snapshots, not with a tree of the whole document.
    ///
    /// - Throws: ``GoldenFormatError`` naming the first thing that is not a golden.
    public init(goldenJSON bytes: [UInt8], file: String? = nil) throws(GoldenFormatError) {
        var parser = JSONParser(bytes)
        parser.skipSpace()
        let documents: [GeometrySnapshot]
        if parser.peek == UInt8(ascii: "[") {
            var list: [GeometrySnapshot] = []
            try parser.array(path: "the document") { (parser: inout JSONParser, index: Int) throws(GoldenFormatError) in
                list.append(try Self.document(&parser, path: "[\(index)]"))
            }
            documents = list
        } else {
            documents = [try Self.document(&parser, path: "")]
        }
        try parser.end()
        self = try Self.choose(documents, file: file)
    }

    private static func choose(_ documents: [GeometrySnapshot], file: String?) throws(GoldenFormatError) -> GeometrySnapshot {
        if documents.count == 1 { return documents[0] }
        let name = file.map(lastComponent)
        let matching = documents.filter { doc in doc.file.map(lastComponent) == name }
        guard name != nil, matching.count == 1 else {
            throw GoldenFormatError(detail: "an array of \(documents.count) documents, and not exactly one of them is for '\(name ?? "?")'")
        }
        return matching[0]
    }

    /// One document object, its `pages` decoded as they stream past.
    private static func document(_ parser: inout JSONParser, path: String) throws(GoldenFormatError) -> GeometrySnapshot {
        var members: [(String, JSONValue)] = []
        var pages: [PageSnapshot] = []
        try parser.object(path: path.isEmpty ? "the document" : path) { (parser: inout JSONParser, key: String) throws(GoldenFormatError) in
            guard key == "pages" else {
                members.append((key, try parser.value()))
                return
            }
            let pagesPath = path.isEmpty ? "pages" : "\(path).pages"
            if parser.peek == UInt8(ascii: "n") { _ = try parser.value(); return }  // null: no pages
            guard parser.peek == UInt8(ascii: "[") else { throw GoldenFormatError(detail: "\(pagesPath): expected an array") }
            try parser.array(path: pagesPath) { (parser: inout JSONParser, index: Int) throws(GoldenFormatError) in
                func pagePath() -> String { "\(pagesPath)[\(index)]" }
                guard case .object(let object) = try parser.value() else {
                    throw GoldenFormatError(detail: "\(pagePath()): expected an object")
                }
                pages.append(try page(JSONObject(object, parent: pagesPath, key: "[\(index)]"), position: index))
            }
        }
        let fields = JSONObject(members, parent: "", key: path)
        return GeometrySnapshot(file: try fields.string("file"), pageCount: try fields.int("pageCount"),
                                countClaimed: try fields.int("countClaimed"), error: try fields.error("error"),
                                pages: pages)
    }

    private static func page(_ o: JSONObject, position: Int) throws(GoldenFormatError) -> PageSnapshot {
        let index = try o.int("index") ?? position
        let label = try o.string("label")
        if let error = try o.error("error") { return PageSnapshot(index: index, label: label, content: .error(error)) }
        let rotation = try o.required(o.int("rotation"), "rotation")
        let boxes = PageBoxes(mediaBox: try o.required(o.rect("mediaBox"), "mediaBox"),
                              cropBox: try o.required(o.rect("cropBox"), "cropBox"),
                              bleedBox: try o.required(o.rect("bleedBox"), "bleedBox"),
                              trimBox: try o.required(o.rect("trimBox"), "trimBox"),
                              artBox: try o.required(o.rect("artBox"), "artBox"))
        let crop = boxes.cropBox.standardized.size
        let derived = rotation % 180 == 0 ? crop : crop.transposed
        return PageSnapshot(index: index, label: label, content: .geometry(PageSnapshot.Geometry(
            rotation: rotation, rotationRaw: try o.int("rotationRaw"), userUnit: try o.double("userUnit") ?? 1,
            boxes: boxes, size: try o.size("size") ?? derived)))
    }
}

/// A golden file that is not the JSON `pageinfo pages --format json` prints.
public struct GoldenFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and where, e.g. `pages[3].cropBox: missing`.
    public var detail: String
    public var description: String { "not a pageinfo golden: \(detail)" }
}

func lastComponent(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
}

// MARK: - Typed access with paths for the messages

/// A decoded JSON object and where it is in the document (built only for error messages).
private struct JSONObject {
    var members: [(String, JSONValue)]
    let parent: String
    let key: String

    init(_ members: [(String, JSONValue)], parent: String, key: String) {
        self.members = members; self.parent = parent; self.key = key
    }

    /// `pages[3]`, `pages[3].cropBox`.
    var path: String {
        if parent.isEmpty { return key }
        return key.hasPrefix("[") ? parent + key : "\(parent).\(key)"
    }

    func path(_ member: String) -> String { path.isEmpty ? member : "\(path).\(member)" }

    func required<T>(_ value: T?, _ key: String) throws(GoldenFormatError) -> T {
        guard let value else { throw GoldenFormatError(detail: "\(path(key)): missing") }
        return value
    }

    /// The value (the last one when a key is repeated), `nil` when absent or `null`.
    private func value(_ key: String) -> JSONValue? {
        guard let v = members.last(where: { $0.0 == key })?.1, !v.isNull else { return nil }
        return v
    }

    func double(_ key: String) throws(GoldenFormatError) -> Double? {
        guard let v = value(key) else { return nil }
        guard case .number(let d) = v else { throw GoldenFormatError(detail: "\(path(key)): expected a number") }
        return d
    }

    func int(_ key: String) throws(GoldenFormatError) -> Int? {
        guard let d = try double(key) else { return nil }
        guard d == d.rounded(), abs(d) < 1e15 else { throw GoldenFormatError(detail: "\(path(key)): expected a whole number") }
        return Int(d)
    }

    func string(_ key: String) throws(GoldenFormatError) -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw GoldenFormatError(detail: "\(path(key)): expected a string") }
        return s
    }

    func object(_ key: String) throws(GoldenFormatError) -> JSONObject? {
        guard let v = value(key) else { return nil }
        guard case .object(let o) = v else { throw GoldenFormatError(detail: "\(path(key)): expected an object") }
        return JSONObject(o, parent: path, key: key)
    }

    func rect(_ key: String) throws(GoldenFormatError) -> Rect? {
        guard let o = try object(key) else { return nil }
        return Rect(x: try o.required(o.double("x"), "x"), y: try o.required(o.double("y"), "y"),
                    width: try o.required(o.double("width"), "width"), height: try o.required(o.double("height"), "height"))
    }

    func size(_ key: String) throws(GoldenFormatError) -> Size? {
        guard let o = try object(key) else { return nil }
        return Size(width: try o.required(o.double("width"), "width"), height: try o.required(o.double("height"), "height"))
    }

    /// `{"code", "message"}`; `nil` when absent or `null`.
    func error(_ key: String) throws(GoldenFormatError) -> SnapshotError? {
        guard let o = try object(key) else { return nil }
        return SnapshotError(code: try o.string("code") ?? "error", message: try o.string("message") ?? "")
    }
}

// MARK: - A small JSON reader (RFC 8259)

/// A JSON value. Objects keep their members in order (small objects: a linear search beats hashing).
private enum JSONValue {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    var isNull: Bool { if case .null = self { return true }; return false }
}

/// A recursive-descent JSON reader over bytes that hands out objects and arrays member by
/// member, so a caller can decode a large array one element at a time.
private struct JSONParser {
    let bytes: [UInt8]
    var i = 0
    var depth = 0
    static let maxDepth = 512

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is allowed before the text.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    func invalid(_ what: String) -> GoldenFormatError {
        GoldenFormatError(detail: "not valid JSON: \(what) at byte \(i + 1)")
    }

    mutating func expect(_ byte: UInt8) throws(GoldenFormatError) {
        skipSpace()
        guard peek == byte else {
            throw invalid(peek == nil ? "unexpected end, expected '\(Character(Unicode.Scalar(byte)))'"
                                      : "expected '\(Character(Unicode.Scalar(byte)))'")
        }
        i += 1
    }

    /// Only white space may follow the document.
    mutating func end() throws(GoldenFormatError) {
        skipSpace()
        if i < bytes.count { throw invalid("unexpected text after the document") }
    }

    /// Reads an object, calling `member` with the parser positioned at each value.
    mutating func object(path: String, _ member: (inout JSONParser, String) throws(GoldenFormatError) -> Void) throws(GoldenFormatError) {
        skipSpace()
        guard let c = peek, c == UInt8(ascii: "{") else {
            guard let c = peek else { throw invalid("unexpected end") }
            // Something JSON, but not an object; or not JSON at all.
            if "[\"-0123456789tfn".utf8.contains(c) { throw GoldenFormatError(detail: "\(path): expected an object") }
            throw invalid("unexpected character")
        }
        i += 1
        depth += 1
        guard depth <= Self.maxDepth else { throw invalid("nested too deeply") }
        skipSpace()
        if peek == UInt8(ascii: "}") { i += 1; depth -= 1; return }
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw invalid("expected a key in double quotes") }
            let key = try string()
            try expect(UInt8(ascii: ":"))
            skipSpace()
            try member(&self, key)
            skipSpace()
            if peek == UInt8(ascii: ",") { i += 1; continue }
            if peek == UInt8(ascii: "}") { i += 1; depth -= 1; return }
            throw invalid("expected ',' or '}'")
        }
    }

    /// Reads an array, calling `element` with the parser positioned at each element.
    mutating func array(path: String, _ element: (inout JSONParser, Int) throws(GoldenFormatError) -> Void) throws(GoldenFormatError) {
        skipSpace()
        guard peek == UInt8(ascii: "[") else { throw GoldenFormatError(detail: "\(path): expected an array") }
        i += 1
        depth += 1
        guard depth <= Self.maxDepth else { throw invalid("nested too deeply") }
        skipSpace()
        if peek == UInt8(ascii: "]") { i += 1; depth -= 1; return }
        var index = 0
        while true {
            skipSpace()
            try element(&self, index)
            index += 1
            skipSpace()
            if peek == UInt8(ascii: ",") { i += 1; continue }
            if peek == UInt8(ascii: "]") { i += 1; depth -= 1; return }
            throw invalid("expected ',' or ']'")
        }
    }

    /// Reads any value.
    mutating func value() throws(GoldenFormatError) -> JSONValue {
        skipSpace()
        guard let c = peek else { throw invalid("unexpected end") }
        switch c {
        case UInt8(ascii: "{"):
            var members: [(String, JSONValue)] = []
            try object(path: "") { (parser: inout JSONParser, key: String) throws(GoldenFormatError) in
                members.append((key, try parser.value()))
            }
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            try array(path: "") { (parser: inout JSONParser, _: Int) throws(GoldenFormatError) in
                elements.append(try parser.value())
            }
            return .array(elements)
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try number())
        default:
            throw invalid("unexpected character")
        }
    }

    mutating func literal(_ word: StaticString) throws(GoldenFormatError) {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { throw invalid("unexpected end") }
        let matches = word.withUTF8Buffer { buf in bytes[i..<(i + n)].elementsEqual(buf) }
        guard matches else { throw invalid("unexpected word") }
        i += n
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, converted exactly (nearest Double).
    mutating func number() throws(GoldenFormatError) -> Double {
        let start = i
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.i
            while p.i < p.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(p.bytes[p.i]) { p.i += 1 }
            return p.i - s
        }
        if peek == UInt8(ascii: "-") { i += 1 }
        let intDigits = digits(&self)
        guard intDigits > 0 else { throw invalid("malformed number") }
        if intDigits > 1, bytes[i - intDigits] == UInt8(ascii: "0") { throw invalid("malformed number (leading zero)") }
        if peek == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw invalid("malformed number") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            i += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw invalid("malformed number") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw invalid("number out of range") }
        return value
    }

    /// A string literal, escapes decoded (surrogate pairs joined; a lone surrogate becomes U+FFFD).
    mutating func string() throws(GoldenFormatError) -> String {
        i += 1  // the opening quote
        let start = i
        // Fast path: no escapes.
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\") {
            guard bytes[i] >= 0x20 else { throw invalid("control character in a string") }
            i += 1
        }
        guard i < bytes.count else { throw invalid("unterminated string") }
        if bytes[i] == UInt8(ascii: "\"") {
            i += 1
            return String(decoding: bytes[start..<(i - 1)], as: UTF8.self)
        }
        var out = Array(bytes[start..<i])
        while true {
            guard i < bytes.count else { throw invalid("unterminated string") }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { i += 1; break }
            guard c >= 0x20 else { throw invalid("control character in a string") }
            guard c == UInt8(ascii: "\\") else { out.append(c); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw invalid("unterminated string") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                        let save = i
                        i += 2
                        let low = try hex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            i = save
                            scalar = 0xFFFD
                        }
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    scalar = 0xFFFD
                }
                out.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            default:
                throw invalid("unknown escape")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    mutating func hex4() throws(GoldenFormatError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw invalid("unterminated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: throw invalid("malformed \\u escape")
            }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }
}
