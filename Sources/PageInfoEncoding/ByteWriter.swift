// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PageGeometry
import PageInfoSystem
import SystemPackage

/// A reusable output buffer: text is formatted straight into bytes and written to a file
/// descriptor in large blocks (64 KiB), never one `write` per line and never via
/// `String(format:)` or `JSONEncoder`, which dominate the cost of printing 100,000 pages.
package struct ByteWriter: ~Copyable {
    /// The buffer (trivial bytes: initialized up to `count`), owned and freed by this writer.
    /// Appending writes into it directly: no `Array` growth checks, uniqueness checks or
    /// generic `append(contentsOf:)` per literal, which cost a third of printing a page.
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are buffered (for an in-memory writer: all that was appended).
    package private(set) var count = 0
    private let fd: OpenFile?
    private let flushThreshold: Int
    /// The first write to the file descriptor that failed (e.g. a closed pipe, a full disk),
    /// naming `write` and its errno; output stops there.
    package private(set) var writeError: SystemCallError?
    /// Whether a write to the file descriptor failed (``writeError`` is set); output stops.
    package var writeFailed: Bool { writeError != nil }
    /// How many NaN or infinite values ``append(number:)`` was given (each printed as `null`):
    /// a writer that must print only finite numbers checks that this stayed 0.
    package private(set) var nonFiniteNumbers = 0
    /// The file name whose exact bytes ``append(jsonNamingFile:)`` writes while it is set:
    /// wherever the name's repaired spelling (`text`, with U+FFFD) occurs in a "file" field or
    /// a message about the file, the raw bytes are written instead, as
    /// ``append(jsonFileName:)`` writes them. Other strings (labels, page errors, warnings) are
    /// never touched. Set it only for a name that is not valid UTF-8.
    package var exactFileName: FileName?

    /// A writer that flushes to `fd` whenever the buffer exceeds `flushThreshold` bytes.
    package init(fd: FileDescriptor, flushThreshold: Int = 1 << 16) {
        self.fd = OpenFile(fd)
        self.flushThreshold = flushThreshold
        self.capacity = flushThreshold + 4096
        self.storage = .allocate(capacity: capacity)
    }

    /// A writer that only collects bytes in memory (for tests, for strings, for a record made
    /// on another thread), with room for `capacity` bytes before it grows.
    package init(capacity: Int = 256) {
        self.fd = nil
        self.flushThreshold = .max
        self.capacity = Swift.max(capacity, 16)
        self.storage = .allocate(capacity: self.capacity)
    }

    deinit {
        if let fd, count > 0, !writeFailed { try? fd.writeAll(UnsafeRawBufferPointer(start: storage, count: count)) }
        storage.deallocate()
    }

    /// The buffered bytes, as an array (a copy); setting it replaces them.
    package var bytes: [UInt8] {
        get { Array(UnsafeBufferPointer(start: storage, count: count)) }
        set {
            count = 0
            newValue.withUnsafeBufferPointer { append(buffer: $0) }
        }
    }

    /// The collected bytes as a String (in-memory writers).
    package var string: String { String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self) }

    /// Writes the buffer out if it is over the threshold; call after each record.
    package mutating func flushIfNeeded() {
        if count >= flushThreshold { flush() }
    }

    /// Writes everything buffered to the file descriptor.
    package mutating func flush() {
        guard let fd, count > 0 else { return }
        if !writeFailed {
            do { try fd.writeAll(UnsafeRawBufferPointer(start: storage, count: count)) } catch { writeError = error }
        }
        count = 0
    }

    /// Room for `n` more bytes; returns where they go. The caller initializes them and adds
    /// what it wrote to `count`.
    @inline(__always)
    private mutating func room(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity &- count < n { grow(toAtLeast: count + n) }
        return storage + count
    }

    private mutating func grow(toAtLeast needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2)
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.initialize(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }

    // MARK: - Appending text

    /// Appends bytes.
    package mutating func append(buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        room(buffer.count).initialize(from: base, count: buffer.count)
        count += buffer.count
    }

    /// Appends a literal's UTF-8.
    package mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { append(buffer: $0) }
    }

    /// Appends a string's UTF-8. (Disfavored so that a literal picks the `StaticString`
    /// overload: String is the default literal type, and a literal as a `String` costs a
    /// retain, a release and a representation check on every call.)
    @_disfavoredOverload
    package mutating func append(_ s: String) {
        var s = s
        s.withUTF8 { append(buffer: $0) }
    }

    /// Appends one byte.
    package mutating func append(byte: UInt8) {
        room(1).initialize(to: byte)
        count += 1
    }

    /// Appends everything `other` (an in-memory writer) collected, and counts its non-finite
    /// numbers as this writer's (``nonFiniteNumbers``). A writer to a file descriptor writes
    /// what it holds and then `other`'s bytes straight from `other`, when they are more than
    /// its threshold: its own buffer does not grow to hold them.
    package mutating func append(contentsOf other: borrowing ByteWriter) {
        nonFiniteNumbers += other.nonFiniteNumbers
        guard let fd, other.count >= flushThreshold else {
            return append(buffer: UnsafeBufferPointer(start: other.storage, count: other.count))
        }
        flush()
        guard !writeFailed else { return }
        do { try fd.writeAll(UnsafeRawBufferPointer(start: other.storage, count: other.count)) } catch { writeError = error }
    }

    /// Appends `count` spaces.
    package mutating func appendSpaces(_ n: Int) {
        guard n > 0 else { return }
        room(n).initialize(repeating: UInt8(ascii: " "), count: n)
        count += n
    }

    /// Inserts `n` spaces at byte offset `index` (≤ ``count``), moving what follows.
    package mutating func insertSpaces(_ n: Int, at index: Int) {
        precondition(index >= 0 && index <= count)
        guard n > 0 else { return }
        _ = room(n)
        (storage + index + n).update(from: storage + index, count: count - index)  // memmove
        (storage + index).update(repeating: UInt8(ascii: " "), count: n)
        count += n
    }

    /// Removes the spaces at the end of the buffer.
    package mutating func trimTrailingSpaces() {
        while count > 0 && storage[count - 1] == UInt8(ascii: " ") { count -= 1 }
    }

    /// Appends an integer in decimal.
    package mutating func append(int value: Int) {
        count += NumberText.write(integer: Int64(value), to: room(NumberText.maxTextLength))
    }

    /// Appends a number by pageinfo's one number-to-text rule (`NumberText` of PageGeometry):
    /// `612`, `595.276`, `-0.5`, never `612.0`, `-0` or float noise. Integral values up to 2⁵³
    /// print as integers; others are first rounded to 9 decimal places (so `20 + 575.276 − 20`
    /// prints `575.276`, not `575.2760000000001`) — to 16 significant digits from 10⁷ up — and
    /// then printed in Swift's shortest round-trip form. NaN and infinities, which JSON cannot
    /// hold, print as `null` and are counted in ``nonFiniteNumbers``.
    package mutating func append(number value: Double) {
        if let n = NumberText.write(value, to: room(NumberText.maxTextLength)) {
            count += n
        } else {
            nonFiniteNumbers += 1
            append("null")
        }
    }

    /// Appends a number rounded to at most `decimals` places (0…9; 2 is pdfinfo's precision),
    /// no trailing zeros: `595.28`, `612`. The rounding is step 5 of the one rule
    /// (`NumberText.write(_:decimals:to:)`): the text ``append(number:)`` prints, rounded with a
    /// tie to the even digit, so `585.125` prints `585.12`, as pdfinfo prints it. NaN and
    /// infinities print as `null` and are counted in ``nonFiniteNumbers``.
    package mutating func append(number value: Double, decimals: Int) {
        if let n = NumberText.write(value, decimals: decimals, to: room(NumberText.maxTextLength)) {
            count += n
        } else {
            nonFiniteNumbers += 1
            append("null")
        }
    }

    /// Appends a JSON string literal with the escapes RFC 8259 requires.
    package mutating func append(jsonString s: String) {
        var s = s
        s.withUTF8 { utf8 in
            append(byte: UInt8(ascii: "\""))
            appendJSONStringContents(utf8)
            append(byte: UInt8(ascii: "\""))
        }
    }

    /// Appends a JSON string that names the file being read — its "file" field, or a message
    /// about it — spelling the name exactly when ``exactFileName`` is set.
    package mutating func append(jsonNamingFile s: String) {
        guard let name = exactFileName else { return append(jsonString: s) }
        if s.utf8.elementsEqual(name.text.utf8) { return append(jsonFileName: name.raw) }
        var s = s
        s.withUTF8 { utf8 in
            append(byte: UInt8(ascii: "\""))
            appendJSONStringContents(utf8, spelling: name)
            append(byte: UInt8(ascii: "\""))
        }
    }

    /// The escaped contents of a JSON string (no quotes). Runs of bytes that need no escape are
    /// copied at once.
    private mutating func appendJSONStringContents(_ utf8: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for i in utf8.indices where utf8[i] < 0x20 || utf8[i] == UInt8(ascii: "\"") || utf8[i] == UInt8(ascii: "\\") {
            append(buffer: UnsafeBufferPointer(rebasing: utf8[start..<i]))
            appendEscape(utf8[i])
            start = i + 1
        }
        append(buffer: UnsafeBufferPointer(rebasing: utf8[start...]))
    }

    /// ``appendJSONStringContents(_:)`` with each occurrence of `name.text` written as the
    /// name's raw bytes (``exactFileName``).
    private mutating func appendJSONStringContents(_ utf8: UnsafeBufferPointer<UInt8>, spelling name: FileName) {
        var text = name.text
        text.withUTF8 { pattern in
            var start = 0, i = 0
            while !pattern.isEmpty, i + pattern.count <= utf8.count {
                if utf8[i] == pattern[0], memcmp(utf8.baseAddress! + i, pattern.baseAddress!, pattern.count) == 0 {
                    appendJSONStringContents(UnsafeBufferPointer(rebasing: utf8[start..<i]))
                    appendJSONFileNameContents(name.raw)
                    i += pattern.count
                    start = i
                } else {
                    i += 1
                }
            }
            appendJSONStringContents(UnsafeBufferPointer(rebasing: utf8[start...]))
        }
    }

    /// The JSON escape of a quote, a backslash or a control character.
    mutating func appendEscape(_ b: UInt8) {
        switch b {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        default:
            let hex: StaticString = "0123456789abcdef"
            append("\\u00")
            append(byte: hex.utf8Start[Int(b >> 4)])
            append(byte: hex.utf8Start[Int(b & 0xF)])
        }
    }

    /// Appends a CSV field (RFC 4180): quoted only when it holds a comma, quote, CR or LF.
    package mutating func append(csvField s: String) {
        let needsQuotes = s.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else { append(s); return }
        append(byte: UInt8(ascii: "\""))
        for b in s.utf8 {
            if b == UInt8(ascii: "\"") { append(byte: b) }
            append(byte: b)
        }
        append(byte: UInt8(ascii: "\""))
    }
}
