import PageGeometry
import PageInfoOutput
import PageInfoPoppler

/// A PDF as it reads now: the document fields and pages `pageinfo pages` prints for it.
public struct CurrentDocument: Sendable {
    /// The document-level fields of the golden (`file` is the path as given).
    public var summary: DocumentSummary
    /// Every page in document order: its geometry, or why it could not be read.
    public var pages: [Page]

    /// A page read now.
    public enum Page: Sendable, Hashable {
        case read(PageInfo)
        case unreadable(index: Int, error: SnapshotError)
    }

    /// The snapshot ``GeometryExpectation`` compares.
    public var snapshot: GeometrySnapshot {
        GeometrySnapshot(file: summary.file, pageCount: summary.pageCount, pages: pages.map { page in
            switch page {
            case .read(let info): PageSnapshot(info)
            case .unreadable(let index, let error): PageSnapshot(index: index, label: nil, content: .error(error))
            }
        })
    }

    /// Reads `path` through Poppler.
    ///
    /// This is the one place `check` reads a PDF (the golden writer and the comparison both use
    /// what it returns): when the reader's API changes, only this function changes.
    public static func read(path: String, password: String? = nil) throws(PageInfoError) -> CurrentDocument {
        let document = try PopplerDocument(path: path, password: password)
        let version = document.pdfVersion
        let summary = DocumentSummary(file: path, pageCount: document.pageCount,
                                      pdfVersion: "\(version.major).\(version.minor)",
                                      encrypted: document.isEncrypted, pageLayout: document.pageLayout,
                                      direction: document.direction, hasPageLabels: document.hasPageLabels)
        var pages: [Page] = []
        pages.reserveCapacity(document.pageCount)
        // A page that cannot be loaded becomes an unreadable page and reading goes on after it.
        while pages.count < document.pageCount {
            do {
                try document.forEachPage(in: pages.count..<document.pageCount) { (page: PageInfo) throws(Never) in
                    pages.append(.read(page))
                }
            } catch {
                switch error {
                case .read(.pageUnreadable(_, let index)) where index == pages.count:
                    pages.append(.unreadable(index: index, error: SnapshotError(
                        code: "page-unreadable", message: "listed in the page tree but cannot be loaded")))
                case .read(let other):
                    throw other
                }
            }
        }
        return CurrentDocument(summary: summary, pages: pages)
    }

    /// The golden for this document: byte for byte what `pageinfo pages FILE --format json`
    /// prints (the same encoder writes it).
    ///
    /// - Throws: ``CheckError/cannotRecord(file:pageNumbers:)`` when a page could not be read:
    ///   `pages --format json` cannot print a page error yet, so such a document has no golden.
    public func goldenJSON() throws(CheckError) -> [UInt8] {
        let unreadable = pages.compactMap { page -> Int? in
            if case .unreadable(let index, _) = page { return index + 1 }
            return nil
        }
        guard unreadable.isEmpty else { throw .cannotRecord(file: summary.file, pageNumbers: unreadable) }
        var encoder = PageListEncoder(format: .json, out: ByteWriter())
        encoder.begin(documentCount: 1)
        encoder.beginDocument(summary)
        for case .read(let page) in pages { encoder.page(page) }
        encoder.endDocument()
        encoder.end()
        return encoder.out.bytes
    }
}
