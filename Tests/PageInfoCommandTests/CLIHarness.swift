import Foundation
import Testing

/// Runs the built `pageinfo` binary end to end, as users and scripts do.
///
/// The binary is looked up beside the test bundle (SwiftPM puts products and the test bundle
/// in the same folder), or at `$PAGEINFO_BIN` when set.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Fixtures")
    static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }
    static func corpusFile(_ name: String) -> String { corpus.appendingPathComponent(name).path }

    static var binary: URL {
        if let env = ProcessInfo.processInfo.environment["PAGEINFO_BIN"] { return URL(fileURLWithPath: env) }
        var dir = Bundle.main.bundleURL
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        for candidate in [dir, exe.deletingLastPathComponent(), exe.deletingLastPathComponent().deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("pageinfo")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            dir = candidate
        }
        // `swift test` on Linux: .build/<triple>/debug/pageinfoPackageTests.xctest
        return exe.deletingLastPathComponent().appendingPathComponent("pageinfo")
    }

    /// Runs `pageinfo args…`, optionally feeding `stdin`, and captures everything.
    static func run(_ args: [String], stdin: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = args
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so a large stdout cannot dead-lock on a full stderr pipe.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Parses stdout as JSON.
    static func json(_ result: Result) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: [.fragmentsAllowed])
    }
}
