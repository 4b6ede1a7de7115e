// SPDX-License-Identifier: Apache-2.0
import PageInfoRecords
import Testing

/// The one order of outcomes and the one mapping from a failure to its exit status. Expected
/// values are the documented ones: `pageinfo --help` ("the exit code is the worst outcome, in
/// the order 74 > 64 > 70 > 77 > 66 > 65 > 2 > 1 > 0", 130/143 for an interrupted batch) and
/// the error codes' table of docs/records.md.
@Suite("ExitStatus: the one order of outcomes")
struct ExitStatusTests {
    @Test("the codes, most severe first, as --help lists them")
    func order() {
        #expect(ExitStatus.severityOrder.reversed().map(\.rawValue) == [143, 130, 74, 64, 70, 77, 66, 65, 2, 1, 0])
        #expect(ExitStatus.allCases.sorted().map(\.rawValue) == [0, 1, 2, 65, 66, 77, 70, 64, 74, 130, 143])
        #expect(ExitStatus.severityOrder.map(\.severity) == Array(0..<11))
    }

    @Test("the worst wins by severity, not by number")
    func worse() {
        #expect(ExitStatus.worse(.partial, .malformed) == .malformed)         // 65 over 2
        #expect(ExitStatus.worse(.encrypted, .softwareFailure) == .softwareFailure)  // 70 over 77
        #expect(ExitStatus.worse(.ioError, .usage) == .ioError)              // 74 over 64
        #expect(ExitStatus.worse(.usage, .encrypted) == .usage)              // 64 over 77
        #expect(ExitStatus.worse(.success, .differs) == .differs)
        #expect(ExitStatus.worse(.terminated, .interrupted) == .terminated)
        #expect([ExitStatus.cannotOpen, .encrypted, .partial, .malformed].max() == .encrypted)
        #expect(ExitStatus.malformed < .cannotOpen && !(ExitStatus.usage < .encrypted))
        #expect(ExitStatus.ioError.description == "74")
    }

    @Test("one status per kind of failure")
    func kinds() {
        let statuses = FailureKind.allCases.map { ($0, $0.exitStatus.rawValue) }
        #expect(statuses.map(\.1) == [66, 65, 77, 64, 70, 74])
        #expect(statuses.map(\.0) == [.cannotOpen, .malformed, .encrypted, .usage, .softwareFailure, .ioError])
    }

    @Test("each file error code's status (docs/records.md)", arguments: [
        ("not-found", 66), ("unreadable", 66), ("not-pdf", 65), ("damaged", 65), ("password-required", 77),
        ("wrong-password", 77), ("crashed", 70), ("timeout", 70), ("memory", 70), ("page-out-of-range", 64), ("strict", 65),
    ] as [(String, Int32)])
    func fileErrorCodes(code: String, status: Int32) throws {
        let c = try #require(FileErrorCode(rawValue: code))
        #expect(c.exitStatus.rawValue == status)
        #expect(c.kind.exitStatus == c.exitStatus)
    }

    @Test("every file error code is in that table")
    func allCodes() {
        #expect(FileErrorCode.allCases.count == 11)
    }

    @Test("a file's status from its record: its own, or its error's when worse")
    func fileStatus() {
        #expect(ExitStatus(status: .ok, error: nil) == .success)
        #expect(ExitStatus(status: .partial, error: nil) == .partial)
        #expect(ExitStatus(status: .failed, error: nil) == .malformed)            // failed, no known code: 65
        #expect(ExitStatus(status: .failed, error: .notFound) == .cannotOpen)
        #expect(ExitStatus(status: .failed, error: .wrongPassword) == .encrypted)
        #expect(ExitStatus(status: .failed, error: .strict) == .malformed)
        #expect(ExitStatus(status: .partial, error: .pageOutOfRange) == .usage)   // ok or partial, a page past the end
        #expect(ExitStatus(status: .ok, error: .pageOutOfRange) == .usage)
        #expect(ExitStatus(status: .failed, error: .timeout) == .softwareFailure)
    }

    @Test("a file's status from its file record, the code read as a FileErrorCode")
    func fromOutcome() {
        func outcome(_ status: DocumentOutcome.Status, _ code: String?) -> DocumentOutcome {
            DocumentOutcome(status: status, pageCount: 3, error: code.map { .init(code: $0, message: "f.pdf: \($0)") })
        }
        #expect(ExitStatus(outcome(.ok, nil)) == .success)
        #expect(ExitStatus(outcome(.partial, nil)) == .partial)
        #expect(ExitStatus(outcome(.failed, "damaged")) == .malformed)
        #expect(ExitStatus(outcome(.failed, "password-required")) == .encrypted)
        #expect(ExitStatus(outcome(.partial, "page-out-of-range")) == .usage)
        #expect(ExitStatus(outcome(.failed, "no-such-code")) == .malformed)       // not a stable code: failed, 65
        #expect(ExitStatus(.failed(.init(code: "not-found", message: "f.pdf: no such file"))) == .cannotOpen)
    }
}

/// `oneLine`: one line for stderr.
@Suite("oneLine")
struct OneLineTests {
    @Test("oneLine escapes control characters so a message stays one line and cannot drive the terminal")
    func oneLine() {
        #expect(PageInfoRecords.oneLine("a.pdf: no such file") == "a.pdf: no such file")
        #expect(PageInfoRecords.oneLine("two\nlines") == #"two\nlines"#)
        #expect(PageInfoRecords.oneLine("tab\tcr\r") == #"tab\tcr\r"#)
        #expect(PageInfoRecords.oneLine("\u{1B}[31mred") == #"\x1b[31mred"#)
        #expect(PageInfoRecords.oneLine("nul\u{0} del\u{7F} us\u{1F}") == #"nul\x00 del\x7f us\x1f"#)
        #expect(PageInfoRecords.oneLine("ü → 😀 \u{85}") == "ü → 😀 \u{85}")  // not C0 or DEL: kept
        #expect(PageInfoRecords.oneLine("") == "")
    }
}
