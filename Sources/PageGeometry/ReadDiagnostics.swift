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
        case countMismatch = "count-mismatch"
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
