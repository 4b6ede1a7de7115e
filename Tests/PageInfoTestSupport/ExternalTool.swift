// SPDX-License-Identifier: Apache-2.0
import Foundation
#if canImport(Testing)
import Testing
#endif

/// A program a test runs, found on the `PATH`, and the Debian package that provides it. The
/// same rule as ``Corpus`` and ``SchemaValidator``:
/// - a test that needs one declares it with the ``Testing/Trait/requiresTool(_:)`` trait, and
///   runs it through ``require()`` (which gives the file it found, so the test runs exactly that);
/// - when the program is there the test runs; when it is not, the test is **skipped** with the
///   reason (a plain `swift test` on a machine without it);
/// - under `CI=true` it **runs anyway** and ``require()`` throws, naming the program, the `PATH`
///   searched and the package, so CI can never pass a test that did not run its tool.
///
/// `make test` installs every package named here (`TEST_PACKAGES` in the Makefile);
/// `scripts/check_test_tools.py` fails when a test runs a program whose package it does not
/// install, and when a declaration below names another package than the script's table.
/// Programs of Debian's essential packages (`sh`, `bash`, `cat`, `script`, …) need no
/// declaration, but may have one for the clear message.
public struct ExternalTool: Sendable, CustomStringConvertible {
    /// The program's file name, as looked up on the `PATH`.
    public var name: String
    /// The Debian package that provides it.
    public var package: String
    /// Arguments run once with the program to check that it does its job (exit 0 and it is
    /// there), e.g. a Python module import; empty: being found on the `PATH` is enough.
    public var probe: [String]

    public init(_ name: String, package: String, probe: [String] = []) {
        self.name = name
        self.package = package
        self.probe = probe
    }

    public var description: String { name }

    // The programs the tests run, beyond Debian's essential ones.
    /// Python 3: builds the batch corpus (`scripts/make_batch_corpus.py`), decodes PNGs
    /// (`scripts/png_to_rgb.py`), writes encrypted and oddly named files (`scripts/pdfgen.py`).
    public static let python3 = ExternalTool("python3", package: "python3")
    /// jq: the README's and the guide's examples pipe into it.
    public static let jq = ExternalTool("jq", package: "jq")
    /// pdftoppm: the oracle of `convert --dpi`'s image size.
    public static let pdftoppm = ExternalTool("pdftoppm", package: "poppler-utils")
    /// GNU time (`/usr/bin/time`, not the shell keyword): a child's peak memory.
    public static let gnuTime = ExternalTool("time", package: "time")
    /// script(1): gives a command a pseudo-terminal (progress is shown on terminals only).
    public static let script = ExternalTool("script", package: "bsdutils")

    /// The directories of `PATH` in this process's environment.
    public static var searchPath: String { ProcessInfo.processInfo.environment["PATH"] ?? "" }

    /// The first executable file called `name` in the directories of `path` (an absolute
    /// `name` is taken as it is); nil when there is none. Empty entries of `path` are skipped.
    public static func find(_ name: String, inPath path: String) -> URL? {
        let fm = FileManager.default
        if name.hasPrefix("/") { return fm.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil }
        for dir in path.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = URL(fileURLWithPath: String(dir), isDirectory: true).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               fm.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }

    /// Where the program is on `path`, and that its probe succeeds; a ``Missing`` error otherwise.
    public func locate(inPath path: String = ExternalTool.searchPath) -> Result<URL, Missing> {
        guard let url = Self.find(name, inPath: path) else {
            return .failure(Missing(tool: self, path: path, reason: "no executable \(name) in PATH"))
        }
        if !probe.isEmpty {
            let run: ProcessRunner.Result
            do {
                run = try ProcessRunner.run(url.path, arguments: probe, stdout: .discard, stderr: .discard)
            } catch {
                return .failure(Missing(tool: self, path: path, reason: "\(url.path) does not start: \(error)"))
            }
            guard run.termination == .exit(0) else {
                return .failure(Missing(tool: self, path: path,
                                        reason: "\(url.path) \(probe.joined(separator: " ")) \(run.termination)"))
            }
        }
        return .success(url)
    }

    /// The program's file on this process's `PATH`; throws ``Missing``, naming it, the `PATH`
    /// and its package, when it is not there (or its probe fails).
    @discardableResult
    public func require(inPath path: String = ExternalTool.searchPath) throws -> URL {
        try locate(inPath: path).get()
    }

    /// Whether it is there now, on this process's `PATH`.
    public var isAvailable: Bool { (try? require()) != nil }

    /// Whether a test that needs it runs: when it is there, or when CI requires it
    /// (``Corpus/isRequired``: `CI=true`), in which case ``require()`` fails the test.
    public var shouldRun: Bool { Self.shouldRun(available: isAvailable, required: Corpus.isRequired) }

    /// The rule itself: run when the program is there or when it is required.
    public static func shouldRun(available: Bool, required: Bool) -> Bool { available || required }

    /// Why a test is skipped, as the test report prints it.
    public var skipReason: String {
        "\(name) not found on PATH (Debian package \(package), which make test installs; under CI=true this is a failure)"
    }

    /// A program a test needs that is not there.
    public struct Missing: Error, CustomStringConvertible, Sendable {
        public var tool: ExternalTool
        public var path: String
        public var reason: String
        public var description: String {
            "\(tool.name) is required (CI=\(ProcessInfo.processInfo.environment["CI"] ?? "")) but missing: \(reason) "
                + "(PATH=\(path)); install Debian's \(tool.package) (make test installs it: TEST_PACKAGES in the Makefile)"
        }
    }
}

#if canImport(Testing)
extension Trait where Self == ConditionTrait {
    /// Runs the test only when `tool` is on the PATH (or `CI=true` requires it); otherwise it is
    /// reported as skipped, with the reason. The test calls ``ExternalTool/require()``.
    public static func requiresTool(_ tool: ExternalTool) -> Self {
        .enabled(if: tool.shouldRun, Comment(rawValue: tool.skipReason))
    }
}
#endif
