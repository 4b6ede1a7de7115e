// SPDX-License-Identifier: Apache-2.0
import Foundation
#if canImport(Glibc)
import Glibc
#endif
#if canImport(Testing)
import Testing  // only when building tests: `swift build` builds this target too, without Testing
#endif

/// Where the package's files are, found from this file's path (never from undocumented
/// resource paths): `Tests/PageInfoTestSupport/Paths.swift` is three levels below the root.
public enum Paths {
    /// The package root (the folder holding Package.swift).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Fixtures/`: the small PDFs made by scripts/make_fixtures.py and their golden files.
    public static let fixtures = packageRoot.appendingPathComponent("Fixtures")

    /// The shared corpus: `$PAGEINFO_CORPUS` when set, else `../shared/corpus` beside the checkout.
    /// It is never copied into the project; see ``Corpus`` for when its tests run.
    public static let corpus: URL = {
        if let path = ProcessInfo.processInfo.environment["PAGEINFO_CORPUS"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()

    /// The absolute path of a fixture, e.g. `fixture("mixed.pdf")`.
    public static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// The absolute path of a corpus file, e.g. `corpusFile("qpdf-boxes.pdf")`.
    public static func corpusFile(_ name: String) -> String { corpus.appendingPathComponent(name).path }
}

/// A new empty directory for one test, `pageinfo-LABEL-UUID` under the temporary directory
/// (unique, so tests running in parallel never share one); the caller removes it.
public func makeScratchDirectory(_ label: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

/// A shell script `name` in a new scratch directory (``makeScratchDirectory(_:)``): `#!/bin/sh`
/// and `body`, executable. Its path, and the directory to remove. Written through a
/// close-on-exec descriptor: a child another test starts meanwhile must not inherit it open for
/// writing, or starting the script fails with ETXTBSY ("Text file busy", seen once in
/// `make poppler-compat`).
public func scratchScript(_ label: String, named name: String, _ body: String) throws -> (path: String, directory: String) {
    let dir = try makeScratchDirectory(label)
    let path = dir + "/" + name
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    let bytes = Array(("#!/bin/sh\n" + body).utf8)
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    guard close(fd) == 0, written == bytes.count else { throw POSIXError(.EIO) }
    guard chmod(path, 0o755) == 0 else { throw POSIXError(.EPERM) }
    return (path, dir)
}

/// The directory of one test suite in this test process, `pageinfo-LABEL-PID` under the
/// temporary directory, new and empty. A test process cannot remove it at its end (Swift
/// Testing has no suite teardown), so the next process to call this for LABEL removes it.
///
/// Each process holds a lock on `pageinfo-LABEL-PID.lock` (`flock`) for as long as it lives.
/// The sweep removes another PID's directory, and any `pageinfo-LABEL-PID-…` or `.…` beside it,
/// only when it can take that lock: never the directory of a live process, even one in another
/// PID namespace sharing the temporary directory. A test run leaves at most one per label.
/// Call it once per label per process (a `static let`).
public func processScratchDirectory(_ label: String) -> URL {
    let fm = FileManager.default
    let tmp = fm.temporaryDirectory
    let prefix = "pageinfo-\(label)-"
    let me = getpid()
    // This process's lock first (its descriptor stays open until the process ends).
    let own = open(tmp.appendingPathComponent("\(prefix)\(me).lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard own >= 0, flock(own, LOCK_EX | LOCK_NB) == 0 else {
        fatalError("cannot lock \(tmp.path)/\(prefix)\(me).lock: \(String(cString: strerror(errno)))")
    }
    var leftovers: [Int32: [String]] = [:]
    for name in (try? fm.contentsOfDirectory(atPath: tmp.path)) ?? [] where name.hasPrefix(prefix) {
        let digits = name.dropFirst(prefix.count).prefix { $0.isNumber }
        let rest = name.dropFirst(prefix.count + digits.count)
        if let pid = Int32(digits), pid != me, rest.isEmpty || rest.hasPrefix("-") || rest.hasPrefix(".") {
            leftovers[pid, default: []].append(name)
        }
    }
    for (pid, names) in leftovers {
        let other = open(tmp.appendingPathComponent("\(prefix)\(pid).lock").path, O_RDWR | O_CLOEXEC)
        guard other >= 0 else { continue }  // (no lock file: not made by this function)
        if flock(other, LOCK_EX | LOCK_NB) == 0 {  // (its process is gone)
            for name in names { try? fm.removeItem(at: tmp.appendingPathComponent(name)) }
        }
        close(other)
    }
    let dir = tmp.appendingPathComponent("\(prefix)\(me)")
    try? fm.removeItem(at: dir)
    do {
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
    } catch {
        fatalError("cannot make the test directory \(dir.path): \(error)")
    }
    return dir
}

/// The rule for the corpus suites, the same in every test target:
/// - the corpus is **available** when `MANIFEST.json` is in ``Paths/corpus``; its suites run;
/// - otherwise they are **skipped**, with the reason in the test report, so a plain clone
///   (nothing beside it) passes `make test`;
/// - except under `CI=true` (set by `.ci/run`), where a missing corpus is **required**: the suites
///   run anyway and fail, and ``Corpus/requirePresent()`` says what is missing, so CI can never
///   skip them silently.
public enum Corpus {
    /// `MANIFEST.json` of the corpus.
    public static let manifestURL = Paths.corpus.appendingPathComponent("MANIFEST.json")

    /// Whether the corpus (its manifest) is there.
    public static let isAvailable = FileManager.default.fileExists(atPath: manifestURL.path)

    /// Whether the run must have the corpus: `CI` is `true` (or `1`) in the environment.
    public static let isRequired: Bool = {
        let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? ""
        return value == "true" || value == "1"
    }()

    /// Whether corpus tests run: when the corpus is there, or when it must be.
    public static var shouldRun: Bool { isAvailable || isRequired }

    /// Why corpus tests are skipped, as the test report prints it.
    public static var skipReason: String {
        "corpus not found: no \(manifestURL.path) (put the shared corpus at ../shared/corpus or set PAGEINFO_CORPUS; under CI=true this is a failure)"
    }

    /// Throws, with an actionable message, when the corpus is missing.
    public static func requirePresent() throws {
        guard isAvailable else { throw Missing() }
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "the corpus is required (CI=\(ProcessInfo.processInfo.environment["CI"] ?? "")) but \(manifestURL.path) does not exist: "
                + "put the shared corpus at ../shared/corpus or set PAGEINFO_CORPUS"
        }
    }

    /// The manifest, decoded; throws when it is missing or does not decode.
    public static func loadManifest() throws -> CorpusManifest {
        try requirePresent()
        return try JSONDecoder().decode(CorpusManifest.self, from: Data(contentsOf: manifestURL))
    }

    /// The manifest's entries, for test arguments: empty when the corpus is missing or its
    /// manifest does not decode; a test that calls ``loadManifest()`` reports which.
    public static let entries: [CorpusManifest.Entry] = (try? loadManifest().files) ?? []

    /// The entry of one corpus file.
    public static func entry(_ file: String) -> CorpusManifest.Entry? { entries.first { $0.file == file } }
}

#if canImport(Testing)
extension Trait where Self == ConditionTrait {
    /// Runs the test or suite only when the shared corpus is there (or `CI=true` requires it);
    /// otherwise it is reported as skipped, with the reason. See ``Corpus``.
    public static var requiresCorpus: Self { .enabled(if: Corpus.shouldRun, Comment(rawValue: Corpus.skipReason)) }
}
#endif
