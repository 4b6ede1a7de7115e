import CPageInfoPoppler
import PageGeometry

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
    private let handle: OpaquePointer
    /// The path the document was opened from, or `"<memory>"` for bytes.
    public let path: String
    /// Number of pages (Poppler's count; Poppler may repair a broken page tree).
    public let pageCount: Int
    /// Whether the file is encrypted (it opened, so the password was right or not needed).
    public let isEncrypted: Bool
    /// Whether the catalog has /PageLabels. When it has none, every label is `nil`.
    public let hasPageLabels: Bool

    /// Opens a PDF file. `password` is tried as the owner and as the user password.
    public convenience init(path: String, password: String? = nil) throws(PageInfoError) {
        var result = pi_open_result()
        let handle = pi_document_open_file(path, password, &result)
        guard let handle else { throw Self.openError(result, path: path, password: password) }
        self.init(handle: handle, path: path)
    }

    /// Opens a PDF held in memory (the bytes are copied).
    public convenience init(bytes: some Collection<UInt8>, password: String? = nil) throws(PageInfoError) {
        var result = pi_open_result()
        let array = Array(bytes)
        let handle = array.withUnsafeBytes { raw in
            pi_document_open_bytes(raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, raw.count, password, &result)
        }
        guard let handle else {
            throw Self.openError(result, path: "<memory>", password: password, header: array.prefix(1024))
        }
        self.init(handle: handle, path: "<memory>")
    }

    private init(handle: OpaquePointer, path: String) {
        self.handle = handle
        self.path = path
        self.pageCount = Int(pi_document_page_count(handle))
        self.isEncrypted = pi_document_is_encrypted(handle)
        self.hasPageLabels = pi_document_has_page_labels(handle)
    }

    deinit { pi_document_close(handle) }

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

    /// How many diagnostics Poppler reported so far (syntax warnings, repairs). They are
    /// counted, never printed.
    public var warningCount: Int { Int(pi_document_warning_count(handle)) }

    /// The version of the Poppler library in use, e.g. "22.12.0".
    public static var popplerVersion: String { String(cString: pi_poppler_version()) }

    // MARK: - Pages

    /// The geometry of page `index` (0-based).
    public func page(at index: Int) throws(PageInfoError) -> PageInfo {
        var reader = PageReader()
        return try reader.read(handle, index: index, pageCount: pageCount, path: path)
    }

    /// Calls `body` with each page of `range` (0-based indexes), in order, one at a time.
    /// Nothing is retained between pages except Poppler's own page cache.
    public func forEachPage<E: Error>(in range: Range<Int>? = nil,
                                      _ body: (PageInfo) throws(E) -> Void) throws(ForEachPageError<E>) {
        let range = range ?? 0..<pageCount
        if !range.isEmpty, range.lowerBound < 0 || range.upperBound > pageCount {
            throw .read(.pageOutOfRange(index: range.lowerBound < 0 ? range.lowerBound : range.upperBound - 1,
                                        pageCount: pageCount))
        }
        var reader = PageReader()
        for index in range {
            let page: PageInfo
            do { page = try reader.read(handle, index: index, pageCount: pageCount, path: path) } catch { throw .read(error) }
            do { try body(page) } catch { throw .body(error) }
        }
    }

    /// The pages of `range` as an array. Prefer ``forEachPage(in:_:)`` for large documents.
    public func pages(in range: Range<Int>? = nil) throws(PageInfoError) -> [PageInfo] {
        var result: [PageInfo] = []
        result.reserveCapacity(range?.count ?? pageCount)
        do {
            try forEachPage(in: range) { (page: PageInfo) throws(Never) in result.append(page) }
        } catch {
            switch error {
            case .read(let e): throw e
            }
        }
        return result
    }

    // MARK: - Errors

    private static func openError(_ result: pi_open_result, path: String, password: String?,
                                  header: ArraySlice<UInt8>? = nil) -> PageInfoError {
        let message = withUnsafeBytes(of: result.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        switch result.status {
        case PI_STATUS_OPEN_FAILED:
            let errno = result.os_errno
            if errno == ENOENT { return .fileNotFound(path: path) }
            return .unreadable(path: path, reason: errno != 0 ? String(cString: strerror(errno)) : message)
        case PI_STATUS_ENCRYPTED:
            return password == nil ? .passwordRequired(path: path) : .wrongPassword(path: path)
        default:
            if header == nil, let reason = unreadableReason(path) { return .unreadable(path: path, reason: reason) }
            let head = header ?? readHeader(path)
            if !containsPDFHeader(head) { return .notPDF(path: path) }
            return .malformed(path: path, detail: message)
        }
    }

    /// Why a path that fopen accepted still cannot be read as a file (a directory, say).
    private static func unreadableReason(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return String(cString: strerror(errno)) }
        if (st.st_mode & S_IFMT) == S_IFDIR { return "it is a directory" }
        return nil
    }

    private static func readHeader(_ path: String) -> ArraySlice<UInt8> {
        guard let file = fopen(path, "rb") else { return [] }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let n = fread(&buffer, 1, buffer.count, file)
        return buffer[0..<n]
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
    case read(PageInfoError)
    case body(Body)
}

/// Reads pages through the shim with one reusable label buffer.
struct PageReader {
    private var labelBuffer = [CChar](repeating: 0, count: 256)

    mutating func read(_ handle: OpaquePointer, index: Int, pageCount: Int, path: String) throws(PageInfoError) -> PageInfo {
        var g = pi_page_geometry()
        guard index >= 0, index < pageCount else { throw .pageOutOfRange(index: index, pageCount: pageCount) }
        var ok = labelBuffer.withUnsafeMutableBufferPointer { buf in
            pi_document_page_geometry(handle, Int32(index), &g, buf.baseAddress, buf.count)
        }
        guard ok else { throw .pageUnreadable(path: path, index: index) }
        if Int(g.label_length) > labelBuffer.count {
            labelBuffer = [CChar](repeating: 0, count: Int(g.label_length))
            ok = labelBuffer.withUnsafeMutableBufferPointer { buf in
                pi_document_page_geometry(handle, Int32(index), &g, buf.baseAddress, buf.count)
            }
        }
        let label: String? = g.label_length < 0 ? nil : labelBuffer.withUnsafeBufferPointer { buf in
            String(decoding: UnsafeRawBufferPointer(buf).prefix(Int(g.label_length)), as: UTF8.self)
        }
        func rect(_ r: pi_rect) -> Rect { Rect(x: r.x0, y: r.y0, width: r.x1 - r.x0, height: r.y1 - r.y0) }
        func entry(_ e: pi_box_entry) -> Rect? { e.present ? rect(e.rect) : nil }
        let boxes = PageBoxes.effective(mediaBox: rect(g.media), cropBox: entry(g.crop), bleedBox: entry(g.bleed),
                                        trimBox: entry(g.trim), artBox: entry(g.art))
        let raw = Int(g.rotate_raw)
        return PageInfo(index: index, label: label, boxes: boxes, rotation: PageRotation(normalizing: raw),
                        rawRotation: raw, userUnit: g.user_unit)
    }
}
