// SPDX-License-Identifier: GPL-2.0-or-later

internal import CPageInfoPoppler
import PageGeometry
import PageInfoRecords

/// A walk over a document's page tree, one position at a time, in document order.
///
/// Open one with ``PopplerDocument/makePageCursor(from:)``. The cursor walks the tree itself
/// (it never trusts /Count and never builds Poppler `Page` objects), so reading from page 50,000
/// costs what reading from page 1 does, and memory stays flat in the page count. Every position
/// the tree lists is returned, in order: a page with its geometry, or a `PageReadError` (PageGeometry) saying
/// why there is none, so the pages after a bad kid keep their real indexes.
///
/// Not thread-safe: use a cursor from the thread that uses its document.
public final class PageCursor {
    private let document: PopplerDocument
    let handle: OpaquePointer

    init(document: PopplerDocument, firstIndex: Int, withGeometry: Bool = true) {
        self.document = document
        self.handle = pi_page_cursor_open(document.handle, Int32(clamping: firstIndex), withGeometry)
    }

    deinit { pi_page_cursor_close(handle) }

    /// The next position of the page tree, or `nil` after the last one.
    public func next() -> PageEntry? {
        var p = pi_page()
        guard pi_page_cursor_next(handle, &p) else { return nil }
        let index = Int(p.index)
        let label: String? = p.label.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: p.label_length), as: UTF8.self) }
        if p.error != PI_PAGE_OK {
            let object = p.object_number > 0 ? "object \(p.object_number)" : "a direct object"
            let error: PageReadError = switch p.error {
            case PI_PAGE_KID_MISSING:
                PageReadError(.kidMissing, "page \(index + 1): the page tree lists \(object), which does not exist or is null")
            case PI_PAGE_KID_NOT_PAGE:
                PageReadError(.kidNotPage, "page \(index + 1): the page tree lists \(object), a dictionary whose /Type is not /Page")
            default:
                PageReadError(.kidNotDictionary, "page \(index + 1): the page tree lists \(object), which is \(p.error_type.map { Self.withArticle(String(cString: $0)) } ?? "not a dictionary"), not a page")
            }
            return PageEntry(index: index, label: label, result: .failure(error))
        }
        return Self.entry(p, index: index, label: label)
    }

    /// Moves past one position without building its entry; false at the end.
    package func skip() -> Bool {
        var p = pi_page()
        return pi_page_cursor_next(handle, &p)
    }

    /// "a name", "an integer": a type name with its article, for messages.
    static func withArticle(_ noun: String) -> String {
        ("aeiou".contains(noun.first ?? "x") ? "an " : "a ") + noun
    }

    /// What the walk has seen so far; complete once ``next()`` returned `nil`.
    public var summary: WalkSummary {
        var s = pi_walk_summary()
        pi_page_cursor_summary(handle, &s)
        return WalkSummary(positions: Int(s.positions), pageErrors: Int(s.page_errors),
                           repeatedNodes: Int(s.repeated_nodes), repeatedPages: Int(s.repeated_pages), tooDeep: Int(s.too_deep),
                           invalidKids: Int(s.bad_kids_arrays), recovered: Int(s.recovered), finished: s.finished,
                           reenteredNodes: Int(s.reentered_nodes), limitReached: s.limit_reached,
                           nodeCountMismatch: s.node_count_mismatches == 0 ? nil
                               : NodeCountMismatch(nodes: Int(s.node_count_mismatches), object: Int(s.node_count_first_object),
                                                   claimed: Int64(s.node_count_first_claimed), found: Int(s.node_count_first_found)))
    }

    // MARK: - One page

    /// The warnings of the box-entry bits in `bits` (groups of five: invalid, reversed, zero,
    /// each shifted by the box's position; the box bits come in PageBox order, media, crop,
    /// bleed, trim, art), for the first `boxes.count` boxes; `naming` words the entry's name.
    private static func boxEntryWarnings(_ bits: UInt32, boxes: [PageBox], naming: (String) -> String, into warnings: inout [ReadWarning]) {
        for (i, box) in boxes.enumerated() {
            let name = naming(box.rawValue)
            if bits & (UInt32(PI_FLAG_MEDIA_INVALID.rawValue) << i) != 0 {
                warnings.append(ReadWarning(.boxInvalid, "\(name) is not an array of four finite numbers within ±1e9; ignored"))
            }
            if bits & (UInt32(PI_FLAG_MEDIA_REVERSED.rawValue) << i) != 0 {
                warnings.append(ReadWarning(.boxReversed, "\(name) is written with reversed corners; normalized"))
            }
            if bits & (UInt32(PI_FLAG_MEDIA_ZERO.rawValue) << i) != 0 {
                warnings.append(ReadWarning(.boxEmpty, "\(name) is [0 0 0 0]; ignored"))
            }
        }
    }

    /// Builds the page from the raw entries (clipping them as ISO 32000-2 §14.11.2 says) and
    /// says what was repaired.
    private static func entry(_ p: pi_page, index: Int, label: String?) -> PageEntry {
        let g = p.geometry
        func rect(_ r: pi_rect) -> Rect { Rect(x: r.x0, y: r.y0, width: r.x1 - r.x0, height: r.y1 - r.y0) }
        func raw(_ e: pi_box_entry) -> Rect? { e.present ? rect(e.rect) : nil }
        // Raw entries in the order crop, bleed, trim, art (no allocation per page).
        let rawBoxes = (raw(g.crop), raw(g.bleed), raw(g.trim), raw(g.art))
        let boxes = PageBoxes.effective(mediaBox: rect(g.media), cropBox: rawBoxes.0, bleedBox: rawBoxes.1,
                                        trimBox: rawBoxes.2, artBox: rawBoxes.3)
        let rawRotation = Int(g.rotate_raw)
        let page = PageInfo(index: index, label: label, boxes: boxes, rotation: PageRotation(normalizing: rawRotation),
                            rawRotation: rawRotation, userUnit: g.user_unit)

        var warnings: [ReadWarning] = []
        let inherited = p.inherited_flags
        if inherited != 0 {
            // An entry the page inherits, as its nearest ancestor Pages node that has it wrote it.
            boxEntryWarnings(inherited, boxes: [.media, .crop], naming: { "\($0), inherited from a Pages node," }, into: &warnings)
            if inherited & UInt32(PI_FLAG_ROTATE_NOT_INT.rawValue) != 0 {
                warnings.append(ReadWarning(.rotateInvalid, "/Rotate, inherited from a Pages node, is not an integer; ignored"))
            }
        }
        let flags = p.flags
        if flags != 0 {
            boxEntryWarnings(flags, boxes: PageBox.allCases, naming: { $0 }, into: &warnings)
            if flags & UInt32(PI_FLAG_MEDIA_MISSING.rawValue) != 0 {
                warnings.append(ReadWarning(.mediaBoxMissing, "no valid MediaBox on the page or its ancestors; US Letter (0 0 612 792) is used"))
            }
            if flags & UInt32(PI_FLAG_ROTATE_NOT_INT.rawValue) != 0 {
                warnings.append(ReadWarning(.rotateInvalid, "/Rotate is not an integer; ignored"))
            }
            if flags & UInt32(PI_FLAG_USERUNIT_INVALID.rawValue) != 0 {
                warnings.append(ReadWarning(.userUnitInvalid, "/UserUnit is not a number from 1e-9 (the resolution numbers are printed at) to 1e6; 1 is used"))
            }
            if flags & UInt32(PI_FLAG_RECOVERED.rawValue) != 0 {
                warnings.append(ReadWarning(.pageRecovered, "found by scanning the file's objects (object \(p.object_number)); the page tree does not list it"))
            }
            if flags & UInt32(PI_FLAG_KID_DIRECT.rawValue) != 0 {
                warnings.append(ReadWarning(.kidDirect, "the page tree lists this page (or a node above it) as a dictionary written in place, "
                                            + "not as an indirect reference (ISO 32000-2, 7.7.3.2); Poppler's own page tree, which its renderer and pdfinfo use, stops there and cannot load it or the pages after it"))
            }
            if flags & UInt32(PI_FLAG_TEMPLATE_PAGE.rawValue) != 0 {
                warnings.append(ReadWarning(.templatePage, "the page tree lists a template page (/Type /Template, ISO 32000-2, 12.7.7: an invisible page "
                                            + "for the name dictionary's /Templates, not for /Kids); read as a page, as Poppler, MuPDF, qpdf and pdf.js read it"))
            }
            if flags & UInt32(PI_FLAG_PAGE_REPEATED.rawValue) != 0 {
                warnings.append(ReadWarning(.pageRepeated, "the page tree lists this page object again; it is also page \(p.repeat_of + 1)"))
            }
            if flags & UInt32(PI_FLAG_LABEL_CLIPPED.rawValue) != 0 {
                warnings.append(ReadWarning(.labelClipped, "the page label is longer than \(PI_MAX_LABEL_BYTES) bytes; clipped"))
            }
        }
        if rawRotation % 90 != 0 {
            warnings.append(ReadWarning(.rotateInvalid, "/Rotate \(rawRotation) is not a multiple of 90; 0 is used"))
        }
        if boxes.mediaBox.isEmpty == false, rect(g.media).isEmpty {
            warnings.append(ReadWarning(.boxEmpty, "MediaBox has no area; US Letter (0 0 612 792) is used"))
        }
        // Clipping (§14.11.2): a raw box that the effective box does not reproduce was clipped,
        // or replaced by its default when nothing of it lies inside the MediaBox.
        func checkClipping(_ box: PageBox, _ entry: Rect?) {
            let name = box.rawValue
            guard let r = entry else { return }
            // (Equal up to 1e-6 pt: reading the same number twice can differ in the last bit.)
            if boxes[box].standardized.isApproximatelyEqual(to: r.standardized, absoluteTolerance: 1e-6) { return }
            if r.intersection(boxes.mediaBox) == nil {
                let fallback = box == .crop ? "the MediaBox" : "the CropBox"
                warnings.append(ReadWarning(.boxEmpty, "\(name) does not overlap the MediaBox in any area; \(fallback) is used"))
            } else {
                warnings.append(ReadWarning(.boxClipped, "\(name) extends past the MediaBox; clipped to it"))
            }
        }
        checkClipping(.crop, rawBoxes.0)
        checkClipping(.bleed, rawBoxes.1)
        checkClipping(.trim, rawBoxes.2)
        checkClipping(.art, rawBoxes.3)
        return PageEntry(index: index, label: label, result: .success(page), warnings: warnings)
    }

}

/// What a page-tree walk has seen.
public struct WalkSummary: Hashable, Sendable {
    /// Positions reached: pages plus page errors (the page count, once the walk finished).
    public var positions: Int
    /// Positions that are page errors.
    public var pageErrors: Int
    /// Kids that refer to a Pages node that is their own ancestor (a loop), skipped.
    public var repeatedNodes: Int
    /// Kids that refer to a Pages node entered before through another parent (no loop): the
    /// subtree is read again, and its pages carry `page-repeated`.
    public var reenteredNodes: Int
    /// The walk stopped because repeated subtrees list more kids than
    /// `PopplerDocument.repeatStepsPerObject` times the file's objects: pages are missing.
    public var limitReached: Bool
    /// Kids that refer to a page object listed earlier; reported again, with a warning.
    public var repeatedPages: Int
    /// Pages nodes skipped because they lie deeper than the walk's limit (256 levels); the object
    /// scan then finds their pages.
    public var tooDeep: Int
    /// Pages nodes whose /Kids is not an array (they contribute no page).
    public var invalidKids: Int
    /// Pages found by scanning the file's objects after the tree (its root or part of it is broken).
    public var recovered: Int
    /// Positions the page tree itself gave: ``positions`` without the ``recovered`` pages that
    /// follow them.
    public var treePositions: Int { positions - recovered }
    /// Whether the walk reached the end of the tree.
    public var finished: Bool
    /// Pages nodes below the root whose /Count differs from the positions the walk found under
    /// them, or `nil` when none does (see ``NodeCountMismatch``).
    public var nodeCountMismatch: NodeCountMismatch?

    /// A summary from its counts (all 0 and not finished by default); the cursor builds it as it walks.
    public init(positions: Int = 0, pageErrors: Int = 0, repeatedNodes: Int = 0, repeatedPages: Int = 0, tooDeep: Int = 0,
                invalidKids: Int = 0, recovered: Int = 0, finished: Bool = false, reenteredNodes: Int = 0,
                limitReached: Bool = false, nodeCountMismatch: NodeCountMismatch? = nil) {
        self.nodeCountMismatch = nodeCountMismatch
        self.recovered = recovered
        self.reenteredNodes = reenteredNodes; self.limitReached = limitReached
        self.positions = positions; self.pageErrors = pageErrors; self.repeatedNodes = repeatedNodes
        self.repeatedPages = repeatedPages
        self.tooDeep = tooDeep; self.invalidKids = invalidKids; self.finished = finished
    }
}

/// Pages nodes below the root whose /Count (ISO 32000-2 7.7.3.2: the number of pages under the
/// node) differs from the positions the walk found under them, and the first of them in walk
/// order. A node is compared once, after the walk has read its whole subtree for the first time;
/// a node with a kid deeper than the walk's limit, one inside a subtree read again, or one the
/// walk did not finish when it stopped at its limit is not compared, nor is a /Count that is
/// missing, not an integer, or an indirect reference.
public struct NodeCountMismatch: Hashable, Sendable {
    /// How many Pages nodes below the root have such a /Count.
    public var nodes: Int
    /// The first one's object number, or 0 when it is a dictionary written in place.
    public var object: Int
    /// The first one's /Count.
    public var claimed: Int64
    /// The positions (pages and page errors) the walk found under the first one.
    public var found: Int

    /// A mismatch of `nodes` nodes, the first being `object` with /Count `claimed` over `found` positions.
    public init(nodes: Int, object: Int, claimed: Int64, found: Int) {
        self.nodes = nodes; self.object = object; self.claimed = claimed; self.found = found
    }
}
