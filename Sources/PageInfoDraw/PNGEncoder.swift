// SPDX-License-Identifier: Apache-2.0
import CZlib

/// Encodes an ``RGBImage`` as PNG (8-bit truecolour, no interlace).
///
/// The image data is filtered row by row (the filter of the five that gives the smallest sum of
/// absolute values, the heuristic libpng uses) and compressed by zlib (a zlib stream,
/// RFC 1950, at zlib's default level 6, as libpng writes); chunks carry zlib's CRC-32.
package enum PNGEncoder {
    /// The PNG file bytes of `image`.
    package static func encode(_ image: RGBImage) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        header += [8, 2, 0, 0, 0]  // bit depth 8, colour type 2 (RGB), deflate, adaptive filters, no interlace
        appendChunk("IHDR", header, to: &out)
        appendChunk("IDAT", Zlib.compress(filteredRows(image)), to: &out)
        appendChunk("IEND", [], to: &out)
        return out
    }

    /// Each row prefixed with its filter type byte (PNG §9).
    static func filteredRows(_ image: RGBImage) -> [UInt8] {
        let stride = image.width * 3
        var out = [UInt8]()
        out.reserveCapacity((stride + 1) * image.height)
        var candidates = [[UInt8]](repeating: [UInt8](repeating: 0, count: stride), count: 5)
        image.pixels.withUnsafeBufferPointer { px in
            for y in 0..<image.height {
                let row = y * stride, prior = (y - 1) * stride
                var best = 0, bestCost = Int.max
                for filter in 0..<5 {
                    var cost = 0
                    candidates[filter].withUnsafeMutableBufferPointer { c in
                        for i in 0..<stride {
                            let x = px[row + i]
                            let a = i >= 3 ? px[row + i - 3] : 0
                            let b = y > 0 ? px[prior + i] : 0
                            let cc = (i >= 3 && y > 0) ? px[prior + i - 3] : 0
                            let v: UInt8
                            switch filter {
                            case 0: v = x
                            case 1: v = x &- a
                            case 2: v = x &- b
                            case 3: v = x &- UInt8((Int(a) + Int(b)) / 2)
                            default: v = x &- paeth(a, b, cc)
                            }
                            c[i] = v
                            cost += v < 128 ? Int(v) : 256 - Int(v)
                        }
                    }
                    if cost < bestCost { bestCost = cost; best = filter }
                }
                out.append(UInt8(best))
                out.append(contentsOf: candidates[best])
            }
        }
        return out
    }

    @inline(__always) static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        out.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        out += typeBytes
        out += data
        out.appendBigEndian(Zlib.crc32(data, continuing: Zlib.crc32(typeBytes)))
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ v: UInt32) {
        append(UInt8(v >> 24)); append(UInt8((v >> 16) & 0xFF)); append(UInt8((v >> 8) & 0xFF)); append(UInt8(v & 0xFF))
    }
}

/// zlib's DEFLATE and CRC-32, for PNG's IDAT and chunk checksums.
enum Zlib {
    /// A zlib stream (RFC 1950) of `data`, at zlib's default level (6).
    static func compress(_ data: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { o in
            data.withUnsafeBufferPointer { d in
                compress2(o.baseAddress, &length, d.baseAddress ?? UnsafePointer(bitPattern: 1), uLong(d.count), Z_DEFAULT_COMPRESSION)
            }
        }
        // compressBound is enough by zlib's contract, and memory failures trap like any Swift
        // allocation: Z_OK is the only result for a buffer of compressBound bytes.
        precondition(status == Z_OK, "zlib compress2 failed with status \(status)")
        out.removeSubrange(Int(length)...)
        return out
    }

    /// The CRC-32 (ISO 3309) of `bytes`, as PNG chunks use it; `continuing` is the CRC of the
    /// bytes before them.
    static func crc32(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        UInt32(bytes.withUnsafeBufferPointer { CZlib.crc32(uLong(crc), $0.baseAddress, uInt($0.count)) })
    }
}
