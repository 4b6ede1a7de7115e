// SPDX-License-Identifier: GPL-2.0-or-later
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
    text.withUTF8 { _ = writeAll(fd, UnsafeRawBufferPointer($0)) }
}

/// Writes `text` to stdout; a failed write is exit 74 with one line, as for every output.
func writeOutput(_ text: String) throws {
    var text = text
    let failure = text.withUTF8 { writeAll(STDOUT_FILENO, UnsafeRawBufferPointer($0)) }
    if failure != 0 {
        throw CommandFailure("cannot write the output: \(String(cString: strerror(failure)))", code: ExitStatus.ioError)
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

/// The FILE argument and how to open it (password, stream limit), shared by the commands that
/// read one PDF.
struct DocumentOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The PDF file to read ('-' for stdin).", valueName: "file"))
    var file: String

    @OptionGroup var input: InputOptions

    /// Opens ``file`` (see ``InputOptions/open(_:)``).
    func open() throws -> PopplerDocument { try input.open(file) }
}

/// Reads page `pageNumber` (1-based, as users count) or fails with a usage error.
func readPage(_ document: PopplerDocument, pageNumber: Int) throws -> PageInfo {
    do { return try document.page(at: pageNumber - 1) } catch { throw CommandFailure(error) }
}
