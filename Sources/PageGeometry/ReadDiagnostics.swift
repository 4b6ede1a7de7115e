// SPDX-License-Identifier: Apache-2.0
/// A problem found while reading a document or a page that did not stop the reading: the
/// value read is still reported, and the warning says what was repaired or ignored.
///
/// `code` is stable (scripts match on it); `message` is one line for a person. The codes are
/// listed in `docs/records.md`.
public struct ReadWarning: Hashable, Sendable, CustomStringConvertible {
    /// The stable kinds of warning.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        // Document level.
        case xrefRepaired = "xref-repaired"
        case objectStreamsRead = "object-streams-read"
        case countMismatch = "count-mismatch"
        case countMissing = "count-missing"
        case countInvalid = "count-invalid"
        case countOutOfRange = "count-out-of-range"
        case countNegative = "count-negative"
        case pageTreeLimit = "page-tree-limit"
        case pageTreeLoop = "page-tree-loop"
        case pageTreeTooDeep = "page-tree-too-deep"
        case kidsInvalid = "kids-invalid"
        case popplerDiagnostic = "poppler-diagnostic"
        case labelsUnreadable = "labels-unreadable"
        case pagesRecovered = "pages-recovered"
        // Page level.
        case boxClipped = "box-clipped"
        case boxEmpty = "box-empty"
        case boxReversed = "box-reversed"
        case boxInvalid = "box-invalid"
        case mediaBoxMissing = "mediabox-missing"
        case rotateInvalid = "rotate-invalid"
        case userUnitInvalid = "userunit-invalid"
        case labelClipped = "label-clipped"
        case pageRepeated = "page-repeated"
        case pageRecovered = "page-recovered"
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}

/// Why a position of the page tree holds no readable page. The position still counts: the
/// pages after it keep their real indexes.
public struct PageReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stable kinds of page error.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// The kid refers to an object that does not exist, or is null.
        case kidMissing = "kid-missing"
        /// The kid is an object that is not a dictionary (a number, a name, an array…).
        case kidNotDictionary = "kid-not-dictionary"
        /// The kid is a dictionary of another /Type (a catalog, an annotation…), not a page.
        case kidNotPage = "kid-not-page"
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

/// One position of a document's page tree as read: a page, or the reason there is none.
public struct PageEntry: Hashable, Sendable {
    /// The 0-based position in the page tree as walked (never derived from /Count).
    public var index: Int
    /// The page label, or `nil` when the document gives this position none.
    public var label: String?
    /// The page's geometry, or why it could not be read.
    public var result: Result<PageInfo, PageReadError>
    /// What was repaired or ignored while reading this page.
    public var warnings: [ReadWarning]

    public init(index: Int, label: String?, result: Result<PageInfo, PageReadError>, warnings: [ReadWarning] = []) {
        self.index = index
        self.label = label
        self.result = result
        self.warnings = warnings
    }

    /// The page, or `nil` for a page error.
    public var page: PageInfo? { if case .success(let p) = result { p } else { nil } }
    /// The page error, or `nil` for a page.
    public var error: PageReadError? { if case .failure(let e) = result { e } else { nil } }
}

/// How reading one file ended: the file record's closing fields (see `docs/records.md`).
public struct DocumentOutcome: Sendable {
    /// `ok`: every page read; `partial`: the file opened but some positions are page errors (or
    /// pages were recovered); `failed`: nothing could be read.
    public enum Status: String, Sendable, Comparable {
        case ok, partial, failed
        public static func < (a: Status, b: Status) -> Bool {
            let order: [Status] = [.ok, .partial, .failed]
            return order.firstIndex(of: a)! < order.firstIndex(of: b)!
        }
    }

    /// A file-level error: a stable code and one line for a person.
    public struct Failure: Sendable, Hashable {
        public var code: String
        public var message: String
        public init(code: String, message: String) { self.code = code; self.message = message }
    }

    public var status: Status
    /// Positions of the page tree as walked (pages and page errors).
    public var pageCount: Int
    /// Positions that are page errors.
    public var pageErrors: Int
    /// The /Count the root /Pages node claims, `nil` when absent.
    public var countClaimed: Int?
    public var error: Failure?
    /// Document-level warnings.
    public var warnings: [ReadWarning]
    /// File size in bytes, `nil` when unknown.
    public var bytes: Int?
    /// Seconds spent reading the file, `nil` when not measured (plain `pages`/`info` leave it out
    /// so that their output is deterministic; batch mode measures it).
    public var seconds: Double?

    public init(status: Status, pageCount: Int, pageErrors: Int = 0, countClaimed: Int? = nil, error: Failure? = nil,
                warnings: [ReadWarning] = [], bytes: Int? = nil, seconds: Double? = nil) {
        self.status = status; self.pageCount = pageCount; self.pageErrors = pageErrors; self.countClaimed = countClaimed
        self.error = error; self.warnings = warnings; self.bytes = bytes; self.seconds = seconds
    }

    /// The outcome of a file that could not be read at all.
    public static func failed(_ failure: Failure, bytes: Int? = nil, seconds: Double? = nil) -> DocumentOutcome {
        DocumentOutcome(status: .failed, pageCount: 0, error: failure, bytes: bytes, seconds: seconds)
    }
}

