// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// The guide's batch example over `Fixtures` (docs/guide.md, "Over the fixtures"): its commands
/// run as written, from a folder whose `Fixtures` is the package's, and print what the guide
/// shows, but for the time and the rate of the summary line. It went stale twice when fixtures
/// were added; now adding one without updating the guide fails here.
@Suite("the guide's batch example over the fixtures")
struct GuideExampleTests {
    /// The `$ command` lines of the example's block and the lines each is shown to print.
    static func example() throws -> [(command: String, output: [String])] {
        let guide = try String(contentsOf: Paths.packageRoot.appendingPathComponent("docs/guide.md"), encoding: .utf8)
        let lines = guide.components(separatedBy: "\n")
        let first = try #require(lines.firstIndex { $0.hasPrefix("$ pageinfo info -r Fixtures --jobs 2") }, "the example is in the guide")
        var steps: [(command: String, output: [String])] = []
        for line in lines[first...] {
            if line.hasPrefix("```") { break }
            if line.hasPrefix("$ ") { steps.append((String(line.dropFirst(2)), [])) } else { steps[steps.count - 1].output.append(line) }
        }
        return steps
    }

    /// The summary's time and rate, which vary from run to run, as `T`.
    static func timeless(_ text: String) -> String {
        text.replacingOccurrences(of: #"in [0-9.]+ s \([0-9]+ files/s\)"#, with: "in T", options: .regularExpression)
    }

    @Test("every command prints what the guide shows (time and rate aside)")
    func guideExample() throws {
        let steps = try Self.example()
        try #require(steps.count == 2, "\(steps.map(\.command))")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-guide-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("Fixtures"), withDestinationURL: Paths.fixtures)
        let path = CLI.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for step in steps {
            let r = try InputTests.shell(step.command, environment: ["PATH": path], directory: dir.path)
            // The summary is on stderr, before what the command prints on stdout.
            let printed = Self.timeless(r.stderr + r.stdout).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let shown = Self.timeless(step.output.joined(separator: "\n") + "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(printed == shown, "$ \(step.command)")
        }
    }
}
