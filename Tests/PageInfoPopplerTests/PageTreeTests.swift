// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoPoppler
import PageInfoRecords
import PageInfoTestSupport
import Testing

/// The page-tree walk on the damaged fixtures (scripts/make_damaged_fixtures.py):
/// the walk's own counts and the document facts, with values from how each file was built.
@Suite("Page tree: repeated subtrees, loops, /Count, inheritance at any depth")
struct PageTreeTests {
    static func open(_ name: String) throws -> PopplerDocument {
        try PopplerDocument(path: Paths.fixture("damaged/\(name).pdf"))
    }

    static func walk(_ document: PopplerDocument) -> (entries: [PageEntry], summary: WalkSummary) {
        let cursor = document.makePageCursor()
        var entries: [PageEntry] = []
        while let entry = cursor.next() { entries.append(entry) }
        return (entries, cursor.summary)
    }

    @Test("a Pages node two parents list is read again: 2 × 3 = 6 pages, not a loop")
    func subtreeListedTwice() throws {
        let document = try Self.open("subtree-listed-twice")
        let (entries, summary) = Self.walk(document)
        #expect(summary.positions == 6 && summary.finished)
        #expect(summary.reenteredNodes == 1, "node 3 is listed a second time by the root")
        #expect(summary.repeatedNodes == 0, "no node is its own ancestor")
        #expect(summary.repeatedPages == 5, "object 4 six times: five repeats")
        #expect(!summary.limitReached)
        for entry in entries.dropFirst() {
            let repeated = entry.warnings.filter { $0.code == .pageRepeated }
            #expect(repeated.count == 1 && repeated[0].message.hasSuffix("it is also page 1"), "page \(entry.index + 1): \(entry.warnings)")
        }
        #expect(entries.first?.warnings == [])
        #expect(document.documentWarnings(after: summary).isEmpty, "/Count 6 is right, and there is no loop")
        #expect(document.outcome(after: summary).status == .ok)
    }

    @Test("only a node that is its own ancestor is a loop")
    func loop() throws {
        let document = try Self.open("kids-loop")
        let (_, summary) = Self.walk(document)
        // Node 5 lists 2 (its parent) and 5 (itself): both are on the path from the root.
        #expect(summary.repeatedNodes == 2 && summary.reenteredNodes == 0 && summary.positions == 3)
        #expect(document.documentWarnings(after: summary).map(\.code) == [.pageTreeLoop])
    }

    /// 40 nodes each listing the next twice, the last listing the page twice: 2^41 pages. The
    /// cross-reference table has 50 entries (objects 0…49), so 500 kids may be visited inside
    /// repeated subtrees. Re-entering a subtree of height h costs 2^(h+1) − 2 kids for 2^h pages:
    /// the first visit gives 2 pages; re-entries of heights 1…7 cost 2+6+14+30+62+126+254 = 494
    /// kids for 2+4+…+128 = 254 pages (256 so far); the 6 kids left go to entering nodes 34…39
    /// again inside the re-entry of height 8, before its first page: 256 pages.
    @Test("exponential fan-out stops at the documented limit, linear in the file")
    func fanOut() throws {
        let document = try Self.open("subtree-fanout")
        let (entries, summary) = Self.walk(document)
        #expect(summary.limitReached && summary.finished)
        #expect(summary.positions == 256 && entries.count == 256)
        #expect(PopplerDocument.repeatStepsPerObject == 10)
        let outcome = document.outcome(after: summary)
        #expect(outcome.status == .partial)
        #expect(outcome.countClaimed == 1 << 41)
        // The /Count is right (2^41): the walk stopped, so no count-mismatch claims otherwise.
        #expect(outcome.warnings.map(\.code) == [.pageTreeLimit])
    }

    @Test("/Count: each problem its own warning, read as the file writes it", arguments: [
        ("count-missing", ReadWarning.Code.countMissing, Int?.none),
        ("count-name", .countInvalid, nil),
        ("count-real", .countInvalid, nil),
        ("count-out-of-range", .countOutOfRange, nil),
        ("count-negative", .countNegative, -5),
        ("count-int64", .countMismatch, 8_589_934_592),
        ("count-huge", .countMismatch, 1_000_000_000),
    ])
    func count(name: String, code: ReadWarning.Code, claimed: Int?) throws {
        let document = try Self.open(name)
        let (_, summary) = Self.walk(document)
        #expect(summary.positions == 2)
        #expect(document.facts.countClaimed == claimed)
        let warnings = document.documentWarnings(after: summary)
        #expect(warnings.map(\.code) == [code], "\(warnings)")
        #expect(document.outcome(after: summary).status == .ok)
    }

    @Test("a /Count that is not an integer says what it is")
    func countTypes() throws {
        #expect(try Self.open("count-name").facts.countProblem == .notInteger(type: "name"))
        #expect(try Self.open("count-real").facts.countProblem == .notInteger(type: "real"))
        #expect(try Self.open("count-out-of-range").facts.countProblem == .outOfRange)
        #expect(try Self.open("count-missing").facts.countProblem == .missing)
        #expect(try Self.open("count-zero").facts.countProblem == nil)
    }

    @Test("a page 300 levels deep inherits MediaBox and /Rotate from the root")
    func inheritDeep() throws {
        let document = try Self.open("inherit-deep")
        let (entries, summary) = Self.walk(document)
        try #require(entries.count == 1)
        let page = try #require(entries[0].page)
        // The root: MediaBox [0 0 100 200], /Rotate 90; the page has neither (pdfinfo: 100 x 200, rot 90).
        #expect(page.boxes.mediaBox == Rect(x: 0, y: 0, width: 100, height: 200))
        #expect(page.rotation == .degrees90 && page.rawRotation == 90)
        #expect(!entries[0].warnings.contains { $0.code == .mediaBoxMissing })
        #expect(summary.tooDeep == 1 && summary.recovered == 1)
    }

    // Reader items: object streams, cross-reference recovery (scripts/make_damaged_fixtures.py).

    /// Root /Kids [3 0 R 2 0 R] /Count 1: the loop stands where node 5 was; /Count agrees with
    /// the one page the tree gives, and the scan (which only an empty walk started before) finds
    /// page 6 under node 5, with node 5's /Rotate 90.
    @Test("a loop starts the object scan though the tree yields pages and /Count agrees")
    func loopScansWhateverCountSays() throws {
        let document = try Self.open("kids-loop-count-agrees")
        let (entries, summary) = Self.walk(document)
        #expect(summary.repeatedNodes == 1 && summary.recovered == 1 && summary.positions == 2)
        #expect(entries.last?.warnings.map(\.code) == [.pageRecovered])
        #expect(entries.last?.page?.rotation == .degrees90)
        #expect(document.outcome(after: summary).status == .partial)
    }

    /// /Size 5; page object 10 follows in the file, in no /Kids: outside the table, not recovered.
    @Test("a page object past the table's /Size is not recovered (nor found by pdfinfo, pdfium or MuPDF)")
    func pagePastSize() throws {
        let document = try Self.open("page-past-size")
        let (_, summary) = Self.walk(document)
        #expect(summary.positions == 1 && summary.recovered == 0)
        #expect(document.outcome(after: summary).warnings.map(\.code) == [.countMismatch])
    }

    /// Node 5 (/Count 2) holds 1 page, node 6 (/Count 1) holds 2; the root's /Count 3 is right.
    @Test("a /Count below the root that differs from the pages under it: node-count-mismatch names the first node")
    func nodeCount() throws {
        let document = try Self.open("node-count-wrong")
        let (_, summary) = Self.walk(document)
        #expect(summary.nodeCountMismatch == NodeCountMismatch(nodes: 2, object: 5, claimed: 2, found: 1))
        let outcome = document.outcome(after: summary)
        #expect(outcome.status == .ok && outcome.warnings.map(\.code) == [.nodeCountMismatch])
        #expect(outcome.warnings.first?.message == "2 Pages nodes below the root have a /Count that differs from the pages under them; "
                + "the first: the /Count of Pages node 5 is 2 but the node holds 1 page")
    }

    /// Nodes are compared once, after their whole subtree: not below a kid past the depth limit
    /// (tree-too-deep, inherit-deep, inherit-chains: each node's /Count 1 is right), not again in
    /// a subtree read again (subtree-listed-twice), not when the walk stopped before finishing
    /// them (subtree-fanout, whose /Counts are right). subtree-fanout-then-page's /Counts are all
    /// 1: the walk finishes nodes 49 (2 pages) down to 42 (256) before its limit, 8 nodes.
    @Test("node-count-mismatch only for nodes whose subtree the walk read whole", arguments: [
        ("tree-too-deep", NodeCountMismatch?.none), ("inherit-deep", nil), ("inherit-chains", nil),
        ("subtree-listed-twice", nil), ("subtree-fanout", nil), ("kids-loop", nil), ("node-direct", nil),
        ("subtree-fanout-then-page", NodeCountMismatch(nodes: 8, object: 49, claimed: 1, found: 2)),
    ])
    func nodeCountCompared(name: String, expected: NodeCountMismatch?) throws {
        let (_, summary) = Self.walk(try Self.open(name))
        #expect(summary.nodeCountMismatch == expected)
    }
}
