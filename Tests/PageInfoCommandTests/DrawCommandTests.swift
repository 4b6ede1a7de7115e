// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// `pageinfo draw` and `pageinfo sheet`, end to end: the built binary on the fixtures, PNGs
/// decoded by Python's zlib (`scripts/png_to_rgb.py`), exit codes and one-line errors.
///
/// `Fixtures/rotations.pdf` page 2: MediaBox 500×700, CropBox [20 30 420 630], /Rotate 90; the
/// content fills the CropBox with light blue (rotations.golden.json, scripts/make_fixtures.py).
@Suite("draw and sheet commands")
struct DrawCommandTests {
    static let rotations = CLI.fixture("rotations.pdf")

    /// A fresh temporary directory, removed by the caller.
    func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-draw-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Width and height from a PNG's IHDR.
    func pngSize(_ url: URL) throws -> (Int, Int) {
        let d = [UInt8](try Data(contentsOf: url))
        #expect(Array(d.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func be(_ i: Int) -> Int { Int(d[i]) << 24 | Int(d[i + 1]) << 16 | Int(d[i + 2]) << 8 | Int(d[i + 3]) }
        return (be(16), be(20))
    }

    /// The pixels of a PNG decoded by Python: (width, height, RGB bytes).
    func decode(_ url: URL) throws -> (Int, Int, [UInt8]) {
        let out = url.deletingPathExtension().appendingPathExtension("rgb")
        let decoded = try ProcessRunner.run(try ExternalTool.python3.require().path,
                                            arguments: [CLI.packageRoot.appendingPathComponent("scripts/png_to_rgb.py").path, url.path, out.path])
        try #require(decoded.termination == .exit(0), "png_to_rgb.py \(decoded.termination) on \(url.path): \(decoded.stderrText)")
        let text = decoded.stdoutText
        let dims = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return (dims[0], dims[1], [UInt8](try Data(contentsOf: out)))
    }

    func rgb(_ image: (Int, Int, [UInt8]), _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * image.0 + x) * 3
        return Array(image.2[i..<i + 3])
    }

    func expectFailure(_ args: [String], status: Int32, mentioning text: String) throws {
        let r = try CLI.run(args)
        #expect(r.status == status, "pageinfo \(args.joined(separator: " ")): \(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderrLines.count == 1, "one line on stderr: \(r.stderr)")
        #expect(r.stderr.hasPrefix("pageinfo: "))
        #expect(r.stderr.contains(text), "stderr: \(r.stderr)")
    }

    @Test("draw --space raw: a PNG whose CropBox outline and content sit where the numbers say",
          .requiresTool(.python3))
    func drawRawPNG() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("raw.png")
        let r = try CLI.run(["draw", Self.rotations, "--page", "2", "--space", "raw", "--boxes", "crop", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.isEmpty && r.stderr.isEmpty)
        let image = try decode(out)
        // 500×700 page image (1 px/pt over the MediaBox) with a 24-pixel margin on each side.
        #expect(image.0 == 500 + 48)
        let m = 24
        // CropBox outline: 2 px inside raw x = 20 → columns 20, 21; raw y = 630 → row 700 − 630 = 70.
        #expect(rgb(image, m + 20, m + 300) == [0x00, 0xA0, 0x30])
        #expect(rgb(image, m + 21, m + 300) == [0x00, 0xA0, 0x30])
        #expect(rgb(image, m + 200, m + 70) == [0x00, 0xA0, 0x30])
        // Outside the CropBox but inside the MediaBox: white paper; inside: the fixture's light blue.
        #expect(rgb(image, m + 10, m + 300) == [255, 255, 255])
        let tint = rgb(image, m + 30, m + 300)
        #expect(abs(Int(tint[0]) - 235) <= 3 && abs(Int(tint[1]) - 242) <= 3 && tint[2] == 255)
    }

    @Test("--scale and --width set the page image's size; SVG states it and embeds a PNG")
    func sizes() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Page 1: 400×600 displayed. --scale 0.5 → 200×300; picture 200 + 2·24 wide.
        let a = dir.appendingPathComponent("a.png")
        #expect(try CLI.run(["draw", Self.rotations, "--page", "1", "--scale", "0.5", "-o", a.path]).status == 0)
        #expect(try pngSize(a).0 == 248)
        // --width 1000: 1000×1500, and from 1000 px on the margin is 48.
        let b = dir.appendingPathComponent("b.png")
        #expect(try CLI.run(["draw", Self.rotations, "--page", "1", "--width", "1000", "-o", b.path]).status == 0)
        #expect(try pngSize(b).0 == 1096)
        // SVG: page 2 displayed 600×400; --width 300 → 150 px high.
        let c = dir.appendingPathComponent("c.SVG")
        let r = try CLI.run(["draw", Self.rotations, "--page", "2", "--width", "300", "--viewport", "100,50,200,150", "-o", c.path])
        #expect(r.status == 0, "\(r.stderr)")
        let svg = try String(contentsOf: c, encoding: .utf8)
        #expect(svg.contains("<image id=\"page\" x=\"0\" y=\"0\" width=\"300\" height=\"200\""))
        // The viewport: page (100, 50, 200, 150) at 0.5 px/pt → x 50, y (400 − 200)·0.5 = 100, 100 × 75.
        #expect(svg.contains("<rect id=\"viewport\" x=\"50\" y=\"100\" width=\"100\" height=\"75\"/>"))
        #expect(svg.contains("data:image/png;base64,iVBORw0KGgo"))
    }

    @Test("draw reads encrypted files with --password")
    func encrypted() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("e.png")
        let r = try CLI.run(["draw", CLI.fixture("encrypted.pdf"), "--page", "1", "--password", "secret", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        try expectFailure(["draw", CLI.fixture("encrypted.pdf"), "--page", "1", "-o", out.path], status: 77, mentioning: "password")
    }

    @Test("errors: one line, documented exit codes, no file left behind")
    func errors() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("x.png").path
        try expectFailure(["draw", Self.rotations, "--page", "11", "-o", png], status: 64, mentioning: "10 pages")
        try expectFailure(["draw", Self.rotations, "--page", "0", "-o", png], status: 64, mentioning: "--page")
        try expectFailure(["draw", Self.rotations, "--page", "1", "-o", dir.appendingPathComponent("x.jpg").path], status: 64, mentioning: ".png or .svg")
        try expectFailure(["draw", Self.rotations, "--page", "1", "-o", png, "--scale", "1000"], status: 64, mentioning: "megapixels; use a smaller --scale or --width")
        // Page 1 shows 400x600 pt: --width 8164 makes an 8164 x 12246 page image (99.98 MP, within
        // the limit), but the picture adds a 48-pixel margin on each side and the legend band:
        // 8260 x more than 12342, over 100 MP.
        try expectFailure(["draw", Self.rotations, "--page", "1", "-o", png, "--width", "8164"], status: 64, mentioning: "100 megapixels")
        try expectFailure(["sheet", Self.rotations, "-o", png, "--container", "40000x100"], status: 64,
                          mentioning: "megapixels; use fewer --pages, a smaller --container or a smaller --spacing")
        // Files pageinfo reads (exit 2) that Poppler's renderer cannot: the reason, not a bare code.
        // catalog-no-pages.pdf: the page is found by scanning the objects (no /Pages to reach it).
        try expectFailure(["draw", CLI.fixture("damaged/catalog-no-pages.pdf"), "--page", "1", "-o", png], status: 65,
                          mentioning: "page 1 cannot be rendered: Poppler's renderer finds no pages through the file's page tree; "
                              + "pageinfo found this page by scanning the file's objects, outside the page tree (`pageinfo pages` says page-recovered)")
        // A /Count Poppler does not trust (10^9, 0, more than the objects): pageinfo walks the tree,
        // the renderer finds no pages at all; the message said only "page 1 cannot be rendered".
        for name in ["count-huge", "count-zero", "subtree-listed-twice"] {
            try expectFailure(["draw", CLI.fixture("damaged/\(name).pdf"), "--page", "1", "-o", png], status: 65,
                              mentioning: "\(name).pdf: page 1 cannot be rendered: Poppler's renderer finds no pages through the file's page tree; "
                                  + "pageinfo reads its pages through repairs")
        }
        try expectFailure(["sheet", CLI.fixture("damaged/count-zero.pdf"), "-o", png], status: 65,
                          mentioning: "count-zero.pdf: page 1 cannot be rendered: Poppler's renderer finds no pages")
        // kids-direct.pdf: the renderer counts both pages but cannot load a page written in place.
        try expectFailure(["draw", CLI.fixture("damaged/kids-direct.pdf"), "--page", "2", "-o", png], status: 65,
                          mentioning: "kids-direct.pdf: page 2 cannot be rendered: Poppler's renderer cannot load it from the page tree; "
                              + "the page tree lists it as a dictionary written in place, which Poppler's page tree does not load (`pageinfo pages` says kid-direct)")
        // node-direct.pdf: page 2 is listed by reference, after a Pages node written in place, where
        // Poppler's page tree stops.
        try expectFailure(["draw", CLI.fixture("damaged/node-direct.pdf"), "--page", "2", "-o", png], status: 65,
                          mentioning: "page 2 cannot be rendered: Poppler's renderer cannot load it from the page tree; "
                              + "Poppler's page tree stops at page 1, which the tree lists as a dictionary written in place")
        // pages-direct.pdf: the catalog's /Pages written in place; Poppler 22.12's renderer counts
        // its /Count but loads no page, 25.03's finds none; either way the note names the cause.
        let pagesDirect = "; the catalog lists the page tree as a dictionary written in place, which Poppler's page tree does not load (`pageinfo pages` says pages-direct)"
        let drawn = try CLI.run(["draw", CLI.fixture("damaged/pages-direct.pdf"), "--page", "2", "-o", png])
        #expect(drawn.status == 65 && drawn.stderrLines.count == 1, "\(drawn.stderr)")
        #expect(drawn.stderr.contains("pages-direct.pdf: page 2 cannot be rendered: Poppler's renderer ") && drawn.stderr.hasSuffix(pagesDirect + "\n"),
                "\(drawn.stderr)")
        try expectFailure(["sheet", CLI.fixture("damaged/pages-direct.pdf"), "-o", png], status: 65, mentioning: pagesDirect)
        // pages-direct-no-kids.pdf: its one page is found by scanning, not in the tree written in
        // place: the scan is the reason named, not the catalog. (Poppler 22.12's renderer counts
        // the root's /Count, 25.03's finds no pages: the middle of the message differs.)
        let scanned = try CLI.run(["draw", CLI.fixture("damaged/pages-direct-no-kids.pdf"), "--page", "1", "-o", png])
        #expect(scanned.status == 65 && scanned.stderrLines.count == 1, "\(scanned.stderr)")
        #expect(scanned.stderr.contains("pages-direct-no-kids.pdf: page 1 cannot be rendered: Poppler's renderer ")
                    && scanned.stderr.hasSuffix("; pageinfo found this page by scanning the file's objects, outside the page tree (`pageinfo pages` says page-recovered)\n"),
                "\(scanned.stderr)")
        // From a pipe: the message names '-', not the copy's /proc/self/fd/N.
        let piped = try InputTests.shell("cat \"$F\" | \"$PAGEINFO\" draw - --page 1 -o \"$O\"",
                                         environment: ["F": CLI.fixture("damaged/count-zero.pdf"), "O": png])
        #expect(piped.status == 65 && piped.stderr.hasPrefix("pageinfo: -: page 1 cannot be rendered: Poppler's renderer finds no pages"), "\(piped.stderr)")
        // trailer-no-root.pdf: the renderer's open fails (errDamaged) where the reader finds the catalog.
        try expectFailure(["draw", CLI.fixture("damaged/trailer-no-root.pdf"), "--page", "1", "-o", png], status: 65,
                          mentioning: "the file is damaged beyond its repair (error 3); pageinfo reads its pages through repairs")
        try expectFailure(["draw", Self.rotations, "--page", "1", "-o", png, "--scale", "-1"], status: 64, mentioning: "--scale")
        try expectFailure(["draw", Self.rotations, "--page", "1", "-o", png, "--scale", "2", "--width", "9"], status: 64, mentioning: "not both")
        try expectFailure(["draw", Self.rotations, "--page", "1", "-o", png, "--boxes", "crop,foo"], status: 64, mentioning: "'foo'")
        try expectFailure(["draw", Self.rotations, "--page", "1", "-o", png, "--viewport", "1,2,3"], status: 64, mentioning: "--viewport")
        // Page 1 shows 400x600 pt, at scale 1 with a 24-pixel margin: a viewport wholly beyond both
        // would be drawn as nothing; one inside the margin (just off the page's corner) is drawn.
        try expectFailure(["draw", Self.rotations, "--page", "1", "-o", png, "--viewport", "5000,5000,10,10"], status: 64,
                          mentioning: "--viewport 5000,5000,10,10 lies wholly outside the page (page space 0…400 x 0…600 pt)")
        try expectFailure(["draw", Self.rotations, "--page", "1", "-o", png, "--viewport", "-100,-100,50,50"], status: 64, mentioning: "wholly outside")
        let inMargin = try CLI.run(["draw", Self.rotations, "--page", "1", "-o", png, "--viewport", "-10,-10,5,5"])
        #expect(inMargin.status == 0, "\(inMargin.stderr)")
        try? FileManager.default.removeItem(atPath: png)
        try expectFailure(["draw", Self.rotations, "--page", "1", "-o", "/nonexistent-dir/x.png"], status: 74, mentioning: "cannot write")
        try expectFailure(["draw", CLI.fixture("not-a-pdf.pdf"), "--page", "1", "-o", png], status: 65, mentioning: "not a PDF")
        try expectFailure(["draw", dir.appendingPathComponent("missing.pdf").path, "--page", "1", "-o", png], status: 66, mentioning: "missing.pdf")
        try expectFailure(["sheet", Self.rotations, "-o", dir.appendingPathComponent("s.svg").path], status: 64, mentioning: ".png")
        try expectFailure(["sheet", Self.rotations, "-o", png, "--pages", "20"], status: 64, mentioning: "--pages")
        try expectFailure(["sheet", Self.rotations, "-o", png, "--container", "0x5"], status: 64, mentioning: "--container")
        #expect(!FileManager.default.fileExists(atPath: png))
    }

    @Test("sheet: the grid's size, thumbnails captioned with labels",
          .requiresTool(.python3))
    func sheet() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("sheet.png")
        let r = try CLI.run(["sheet", CLI.fixture("labels.pdf"), "-o", out.path, "--container", "375x667", "--pages", "1-6"])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try decode(out)
        // 6 Letter pages: 3 columns of 118×153 (thumbnails' worked example), 2 rows: 2·153 + 10 = 316 px, then the legend.
        #expect(image.0 == 375)
        #expect(image.1 > 316)
        // The spacing between columns is the sheet's background.
        #expect(rgb(image, 122, 60) == [0xD8, 0xD8, 0xD8])
        #expect(rgb(image, 60, 158) == [0xD8, 0xD8, 0xD8])
    }

    @Test("a corpus file draws in both spaces", .enabled(if: FileManager.default.fileExists(atPath: CLI.corpusFile("pdfium-cropped_text.pdf")),
                                                         "needs ../shared/corpus"))
    func corpusFile() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        for space in ["raw", "page"] {
            let out = dir.appendingPathComponent("\(space).png")
            let r = try CLI.run(["draw", CLI.corpusFile("pdfium-cropped_text.pdf"), "--page", "3", "--space", space, "-o", out.path])
            #expect(r.status == 0, "\(r.stderr)")
            // Page 3: MediaBox 200×200, CropBox [60 60 150 150] (90×90).
            #expect(try pngSize(out).0 == (space == "raw" ? 200 : 90) + 48)
        }
    }
}
