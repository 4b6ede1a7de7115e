// SPDX-License-Identifier: GPL-2.0-or-later

internal import CPageInfoPoppler
import PageInfoRecords

extension PopplerDocument {
    /// The document outline (bookmarks, ISO 32000-2 §12.3.3): every item in pre-order with its
    /// level, title, /Count, action and destination (in the target page's raw space, points),
    /// read by the shim's own bounded reader: iteratively, an item met again cutting the chain
    /// that leads to it (``ReadWarning/Code/outlineLoop``), at most 64 levels
    /// (``ReadWarning/Code/outlineTooDeep``) and 100,000 items
    /// (``ReadWarning/Code/outlineClipped``). Named destinations and target pages resolve as a
    /// link's do. Each /Count is compared with the item's children afterwards
    /// (``ReadWarning/Code/outlineCountMismatch``); it is never used to count or allocate.
    /// ``DocumentOutline/targets`` is left empty (``DocumentReader`` fills it).
    public func outline() -> DocumentOutline {
        var summary = pi_outline_summary()
        let list = pi_document_outline(handle, &summary)
        defer { pi_outline_list_close(list) }
        let count = pi_outline_list_count(list)
        var outline = DocumentOutline()
        outline.entries.reserveCapacity(count)
        var item = pi_outline_item()
        for i in 0..<count {
            pi_outline_list_get(list, i, &item)
            outline.entries.append(Self.outlineEntry(item, index: i))
        }
        if summary.not_dictionary {
            outline.warnings.append(ReadWarning(.outlineInvalid, "the catalog's /Outlines is not a dictionary; no outline was read"))
        }
        if summary.first_loop {
            outline.warnings.append(ReadWarning(.outlineLoop, "/Outlines' /First is the outline dictionary itself (a loop); no outline was read"))
        }
        if summary.clipped {
            outline.warnings.append(ReadWarning(.outlineClipped, "the outline has more than \(PI_MAX_OUTLINE_ITEMS) items; only the first \(PI_MAX_OUTLINE_ITEMS) (in order) were read"))
        }
        outline.warnCountMismatches(clipped: summary.clipped)
        return outline
    }

    private static let outlineProblems: [(pi_outline_problem, ReadWarning.Code, String)] = [
        (PI_OUTLINE_NOT_DICTIONARY, .outlineInvalid, "is not a dictionary; nothing of it is read, nor the items after it at its level"),
        (PI_OUTLINE_FIRST_LOOP, .outlineLoop, "has a /First that is an outline item met earlier (a loop); its children are not read"),
        (PI_OUTLINE_NEXT_LOOP, .outlineLoop, "has a /Next that is an outline item met earlier (a loop); the items after it at its level are not read"),
        (PI_OUTLINE_TOO_DEEP, .outlineTooDeep, "is \(PI_MAX_OUTLINE_DEPTH) levels deep, the deepest read, and has children; they are dropped"),
    ]

    /// The text-clipped warning in the outline's terms (its budget is the outline's, not a page's).
    private static let outlineWording: [ReadWarning.Code: String] = [
        .textClipped: "has a text entry (/Title, a URI, a name) longer than \(PI_MAX_TEXT_BYTES) bytes (clipped), or text past the outline's \(PI_MAX_OUTLINE_TEXT_BYTES / (1 << 20)) MiB (not read)",
    ]

    private static func outlineEntry(_ item: pi_outline_item, index: Int) -> OutlineEntry {
        let object = item.object_number > 0 ? Int(item.object_number) : nil
        var entry = OutlineEntry(index: index, level: Int(item.level), object: object)
        let who = "outline entry \(index + 1)" + (object.map { " (object \($0))" } ?? "")
        for (bit, code, text) in outlineProblems where item.problems & bit.rawValue != 0 {
            entry.warnings.append(ReadWarning(code, "\(who) \(text)"))
        }
        entry.warnings += PageCursor.warnings(item.link.problems, who: who, wording: outlineWording)
        guard item.problems & PI_OUTLINE_NOT_DICTIONARY.rawValue == 0 else { return entry }
        entry.title = PageCursor.text(item.title)
        entry.count = item.has_count ? Int(item.count) : nil
        entry.action = PageCursor.action(item.link)
        entry.destination = PageCursor.destination(item.link.destination)
        return entry
    }
}
