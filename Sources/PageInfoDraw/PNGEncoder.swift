// SPDX-License-Identifier: Apache-2.0
/// Encodes an ``RGBImage`` as PNG (8-bit truecolour, no interlace), in pure Swift.
///
/// The image data is filtered row by row (the filter of the five that gives the smallest sum of
/// absolute values, the heuristic libpng uses) and compressed with DEFLATE (RFC 1951): LZ77
/// over a 32 KiB window and dynamic Huffman codes per block, wrapped in a zlib stream
/// (RFC 1950). It keeps the package free of a zlib dependency; see the README ("Seeing the
/// geometry") for the choice and the sizes against zlib.
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

/// A zlib stream (RFC 1950) of DEFLATE blocks (RFC 1951) with dynamic Huffman codes.
///
/// LZ77 over a 32 KiB window (hash chains, at most ``maxChain`` candidates, one step of lazy
/// matching as zlib does), then for every block of up to 64 Ki tokens the Huffman codes of its
/// own symbol frequencies, limited to 15 bits (7 for the code-length code) by moving the
/// deepest leaves up, as miniz does.
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
            let top = Swift.min(258, lengthBase[code] + (1 << lengthExtra[code]) - 1)
            for len in lengthBase[code]...top { t[len] = UInt8(code) }
        }
        t[258] = 28
        return t
    }()
    /// The order in which the code-length code's lengths are stored (RFC 1951 §3.2.7).
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    static let windowSize = 32_768
    static let maxChain = 32
    static let tokensPerBlock = 65_536

    @inline(__always) static func distanceCode(_ distance: Int) -> Int {
        var code = 0
        while code + 1 < 30, distanceBase[code + 1] <= distance { code += 1 }
        return code
    }

    /// `data` compressed as a zlib stream.
    public static func compress(_ data: [UInt8]) -> [UInt8] {
        let tokens = lz77(data)
        var bits = BitWriter()
        bits.out.reserveCapacity(data.count / 8 + 64)
        bits.out += [0x78, 0x01]  // deflate, 32 KiB window, no dictionary, (0x7801 % 31 == 0)
        var start = 0
        repeat {
            let end = Swift.min(tokens.count, start + tokensPerBlock)
            writeBlock(tokens[start..<end], final: end == tokens.count, to: &bits)
            start = end
        } while start < tokens.count
        bits.flush()
        bits.out.appendBigEndian(Adler32.checksum(data))
        return bits.out
    }

    /// A token: a literal byte (< 256), or a match `1 << 31 | length << 15 | (distance − 1)`.
    static func lz77(_ data: [UInt8]) -> [UInt32] {
        var tokens: [UInt32] = []
        tokens.reserveCapacity(data.count / 4 + 16)
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
                    /// The longest match at `i` (length, distance), length 0 when under 3.
                    @inline(__always) func longestMatch(_ i: Int) -> (Int, Int) {
                        guard i + 2 < n else { return (0, 0) }
                        var bestLength = 2, bestDistance = 0
                        var candidate = Int(head[hash(i)])
                        var chain = maxChain
                        let limit = Swift.min(258, n - i)
                        while candidate >= 0, i - candidate <= windowSize, chain > 0 {
                            if d[candidate + bestLength] == d[i + bestLength] {
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
                        return bestDistance > 0 ? (bestLength, bestDistance) : (0, 0)
                    }
                    var i = 0
                    var pending = longestMatch(0)
                    while i < n {
                        let (length, distance) = pending
                        insert(i)
                        if length >= 3 {
                            // Lazy matching: a longer match one byte later wins over this one.
                            let next = length < 32 ? longestMatch(i + 1) : (0, 0)
                            if next.0 > length {
                                tokens.append(UInt32(d[i]))
                                i += 1
                                pending = next
                                continue
                            }
                            tokens.append(1 << 31 | UInt32(length) << 15 | UInt32(distance - 1))
                            for k in 1..<length { insert(i + k) }
                            i += length
                        } else {
                            tokens.append(UInt32(d[i]))
                            i += 1
                        }
                        pending = i < n ? longestMatch(i) : (0, 0)
                    }
                }
            }
        }
        return tokens
    }

    /// One block with dynamic Huffman codes (BTYPE 10).
    static func writeBlock(_ tokens: ArraySlice<UInt32>, final: Bool, to bits: inout BitWriter) {
        var litFreq = [Int](repeating: 0, count: 286), distFreq = [Int](repeating: 0, count: 30)
        for t in tokens {
            if t & (1 << 31) == 0 {
                litFreq[Int(t)] += 1
            } else {
                litFreq[257 + Int(lengthCode[Int((t >> 15) & 0x1FF)])] += 1
                distFreq[distanceCode(Int(t & 0x7FFF) + 1)] += 1
            }
        }
        litFreq[256] = 1
        let litLengths = HuffmanCode.lengths(frequencies: litFreq, limit: 15)
        var distLengths = HuffmanCode.lengths(frequencies: distFreq, limit: 15)
        if !distLengths.contains(where: { $0 > 0 }) { distLengths[0] = 1 }  // at least one distance code
        let numLit = Swift.max(257, (litLengths.lastIndex(where: { $0 > 0 }) ?? 0) + 1)
        let numDist = Swift.max(1, (distLengths.lastIndex(where: { $0 > 0 }) ?? 0) + 1)

        // The code lengths, run-length encoded with symbols 16 (repeat previous), 17, 18 (zeros).
        let all = Array(litLengths[0..<numLit]) + Array(distLengths[0..<numDist])
        var rle: [(symbol: Int, extra: Int)] = []
        var i = 0
        while i < all.count {
            let v = all[i]
            var run = 1
            while i + run < all.count, all[i + run] == v { run += 1 }
            if v == 0 && run >= 3 {
                let r = Swift.min(run, 138)
                rle.append(r <= 10 ? (17, r - 3) : (18, r - 11))
                i += r
            } else if v != 0 && run >= 4 {
                rle.append((v, 0))
                let r = Swift.min(run - 1, 6)
                rle.append((16, r - 3))
                i += 1 + r
            } else {
                rle.append((v, 0))
                i += 1
            }
        }
        var clFreq = [Int](repeating: 0, count: 19)
        for e in rle { clFreq[e.symbol] += 1 }
        let clLengths = HuffmanCode.lengths(frequencies: clFreq, limit: 7)
        var numCL = 19
        while numCL > 4, clLengths[codeLengthOrder[numCL - 1]] == 0 { numCL -= 1 }

        let litCodes = HuffmanCode.canonical(litLengths), distCodes = HuffmanCode.canonical(distLengths)
        let clCodes = HuffmanCode.canonical(clLengths)
        bits.write(final ? 1 : 0, count: 1)
        bits.write(2, count: 2)
        bits.write(numLit - 257, count: 5)
        bits.write(numDist - 1, count: 5)
        bits.write(numCL - 4, count: 4)
        for k in 0..<numCL { bits.write(clLengths[codeLengthOrder[k]], count: 3) }
        for e in rle {
            bits.writeCode(clCodes[e.symbol], length: clLengths[e.symbol])
            switch e.symbol {
            case 16: bits.write(e.extra, count: 2)
            case 17: bits.write(e.extra, count: 3)
            case 18: bits.write(e.extra, count: 7)
            default: break
            }
        }
        for t in tokens {
            if t & (1 << 31) == 0 {
                bits.writeCode(litCodes[Int(t)], length: litLengths[Int(t)])
            } else {
                let length = Int((t >> 15) & 0x1FF), distance = Int(t & 0x7FFF) + 1
                let lc = Int(lengthCode[length])
                bits.writeCode(litCodes[257 + lc], length: litLengths[257 + lc])
                if lengthExtra[lc] > 0 { bits.write(length - lengthBase[lc], count: lengthExtra[lc]) }
                let dc = distanceCode(distance)
                bits.writeCode(distCodes[dc], length: distLengths[dc])
                if distanceExtra[dc] > 0 { bits.write(distance - distanceBase[dc], count: distanceExtra[dc]) }
            }
        }
        bits.writeCode(litCodes[256], length: litLengths[256])
    }
}

/// Length-limited canonical Huffman codes (RFC 1951 §3.2.2).
enum HuffmanCode {
    /// Code lengths (0 = unused) for the symbols' frequencies, none longer than `limit`.
    static func lengths(frequencies: [Int], limit: Int) -> [Int] {
        let used = frequencies.indices.filter { frequencies[$0] > 0 }.sorted {
            frequencies[$0] != frequencies[$1] ? frequencies[$0] < frequencies[$1] : $0 < $1
        }
        var lengths = [Int](repeating: 0, count: frequencies.count)
        if used.isEmpty { return lengths }
        if used.count == 1 { lengths[used[0]] = 1; return lengths }
        // Huffman's algorithm with two queues over the sorted leaves: node weights and parents.
        let n = used.count
        var weight = used.map { frequencies[$0] } + [Int](repeating: 0, count: n - 1)
        var parent = [Int](repeating: -1, count: 2 * n - 1)
        var leaf = 0, inner = n, next = n
        func takeSmallest() -> Int {
            if leaf < n && (inner >= next || weight[leaf] <= weight[inner]) { leaf += 1; return leaf - 1 }
            inner += 1
            return inner - 1
        }
        while next < 2 * n - 1 {
            let a = takeSmallest(), b = takeSmallest()
            weight[next] = weight[a] + weight[b]
            parent[a] = next; parent[b] = next
            next += 1
        }
        // Depth of each node, root (the last) at 0; count leaves per depth.
        var depth = [Int](repeating: 0, count: 2 * n - 1)
        var count = [Int](repeating: 0, count: 64)
        for node in stride(from: 2 * n - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        for k in 0..<n { count[Swift.min(depth[k], 63)] += 1 }
        // Limit: move leaves deeper than `limit` up, then repair the Kraft sum (miniz's method).
        for d in stride(from: 63, to: limit, by: -1) { count[limit] += count[d]; count[d] = 0 }
        var total = 0
        for d in 1...limit { total += count[d] << (limit - d) }
        while total > 1 << limit {
            count[limit] -= 1
            for d in stride(from: limit - 1, through: 1, by: -1) where count[d] > 0 {
                count[d] -= 1
                count[d + 1] += 2
                break
            }
            total -= 1
        }
        // The least frequent symbols get the longest codes.
        var k = 0
        for d in stride(from: limit, through: 1, by: -1) {
            for _ in 0..<count[d] { lengths[used[k]] = d; k += 1 }
        }
        return lengths
    }

    /// Canonical codes for the lengths: shorter codes first, then by symbol.
    static func canonical(_ lengths: [Int]) -> [Int] {
        var blCount = [Int](repeating: 0, count: 16)
        for l in lengths where l > 0 { blCount[l] += 1 }
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1..<16 {
            code = (code + blCount[bits - 1]) << 1
            nextCode[bits] = code
        }
        var codes = [Int](repeating: 0, count: lengths.count)
        for (symbol, l) in lengths.enumerated() where l > 0 {
            codes[symbol] = nextCode[l]
            nextCode[l] += 1
        }
        return codes
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

    mutating func flush() {
        if count > 0 { out.append(UInt8(buffer & 0xFF)) }
        buffer = 0
        count = 0
    }
}
