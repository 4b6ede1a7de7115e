// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoRecords

// What a walk of the page tree says about the document as a whole: its warnings, whether an
// empty walk means damage, and the file record's outcome.
extension PopplerDocument {
    /// The warnings of the document as a whole, once `walk` (a finished walk) has seen the tree.
    package func documentWarnings(after walk: WalkSummary) -> [ReadWarning] {
        documentWarnings(after: walk, facts: facts)
    }

    private func documentWarnings(after walk: WalkSummary, facts f: DocumentFacts) -> [ReadWarning] {
        var warnings: [ReadWarning] = []
        if f.pagesWrittenInPlace {
            warnings.append(ReadWarning(.pagesDirect, "the catalog's /Pages is a dictionary written in place, not an indirect reference (ISO 32000-2, 7.7.2); "
                                        + "read all the same, but Poppler's own page tree, which its renderer and pdfinfo use, loads no page through it"))
        }
        if f.destinationNamesDamaged {
            warnings.append(ReadWarning(.destinationNamesDamaged, "the /Names /Dests tree could be read only in part (a loop, too deep, too many nodes or bad entries); destinations it loses are unresolved"))
        }
        if f.xrefReconstructed {
            warnings.append(ReadWarning(.xrefRepaired, "the cross-reference table is damaged; Poppler rebuilt it"))
        }
        if f.objectsFromStreams > 0 || f.rootFromXRefStream {
            let objects = "\(f.objectsFromStreams) object\(f.objectsFromStreams == 1 ? "" : "s") kept in object streams"
            warnings.append(ReadWarning(.objectStreamsRead, "the rebuilt table lacked \(objects)\(f.rootFromXRefStream ? " and the catalog" : ""); read from the streams\(f.rootFromXRefStream ? " (/Root from the last cross-reference stream)" : "")"))
        }
        if f.objectsReplacedFromStreams > 0 {
            let n = f.objectsReplacedFromStreams
            warnings.append(ReadWarning(.objectStreamsRead, "the rebuilt table held an earlier revision of \(n) object\(n == 1 ? "" : "s") that an object stream written after \(n == 1 ? "it" : "them") holds again; the later cop\(n == 1 ? "y" : "ies") read"))
        }
        if f.objectStreamsRelocated > 0 {
            let streams = f.objectStreamsRelocated == 1 ? "1 object stream's own entry is" : "\(f.objectStreamsRelocated) object streams' own entries are"
            warnings.append(ReadWarning(.objectStreamsRead, "the cross-reference data is damaged: \(streams) not a top-level object (free, or compressed: in its own stream, or in a loop of object streams); found by a scan of the file, and the objects read from \(f.objectStreamsRelocated == 1 ? "it" : "them")"))
        }
        let found = "\(walk.positions) page\(walk.positions == 1 ? "" : "s")"
        switch f.countProblem {
        case .missing:
            warnings.append(ReadWarning(.countMissing, "the root /Pages node has no /Count; the walk found \(found)"))
        case .notInteger(let type):
            warnings.append(ReadWarning(.countInvalid, "the root /Pages node's /Count is \(PageCursor.withArticle(type == "real" ? "real number" : type)), not an integer; ignored"))
        case .outOfRange:
            warnings.append(ReadWarning(.countOutOfRange, "the root /Pages node's /Count is a whole number too large for a 64-bit integer; ignored"))
        case .negative:
            warnings.append(ReadWarning(.countNegative, "the root /Pages node's /Count is \(f.countClaimed ?? 0), a negative number; the walk found \(found)"))
        case nil:
            // When the walk stopped at its limit, the tree holds more than it found: no comparison.
            if let claimed = f.countClaimed, walk.finished, !walk.limitReached, claimed != walk.positions {
                warnings.append(ReadWarning(.countMismatch, "the page tree's /Count is \(claimed) but the tree holds \(found)"))
            }
        }
        if let m = walk.nodeCountMismatch {
            // As count-mismatch says it for the root, naming the first node and what it holds.
            let node = m.object > 0 ? "Pages node \(m.object)" : "a Pages node written in place"
            let first = "the /Count of \(node) is \(m.claimed) but the node holds \(m.found) page\(m.found == 1 ? "" : "s")"
            warnings.append(ReadWarning(.nodeCountMismatch, m.nodes == 1 ? first + " (below the root)"
                                        : "\(m.nodes) Pages nodes below the root have a /Count that differs from the pages under them; the first: \(first)"))
        }
        if walk.repeatedNodes > 0 {
            warnings.append(ReadWarning(.pageTreeLoop, "\(walk.repeatedNodes) kid\(walk.repeatedNodes == 1 ? " refers" : "s refer") to a Pages node that is \(walk.repeatedNodes == 1 ? "its" : "their") own ancestor (a loop); skipped"))
        }
        if walk.limitReached {
            let walked = walk.treePositions
            warnings.append(ReadWarning(.pageTreeLimit, "the page tree lists the same subtrees again so often that the walk stopped after \(walked) page\(walked == 1 ? "" : "s") (at most \(Self.repeatStepsPerObject) kids per cross-reference entry are read inside repeated subtrees); what it did not reach is reported only where the object scan finds it"))
        }
        if walk.tooDeep > 0 {
            warnings.append(ReadWarning(.pageTreeTooDeep, "\(walk.tooDeep) Pages node\(walk.tooDeep == 1 ? " lies" : "s lie") deeper than 256 levels; skipped"))
        }
        // A root without /Kids gives the walk no tree (it goes straight to the object scan, which
        // counts no node): the walk's count is of the nodes below a root that has /Kids.
        if f.pageTreeRoot == .noKids {
            warnings.append(ReadWarning(.kidsInvalid, "the root /Pages node has no /Kids array"))
        } else if walk.invalidKids > 0 {
            warnings.append(ReadWarning(.kidsInvalid, "\(walk.invalidKids) Pages node\(walk.invalidKids == 1 ? " has" : "s have") no /Kids array"))
        }
        if walk.recovered > 0 {
            warnings.append(ReadWarning(.pagesRecovered, "pages recovered by object scan: the page tree is missing or broken (\(walk.recovered) page\(walk.recovered == 1 ? "" : "s") found outside it)"))
        }
        if f.labelsDamaged {
            warnings.append(ReadWarning(.labelsUnreadable, "/PageLabels is damaged (bad entries, a loop, nested too deep, or not a dictionary); some labels may be missing"))
        }
        if f.popplerDiagnostics > 0 {
            // The count depends on which objects were fetched in which order, so it is not printed:
            // the same file gives the same record whichever command reads it.
            warnings.append(ReadWarning(.popplerDiagnostic, "Poppler reported syntax errors while reading the file (it repairs what it can; details are not printed)"))
        }
        return warnings
    }

    /// How reading the document ended, once `walk` (a finished walk) has seen the whole tree:
    /// `ok`, `partial` (page errors, pages recovered by the object scan, or a walk stopped at its
    /// limit for repeated subtrees) or `failed` (no page
    /// at all in a damaged file), with the document's warnings. `seconds` is left `nil`.
    public func outcome(after walk: WalkSummary) -> DocumentOutcome {
        let f = facts  // one read of the catalog for the whole record
        var outcome = DocumentOutcome(status: walk.pageErrors + walk.recovered > 0 || walk.limitReached ? .partial : .ok,
                                      pageCount: walk.positions, pageErrors: walk.pageErrors,
                                      countClaimed: f.countClaimed, warnings: documentWarnings(after: walk, facts: f),
                                      bytes: fileSize)
        if let reason = emptyReason(after: walk, facts: f) {
            outcome.status = .failed
            let error = PageInfoError.noPageFound(path: path, reason: reason)
            outcome.error = DocumentOutcome.Failure(code: error.code, message: error.description)
        }
        return outcome
    }

    /// Why a damaged document has no page to read (``PageInfoError/noPageFound(path:reason:)``:
    /// the words `pages` and `info` use for its record and their stderr line, status `failed`,
    /// 65), or `nil` when it has a page or is a valid, empty document (see
    /// ``emptyReason(after:)``). The commands that read one document refuse such a file with it
    /// rather than print an empty layout with exit 0. Walks to the first page only, unless there
    /// is none.
    package func noPageFound() -> PageInfoError? {
        guard !hasPage() else { return nil }
        return emptyReason(after: walkSummary()).map { PageInfoError.noPageFound(path: path, reason: $0) }
    }

    /// Why a document whose walk found no position at all is damaged, or `nil` when it is an
    /// empty document: a valid, empty page tree whose root claims `/Count 0`. A tree that is
    /// damaged (a root or a node without /Kids, a loop, a node too deep, subtrees listed again
    /// past the walk's limit), a /Count other than 0
    /// or none usable, or a rebuilt cross-reference table make an empty walk damage, whatever
    /// /Count claims: the scan that such a tree starts reads only the objects the table lists.
    package func emptyReason(after walk: WalkSummary) -> String? {
        emptyReason(after: walk, facts: facts)
    }

    private func emptyReason(after walk: WalkSummary, facts f: DocumentFacts) -> String? {
        guard walk.positions == 0 else { return nil }
        switch f.pageTreeRoot {
        case .missing: return "the catalog or its /Pages entry is missing"
        case .notDictionary: return "the catalog's /Pages entry is not a dictionary"
        case .otherType: return "the catalog's /Pages entry is a dictionary of another /Type, not a page tree"
        case .noKids: return "the root /Pages node has no /Kids array"
        default: break
        }
        if walk.repeatedNodes + walk.tooDeep + walk.invalidKids > 0 { return "the page tree is broken and yields no page" }
        if walk.limitReached { return "the page tree lists the same subtrees again past the reader's limit and yields no page" }
        guard let claimed = f.countClaimed else { return "the page tree holds no page and its root has no usable /Count" }
        if claimed != 0 { return "the page tree holds no page but its /Count is \(claimed)" }
        if f.xrefReconstructed { return "the cross-reference table was rebuilt and the page tree holds no page" }
        return nil
    }
}
