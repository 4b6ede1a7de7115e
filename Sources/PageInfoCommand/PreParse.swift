// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageInfoSystem
import PageInfoEncoding
import PageInfoReading
import PageInfoRecords

/// The one pre-parse: what `main` decides about the command line around swift-argument-parser,
/// in this order, each step for a reason the parser cannot serve.
///
/// 1. ``route(_:)``, before the parser: `pageinfo worker …` (batch mode's child, started once
///    per batch of files) and ``PlainInvocation`` (`pages`/`info FILE…` with at most `--format`
///    and `--password`, and `--version`) skip the parser, whose set-up reflects over every
///    option of the command: about 14 million instructions, more than reading a one-page PDF
///    (BENCHMARKS.md, "Start-up": with it skipped, `pages` on a one-page file is 0.96× of
///    `pdfinfo -box`). Help asked of the worker goes to the parser, which shows it.
/// 2. ``refuseBeforeParsing(_:)``: `help NAME` where NAME is no subcommand (the parser prints
///    the general help and exits 0), and an option that takes one value given twice
///    (``RepeatedOptions``: the parser keeps the last without a word). Both read the parser's
///    own declarations; the repeat scan runs only when a name is written twice or a short name
///    stands beside another option.
/// 3. After the parser: ``accidentalHelp(_:)`` when it printed help nobody asked for
///    (`-chapter.pdf` holds `-h`), and ``dashFileHint(_:)`` added to a usage error that a file
///    named with a leading '-' may have caused.
enum PreParse {
    /// Where a command line goes.
    enum Route {
        /// `pageinfo worker ARGS…`: the worker, with ARGS.
        case worker([String])
        /// A plain invocation, run without the parser.
        case plain(PlainInvocation)
        /// Everything else: the parser.
        case parser
    }

    /// The route of `arguments` (the command line without the program name).
    static func route(_ arguments: [String]) -> Route {
        if arguments.first == "worker", !arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
            return .worker(Array(arguments.dropFirst()))
        }
        return PlainInvocation(arguments: arguments).map(Route.plain) ?? .parser
    }

    /// Throws the usage failure of step 2, if any.
    static func refuseBeforeParsing(_ arguments: [String]) throws {
        try refuseUnknownHelpTopic(arguments)
        if let failure = RepeatedOptions.failure(in: arguments) { throw failure }
    }

    /// `help NAME` where NAME is no subcommand: the parser would print the general help, exit 0.
    static func refuseUnknownHelpTopic(_ arguments: [String]) throws {
        guard arguments.first == "help" else { return }
        let names = PageInfoTool.configuration.subcommands.compactMap { $0.configuration.commandName }
        // (the first name only: `help viewstate capture` names a subcommand of a subcommand)
        if let name = arguments.dropFirst().first, !name.hasPrefix("-"), !names.contains(name) {
            throw ExitFailure("help: no subcommand '\(name)'; the subcommands are \(names.filter { $0 != "worker" }.joined(separator: ", "))", status: .usage)
        }
    }

    /// The parser printed help where none was asked for (no `-h`, `--help`, `help` or
    /// `--version`) because an argument such as `-chapter.pdf` reads as the short options
    /// -c -h -a …, so as -h, and the files would go unread with exit 0: a usage error instead,
    /// naming that argument.
    static func accidentalHelp(_ arguments: [String]) -> ExitFailure? {
        let asked = arguments.first == "help" || arguments.contains { $0 == "-h" || $0 == "--help" || $0 == "--version" }
        guard !asked else { return nil }
        let culprit = arguments.prefix { $0 != "--" }.first { $0.hasPrefix("-") && !$0.hasPrefix("--") && $0.count > 2 && $0.contains("h") }
        // (none: another clean exit, such as --generate-completion-script)
        guard let culprit else { return nil }
        return ExitFailure("'\(culprit)' is read as options (it holds -h, help); to name a file that begins with '-', put '--' before it or write ./\(culprit)", status: .usage)
    }

    /// When a usage error may come from a file whose name begins with '-' (an argument before any
    /// `--` that is an existing file, or ends in .pdf): how to name it; else "".
    static func dashFileHint(_ arguments: [String]) -> String {
        for argument in arguments {
            if argument == "--" { break }
            guard argument.hasPrefix("-"), argument.count > 1, !argument.hasPrefix("--") || argument.lowercased().hasSuffix(".pdf") else { continue }
            guard argument.lowercased().hasSuffix(".pdf") || (try? FileStatus(path: argument)) != nil else { continue }
            return "; '\(argument)' is read as an option: to name a file that begins with '-', put '--' before it or write ./\(argument)"
        }
        return ""
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
/// file (batch mode, which refuses it and says what to give), any other subcommand. `PlainInvocationTests`
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
