import PageGeometry
import PageInfoPoppler

/// Every page's displayed size (``PageInfo/size``), read one page at a time, for the layout
/// commands. A document of more than ``InputLimits/pageCount`` pages is a usage error (exit 64)
/// before anything large is allocated: the reservation never trusts the page count beyond it.
func readPageSizes(_ doc: PopplerDocument) throws -> [Size] {
    guard doc.pageCount <= InputLimits.pageCount else {
        throw CommandFailure("\(doc.path): \(doc.pageCount) pages; the layout commands handle at most 10,000,000",
                             code: ExitStatus.usage)
    }
    var sizes: [Size] = []
    // The count is the document's claim: reserve for at most 65,536 and let the array grow.
    sizes.reserveCapacity(Swift.min(doc.pageCount, 1 << 16))
    do {
        try doc.forEachPage { (page: PageInfo) throws(Never) in sizes.append(page.size) }
    } catch {
        switch error {
        case .read(let e): throw CommandFailure(e)
        }
    }
    return sizes
}
