// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageGeometry
import PageInfoTestSupport
import Testing

/// `pages --dpi`, `--bitmap-size`, `--fit`, `--renderer`: the bitmap object of
/// each page record, its CSV columns, and every misuse a usage error of one line.
@Suite("pages: the bitmap options")
struct BitmapOptionTests {
    static func pageRecords(_ args: [String]) throws -> [[String: Any]] {
        let r = try CLI.run(["pages", "--format", "jsonl"] + args)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["record"] as? String == "page" }
    }

    static func close(_ a: Any?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        (a as? Double)?.isApproximatelyEqual(to: b, absoluteTolerance: tolerance) ?? false
    }

    /// rotations.pdf page 2: CropBox [20 30 420 630], /Rotate 90, displayed 600 × 400 pt. pdftoppm
    /// at 150 dpi: ⌈600·150/72⌉ × ⌈400·150/72⌉ = 1250 × 834; raw (x, y) → page (y − 30, 420 − x) →
    /// pixel ((y − 30)·25/12, (400 − 420 + x)·25/12): a 0, b 25/12, c 25/12, d 0,
    /// tx −30·25/12 = −62.5, ty −20·25/12 = −41.666…; the inverse a 0, b 0.48, c 0.48, d 0, tx 20, ty 30.
    @Test("--dpi 150: the bitmap object of a /Rotate 90 page")
    func dpi150() throws {
        let pages = try Self.pageRecords(["--dpi", "150", "--pages", "2", CLI.fixture("rotations.pdf")])
        try #require(pages.count == 1)
        let b = try #require(pages[0]["bitmap"] as? [String: Any])
        #expect(b["renderer"] as? String == "pdftoppm-cropbox" && b["dpi"] as? Double == 150 && b["fit"] is NSNull)
        #expect(b["width"] as? Int == 1250 && b["height"] as? Int == 834)
        #expect(Self.close(b["scaleX"], 150.0 / 72) && Self.close(b["scaleY"], 150.0 / 72))
        let m = try #require(b["rawToPixel"] as? [String: Double])
        let expected = ["a": 0, "b": 25.0 / 12, "c": 25.0 / 12, "d": 0, "tx": -62.5, "ty": -20 * 25.0 / 12]
        for (k, v) in expected { #expect(Self.close(m[k], v), "rawToPixel.\(k) \(String(describing: m[k]))") }
        let inv = try #require(b["pixelToRaw"] as? [String: Double])
        for (k, v) in ["a": 0.0, "b": 0.48, "c": 0.48, "d": 0, "tx": 20, "ty": 30] {
            #expect(Self.close(inv[k], v), "pixelToRaw.\(k) \(String(describing: inv[k]))")
        }
    }

    /// pdf2image's and pdftoppm's defaults render the MediaBox [0 0 500 700], turned: 700 × 500 px
    /// at 72 dpi, the page (600 × 400) at (30, 20) — its raw bottom margin, then its left one; raw
    /// (x, y) → pixel (y, x): a 0, b 1, c 1, d 0, tx 0, ty 0. With -cropbox (the default) 600 × 400.
    @Test("--renderer pdf2image: the MediaBox image of a cropped /Rotate 90 page")
    func mediaBoxRender() throws {
        for renderer in ["pdf2image", "pdftoppm"] {
            let pages = try Self.pageRecords(["--dpi", "72", "--renderer", renderer, "--pages", "2", CLI.fixture("rotations.pdf")])
            let b = try #require(pages.first?["bitmap"] as? [String: Any])
            #expect(b["width"] as? Int == 700 && b["height"] as? Int == 500 && b["renderedBox"] as? String == "mediaBox")
            let frame = try #require(b["pageFrame"] as? [String: Double])
            #expect(frame == ["x": 30, "y": 20, "width": 600, "height": 400])
            let m = try #require(b["rawToPixel"] as? [String: Double])
            for (k, v) in ["a": 0.0, "b": 1, "c": 1, "d": 0, "tx": 0, "ty": 0] { #expect(Self.close(m[k], v), "\(renderer) rawToPixel.\(k)") }
        }
        let cropped = try Self.pageRecords(["--dpi", "72", "--pages", "2", CLI.fixture("rotations.pdf")])
        let b = try #require(cropped.first?["bitmap"] as? [String: Any])
        #expect(b["width"] as? Int == 600 && b["height"] as? Int == 400 && b["renderedBox"] as? String == "cropBox")
    }

    /// boxes.pdf page 2's CropBox [300 400 700 900] reaches past its MediaBox [0 0 612 792]:
    /// pdfplumber cuts its image by the CropBox as written (measured: 312 × 390 at 72 dpi, where
    /// the clipped CropBox is 312 × 392), which the record's effective boxes do not hold, so the
    /// page has no pdfplumber bitmap; pdfium's is the clipped box's.
    @Test("--renderer pdfplumber: no bitmap where the CropBox was clipped")
    func pdfplumberClipped() throws {
        let plumber = try Self.pageRecords(["--dpi", "72", "--renderer", "pdfplumber", "--pages", "2", CLI.fixture("boxes.pdf")])
        #expect(plumber.first?["bitmap"] is NSNull)
        let pdfium = try Self.pageRecords(["--dpi", "72", "--renderer", "pdfium", "--pages", "2", CLI.fixture("boxes.pdf")])
        let b = try #require(pdfium.first?["bitmap"] as? [String: Any])
        #expect(b["width"] as? Int == 312 && b["height"] as? Int == 392)
    }

    /// The renderers differ where measured: Letter at 150 dpi (mixed.pdf page 1 is Letter,
    /// 612 × 792) is 1275 × 1650 with pdftoppm and mupdf, 1275 × 1651 with pdfium; userunit.pdf
    /// page 1 (/UserUnit 2, Letter) at 72 dpi is 1224 × 1584 with mupdf, 612 × 792 otherwise.
    @Test("--renderer: each renderer's pixel size")
    func renderers() throws {
        for (renderer, height) in [("pdftoppm-cropbox", 1650), ("pdfium", 1651), ("mupdf", 1650)] {
            let p = try Self.pageRecords(["--dpi", "150", "--renderer", renderer, "--pages", "1", CLI.fixture("userunit.pdf")])
            // (at 150 dpi /UserUnit 2 doubles mupdf's size: 2550 × 3300)
            let b = try #require(p.first?["bitmap"] as? [String: Any])
            let expected = renderer == "mupdf" ? (2550, 3300) : (1275, height)
            #expect(b["width"] as? Int == expected.0 && b["height"] as? Int == expected.1, "\(renderer): \(b)")
        }
        for (renderer, size) in [("pdftoppm-cropbox", (612, 792)), ("pdfium", (612, 792)), ("mupdf", (1224, 1584))] {
            let p = try Self.pageRecords(["--dpi", "72", "--renderer", renderer, "--pages", "1", CLI.fixture("userunit.pdf")])
            let b = try #require(p.first?["bitmap"] as? [String: Any])
            #expect(b["width"] as? Int == size.0 && b["height"] as? Int == size.1, "\(renderer): \(b)")
        }
    }

    /// --bitmap-size 800x800 on rotations.pdf page 1 (400 × 600 pt): contain (the default) is
    /// one scale 800/600, ⌈400·4/3⌉ × 800 = 534 × 800, the page drawn onto exactly that (534/400
    /// and 4/3 px per point); fill is 800 × 800, 2 and 4/3 px per point.
    @Test("--bitmap-size: contain and fill")
    func bitmapSize() throws {
        let contain = try Self.pageRecords(["--bitmap-size", "800x800", "--pages", "1", CLI.fixture("rotations.pdf")])
        let c = try #require(contain.first?["bitmap"] as? [String: Any])
        #expect(c["fit"] as? String == "contain" && c["dpi"] is NSNull)
        #expect(c["width"] as? Int == 534 && c["height"] as? Int == 800)
        #expect(Self.close(c["scaleX"], 534.0 / 400) && Self.close(c["scaleY"], 4.0 / 3))
        let fill = try Self.pageRecords(["--bitmap-size", "800x800", "--fit", "fill", "--pages", "1", CLI.fixture("rotations.pdf")])
        let f = try #require(fill.first?["bitmap"] as? [String: Any])
        #expect(f["width"] as? Int == 800 && f["height"] as? Int == 800 && Self.close(f["scaleX"], 2) && Self.close(f["scaleY"], 4.0 / 3))
    }

    @Test("csv: the bitmap.* columns, only when asked for")
    func csv() throws {
        let plain = try CLI.run(["pages", "--format", "csv", CLI.fixture("rotations.pdf")])
        #expect(!plain.stdout.contains("bitmap"))
        let r = try CLI.run(["pages", "--format", "csv", "--dpi", "150", "--pages", "2", CLI.fixture("rotations.pdf")])
        let rows = r.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        try #require(rows.count == 3)
        #expect(rows[1].count == rows[0].count && rows[2].count == rows[0].count)
        let row = Dictionary(uniqueKeysWithValues: zip(rows[0], rows[1]))
        #expect(row["bitmap.renderer"] == "pdftoppm-cropbox" && row["bitmap.dpi"] == "150" && row["bitmap.fit"] == "")
        #expect(row["bitmap.width"] == "1250" && row["bitmap.height"] == "834")
        #expect(row["bitmap.rawToPixel.tx"] == "-62.5" && row["bitmap.pixelToRaw.ty"] == "30")
    }

    @Test("misuse is a usage error of one line", arguments: [
        (["--dpi", "0"], "--dpi 0"), (["--dpi", "-5"], "--dpi -5"), (["--dpi", "1e6"], "--dpi 1e6"), (["--dpi", "abc"], "--dpi abc"),
        (["--dpi", "150", "--bitmap-size", "10x10"], "give one of them"),
        (["--fit", "fill"], "--fit applies only with --bitmap-size"),
        (["--dpi", "150", "--fit", "fill"], "--fit applies only with --bitmap-size"),
        (["--renderer", "mupdf"], "--renderer applies only with"),
        (["--dpi", "150", "--renderer", "pdftocairo"], "--renderer pdftocairo: give one of pdftoppm, pdftoppm-cropbox, pdf2image, pdf2image-cropbox, ghostscript, ghostscript-cropbox, pdfium, mupdf, pdfplumber"),
        (["--bitmap-size", "500x700", "--renderer", "pdf2image"], "--renderer pdf2image takes --dpi D, not --bitmap-size"),
        (["--bitmap-size", "0x10"], "--bitmap-size 0x10"), (["--bitmap-size", "10"], "--bitmap-size 10"),
        (["--bitmap-size", "10.5x10"], "--bitmap-size 10.5x10"), (["--bitmap-size", "3000000000x10"], "--bitmap-size 3000000000x10"),
        (["--bitmap-size", "10x10", "--fit", "cover"], "--fit cover"),
        (["--dpi", "150", "--format", "table"], "the table does not show"),
        (["--dpi", "150", "--format", "table", "--files-from", "/dev/null"], "the table does not show"),
    ] as [([String], String)])
    func misuse(args: [String], message: String) throws {
        let hasFormat = args.contains("--format")
        let r = try CLI.run(["pages"] + (hasFormat ? [] : ["--format", "jsonl"]) + args + [CLI.fixture("rotations.pdf")])
        #expect(r.status == 64, "\(args): exit \(r.status)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderrLines.count == 1 && r.stderr.contains(message), "\(args): \(r.stderr)")
    }
}
