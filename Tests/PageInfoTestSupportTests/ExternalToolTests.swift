// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// `ExternalTool`, the rule for tests that run a program: found on the PATH or the test is
/// skipped, and under `CI=true` a missing program fails the test with its name and package. The
/// last test runs a real test of this bundle in a child with a PATH that lacks its program (the
/// bundle holds every test target: the test it runs is PageInfoCommandTests').
@Suite("external tools a test runs")
struct ExternalToolTests {
    /// A scratch folder with `with/` holding an executable `name` (a shell script printing
    /// `found`), and `without/` holding a non-executable file and a folder of that name.
    static func plant(_ name: String) throws -> (root: String, with: String, without: String) {
        let root = try makeScratchDirectory("tools")
        let with = root + "/with", without = root + "/without"
        try FileManager.default.createDirectory(atPath: with, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: without + "/" + name + "-dir/" + name, withIntermediateDirectories: true)
        try Data("#!/bin/sh\necho found\n".utf8).write(to: URL(fileURLWithPath: with + "/" + name))
        #expect(chmod(with + "/" + name, 0o755) == 0)
        try Data("not a program\n".utf8).write(to: URL(fileURLWithPath: without + "/" + name))
        #expect(chmod(without + "/" + name, 0o644) == 0)
        return (root, with, without)
    }

    @Test("find: the first executable file of that name on the PATH; a non-executable file, a folder or no entry is no program")
    func find() throws {
        let name = "pageinfo-planted-tool"
        let (root, with, without) = try Self.plant(name)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(ExternalTool.find(name, inPath: without + ":" + with)?.path == with + "/" + name)
        #expect(ExternalTool.find(name, inPath: "::" + with + ":")?.path == with + "/" + name)
        #expect(ExternalTool.find(name, inPath: without) == nil)
        #expect(ExternalTool.find(name, inPath: without + "/" + name + "-dir") == nil, "a folder is no program")
        #expect(ExternalTool.find(name, inPath: "") == nil)
        #expect(ExternalTool.find(with + "/" + name, inPath: "")?.path == with + "/" + name, "an absolute name is taken as it is")
        #expect(ExternalTool.find(without + "/" + name, inPath: with) == nil)
    }

    @Test("require: the program's file when it is there; else an error naming it, its PATH and its Debian package")
    func require() throws {
        let name = "pageinfo-planted-tool"
        let (root, with, without) = try Self.plant(name)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let tool = ExternalTool(name, package: "pageinfo-planted-package")
        #expect(try tool.require(inPath: with).path == with + "/" + name)
        let error = try #require(throws: ExternalTool.Missing.self) { try tool.require(inPath: without) }
        let text = error.description
        #expect(text.hasPrefix("\(name) is required (CI="), "\(text)")
        #expect(text.contains("no executable \(name) in PATH") && text.contains("PATH=\(without)"), "\(text)")
        #expect(text.contains("install Debian's pageinfo-planted-package") && text.contains("TEST_PACKAGES"), "\(text)")
        #expect(tool.skipReason.contains("\(name) not found on PATH (Debian package pageinfo-planted-package"))
    }

    @Test("a probe decides: found but failing its probe is missing, with the probe's exit status")
    func probe() throws {
        let ok = ExternalTool("sh", package: "dash", probe: ["-c", "exit 0"])
        #expect(try ok.require(inPath: "/usr/bin:/bin").lastPathComponent == "sh")
        let failing = ExternalTool("sh", package: "dash", probe: ["-c", "exit 3"])
        let error = try #require(throws: ExternalTool.Missing.self) { try failing.require(inPath: "/usr/bin:/bin") }
        #expect(error.reason.hasSuffix("sh -c exit 3 exits 3"), "\(error.reason)")
    }

    @Test("the rule: a test runs when its program is there, or when CI requires it (then require() fails it)")
    func rule() {
        #expect(ExternalTool.shouldRun(available: true, required: false))
        #expect(ExternalTool.shouldRun(available: true, required: true))
        #expect(ExternalTool.shouldRun(available: false, required: true))
        #expect(!ExternalTool.shouldRun(available: false, required: false))
    }
}

extension ExternalToolTests {
    /// This test bundle, when this process is one (`swift test` runs `NAME.xctest`).
    static let bundle: String? = {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
              path.hasSuffix(".xctest") else { return nil }
        return path
    }()

    /// A new folder of links to every program on this process's PATH but `tool`: a PATH on
    /// which everything else is found.
    static func path(without tool: String) throws -> String {
        let dir = try makeScratchDirectory("path-without-\(tool)")
        let fm = FileManager.default
        for folder in ExternalTool.searchPath.split(separator: ":").map(String.init) {
            for name in (try? fm.contentsOfDirectory(atPath: folder)) ?? [] where name != tool {
                let link = dir + "/" + name
                if (try? fm.destinationOfSymbolicLink(atPath: link)) == nil {
                    try fm.createSymbolicLink(atPath: link, withDestinationPath: folder + "/" + name)
                }
            }
        }
        return dir
    }

    /// Runs one test of this bundle (`--filter`) with `environment` changes (nil removes a
    /// variable): its exit status and what it printed.
    static func runTest(_ filter: String, _ changes: [String: String?]) throws -> (status: Int32, output: String) {
        var environment = changes
        environment["NO_COLOR"] = "1"
        let run = try ProcessRunner.run(try #require(bundle), arguments: ["--testing-library", "swift-testing", "--filter", filter],
                                        environment: environment, stderr: .standardOutput)
        let status: Int32 = switch run.termination {
        case .exit(let status): status
        case .signal(let signal): 128 + signal
        }
        return (status, run.stdoutText)
    }

    /// The proof of the rule on a real test: GeometryCommandRobustnessTests' pdftoppm oracle,
    /// run in a child of this bundle whose PATH lacks pdftoppm (everything else still on it).
    @Test("a test whose program is not on the PATH fails under CI=true, naming it and its package; without CI it is skipped; with it, it passes",
          .requiresTool(.pdftoppm), .enabled(if: bundle != nil, "not running in a test bundle (NAME.xctest)"), .timeLimit(.minutes(2)))
    func missingProgramFailsUnderCI() throws {
        try ExternalTool.pdftoppm.require()
        let path = try Self.path(without: "pdftoppm")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(ExternalTool.find("pdftoppm", inPath: path) == nil && ExternalTool.find("sh", inPath: path) != nil)
        let name = "Test \"the --dpi image size is pdftoppm's\""

        let ci = try Self.runTest("pdftoppmAgrees", ["PATH": path, "CI": "true"])
        #expect(ci.status != 0, "\(ci.output)")
        #expect(ci.output.contains("\(name) failed") && ci.output.contains("pdftoppm is required (CI=true) but missing")
                    && ci.output.contains("install Debian's poppler-utils"), "\(ci.output)")

        let plain = try Self.runTest("pdftoppmAgrees", ["PATH": path, "CI": nil])
        #expect(plain.status == 0, "\(plain.output)")
        #expect(plain.output.contains("\(name) skipped") && plain.output.contains("pdftoppm not found on PATH"), "\(plain.output)")

        let with = try Self.runTest("pdftoppmAgrees", ["CI": "true"])
        #expect(with.status == 0, "\(with.output)")
        #expect(with.output.contains("\(name) passed"), "\(with.output)")
    }
}
