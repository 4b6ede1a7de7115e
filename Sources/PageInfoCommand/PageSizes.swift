// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoPoppler
import PageInfoRecords

/// Every page's displayed size (``PageInfo/size``), read in one walk of the page tree, for the
/// layout commands. A document of more than ``InputLimits/pageCount`` pages is a usage error
/// (exit 64) as soon as the walk passes the limit; a page error is a damaged file (exit 65),
/// since a layout needs the size of every page.
func readPageSizes(_ doc: PopplerDocument) throws -> [Size] {
    var sizes: [Size] = []
    let cursor = doc.makePageCursor()
    while let entry = cursor.next() {
        guard sizes.count < InputLimits.pageCount else {
            throw CommandFailure("\(doc.path): more than 10,000,000 pages; the layout commands handle at most 10,000,000",
                                 code: ExitStatus.usage)
        }
        switch entry.result {
        case .success(let page): sizes.append(page.size)
        case .failure(let error):
            throw CommandFailure("\(doc.path): \(error.message); a layout needs the size of every page", code: ExitStatus.malformed)
        }
    }
    return sizes
}
