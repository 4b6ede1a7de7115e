// SPDX-License-Identifier: GPL-2.0-or-later
internal import CPageInfoPoppler
internal import PageInfoSystem
import PageGeometry
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A PDF document opened through Poppler, read page by page.
///
/// One parse of the file: Poppler's core `PDFDoc` reads the cross-reference table and the
/// catalog when the document opens; pages are loaded on demand as you ask for them, so a
/// 100,000-page document is never materialized as `PageInfo` values at once.
///
/// Not thread-safe: use one instance from one thread at a time (open one per thread).
public final class PopplerDocument {
    let handle: OpaquePointer
    /// The path the document was opened from, or `"<memory>"` for bytes.
    public let path: String
    /// Whether the file is encrypted (it opened, so the password was right or not needed).
    public let isEncrypted: Bool
    /// The size of the file in bytes (of the bytes, for a document opened from memory).
    public private(set) var fileSize: Int?
    private var countingWalk: WalkSummary?

    /// Opens a PDF file. `password` is tried as the owner and as the user password. `name` is
    /// what ``path`` and error messages call the file (default: `path`; a caller that opens a
    /// spooled stream or a descriptor through `/proc/self/fd/N` names it as the user did).
    public convenience init(path: String, password: String? = nil, name: String? = nil) throws(PageInfoError) {
        let (file, status) = try Self.openForReading(path, shownAs: name ?? path)
        var result = pi_open_result()
        // The document owns the descriptor from here on, whatever the result.
        let handle = pi_document_open_descriptor(file.rawValue, Int64(status.size), password, &result)
        guard let handle else { throw Self.openError(result, path: path, shownAs: name ?? path, password: password) }
        self.init(handle: handle, path: name ?? path)
        fileSize = status.kind == .regular ? status.size : nil
        try rejectIfNothingToRead(message: result)
    }

    /// `path` opened for reading, with what `fstat(2)` says of it: the one place files are
    /// opened is the system layer, and the shim reads the descriptor it is given. An error is
    /// the one a file that cannot be opened always gave: not found, or unreadable with the
    /// system's reason.
    static func openForReading(_ path: String, shownAs name: String) throws(PageInfoError) -> (OpenFile, FileStatus) {
        do throws(SystemCallError) {
            let file = try OpenFile.open(path)
            do throws(SystemCallError) { return (file, try file.status()) } catch {
                try? file.close()
                throw error
            }
        } catch {
            if error.code == ENOENT { throw .fileNotFound(path: name) }
            throw .unreadable(path: name, reason: SystemCallError.reason(for: error.code))
        }
    }

    /// Opens a PDF held in memory (the bytes are copied).
    public convenience init(bytes: some Collection<UInt8>, password: String? = nil, name: String = "<memory>") throws(PageInfoError) {
        var result = pi_open_result()
        let array = Array(bytes)
        let handle = array.withUnsafeBytes { raw in
            pi_document_open_bytes(raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, raw.count, password, &result)
        }
        guard let handle else {
            throw Self.openError(result, path: name, password: password, header: array.prefix(1024))
        }
        self.init(handle: handle, path: name)
        fileSize = array.count
        try rejectIfNothingToRead(message: result)
    }

    /// A file without a usable catalog opens only if scanning its objects finds a page;
    /// otherwise it is damaged beyond reading (``PageInfoError/malformed(path:detail:)``).
    private func rejectIfNothingToRead(message result: pi_open_result) throws(PageInfoError) {
        let root = facts.pageTreeRoot
        guard root == .missing || root == .notDictionary || root == .otherType else { return }
        let walk = walkSummary()
        guard walk.positions == 0 else { return }
        let poppler = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        throw .malformed(path: path, detail: (emptyReason(after: walk) ?? "no page found") + (poppler.isEmpty ? "" : "; Poppler: \(poppler)"))
    }

    private init(handle: OpaquePointer, path: String) {
        self.handle = handle
        self.path = path
        self.isEncrypted = pi_document_is_encrypted(handle)
    }

    deinit { pi_document_close(handle) }

    /// Document-level facts that need no walk of the pages.
    package var facts: DocumentFacts {
        var f = pi_document_facts()
        pi_document_get_facts(handle, &f)
        let root: DocumentFacts.PageTreeRoot = switch f.root {
        case PI_ROOT_TREE: .tree
        case PI_ROOT_LONE_PAGE: .lonePage
        case PI_ROOT_NOT_DICTIONARY: .notDictionary
        case PI_ROOT_NO_KIDS: .noKids
        case PI_ROOT_OTHER_TYPE: .otherType
        default: .missing
        }
        let countProblem: DocumentFacts.CountProblem? = switch f.count_shape {
        case PI_COUNT_MISSING: .missing
        case PI_COUNT_NOT_INTEGER: .notInteger(type: f.count_type.map { String(cString: $0) } ?? "not a number")
        case PI_COUNT_OUT_OF_RANGE: .outOfRange
        case PI_COUNT_NEGATIVE: .negative
        default: nil
        }
        return DocumentFacts(pageTreeRoot: root, pagesWrittenInPlace: f.pages_direct, countClaimed: f.has_count ? Int(f.count_claimed) : nil,
                             countProblem: countProblem, xrefReconstructed: f.xref_reconstructed,
                             objectsFromStreams: Int(f.objects_from_streams), rootFromXRefStream: f.root_from_xref_stream,
                             objectsReplacedFromStreams: Int(f.objects_replaced_from_streams),
                             objectStreamsRelocated: Int(f.object_streams_relocated),
                             hasPageLabels: f.has_page_labels, labelsDamaged: f.labels_damaged,
                             destinationNamesDamaged: f.destination_names_damaged, popplerDiagnostics: Int(f.diagnostics))
    }

    /// Whether the catalog has /PageLabels. When it has none, every label is `nil`.
    public var hasPageLabels: Bool { facts.hasPageLabels }

    /// The number of positions in the page tree, as a walk of the tree finds them (pages and
    /// page errors; never the /Count the file claims). Walks the tree once, without reading
    /// geometry or labels, and remembers the answer.
    public var pageCount: Int { walkSummary().positions }

    /// A complete walk of the page tree that reads no geometry and no labels: the page count
    /// and the tree's anomalies, for `documentWarnings(after:)`. Computed once.
    public func walkSummary() -> WalkSummary {
        if let countingWalk { return countingWalk }
        let cursor = PageCursor(document: self, firstIndex: 0, withGeometry: false)
        while cursor.skip() {}
        countingWalk = cursor.summary
        return cursor.summary
    }

    /// Whether the document has a page at all, walking to the first page's position only; when
    /// there is none, that walk is the whole one ``walkSummary()`` keeps.
    func hasPage() -> Bool {
        if let countingWalk { return countingWalk.positions > 0 }
        let cursor = PageCursor(document: self, firstIndex: 0, withGeometry: false)
        if cursor.skip() { return true }
        countingWalk = cursor.summary
        return false
    }

    // MARK: - Pages

    /// A cursor over the page tree, positioned at `firstIndex` (0-based). The positions before it
    /// are walked, not read, so opening at any index costs about the same.
    public func makePageCursor(from firstIndex: Int = 0) -> PageCursor {
        PageCursor(document: self, firstIndex: max(0, firstIndex))
    }

    /// The geometry of page `index` (0-based). Throws ``PageInfoError/pageOutOfRange(index:pageCount:)``
    /// past the end and ``PageInfoError/pageUnreadable(path:index:reason:)`` for a page error.
    public func page(at index: Int) throws(PageInfoError) -> PageInfo {
        try pageEntry(at: index).page!
    }

    /// The entry of page `index` (0-based): the page with its label and warnings (and, when
    /// asked, its annotations), as ``page(at:)`` reads it and throws.
    package func pageEntry(at index: Int, withAnnotations: Bool = false) throws(PageInfoError) -> PageEntry {
        let cursor = makePageCursor(from: index)
        guard index >= 0, var entry = cursor.next() else {
            throw .pageOutOfRange(index: index, pageCount: pageCount)
        }
        if case .failure(let error) = entry.result { throw .pageUnreadable(path: path, index: index, reason: error.message) }
        if withAnnotations { entry.annotations = cursor.annotations() ?? PageAnnotations() }
        return entry
    }

    /// Calls `body` with each page of `range` (0-based indexes; all when `nil`), in order. A
    /// page error ends the loop with ``PageInfoError/pageUnreadable(path:index:reason:)``; use a
    /// ``PageCursor`` to read past it.
    public func forEachPage<E: Error>(in range: Range<Int>? = nil,
                                      _ body: (PageInfo) throws(E) -> Void) throws(ForEachPageError<E>) {
        let cursor = makePageCursor(from: range?.lowerBound ?? 0)
        var expected = range?.lowerBound ?? 0
        while range.map({ expected < $0.upperBound }) ?? true, let entry = cursor.next() {
            switch entry.result {
            case .success(let page): do { try body(page) } catch { throw .body(error) }
            case .failure(let e): throw .read(.pageUnreadable(path: path, index: entry.index, reason: e.message))
            }
            expected += 1
        }
        if let range, expected < range.upperBound {
            throw .read(.pageOutOfRange(index: range.upperBound - 1, pageCount: cursor.summary.positions))
        }
    }

    /// The pages of `range` as an array. Prefer a ``PageCursor`` for large documents.
    public func pages(in range: Range<Int>? = nil) throws(PageInfoError) -> [PageInfo] {
        var result: [PageInfo] = []
        do {
            try forEachPage(in: range) { (page: PageInfo) throws(Never) in result.append(page) }
        } catch {
            switch error {
            case .read(let e): throw e
            }
        }
        return result
    }

    /// The displayed size of every page (points), in order; `nil` for page errors. One walk.
    public func pageSizes() -> [Size?] {
        var sizes: [Size?] = []
        let cursor = makePageCursor()
        while let entry = cursor.next() { sizes.append(entry.page?.size) }
        return sizes
    }

    /// The catalog's /PageLayout, or `nil` when absent.
    public var pageLayout: PDFPageLayout? {
        switch pi_document_page_layout(handle) {
        case PI_PAGE_LAYOUT_SINGLE_PAGE: .singlePage
        case PI_PAGE_LAYOUT_ONE_COLUMN: .oneColumn
        case PI_PAGE_LAYOUT_TWO_COLUMN_LEFT: .twoColumnLeft
        case PI_PAGE_LAYOUT_TWO_COLUMN_RIGHT: .twoColumnRight
        case PI_PAGE_LAYOUT_TWO_PAGE_LEFT: .twoPageLeft
        case PI_PAGE_LAYOUT_TWO_PAGE_RIGHT: .twoPageRight
        default: nil
        }
    }

    /// /ViewerPreferences /Direction, or `nil` when the document does not say.
    public var direction: ReadingDirection? {
        switch pi_document_direction(handle) {
        case PI_DIRECTION_L2R: .leftToRight
        case PI_DIRECTION_R2L: .rightToLeft
        default: nil
        }
    }

    /// The PDF version, e.g. (1, 7).
    public var pdfVersion: (major: Int, minor: Int) {
        var major: Int32 = 0, minor: Int32 = 0
        pi_document_pdf_version(handle, &major, &minor)
        return (Int(major), Int(minor))
    }

    /// The version of the Poppler library in use, e.g. "22.12.0".
    public static var popplerVersion: String { String(cString: pi_poppler_version()) }

    /// How many kids a walk may visit inside repeated subtrees (a Pages node that two parents
    /// list is read again), per entry of the file's cross-reference table; past that the walk stops with
    /// ``WalkSummary/limitReached`` and the `page-tree-limit` warning.
    package static var repeatStepsPerObject: Int { Int(PI_REPEAT_STEPS_PER_OBJECT) }

    // MARK: - Errors

    /// The error of a failed open. `path` is what was opened, and what is probed (stat, the
    /// header); `shownAs` is the name the error gives (default: `path`).
    private static func openError(_ result: pi_open_result, path: String, shownAs: String? = nil, password: String?,
                                  header: ArraySlice<UInt8>? = nil) -> PageInfoError {
        let probe = path
        let path = shownAs ?? path
        let message = withUnsafeBytes(of: result.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        switch result.status {
        case PI_STATUS_OPEN_FAILED:
            let errno = result.os_errno
            if errno == ENOENT { return .fileNotFound(path: path) }
            return .unreadable(path: path, reason: errno != 0 ? SystemCallError.reason(for: errno) : message)
        case PI_STATUS_ENCRYPTED:
            return password == nil ? .passwordRequired(path: path) : .wrongPassword(path: path)
        default:
            if header == nil, let reason = unreadableReason(probe) { return .unreadable(path: path, reason: reason) }
            let head = header ?? readHeader(probe)
            if !containsPDFHeader(head) { return .notPDF(path: path) }
            return .malformed(path: path, detail: message)
        }
    }

    /// Why a path that fopen accepted still cannot be read as a file (a directory, say).
    private static func unreadableReason(_ path: String) -> String? {
        do throws(SystemCallError) {
            return try FileStatus(path: path).kind == .directory ? "it is a directory" : nil
        } catch {
            return error.reason
        }
    }

    /// The first 1024 bytes of the file (where Poppler looks for the header), or fewer.
    private static func readHeader(_ path: String) -> ArraySlice<UInt8> {
        guard let file = try? OpenFile.open(path) else { return [] }
        defer { try? file.close() }
        var head: [UInt8] = []
        try? file.readChunks(chunkSize: 1024) { chunk in
            head += chunk.prefix(1024 - head.count)
            return head.count < 1024
        }
        return head[...]
    }

    /// Whether `%PDF-` followed by a version digit occurs in the bytes (Poppler, like Acrobat,
    /// accepts the header anywhere in the first 1024 bytes).
    private static func containsPDFHeader(_ bytes: ArraySlice<UInt8>) -> Bool {
        let magic: [UInt8] = Array("%PDF-".utf8)
        guard bytes.count > magic.count else { return false }
        var i = bytes.startIndex
        while i < bytes.endIndex - magic.count {
            if bytes[i..<i + magic.count].elementsEqual(magic),
               (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i + magic.count]) { return true }
            i += 1
        }
        return false
    }
}

/// The failure of ``PopplerDocument/forEachPage(in:_:)``: reading a page, or the caller's body.
public enum ForEachPageError<Body: Error>: Error {
    /// Reading a page failed: a page error, or a page past the end of the range asked for.
    case read(PageInfoError)
    /// The caller's body threw this error; the loop stopped there.
    case body(Body)
}
