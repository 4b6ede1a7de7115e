// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// `pageinfo pages FILE…`, `pageinfo info FILE…` and `pageinfo --version` skip the argument
/// parser (start-up; see `PlainInvocation`). `pageinfo pages -- FILE…` names the same files
/// through the parser, so each pair of runs must agree byte for byte: stdout, stderr and the
/// exit code, on good, damaged, encrypted, missing and non-PDF files.
@Suite struct PlainInvocationTests {
    static let fileSets: [[String]] = [
        ["boxes.pdf"],
        ["rotations.pdf", "userunit.pdf", "labels.pdf"],
        ["mixed.pdf", "inherited.pdf"],
        ["truncated.pdf"],
        ["not-a-pdf.pdf"],
        ["encrypted.pdf"],
        ["damaged/kid-missing.pdf", "damaged/kids-loop.pdf", "damaged/count-huge.pdf"],
        ["boxes.pdf", "no-such-file.pdf", "damaged/empty-tree.pdf"],
        ["help"],
    ]

    @Test(arguments: ["pages", "info"], fileSets)
    func plainInvocationMatchesTheParser(command: String, files: [String]) throws {
        let paths = files.map { $0 == "help" ? $0 : CLI.fixture($0) }
        let plain = try CLI.run([command] + paths)
        let parsed = try CLI.run([command, "--"] + paths)
        #expect(plain.status == parsed.status)
        #expect(plain.stdout == parsed.stdout)
        #expect(plain.stderr == parsed.stderr)
        #expect(!plain.stdout.isEmpty || plain.status != 0)
    }

    /// `--format` and `--password` (before, between or after the files, with '=' or not) are
    /// recognized too; the parser gets the same options, and the files after `--`.
    static let formatCases: [(arguments: [String], files: [String])] = [
        (["pages", "--format", "json", "mixed.pdf"], ["mixed.pdf"]),
        (["pages", "rotations.pdf", "--format=jsonl", "damaged/kid-missing.pdf"], ["rotations.pdf", "damaged/kid-missing.pdf"]),
        (["pages", "labels.pdf", "truncated.pdf", "--format", "csv"], ["labels.pdf", "truncated.pdf"]),
        (["pages", "--format", "table", "userunit.pdf"], ["userunit.pdf"]),
        (["info", "--format", "json", "mixed.pdf", "not-a-pdf.pdf"], ["mixed.pdf", "not-a-pdf.pdf"]),
        (["info", "inherited.pdf", "--format=jsonl"], ["inherited.pdf"]),
        (["info", "--format", "text", "encrypted.pdf"], ["encrypted.pdf"]),
        (["pages", "--password", "secret", "encrypted.pdf"], ["encrypted.pdf"]),
        (["info", "encrypted.pdf", "--password=owner", "--format", "jsonl"], ["encrypted.pdf"]),
        (["pages", "--format=csv", "--password", "wrong", "encrypted.pdf", "boxes.pdf"], ["encrypted.pdf", "boxes.pdf"]),
        (["pages", "--password", "", "encrypted.pdf"], ["encrypted.pdf"]),
        (["pages", "--password=-x", "encrypted.pdf"], ["encrypted.pdf"]),
    ]

    @Test(arguments: formatCases)
    func formatOptionMatchesTheParser(arguments: [String], files: [String]) throws {
        func path(_ a: String) -> String { a.hasSuffix(".pdf") ? CLI.fixture(a) : a }
        let plain = try CLI.run(arguments.map(path))
        let options = arguments.dropFirst().filter { !$0.hasSuffix(".pdf") }
        let parsed = try CLI.run([arguments[0]] + options + ["--"] + files.map(path))
        #expect(plain.status == parsed.status)
        #expect(plain.stdout == parsed.stdout)
        #expect(plain.stderr == parsed.stderr)
        #expect(!plain.stdout.isEmpty || plain.status != 0)
    }

    /// What the fast path declines, the parser answers: usage errors keep their exit code and
    /// message. (A repeated `--format` is declined too, and the parser takes the last one.)
    @Test(arguments: [["pages", "--format", "yaml", "boxes.pdf"], ["pages", "--format"],
                      ["info", "--format", "table", "boxes.pdf"], ["pages", "--format", "--password", "x", "boxes.pdf"],
                      ["pages", "--password=", "encrypted.pdf"]])
    func declinedInvocationsAreUsageErrors(arguments: [String]) throws {
        let r = try CLI.run(arguments.map { $0.hasSuffix(".pdf") ? CLI.fixture($0) : $0 })
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("pageinfo: ") && r.stderr.hasSuffix("(see 'pageinfo help')\n"))
        #expect(r.stdout.isEmpty)
    }

    @Test func environmentPasswordIsUsedOnBothPaths() throws {
        let file = CLI.fixture("encrypted.pdf")
        let without = try CLI.run(["pages", file])
        #expect(without.status == 77)
        let password = try #require(Self.encryptedFixturePassword())
        let plain = try CLI.run(["pages", file], environment: ["PAGEINFO_PASSWORD": password])
        let parsed = try CLI.run(["pages", "--", file], environment: ["PAGEINFO_PASSWORD": password])
        #expect(plain.status == 0)
        #expect(plain.stdout == parsed.stdout)
        #expect(plain.stderr == parsed.stderr)
    }

    @Test func versionMatchesTheParser() throws {
        let plain = try CLI.run(["--version"])
        // The parser prints the same text for --version when another argument forces it to run.
        let parsed = try CLI.run(["pages", "--version"])
        #expect(plain.status == 0)
        #expect(plain.stdout.hasPrefix("pageinfo "))
        #expect(plain.stdout == parsed.stdout)
    }

    /// The user password `encrypted.pdf` was made with, from its golden file.
    static func encryptedFixturePassword() -> String? {
        (try? FixtureGolden.load("encrypted"))?.password
    }
}
