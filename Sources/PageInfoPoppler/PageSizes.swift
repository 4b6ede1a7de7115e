// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoRecords

/// Why a document's page sizes cannot all be read: a layout needs the size of every page.
public enum PageSizesError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The document has more pages than the limit the caller gave.
    case tooManyPages(file: String, limit: Int)
    /// A page could not be read.
    case pageUnreadable(file: String, PageReadError)

    /// One line for a person, naming the file (and the page, or the limit).
    public var description: String {
        switch self {
        case .tooManyPages(let file, let limit):
            "\(file): more than \(Self.grouped(limit)) pages; the layout commands handle at most \(Self.grouped(limit))"
        case .pageUnreadable(let file, let error):
            "\(file): \(error.message); a layout needs the size of every page"
        }
    }

    /// `10000000` as `10,000,000`.
    private static func grouped(_ n: Int) -> String {
        var digits = Array(String(n)), out: [Character] = []
        while digits.count > 3 { out = [","] + digits.suffix(3) + out; digits.removeLast(3) }
        return String(digits + out)
    }
}

extension PopplerDocument {
    /// Every page's displayed size (`PageInfo.size`, points), read in one walk of the page tree.
    /// Throws as soon as the walk passes `limit` pages, or at the first page that cannot be read.
    public func displayedPageSizes(limit: Int = .max) throws(PageSizesError) -> [Size] {
        var sizes: [Size] = []
        let cursor = makePageCursor()
        while let entry = cursor.next() {
            guard sizes.count < limit else { throw .tooManyPages(file: path, limit: limit) }
            switch entry.result {
            case .success(let page): sizes.append(page.size)
            case .failure(let error): throw .pageUnreadable(file: path, error)
            }
        }
        return sizes
    }
}
