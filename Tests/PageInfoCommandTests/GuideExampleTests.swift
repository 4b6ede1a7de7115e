// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// The guide's batch example over `Fixtures` (docs/guide.md, "Over the fixtures"): its commands
/// run as written, from a folder whose `Fixtures` is the package's, and print what the guide
/// shows, but for the time and the rate of the summary line, and (on a Poppler release other
/// than the one the guide names) the summary's counts of ok and partial files and pages. It
/// went stale twice when fixtures were added; now adding one without updating the guide fails here.
@Suite("the guide's batch example over the fixtures")
struct GuideExampleTests {
    /// The Poppler release the example's counts are from, and its steps (the `$ command` lines
    /// of its block, each with the lines it is shown to print, as the README examples are read).
    static func example() throws -> (poppler: String, steps: [ReadmeExampleTests.Step]) {
        let start = "$ pageinfo info -r Fixtures --jobs 2"
        let block = try #require(try DocumentationSnippets.blocks(inFile: "docs/guide.md").first { $0.text.hasPrefix(start) },
                                 "the example is in the guide")
        // "Over the fixtures with Poppler X.Y (…", the paragraph before it: the release whose counts it shows.
        let guide = try String(contentsOf: Paths.packageRoot.appendingPathComponent("docs/guide.md"), encoding: .utf8)
        let lines = guide.components(separatedBy: "\n")
        let first = try #require(lines.firstIndex { $0.hasPrefix(start) })
        let intro = try #require(lines[..<first].last { $0.hasPrefix("Over the fixtures with Poppler ") })
        let poppler = String(intro.dropFirst("Over the fixtures with Poppler ".count).prefix { $0 != " " })
        return (poppler, ReadmeExampleTests.steps(of: block.text))
    }

    /// The summary's time and rate, which vary from run to run, as `T`; with `counts`, also the
    /// numbers of ok and partial files and of pages, as `N`.
    static func normalized(_ text: String, counts: Bool) -> String {
        let timeless = text.replacingOccurrences(of: #"in [0-9.]+ s \([0-9]+ files/s\)"#, with: "in T", options: .regularExpression)
        guard counts else { return timeless }
        return timeless.replacingOccurrences(of: #": [0-9]+ ok, [0-9]+ partial, "#, with: ": N ok, N partial, ", options: .regularExpression)
            .replacingOccurrences(of: #"; [0-9]+ pages\n"#, with: "; N pages\n", options: .regularExpression)
    }

    @Test("every command prints what the guide shows (time and rate aside)", .requiresTool(.jq))
    func guideExample() throws {
        try ExternalTool.jq.require()  // its second command
        let (poppler, steps) = try Self.example()
        try #require(steps.count == 2 && !poppler.isEmpty, "\(poppler) \(steps.map(\.command))")
        let otherRelease = !DamagedFileTests.popplerVersion.hasPrefix(poppler + ".")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-guide-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: dir.appendingPathComponent("Fixtures"))  // the link, never what it points at
            try? FileManager.default.removeItem(at: dir)
        }
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("Fixtures"), withDestinationURL: Paths.fixtures)
        let path = try ReadmeExampleTests.pathFinding(binaryIn: dir)
        for step in steps {
            // Under ASan a batch's workers need room for the sanitizer's reservations (see ReadmeExampleTests).
            let r = try InputTests.shell(ReadmeExampleTests.sanitizerPrologue + step.command, environment: ["PATH": path], directory: dir.path)
            // The summary is on stderr, before what the command prints on stdout.
            let printed = Self.normalized(r.stderr + r.stdout, counts: otherRelease).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let shown = Self.normalized(step.expected, counts: otherRelease).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(printed == shown, "$ \(step.command)")
        }
    }
}
