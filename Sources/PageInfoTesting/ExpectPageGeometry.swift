// SPDX-License-Identifier: GPL-2.0-or-later
// One-line golden checks of PDF page geometry for Swift Testing and XCTest suites:
//
//     @Test func brochureKeepsItsGeometry() {
//         expectPageGeometry(ofPDF: "Fixtures/brochure.pdf")   // Fixtures/brochure.golden.json
//     }
//
// The comparison and the report are those of `pageinfo check`; re-record with
// `PAGEINFO_UPDATE_GOLDEN=1 swift test` (or `record: true`).

// One import for a test: the golden comparison (PageInfoCheck: FileCheck, GeometryDifference,
// CheckFields…) and the reader whose types it names (PageInfoReading: DocumentSource, PageInfoError).
@_exported import PageInfoCheck
@_exported import PageInfoReading

#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Checks the page geometry of a PDF against its golden file and records one test failure,
/// holding the whole report, when anything differs or cannot be read.
///
/// Works in Swift Testing (`Issue.record`) and in XCTest (`XCTFail`). The golden is what
/// `pageinfo pages PDF --format json` prints; by default it lies beside the PDF with the
/// `.pdf` extension replaced by `.golden.json` (as `pageinfo check --golden-dir` names it).
///
/// Re-recording, as snapshot libraries do: with `record: true`, or (when `record` is `nil`) the
/// environment variable `PAGEINFO_UPDATE_GOLDEN=1` (or `true`, `yes`, `on`; `0`, `false`, `no`,
/// `off` and empty are off, and any other value fails the test and records nothing), the
/// golden is rewritten from the PDF
/// (atomically), and the test fails once, saying what changed, so that a recording run is never
/// mistaken for a passing one; a golden that already holds exactly the current geometry is left
/// alone and the test passes. `record: false` never rewrites, whatever the environment (for
/// goldens that are not yours to re-record, such as goldens derived by hand).
///
/// - Parameters:
///   - pdfPath: the PDF; a relative path is resolved against the current directory (the
///     package root under `swift test`).
///   - goldenPath: the golden file; `nil` for the file beside the PDF.
///   - tolerance: the largest difference in points that still matches, for box coordinates
///     (raw space) and the displayed size (page space). Rotation is always compared exactly.
///   - fields: what to compare.
///   - password: the user or owner password of an encrypted PDF.
///   - record: `true` to rewrite the golden, `false` never to, `nil` (the default) to follow
///     `PAGEINFO_UPDATE_GOLDEN`.
///   - fileID: the calling file, for the failure's location (leave the default).
///   - filePath: the calling file's path, for XCTest's failure location (leave the default).
///   - line: the calling line (leave the default).
///   - column: the calling column (leave the default).
/// - Returns: the result, for further assertions (its `FileCheck.differences`).
@discardableResult
public func expectPageGeometry(
    ofPDF pdfPath: String,
    matchesGolden goldenPath: String? = nil,
    tolerance: Double = GeometryExpectation.defaultTolerance,
    fields: CheckFields = .all,
    password: String? = nil,
    record: Bool? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> FileCheck {
    let golden = goldenPath ?? defaultGoldenPath(forPDF: pdfPath)
    var update = record ?? false
    if record == nil {
        // A value that is neither on nor off fails the test and records nothing.
        do { update = try GoldenCheck.updateRequestedByEnvironment } catch {
            recordFailure("pageinfo check: \(error.description)", fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }
    let check = GoldenCheck(expectation: GeometryExpectation(tolerance: tolerance, fields: fields),
                            password: password, update: update)
    let result = check.check(pdf: pdfPath, golden: golden)
    if let message = failureMessage(for: result, tolerance: tolerance, fields: fields) {
        recordFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return result
}

/// The golden file `expectPageGeometry` uses for a PDF when none is given: `book.pdf` →
/// `book.golden.json` in the same folder.
public func defaultGoldenPath(forPDF pdfPath: String) -> String {
    let directory: String
    if let slash = pdfPath.lastIndex(of: "/") {
        directory = slash == pdfPath.startIndex ? "/" : String(pdfPath[..<slash])
    } else {
        directory = "."
    }
    let path = GoldenFile.path(forPDF: pdfPath, in: directory)
    return path.hasPrefix("./") && !pdfPath.hasPrefix("./") ? String(path.dropFirst(2)) : path
}

/// The text of the failure to record, or `nil` when the check passed.
func failureMessage(for result: FileCheck, tolerance: Double, fields: CheckFields) -> String? {
    if let error = result.error { return "pageinfo check: \(error.description)" }
    let report = CheckReport(results: [result], tolerance: tolerance, fields: fields, update: result.update != nil)
    switch result.update {
    case .unchanged?:
        return nil
    case .created?, .rewritten?, .replacedInvalid?:
        return "Recorded \(result.golden) from \(result.file); turn recording off (record: false, "
            + "PAGEINFO_UPDATE_GOLDEN unset) and run the tests again.\n" + report.text
    case nil:
        guard !result.differences.isEmpty else { return nil }
        return "\(result.file) differs from its golden \(result.golden) "
            + "(re-record with PAGEINFO_UPDATE_GOLDEN=1 if the change is intended):\n" + report.text
    }
}

/// Records a failure in whichever test library is running the current test.
func recordFailure(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
    #if canImport(Testing)
    if Test.current != nil {
        Issue.record(Comment(rawValue: message),
                     sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)",
                                                    line: Int(line), column: Int(column)))
        return
    }
    #endif
    #if canImport(XCTest)
    XCTFail(message, file: filePath, line: line)
    #else
    print(message)
    #endif
}
