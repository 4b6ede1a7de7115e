/// Encodes an ``RGBImage`` as PNG (8-bit truecolour, no interlace), in pure Swift.
///
/// The image data is filtered row by row (the filter of the five that gives the smallest sum of
/// absolute values, the heuristic libpng uses) and compressed with DEFLATE (RFC 1951) using LZ77
/// matching over a 32 KiB window and the fixed Huffman code, wrapped in a zlib stream
/// (RFC 1950). That is within about 1.5× of zlib's level-6 size on rendered pages and keeps the
/// package free of a zlib dependency. See the README ("Seeing the geometry") for the choice.
public enum PNGEncoder {
    /// The PNG file bytes of `image`.
    public static func encode(_ image: RGBImage) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        header += [8, 2, 0, 0, 0]  // bit depth 8, colour type 2 (RGB), deflate, adaptive filters, no interlace
        appendChunk("IHDR", header, to: &out)
        appendChunk("IDAT", ZlibStream.compress(filteredRows(image)), to: &out)
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
        out.appendBigEndian(CRC32.checksum(typeBytes + data))
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ v: UInt32) {
        append(UInt8(v >> 24)); append(UInt8((v >> 16) & 0xFF)); append(UInt8((v >> 8) & 0xFF)); append(UInt8(v & 0xFF))
    }
}

/// CRC-32 (ISO 3309, polynomial 0xEDB88320), as PNG chunks use it.
public enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The CRC-32 of `bytes`.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        table.withUnsafeBufferPointer { t in
            for b in bytes { c = t[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        }
        return c ^ 0xFFFF_FFFF
    }
}

/// A zlib stream (RFC 1950) holding one DEFLATE block (RFC 1951) with the fixed Huffman code.
public enum ZlibStream {
    static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                                    67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
                                      1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10,
                                       11, 11, 12, 12, 13, 13]
    /// Length 3…258 → its length code index (0…28).
    static let lengthCode: [UInt8] = {
        var t = [UInt8](repeating: 0, count: 259)
        for code in 0..<29 {
            let top = code == 28 ? 258 : lengthBase[code] + (1 << lengthExtra[code]) - 1
            for len in lengthBase[code]...top where len <= 258 { t[len] = UInt8(code) }
        }
        t[258] = 28
        return t
    }()

    static let windowSize = 32_768
    static let maxChain = 24

    /// `data` compressed as a zlib stream.
    public static func compress(_ data: [UInt8]) -> [UInt8] {
        var bits = BitWriter()
        bits.out.reserveCapacity(data.count / 4 + 16)
        bits.out += [0x78, 0x01]  // deflate, 32 KiB window, no dictionary, (0x7801 % 31 == 0)
        bits.write(1, count: 1)   // BFINAL
        bits.write(1, count: 2)   // BTYPE 01: fixed Huffman
        data.withUnsafeBufferPointer { d in
            let n = d.count
            let hashSize = 1 << 15
            var head = [Int32](repeating: -1, count: hashSize)
            var prev = [Int32](repeating: -1, count: windowSize)
            head.withUnsafeMutableBufferPointer { head in
                prev.withUnsafeMutableBufferPointer { prev in
                    @inline(__always) func hash(_ i: Int) -> Int {
                        (Int(d[i]) << 10 ^ Int(d[i + 1]) << 5 ^ Int(d[i + 2])) & (hashSize - 1)
                    }
                    @inline(__always) func insert(_ i: Int) {
                        guard i + 2 < n else { return }
                        let h = hash(i)
                        prev[i & (windowSize - 1)] = head[h]
                        head[h] = Int32(i)
                    }
                    var i = 0
                    while i < n {
                        var bestLength = 0, bestDistance = 0
                        if i + 2 < n {
                            var candidate = Int(head[hash(i)])
                            var chain = maxChain
                            let limit = Swift.min(258, n - i)
                            while candidate >= 0, i - candidate <= windowSize, chain > 0 {
                                if d[candidate + bestLength] == d[i + bestLength] || bestLength == 0 {
                                    var len = 0
                                    while len < limit, d[candidate + len] == d[i + len] { len += 1 }
                                    if len > bestLength {
                                        bestLength = len; bestDistance = i - candidate
                                        if len == limit { break }
                                    }
                                }
                                let next = Int(prev[candidate & (windowSize - 1)])
                                if next >= candidate { break }
                                candidate = next
                                chain -= 1
                            }
                        }
                        if bestLength >= 3 {
                            bits.writeLength(bestLength)
                            bits.writeDistance(bestDistance)
                            for k in 0..<bestLength { insert(i + k) }
                            i += bestLength
                        } else {
                            bits.writeLiteral(Int(d[i]))
                            insert(i)
                            i += 1
                        }
                    }
                }
            }
        }
        bits.writeLiteral(256)  // end of block
        bits.flush()
        bits.out.appendBigEndian(Adler32.checksum(data))
        return bits.out
    }
}

/// Adler-32 (RFC 1950), the zlib stream's checksum.
public enum Adler32 {
    /// The Adler-32 of `bytes`.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var i = 0
        bytes.withUnsafeBufferPointer { p in
            while i < p.count {
                let end = Swift.min(i + 5552, p.count)  // the largest run before b can overflow 32 bits
                while i < end { a += UInt32(p[i]); b += a; i += 1 }
                a %= 65521; b %= 65521
            }
        }
        return b << 16 | a
    }
}

/// Writes DEFLATE bits, least significant bit first.
struct BitWriter {
    var out: [UInt8] = []
    var buffer: UInt64 = 0
    var count = 0

    @inline(__always) mutating func write(_ value: Int, count n: Int) {
        buffer |= UInt64(value) << UInt64(count)
        count += n
        while count >= 8 {
            out.append(UInt8(buffer & 0xFF))
            buffer >>= 8
            count -= 8
        }
    }

    /// A Huffman code, which DEFLATE stores most significant bit first.
    @inline(__always) mutating func writeCode(_ code: Int, length: Int) {
        var reversed = 0, c = code
        for _ in 0..<length { reversed = (reversed << 1) | (c & 1); c >>= 1 }
        write(reversed, count: length)
    }

    /// A literal/length symbol (0…287) in the fixed code (RFC 1951 §3.2.6).
    @inline(__always) mutating func writeLiteral(_ symbol: Int) {
        switch symbol {
        case 0...143: writeCode(0x30 + symbol, length: 8)
        case 144...255: writeCode(0x190 + symbol - 144, length: 9)
        case 256...279: writeCode(symbol - 256, length: 7)
        default: writeCode(0xC0 + symbol - 280, length: 8)
        }
    }

    mutating func writeLength(_ length: Int) {
        let code = Int(ZlibStream.lengthCode[length])
        writeLiteral(257 + code)
        let extra = ZlibStream.lengthExtra[code]
        if extra > 0 { write(length - ZlibStream.lengthBase[code], count: extra) }
    }

    mutating func writeDistance(_ distance: Int) {
        var code = 0
        while code + 1 < 30, ZlibStream.distanceBase[code + 1] <= distance { code += 1 }
        writeCode(code, length: 5)
        let extra = ZlibStream.distanceExtra[code]
        if extra > 0 { write(distance - ZlibStream.distanceBase[code], count: extra) }
    }

    mutating func flush() {
        if count > 0 { out.append(UInt8(buffer & 0xFF)) }
        buffer = 0
        count = 0
    }
}
