// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoSystem
import PageInfoEncoding
import PageInfoPoppler
import PageInfoReading
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

// The CLI deliberately avoids `import Foundation` (it loads ICU: +15 ms start-up and +19 MiB
// resident memory per run). Use the stdlib, PageInfoSystem, PageInfoEncoding and these helpers.

/// Writes text to a file descriptor, all of it (stdout: 1, stderr: 2).
func writeText(_ text: String, to fd: Int32 = STDOUT_FILENO) {
    var text = text
    text.withUTF8 { try? OpenFile(rawValue: fd).writeAll(UnsafeRawBufferPointer($0)) }
}

/// Writes `text` to stdout; a failed write is exit 74 with one line, as for every output.
func writeOutput(_ text: String) throws {
    var stdout = StandardOutput()
    stdout.out.append(text)
    try stdout.finish()
}

// MARK: - Exit codes and failures

extension ExitCode {
    /// The exit code of an outcome (``ExitStatus`` of PageInfoRecords: the one order of outcomes).
    init(_ status: ExitStatus) { self.init(status.rawValue) }
}

extension ExitFailure {
    /// The one mapping from a library's typed error to the command's failure: its line for a
    /// person, in the command's wording (its option names, `Wording.commandLine`), and the exit
    /// status of its kind (`FailureKind.exitStatus`). A command that names
    /// the option a value came from adds it to the line (`--password-file`).
    init(_ error: some ClassifiedError) { self.init(error.message(.commandLine), status: error.kind.exitStatus) }

    /// Exit 74 for output that cannot be written: "PATH: cannot write the output: REASON", or
    /// without the path for stdout. `reason` is the system's, as `SystemCallError.reason`
    /// phrases it.
    static func outputUnwritable(_ reason: String, path: String? = nil) -> ExitFailure {
        ExitFailure((path.map { "\($0): " } ?? "") + "cannot write the output: \(reason)", status: .ioError)
    }
}

extension PlacementError {
    /// The line a command prints: the fit that stretches a viewport named as `convert`'s option.
    var commandLineMessage: String { description(namingFillAs: "convert --fit fill") }
}

/// Prints one line, `pageinfo: <message>`, on stderr.
func reportFailure(_ message: String) {
    writeText("pageinfo: \(ExitFailure.oneLine(message))\n", to: STDERR_FILENO)
}

// MARK: - Documents

/// The FILE argument and how to open it (password, stream limit), shared by the commands that
/// read one PDF.
struct DocumentOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The PDF file to read ('-' for stdin).", valueName: "file"))
    var file: String

    @OptionGroup var input: InputOptions

    /// Opens ``file`` (see ``InputOptions/open(_:forRendering:)``).
    func open(forRendering: Bool = false) throws -> PopplerDocument { try input.open(file, forRendering: forRendering) }

    /// ``file``'s exact bytes when they are not valid UTF-8 (for its JSON `file` field).
    var exactName: FileName? { CommandLineBytes.exactName(of: file) }
}

/// Reads page `pageNumber` (1-based, as users count) or fails with a usage error.
func readPage(_ document: PopplerDocument, pageNumber: Int) throws -> PageInfo { try readPageEntry(document, pageNumber: pageNumber).page! }

/// The entry of page `pageNumber` (1-based): its page (never a page error: that fails as
/// ``readPage(_:pageNumber:)`` does) and its warnings.
func readPageEntry(_ document: PopplerDocument, pageNumber: Int, withAnnotations: Bool = false) throws -> PageEntry {
    do { return try document.pageEntry(at: pageNumber - 1, withAnnotations: withAnnotations) } catch { throw ExitFailure(error) }
}
