import ArgumentParser
import FoundationEssentials  // JSONEncoder without ICU: keeps start-up time and memory near pdfinfo's
import PageGeometry
import PageInfoOutput
import PageInfoPoppler

#if canImport(Glibc)
import Glibc
#endif

// The CLI deliberately avoids `import Foundation` (it loads ICU: +15 ms start-up and +19 MiB
// resident memory per run). Use FoundationEssentials, the stdlib and these helpers.

/// Writes text to a file descriptor, all of it (stdout: 1, stderr: 2).
func writeText(_ text: String, to fd: Int32 = STDOUT_FILENO) {
    var text = text
    text.withUTF8 { buf in
        var offset = 0
        while offset < buf.count {
            let n = write(fd, buf.baseAddress! + offset, buf.count - offset)
            if n < 0 { if errno == EINTR { continue }; return }
            offset += n
        }
    }
}

// MARK: - Exit codes and failures

/// The exit codes documented in `pageinfo --help` and the README (BSD sysexits values).
enum ExitStatus {
    static let partial = ExitCode(2)      // a file opened but some pages are page errors
    static let usage = ExitCode(64)       // EX_USAGE
    static let malformed = ExitCode(65)   // EX_DATAERR: not a PDF, damaged
    static let cannotOpen = ExitCode(66)  // EX_NOINPUT: missing, unreadable
    static let ioError = ExitCode(74)     // EX_IOERR: output could not be written
    static let encrypted = ExitCode(77)   // EX_NOPERM: password missing or wrong

    static let workerFailed = ExitCode(70) // EX_SOFTWARE: a batch worker crashed, timed out or ran out of memory

    /// The worse of two exit codes, in the documented order 74 > 64 > 70 > 77 > 66 > 65 > 2 > 1 > 0.
    static func worse(_ a: ExitCode, _ b: ExitCode) -> ExitCode {
        let order: [Int32] = [0, 1, 2, 65, 66, 77, 70, 64, 74]
        func rank(_ c: ExitCode) -> Int { order.firstIndex(of: c.rawValue) ?? order.count }
        return rank(b) > rank(a) ? b : a
    }

    static func code(for error: PageInfoError) -> ExitCode {
        switch error.kind {
        case .cannotOpen: cannotOpen
        case .malformed: malformed
        case .encrypted: encrypted
        case .usage: usage
        }
    }
}

/// A failure already phrased for the user: `main` prints `pageinfo: <message>` and exits with `code`.
struct CommandFailure: Error {
    var message: String
    var code: ExitCode

    init(_ message: String, code: ExitCode) {
        self.message = message
        self.code = code
    }

    init(_ error: PageInfoError) {
        self.init(error.description, code: ExitStatus.code(for: error))
    }
}

/// Prints one line, `pageinfo: <message>`, on stderr.
func reportFailure(_ message: String) {
    writeText("pageinfo: \(message)\n", to: STDERR_FILENO)
}

// MARK: - Documents

/// The FILE argument and `--password`, shared by the commands that read one PDF.
struct DocumentOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The PDF file to read.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The user or owner password of an encrypted PDF.", valueName: "password"))
    var password: String?
}

/// Opens a PDF or throws a ``CommandFailure`` with the documented exit code and one clear line.
func openDocument(_ path: String, password: String?) throws -> PopplerDocument {
    do {
        return try InputFile.open(path, password: password)
    } catch {
        throw CommandFailure(error)
    }
}

/// Reads page `pageNumber` (1-based, as users count) or fails with a usage error.
func readPage(_ document: PopplerDocument, pageNumber: Int) throws -> PageInfo {
    do { return try document.page(at: pageNumber - 1) } catch { throw CommandFailure(error) }
}

// MARK: - Parsing numbers, sizes, points and rectangles

/// Parses a finite Double or throws a ValidationError naming `what`.
func parseNumber(_ text: some StringProtocol, what: String) throws -> Double {
    var trimmed = Substring(text)
    while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
    while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
    guard let value = Double(trimmed), value.isFinite else {
        throw ValidationError("\(what): '\(text)' is not a number")
    }
    return value
}

/// Parses `count` comma-separated numbers.
func parseNumbers(_ text: String, count: Int, what: String, form: String) throws -> [Double] {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == count else {
        throw ValidationError("\(what): '\(text)' should be \(form)")
    }
    return try parts.map { try parseNumber($0, what: what) }
}

/// Parses a view or container size `WxH` (also `W,H`); both must be positive.
func parseSize(_ text: String, what: String = "size") throws -> Size {
    let separator: Character = text.contains("x") ? "x" : (text.contains("X") ? "X" : ",")
    let parts = text.split(separator: separator, omittingEmptySubsequences: false)
    guard parts.count == 2 else { throw ValidationError("\(what): '\(text)' should be WIDTHxHEIGHT, e.g. 800x600") }
    let w = try parseNumber(parts[0], what: what), h = try parseNumber(parts[1], what: what)
    guard w > 0, h > 0 else { throw ValidationError("\(what): '\(text)' must have a positive width and height") }
    return Size(width: w, height: h)
}

/// Parses a point `x,y`.
func parsePoint(_ text: String, what: String = "point") throws -> Point {
    let v = try parseNumbers(text, count: 2, what: what, form: "x,y")
    return Point(x: v[0], y: v[1])
}

/// Parses a rectangle `x,y,w,h` (width and height may be negative; it is standardized).
func parseRect(_ text: String, what: String = "rectangle") throws -> Rect {
    let v = try parseNumbers(text, count: 4, what: what, form: "x,y,width,height")
    return Rect(x: v[0], y: v[1], width: v[2], height: v[3]).standardized
}

// MARK: - JSON

/// Prints `value` as pretty, key-sorted JSON on stdout (for the small outputs of the layout
/// commands; `pages` streams its own encoder).
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    var out = ByteWriter()
    appendCleaningNumbers(Array(data), to: &out)
    out.append("\n")
    writeText(out.string)
}

/// Copies JSON text, rewriting every number token with ``ByteWriter/append(number:)`` so that
/// the layout commands print `595.276` and `0` rather than `595.2760000000001` and `-2.3e-13`
/// (values are rounded to 10⁻⁹, like everything `pageinfo` prints).
func appendCleaningNumbers(_ json: [UInt8], to out: inout ByteWriter) {
    var i = 0
    var inString = false
    while i < json.count {
        let b = json[i]
        if inString {
            out.append(byte: b)
            if b == UInt8(ascii: "\\"), i + 1 < json.count { out.append(byte: json[i + 1]); i += 2; continue }
            if b == UInt8(ascii: "\"") { inString = false }
            i += 1
        } else if b == UInt8(ascii: "\"") {
            inString = true
            out.append(byte: b)
            i += 1
        } else if b == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) {
            var j = i + 1
            while j < json.count, "0123456789.eE+-".utf8.contains(json[j]) { j += 1 }
            let token = String(decoding: json[i..<j], as: UTF8.self)
            if let value = Double(token) { out.append(number: value) } else { out.append(token) }
            i = j
        } else {
            out.append(byte: b)
            i += 1
        }
    }
}
