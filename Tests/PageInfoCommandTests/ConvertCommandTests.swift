// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageGeometry
import PageInfoEncoding
import PageInfoTestSupport
import Testing

/// `pageinfo convert`, end to end: the built binary on real fixtures and corpus files.
///
/// `Fixtures/rotations.pdf`: every page is 500×700 with CropBox [20 30 420 630] (400×600,
/// offset from the origin); pages 1–4 have /Rotate 0, 90, 180, 270 (Fixtures/rotations.golden.json).
@Suite("pageinfo convert")
struct ConvertCommandTests {
    static let rotations = CLI.fixture("rotations.pdf")

    /// Runs `pageinfo convert args…` and returns stdout lines, expecting success.
    func convert(_ args: [String], stdin: String? = nil) throws -> [String] {
        let r = try CLI.run(["convert"] + args, stdin: stdin)
        #expect(r.status == 0, "pageinfo convert \(args.joined(separator: " ")): \(r.stderr)")
        #expect(r.stderr.isEmpty)
        return r.stdoutLines
    }

    // MARK: - Points and rectangles

    @Test func pointFromTheHelpExample() throws {
        // Page 2: /Rotate 90, displayed 600×400; view 300x200 → scale 0.5.
        // raw (120, 80) → page (80 − 30, 420 − 120) = (50, 300) → view (25, (400 − 300)·0.5) = (25, 50).
        #expect(try convert([Self.rotations, "--page", "2", "--from", "raw", "--to", "view", "--view", "300x200", "120,80"]) == ["25,50"])
        // And back, through page space.
        #expect(try convert([Self.rotations, "--page", "2", "--from", "view", "--to", "page", "--view", "300x200", "25,50"]) == ["50,300"])
        #expect(try convert([Self.rotations, "--page", "2", "--from", "page", "--to", "raw", "50,300"]) == ["120,80"])
    }

    /// --dpi with --renderer: view space is that call's image. Page 2 (MediaBox [0 0 500 700],
    /// CropBox [20 30 420 630], /Rotate 90) at 72 dpi: the CropBox image's pixel of raw (x, y) is
    /// (y − 30, x − 20), raw (120, 80) → (50, 100); pdftoppm's and pdf2image's defaults draw the
    /// MediaBox, whose displayed top-left is the raw origin: (y, x) → (80, 120); at 144 dpi
    /// twice that. MuPDF renders the CropBox, as pdftoppm -cropbox does here.
    @Test(arguments: [("pdftoppm-cropbox", "72", "50,100"), ("pdftoppm", "72", "80,120"), ("pdf2image", "72", "80,120"),
                      ("pdf2image", "144", "160,240"), ("mupdf", "72", "50,100"), ("ghostscript", "72", "80,120")])
    func rendererNamesTheImage(renderer: String, dpi: String, expected: String) throws {
        #expect(try convert([Self.rotations, "--page", "2", "--from", "raw", "--to", "view", "--dpi", dpi, "--renderer", renderer,
                             "120,80"]) == [expected])
        let json = try convert([Self.rotations, "--page", "2", "--from", "view", "--to", "raw", "--dpi", dpi, "--renderer", renderer,
                                "--format", "json", expected])
        #expect(json.first?.contains("\"renderer\":\"\(renderer)\"") == true, "\(json)")
    }

    @Test func rendererIsNullWithoutAnImage() throws {
        let plain = try convert([Self.rotations, "--page", "2", "--from", "raw", "--to", "view", "--view", "300x200", "--format", "json", "120,80"])
        #expect(plain.first?.contains("\"renderer\":null") == true)
        let dpi = try convert([Self.rotations, "--page", "2", "--from", "raw", "--to", "view", "--dpi", "72", "--format", "json", "120,80"])
        #expect(dpi.first?.contains("\"renderer\":\"pdftoppm-cropbox\"") == true)
    }

    @Test func rectangleIsStandardized() throws {
        // The CropBox itself fills the view; the same rectangle written from its other corner
        // (negative size) gives the same answer.
        let base = [Self.rotations, "--page", "2", "--from", "raw", "--to", "view", "--view", "300x200"]
        #expect(try convert(base + ["20,30,400,600"]) == ["0,0,300,200"])
        #expect(try convert(base + ["420,630,-400,-600"]) == ["0,0,300,200"])
        // "--" ends the options as usual; negative numbers need no "--".
        #expect(try convert(base + ["--", "420,630,-400,-600"]) == ["0,0,300,200"])
        // Raw rect (120, 80, 40, 20): corners (120, 80) → view (25, 50) and (160, 100) → page
        // (70, 260) → view (35, 70). Standardized: (25, 50, 10, 20).
        #expect(try convert(base + ["120,80,40,20"]) == ["25,50,10,20"])
    }

    @Test func everyRotationRawToPage() throws {
        // raw (120, 80), CropBox [20 30 420 630]:
        //   0: (x − 20, y − 30) = (100, 50)     90: (y − 30, 420 − x) = (50, 300)
        // 180: (420 − x, 630 − y) = (300, 550) 270: (630 − y, x − 20) = (550, 100)
        let expected = ["100,50", "50,300", "300,550", "550,100"]
        for (i, want) in expected.enumerated() {
            #expect(try convert([Self.rotations, "--page", "\(i + 1)", "--from", "raw", "--to", "page", "120,80"]) == [want], "page \(i + 1)")
        }
    }

    @Test func zoomAndCentre() throws {
        // Page 1 (400×600) in a 200×300 view: fit scale 0.5. Zoom 4 → scale 2 with page (100, 100)
        // at the view's centre (100, 150): page (100, 50) → (100, 150 + 50·2) = (100, 250).
        #expect(try convert([Self.rotations, "--page", "1", "--from", "page", "--to", "view", "--view", "200x300",
                             "--zoom", "4", "--center", "100,100", "100,50"]) == ["100,250"])
        // The same view as a viewport: 200/2 = 100 wide, 150 high, centred on (100, 100).
        #expect(try convert([Self.rotations, "--page", "1", "--from", "page", "--to", "view", "--view", "200x300",
                             "--viewport", "50,25,100,150", "100,50"]) == ["100,250"])
    }

    // MARK: - Against the corpus

    /// qpdf-boxes.pdf has pages at every rotation with CropBox [10 20 582 752]; MANIFEST.json
    /// records where the five CropBox points land in a view of twice the displayed size
    /// (reference formula, agreeing with pdfium and MuPDF). Where that view has exactly the
    /// page's aspect ratio, the CLI's aspect-fitted placement must land on the same numbers.
    @Test(.requiresCorpus) func agreesWithManifestOnQpdfBoxes() throws {
        let manifest = try Corpus.loadManifest()
        let file = try #require(manifest.files.first { $0.file == "qpdf-boxes.pdf" })
        var checked = 0
        for page in file.pages {
            guard let view = page.view, let size = page.displayedSize,
                  view.deviceSize.width / size.width == view.deviceSize.height / size.height else { continue }
            let items = view.pagePoints.map { "\(formatCompact($0.x)),\(formatCompact($0.y))" }
            let lines = try convert([file.path, "--page", "\(page.index + 1)", "--from", "raw", "--to", "view",
                                     "--view", "\(formatCompact(view.deviceSize.width))x\(formatCompact(view.deviceSize.height))"] + items)
            #expect(lines.count == 5)
            for (line, ref) in zip(lines, view.reference) {
                let v = line.split(separator: ",").compactMap { Double($0) }
                #expect(v.count == 2 && abs(v[0] - ref.x) <= 0.01 && abs(v[1] - ref.y) <= 0.01, "page \(page.index + 1): \(line) vs \(ref)")
            }
            checked += 1
        }
        #expect(checked >= 4)
    }

    // MARK: - stdin and JSON

    @Test func stdinStreamsManyLinesAndRoundTrips() throws {
        // 2000 points and rectangles (blank lines and CRLF allowed), raw → view → raw.
        // Deterministic spread of coordinates with three decimals, inside and outside the page.
        var lines: [String] = []
        for i in 0..<2000 {
            let x = formatCompact(Double((i * 7919) % 700_000) / 1000 - 100)
            let y = formatCompact(Double((i * 104_729) % 900_000) / 1000 - 100)
            lines.append(i % 3 == 0 ? "\(x),\(y),12.5,7.25" : "\(x),\(y)")
        }
        let input = lines.joined(separator: "\n") + "\n\n"
        let view = ["--view", "1024x768", "--zoom", "3", "--center", "250,150"]
        let toView = try convert([Self.rotations, "--page", "4", "--from", "raw", "--to", "view"] + view, stdin: input)
        #expect(toView.count == 2000)
        let back = try convert([Self.rotations, "--page", "4", "--from", "view", "--to", "raw"] + view,
                               stdin: toView.joined(separator: "\r\n"))
        #expect(back.count == 2000)
        for (original, again) in zip(lines, back) {
            let a = original.split(separator: ",").compactMap { Double($0) }, b = again.split(separator: ",").compactMap { Double($0) }
            #expect(a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-6 }, "\(original) → \(again)")
        }
    }

    @Test func jsonPrintsTheTransformAndItems() throws {
        let r = try CLI.run(["convert", Self.rotations, "--page", "2", "--from", "raw", "--to", "view", "--view", "300x200",
                             "--format", "json", "120,80", "20,30,400,600"])
        #expect(r.status == 0 && r.stderr.isEmpty)
        let json = try #require(try CLI.json(r) as? [String: Any])
        #expect(json["from"] as? String == "raw" && json["to"] as? String == "view" && json["page"] as? Int == 2)
        #expect(json["rotation"] as? Int == 90 && json["scale"] as? Double == 0.5 && json["zoomScale"] as? Double == 1)
        // raw → view at 90°, scale 0.5: X = 0.5·(y − 30) = 0.5·y − 15, Y = 0.5·(x − 20) = 0.5·x − 10,
        // i.e. a = 0, b = 0.5, c = 0.5, d = 0, tx = −15, ty = −10.
        let t = try #require(json["transform"] as? [String: Double])
        #expect(t == ["a": 0, "b": 0.5, "c": 0.5, "d": 0, "tx": -15, "ty": -10])
        let items = try #require(json["items"] as? [[String: [String: Double]]])
        #expect(items.count == 2)
        #expect(items[0]["input"] == ["x": 120, "y": 80] && items[0]["output"] == ["x": 25, "y": 50])
        #expect(items[1]["output"] == ["x": 0, "y": 0, "width": 300, "height": 200])
        // Raw ↔ page needs no view: view, viewport and scale are null.
        let r2 = try CLI.run(["convert", Self.rotations, "--page", "1", "--from", "raw", "--to", "page", "--format", "json"], stdin: "20,30\n")
        let j2 = try #require(try CLI.json(r2) as? [String: Any])
        #expect(j2["view"] is NSNull && j2["scale"] is NSNull && j2["visiblePageFrame"] is NSNull)
        #expect((j2["items"] as? [[String: [String: Double]]])?.first?["output"] == ["x": 0, "y": 0])
    }

    /// `visiblePageFrame`: the part of the view (view units) the page covers, which says what a
    /// contain view of a `--viewport` of another aspect ratio shows. Page 2 is displayed
    /// 600 × 400 pt (/Rotate 90). Worked by hand:
    /// - contain, 300x200, viewport (-100, 300, 400, 200): scale 300/400 = 0.75, the viewport's
    ///   centre (100, 400) at the view's centre (150, 100); X = (x + 100)·0.75,
    ///   Y = 100 − (y − 400)·0.75: the page spans x 75…525, y 100…400, of which the view holds
    ///   (75, 100, 225, 100) — the viewport's upper half lies above the page.
    /// - fill, 300x300, the same viewport: sx = 0.75, sy = 300/200 = 1.5, Y = (500 − y)·1.5:
    ///   the page spans y 150…750, so (75, 150, 225, 150).
    /// - page 1 (400 × 600, /Rotate 0) fitted into 300x300: scale 0.5, (50, 0, 200, 300).
    /// - page 2 centred on (2000, 200): the page lies wholly left of the view: null.
    @Test("--format json: visiblePageFrame is the part of the view the page covers",
          arguments: [(["--page", "2", "--view", "300x200", "--viewport", "-100,300,400,200"], [75.0, 100, 225, 100]),
                      (["--page", "2", "--view", "300x300", "--fit", "fill", "--viewport", "-100,300,400,200"], [75, 150, 225, 150]),
                      (["--page", "1", "--view", "300x300"], [50, 0, 200, 300]),
                      (["--page", "2", "--view", "300x200", "--center", "2000,200"], [])])
    func jsonVisiblePageFrame(options: [String], expected: [Double]) throws {
        let r = try CLI.run(["convert", Self.rotations, "--from", "page", "--to", "view", "--format", "json"] + options + ["0,0"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try CLI.json(r) as? [String: Any])
        #expect(json.keys.contains("visiblePageFrame"), "\(r.stdoutLines.first ?? "")")
        if expected.isEmpty {
            #expect(json["visiblePageFrame"] is NSNull)
        } else {
            let frame = json["visiblePageFrame"] as? [String: Double]
            #expect(frame == ["x": expected[0], "y": expected[1], "width": expected[2], "height": expected[3]], "\(r.stdoutLines.first ?? "")")
        }
        // The field sits after pageFrame, before the transform.
        #expect(r.stdoutLines.first?.contains(#""visiblePageFrame":"#) == true
                && r.stdoutLines.first!.range(of: "pageFrame")!.lowerBound < r.stdoutLines.first!.range(of: "visiblePageFrame")!.lowerBound
                && r.stdoutLines.first!.range(of: "visiblePageFrame")!.lowerBound < r.stdoutLines.first!.range(of: "transform")!.lowerBound)
    }

    /// `--format json` streams: the placement on the first line, one whole item per line (a
    /// leading comma from the second on), `]}` last; a bad stdin line still leaves a document
    /// that parses, holding the items before it.
    @Test func jsonStreamsOneItemPerLine() throws {
        let args = ["convert", Self.rotations, "--page", "2", "--from", "raw", "--to", "view", "--view", "300x200", "--format", "json"]
        let r = try CLI.run(args, stdin: "120,80\n20,30,400,600\n")
        #expect(r.status == 0)
        #expect(r.stdoutLines.count == 4)
        #expect(r.stdoutLines[0].hasSuffix(#""items":["#))
        #expect(r.stdoutLines[1] == #"{"input":{"x":120,"y":80},"output":{"x":25,"y":50}}"#)
        #expect(r.stdoutLines[2] == #",{"input":{"x":20,"y":30,"width":400,"height":600},"output":{"x":0,"y":0,"width":300,"height":200}}"#)
        #expect(r.stdoutLines[3] == "]}")
        let bad = try CLI.run(args, stdin: "120,80\nfoo\n")
        #expect(bad.status == 64 && bad.stderrLines.count == 1 && bad.stderr.contains("stdin line 2"))
        let json = try #require(try CLI.json(bad) as? [String: Any])
        #expect((json["items"] as? [Any])?.count == 1)
    }

    // MARK: - Usage errors: exit 64 and one line on stderr

    @Test(arguments: [
        (["--page", "11", "--from", "raw", "--to", "page", "1,2"], "out of range"),
        (["--page", "0", "--from", "raw", "--to", "page", "1,2"], "numbered from 1"),
        (["--page", "x", "--from", "raw", "--to", "page", "1,2"], "--page"),
        (["--page", "1", "--from", "raw", "--to", "page", "1,x"], "'1,x' is not a point"),
        (["--page", "1", "--from", "raw", "--to", "page", "1,2,3"], "'1,2,3' is not a point"),
        (["--page", "1", "--from", "raw", "--to", "page", "1,inf"], "'1,inf' is not a point"),
        (["--page", "1", "--from", "raw", "--to", "view", "--view", "0x600", "1,2"], "--view"),
        (["--page", "1", "--from", "raw", "--to", "view", "--view", "800xabc", "1,2"], "--view"),
        (["--page", "1", "--from", "raw", "--to", "view", "--view", "800x600", "--viewport", "0,0,100,100", "--zoom", "2", "1,2"],
         "cannot be combined"),
        (["--page", "1", "--from", "raw", "--to", "view", "--view", "800x600", "--viewport", "0,0,100,100", "--center", "2,2", "1,2"],
         "cannot be combined"),
        (["--page", "1", "--from", "raw", "--to", "view", "1,2"], "needs --view"),
        (["--page", "1", "--from", "view", "--to", "raw", "1,2"], "needs --view"),
        (["--page", "1", "--from", "raw", "--to", "page", "--zoom", "2", "1,2"], "--zoom places the view"),
        // View options where no side is view space were ignored, exit 0.
        (["--page", "2", "--from", "raw", "--to", "page", "--view", "300x200", "--zoom", "5", "--center", "9,9", "1,2"], "--view places the view"),
        (["--page", "1", "--from", "raw", "--to", "raw", "--view", "300x200", "--viewport", "1,1,5,5", "1,2"], "--view places the view"),
        (["--page", "1", "--from", "page", "--to", "raw", "--dpi", "72", "1,2"], "--dpi places the view"),
        (["--page", "1", "--from", "raw", "--to", "view", "--view", "800x600", "--viewport", "0,0,0,100", "1,2"], "zero width"),
        // A flat viewport cannot be stretched: the message names the height, not the width alone.
        (["--page", "1", "--from", "raw", "--to", "view", "--view", "800x600", "--viewport", "0,0,10,0", "--fit", "fill", "1,2"],
         "--fit fill stretches it onto the view, so its height must be positive (at least 10^-9)"),
        (["--page", "1", "--from", "page", "--to", "view", "--view", "800x600", "--viewport", "0,0,100,1e-12", "--fit", "fill", "0,0"],
         "its height must be positive (at least 10^-9)"),
        (["--page", "1", "--from", "raw", "--to", "view", "--view", "800x600", "--zoom", "0", "1,2"], "--zoom"),
        (["--page", "1", "--from", "raw", "--to", "view", "--view", "800x600", "--center", "a,b", "1,2"], "--center"),
        (["--page", "1", "--from", "raw", "--to", "sideways", "1,2"], "--to"),
        (["--page", "1", "--from", "raw", "--to", "page", "--veiw", "800x600", "1,2"], "--veiw"),
        (["--page", "1", "--from", "raw", "--to", "page", "--renderer", "pdf2image", "1,2"], "--renderer places the view"),
        (["--page", "1", "--from", "raw", "--to", "view", "--view", "800x600", "--renderer", "pdf2image", "1,2"], "give --dpi D with it"),
        (["--page", "1", "--from", "raw", "--to", "view", "--dpi", "72", "--fit", "fill", "--renderer", "mupdf", "1,2"],
         "it cannot be combined with --fit"),
        (["--page", "1", "--from", "raw", "--to", "view", "--dpi", "72", "--renderer", "fitz", "1,2"], "'fitz' is invalid for '--renderer <renderer>': give one of pdftoppm, pdftoppm-cropbox"),
    ] as [([String], String)])
    func usageErrorExits64WithOneLine(args: [String], phrase: String) throws {
        let r = try CLI.run(["convert", Self.rotations] + args, stdin: "")
        #expect(r.status == 64, "\(args): \(r.stderr)")
        #expect(r.stderrLines.count == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("pageinfo: ") && r.stderr.contains(phrase), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test("a PDF on stdin and no ITEMs: a usage error (stdin cannot hold both; it printed nothing, exit 0)")
    func stdinHoldsThePDF() throws {
        let pdf = try String(contentsOfFile: Self.rotations, encoding: .isoLatin1)
        let r = try CLI.run(["convert", "-", "--page", "2", "--from", "raw", "--to", "page"], stdin: pdf)
        #expect(r.status == 64 && r.stderrLines.count == 1 && r.stderr.contains("give them as arguments"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func malformedStdinLineNamesTheLine() throws {
        let r = try CLI.run(["convert", Self.rotations, "--page", "1", "--from", "raw", "--to", "page"], stdin: "20,30\n\nfoo\n1,2\n")
        #expect(r.status == 64)
        #expect(r.stderrLines == ["pageinfo: stdin line 3: 'foo' is not a point x,y or a rectangle x,y,width,height of finite numbers (see 'pageinfo help')"])
        // What came before the bad line was converted and written.
        #expect(r.stdoutLines == ["0,0"])
    }

    @Test func fileErrorsKeepTheirExitCodes() throws {
        let args = ["--page", "1", "--from", "raw", "--to", "page", "1,2"]
        let missing = try CLI.run(["convert", CLI.fixture("no-such-file.pdf")] + args)
        #expect(missing.status == 66 && missing.stderrLines.count == 1)
        let encrypted = try CLI.run(["convert", CLI.fixture("encrypted.pdf")] + args)
        #expect(encrypted.status == 77 && encrypted.stderrLines.count == 1)
        let notPDF = try CLI.run(["convert", CLI.fixture("not-a-pdf.pdf")] + args)
        #expect(notPDF.status == 65 && notPDF.stderrLines.count == 1)
    }

    @Test func helpTeachesWithACheckableExample() throws {
        let r = try CLI.run(["convert", "--help"])
        #expect(r.status == 0)
        // The example's command, its output and the arithmetic, each line unwrapped at 80 columns.
        #expect(r.stdout.contains("  $ pageinfo convert Fixtures/rotations.pdf --page 2 \\\n        --from raw --to view --view 300x200 120,80\n  25,50\n"))
        #expect(r.stdout.contains("raw (120, 80) → page (y − 30, 420 − x) = (50, 300)"))
        #expect(r.stdout.contains("→ view (50 × 0.5, (400 − 300) × 0.5) = (25, 50)"))
        let discussion = r.stdout.components(separatedBy: "USAGE:")[0]
        #expect(discussion.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
}
