// SPDX-License-Identifier: GPL-2.0-or-later
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PageInfoSystem
import PageInfoEncoding
import PageInfoReading
import PageInfoRecords

/// Checks PDFs against golden files, and re-records goldens: what `pageinfo check` and the
/// `PageInfoTesting` helpers do for each file.
public struct GoldenCheck: Sendable {
    /// How pages are compared.
    public var expectation: GeometryExpectation
    /// The user or owner password of encrypted PDFs.
    public var password: String?
    /// Rewrite each golden from the current file (after comparing, so the report says what changed).
    public var update: Bool
    /// Whose words the errors and the report use for the settings they name: the library's
    /// (`update`, `GoldenPairing.files`) unless the CLI asks for its options (`--update`, `--golden`).
    public var wording: Wording

    /// A check comparing with `expectation`, opening encrypted PDFs with `password`, and
    /// rewriting goldens when `update` is set (the environment is not consulted here: see
    /// ``updateRequestedByEnvironment``).
    public init(expectation: GeometryExpectation = GeometryExpectation(), password: String? = nil, update: Bool = false,
                wording: Wording = .library) {
        self.expectation = expectation
        self.password = password
        self.update = update
        self.wording = wording
    }

    /// Whether the environment asks to re-record goldens: ``updateRequested(byValue:)`` of
    /// `PAGEINFO_UPDATE_GOLDEN` (`false` when it is unset).
    ///
    /// - Throws: ``UpdateVariableError`` when the variable holds a value that is neither on nor off.
    public static var updateRequestedByEnvironment: Bool {
        get throws(UpdateVariableError) {
            guard let raw = CurrentProcess.environmentValue(UpdateVariableError.variable) else { return false }
            return try updateRequested(byValue: raw)
        }
    }

    /// Whether a value of `PAGEINFO_UPDATE_GOLDEN` asks to re-record goldens, in any case:
    /// `1`, `true`, `yes` or `on` mean yes; `0`, `false`, `no`, `off` or empty mean no.
    ///
    /// - Throws: ``UpdateVariableError`` for any other value (`maybe`, `2`, ` on`), which is
    ///   never taken for either: a typo must not rewrite goldens, nor silently skip a recording.
    public static func updateRequested(byValue value: String) throws(UpdateVariableError) -> Bool {
        switch value.lowercased() {
        case "1", "true", "yes", "on": true
        case "", "0", "false", "no", "off": false
        default: throw UpdateVariableError(value: value)
        }
    }

    /// Compares the PDF at `pdf` with the golden at `golden` (``check(_:golden:)``).
    public func check(pdf: String, golden: String) -> FileCheck {
        check(.path(pdf), golden: golden)
    }

    /// Compares `source` with the golden at `golden` (and rewrites it when ``update`` is set).
    /// The report calls the PDF by the source's name (`DocumentSource.name`); a raw path that is
    /// not UTF-8 keeps its exact bytes in the JSON report.
    public func check(_ source: DocumentSource, golden: String) -> FileCheck {
        let pdf = source.name
        var result = FileCheck(file: pdf, golden: golden, outcome: .failed(.goldenNotFound(path: golden)))
        result.exactFileName = source.exactName
        let current: CurrentDocument
        do { current = try CurrentDocument.read(source, password: password) } catch {
            result.outcome = .failed(.read(error))
            return result
        }
        let currentSnapshot = current.snapshot
        var existingBytes: [UInt8]?
        var goldenSnapshot: GeometrySnapshot?
        do {
            let bytes = try GoldenFile.read(golden)
            existingBytes = bytes
            do { goldenSnapshot = try GeometrySnapshot(goldenJSON: bytes, file: pdf) } catch {
                guard update else { result.outcome = .failed(.goldenInvalid(path: golden, error: error)); return result }
                result.update = .replacedInvalid(error.detail)
            }
        } catch {
            guard update, case .goldenNotFound = error else { result.outcome = .failed(error); return result }
            result.update = .created
        }
        let differences = goldenSnapshot.map { expectation.differences(golden: $0, current: currentSnapshot) } ?? []
        result.outcome = .compared(differences)
        result.pages = (goldenSnapshot ?? currentSnapshot).pages.map { PageReference(index: $0.index, label: $0.label) }
        result.currentPageCount = currentSnapshot.pageCount
        if update, let existingBytes, goldenSnapshot != nil,
           let documents = GeometrySnapshot.documentCount(goldenJSON: existingBytes), documents > 1 {
            // Rewriting it with this document alone would delete the others.
            result.outcome = .failed(.goldenNotWritten(path: golden, reason: "it holds \(documents) documents and \(wording.name(.update)) writes one; give this PDF a golden of its own (pageinfo pages FILE --format json)"))
            return result
        }
        if update {
            do {
                let bytes = current.goldenJSON()
                if bytes == existingBytes {
                    result.update = .unchanged
                } else {
                    try GoldenFile.writeAtomically(bytes, to: golden)
                    if result.update == nil { result.update = .rewritten }
                }
            } catch {
                result.outcome = .failed(error)
            }
        }
        return result
    }
}

/// A page the report lists (a JUnit test case): 0-based index and label.
public struct PageReference: Sendable, Hashable {
    /// 0-based page index.
    public var index: Int
    /// The page label, `nil` when the document has none.
    public var label: String?
    /// A reference to page `index` (0-based) with its label.
    public init(index: Int, label: String?) { self.index = index; self.label = label }
    /// `page 3 (iii)`.
    public var name: String { GeometryDifference.pageName(index: index, label: label) }
}

/// The result of checking one PDF against its golden.
public struct FileCheck: Sendable, Hashable {
    /// The PDF, as given.
    public var file: String
    /// The golden file, as given or found in `--golden-dir`.
    public var golden: String
    /// The PDF's name as the file system has it, when it is not valid UTF-8 (`file` then spells
    /// each invalid byte as U+FFFD); the JSON report writes these bytes (`\udcXX`), as
    /// `pageinfo pages` does.
    package var exactFileName: FileName?
    /// The comparison, or why there was none.
    public var outcome: Outcome
    /// The golden's pages (the current ones when a golden was just created), for per-page reports.
    public var pages: [PageReference] = []
    /// The number of pages the PDF has now (0 when it could not be read).
    public var currentPageCount = 0
    /// What `--update` did, `nil` when not updating.
    public var update: Update?

    /// Whether the file was compared, and how it ended.
    public enum Outcome: Sendable, Hashable {
        /// Compared: the differences, empty when everything is within the tolerance.
        case compared([GeometryDifference])
        /// Not compared: the PDF or the golden could not be read, or the golden not written.
        case failed(CheckError)
    }

    /// What re-recording did to the golden.
    public enum Update: Sendable, Hashable {
        /// There was no golden; it was written.
        case created
        /// The golden was rewritten with the current geometry.
        case rewritten
        /// The golden already held exactly what would be written; it was left untouched.
        case unchanged
        /// The old file was not a golden (the detail says why); it was replaced.
        case replacedInvalid(String)
    }

    /// A result for `file` checked against `golden`.
    public init(file: String, golden: String, outcome: Outcome) {
        self.file = file; self.golden = golden; self.outcome = outcome
    }

    /// The differences found (empty when none, or when the check failed).
    public var differences: [GeometryDifference] {
        if case .compared(let d) = outcome { return d }
        return []
    }

    /// The error that prevented the check, if any.
    public var error: CheckError? {
        if case .failed(let e) = outcome { return e }
        return nil
    }

    /// True when the file was compared and nothing differs.
    public var matches: Bool {
        if case .compared(let d) = outcome { return d.isEmpty }
        return false
    }
}

/// `PAGEINFO_UPDATE_GOLDEN` holds a value that is neither on (`1`, `true`, `yes`, `on`) nor off
/// (`0`, `false`, `no`, `off`, empty); see ``GoldenCheck/updateRequested(byValue:)``.
public struct UpdateVariableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The environment variable's name, `PAGEINFO_UPDATE_GOLDEN`.
    public static let variable = "PAGEINFO_UPDATE_GOLDEN"

    /// The value as found in the environment.
    public var value: String

    /// An error for `value`.
    public init(value: String) { self.value = value }

    /// One line naming the variable, its value (control characters escaped, at most 40
    /// characters shown) and the values it takes.
    public var description: String {
        var shown = ""
        for scalar in value.unicodeScalars.prefix(40) {
            shown += scalar.properties.generalCategory == .control ? scalar.escaped(asASCII: true) : String(scalar)
        }
        if value.unicodeScalars.count > 40 { shown += "…" }
        return "\(Self.variable)='\(shown)' is neither on nor off: use 1, true, yes or on to re-record goldens, "
            + "0, false, no, off or empty not to"
    }
}
