// SPDX-License-Identifier: Apache-2.0
// The package's one JSON reader (RFC 8259): goldens, resume files and view states. Objects and
// arrays are handed out member by member, so a 100,000-page golden is decoded one page at a
// time instead of as one tree. Numbers become the nearest Double; strings are decoded from
// their escapes, as text or as the exact bytes of a file name (`\udcXX`).

/// A JSON value. Objects keep their members in order (small objects: a linear search beats hashing).
package enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as the nearest (finite) Double.
    case number(Double)
    /// A string, escapes decoded (``JSONParser/string()``).
    case string(String)
    /// An array's elements in order.
    case array([JSONValue])
    /// An object's members (key, value) in the order of the text, duplicates kept.
    case object([(String, JSONValue)])

    /// Whether this is `null`.
    package var isNull: Bool { if case .null = self { return true }; return false }
}

/// Text that is not JSON, or JSON that is not what the reader's caller expected.
package struct JSONReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and where: `not valid JSON: expected ':' at byte 12` from the reader,
    /// or a caller's own words about a value (`pages[3].cropBox: missing`).
    package var detail: String

    /// An error with the caller's own `detail`.
    package init(detail: String) { self.detail = detail }

    /// The ``detail``.
    package var description: String { detail }
}

/// A recursive-descent JSON reader over bytes (RFC 8259, an optional UTF-8 byte order mark
/// before the text) that hands out objects and arrays member by member, so a caller can
/// decode a large array one element at a time.
///
/// Read a whole value with ``value()``, or walk the text with ``object(path:_:)`` and
/// ``array(path:_:)``, reading each member with ``value()``, ``string()``, ``stringBytes()``
/// or ``number()``; call ``end()`` after the document. Nesting deeper than ``maxDepth``
/// objects and arrays is an error, never a stack overflow. Every error is a
/// ``JSONReadError`` naming the byte (1-based) where the text stopped being JSON.
package struct JSONParser {
    /// The text being read.
    package let bytes: [UInt8]
    /// The offset of the next byte to read.
    var i = 0
    /// How many objects and arrays enclose the reading position.
    package private(set) var depth = 0
    /// The deepest nesting of objects and arrays the reader accepts.
    package static let maxDepth = 512

    /// A reader at the start of `bytes`, after a UTF-8 byte order mark if there is one.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is allowed before the text.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    /// The offset of the next byte to read (0-based).
    package var offset: Int { i }

    /// The next byte, or nil at the end of the text. After ``skipSpace()``, it says which kind
    /// of value comes next (`{`, `[`, `"`, `t`, `f`, `n`, or a number's first byte).
    package var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

    /// Moves past white space (space, tab, line feed, carriage return).
    package mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    func invalid(_ what: String) -> JSONReadError {
        JSONReadError(detail: "not valid JSON: \(what) at byte \(i + 1)")
    }

    mutating func expect(_ byte: UInt8) throws(JSONReadError) {
        skipSpace()
        guard peek == byte else {
            throw invalid(peek == nil ? "unexpected end, expected '\(Character(Unicode.Scalar(byte)))'"
                                      : "expected '\(Character(Unicode.Scalar(byte)))'")
        }
        i += 1
    }

    /// Only white space may follow the document.
    package mutating func end() throws(JSONReadError) {
        skipSpace()
        if i < bytes.count { throw invalid("unexpected text after the document") }
    }

    /// Reads an object, calling `member` with the parser positioned at each value; `member`
    /// must read the value (``value()`` to skip it). `path` names the object in the error
    /// thrown when the value here is JSON but not an object (`PATH: expected an object`).
    package mutating func object(path: String, _ member: (inout JSONParser, String) throws(JSONReadError) -> Void) throws(JSONReadError) {
        skipSpace()
        guard let c = peek, c == UInt8(ascii: "{") else {
            guard let c = peek else { throw invalid("unexpected end") }
            // Something JSON, but not an object; or not JSON at all.
            if "[\"-0123456789tfn".utf8.contains(c) { throw JSONReadError(detail: "\(path): expected an object") }
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

    /// Reads an array, calling `element` with the parser positioned at each element and its
    /// index (from 0); `element` must read it. `path` names the array in the error thrown when
    /// the value here is not an array (`PATH: expected an array`).
    package mutating func array(path: String, _ element: (inout JSONParser, Int) throws(JSONReadError) -> Void) throws(JSONReadError) {
        skipSpace()
        guard peek == UInt8(ascii: "[") else { throw JSONReadError(detail: "\(path): expected an array") }
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

    /// Reads any value (strings as text, as ``string()`` reads them).
    package mutating func value() throws(JSONReadError) -> JSONValue {
        skipSpace()
        guard let c = peek else { throw invalid("unexpected end") }
        switch c {
        case UInt8(ascii: "{"):
            var members: [(String, JSONValue)] = []
            try object(path: "") { (parser: inout JSONParser, key: String) throws(JSONReadError) in
                members.append((key, try parser.value()))
            }
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            try array(path: "") { (parser: inout JSONParser, _: Int) throws(JSONReadError) in
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

    mutating func literal(_ word: StaticString) throws(JSONReadError) {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { throw invalid("unexpected end") }
        let matches = word.withUTF8Buffer { buf in bytes[i..<(i + n)].elementsEqual(buf) }
        guard matches else { throw invalid("unexpected word") }
        i += n
    }

    /// A number, `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, converted exactly (the
    /// nearest Double); one beyond a Double's range is an error.
    package mutating func number() throws(JSONReadError) -> Double {
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

    /// A string literal as text, escapes decoded: surrogate pairs joined, a lone surrogate
    /// (and a byte that is not part of valid UTF-8) becoming U+FFFD.
    package mutating func string() throws(JSONReadError) -> String {
        try expectQuote()
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
        i = start
        return String(decoding: try stringContents(rawBytes: false), as: UTF8.self)
    }

    /// A string literal as the bytes it spells, in the raw-bytes mode of file names
    /// (docs/records.md, "File names"): a lone low surrogate escape `\udc80` ... `\udcff`
    /// stands for the one byte 0x80 ... 0xFF, as `ByteWriter.append(jsonFileName:)` writes a
    /// byte that is not part of valid UTF-8 (Python's `surrogateescape`). Everything else is
    /// decoded as ``string()`` decodes it, to UTF-8; bytes of the text that are not valid
    /// UTF-8 are kept as they are. Any other lone surrogate (`\ud800`, `\udc41`) is an error:
    /// it spells neither a character nor a byte.
    package mutating func stringBytes() throws(JSONReadError) -> [UInt8] {
        try expectQuote()
        return try stringContents(rawBytes: true)
    }

    private mutating func expectQuote() throws(JSONReadError) {
        skipSpace()
        guard peek == UInt8(ascii: "\"") else {
            throw invalid(peek == nil ? "unexpected end, expected a string" : "expected a string")
        }
        i += 1
    }

    /// The contents of a string from `i` (after the opening quote) to the closing quote, which
    /// it moves past.
    private mutating func stringContents(rawBytes: Bool) throws(JSONReadError) -> [UInt8] {
        var out: [UInt8] = []
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
                let escape = i - 2
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    var joined = false
                    if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                        let save = i
                        i += 2
                        let low = try hex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                            joined = true
                        } else {
                            i = save
                        }
                    }
                    if !joined {
                        if rawBytes { i = escape; throw invalid("a lone surrogate that is not a raw byte (\\udc80-\\udcff)") }
                        scalar = 0xFFFD
                    }
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    if rawBytes {
                        guard scalar >= 0xDC80 && scalar <= 0xDCFF else {
                            i = escape
                            throw invalid("a lone surrogate that is not a raw byte (\\udc80-\\udcff)")
                        }
                        out.append(UInt8(scalar - 0xDC00))
                        continue
                    }
                    scalar = 0xFFFD
                }
                out.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            default:
                throw invalid("unknown escape")
            }
        }
        return out
    }

    mutating func hex4() throws(JSONReadError) -> UInt32 {
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
