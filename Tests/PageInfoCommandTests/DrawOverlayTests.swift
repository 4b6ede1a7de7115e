// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// `pageinfo draw --overlay BOXES --frame F`, `--region` and `--bare`, end to end.
///
/// `Fixtures/rotations.pdf` page 2: MediaBox [0 0 500 700], CropBox [20 30 420 630], /Rotate 90.
/// At --scale 1 the picture's view space is the displayed page, 600 × 400: raw (x, y) is view
/// (y − 30, x − 20). The raw box [120 80 220 130] is so view x 50…100, y 100…200, and, worked
/// out by hand in each frame: page space (y − 30, 420 − x) [50 200 100 300]; pdftoppm's MediaBox
/// image at 144 dpi (1400 × 1000 px, 2 px/pt, its top-left the raw origin: (2y, 2x))
/// [160 240 260 440], as ratios [160/1400 0.24 260/1400 0.44]; PyMuPDF's frame (x − 20, 630 − y)
/// [100 500 200 550].
extension DrawCommandTests {
    func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The `x, y, width, height` of each `<rect class="overlay-…">` of an SVG, in order.
    func overlayRects(_ svg: String) -> [[Double]] {
        svg.split(separator: "\n").filter { $0.contains("class=\"overlay-") }.map { line in
            ["x", "y", "width", "height"].map { key -> Double in
                guard let r = line.range(of: " \(key)=\"") else { return .nan }
                return Double(line[r.upperBound...].prefix { $0 != "\"" }) ?? .nan
            }
        }
    }

    @Test("one box given in five frames lands on the same pixels")
    func overlayFrames() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let raw = try write(#"[{"box": [120, 80, 220, 130], "label": "raw"}]"#, "raw.json", in: dir)
        let page = try write("x0,y0,x1,y1,label\n50,200,100,300,\"page, space\"\n", "page.csv", in: dir)
        let pixels = try write(#"{"boxes": [[160, 240, 260, 440]]}"#, "pixels.json", in: dir)
        let normalized = try write("[{\"x0\": \(160.0 / 1400), \"y0\": 0.24, \"x1\": \(260.0 / 1400), \"y1\": 0.44}]", "normalized.json", in: dir)
        let pymupdf = try write("[[200, 550, 100, 500]]", "pymupdf.json", in: dir)   // (corners in either order)
        let out = dir.appendingPathComponent("o.svg")
        let r = try CLI.run(["draw", Self.rotations, "--page", "2", "-o", out.path,
                             "--overlay", raw, "--frame", "raw", "--overlay", page, "--frame", "page",
                             "--overlay", pixels, "--frame", "pixels", "--overlay", normalized, "--frame", "normalized",
                             "--overlay", pymupdf, "--frame", "pymupdf", "--dpi", "144", "--renderer", "pdftoppm"])
        #expect(r.status == 0, "\(r.stderr)")
        let svg = try String(contentsOf: out, encoding: .utf8)
        let rects = overlayRects(svg)
        #expect(rects.count == 5)
        for rect in rects {
            #expect(zip(rect, [50.0, 100, 50, 100]).allSatisfy { abs($0 - $1) < 1e-3 }, "\(rect)")
        }
        #expect(svg.contains("<title>page, space</title>"))
        #expect(svg.contains("pixels.json: 1 box (pixels of pdftoppm at 144 dpi)"))
    }

    /// At most 500 labels are drawn, the first of all files in order; the legend says which
    /// file's were cut: 300 labelled boxes in each of two files leave 200 of the second's.
    @Test("--annotations: each annotation outlined where the golden says its appearance is drawn, labelled with its subtype")
    func annotations() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let golden = try AnnotationsCommandTests.golden("annotations")
        for number in [2, 5] {   // /Rotate 90; an offset CropBox under /Rotate 90
            let out = dir.appendingPathComponent("a\(number).svg")
            let r = try CLI.run(["draw", AnnotationsCommandTests.file, "--page", "\(number)", "--annotations", "-o", out.path])
            #expect(r.status == 0, "\(r.stderr)")
            let svg = try String(contentsOf: out, encoding: .utf8)
            let g = golden[number - 1]
            let crop = try #require(g["cropBox"] as? [Double]), rotation = try #require(g["rotation"] as? Int)
            let height = rotation % 180 != 0 ? crop[2] - crop[0] : crop[3] - crop[1]
            let expected = try #require(g["annotations"] as? [[String: Any]])
            let rects = overlayRects(svg)
            #expect(rects.count == expected.count)
            for (rect, e) in zip(rects, expected) {
                // The drawn rectangle (else /Rect) in page space, then view space at --scale 1.
                let raw = try #require(AnnotationsCommandTests.numbers(e["drawnRect"]) ?? AnnotationsCommandTests.numbers(e["rect"]))
                let p = AnnotationsCommandTests.pageRect(raw, crop: crop, rotation: rotation)
                let view = [p[0], height - p[1] - p[3], p[2], p[3]]
                #expect(zip(rect, view).allSatisfy { abs($0 - $1) < 1e-3 }, "page \(number) \(e["subtype"] ?? ""): \(rect) against \(view)")
            }
            for subtype in Set(expected.compactMap { $0["subtype"] as? String }) { #expect(svg.contains("<title>\(subtype)</title>")) }
            #expect(svg.contains("annotations: \(expected.count) boxes"))
        }
    }

    @Test("the label limit counts across files and the legend says so")
    func labelLimit() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let boxes = "[" + (0..<300).map { "{\"box\": [\($0 % 20 * 20), \($0 / 20 * 20), \($0 % 20 * 20 + 10), \($0 / 20 * 20 + 10)], \"label\": \"b\($0)\"}" }
            .joined(separator: ",") + "]"
        let a = try write(boxes, "a.json", in: dir), b = try write(boxes, "b.json", in: dir)
        let out = dir.appendingPathComponent("l.svg")
        let r = try CLI.run(["draw", Self.rotations, "--page", "2", "-o", out.path, "--overlay", a, "--overlay", b, "--frame", "raw"])
        #expect(r.status == 0, "\(r.stderr)")
        let svg = try String(contentsOf: out, encoding: .utf8)
        #expect(svg.contains("a.json: 300 boxes (raw)<") && svg.contains("b.json: 300 boxes (raw), 200 of its 300 labels drawn<"), "\(svg.suffix(2000))")
    }

    @Test("boxes of other pages are left out; labels and colours in the PNG", .requiresTool(.python3))
    func overlayPNG() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let boxes = try write(#"[{"box": [120, 80, 220, 130], "page": 2}, {"box": [300, 300, 400, 400], "page": 3}]"#, "b.json", in: dir)
        let out = dir.appendingPathComponent("o.png")
        let r = try CLI.run(["draw", Self.rotations, "--page", "2", "--bare", "-o", out.path,
                             "--overlay", boxes, "--frame", "raw"])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try decode(out)
        #expect(image.0 == 600 && image.1 == 400)   // --bare: the page alone, no margin or legend
        // The box's edges (view 50…100 × 100…200, drawn inside it) are the first file's pink.
        #expect(rgb(image, 50, 150) == [0xFF, 0x1F, 0x8E] && rgb(image, 99, 150) == [0xFF, 0x1F, 0x8E])
        #expect(rgb(image, 75, 100) == [0xFF, 0x1F, 0x8E] && rgb(image, 75, 199) == [0xFF, 0x1F, 0x8E])
        #expect(rgb(image, 75, 150) != [0xFF, 0x1F, 0x8E])
        // Page 3's box (raw [300 300 400 400]: view 270…370 × 280…380) is not drawn.
        #expect(rgb(image, 270, 330) != [0xFF, 0x1F, 0x8E])
    }

    @Test("--region: the rectangle alone, from any frame")
    func region() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("r.png")
        // pdftoppm's MediaBox pixels at 144 dpi [160 240 260 440] = raw [120 80 220 130]: 50 × 100 pt
        // displayed, so 100 × 200 px at --scale 2.
        let r = try CLI.run(["draw", Self.rotations, "--page", "2", "--bare", "--scale", "2", "--region", "160,240,100,200",
                             "--frame", "pixels", "--dpi", "144", "--renderer", "pdftoppm", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let (w, h) = try pngSize(out)
        #expect(w == 100 && h == 200)
    }

    @Test("misuse: one line, exit 64 (or 65, 66 for the boxes file)")
    func overlayMisuse() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("x.png").path
        let good = try write("[[1, 2, 3, 4]]", "good.json", in: dir)
        let base = ["draw", Self.rotations, "--page", "2", "-o", png]
        try expectFailure(base + ["--overlay", good], status: 64, mentioning: "--overlay needs --frame F")
        try expectFailure(base + ["--frame", "raw"], status: 64, mentioning: "--frame names the frame of --overlay boxes or of --region")
        try expectFailure(base + ["--overlay", good, "--frame", "fitz"], status: 64, mentioning: "--frame fitz: unknown frame")
        try expectFailure(base + ["--overlay", good, "--frame", "pixels"], status: 64, mentioning: "--frame pixels: the boxes are of an image")
        try expectFailure(base + ["--overlay", good, "--frame", "raw", "--dpi", "150"], status: 64, mentioning: "describe the image of --frame pixels or normalized")
        try expectFailure(base + ["--overlay", good, "--overlay", good, "--overlay", good, "--frame", "raw", "--frame", "page"], status: 64,
                          mentioning: "--frame is given 2 times for 3 --overlay files")
        try expectFailure(base + ["--overlay", good, "--frame", "pixels", "--bitmap-size", "10x10", "--renderer", "ghostscript"], status: 64,
                          mentioning: "--renderer ghostscript takes --dpi D")
        try expectFailure(["draw", Self.rotations, "--page", "2", "-o", dir.appendingPathComponent("x.svg").path, "--bare"], status: 64,
                          mentioning: "--bare writes the page's render as PNG")
        try expectFailure(base + ["--region", "10,10,0,5", "--frame", "raw"], status: 64, mentioning: "--region: the rectangle must have a positive width and height")
        try expectFailure(base + ["--region", "1000,1000,10,10", "--frame", "raw"], status: 64, mentioning: "does not meet the MediaBox [0 0 500 700]")
        try expectFailure(base + ["--overlay", dir.appendingPathComponent("missing.json").path, "--frame", "raw"], status: 66,
                          mentioning: "--overlay \(dir.appendingPathComponent("missing.json").path): ")
        let many = "[" + Array(repeating: "[0,0,1,1]", count: 100_001).joined(separator: ",") + "]"
        try expectFailure(base + ["--overlay", try write(many, "many.json", in: dir), "--frame", "raw"], status: 65,
                          mentioning: "more than 100000 boxes")
        let manyRows = "x0,y0,x1,y1\n" + Array(repeating: "0,0,1,1", count: 100_001).joined(separator: "\n")   // (no final newline)
        try expectFailure(base + ["--overlay", try write(manyRows, "many.csv", in: dir), "--frame", "raw"], status: 65,
                          mentioning: "more than 100000 boxes")
        try expectFailure(base + ["--bare", "--boxes", "crop"], status: 64, mentioning: "--bare draws the render and the --overlay boxes only: leave out --boxes")
        for (text, message) in [("not boxes", "CSV needs a header naming x0, y0, x1, y1"), ("[1, 2]", "box 0: expected [x0, y0, x1, y1]"),
                                ("[[1, 2, 3]]", "a box is 4 numbers"), ("[{\"box\": [1, 2, 3, 1e400]}]", "not valid JSON"),
                                ("x0,y0,x1,y1\n1,2,three,4\n", "row 2: x1 \"three\" is not a number"), ("[]", "no boxes in the file"),
                                ("[{\"box\": [1, 2, 3, 4], \"page\": 0}]", "page 0 is not a page number")] {
            let bad = try write(text, "bad.json", in: dir)
            try expectFailure(base + ["--overlay", bad, "--frame", "raw"], status: 65, mentioning: message)
        }
    }
}
