// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// The README's shell examples, run as a newcomer would run them: each `<!-- readme-example: NAME -->`
/// block of console lines is executed command by command (`$ ` lines, by bash with pipefail) in a
/// scratch folder holding a copy of Fixtures/, with the `pageinfo` under test first on PATH (a link in its bin/); each
/// command's stdout must be exactly the lines printed under it in the README. (The Swift example
/// is compiled and run by Tests/PageInfoPopplerTests/DocumentationExampleTests.swift.)
@Suite("README examples")
struct ReadmeExampleTests {
    struct Step { var command: String; var expected: String }

    static func steps(of block: String) -> [Step] {
        var steps: [Step] = []
        for line in block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("$ ") {
                steps.append(Step(command: String(line.dropFirst(2)), expected: ""))
            } else if !steps.isEmpty {
                steps[steps.count - 1].expected += line + "\n"
            }
        }
        return steps
    }

    /// Under `make sanitize` (PAGEINFO_TEST_ADDRESS_SPACE_MIB set, see ``CLI/workerArguments(_:hooks:)``):
    /// a shell function that gives a batch-mode `pageinfo` (its command line holds -r,
    /// --files-from, --jobs or -o) the default --max-memory plus the address space the sanitizer
    /// holds, as the other tests' batch runs get, so its workers are not out of memory before
    /// they start. Empty otherwise: the examples run exactly as the README prints them.
    static var sanitizerPrologue: String {
        guard let value = ProcessInfo.processInfo.environment["PAGEINFO_TEST_ADDRESS_SPACE_MIB"], let held = Int(value) else {
            return ""
        }
        return """
            pageinfo() { case " $* " in *" -r "*|*" --files-from "*|*" --jobs "*|*" -o "*) \
            command pageinfo "$1" --max-memory \(4096 + held) "${@:2}";; *) command pageinfo "$@";; esac; }

            """
    }

    /// A PATH whose first folder, `dir/bin`, holds `pageinfo`: a link to the binary under test,
    /// whatever its own file is called (so no other `pageinfo` on PATH can answer for it).
    static func pathFinding(binaryIn dir: URL) throws -> String {
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("pageinfo"), withDestinationURL: CLI.binary)
        return bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    static func examples() throws -> [DocumentationSnippets.Block] {
        try DocumentationSnippets.blocks(inFile: "README.md").filter { $0.name != nil }
    }

    @Test("The README has the five examples the issue asks for, in order")
    func fiveExamples() throws {
        #expect(try Self.examples().map(\.name) == ["table", "jq", "convert", "batch", "swift"])
        let readme = try String(contentsOf: Paths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 250)
        // The first command a newcomer runs.
        let firstShell = try DocumentationSnippets.blocks(inFile: "README.md").first { $0.language == "sh" }
        #expect(firstShell?.text.hasPrefix("make demo") == true)
    }

    /// The programs the examples run besides `pageinfo` and Debian's essential ones.
    static let tools: [ExternalTool] = [.jq]

    @Test("Each shell example prints what the README shows", .requiresTool(.jq), arguments: ["table", "jq", "convert", "batch"])
    func runs(_ name: String) throws {
        for tool in Self.tools { try tool.require() }
        let block = try #require(try Self.examples().first { $0.name == name })
        let steps = Self.steps(of: block.text)
        #expect(!steps.isEmpty)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.copyItem(at: Paths.fixtures, to: scratch.appendingPathComponent("Fixtures"))
        let path = try Self.pathFinding(binaryIn: scratch)
        for step in steps {
            let run = try ProcessRunner.run("/bin/bash", arguments: ["-o", "pipefail", "-c", Self.sanitizerPrologue + step.command],
                                            environment: ["PATH": path], directory: scratch.path)
            // The examples' own stderr is not shown, but a shell's "command not found" is.
            let notFound = run.status == 127 ? ": \(run.stderrText)" : ""
            #expect(run.status == 0, "\(name): `\(step.command)` \(run.termination)\(notFound)")
            #expect(run.stdoutText == step.expected, "\(name): `\(step.command)`")
        }
    }
}
