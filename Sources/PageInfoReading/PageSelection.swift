// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoGrammar
import PageInfoPoppler
import PageInfoRecords

/// Why `PopplerDocument.pages(selecting:)` cannot give the pages asked for.
package enum PageSelectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A range names a page past the end of the document (the range list's message,
    /// `page 12 is out of range: the document has 10 pages`).
    case outOfRange(String)
    /// A selected position of the page tree is a page error.
    case pageUnreadable(PageReadError)

    /// The range list's message, or the page error's.
    package var description: String {
        switch self {
        case .outOfRange(let message): message
        case .pageUnreadable(let error): error.message
        }
    }

    /// `usage` for a range past the end, `malformed` for a page error.
    package var kind: FailureKind {
        switch self {
        case .outOfRange: .usage
        case .pageUnreadable: .malformed
        }
    }

    /// 64 or 65: the exit status of the ``kind``.
    package var exitStatus: ExitStatus { kind.exitStatus }
}

extension PopplerDocument {
    /// The pages `ranges` selects (1-based page numbers, as `--pages 1-3,7,10-` gives them), in
    /// the list's order (a page listed twice comes twice), or every page in order when `ranges`
    /// is nil: what `pageinfo sheet` draws. The page tree is walked once, whatever the list.
    /// The result is empty only for a document without pages.
    ///
    /// - Throws: ``PageSelectionError``: a range past the end, or a selected page that is a
    ///   page error (pages not selected may be errors).
    package func pages(selecting ranges: PageRangeList?) throws(PageSelectionError) -> [PageInfo] {
        var pages: [PageInfo] = []
        for entry in try entries(selecting: ranges) {
            switch entry.result {
            case .success(let page): pages.append(page)
            case .failure(let error): throw .pageUnreadable(error)
            }
        }
        return pages
    }

    /// The positions of the page tree `ranges` selects, as ``pages(selecting:)`` picks them, each
    /// with its label, its page or page error, and its warnings: what `pageinfo inspect` shows.
    ///
    /// - Throws: ``PageSelectionError/outOfRange(_:)`` for a range past the end.
    package func entries(selecting ranges: PageRangeList?) throws(PageSelectionError) -> [PageEntry] {
        var all: [PageEntry] = []
        let cursor = makePageCursor()
        while let entry = cursor.next() { all.append(entry) }
        guard let ranges else { return all }
        var selected: [PageEntry] = []
        do { for range in try ranges.indexRanges(pageCount: all.count) { selected += all[range] } } catch {
            throw .outOfRange(error.description)
        }
        return selected
    }
}
