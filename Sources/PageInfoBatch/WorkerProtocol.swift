// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoSystem
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// The pipe protocol between the coordinator and a `pageinfo worker` (both are this binary; the
/// Spark job is a coordinator too): frames of a little-endian `UInt32` length on the worker's
/// stdin (the configuration, then name or bytes requests), one response per file on its stdout
/// (a ``headerSize``-byte header, then the file's records and message), an optional hello
/// first, and a maximum for every frame. docs/worker-protocol.md describes it in full;
/// `pageinfo worker --describe-protocol` prints these constants (``descriptionJSON``) for a
/// coordinator written elsewhere to check its own against.
package enum WorkerProtocol {
    static let headerSize = 12
    /// The worker's exit status when it stopped because it reached `--max-memory`.
    static let memoryExitStatus: Int32 = 86
    /// Set in a request's length word: the frame is a bytes request (name and content).
    static let bytesRequestFlag: UInt32 = 0x8000_0000
    /// The largest file a bytes request may carry (1 GiB, as for a PDF read from a stream).
    package static let maxRequestBytes = 1 << 30
    /// The longest name frame, bytes request name or configuration (1 MiB; a path the kernel
    /// opens is at most 4 KiB, a password file at most 1 MiB).
    package static let maxNameBytes = 1 << 20
    /// The longest response payload: one file's records and message (1 GiB, some 1.5 million
    /// pages of JSON lines).
    package static let maxResponseBytes = 1 << 30

    /// The argument that asks a worker for its hello.
    package static let helloArgument = "--hello"

    /// The protocol's constants as one JSON object (`pageinfo worker --describe-protocol`), so
    /// that a peer written in another language (the Spark job) checks its own copy against the
    /// worker's instead of trusting it: the header size, the bytes-request flag, the hello's
    /// magic (hex), the frames' maxima, the worker's memory exit status and its memory range
    /// (MiB), the status bytes and the error-code indexes (`FileErrorCode.allCases`, 255: none).
    package static var descriptionJSON: String {
        let codes = FileErrorCode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
        let statuses = statusBytes.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
        let magic = helloMagic.map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
        let memory = WorkerOptions.maxMemoryRange
        return "{\"version\":\"\(PageInfoVersion.current)\",\"headerSize\":\(headerSize),"
            + "\"bytesRequestFlag\":\(bytesRequestFlag),\"helloMagic\":\"\(magic)\","
            + "\"maxNameBytes\":\(maxNameBytes),\"maxRequestBytes\":\(maxRequestBytes),"
            + "\"maxResponseBytes\":\(maxResponseBytes),\"maxMessageBytes\":\(maxMessageBytes),"
            + "\"memoryExitStatus\":\(memoryExitStatus),"
            + "\"maxMemoryMiB\":{\"min\":\(memory.lowerBound),\"max\":\(memory.upperBound)},"
            + "\"statuses\":[\(statuses)],\"errorCodes\":[\(codes)],\"noErrorCode\":\(noErrorCode)}"
    }
    /// A response's status byte is the status's index here.
    static let statusBytes: [DocumentOutcome.Status] = [.ok, .partial, .failed]
    /// A response's error byte is the code's index in `FileErrorCode.allCases`, or this for none.
    static let noErrorCode: UInt8 = 255

    /// The first bytes of a hello: as a little-endian length word, 0x574950FF, more than
    /// ``maxResponseBytes``.
    static let helloMagic: [UInt8] = [0xFF, 0x50, 0x49, 0x57]  // 0xFF "PIW"

    /// A worker's hello: ``helloMagic``, the length of `version` in one byte (at most 255
    /// bytes are sent), then `version`.
    package static func hello(version: String = PageInfoVersion.current) -> [UInt8] {
        let text = Array(version.utf8.prefix(255))
        return helloMagic + [UInt8(text.count)] + text
    }

    /// What ``parseHello(_:from:to:)`` found.
    enum Hello: Equatable {
        /// More bytes are needed.
        case incomplete
        /// A whole hello with the version it gives, and where the responses start.
        case hello(version: String, next: Int)
        /// The bytes do not start with ``helloMagic``: the worker wrote something else first.
        case notHello
    }

    /// Parses the hello at the start of `buffer[start..<end]`.
    static func parseHello(_ buffer: [UInt8], from start: Int, to end: Int) -> Hello {
        let magic = min(end - start, helloMagic.count)
        guard buffer[start..<start + magic].elementsEqual(helloMagic.prefix(magic)) else { return .notHello }
        guard end - start > helloMagic.count else { return .incomplete }
        let length = Int(buffer[start + helloMagic.count]), textStart = start + helloMagic.count + 1
        guard end - textStart >= length else { return .incomplete }
        return .hello(version: String(decoding: buffer[textStart..<textStart + length], as: UTF8.self), next: textStart + length)
    }

    struct Response {
        var pageCount: Int
        var status: DocumentOutcome.Status
        var error: FileErrorCode?
        var payload: ArraySlice<UInt8>
        /// The stderr line for a file that is not ok (with `--messages`), or empty.
        var message: ArraySlice<UInt8> = []
    }

    /// The longest message a response carries, in bytes (a longer one is cut).
    static let maxMessageBytes = Int(UInt16.max)

    /// A response: the header, `records`, then `message` (cut to ``maxMessageBytes``).
    static func response(records: [UInt8], pageCount: Int, status: DocumentOutcome.Status, error: FileErrorCode?, message: [UInt8] = []) -> [UInt8] {
        let message = message.prefix(maxMessageBytes)
        var h = header(payloadLength: records.count + message.count, pageCount: pageCount, status: status, error: error)
        h[10] = UInt8(message.count & 0xFF); h[11] = UInt8(message.count >> 8)
        return h + records + message
    }

    /// Makes `buffer` — ``headerSize`` bytes of room, then the records — a whole response: fills
    /// in the header and appends `message` (cut to ``maxMessageBytes``). Returns false, leaving
    /// `buffer` as it is, when the payload would be longer than `limit` (``maxResponseBytes``).
    static func completeResponse(_ buffer: inout [UInt8], pageCount: Int, status: DocumentOutcome.Status, error: FileErrorCode?,
                                 message: [UInt8] = [], limit: Int = maxResponseBytes) -> Bool {
        let message = message.prefix(maxMessageBytes)
        guard buffer.count - headerSize + message.count <= limit else { return false }
        var h = header(payloadLength: buffer.count - headerSize + message.count, pageCount: pageCount, status: status, error: error)
        h[10] = UInt8(message.count & 0xFF); h[11] = UInt8(message.count >> 8)
        buffer.replaceSubrange(0..<headerSize, with: h)
        buffer += message
        return true
    }

    static func header(payloadLength: Int, pageCount: Int, status: DocumentOutcome.Status, error: FileErrorCode?) -> [UInt8] {
        var h = [UInt8](repeating: 0, count: headerSize)
        put32(&h, 0, UInt32(payloadLength))
        put32(&h, 4, UInt32(clamping: pageCount))
        h[8] = UInt8(statusBytes.firstIndex(of: status)!)
        h[9] = error.map { UInt8(FileErrorCode.allCases.firstIndex(of: $0)!) } ?? noErrorCode
        return h
    }

    /// What ``parseResponse(_:from:to:)`` found.
    enum Parsed {
        /// More bytes are needed.
        case incomplete
        /// A whole response, and where the next one starts.
        case response(Response, next: Int)
        /// A header no worker writes (a payload longer than ``maxResponseBytes``): why.
        case invalid(String)
    }

    /// Parses the response at the start of `buffer[from..<to]` (`to`: the buffer's end by default).
    static func parseResponse(_ buffer: [UInt8], from start: Int, to end: Int? = nil) -> Parsed {
        let end = end ?? buffer.count
        guard end - start >= headerSize else { return .incomplete }
        let length = Int(get32(buffer, start))
        guard length <= maxResponseBytes else {
            return .invalid("a response of \(length) bytes, more than the protocol's \(maxResponseBytes)")
        }
        guard end - start - headerSize >= length else { return .incomplete }
        let pages = Int(get32(buffer, start + 4))
        let status = statusBytes[min(Int(buffer[start + 8]), statusBytes.count - 1)]  // (an unknown byte: failed)
        let e = Int(buffer[start + 9])
        let error = e < FileErrorCode.allCases.count ? FileErrorCode.allCases[e] : nil
        let payloadStart = start + headerSize
        let messageLength = min(length, Int(buffer[start + 10]) | Int(buffer[start + 11]) << 8)
        let recordsEnd = payloadStart + length - messageLength
        return .response(Response(pageCount: pages, status: status, error: error, payload: buffer[payloadStart..<recordsEnd],
                                  message: buffer[recordsEnd..<payloadStart + length]), next: payloadStart + length)
    }

    /// A name (or configuration) frame; `bytes` is at most ``maxNameBytes`` (+ 1 for the
    /// configuration's flag byte).
    static func request(_ bytes: [UInt8]) -> [UInt8] {
        precondition(bytes.count <= maxNameBytes + 1, "a frame longer than the protocol allows")
        var r = [UInt8](repeating: 0, count: 4)
        put32(&r, 0, UInt32(bytes.count))
        return r + bytes
    }

    static func put32(_ a: inout [UInt8], _ i: Int, _ v: UInt32) {
        a[i] = UInt8(v & 0xFF); a[i + 1] = UInt8((v >> 8) & 0xFF)
        a[i + 2] = UInt8((v >> 16) & 0xFF); a[i + 3] = UInt8(v >> 24)
    }

    static func get32(_ a: [UInt8], _ i: Int) -> UInt32 {
        UInt32(a[i]) | UInt32(a[i + 1]) << 8 | UInt32(a[i + 2]) << 16 | UInt32(a[i + 3]) << 24
    }
}

/// Reads exactly `count` bytes from `fd`; nil at end of file or on an error.
func readExactly(_ fd: Int32, _ count: Int) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: count)
    let whole = out.withUnsafeMutableBytes { buffer in (try? OpenFile(rawValue: fd).read(exactly: buffer)) ?? false }
    return whole ? out : nil
}
