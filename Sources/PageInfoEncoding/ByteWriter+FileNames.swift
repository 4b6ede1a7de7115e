// SPDX-License-Identifier: Apache-2.0
// File names are bytes. Swift spells a name that is not valid UTF-8 with U+FFFD; JSON output
// spells it exactly instead, in every format and mode (docs/records.md, "File names").

extension ByteWriter {
    /// Appends a file name's bytes as a JSON string literal: valid UTF-8 as is (with RFC 8259's
    /// escapes, and DEL escaped too), each byte that is not part of a valid UTF-8 sequence as
    /// the lone surrogate `\udcXX` (XX = the byte), as Python's `surrogateescape` does (PEP 383):
    /// `os.fsencode(json.loads(line)["file"])` gives the original bytes back.
    package mutating func append(jsonFileName raw: [UInt8]) {
        append(byte: UInt8(ascii: "\""))
        appendJSONFileNameContents(raw)
        append(byte: UInt8(ascii: "\""))
    }

    /// ``append(jsonFileName:)`` without the quotes.
    mutating func appendJSONFileNameContents(_ raw: [UInt8]) {
        let hex: StaticString = "0123456789abcdef"
        var i = 0
        while i < raw.count {
            let b = raw[i]
            if b < 0x80 {
                if b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
                    appendEscape(b)
                } else if b == 0x7F {
                    append("\\u007f")
                } else {
                    append(byte: b)
                }
                i += 1
                continue
            }
            let n = validUTF8SequenceLength(raw, at: i)
            if n > 0 {
                raw.withUnsafeBufferPointer { append(buffer: UnsafeBufferPointer(rebasing: $0[i..<i + n])) }
                i += n
            } else {
                append("\\udc")
                append(byte: hex.utf8Start[Int(b >> 4)])
                append(byte: hex.utf8Start[Int(b & 0xF)])
                i += 1
            }
        }
    }
}

/// The length of the valid UTF-8 sequence of 2 to 4 bytes starting at `i` (no overlong forms,
/// no surrogates, nothing above U+10FFFF), or 0.
package func validUTF8SequenceLength(_ s: [UInt8], at i: Int) -> Int {
    let b0 = s[i]
    func cont(_ k: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
        i + k < s.count && s[i + k] >= lo && s[i + k] <= hi
    }
    switch b0 {
    case 0xC2...0xDF: return cont(1) ? 2 : 0
    case 0xE0: return cont(1, 0xA0) && cont(2) ? 3 : 0
    case 0xE1...0xEC, 0xEE, 0xEF: return cont(1) && cont(2) ? 3 : 0
    case 0xED: return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0
    case 0xF0: return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0
    case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : 0
    case 0xF4: return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0
    default: return 0
    }
}
