// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoPoppler
import PageInfoRecords

/// The geometry of the pages destinations target, for their page-space points and view states.
///
/// Links mostly point near the page that holds them or back to a few pages (a table of
/// contents), so the pages read are kept (at most ``keptLimit``, then forgotten at once); a page
/// whose link points a little ahead waits for the document's walk to read the target
/// (``awaits(_:after:)``); a target further ahead is read by a second cursor that only moves forward; a target behind it that is
/// no longer kept opens a new cursor there. A file whose links jump at random could make that
/// quadratic, so the positions the target cursors walk are bounded by ``budget``; past it, a
/// target not kept is not read (its points and view state are `null`), and the page says so
/// with `destination-targets-unread`.
struct TargetPages {
    let document: PopplerDocument
    private var kept: [Int: PageInfo] = [:]
    private var cursor: PageCursor?
    /// The index the cursor reads next.
    private var next = 0
    /// Positions the target cursors may still walk (skipped or read).
    private var budget: Int

    /// Pages kept at most (4,096 page geometries: about 1 MB).
    static let keptLimit = 4096

    /// Targets of `document`'s destinations. The cursors may walk 1,000,000 positions, and eight
    /// more for each page the document's walk reads (``read(_:_:)``).
    init(document: PopplerDocument) {
        self.document = document
        budget = 1_000_000
    }

    /// How far ahead of its page a link's target may be for the page to wait for the walk to
    /// read it (``awaits(_:after:)``), and the most annotations the waiting pages may hold.
    static let lookahead = 64
    static let waitingLimit = 10_000

    /// Whether `entry` should wait for the walk, which has read up to `read`: one of its
    /// destinations targets a page after `read` and at most ``lookahead`` after its own, which
    /// the walk reads soon (a link to the next page), so that no second cursor reads it.
    func awaits(_ entry: PageEntry, after read: Int) -> Bool {
        entry.annotations?.annotations.contains { a in
            guard let target = a.destination?.pageIndex else { return false }
            return target > read && target <= entry.index + Self.lookahead
        } ?? false
    }

    /// Keeps page `index`'s geometry, read by the document's walk.
    mutating func read(_ index: Int, _ page: PageInfo) {
        budget += 8
        keep(index, page)
    }

    private mutating func keep(_ index: Int, _ page: PageInfo) {
        if kept.count >= Self.keptLimit { kept.removeAll(keepingCapacity: true) }
        kept[index] = page
    }

    /// The target pages of `destinations` (a page's links, the outline's entries); `unread` is
    /// true when the budget left one of them unread.
    mutating func targets(of destinations: some Sequence<LinkDestination?>) -> (pages: [Int: PageInfo], unread: Bool) {
        var pages: [Int: PageInfo] = [:], unread = false
        for d in destinations {
            guard let index = d?.pageIndex, index >= 0, pages[index] == nil else { continue }
            if let page = page(index) { pages[index] = page } else if budget <= 0 { unread = true }
        }
        return (pages, unread)
    }

    /// Page `index`'s geometry, or `nil` when it is a page error, past the end, or over budget.
    private mutating func page(_ index: Int) -> PageInfo? {
        if let page = kept[index] { return page }
        if cursor == nil || index < next {
            // Opening at an index walks the positions before it (no geometry).
            guard budget > index else { budget = 0; return nil }
            budget -= index
            cursor = document.makePageCursor(from: index)
            next = index
        }
        if index - next > Self.lookahead {
            // Far ahead: moved past the positions between (targets in order, an outline's, cost
            // the document once), not read.
            while next < index, budget > 0, cursor?.skip() == true {
                budget -= 1
                next += 1
            }
        }
        while next <= index, budget > 0, let entry = cursor?.next() {
            budget -= 1
            next += 1
            if let page = entry.page { keep(entry.index, page) }
        }
        return kept[index]
    }
}
