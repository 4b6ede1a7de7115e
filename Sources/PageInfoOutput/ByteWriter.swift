#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PageGeometry

/// A reusable output buffer: text is formatted straight into bytes and written to a file
/// descriptor in large blocks (64 KiB), never one `write` per line and never via
/// `String(format:)` or `JSONEncoder`, which dominate the cost of printing 100,000 pages.
public struct ByteWriter: ~Copyable {
    public var bytes: [UInt8]
    private let fd: Int32?
    private let flushThreshold: Int
    /// Set when a write to the file descriptor failed (e.g. a closed pipe); output stops.
    public private(set) var writeFailed = false
    /// How many NaN or infinite values ``append(number:)`` was given (each printed as `null`):
    /// a writer that must print only finite numbers checks that this stayed 0.
    public private(set) var nonFiniteNumbers = 0

    /// A writer that flushes to `fd` whenever the buffer exceeds `flushThreshold` bytes.
    public init(fd: Int32, flushThreshold: Int = 1 << 16) {
        self.fd = fd
        self.flushThreshold = flushThreshold
        self.bytes = []
        bytes.reserveCapacity(flushThreshold + 4096)
    }

    /// A writer that only collects bytes in memory (for tests and for strings).
    public init() {
        self.fd = nil
        self.flushThreshold = .max
        self.bytes = []
    }

    /// The collected bytes as a String (in-memory writers).
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes the buffer out if it is over the threshold; call after each record.
    public mutating func flushIfNeeded() {
        if bytes.count >= flushThreshold { flush() }
    }

    /// Writes everything buffered to the file descriptor.
    public mutating func flush() {
        guard let fd, !bytes.isEmpty else { return }
        if !writeFailed, writeAll(fd, bytes) != 0 { writeFailed = true }
        bytes.removeAll(keepingCapacity: true)
    }

    deinit {
        if let fd, !bytes.isEmpty, !writeFailed { _ = writeAll(fd, bytes) }
    }

    // MARK: - Appending text

    public mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func append(_ s: String) {
        var s = s
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }

    public mutating func append(byte: UInt8) { bytes.append(byte) }

    /// Appends `count` spaces.
    public mutating func appendSpaces(_ count: Int) {
        if count > 0 { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count)) }
    }

    /// Appends an integer in decimal.
    public mutating func append(int value: Int) {
        NumberText.appendInteger(Int64(value), to: &bytes)
    }

    /// Appends a number by pageinfo's one number-to-text rule (``PageGeometry/NumberText``):
    /// `612`, `595.276`, `-0.5`, never `612.0`, `-0` or float noise. Integral values up to 2⁵³
    /// print as integers; others are first rounded to 9 decimal places (so `20 + 575.276 − 20`
    /// prints `575.276`, not `575.2760000000001`) — to 16 significant digits from 10⁷ up — and
    /// then printed in Swift's shortest round-trip form. NaN and infinities, which JSON cannot
    /// hold, print as `null` and are counted in ``nonFiniteNumbers``.
    public mutating func append(number value: Double) {
        if !NumberText.append(value, to: &bytes) {
            nonFiniteNumbers += 1
            append("null")
        }
    }

    /// Appends a number rounded to at most `decimals` places (2 → pdfinfo's precision), no
    /// trailing zeros: `595.28`, `612`.
    public mutating func append(number value: Double, decimals: Int) {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let r = (value * scale).rounded() / scale
        append(number: r == 0 ? 0 : r)
    }

    /// Appends a JSON string literal with the escapes RFC 8259 requires.
    public mutating func append(jsonString s: String) {
        var s = s
        s.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            // Runs of bytes that need no escape are copied at once.
            var start = 0
            for i in utf8.indices where utf8[i] < 0x20 || utf8[i] == UInt8(ascii: "\"") || utf8[i] == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i]))
                appendEscape(utf8[i])
                start = i + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// The JSON escape of a quote, a backslash or a control character.
    private mutating func appendEscape(_ b: UInt8) {
        switch b {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        default:
            let hex: StaticString = "0123456789abcdef"
            append("\\u00")
            bytes.append(hex.utf8Start[Int(b >> 4)])
            bytes.append(hex.utf8Start[Int(b & 0xF)])
        }
    }

    /// Appends a CSV field (RFC 4180): quoted only when it holds a comma, quote, CR or LF.
    public mutating func append(csvField s: String) {
        let needsQuotes = s.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else { append(s); return }
        bytes.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            if b == UInt8(ascii: "\"") { bytes.append(b) }
            bytes.append(b)
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
