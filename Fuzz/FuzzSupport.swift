// SPDX-License-Identifier: GPL-2.0-or-later
// What the Swift harnesses share: a reader of typed values from the fuzzer's bytes, the check
// that turns a broken invariant into a crash libFuzzer saves, and independent checks of JSON and
// CSV text (Foundation's JSONSerialization, a small RFC 4180 reader), so the project's own
// writers and readers are not their own oracles.
import Foundation

/// A broken invariant: says which and aborts, so libFuzzer saves the input as a crash.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
             file: StaticString = #fileID, line: UInt = #line) {
    if !condition() {
        FileHandle.standardError.write(Data("invariant broken (\(file):\(line)): \(message())\n".utf8))
        abort()
    }
}

/// Typed values drawn from the fuzzer's bytes; reads past the end give zeros.
struct FuzzInput {
    let bytes: [UInt8]
    var i = 0

    init(_ data: UnsafePointer<UInt8>, _ size: Int) { bytes = Array(UnsafeBufferPointer(start: data, count: size)) }
    init(bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { i >= bytes.count }

    mutating func byte() -> UInt8 {
        defer { i += 1 }
        return i < bytes.count ? bytes[i] : 0
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        var v: UInt64 = 0
        for _ in 0..<8 { v = v << 8 | UInt64(byte()) }
        let span = UInt64(bitPattern: Int64(range.upperBound)) &- UInt64(bitPattern: Int64(range.lowerBound)) &+ 1
        return range.lowerBound &+ Int(truncatingIfNeeded: span == 0 ? v : v % span)
    }

    /// A double: often a value layout code meets (small integers, halves, PDF-ish sizes, the
    /// edges of the number rule), sometimes any bit pattern (NaN, infinities, subnormals).
    mutating func double() -> Double {
        let kind = byte()
        switch kind % 8 {
        case 0:
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
            return Double(bitPattern: bits)
        case 1: return Double(int(-100_000...100_000))
        case 2: return Double(int(-2_000_000...2_000_000)) / 1000
        case 3:
            let edges: [Double] = [0, -0.0, 1, -1, 0.5, 612, 792, 595.276, 841.89, 1e-9, 5e-10, 1e-10, 999_999.9999999995,
                                   1e6, 1e7, 9_999_999.5, 1e12, -1e12, 1e15, 9_007_199_254_740_992, 9_007_199_254_740_993,
                                   1e20, 1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .infinity, -.infinity, .nan,
                                   0.1 + 0.2, 1000000.1 + 0.2, 14400, 1.0 / 3, 2.0 / 3, 0.000999999, 0.001]
            return edges[Int(byte()) % edges.count]
        case 4: return Double(int(-1_000_000_000...1_000_000_000)) / 1e9 * pow(10, Double(int(-12...22)))
        default: return Double(int(-5000...5000)) / 4
        }
    }

    /// Up to `max` bytes, as they are.
    mutating func rawBytes(max: Int) -> [UInt8] {
        let n = Int(byte()) % (max + 1)
        var out: [UInt8] = []
        for _ in 0..<n where !isAtEnd { out.append(byte()) }
        return out
    }

    /// A string of up to `max` bytes, invalid UTF-8 repaired (as Swift strings always are).
    mutating func string(max: Int) -> String { String(decoding: rawBytes(max: max), as: UTF8.self) }

    /// The rest of the input.
    mutating func rest() -> [UInt8] {
        defer { i = bytes.count }
        return i < bytes.count ? Array(bytes[i...]) : []
    }
}

/// Parses JSON text with Foundation (independent of the project's readers); nil when invalid.
func foundationJSON(_ bytes: [UInt8]) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
}

/// Every number token outside strings in JSON text, as written.
func jsonNumberTokens(_ bytes: [UInt8]) -> [String] {
    var tokens: [String] = []
    var i = 0, inString = false
    while i < bytes.count {
        let b = bytes[i]
        if inString {
            if b == UInt8(ascii: "\\") { i += 2; continue }
            if b == UInt8(ascii: "\"") { inString = false }
            i += 1
            continue
        }
        if b == UInt8(ascii: "\"") { inString = true; i += 1; continue }
        if b == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) {
            let start = i
            while i < bytes.count, "+-.eE0123456789".utf8.contains(bytes[i]) { i += 1 }
            tokens.append(String(decoding: bytes[start..<i], as: UTF8.self))
            continue
        }
        i += 1
    }
    return tokens
}

/// Checks that every number in JSON text is a plain finite number that parses back, and that
/// Foundation reads the text. Returns the parsed value.
@discardableResult
func requireValidJSON(_ bytes: [UInt8], _ what: String) -> Any {
    guard let value = foundationJSON(bytes) else {
        require(false, "\(what): not valid JSON: \(String(decoding: bytes.prefix(400), as: UTF8.self))")
        fatalError()
    }
    for token in jsonNumberTokens(bytes) {
        require(Double(token)?.isFinite == true, "\(what): the number \(token) does not parse back to a finite value")
        require(!token.hasSuffix(".0") && token != "-0", "\(what): \(token) is not in the number rule's form")
    }
    return value
}

/// RFC 4180 rows of CSV text (quoted fields may hold commas, quotes and newlines); nil when a
/// quote is not closed or a quoted field is followed by something else than a comma or newline.
func csvRows(_ text: [UInt8]) -> [[String]]? {
    var rows: [[String]] = [], row: [String] = [], field: [UInt8] = []
    var i = 0
    var quoted = false, wasQuoted = false
    while i < text.count {
        let b = text[i]
        if quoted {
            if b == UInt8(ascii: "\"") {
                if i + 1 < text.count, text[i + 1] == UInt8(ascii: "\"") { field.append(b); i += 2; continue }
                quoted = false
                i += 1
                guard i == text.count || text[i] == UInt8(ascii: ",") || text[i] == 0x0A else { return nil }
                continue
            }
            field.append(b); i += 1; continue
        }
        switch b {
        case UInt8(ascii: "\""):
            guard field.isEmpty, !wasQuoted else { return nil }
            quoted = true; wasQuoted = true
        case UInt8(ascii: ","):
            row.append(String(decoding: field, as: UTF8.self)); field = []; wasQuoted = false
        case 0x0A:
            row.append(String(decoding: field, as: UTF8.self)); field = []; wasQuoted = false
            rows.append(row); row = []
        default: field.append(b)
        }
        i += 1
    }
    guard !quoted else { return nil }
    if !field.isEmpty || !row.isEmpty { row.append(String(decoding: field, as: UTF8.self)); rows.append(row) }
    return rows
}

/// The whole file at `path` (POSIX reads: Foundation's Data(contentsOf:) shows up as a leak
/// under LeakSanitizer).
func readFile(_ path: String) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    require(fd >= 0, "cannot open \(path)")
    defer { close(fd) }
    var out: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        require(n >= 0, "cannot read \(path)")
        if n == 0 { return out }
        out += chunk[0..<n]
    }
}

/// A private scratch file for harnesses that must hand the code under test a path.
func scratchPath(_ name: String) -> String {
    let dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : NSTemporaryDirectory()
    return "\(dir)/pageinfo-fuzz-\(getpid())-\(name)"
}

func writeFile(_ path: String, _ bytes: [UInt8]) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    require(fd >= 0, "cannot create \(path)")
    var done = 0
    bytes.withUnsafeBytes { raw in
        while done < raw.count {
            let n = write(fd, raw.baseAddress! + done, raw.count - done)
            require(n > 0, "cannot write \(path)")
            done += n
        }
    }
    close(fd)
}
