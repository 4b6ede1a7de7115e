// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageInfoBatch
import PageInfoHelp
import PageInfoSystem
import PageInfoPoppler
import PageInfoRecords
import PageInfoWorkerCommand

#if canImport(Glibc)
import Glibc
#endif

/// `pageinfo`: page geometry of PDF files, and the layout math built on it.
@main
struct PageInfoTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pageinfo",
        abstract: "Read the real geometry of every PDF page (boxes, rotation, UserUnit, labels) and do layout math on it.",
        discussion: CommandHelp.pageinfo,
        version: "pageinfo \(PageInfoVersion.current) (Poppler \(PopplerDocument.popplerVersion))",
        subcommands: [
            PagesCommand.self, InfoCommand.self, ConvertCommand.self, SpreadsCommand.self,
            LayoutCommand.self, ViewStateCommand.self, ThumbnailsCommand.self, CheckCommand.self,
            DrawCommand.self, SheetCommand.self, WorkerCommand.self,
        ]
    )

    /// Runs the command; every failure becomes one line on stderr and a documented exit code.
    static func main() {
        // Swift's runtime finds argv on Linux by walking up from `environ` and checking the stack's
        // bounds in /proc/self/maps. Where /proc is not mounted (a bare chroot, some sandboxes)
        // it finds none, and an empty command line would get the overview and exit 0, whatever
        // was asked: refuse instead.
        guard CommandLine.argc > 0 else {
            reportFailure("cannot read this process's command line (Swift reads it with the help of /proc/self/maps): mount /proc and run it again")
            terminate(ExitStatus.softwareFailure.rawValue)
        }
        // `pageinfo worker …`: batch mode's child process (hidden from help), parsed alone (a
        // worker starts often), unless help is asked for: the root parser shows it.
        let arguments = CommandLine.arguments
        if arguments.count > 1, arguments[1] == "worker", !arguments.dropFirst(2).contains(where: { $0 == "--help" || $0 == "-h" }) {
            terminate(WorkerCommand.main(arguments: Array(arguments.dropFirst(2))))
        }
        do {
            switch PlainInvocation(arguments: Array(CommandLine.arguments.dropFirst())) {
            case .read(let job)?:
                try job.run()
            case .version?:
                try writeOutput(configuration.version + "\n")
            case nil:
                try refuseUnknownHelpTopic(Array(arguments.dropFirst()))
                if let failure = RepeatedOptions.failure(in: Array(arguments.dropFirst())) { throw failure }
                var command = try parseAsRoot()
                try command.run()
            }
        } catch let failure as ExitFailure {
            reportFailure(failure.message)
            terminate(failure.status.rawValue)
        } catch let error as any ClassifiedError {
            // A library's typed error: its line and its kind's status, by the one mapping.
            let failure = ExitFailure(error)
            reportFailure(failure.message)
            terminate(failure.status.rawValue)
        } catch let code as ExitCode {
            terminate(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                if let failure = accidentalHelp(Array(arguments.dropFirst())) {
                    reportFailure(failure.message)
                    terminate(failure.status.rawValue)
                }
                // --help, --version, a completion script: the full text, on stdout (checked).
                do { try writeOutput(fullMessage(for: error) + "\n") } catch {
                    reportFailure((error as? ExitFailure)?.message ?? "\(error)")
                    terminate(ExitStatus.ioError.rawValue)
                }
                terminate(0)
            }
            var message = message(for: error)
            if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
            let oneLine = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: " ") }.joined(separator: "; ")
            reportFailure(oneLine + dashFileHint(oneLine) + " (see 'pageinfo help')")
            terminate(code.rawValue)
        }
        terminate(0)
    }

    /// Ends the process with `code` once stdio's buffers (`print`) are flushed, without running
    /// the exit handlers and destructors of the ~30 shared libraries Poppler loads: they free
    /// nothing the kernel does not, and touching their code costs a page fault each (~0.1 ms of a
    /// one-page run). Everything pageinfo writes is written before this point.
    static func terminate(_ code: Int32) -> Never {
        CurrentProcess.flushStandardStreams()
        #if PAGEINFO_LEAK_CHECK
        leakCheck()
        #endif
        CurrentProcess.exitImmediately(code)
    }

    #if PAGEINFO_LEAK_CHECK
    /// Under LeakSanitizer (`make sanitize` builds with `-D PAGEINFO_LEAK_CHECK`), its leak check,
    /// which it runs from an exit handler that `_exit` skips. Other builds leave the lookup out of
    /// every exit (start-up is measured to the tenth of a millisecond).
    static func leakCheck() {
        CurrentProcess.callIfPresent("__lsan_do_leak_check")
    }
    #endif
}

/// `help NAME` where NAME is no subcommand: the parser would print the general help, exit 0.
func refuseUnknownHelpTopic(_ arguments: [String]) throws {
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
func accidentalHelp(_ arguments: [String]) -> ExitFailure? {
    let asked = arguments.first == "help" || arguments.contains { $0 == "-h" || $0 == "--help" || $0 == "--version" }
    guard !asked else { return nil }
    let culprit = arguments.prefix { $0 != "--" }.first { $0.hasPrefix("-") && !$0.hasPrefix("--") && $0.count > 2 && $0.contains("h") }
    // (none: another clean exit, such as --generate-completion-script)
    guard let culprit else { return nil }
    return ExitFailure("'\(culprit)' is read as options (it holds -h, help); to name a file that begins with '-', put '--' before it or write ./\(culprit)", status: .usage)
}

/// When a usage error may come from a file whose name begins with '-' (an argument before any
/// `--` that is an existing file, or ends in .pdf): how to name it.
func dashFileHint(_ message: String) -> String {
    for argument in CommandLine.arguments.dropFirst() {
        if argument == "--" { break }
        guard argument.hasPrefix("-"), argument.count > 1, !argument.hasPrefix("--") || argument.lowercased().hasSuffix(".pdf") else { continue }
        guard argument.lowercased().hasSuffix(".pdf") || (try? FileStatus(path: argument)) != nil else { continue }
        return "; '\(argument)' is read as an option: to name a file that begins with '-', put '--' before it or write ./\(argument)"
    }
    return ""
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var s = self
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
