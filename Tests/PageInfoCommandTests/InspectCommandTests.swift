// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// `pageinfo inspect`, end to end: what the HTML file holds and the one-line errors. What the
/// report shows in a browser is `scripts/check_inspect.py`'s (headless Chromium, `make test`).
///
/// `Fixtures/rotations.pdf` page 2: MediaBox 500×700, CropBox [20 30 420 630], /Rotate 90, so
/// at --scale 1 its picture is the MediaBox turned, 700 × 500 pixels, and the CropBox is the
/// picture rectangle x 30…630, y 20…420 (raw (x, y) is picture (y, x)).
extension DrawCommandTests {
    /// The page objects `pageinfo pages --format json ARGS` prints, one JSON text each, as the
    /// record writer wrote them.
    func pageRecordTexts(_ args: [String]) throws -> [String] {
        let r = try CLI.run(["pages", Self.rotations, "--format", "json"] + args)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdoutLines.filter { $0.hasPrefix("{\"record\":\"page\"") }.map { String($0.hasSuffix(",") ? $0.dropLast() : $0[...]) }
    }

    @Test("a report holds every page, its record as pages writes it, and nothing it would fetch")
    func inspectReport() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("r.html")
        let r = try CLI.run(["inspect", Self.rotations, "--scale", "1", "-o", out.path])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let html = try String(contentsOf: out, encoding: .utf8)
        for index in 0..<10 { #expect(html.contains("<section class=\"page\" data-page-index=\"\(index)\"")) }
        let records = try pageRecordTexts(["--dpi", "300", "--frames", "all"])
        #expect(records.count == 10)
        for (index, record) in records.enumerated() {
            #expect(html.contains("{\"record\":" + record + ",\"bitmaps\":"), "page \(index + 1)'s record")
        }
        // Page 2's CropBox in its picture, as the header's arithmetic gives it.
        #expect(html.contains("<rect data-layer=\"CropBox\" x=\"30\" y=\"20\" width=\"600\" height=\"400\""))
        #expect(html.contains("<svg class=\"picture\" xmlns=\"http://www.w3.org/2000/svg\" width=\"700\" height=\"500\""))
        #expect(html.contains("content=\"default-src 'none'; img-src data:;"))
        for fetching in ["<link", " src=", "url(", "@import", "http://", "https://"] {
            let found = html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
                .replacingOccurrences(of: "\"http://www.w3.org/2000/svg\"", with: "").contains(fetching)
            #expect(!found, "the report holds \(fetching)")
        }
    }

    /// Labels and file names that would end the page's script or an attribute are text: `<` in
    /// the embedded JSON is `\u003c`, in the page `&lt;`.
    @Test("a label holding </script> and quotes stays text; --view, --bitmap-size and --overlay reach the report")
    func inspectEscapesAndOptions() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let boxes = try write(#"[{"box": [120, 80, 220, 130], "label": "</script><b a=\"x\">", "page": 2}]"#, "<b>&\".json", in: dir)
        let out = dir.appendingPathComponent("r.html")
        let r = try CLI.run(["inspect", Self.rotations, "--pages", "2", "--scale", "1", "--view", "300x200", "--bitmap-size", "1200x800",
                             "--overlay", boxes, "--frame", "raw", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOf: out, encoding: .utf8)
        #expect(html.components(separatedBy: "</script>").count - 1 == html.components(separatedBy: "<script").count - 1)
        #expect(html.contains("<title>&lt;/script&gt;&lt;b a=&quot;x&quot;&gt;</title>") || html.contains("<title>&lt;/script&gt;&lt;b a=\"x\"&gt;</title>"))
        #expect(html.contains("&lt;b&gt;&amp;") && !html.contains("<b>&"), "the file's name as text")
        // The box: raw [120 80 220 130] is picture x 80…130, y 120…220 (raw (x, y) → (y, x)).
        #expect(html.contains("<rect data-overlay-box x=\"80\" y=\"120\" width=\"50\" height=\"100\" data-raw-x0=\"120\" data-raw-y0=\"80\" data-raw-x1=\"220\" data-raw-y1=\"130\""))
        // View space of a 300x200 view: the 600 × 400 page at 0.5 (convert's help example), and
        // the requested bitmap.
        #expect(html.contains("\"view\":{\"width\":300,\"height\":200,\"rawToView\":{\"a\":0,\"b\":0.5,\"c\":0.5,\"d\":0,\"tx\":-15,\"ty\":-10}"))
        #expect(html.contains("\"requestedWidth\":1200,\"requestedHeight\":800"))
    }

    /// A page pageinfo reads but Poppler's renderer cannot reach (found by scanning the objects)
    /// is a section with the renderer's reason; the report is still written, exit 0.
    @Test("a page the renderer cannot reach is shown with the reason")
    func inspectUnrenderedPage() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("r.html")
        let r = try CLI.run(["inspect", CLI.fixture("damaged/catalog-no-pages.pdf"), "-o", out.path])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let html = try String(contentsOf: out, encoding: .utf8)
        #expect(html.contains("<section class=\"page failed\" data-page-index=\"0\">\n<h2>Page 1 · not rendered</h2>"))
        #expect(html.contains("page 1 cannot be rendered: Poppler&#39;s renderer finds no pages") || html.contains("page 1 cannot be rendered: Poppler's renderer finds no pages"))
        #expect(html.contains("pageinfo found this page by scanning the file"))
    }

    /// `Fixtures/boxes.pdf` page 2's CropBox as written reaches past the MediaBox: pdfplumber
    /// cuts by it, so its pixels are not modelled (`pages` records `"bitmap": null`), and boxes
    /// or a region given in them are refused, not drawn somewhere else.
    @Test("boxes in an image the records do not model are refused by draw and inspect")
    func unmodelledImage() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let boxes = try write("[[1,2,3,4]]", "b.json", in: dir)
        let image = ["--frame", "pixels", "--dpi", "72", "--renderer", "pdfplumber"]
        let said = "page 2: the image pdfplumber makes of this page is not modelled"
        for args in [["draw", CLI.fixture("boxes.pdf"), "--page", "2", "--overlay", boxes] + image + ["-o", dir.appendingPathComponent("d.png").path],
                     ["draw", CLI.fixture("boxes.pdf"), "--page", "2", "--region", "0,0,10,10"] + image + ["-o", dir.appendingPathComponent("d.png").path],
                     ["inspect", CLI.fixture("boxes.pdf"), "--pages", "2", "--overlay", boxes] + image + ["-o", dir.appendingPathComponent("r.html").path]] {
            let r = try CLI.run(args)
            #expect(r.status == 64 && r.stderrLines.count == 1 && r.stderr.contains(said), "\(args): \(r.stderr)")
        }
        let page1 = try CLI.run(["draw", CLI.fixture("boxes.pdf"), "--page", "1", "--overlay", boxes] + image + ["-o", dir.appendingPathComponent("d.png").path])
        #expect(page1.status == 0, "\(page1.stderr)")
    }

    @Test("bad input is one line and its exit code")
    func inspectErrors() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("r.html").path
        let notBoxes = try write("<html>", "b.json", in: dir)
        let boxes = try write("[[1,2,3,4]]", "ok.json", in: dir)
        let cases: [([String], Int32, String)] = [
            (["--pages", "20"], 64, "pageinfo: --pages: page 20 is out of range"),
            (["--overlay", notBoxes, "--frame", "raw"], 65, "pageinfo: --overlay \(notBoxes): "),
            (["--overlay", dir.appendingPathComponent("none.json").path, "--frame", "raw"], 66, "pageinfo: --overlay "),
            (["--overlay", boxes, "--frame", "sideways"], 64, "--frame sideways"),
            (["--overlay", boxes], 64, "--overlay needs --frame F"),
            (["--scale", "100"], 64, "pageinfo: page 1: the picture would be at least"),
            (["--frame", "raw"], 64, "--frame names the frame of --overlay boxes: give --overlay"),
            (["--pages", "1-10", "--scale", "13"], 64, "megapixels, more than a report's limit of 400"),
            (["--renderer", "sideways"], 64, "--renderer sideways"),
            (["--dpi", "0"], 64, "--dpi 0"),
        ]
        for (args, status, line) in cases {
            let r = try CLI.run(["inspect", Self.rotations, "-o", out] + args)
            #expect(r.status == status, "\(args): \(r.stderr)")
            #expect(r.stderrLines.count == 1 && r.stderr.contains(line), "\(args): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(args) left a report")
        }
        let png = try CLI.run(["inspect", Self.rotations, "-o", dir.appendingPathComponent("r.png").path])
        #expect(png.status == 64 && png.stderr.contains("give a name ending in .html"), "\(png.stderr)")
    }
}
