// SPDX-License-Identifier: Apache-2.0
import PageInfoEncoding
import PageInfoSystem
import PageInfoTestSupport
import Testing

/// The one JSON reader's raw-bytes string mode against the file-name writer: what
/// `ByteWriter.append(jsonFileName:)` writes, `JSONParser.stringBytes()` reads back byte for byte.
@Suite("JSON reader: raw-bytes strings")
struct JSONReaderRawBytesTests {
    private func written(_ raw: [UInt8]) -> [UInt8] {
        var out = ByteWriter()
        out.append(jsonFileName: raw)
        return out.bytes
    }

    private func readBytes(_ json: [UInt8]) throws -> [UInt8] {
        var parser = JSONParser(json)
        let bytes = try parser.stringBytes()
        try parser.end()
        return bytes
    }

    private func readBytes(_ json: String) throws -> [UInt8] { try readBytes(Array(json.utf8)) }

    @Test("every byte 0x80...0xFF alone and between text round-trips")
    func everyHighByte() throws {
        for b in UInt8(0x80)...UInt8(0xFF) {
            let hex = String(b, radix: 16)
            #expect(written([b]) == Array("\"\\udc\(hex)\"".utf8))
            #expect(try readBytes(written([b])) == [b])
            let name = Array("a/".utf8) + [b] + Array("é.pdf".utf8)
            #expect(try readBytes(written(name)) == name, "byte 0x\(hex)")
        }
    }

    @Test("names mixing UTF-8 and raw bytes round-trip", arguments: [
        Array("plain.pdf".utf8),
        Array("caf\u{E9} \u{65E5}\u{672C} \u{1F600}.pdf".utf8),
        [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x70, 0x64, 0x66],              // Latin-1 "café.pdf"
        [0xC3, 0x28, 0xE2, 0x82, 0xF0, 0x9F, 0x98, 0x80, 0xED, 0xA0, 0x80],  // broken, valid, a UTF-8 surrogate
        [0x22, 0x5C, 0x0A, 0x7F, 0x01, 0xFF, 0xC3, 0xA9],              // escapes beside raw and valid bytes
        [0xEF, 0xBF, 0xBD, 0xFD],                                       // a real U+FFFD beside a raw 0xFD
    ] as [[UInt8]])
    func mixed(name: [UInt8]) throws {
        #expect(try readBytes(written(name)) == name)
        // The text mode reads valid UTF-8 names exactly, and each raw byte as U+FFFD.
        var parser = JSONParser(written(name))
        let text = try parser.string()
        if FileName(raw: name).isValidUTF8 { #expect(Array(text.utf8) == name) } else { #expect(text.contains("\u{FFFD}")) }
    }

    @Test("seeded random byte names round-trip")
    func random() throws {
        var rng = SeededGenerator(seed: 0x5EED_0022)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...24, using: &rng)
            let name = (0..<length).map { _ in
                // Mostly high bytes, so that valid and broken UTF-8 sequences both occur.
                Bool.random(using: &rng) ? UInt8.random(in: 0x80...0xFF, using: &rng) : UInt8.random(in: 0...0x7F, using: &rng)
            }
            #expect(try readBytes(written(name)) == name, "\(name)")
        }
    }

    @Test("escaped surrogate pairs are characters; other lone surrogates are errors")
    func surrogates() throws {
        #expect(try readBytes(#""\ud83d\ude00""#) == Array("\u{1F600}".utf8))
        #expect(try readBytes(#""\u00e9\udcE9""#) == [0xC3, 0xA9, 0xE9])
        for bad in [#""\ud800""#, #""\ud800x""#, #""\udc7f""#, #""\udd00""#, #""\udfff""#] {
            #expect(throws: JSONReadError(detail: "not valid JSON: a lone surrogate that is not a raw byte (\\udc80-\\udcff) at byte 2")) {
                try readBytes(bad)
            }
            var text = JSONParser(Array(bad.utf8))
            #expect(try text.string().unicodeScalars.first == "\u{FFFD}")
        }
    }

    @Test("a value that is not a string is an error naming the byte")
    func notString() throws {
        #expect(throws: JSONReadError(detail: "not valid JSON: expected a string at byte 2")) { try readBytes(" 12") }
        #expect(throws: JSONReadError(detail: "not valid JSON: unterminated string at byte 5")) { try readBytes("\"abc") }
    }
}

@Suite("JSON reader: structure")
struct JSONReaderStructureTests {
    @Test("objects keep member order; numbers, literals and nesting")
    func values() throws {
        var parser = JSONParser(Array(#"{"b":[1,-2.5e3,true,null],"a":{"x":"y"}}"#.utf8))
        guard case .object(let members) = try parser.value() else { Issue.record("not an object"); return }
        try parser.end()
        #expect(members.map(\.0) == ["b", "a"])
        guard case .array(let b) = members[0].1, case .number(let n) = b[1], case .bool(true) = b[2] else {
            Issue.record("b: \(members[0].1)"); return
        }
        #expect(n == -2500 && b[3].isNull && parser.depth == 0)
    }

    @Test("nesting up to maxDepth is read; one level more is an error, not a crash")
    func depth() throws {
        let limit = JSONParser.maxDepth
        var ok = JSONParser(Array(repeating: UInt8(ascii: "["), count: limit) + Array(repeating: UInt8(ascii: "]"), count: limit))
        _ = try ok.value()
        let deep = Array(repeating: UInt8(ascii: "["), count: limit + 1) + Array(repeating: UInt8(ascii: "]"), count: limit + 1)
        var tooDeep = JSONParser(deep)
        #expect(throws: JSONReadError(detail: "not valid JSON: nested too deeply at byte \(limit + 2)")) { _ = try tooDeep.value() }
    }
}
