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
            PagesCommand.self, AnnotationsCommand.self, OutlineCommand.self, InfoCommand.self, ConvertCommand.self, SpreadsCommand.self,
            LayoutCommand.self, ViewStateCommand.self, ThumbnailsCommand.self, CheckCommand.self,
            DrawCommand.self, SheetCommand.self, InspectCommand.self, WorkerCommand.self,
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
        // What the command line asks for is decided in one place, before and after the parser
        // (PreParse.swift says what each step finds, and why it is not left to the parser).
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            switch PreParse.route(arguments) {
            case .worker(let rest):
                terminate(WorkerCommand.main(arguments: rest))
            case .plain(.read(let job)):
                try job.run()
            case .plain(.version):
                try writeOutput(configuration.version + "\n")
            case .parser:
                try PreParse.refuseBeforeParsing(arguments)
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
                if let failure = PreParse.accidentalHelp(arguments) {
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
            reportFailure(oneLine + PreParse.dashFileHint(arguments) + " (see 'pageinfo help')")
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

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var s = self
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
