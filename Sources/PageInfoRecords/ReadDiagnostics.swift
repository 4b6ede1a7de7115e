// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// A problem found while reading a document or a page that did not stop the reading: the
/// value read is still reported, and the warning says what was repaired or ignored.
///
/// `code` is stable (scripts match on it); `message` is one line for a person. The codes are
/// listed in `docs/records.md`.
public struct ReadWarning: Hashable, Sendable, CustomStringConvertible {
    /// The stable kinds of warning.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        // Document level.
        /// The cross-reference table was damaged and Poppler rebuilt it by scanning the file.
        case xrefRepaired = "xref-repaired"
        /// Objects (and /Root) were read from object streams that the cross-reference data does
        /// not index (a table Poppler rebuilt), or whose own entries are broken (an entry naming
        /// its own stream, or a loop of object streams: the stream was found by a scan of the file).
        case objectStreamsRead = "object-streams-read"
        /// The root /Count differs from the number of positions the walk found.
        case countMismatch = "count-mismatch"
        /// A Pages node below the root has a /Count (an integer) that differs from the positions
        /// the walk found under it; the message names the first such node. Compared once per node,
        /// after its whole subtree was read (not below a node deeper than the walk's limit).
        case nodeCountMismatch = "node-count-mismatch"
        /// The root /Pages node has no /Count.
        case countMissing = "count-missing"
        /// /Count is not an integer (a name, a real…).
        case countInvalid = "count-invalid"
        /// /Count is past a 64-bit integer.
        case countOutOfRange = "count-out-of-range"
        /// /Count is negative.
        case countNegative = "count-negative"
        /// The walk stopped re-reading repeated subtrees at its bound (10 kids per cross-reference
        /// entry); the status is `partial`.
        case pageTreeLimit = "page-tree-limit"
        /// A /Pages node lists an ancestor of itself; the loop was cut, and the object scan looks
        /// for the pages the tree no longer reaches.
        case pageTreeLoop = "page-tree-loop"
        /// The page tree is deeper than 256 levels; the deeper pages come from the object scan.
        case pageTreeTooDeep = "page-tree-too-deep"
        /// A Pages node, the root included, has no /Kids array (no pages below it).
        case kidsInvalid = "kids-invalid"
        /// Poppler reported syntax errors while reading (its messages are never printed).
        case popplerDiagnostic = "poppler-diagnostic"
        /// /PageLabels is damaged or too deep; labels are `nil`.
        case labelsUnreadable = "labels-unreadable"
        /// Pages the tree does not reach were found by scanning the file's objects.
        case pagesRecovered = "pages-recovered"
        /// The catalog's /Pages is a dictionary written in place where ISO 32000 requires an
        /// indirect reference; the tree is read all the same, but Poppler's own page tree, which
        /// its renderer and `pdfinfo` go through, loads no page of it.
        case pagesDirect = "pages-direct"
        // Page level.
        /// A box extends past the MediaBox and was reduced to its intersection with it.
        case boxClipped = "box-clipped"
        /// A box's intersection with the MediaBox is empty, and its default is used; or a box
        /// written `[0 0 0 0]` was ignored as if absent; or the MediaBox has no area, and US
        /// Letter is used.
        case boxEmpty = "box-empty"
        /// A box's corners were given in reverse order and were normalized.
        case boxReversed = "box-reversed"
        /// A box entry is not four finite numbers within ±10⁹ pt and was ignored.
        case boxInvalid = "box-invalid"
        /// The page has no usable MediaBox; US Letter (0 0 612 792 pt) was used.
        case mediaBoxMissing = "mediabox-missing"
        /// /Rotate is not a multiple of 90; the page is read as rotation 0 (`PageInfo.rawRotation`
        /// keeps the value).
        case rotateInvalid = "rotate-invalid"
        /// /UserUnit is not a number from 10⁻⁹ to 10⁶; 1 was used.
        case userUnitInvalid = "userunit-invalid"
        /// The page label was longer than 1,000 bytes and was clipped.
        case labelClipped = "label-clipped"
        /// This page object was met before in the walk (listed twice, or under a node read again).
        case pageRepeated = "page-repeated"
        /// The page was found by the object scan, not by the page tree.
        case pageRecovered = "page-recovered"
        /// The page tree lists the page, or a node above it, as a dictionary written in place where
        /// ISO 32000 requires an indirect reference (/Kids); Poppler's own page tree, which its
        /// renderer and `pdfinfo` go through, stops there.
        case kidDirect = "kid-direct"
        /// The page tree lists a template page (/Type /Template without /Kids, ISO 32000 12.7.7), which belongs
        /// in the name dictionary's /Templates; it is read as a page, as Poppler reads it.
        case templatePage = "template-page"
        // Annotations (`pageinfo annotations`): the annotation's record carries these.
        /// An element of /Annots is not a dictionary; its record has only its position.
        case annotationNotDictionary = "annotation-not-dictionary"
        /// /Rect is missing, or not four finite numbers within ±10⁹ pt: the record has no rectangle.
        case annotationRectInvalid = "annotation-rect-invalid"
        /// /Rect was written with reversed corners and was normalized.
        case annotationRectReversed = "annotation-rect-reversed"
        /// /Subtype is missing or not a name.
        case annotationSubtypeMissing = "annotation-subtype-missing"
        /// /F is not an integer; no flags are read.
        case annotationFlagsInvalid = "annotation-flags-invalid"
        /// The same annotation object is listed earlier in the page's /Annots (reported again).
        case annotationRepeated = "annotation-repeated"
        /// /QuadPoints is not finite numbers within ±10⁹ pt, a multiple of 8; it was ignored.
        case quadPointsInvalid = "quadpoints-invalid"
        /// /QuadPoints has more than 8,192 numbers (the first 8,192 are kept), or the page's
        /// annotations hold more than 2²⁰ together (those past it are dropped).
        case quadPointsClipped = "quadpoints-clipped"
        /// A text entry (/Contents, /NM, a field name, an outline item's /Title, a URI…) was
        /// longer than 4,000 bytes and was clipped, or the page's annotations (the outline's items)
        /// wrote more than 16 MiB of text (the rest is not read).
        case textClipped = "text-clipped"
        /// /AP /N (or the state /AS picks) is not a form with a valid /BBox and /Matrix; no appearance is reported.
        case appearanceInvalid = "appearance-invalid"
        /// /AP /N holds appearance states but /AS names none (§12.5.5 requires it); the one
        /// Poppler draws is reported: the only state, else /Off.
        case appearanceStateMissing = "appearance-state-missing"
        /// The appearance's /BBox, transformed by its /Matrix, or /Rect has no area: where it is drawn is undefined.
        case appearanceEmpty = "appearance-empty"
        /// A widget's /Parent chain loops or is deeper than 64; the field name is built from the part read.
        case fieldLoop = "field-loop"
        /// /A is not an action dictionary with an /S name.
        case actionInvalid = "action-invalid"
        /// The destination is not a destination array (page, kind, numbers); none is reported.
        case destinationInvalid = "destination-invalid"
        /// A named destination that neither /Dests nor the /Names /Dests tree holds.
        case destinationUnresolved = "destination-unresolved"
        /// The destination's page is no page of this document.
        case destinationPageUnknown = "destination-page-unknown"
        /// A destination in this file names its page by a number, where ISO 32000 requires a
        /// reference; it is read as a 0-based index, as Poppler, pdf.js and PyMuPDF read it.
        case destinationPageNumber = "destination-page-number"
        /// The page's /Annots is not an array; no annotation is read.
        case annotsInvalid = "annots-invalid"
        /// The page's /Annots lists more than 100,000 elements; only the first 100,000 are read.
        case annotationsClipped = "annotations-clipped"
        /// The /Names /Dests tree could be read only in part (a loop, deeper than 64, more than
        /// 2²⁰ nodes, entries that are not name–value pairs); names it loses are unresolved.
        case destinationNamesDamaged = "destination-names-damaged"
        /// The target pages of some of this page's destinations (on the file record: of the
        /// outline's entries) were not read: the reader's budget for target pages (1,000,000
        /// positions, and 8 per page read) is spent, which only links jumping at random through a
        /// large file reach. Their page points and view states are `null`.
        case destinationTargetsUnread = "destination-targets-unread"
        // The outline (`pageinfo outline`): the entry's record carries these, but for the
        // outline as a whole (the file record).
        /// /Outlines is not a dictionary (nothing is read; the file record), or an outline item
        /// is not a dictionary (its entry has only its position and level; the items its /Next
        /// would lead to are not reached).
        case outlineInvalid = "outline-invalid"
        /// An item's /Next or /First is an item met earlier (a loop, or an item listed twice);
        /// the chain is cut there. On the file record: /Outlines' /First is the outline itself.
        case outlineLoop = "outline-loop"
        /// An item at the 64th level has children; they are dropped.
        case outlineTooDeep = "outline-too-deep"
        /// The outline has more than 100,000 items; only the first 100,000 (in pre-order) are read.
        case outlineClipped = "outline-clipped"
        /// An item's /Count differs from its children: |/Count| is not the number of descendants
        /// shown when it is open, an item with children has none, or an item without children has
        /// one other than 0. Not compared for an item whose subtree was cut.
        case outlineCountMismatch = "outline-count-mismatch"
    }

    /// The stable kind of warning (its raw value is the `code` of the JSON record).
    public var code: Code
    /// One line for a person, saying what was repaired or ignored.
    public var message: String

    /// A warning of kind `code` with its one-line `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`, as the table output prints a warning.
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
        /// The kid is a dictionary of another /Type (a catalog, an annotation…), not a page (a
        /// template page, /Type /Template without /Kids, is read as a page with ``ReadWarning/Code/templatePage``).
        case kidNotPage = "kid-not-page"
    }

    /// The stable kind of page error (its raw value is the `code` of the JSON record's `error`).
    public var code: Code
    /// One line for a person, naming the kid and what it is.
    public var message: String

    /// A page error of kind `code` with its one-line `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The ``message``.
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
    /// The page's annotations, when they were asked for (``DocumentReader``'s `withAnnotations`;
    /// `pageinfo annotations`); `nil` otherwise and for a page error.
    public var annotations: PageAnnotations?

    /// An entry at position `index` (0-based, as walked), with the page's label, its page or
    /// error, and its warnings.
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
public struct DocumentOutcome: Sendable, Hashable {
    /// `ok`: every page read; `partial`: the file opened but some positions are page errors (or
    /// pages were recovered); `failed`: nothing could be read.
    public enum Status: String, Sendable, Comparable {
        /// The status, as the file record spells it (`ok`, `partial`, `failed`).
        case ok, partial, failed
        /// Orders by severity: `ok` < `partial` < `failed`.
        public static func < (a: Status, b: Status) -> Bool {
            let order: [Status] = [.ok, .partial, .failed]
            return order.firstIndex(of: a)! < order.firstIndex(of: b)!
        }
    }

    /// A file-level error: a stable code and one line for a person.
    public struct Failure: Sendable, Hashable {
        /// The stable error code of the file record (`not-pdf`, `damaged`, `password-required`…).
        public var code: String
        /// One line for a person.
        public var message: String
        /// A failure with its code and one-line message.
        public init(code: String, message: String) { self.code = code; self.message = message }
    }

    /// How reading ended: ok, partial or failed.
    public var status: Status
    /// Positions of the page tree as walked (pages and page errors).
    public var pageCount: Int
    /// Positions that are page errors.
    public var pageErrors: Int
    /// The /Count the root /Pages node claims, `nil` when absent.
    public var countClaimed: Int?
    /// The file-level error of a `failed` file; `nil` otherwise.
    public var error: Failure?
    /// Document-level warnings.
    public var warnings: [ReadWarning]
    /// File size in bytes, `nil` when unknown.
    public var bytes: Int?
    /// Seconds spent reading the file, `nil` when not measured (plain `pages`/`info` leave it out
    /// so that their output is deterministic; batch mode measures it).
    public var seconds: Double?

    /// An outcome from its parts; `bytes` is the file's size in bytes and `seconds` the reading time
    /// (batch mode only), `nil` when not measured.
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

