// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// README, "Layout commands": "Every command exits 74 with one line when its output cannot be
/// written (`>/dev/full`)". Every command and output format is sent to /dev/full, the device on
/// which every write fails with ENOSPC: exit 74 and exactly the one line that says so (plus the
/// line a partial file is due, before it). The one place that cannot be reached this way:
/// `sheet` and `check --update` write a temporary file and rename it over the target, so a link
/// to /dev/full is replaced, not written through.
@Suite("output to a full device: exit 74 and one line",
       .enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full"), "no writable /dev/full"))
struct FullDeviceTests {
    static let mixed = CLI.fixture("mixed.pdf")
    static let rotations = CLI.fixture("rotations.pdf")
    static let labels = CLI.fixture("labels.pdf")
    static let golden = CLI.fixture("mixed.golden.json")
    static let full = "pageinfo: cannot write the output: No space left on device"

    struct Case: CustomTestStringConvertible, Sendable {
        var args: [String]
        var stdin: String? = nil
        /// The stderr lines due, in order.
        var lines: [String] = [FullDeviceTests.full]
        var testDescription: String { "pageinfo " + args.map { $0.replacingOccurrences(of: CLI.fixtures.path + "/", with: "") }.joined(separator: " ") }
    }

    /// Commands that print to stdout, every format.
    static let stdoutCases: [Case] = [
        Case(args: ["pages", mixed]),
        Case(args: ["pages", "--wide", mixed]),
        Case(args: ["pages", "--format", "json", mixed]),
        Case(args: ["pages", "--format", "jsonl", mixed]),
        Case(args: ["pages", "--format", "csv", mixed]),
        Case(args: ["pages", "--pages", "2-3", mixed, rotations]),
        Case(args: ["info", mixed]),
        Case(args: ["info", "--format", "json", mixed]),
        Case(args: ["info", "--format", "jsonl", mixed, rotations]),
        Case(args: ["convert", rotations, "--page", "2", "--from", "raw", "--to", "view", "--view", "300x200", "120,80"]),
        Case(args: ["convert", rotations, "--page", "2", "--from", "raw", "--to", "view", "--view", "300x200", "--format", "json", "120,80"]),
        Case(args: ["convert", rotations, "--page", "2", "--from", "raw", "--to", "view", "--view", "300x200"], stdin: "120,80\n20,30\n"),
        Case(args: ["spreads", "--page-count", "5", "--mode", "book"]),
        Case(args: ["spreads", mixed]),
        Case(args: ["layout", rotations, "--view", "200x300"]),
        Case(args: ["viewstate", "capture", rotations, "--view", "400x600", "--zoom", "2", "--offset", "200,300"]),
        Case(args: ["viewstate", "restore", rotations, "--view", "600x400", "--state", #"{"pageIndex":0}"#]),
        Case(args: ["thumbnails", "--page-size", "612x792", "--container", "375x667"]),
        Case(args: ["thumbnails", labels, "--container", "1024x768"]),
        Case(args: ["check", mixed, "--golden", golden]),
        Case(args: ["check", mixed, "--golden", golden, "--format", "json"]),
        Case(args: ["check", mixed, "--golden", golden, "--format", "junit"]),
        // Help, version and completion scripts are output too.
        Case(args: ["--help"]),
        Case(args: ["pages", "--help"]),
        Case(args: ["help", "convert"]),
        Case(args: ["--version"]),
        Case(args: ["--generate-completion-script", "bash"]),
        // A partial file: its own line first (exit 2 is due), then the write failure; 74 wins.
        Case(args: ["pages", CLI.fixture("damaged/kid-missing.pdf")],
             lines: ["pageinfo: \(CLI.fixture("damaged/kid-missing.pdf")): 1 of 3 pages could not be read; the others are reported", full]),
    ]

    @Test("stdout on /dev/full", arguments: stdoutCases)
    func stdout(_ c: Case) throws {
        let r = try CLI.run(c.args, stdin: c.stdin ?? "", stdoutPath: "/dev/full")
        #expect(r.status == 74, "\(r.stderr)")
        #expect(r.stderrLines == c.lines)
    }

    /// Batch mode (worker processes), to stdout and to `-o FILE`: the line says how to go on.
    @Test("batch mode on /dev/full", arguments: [
        (["pages", "--files-from", "-", "--no-progress"], nil),
        (["info", "--files-from", "-", "--no-progress"], nil),
        (["pages", "--files-from", "-", "--no-progress", "-o", "/dev/full"], "/dev/null"),
    ] as [([String], String?)])
    func batch(args: [String], stdoutPath: String?) throws {
        let r = try CLI.run(args, stdin: Self.mixed + "\n" + Self.rotations + "\n", stdoutPath: stdoutPath ?? "/dev/full")
        #expect(r.status == 74, "\(r.stderr)")
        // --resume continues an -o FILE; to stdout there is nothing to continue.
        let advice = args.contains("-o") ? "rerun with --resume (and the same -o FILE)" : "rerun the command (with -o FILE, --resume can continue a run)"
        #expect(r.stderrLines == [Self.full + "; 0 files written whole before it; free some space, then " + advice])
    }

    /// `draw` writes its picture to the path given, here through a link to /dev/full.
    @Test("draw -o a link to /dev/full", arguments: ["png", "svg"])
    func draw(format: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-full-\(getpid())-\(format)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let link = dir.appendingPathComponent("out.\(format)").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/full")
        let r = try CLI.run(["draw", Self.rotations, "--page", "2", "-o", link])
        #expect(r.status == 74, "\(r.stderr)")
        #expect(r.stderrLines == ["pageinfo: \(link): cannot write the output: No space left on device"])
        // What was written is removed (writeOutputFile unlinks the path: here the link itself).
        var info = stat()
        #expect(lstat(link, &info) != 0 && errno == ENOENT, "nothing is left at \(link)")
    }
}
