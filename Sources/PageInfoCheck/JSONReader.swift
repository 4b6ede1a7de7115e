// SPDX-License-Identifier: GPL-2.0-or-later
// A small JSON reader (RFC 8259) for goldens: objects and arrays are handed out member by
// member, so a 100,000-page golden is decoded one page at a time instead of as one tree.
// Numbers become the nearest Double; strings are decoded from their escapes.

/// A JSON value. Objects keep their members in order (small objects: a linear search beats hashing).
enum JSONValue {
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
struct JSONParser {
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
