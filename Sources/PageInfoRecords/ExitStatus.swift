// SPDX-License-Identifier: Apache-2.0

/// The outcome of a command, a file or a batch as an exit status: the codes `pageinfo --help`,
/// the README and `docs/records.md` document (BSD sysexits values), in their one order of
/// severity.
///
/// `pages`, `info`, batch mode and `check` all decide their exit status with it: each file
/// contributes its status and the run exits with the worst, ``worse(_:_:)`` (also `max`, as the
/// type is `Comparable`): 130/143 > 74 > 64 > 70 > 77 > 66 > 65 > 2 > 1 > 0.
public enum ExitStatus: Int32, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// 0: every file ok.
    case success = 0
    /// 1: `check`: a compared value differs from its golden (as `diff` and `cmp` exit 1).
    case differs = 1
    /// 2: a file opened but some pages are page errors, or pages were recovered by scanning its
    /// objects; every readable page is reported.
    case partial = 2
    /// 65 (`EX_DATAERR`): not a PDF, damaged beyond reading, no page found, or `--strict` and a
    /// warning or page error.
    case malformed = 65
    /// 66 (`EX_NOINPUT`): a file cannot be opened (missing, unreadable, a directory).
    case cannotOpen = 66
    /// 77 (`EX_NOPERM`): a file is encrypted and no password, or a wrong one, was given.
    case encrypted = 77
    /// 70 (`EX_SOFTWARE`): a batch worker crashed, timed out or ran out of memory on a file, or
    /// is another version of pageinfo (or rendering ran out of memory, or the process could not
    /// read its own command line: /proc not mounted).
    case softwareFailure = 70
    /// 64 (`EX_USAGE`): a bad option, number, page range, or a page past the end.
    case usage = 64
    /// 74 (`EX_IOERR`): the output could not be written (or an input could not be read).
    case ioError = 74
    /// 130: a batch was interrupted by SIGINT (Ctrl-C); rerun with `--resume`.
    case interrupted = 130
    /// 143: a batch was stopped by SIGTERM; rerun with `--resume`.
    case terminated = 143

    /// The statuses from the least to the most severe.
    public static let severityOrder: [ExitStatus] = [
        .success, .differs, .partial, .malformed, .cannotOpen, .encrypted, .softwareFailure, .usage, .ioError,
        .interrupted, .terminated,
    ]

    /// The position in ``severityOrder``.
    public var severity: Int { Self.severityOrder.firstIndex(of: self)! }

    /// Orders by severity (not by the numeric code).
    public static func < (a: ExitStatus, b: ExitStatus) -> Bool { a.severity < b.severity }

    /// The more severe of `a` and `b`.
    public static func worse(_ a: ExitStatus, _ b: ExitStatus) -> ExitStatus { max(a, b) }

    /// The status of a file whose file record has `status` and, possibly, `error`: the status's
    /// own (0, 2, or 65 for a failed file without a known code), or worse, its error's (a file
    /// that is ok or partial may still carry `page-out-of-range`: 64).
    public init(status: DocumentOutcome.Status, error: FileErrorCode?) {
        let own: ExitStatus = switch status {
        case .ok: .success
        case .partial: .partial
        case .failed: error == nil ? .malformed : .success
        }
        self = Self.worse(own, error?.exitStatus ?? .success)
    }

    /// The status of a file whose file record closes with `outcome`: its status and, when its
    /// code is one of the stable ``FileErrorCode``s, its error's
    /// (``init(status:error:)``).
    public init(_ outcome: DocumentOutcome) {
        self.init(status: outcome.status, error: outcome.error.flatMap { FileErrorCode(rawValue: $0.code) })
    }

    /// The numeric code, e.g. `65`.
    public var description: String { String(rawValue) }
}

/// The stable file error codes of the file record's `error` (`docs/records.md`), in a fixed order
/// (batch mode's workers send the index).
public enum FileErrorCode: String, CaseIterable, Sendable, Hashable {
    /// The file does not exist.
    case notFound = "not-found"
    /// The file exists but cannot be read (permissions, a directory, an I/O error, too large).
    case unreadable
    /// The file does not start like a PDF.
    case notPDF = "not-pdf"
    /// The file is damaged beyond reading, or no page was found.
    case damaged
    /// The file is encrypted and no password was given.
    case passwordRequired = "password-required"
    /// The file is encrypted and the password given is wrong.
    case wrongPassword = "wrong-password"
    /// Batch mode: the worker reading the file crashed.
    case crashed
    /// Batch mode: reading the file took longer than the timeout.
    case timeout
    /// Batch mode: reading the file needed more than the worker's memory limit.
    case memory
    /// A page selection names a page past the end.
    case pageOutOfRange = "page-out-of-range"
    /// `--strict`: the file has page errors or warnings.
    case strict

    /// The kind of failure this code names.
    public var kind: FailureKind {
        switch self {
        case .notFound, .unreadable: .cannotOpen
        case .notPDF, .damaged, .strict: .malformed
        case .passwordRequired, .wrongPassword: .encrypted
        case .crashed, .timeout, .memory: .softwareFailure
        case .pageOutOfRange: .usage
        }
    }

    /// The exit status of a file that failed this way (``FailureKind/exitStatus``).
    public var exitStatus: ExitStatus { kind.exitStatus }
}

/// The broad kind of a failure: what every error of the package (a file record's
/// ``FileErrorCode``, the reader's, the renderer's and `check`'s errors) is classified as, and
/// the package's one mapping from a failure to its exit status (``exitStatus``).
public enum FailureKind: Sendable, Hashable, CaseIterable {
    /// A file cannot be opened: missing, unreadable, a directory (exit 66).
    case cannotOpen
    /// Not a PDF (or not a golden), damaged beyond reading, a page error, or `--strict` (65).
    case malformed
    /// A file is encrypted and no password, or a wrong one, was given (77).
    case encrypted
    /// A request that cannot be met: a page past the end, a size out of bounds, too many pages (64).
    case usage
    /// A worker crashed, timed out or ran out of memory, or a bitmap did not fit in memory (70).
    case softwareFailure
    /// Output (a golden, the records) could not be written (74).
    case ioError

    /// The exit status of a failure of this kind: the one mapping every error type and the file
    /// record's status use.
    public var exitStatus: ExitStatus {
        switch self {
        case .cannotOpen: .cannotOpen
        case .malformed: .malformed
        case .encrypted: .encrypted
        case .usage: .usage
        case .softwareFailure: .softwareFailure
        case .ioError: .ioError
        }
    }
}

/// An error of the libraries, typed and classified: what failed, naming the file (and the page)
/// in one line for a person (`description`), and its ``FailureKind``. The libraries throw these;
/// a command turns them into its message and exit status (``FailureKind/exitStatus``) in one
/// place.
public protocol ClassifiedError: Error, CustomStringConvertible {
    /// The broad kind of the failure, which decides its exit status.
    var kind: FailureKind { get }
    /// The line in `wording`: the `description` naming the settings it mentions as a Swift
    /// program set them (``Wording/library``) or as `pageinfo`'s options (``Wording/commandLine``).
    func message(_ wording: Wording) -> String
}
