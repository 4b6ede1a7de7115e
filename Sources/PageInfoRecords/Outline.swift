// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// One item of the document outline (the bookmarks, ISO 32000-2 §12.3.3), as read. Where it goes
/// is a destination in the target page's **raw** PDF space (points), as a link's is.
/// What could not be read is `nil` (never guessed) and says why in ``warnings``.
public struct OutlineEntry: Hashable, Sendable {
    /// The 0-based position in pre-order: an item, then its children, then its next sibling.
    public var index: Int
    /// The depth: 0 for a top-level item (a child of the outline dictionary), 1 for its children, and so on.
    public var level: Int
    /// /Title as UTF-8 (clipped to 4,000 bytes), `nil` when absent or not a string.
    public var title: String?
    /// /Count as written, when it is an integer: for an item with children, the number of its
    /// descendants shown (open), or minus the number shown once it is opened (closed). Never
    /// used to count or allocate anything (``ReadWarning/Code/outlineCountMismatch`` compares it).
    public var count: Int?
    /// The item's object number, `nil` when written in place.
    public var object: Int?
    /// /A, the action, when it has one.
    public var action: AnnotationAction?
    /// /Dest, or a GoTo / GoToR action's /D, named destinations resolved.
    public var destination: LinkDestination?
    /// What was repaired or ignored in this item.
    public var warnings: [ReadWarning]

    /// An item at pre-order position `index` and depth `level`; every other field optional.
    public init(index: Int, level: Int, title: String? = nil, count: Int? = nil, object: Int? = nil,
                action: AnnotationAction? = nil, destination: LinkDestination? = nil, warnings: [ReadWarning] = []) {
        self.index = index
        self.level = level
        self.title = title
        self.count = count
        self.object = object
        self.action = action
        self.destination = destination
        self.warnings = warnings
    }

    /// Whether the item is open, its children shown: /Count as written is positive (§12.3.3; a
    /// negative, zero or absent /Count is closed). An item without children whose /Count is
    /// positive is so reported open, with `outline-count-mismatch`.
    public var isOpen: Bool { (count ?? 0) > 0 }
}

/// A document's outline: its items in pre-order, and what was wrong with it as a whole.
public struct DocumentOutline: Hashable, Sendable {
    /// The items read, in pre-order (empty when the document has no outline).
    public var entries: [OutlineEntry]
    /// Outline-level problems: /Outlines not a dictionary or looping to itself, more items than
    /// the reader's limit, target pages not read.
    public var warnings: [ReadWarning]
    /// The geometry of the pages the entries' destinations target (in this document), by
    /// 0-based index; a target page that could not be read is absent.
    public var targets: [Int: PageInfo]

    /// An outline of `entries` with outline-level `warnings` and the geometry of the pages its
    /// destinations target.
    public init(entries: [OutlineEntry] = [], warnings: [ReadWarning] = [], targets: [Int: PageInfo] = [:]) {
        self.entries = entries
        self.warnings = warnings
        self.targets = targets
    }

    /// The warnings an entry's subtree was cut by: what it lost is unknown, so neither it nor
    /// its ancestors have their /Count compared.
    static let cuttingCodes: Set<ReadWarning.Code> = [.outlineInvalid, .outlineLoop, .outlineTooDeep]

    /// For each entry, the number of its descendants shown when it is open (its children, and
    /// theirs below each open child: §12.3.3's /Count of an open item), and whether it has
    /// children; `incomplete` when its subtree was cut (a loop, the depth limit, an item that is
    /// not a dictionary, or, with `clipped`, the items the reader's limit left unread).
    /// Computed from the levels and open flags alone, in one pass back to front.
    package func visibleDescendants(clipped: Bool) -> [(visible: Int, hasChildren: Bool, incomplete: Bool)] {
        let n = entries.count
        var parent = [Int](repeating: -1, count: n)
        var open: [Int] = []   // the entries whose subtree the next entry may belong to
        for (i, e) in entries.enumerated() {
            while let last = open.last, entries[last].level >= e.level { open.removeLast() }
            parent[i] = open.last ?? -1
            open.append(i)
        }
        var result = entries.map { e in (visible: 0, hasChildren: false, incomplete: e.warnings.contains { Self.cuttingCodes.contains($0.code) }) }
        if clipped, n > 0 { result[n - 1].incomplete = true }
        for i in stride(from: n - 1, through: 0, by: -1) where parent[i] >= 0 {
            let p = parent[i]
            result[p].hasChildren = true
            result[p].visible += 1 + (entries[i].isOpen ? result[i].visible : 0)
            if result[i].incomplete { result[p].incomplete = true }
        }
        return result
    }

    /// Adds `outline-count-mismatch` to each entry whose /Count does not match its children:
    /// an item with children whose |/Count| is not the number of descendants shown when it is
    /// open, or that has no /Count (ISO 32000-2 Table 151 requires one), and an item without
    /// children whose /Count is not 0. Entries whose subtree was cut are not compared (see
    /// ``visibleDescendants(clipped:)``).
    package mutating func warnCountMismatches(clipped: Bool) {
        for (i, d) in visibleDescendants(clipped: clipped).enumerated() where !d.incomplete {
            let e = entries[i]
            let who = "outline entry \(i + 1)" + (e.object.map { " (object \($0))" } ?? "")
            let shown = "\(d.visible) descendant\(d.visible == 1 ? " is" : "s are") shown when it is open"
            if d.hasChildren, let count = e.count, count.magnitude != UInt(d.visible) {
                entries[i].warnings.append(ReadWarning(.outlineCountMismatch, "\(who) has a /Count of \(count), but \(shown)"))
            } else if d.hasChildren, e.count == nil {
                entries[i].warnings.append(ReadWarning(.outlineCountMismatch, "\(who) has children but no integer /Count (read as closed); \(shown)"))
            } else if !d.hasChildren, let count = e.count, count != 0 {
                entries[i].warnings.append(ReadWarning(.outlineCountMismatch, "\(who) has a /Count of \(count), but no children"))
            }
        }
    }
}
