// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageGeometry
import PageInfoTestSupport
import Testing

/// `pageinfo spreads`, `layout`, `viewstate` and `thumbnails`, end to end: the built binary on
/// the fixtures.
///
/// `Fixtures/rotations.pdf`: 10 pages; displayed sizes 400×600, 600×400, 400×600, 600×400,
/// 600×400, 600×400, then four of 400×600 (rotations.golden.json).
/// `Fixtures/mixed.pdf`: 10 pages of mixed sizes, /PageLayout /TwoPageRight, /Direction /R2L.
/// `Fixtures/labels.pdf`: 13 US Letter pages.
@Suite("layout commands")
struct LayoutCommandsTests {
    static let rotations = CLI.fixture("rotations.pdf")
    static let mixed = CLI.fixture("mixed.pdf")
    static let labels = CLI.fixture("labels.pdf")

    /// Runs `pageinfo args…`, expects success and returns the parsed JSON object.
    func json(_ args: [String], stdin: String? = nil) throws -> [String: Any] {
        let r = try CLI.run(args, stdin: stdin)
        #expect(r.status == 0, "pageinfo \(args.joined(separator: " ")): \(r.stderr)")
        #expect(r.stderr.isEmpty)
        return try #require(try CLI.json(r) as? [String: Any])
    }

    func rect(_ any: Any?) throws -> Rect {
        let d = try #require(any as? [String: Any])
        let v = try ["x", "y", "width", "height"].map { try #require(d[$0] as? Double) }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// A usage error: exit 64 and exactly one line on stderr naming the problem.
    func expectUsageError(_ args: [String], mentioning text: String) throws {
        let r = try CLI.run(args)
        #expect(r.status == 64, "pageinfo \(args.joined(separator: " "))")
        #expect(r.stdout.isEmpty)
        #expect(r.stderrLines.count == 1)
        #expect(r.stderr.contains(text), "stderr: \(r.stderr)")
    }

    // MARK: - spreads

    @Test func spreadsForAPageCount() throws {
        let out = try json(["spreads", "--page-count", "5", "--mode", "book"])
        #expect(out["spreadCount"] as? Int == 3 && out["spreadMode"] as? String == "book" && out["binding"] as? String == "ltr")
        let spreads = try #require(out["spreads"] as? [[String: Any]])
        #expect(spreads.map { $0["pages"] as? [Int] } == [[0], [1, 2], [3, 4]])
        // The cover keeps an empty left slot (null): it is a right-hand page.
        let firstSlots = try #require(spreads[0]["slots"] as? [Any])
        #expect(firstSlots[0] is NSNull && firstSlots[1] as? Int == 0)
        #expect(spreads[0]["size"] == nil) // no geometry without a file

        let rtl = try json(["spreads", "--page-count", "3", "--mode", "double", "--binding", "rtl"])
        let rtlSpreads = try #require(rtl["spreads"] as? [[String: Any]])
        #expect(rtlSpreads[0]["slots"] as? [Int] == [1, 0])
        #expect((rtlSpreads[1]["slots"] as? [Any]).map { $0.count == 2 && $0[0] is NSNull && $0[1] as? Int == 2 } == true)
    }

    /// mixed.pdf asks for TwoPageRight (book) and R2L: spread 1 shows page 2 (1190.551×841.89) on
    /// the left and page 1 (595.276×841.89) on the right, both at the common height 841.89.
    @Test func spreadsFollowTheDocument() throws {
        let out = try json(["spreads", Self.mixed])
        #expect(out["pageLayout"] as? String == "TwoPageRight" && out["direction"] as? String == "R2L")
        #expect(out["spreadMode"] as? String == "book" && out["binding"] as? String == "rtl")
        #expect(out["spreadCount"] as? Int == 6)
        let spreads = try #require(out["spreads"] as? [[String: Any]])
        #expect(spreads[1]["slots"] as? [Int] == [2, 1])
        let size = try #require(spreads[1]["size"] as? [String: Double])
        #expect(abs(size["width"]! - 1785.827) < 1e-6 && abs(size["height"]! - 841.89) < 1e-9)
        let frames = try #require(spreads[1]["pageFrames"] as? [[String: Any]])
        #expect(frames.map { $0["index"] as? Int } == [2, 1])
        #expect((try rect(frames[1]["frame"])).isApproximatelyEqual(to: Rect(x: 1190.551, y: 0, width: 595.276, height: 841.89), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        // Explicit options win over the document's.
        let single = try json(["spreads", Self.mixed, "--mode", "single", "--binding", "ltr"])
        #expect(single["spreadCount"] as? Int == 10 && single["binding"] as? String == "ltr")
    }

    @Test func spreadsUsageErrors() throws {
        try expectUsageError(["spreads", "--mode", "book"], mentioning: "--page-count")
        try expectUsageError(["spreads", Self.mixed, "--page-count", "3"], mentioning: "not both")
        try expectUsageError(["spreads", "--page-count", "3", "--mode", "triple"], mentioning: "triple")
        let missing = try CLI.run(["spreads", "/nonexistent/file.pdf"])
        #expect(missing.status == 66 && missing.stderrLines.count == 1)
    }

    // MARK: - layout

    /// The help example: in a 200x300 view page 1 (400×600) is 200×300 at y 0, page 2 (600×400)
    /// is 200×133.33 at y 310; y 250…350 shows 50 of page 1 and 40 of page 2.
    @Test func layoutHelpExample() throws {
        let out = try json(["layout", Self.rotations, "--view", "200x300", "--spacing", "10", "--visible", "0,250,200,100"])
        #expect(out["pageCount"] as? Int == 10 && out["spreadCount"] as? Int == 10)
        #expect(out["scrollMode"] as? String == "continuous" && out["zoomScope"] as? String == "document")
        let spreads = try #require(out["spreads"] as? [[String: Any]])
        #expect(spreads.map { $0["index"] as? Int } == [0, 1])
        #expect((try rect(spreads[0]["frame"])).isApproximatelyEqual(to: Rect(x: 0, y: 0, width: 200, height: 300), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        #expect((try rect(spreads[1]["frame"])).isApproximatelyEqual(to: Rect(x: 0, y: 310, width: 200, height: 400.0 / 3), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        let visible = try #require(out["visible"] as? [String: Any])
        #expect(visible["dominantPage"] as? Int == 0)
        // The CLI prints numbers rounded to 10⁻⁹ (no float noise), so compare at that precision.
        #expect(abs((visible["fractionalSpreadIndex"] as? Double ?? 0) - 250.0 / 310) < 1e-9)
        // Content height: 6 portrait pages (300) + 4 landscape (133.33) + 9 gaps of 10.
        let content = try #require(out["contentSize"] as? [String: Double])
        #expect(abs(content["height"]! - (6 * 300 + 4 * 400.0 / 3 + 90)) < 1e-9)
        // Without --visible every spread is listed.
        let all = try json(["layout", Self.rotations, "--view", "200x300"])
        #expect((all["spreads"] as? [Any])?.count == 10 && all["visible"] == nil)
    }

    /// Per spread, horizontal, double pages, insets: each cell is the 1000×500 view; spread 0
    /// (pages 400×600 + 600×400 scaled to height 600: 400 + 900 = 1300 × 600) fits the 980×480
    /// box inside insets 10 → scale min(980/1300, 480/600) = 0.7538… → 980 × 452.3, centred.
    @Test func layoutPerSpread() throws {
        let out = try json(["layout", Self.rotations, "--view", "1000x500", "--mode", "per-spread", "--axis", "horizontal",
                            "--spread", "double", "--spacing", "20", "--insets", "10,10,10,10"])
        #expect(out["zoomScope"] as? String == "spread" && out["spreadCount"] as? Int == 5)
        let content = try #require(out["contentSize"] as? [String: Double])
        #expect(content["width"] == 5 * 1000 + 4 * 20 && content["height"] == 500)
        let spreads = try #require(out["spreads"] as? [[String: Any]])
        let scale = 980.0 / 1300
        #expect((try rect(spreads[0]["frame"])).isApproximatelyEqual(to: Rect(x: 10, y: 10 + (480 - 600 * scale) / 2, width: 980, height: 600 * scale), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        #expect((try rect(spreads[1]["frame"])).isApproximatelyEqual(to: Rect(x: 1020 + 10, y: 10 + (480 - 600 * scale) / 2, width: 980, height: 600 * scale), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
    }

    @Test func layoutUsageErrors() throws {
        try expectUsageError(["layout", Self.rotations, "--view", "0x100"], mentioning: "--view")
        try expectUsageError(["layout", Self.rotations, "--view", "100x100", "--insets", "1,2,3"], mentioning: "--insets")
        try expectUsageError(["layout", Self.rotations, "--view", "100x100", "--visible", "a,b,c,d"], mentioning: "--visible")
        try expectUsageError(["layout", Self.rotations, "--view", "100x100", "--spacing", "-1"], mentioning: "--spacing")
        try expectUsageError(["layout", Self.rotations, "--view", "100x100", "--min-zoom", "5", "--max-zoom", "2"], mentioning: "--max-zoom")
    }

    // MARK: - viewstate

    /// The help example: zoom 2 at offset 200,300 in a 400x600 view shows content
    /// (100, 150, 200, 300) of page 1 (400×600 at scale 1) → viewport (100, 600 − 450, 200, 300).
    @Test func captureHelpExample() throws {
        let r = try CLI.run(["viewstate", "capture", Self.rotations, "--view", "400x600", "--zoom", "2", "--offset", "200,300"])
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(r.stdout == #"{"pageIndex":0,"viewport":{"x":100,"y":150,"width":200,"height":300}}"# + "\n")
        // Not zoomed in: no viewport. Offset 700 at zoom 1 shows y 700…1300: page 2 (600…866.7) has
        // 166.7, page 3 (866.7…1466.7) 433.3 → page index 2.
        let plain = try CLI.run(["viewstate", "capture", Self.rotations, "--view", "400x600", "--offset", "0,700"])
        #expect(plain.stdout == #"{"pageIndex":2}"# + "\n")
    }

    /// The help example: the state restored into a 600x400 view keeps width 200 and centre
    /// (200, 300); zoom 2, visible content (150, 350, 300, 200), offset (300, 700).
    @Test func restoreHelpExample() throws {
        let state = #"{"pageIndex":0,"viewport":{"x":100,"y":150,"width":200,"height":300}}"#
        let out = try json(["viewstate", "restore", Self.rotations, "--view", "600x400", "--state", state])
        #expect(abs((out["zoomScale"] as? Double ?? 0) - 2) < 1e-12)
        let offset = try #require(out["contentOffset"] as? [String: Double])
        #expect(abs(offset["x"]! - 300) < 1e-9 && abs(offset["y"]! - 700) < 1e-9)
        #expect((try rect(out["visibleRect"])).isApproximatelyEqual(to: Rect(x: 150, y: 350, width: 300, height: 200), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        #expect((try rect(out["visibleViewport"])).isApproximatelyEqual(to: Rect(x: 100, y: 300 - 200.0 / 3, width: 200, height: 400.0 / 3), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        #expect(out["spreadIndex"] as? Int == 0 && out["pagingOffset"] == nil)
        // The same through stdin.
        let piped = try json(["viewstate", "restore", Self.rotations, "--view", "600x400", "--state", "-"], stdin: state)
        #expect((try rect(piped["visibleRect"])).isApproximatelyEqual(to: Rect(x: 150, y: 350, width: 300, height: 200), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
    }

    /// Rotate and back through the CLI: capture in portrait, restore in landscape, capture there,
    /// restore in portrait, capture again — the same viewport as at first.
    @Test func rotateAndBackThroughTheCLI() throws {
        let first = try CLI.run(["viewstate", "capture", Self.labels, "--view", "768x1024", "--zoom", "3", "--offset", "700,4000"])
        #expect(first.status == 0)
        let state = first.stdout.trimmingCharacters(in: .newlines)
        let landscape = try json(["viewstate", "restore", Self.labels, "--view", "1024x768", "--state", state])
        let lo = try #require(landscape["contentOffset"] as? [String: Double])
        let turned = try CLI.run(["viewstate", "capture", Self.labels, "--view", "1024x768",
                                  "--zoom", "\(landscape["zoomScale"] as! Double)", "--offset", "\(lo["x"]!),\(lo["y"]!)"])
        let portrait = try json(["viewstate", "restore", Self.labels, "--view", "768x1024", "--state", turned.stdout])
        let po = try #require(portrait["contentOffset"] as? [String: Double])
        let back = try CLI.run(["viewstate", "capture", Self.labels, "--view", "768x1024",
                                "--zoom", "\(portrait["zoomScale"] as! Double)", "--offset", "\(po["x"]!),\(po["y"]!)"])
        let a = try #require(try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any])
        let b = try #require(try JSONSerialization.jsonObject(with: Data(back.stdout.utf8)) as? [String: Any])
        #expect(a["pageIndex"] as? Int == b["pageIndex"] as? Int)
        #expect((try rect(a["viewport"])).isApproximatelyEqual(to: try rect(b["viewport"]), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        #expect(abs(po["x"]! - 700) < 1e-6 && abs(po["y"]! - 4000) < 1e-6)
    }

    /// Presenter mode: a 4:3 viewport mirrored to a 16:9 screen widens by
    /// 300 · ((16/9) / (4/3) − 1) = 100 around its centre: (50, 200, 400, 225).
    @Test func restoreMirror() throws {
        let state = #"{"pageIndex":1,"viewport":{"x":100,"y":200,"width":300,"height":225}}"#
        let out = try json(["viewstate", "restore", Self.labels, "--view", "1920x1080", "--mirror", "--state", state])
        let applied = try #require(out["state"] as? [String: Any])
        #expect((try rect(applied["viewport"])).isApproximatelyEqual(to: Rect(x: 50, y: 200, width: 400, height: 225), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
        #expect(out["mirroredFrom"] != nil)
        // Everything the source showed is visible on the mirror.
        let shown = try rect(out["visibleViewport"])
        #expect(shown.x <= 100 + 1e-9 && shown.x + shown.width >= 400 - 1e-9)
        #expect(shown.y <= 200 + 1e-9 && shown.y + shown.height >= 425 - 1e-9)
        // With an explicit source view of the same ratio as the destination: unchanged.
        let same = try json(["viewstate", "restore", Self.labels, "--view", "1920x1080", "--mirror", "--source-view", "1600x900", "--state", state])
        #expect((try rect((same["state"] as? [String: Any])?["viewport"])).isApproximatelyEqual(to: Rect(x: 100, y: 200, width: 300, height: 225), absoluteTolerance: 1e-9, relativeTolerance: 1e-9))
    }

    @Test func viewStateErrors() throws {
        try expectUsageError(["viewstate", "restore", Self.rotations, "--view", "600x400", "--state", #"{"pageIndex":10}"#],
                             mentioning: "out of range")
        try expectUsageError(["viewstate", "restore", Self.rotations, "--view", "600x400", "--state", "{"], mentioning: "--state")
        try expectUsageError(["viewstate", "restore", Self.rotations, "--view", "600x400", "--state", #"{"pageIndex":0}"#,
                              "--source-view", "4x3"], mentioning: "--mirror")
        try expectUsageError(["viewstate", "capture", Self.rotations, "--view", "600x400", "--zoom", "0"], mentioning: "--zoom")
        let encrypted = try CLI.run(["viewstate", "capture", CLI.fixture("encrypted.pdf"), "--view", "600x400"])
        #expect(encrypted.status == 77 && encrypted.stderrLines.count == 1)
    }

    /// A `--state` key the view state does not have (a misspelling such as `pageindex` or
    /// `viewPort`, or a field this version cannot honour) or a key given twice is refused with
    /// one line naming it, exit 64 as for any other bad --state; before, both were dropped
    /// silently and the state restored as if they were not there.
    @Test("--state: unknown and repeated keys are usage errors naming the key", arguments: [
        (#"{"pageIndex":0,"viewPort":{"x":100,"y":150,"width":200,"height":300}}"#, #""viewPort""#),
        (#"{"pageIndex":0,"zoom":2}"#, #""zoom""#),
        (#"{"pageIndex":0,"viewport":{"x":100,"y":150,"width":200,"height":300,"zoom":2}}"#, #""zoom""#),
        (#"{"pageIndex":0,"pageIndex":1}"#, #""pageIndex""#),
        (#"{"pageIndex":0,"viewport":null,"viewport":{"x":1,"y":2,"width":3,"height":4}}"#, #""viewport""#),
        (#"{"pageIndex":0,"viewport":{"x":100,"x":5,"y":150,"width":200,"height":300}}"#, #""x""#),
        ("{\"pageIndex\":0,\"a\\nb\":1}", #""a\nb""#),
    ])
    func viewStateKeys(state: String, key: String) throws {
        let r = try CLI.run(["viewstate", "restore", Self.rotations, "--view", "600x400", "--state", state])
        #expect(r.status == 64, "\(state): \(r.stderr)")
        #expect(r.stdout.isEmpty && r.stderrLines.count == 1, "\(state): \(r.stderr)")
        #expect(r.stderr.contains("--state") && r.stderr.contains(key), "\(state): \(r.stderr)")
        let piped = try CLI.run(["viewstate", "restore", Self.rotations, "--view", "600x400", "--state", "-"], stdin: state)
        #expect(piped.status == 64 && piped.stderr == r.stderr, "\(state): \(piped.stderr)")
    }

    // MARK: - thumbnails

    /// Letter in 375x667, spacing 10: 3 columns of 118×153 (see ThumbnailGridTests for the arithmetic).
    @Test func thumbnailsForAPageSize() throws {
        let out = try json(["thumbnails", "--page-size", "612x792", "--container", "375x667", "--spacing", "10"])
        #expect(out["columns"] as? Int == 3)
        #expect(out["itemSize"] as? [String: Double] == ["width": 118, "height": 153])
        #expect(out["visibleRows"] as? Int == 5 && out["fullyVisibleRows"] as? Int == 4)
        #expect(out["totalRows"] == nil && out["file"] == nil)
        // A very wide page: one column.
        let wide = try json(["thumbnails", "--page-size", "10000x100", "--container", "375x667", "--spacing", "10"])
        #expect(wide["columns"] as? Int == 1 && wide["itemSize"] as? [String: Double] == ["width": 375, "height": 3])
    }

    /// labels.pdf: 13 Letter pages in 1024x768: 4 columns of 248×321, ⌈13/4⌉ = 4 rows.
    @Test func thumbnailsForADocument() throws {
        let out = try json(["thumbnails", Self.labels, "--container", "1024x768", "--spacing", "10"])
        #expect(out["pageCount"] as? Int == 13 && out["columns"] as? Int == 4 && out["totalRows"] as? Int == 4)
        #expect(out["itemSize"] as? [String: Double] == ["width": 248, "height": 321])
        try expectUsageError(["thumbnails", "--container", "375x667"], mentioning: "--page-size")
        try expectUsageError(["thumbnails", "--page-size", "1x1", "--container", "375"], mentioning: "--container")
    }

    // MARK: - help

    @Test func everyCommandHelpShowsAnExample() throws {
        for command in [["spreads"], ["layout"], ["viewstate"], ["viewstate", "capture"], ["viewstate", "restore"], ["thumbnails"]] {
            let r = try CLI.run(command + ["--help"])
            #expect(r.status == 0)
            #expect(r.stdout.contains("EXAMPLE"), "\(command) --help")
            #expect(r.stdout.contains("$ pageinfo"), "\(command) --help")
        }
    }

    // MARK: - One JSON style

    /// Each command prints one line of compact JSON with its fields in the order its --help
    /// lists (the first occurrence of each top-level key, in order).
    @Test("one line, compact, fields in the documented order", arguments: [
        (["layout", rotations, "--view", "200x300", "--visible", "0,0,10,10"],
         ["file", "pageCount", "viewSize", "scrollMode", "axis", "spreadMode", "binding", "spacing", "contentInsets",
          "zoomScope", "minimumZoomScale", "maximumZoomScale", "contentSize", "spreadCount", "spreads", "visible"]),
        (["spreads", mixed], ["file", "pageLayout", "direction", "pageCount", "spreadMode", "binding", "spreadCount", "spreads"]),
        (["thumbnails", labels, "--container", "1024x768"],
         ["file", "pageCount", "pageSize", "aspectRatio", "containerSize", "spacing", "columns", "itemSize", "visibleRows",
          "fullyVisibleRows", "totalRows"]),
        (["viewstate", "restore", rotations, "--view", "600x400", "--mode", "per-spread", "--mirror", "--state",
          #"{"pageIndex":0,"viewport":{"x":100,"y":150,"width":200,"height":300}}"#],
         ["state", "mirroredFrom", "spreadIndex", "zoomScale", "contentOffset", "visibleRect", "visibleViewport",
          "pagingOffset", "spreadZoomOffset"]),
    ] as [([String], [String])])
    func oneJSONStyle(args: [String], keys: [String]) throws {
        let r = try CLI.run(args)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdoutLines.count == 1 && !r.stdout.contains(" :") && !r.stdout.contains(": ") && !r.stdout.contains(", "))
        _ = try CLI.json(r)
        let positions = keys.map { r.stdout.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "\(keys) in \(r.stdout.prefix(200))")
        let found = positions.compactMap { $0 }
        #expect(found == found.sorted(), "\(args[0]): fields out of order")
    }

    /// A document with no pages (Fixtures/damaged/empty-tree.pdf, a valid empty tree) has no page
    /// size to size thumbnails by: exit 65, as the help says ("no page with a usable size"); the
    /// grid of a made-up 1x1 page was printed with exit 0.
    @Test func thumbnailsOfNoPage() throws {
        let r = try CLI.run(["thumbnails", CLI.fixture("damaged/empty-tree.pdf"), "--container", "400x300"])
        #expect(r.status == 65 && r.stderrLines.count == 1 && r.stdout.isEmpty, "\(r.stdout)\(r.stderr)")
    }
}
