// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoSystem
import PageInfoEncoding
import PageInfoReading
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// What `pages` and `info` do outside batch mode, as plain values after parsing: read each file
/// in this process and print its records to stdout. Both the parsed commands and
/// ``PlainInvocation`` (the parser-free fast path) run it, so the two cannot drift apart.
struct ReadingJob {
    /// The files, as given (names may hold repaired UTF-8: they are read by their raw bytes).
    var files: [String]
    var format: PageListFormat
    /// Table format: all five boxes and UserUnit in full.
    var wide = false
    /// The bitmap each page record describes (`pages --dpi`, `--bitmap-size`), or nil.
    var bitmap: BitmapRequest? = nil
    /// The libraries whose frames each page record carries (`pages --frames`), or none.
    var frames: [LibraryFrame] = []
    var reading: DocumentReader

    /// Reads every file; throws the worst exit code when a file is not ok, or a
    /// ``ExitFailure`` when stdout cannot be written.
    func run() throws {
        var encoder = PageListEncoder(format: format, wide: wide, includesPages: reading.withPages, bitmap: bitmap, frames: frames,
                                      out: ByteWriter(fd: .standardOutput))
        let code = reading.read(commandLineSources(files), into: &encoder, report: reportFailure)
        if code == .ioError {
            // The write's own error: errno has been overwritten by the reads since.
            let reason = encoder.out.writeError?.reason ?? SystemCallError.reason(for: EIO)
            throw ExitFailure.outputUnwritable(reason)
        }
        if code != .success { throw ExitCode(code) }
    }
}

/// The invocations a shell loop runs once per file — `pageinfo pages FILE…` and
/// `pageinfo info FILE…`, with at most a `--format` and a `--password` — and
/// `pageinfo --version`, recognized without swift-argument-parser.
///
/// Its set-up reflects over every option of the command (Mirror, generic metadata, protocol
/// conformance scans): about 14 million instructions, more than opening and reading a one-page
/// PDF, and the main reason a plain `pageinfo pages small.pdf` started slower than
/// `pdfinfo -box small.pdf`. Anything else goes to the parser: any other argument that begins
/// with '-' (an option, `--`, or `-` for stdin), an option given twice or an unknown format, no
/// file (batch mode reads the list from stdin), any other subcommand. `PlainInvocationTests`
/// checks that every invocation recognized here prints exactly what the parser's does.
enum PlainInvocation {
    case read(ReadingJob)
    case version

    /// `arguments`: the command line without the program name.
    init?(arguments: [String]) {
        if arguments == ["--version"] { self = .version; return }
        guard let command = arguments.first, command == "pages" || command == "info" else { return nil }
        var files: [String] = []
        var formatName: String?, password: String?
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else { files.append(argument); continue }
            // `--name value` or `--name=value`, with a value that is neither empty nor option-like
            // (the parser refuses those: it decides).
            let equals = argument.firstIndex(of: "=")
            let name = equals.map { String(argument[..<$0]) } ?? argument
            guard let value = equals.map({ String(argument[argument.index(after: $0)...]) }) ?? rest.popFirst(),
                  !value.isEmpty, !value.hasPrefix("-") else { return nil }
            switch name {
            case "--format" where formatName == nil: formatName = value
            case "--password" where password == nil: password = value
            default: return nil
            }
        }
        guard !files.isEmpty, !files.contains("") else { return nil }
        password = password ?? PasswordSource.environmentPassword()
        if command == "pages" {
            guard let format = formatName.map(PageListFormat.init(rawValue:)) ?? .table else { return nil }
            self = .read(ReadingJob(files: files, format: format, reading: DocumentReader(password: password, wording: .commandLine)))
        } else {
            guard let format = formatName.map(InfoCommand.Format.init(rawValue:)) ?? .text else { return nil }
            self = .read(ReadingJob(files: files, format: format.pageListFormat,
                                    reading: DocumentReader(password: password, withPages: false, wording: .commandLine)))
        }
    }
}
