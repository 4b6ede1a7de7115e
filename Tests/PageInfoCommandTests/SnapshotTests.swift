// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// Whole-output snapshots: what `pageinfo` prints, kept beside the tests in `Snapshots/` so a
/// reader sees it and a change to it shows in review. The values in them are checked by the
/// golden and corpus tests; these pin the layout of the text. Re-record with
/// `PAGEINFO_UPDATE_SNAPSHOTS=1 swift test --filter SnapshotTests` and read the diff.
@Suite("output snapshots")
struct SnapshotTests {
    static let folder = CLI.packageRoot.appendingPathComponent("Tests/PageInfoCommandTests/Snapshots")

    static let cases: [(name: String, arguments: [String])] = [
        ("pages-table", ["pages", "Fixtures/rotations.pdf"]),
        ("pages-wide", ["pages", "--wide", "Fixtures/boxes.pdf"]),
        ("pages-csv", ["pages", "--format", "csv", "Fixtures/labels.pdf", "--pages", "1-4"]),
        ("pages-jsonl-damaged", ["pages", "--format", "jsonl", "Fixtures/damaged/kid-not-dictionary.pdf"]),
        ("pages-table-damaged", ["pages", "Fixtures/damaged/numbers-hostile.pdf"]),
        ("info", ["info", "Fixtures/mixed.pdf"]),
        ("outline", ["outline", "Fixtures/annotations/annotations.pdf"]),
        ("help", ["--help"]),
    ]

    /// Runs the binary in the package root, so the relative paths in the output are stable.
    static func output(_ arguments: [String]) throws -> String {
        let r = try ProcessRunner.run(CLI.binary.path, arguments: arguments, directory: CLI.packageRoot.path)
        return r.stdoutText + (r.stderr.isEmpty ? "" : "--- stderr (exit \(r.status))\n" + r.stderrText)
    }

    @Test("each command prints what its snapshot shows", arguments: cases.map(\.name))
    func snapshot(name: String) throws {
        let arguments = try #require(Self.cases.first { $0.name == name }).arguments
        let actual = "$ pageinfo " + arguments.joined(separator: " ") + "\n" + (try Self.output(arguments))
        let file = Self.folder.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["PAGEINFO_UPDATE_SNAPSHOTS"] == "1" {
            try Data(actual.utf8).write(to: file)
            return
        }
        let expected = try #require(try? String(contentsOf: file, encoding: .utf8),
                                    "no snapshot \(file.lastPathComponent): record it with PAGEINFO_UPDATE_SNAPSHOTS=1")
        #expect(actual == expected, "\(name) differs from Snapshots/\(name).txt; if the change is intended, re-record with PAGEINFO_UPDATE_SNAPSHOTS=1 and review the diff")
    }
}
