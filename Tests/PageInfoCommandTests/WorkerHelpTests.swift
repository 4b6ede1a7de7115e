// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// `pageinfo worker`, batch mode's hidden child process: its help is there (`worker --help`,
/// `help worker`, the man page), every argument it lists is one the worker itself accepts, and it
/// stays out of `pageinfo --help`.
@Suite("worker help")
struct WorkerHelpTests {
    /// The worker's arguments, as the coordinator writes them (the library's WorkerOptions.arguments).
    static let arguments = ["--hello", "--mode", "--pages", "--format", "--wide", "--strict", "--messages", "--max-memory", "--max-request-bytes"]

    @Test("worker --help and help worker print the same help, listing every argument, exit 0", arguments: [["worker", "--help"], ["worker", "-h"], ["help", "worker"]])
    func help(args: [String]) throws {
        let result = try CLI.run(args)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("OVERVIEW: Internal: the child process of batch mode"))
        #expect(result.stdout.contains("USAGE: pageinfo worker "))
        for argument in Self.arguments { #expect(result.stdout.contains(argument), "\(argument) is not in the help") }
    }

    @Test("every argument the help lists is accepted by the worker (stdin ends at once: exit 0)")
    func argumentsAccepted() throws {
        let result = try CLI.run(["worker", "--mode", "info", "--pages", "1-2", "--format", "csv", "--wide", "--strict", "--messages",
                                  "--max-memory", "0", "--max-request-bytes", "1000"], stdin: "")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        // A bad argument is one line and exit 64: the parser's words for a value it cannot read,
        // the worker's for a value out of range.
        let bad = try CLI.run(["worker", "--mode", "both"], stdin: "")
        #expect(bad.status == 64)
        #expect(bad.stderr == "pageinfo: worker: The value 'both' is invalid for '--mode <mode>'. Please provide one of 'pages', 'info', 'annotations' or 'outline'.\n")
        let low = try CLI.run(["worker", "--mode", "info", "--max-memory", "10"], stdin: "")
        #expect(low.status == 64)
        #expect(low.stderr == "pageinfo: worker: --max-memory 10: give 0 (no limit) or 64 to 1073741824 MiB\n")
    }

    @Test("the worker stays out of pageinfo --help; the man page documents it")
    func hidden() throws {
        let result = try CLI.run(["--help"])
        #expect(result.status == 0)
        #expect(!result.stdoutLines.contains { $0.hasPrefix("  worker") })
        let manual = try String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/man/pageinfo.1"), encoding: .utf8)
        #expect(manual.contains(".It Em worker"))
        for argument in Self.arguments { #expect(manual.contains("Fl -\(argument.dropFirst(2))"), "\(argument) is not in the man page") }
    }
}
