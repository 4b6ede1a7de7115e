// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A PDF made larger without changing what it holds: for the readers' size thresholds (a small
/// file is parsed in memory, a larger one in place; a worker holds a small request in memory,
/// a larger one in a memory file).
public enum PaddedPDF {
    /// The bytes of `pdf` (a file whose last `startxref` points at its cross-reference), then
    /// comment lines until the whole is larger than `size` bytes, then a second `startxref` to
    /// the same cross-reference and `%%EOF`. A reader that follows the file's structure finds
    /// exactly the original document; only the file's size changes.
    public static func bytes(of pdf: String, largerThan size: Int) throws -> [UInt8] {
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pdf)))
        let keyword = Array("startxref".utf8)
        guard let at = (0...(original.count - keyword.count)).last(where: { original[$0..<$0 + keyword.count].elementsEqual(keyword) }) else {
            throw PaddingError(file: pdf)
        }
        let digits = original[(at + keyword.count)...].drop { $0 == 0x0A || $0 == 0x0D || $0 == 0x20 }.prefix { (0x30...0x39).contains($0) }
        guard let offset = Int(String(decoding: digits, as: UTF8.self)) else { throw PaddingError(file: pdf) }
        let tail = Array("\nstartxref\n\(offset)\n%%EOF\n".utf8)
        let line = Array(("%" + String(repeating: "x", count: 1022) + "\n").utf8)
        var out = original + [0x0A]
        out.reserveCapacity(size + line.count + tail.count)
        while out.count + tail.count <= size { out += line }
        return out + tail
    }

    /// The file has no `startxref` followed by an offset.
    public struct PaddingError: Error, CustomStringConvertible {
        public let file: String
        public var description: String { "\(file): no startxref offset to point the padded file at" }
    }
}
