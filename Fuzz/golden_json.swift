// SPDX-License-Identifier: GPL-2.0-or-later
// The JSON reader (PageInfoEncoding's JSONParser) and the golden decoder built on it
// (GeometrySnapshot(goldenJSON:)). Invariants: a document the reader accepts never nests deeper
// than JSONParser.maxDepth and leaves the parser's depth at 0; written back (numbers in Swift's
// round-trip form, strings escaped) it reads to the same value; every number is finite; a text
// Foundation accepts is accepted too, unless it nests too deeply or holds a number beyond a
// Double; a golden that decodes has pages at their positions and finite geometry only when
// written so, and decoding is deterministic.
@testable import PageInfoCheck
import PageGeometry
import PageInfoEncoding
import Foundation

private func depth(_ v: JSONValue) -> Int {
    switch v {
    case .array(let a): 1 + (a.map(depth).max() ?? 0)
    case .object(let o): 1 + (o.map { depth($0.1) }.max() ?? 0)
    default: 0
    }
}

private func write(_ v: JSONValue, _ out: inout [UInt8]) {
    switch v {
    case .null: out += Array("null".utf8)
    case .bool(let b): out += Array((b ? "true" : "false").utf8)
    case .number(let d): out += Array("\(d)".utf8)
    case .string(let s):
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { out += [UInt8(ascii: "\\"), b] }
            else if b < 0x20 { out += Array(String(format: "\\u%04x", b).utf8) }
            else { out.append(b) }
        }
        out.append(UInt8(ascii: "\""))
    case .array(let a):
        out.append(UInt8(ascii: "["))
        for (i, e) in a.enumerated() { if i > 0 { out.append(UInt8(ascii: ",")) }; write(e, &out) }
        out.append(UInt8(ascii: "]"))
    case .object(let o):
        out.append(UInt8(ascii: "{"))
        for (i, (k, e)) in o.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            write(.string(k), &out); out.append(UInt8(ascii: ":")); write(e, &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}

private func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): true
    case (.bool(let x), .bool(let y)): x == y
    case (.number(let x), .number(let y)): x == y && x.sign == y.sign
    case (.string(let x), .string(let y)): Array(x.utf8) == Array(y.utf8)
    case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy(same)
    case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && same($0.1, $1.1) }
    default: false
    }
}

private func allFinite(_ v: JSONValue) -> Bool {
    switch v {
    case .number(let d): d.isFinite
    case .array(let a): a.allSatisfy(allFinite)
    case .object(let o): o.allSatisfy { allFinite($0.1) }
    default: true
    }
}

/// A comma followed, after blanks, by `]` or `}` outside strings.
private func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
    var inString = false, i = 0, comma = false
    while i < bytes.count {
        let b = bytes[i]
        if inString {
            if b == UInt8(ascii: "\\") { i += 2; continue }
            if b == UInt8(ascii: "\"") { inString = false }
        } else if b == UInt8(ascii: "\"") {
            inString = true; comma = false
        } else if b == UInt8(ascii: ",") {
            comma = true
        } else if b == UInt8(ascii: "]") || b == UInt8(ascii: "}") {
            if comma { return true }
        } else if !(b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09) {
            comma = false
        }
        i += 1
    }
    return false
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    var parser = JSONParser(bytes)
    let parsed: JSONValue?
    var failure: JSONReadError?
    do {
        let v = try parser.value()
        try parser.end()
        parsed = v
    } catch {
        parsed = nil
        failure = error
    }
    if let v = parsed {
        require(parser.depth == 0, "depth \(parser.depth) after a whole document")
        require(depth(v) <= JSONParser.maxDepth, "a document nested \(depth(v)) deep was accepted")
        require(allFinite(v), "a number that is not finite was accepted")
        var text: [UInt8] = []
        write(v, &text)
        var again = JSONParser(text)
        let reread = try? again.value()
        require(reread.map { same($0, v) } == true && (try? again.end()) != nil,
                "written back as \(String(decoding: text.prefix(300), as: UTF8.self)), it reads differently")
    }
    // Foundation's reader is lenient about trailing commas (`[1,]`, `{"a":1,}`) and stops at a
    // NUL byte (`9\0junk`), which RFC 8259 and the golden reader refuse: such texts are not
    // compared.
    if parsed == nil, let detail = failure?.detail, !detail.contains("nested too deeply"), !detail.contains("number out of range"),
       !bytes.contains(0), !hasTrailingComma(bytes), foundationJSON(bytes) != nil {
        require(false, "Foundation reads it, the golden reader says: \(detail)")
    }

    // The golden decoder on the same bytes.
    if let golden = try? GeometrySnapshot(goldenJSON: bytes, file: "fuzz.pdf") {
        require(parsed != nil, "a golden decoded from text the reader refuses")
        let twice = try? GeometrySnapshot(goldenJSON: bytes, file: "fuzz.pdf")
        require(twice == golden, "decoding twice differs")
    }
    return 0
}
