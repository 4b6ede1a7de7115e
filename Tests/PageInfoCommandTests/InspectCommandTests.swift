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
        for (index, record) in try pageRecordTexts(["--dpi", "300", "--frames", "all"]).enumerated() {
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
            (["--scale", "100"], 64, "30000 pixels a side"),
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
