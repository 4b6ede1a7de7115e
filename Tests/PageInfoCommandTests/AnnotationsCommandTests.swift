// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// `pageinfo annotations` end to end: the records a script reads, in every format, against the
/// goldens scripts/make_annotation_fixtures.py derives from how it built the files, and the
/// rectangles in view and pixel space from the fixtures' boxes by the formulas of ISO 32000-2
/// §8.3 and §12.5.3 (not from pageinfo's own transforms).
@Suite("pageinfo annotations")
struct AnnotationsCommandTests {
    static let file = CLI.fixture("annotations/annotations.pdf")
    static let hostile = CLI.fixture("annotations/hostile.pdf")

    static func golden(_ name: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: CLI.fixture("annotations/\(name).json")))
        return try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["pages"] as? [[String: Any]])
    }

    static func lines(_ r: CLI.Result) throws -> [[String: Any]] {
        try r.stdoutLines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    static func numbers(_ any: Any?) -> [Double]? {
        guard let d = any as? [String: Any] else { return nil }
        return ["x", "y", "width", "height"].compactMap { (d[$0] as? NSNumber)?.doubleValue }
    }

    static func expectClose(_ a: [Double]?, _ b: [Double]?, _ what: String, tolerance: Double = 0.01,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        guard let a, let b, a.count == 4, b.count == 4 else {
            #expect(a == nil && b == nil, "\(what): \(String(describing: a)) against \(String(describing: b))", sourceLocation: sourceLocation)
            return
        }
        #expect(zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }, "\(what): \(a) against \(b)", sourceLocation: sourceLocation)
    }

    /// A raw rectangle [x y w h] in page space (lower-left origin, y up) of a page with this
    /// CropBox [x0 y0 x1 y1] and /Rotate, by §8.3's rotation about the CropBox.
    static func pageRect(_ r: [Double], crop c: [Double], rotation: Int) -> [Double] {
        let (x0, y0, x1, y1) = (r[0], r[1], r[0] + r[2], r[1] + r[3])
        switch rotation {
        case 90: return [y0 - c[1], c[2] - x1, r[3], r[2]]
        case 180: return [c[2] - x1, c[3] - y1, r[2], r[3]]
        case 270: return [c[3] - y1, x0 - c[0], r[3], r[2]]
        default: return [x0 - c[0], y0 - c[1], r[2], r[3]]
        }
    }

    @Test("jsonl: each page record, then its annotations in /Annots order, with the golden's rectangles; page, view and pixel rectangles by the spec's formulas")
    func jsonl() throws {
        let golden = try Self.golden("annotations")
        let r = try CLI.run(["annotations", Self.file, "--format", "jsonl", "--view", "800x600", "--dpi", "150"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stderr.isEmpty)
        let records = try Self.lines(r)
        #expect(records.last?["record"] as? String == "file")
        #expect(records.last?["status"] as? String == "ok")
        // Split the stream at its page records: each page's annotations follow it.
        var pages: [(page: [String: Any], annotations: [[String: Any]])] = []
        for record in records.dropLast() {
            switch record["record"] as? String {
            case "page": pages.append((record, []))
            case "annotation":
                try #require(!pages.isEmpty, "an annotation record before any page record")
                pages[pages.count - 1].annotations.append(record)
            default: Issue.record("unexpected record \(record)")
            }
        }
        #expect(pages.count == golden.count)
        var checked = 0
        for ((page, annotations), g) in zip(pages, golden) {
            let index = try #require(g["index"] as? Int)
            #expect(page["index"] as? Int == index)
            let expected = try #require(g["annotations"] as? [[String: Any]])
            #expect(annotations.count == expected.count, "page \(index + 1)")
            let crop = try #require(g["cropBox"] as? [Double]), rotation = try #require(g["rotation"] as? Int)
            let userUnit = try #require((g["userUnit"] as? NSNumber)?.doubleValue)
            let turned = rotation % 180 != 0
            let size = turned ? [crop[3] - crop[1], crop[2] - crop[0]] : [crop[2] - crop[0], crop[3] - crop[1]]
            // --view 800x600: the displayed page (in points × UserUnit, as convert --view fits it)
            // at one scale, centred.
            let shown = size.map { $0 * userUnit }
            let scale = min(800 / shown[0], 600 / shown[1])
            let offset = [(800 - shown[0] * scale) / 2, (600 - shown[1] * scale) / 2]
            // --dpi 150 with pdftoppm-cropbox: the CropBox at 150/72 pixels a point; pdftoppm
            // ignores /UserUnit (scripts/check_bitmap_placement.py renders it to show so).
            let dots = 150.0 / 72
            for (a, e) in zip(annotations, expected) {
                let what = "page \(index + 1) annotation \((e["index"] as? Int ?? -1) + 1)"
                #expect(a["page"] as? Int == index, "\(what)")
                #expect(a["index"] as? Int == e["index"] as? Int, "\(what)")
                #expect(a["file"] as? String == Self.file, "\(what)")
                #expect(a["subtype"] as? String == e["subtype"] as? String, "\(what)")
                #expect(a["flags"] as? [String] == e["flags"] as? [String], "\(what)")
                #expect((a["warnings"] as? [Any])?.isEmpty == true, "\(what)")
                let rect = try #require(Self.numbers(e["rect"]), "\(what)")
                Self.expectClose(Self.numbers(a["rect"]), rect, "\(what) rect")
                Self.expectClose(Self.numbers(a["drawnRect"]), Self.numbers(e["drawnRect"]), "\(what) drawnRect")
                let inPage = Self.pageRect(rect, crop: crop, rotation: rotation)
                Self.expectClose(Self.numbers(a["pageRect"]), inPage, "\(what) pageRect")
                let view = try #require(a["view"] as? [String: Any], "\(what)")
                let bitmap = try #require(a["bitmap"] as? [String: Any], "\(what)")
                // A unit of the page is /UserUnit points.
                let perUnit = scale * userUnit
                let inView = [offset[0] + inPage[0] * perUnit, offset[1] + (size[1] - inPage[1] - inPage[3]) * perUnit,
                              inPage[2] * perUnit, inPage[3] * perUnit]
                Self.expectClose(Self.numbers(view["rect"]), inView, "\(what) view rect")
                let inPixels = [inPage[0] * dots, (size[1] - inPage[1] - inPage[3]) * dots, inPage[2] * dots, inPage[3] * dots]
                Self.expectClose(Self.numbers(bitmap["rect"]), inPixels, "\(what) bitmap rect", tolerance: 0.02)
                checked += 1
            }
        }
        #expect(checked == 61)
    }

    @Test("--view: a NoZoom annotation keeps its size at 100 % (× /UserUnit), scaled about where the view puts /Rect's upper-left corner (§12.5.3)")
    func noZoomInView() throws {
        let golden = try Self.golden("annotations")
        var checked = 0
        for (w, h) in [(800.0, 600.0), (1200.0, 450.0)] {
            let r = try CLI.run(["annotations", Self.file, "--format", "jsonl", "--view", "\(Int(w))x\(Int(h))"])
            #expect(r.status == 0, "stderr: \(r.stderr)")
            for a in try Self.lines(r) where (a["flags"] as? [String])?.contains("NoZoom") == true {
                let g = try #require(golden.first { $0["index"] as? Int == a["page"] as? Int })
                let crop = try #require(g["cropBox"] as? [Double]), rotation = try #require(g["rotation"] as? Int)
                let userUnit = try #require((g["userUnit"] as? NSNumber)?.doubleValue)
                let size = rotation % 180 != 0 ? [crop[3] - crop[1], crop[2] - crop[0]] : [crop[2] - crop[0], crop[3] - crop[1]]
                // The page fitted at one scale, centred: s view units per unit of the page.
                let s = min(w / (size[0] * userUnit), h / (size[1] * userUnit)) * userUnit
                let offset = [(w - size[0] * s) / 2, (h - size[1] * s) / 2]
                func view(_ p: [Double]) -> [Double] { [offset[0] + p[0] * s, offset[1] + (size[1] - p[1] - p[3]) * s, p[2] * s, p[3] * s] }
                let rect = try #require(Self.numbers(a["rect"]))
                let inView = view(Self.pageRect(rect, crop: crop, rotation: rotation))
                let corner = view(Self.pageRect([rect[0], rect[1] + rect[3], 0, 0], crop: crop, rotation: rotation))
                let k = userUnit / s
                let drawn = [corner[0] + (inView[0] - corner[0]) * k, corner[1] + (inView[1] - corner[1]) * k, inView[2] * k, inView[3] * k]
                let v = try #require(a["view"] as? [String: Any])
                Self.expectClose(Self.numbers(v["rect"]), inView, "page \(g["index"]!) \(w)x\(h) rect")
                Self.expectClose(Self.numbers(v["drawnRect"]), drawn, "page \(g["index"]!) \(w)x\(h) drawnRect")
                // Its size is the rectangle's at 100 %, whatever the view.
                #expect(abs(drawn[2] * drawn[3] - rect[2] * rect[3] * userUnit * userUnit) < 0.01)
                checked += 1
            }
        }
        #expect(checked == 4, "the NoZoom squares of pages 1 and 7, in two views")
    }

    @Test("destinations: the target point and rectangle in the target page's page space, and the view state restoring them gives in two view sizes, by §12.3.2.2")
    func destinationViewStates() throws {
        let golden = try Self.golden("annotations")
        for (w, h) in [(800.0, 600.0), (1200.0, 450.0)] {
            let r = try CLI.run(["annotations", Self.file, "--pages", "1", "--format", "jsonl", "--view", "\(Int(w))x\(Int(h))"])
            #expect(r.status == 0, "stderr: \(r.stderr)")
            let links = try Self.lines(r).compactMap { $0["destination"] as? [String: Any] }
            var kinds: Set<String> = []
            for d in links {
                guard let index = d["page"] as? Int else {
                    // Another file's page: no target geometry, no view state.
                    #expect(d["pagePoint"] is NSNull && d["pageRect"] is NSNull && d["viewState"] is NSNull)
                    continue
                }
                let target = try #require(golden.first { $0["index"] as? Int == index })
                let crop = try #require(target["cropBox"] as? [Double]), rotation = try #require(target["rotation"] as? Int)
                let turned = rotation % 180 != 0
                let size = turned ? [crop[3] - crop[1], crop[2] - crop[0]] : [crop[2] - crop[0], crop[3] - crop[1]]
                let state = try #require(d["viewState"] as? [String: Any])
                #expect(state["pageIndex"] as? Int == index)
                let viewport = Self.numbers(state["viewport"])
                let kind = try #require(d["kind"] as? String)
                kinds.insert(kind)
                func number(_ key: String) -> Double? { (d[key] as? NSNumber)?.doubleValue }
                switch kind {
                case "XYZ":
                    // (left, top) at the view's top-left corner; zoom z shows W/z × H/z points.
                    // A rectangle of no size is the point.
                    let point = Self.pageRect([number("left")!, number("top")!, 0, 0], crop: crop, rotation: rotation)
                    let expected = [point[0], point[1]]
                    let p = try #require(d["pagePoint"] as? [String: Any])
                    Self.expectClose([p["x"], p["y"]].compactMap { ($0 as? NSNumber)?.doubleValue } + [0, 0], expected + [0, 0], "XYZ pagePoint")
                    let zoom = number("zoom") ?? {
                        // null: the zoom of the view showing the whole page.
                        min(w / size[0], h / size[1])
                    }()
                    Self.expectClose(viewport, [expected[0], expected[1] - h / zoom, w / zoom, h / zoom], "XYZ viewport in \(w)x\(h)")
                case "FitR":
                    let rect = Self.pageRect([number("left")!, number("bottom")!, number("right")! - number("left")!, number("top")! - number("bottom")!],
                                             crop: crop, rotation: rotation)
                    Self.expectClose(Self.numbers(d["pageRect"]), rect, "FitR pageRect")
                    // The rectangle wholly in view, centred, filling one axis; the view's aspect.
                    let v = try #require(viewport)
                    #expect(abs(v[3] / v[2] - h / w) < 1e-6)
                    #expect(v[0] <= rect[0] + 0.01 && v[1] <= rect[1] + 0.01 && v[0] + v[2] >= rect[0] + rect[2] - 0.01 && v[1] + v[3] >= rect[1] + rect[3] - 0.01)
                    #expect(abs(v[2] - rect[2]) < 0.01 || abs(v[3] - rect[3]) < 0.01)
                    Self.expectClose([v[0] + v[2] / 2, v[1] + v[3] / 2, 0, 0], [rect[0] + rect[2] / 2, rect[1] + rect[3] / 2, 0, 0], "FitR centre")
                case "FitH" where !turned:
                    // The page's width, raw top (page y = top − y0) at the view's top edge.
                    let top = number("top")! - crop[1]
                    Self.expectClose(viewport, [0, top - size[0] * h / w, size[0], size[0] * h / w], "FitH viewport")
                case "FitV" where !turned:
                    let left = number("left")! - crop[0]
                    Self.expectClose(viewport, [left, 0, size[1] * w / h, size[1]], "FitV viewport")
                case "Fit", "FitB":
                    #expect(state["viewport"] == nil, "\(kind) shows the whole page: no viewport")
                default: break
                }
            }
            #expect(kinds.isSuperset(of: ["XYZ", "FitR", "Fit"]), "\(kinds)")
        }
    }

    @Test("json: one document, an annotations array in each page record")
    func json() throws {
        let golden = try Self.golden("annotations")
        let r = try CLI.run(["annotations", Self.file, "--format", "json"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let document = try #require(try CLI.json(r) as? [String: Any])
        let pages = try #require(document["pages"] as? [[String: Any]])
        #expect(pages.count == golden.count)
        for (page, g) in zip(pages, golden) {
            let read = try #require(page["annotations"] as? [[String: Any]])
            let expected = try #require(g["annotations"] as? [[String: Any]])
            #expect(read.map { $0["subtype"] as? String } == expected.map { $0["subtype"] as? String })
            for (a, e) in zip(read, expected) { Self.expectClose(Self.numbers(a["rect"]), Self.numbers(e["rect"]), "rect") }
        }
    }

    @Test("csv: a header, one row per annotation and the file row, every row as wide as the header")
    func csv() throws {
        let golden = try Self.golden("annotations")
        let r = try CLI.run(["annotations", Self.file, "--format", "csv", "--dpi", "72"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let rows = PagesCommandTests.parseCSV(r.stdout)
        let header = try #require(rows.first)
        #expect(Set(["record", "file", "page", "index", "subtype", "rect.x", "rect.y", "rect.width", "rect.height", "flags",
                     "bitmap.rect.x", "status"]).isSubset(of: Set(header)), "header: \(header)")
        #expect(rows.dropFirst().allSatisfy { $0.count == header.count })
        // The rows between the header and the file row that closes the file.
        #expect(rows.last?.first == "file")
        let body = rows.dropFirst().dropLast()
        let total = golden.reduce(0) { $0 + (($1["annotations"] as? [Any])?.count ?? 0) }
        #expect(body.count == total)
        let column = try #require(header.firstIndex(of: "subtype")), x = try #require(header.firstIndex(of: "rect.x"))
        let expected = golden.flatMap { ($0["annotations"] as? [[String: Any]]) ?? [] }
        #expect(body.map { $0[column] } == expected.map { $0["subtype"] as? String ?? "" })
        #expect(zip(body, expected).allSatisfy { Double($0.0[x]) == Self.numbers($0.1["rect"])?[0] })
    }

    @Test("table: a heading, a row per annotation, a closing line")
    func table() throws {
        let r = try CLI.run(["annotations", Self.file, "--pages", "2"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let lines = r.stdoutLines
        #expect(lines.first == "# \(Self.file): PDF 1.7")
        #expect(lines.dropFirst().first?.hasPrefix(" PAGE    #  SUBTYPE") == true)
        #expect(lines.count == 2 + 7 + 1, "\(r.stdout)")
        #expect(lines.contains { $0.contains("Widget") && $0.contains("32 36 136 72") && $0.contains("field form.p2") })
        #expect(lines.contains { $0.contains("Link") && $0.contains("URI https://example.org/p2") })
        #expect(lines.last == "# 7 pages: ok")
    }

    @Test("hostile /Annots: each damaged element warned with its code, the good ones read, exit 0; --strict fails with one line")
    func hostileFile() throws {
        let golden = try Self.golden("hostile")
        let r = try CLI.run(["annotations", Self.hostile, "--format", "jsonl"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let records = try Self.lines(r)
        for g in golden {
            let index = try #require(g["index"] as? Int)
            let page = try #require(records.first { $0["record"] as? String == "page" && $0["index"] as? Int == index })
            let pageCodes = ((page["warnings"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
            for code in (g["pageWarnings"] as? [String]) ?? [] { #expect(pageCodes.contains(code), "page \(index + 1): \(pageCodes)") }
            let read = records.filter { $0["record"] as? String == "annotation" && $0["page"] as? Int == index }
            let expected = (g["annotations"] as? [[String: Any]]) ?? []
            #expect(read.count == expected.count, "page \(index + 1)")
            for (a, e) in zip(read, expected) {
                let codes = ((a["warnings"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
                #expect(codes == (e["warnings"] as? [String] ?? []), "page \(index + 1) annotation \(a["index"] ?? "?")")
                Self.expectClose(Self.numbers(a["rect"]), Self.numbers(e["rect"]), "rect")
                // No rectangle is invented for a damaged /Rect.
                if e["rect"] is NSNull { #expect(a["rect"] is NSNull) }
                if let d = e["destination"] as? [String: Any], let read = a["destination"] as? [String: Any] {
                    for key in ["page", "kind", "name", "zoom"] where d.keys.contains(key) {
                        #expect("\(read[key] ?? "absent")" == "\(d[key] ?? "absent")", "destination \(key): \(read)")
                    }
                } else if e.keys.contains("destination") {
                    Issue.record("page \(index + 1) annotation \(a["index"] ?? "?"): no destination in \(a)")
                }
                if let count = e["quadPointCount"] as? Int { #expect((a["quadPoints"] as? [Any])?.count == count) }
            }
        }
        let strict = try CLI.run(["annotations", Self.hostile, "--strict"])
        PagesCommandTests.expectFailure(strict, code: 65, mentioning: ["--strict", "destination-names-damaged"], stdoutEmpty: false)
    }

    @Test("bad invocations: one line on stderr and exit 64; a missing file 66", arguments: [
        (["annotations"], "file"),
        (["annotations", Self.file, "--view", "0x600"], "--view"),
        (["annotations", Self.file, "--view", "wide"], "--view"),
        (["annotations", Self.file, "--dpi", "150"], "table"),
        (["annotations", Self.file, "--view", "800x600"], "table"),
        (["annotations", Self.file, "--format", "columns"], "columns"),
        (["annotations", Self.file, "--dpi", "150", "--bitmap-size", "100x100", "--format", "jsonl"], "--bitmap-size"),
    ])
    func badInvocation(args: [String], phrase: String) throws {
        let r = try CLI.run(args)
        PagesCommandTests.expectFailure(r, code: 64, mentioning: [phrase])
    }

    @Test("--pages past the end: the pages that exist are printed, then one line and exit 64 (records.md: page-out-of-range)")
    func pagesPastTheEnd() throws {
        let r = try CLI.run(["annotations", Self.file, "--pages", "7-9", "--format", "jsonl"])
        PagesCommandTests.expectFailure(r, code: 64, mentioning: ["--pages", "page 9 is out of range"], stdoutEmpty: false)
        let records = try Self.lines(r)
        let last = try #require(try Self.golden("annotations").last?["annotations"] as? [Any])
        #expect(records.filter { $0["record"] as? String == "annotation" }.count == last.count)
        #expect((records.last?["error"] as? [String: Any])?["code"] as? String == "page-out-of-range")
    }

    @Test("--pages: each page's annotation records are the whole run's, links to pages before and after the range keeping their target points and view states",
          arguments: ["1", "4", "7", "7,1", "2-3,6"])
    func pagesKeepTheirTargets(pages: String) throws {
        func records(_ extra: [String]) throws -> [String: String] {
            let r = try CLI.run(["annotations", Self.file, "--format", "jsonl", "--view", "500x500"] + extra)
            #expect(r.status == 0, "stderr: \(r.stderr)")
            var byKey: [String: String] = [:]
            for (line, record) in zip(r.stdoutLines, try Self.lines(r)) where record["record"] as? String == "annotation" {
                byKey["\(record["page"] ?? "?")/\(record["index"] ?? "?")"] = line
            }
            return byKey
        }
        let whole = try records([]), part = try records(["--pages", pages])
        let wanted = try PageRangeListForTests.indexes(pages).map { page in whole.keys.filter { $0.hasPrefix("\(page)/") }.count }.reduce(0, +)
        #expect(part.count == wanted && wanted > 0, "\(pages): \(part.count) records, \(wanted) in the whole run's pages")
        for (key, line) in part { #expect(line == whole[key], "\(pages): annotation \(key) differs from the whole run's") }
        // (the fixture's page 1 links to pages 5 and 7, page 4 to page 5: targets outside most ranges)
        #expect(part.values.contains { $0.contains("\"pagePoint\":{") } || !pages.contains("1"))
    }

    @Test("a missing file: exit 66 and the file named")
    func missingFile() throws {
        let r = try CLI.run(["annotations", "/nonexistent/none.pdf", "--format", "jsonl"])
        #expect(r.status == 66, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("/nonexistent/none.pdf"))
    }
}

/// The 0-based page indexes of a `--pages` list of the tests' own making (`1`, `7,1`, `2-3,6`).
enum PageRangeListForTests {
    static func indexes(_ text: String) throws -> [Int] {
        try text.split(separator: ",").flatMap { item -> [Int] in
            let ends = try item.split(separator: "-").map { try #require(Int($0)) }
            return Array((ends[0] - 1)...((ends.last ?? ends[0]) - 1))
        }
    }
}
