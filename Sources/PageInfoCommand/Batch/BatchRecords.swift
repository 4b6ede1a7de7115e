import ArgumentParser
import PageGeometry
import PageInfoOutput
import PageInfoPoppler

#if canImport(Glibc)
import Glibc
#endif

// The records batch mode writes beyond what `PageListEncoder` prints (docs/records.md): the file
// record that closes each file, and the page-error record. Both are written here and nowhere else.

/// What happened to one input file (`status` of its file record).
enum FileStatus: String, Sendable {
    case ok, partial, failed
}

/// The stable file error codes of docs/records.md, in a fixed order (the worker sends the index).
enum FileErrorCode: String, CaseIterable, Sendable {
    case notFound = "not-found"
    case unreadable
    case notPDF = "not-pdf"
    case damaged
    case passwordRequired = "password-required"
    case wrongPassword = "wrong-password"
    case crashed
    case timeout
    case memory
    case pageOutOfRange = "page-out-of-range"

    /// The exit code of a file that failed this way (docs/records.md, "Exit codes").
    var exitCode: Int32 {
        switch self {
        case .notFound, .unreadable: 66
        case .notPDF, .damaged: 65
        case .passwordRequired, .wrongPassword: 77
        case .crashed, .timeout, .memory: 70
        case .pageOutOfRange: 64
        }
    }
}

/// A file error: its stable code and one line for a person (without the file name, which the
/// record carries).
struct FileError: Sendable {
    var code: FileErrorCode
    var message: String
}

/// Exit codes from the worst outcome, in the order of docs/records.md:
/// 74 > 64 > 70 > 77 > 66 > 65 > 2 > 0.
enum BatchExit {
    /// The worse of two exit codes (``ExitStatus/worse(_:_:)``, the one order).
    static func worst(_ a: Int32, _ b: Int32) -> Int32 {
        ExitStatus.worse(ExitCode(a), ExitCode(b)).rawValue
    }

    static func code(status: FileStatus, error: FileErrorCode?) -> Int32 {
        switch status {
        case .ok: 0
        case .partial: 2
        case .failed: error?.exitCode ?? 65
        }
    }
}

/// Writes the file record of a file the worker could not read or the coordinator gave up on
/// (docs/records.md), one line, with the encoder `pageinfo pages` uses for a failed file.
/// - Parameters:
///   - name: the file's name as a JSON string literal, quotes included (``jsonName(_:)``).
///   - bytes: the file's size in bytes; `seconds`: wall-clock time spent on it.
func fileRecord(_ out: inout ByteWriter, name: [UInt8], status: FileStatus, summary: DocumentSummary?,
                pageCount: Int, pageErrors: Int, error: FileError?, bytes: Int?, seconds: Double?) {
    let placeholder = "\u{1}pageinfo-name\u{1}"
    var encoder = PageListEncoder(format: .jsonl, out: ByteWriter())
    let outcome = DocumentOutcome(status: DocumentOutcome.Status(rawValue: status.rawValue) ?? .failed, pageCount: pageCount,
                                  pageErrors: pageErrors,
                                  error: error.map { DocumentOutcome.Failure(code: $0.code.rawValue, message: $0.message) },
                                  bytes: bytes, seconds: seconds.map { ($0 * 1e6).rounded() / 1e6 })
    encoder.failedDocument(file: placeholder, outcome: outcome)
    var quoted = ByteWriter()
    quoted.append(jsonString: placeholder)
    out.bytes += replacing(quoted.bytes, with: name, in: encoder.out.bytes)
}

// MARK: - File names in JSON

/// Appends a file name (raw bytes, as the file system has it) as a JSON string literal.
///
/// Valid UTF-8 is written as is (with RFC 8259's escapes); each byte that is not part of a valid
/// UTF-8 sequence is written as the lone surrogate `\udcXX` (XX = the byte), as Python's
/// `surrogateescape` error handler does (PEP 383): `os.fsencode(json.loads(line)["file"])` gives
/// the original bytes back, and resume compares names byte for byte.
func appendJSONName(_ raw: [UInt8], to out: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    out.append(UInt8(ascii: "\""))
    var i = 0
    while i < raw.count {
        let b = raw[i]
        if b < 0x80 {
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: Array("\\n".utf8))
            case 0x0D: out.append(contentsOf: Array("\\r".utf8))
            case 0x09: out.append(contentsOf: Array("\\t".utf8))
            case 0..<0x20, 0x7F:
                out.append(contentsOf: Array("\\u00".utf8)); out.append(hex[Int(b >> 4)]); out.append(hex[Int(b & 0xF)])
            default: out.append(b)
            }
            i += 1
            continue
        }
        let n = validUTF8SequenceLength(raw, at: i)
        if n > 0 {
            out.append(contentsOf: raw[i..<i + n])
            i += n
        } else {
            out.append(contentsOf: Array("\\udc".utf8)); out.append(hex[Int(b >> 4)]); out.append(hex[Int(b & 0xF)])
            i += 1
        }
    }
    out.append(UInt8(ascii: "\""))
}

/// The JSON string literal of a raw name (see ``appendJSONName(_:to:)``).
func jsonName(_ raw: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(raw.count + 2)
    appendJSONName(raw, to: &out)
    return out
}

/// The length of the valid UTF-8 sequence of 2 to 4 bytes starting at `i` (no overlong forms,
/// no surrogates, nothing above U+10FFFF), or 0.
func validUTF8SequenceLength(_ s: [UInt8], at i: Int) -> Int {
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

/// A raw name as text for messages (invalid bytes become U+FFFD).
func displayName(_ raw: [UInt8]) -> String { String(decoding: raw, as: UTF8.self) }

/// The name of a signal for messages: `SIGSEGV (segmentation fault)`.
func signalDescription(_ signal: Int32) -> String {
    let names: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGILL: "SIGILL",
                                  SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP",
                                  SIGINT: "SIGINT", SIGPIPE: "SIGPIPE", SIGXCPU: "SIGXCPU"]
    let name = names[signal] ?? "signal \(signal)"
    if let text = strsignal(signal) { return "\(name) (\(String(cString: text).lowercased()))" }
    return name
}

