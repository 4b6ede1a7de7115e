// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageInfoTestSupport
import Testing

/// `convert`, `spreads`, `layout`, `viewstate` and `thumbnails` on extreme but legal numbers:
/// usage errors with one line (never a crash, never inf/nan), every write is
/// checked (exit 74 on a full disk: FullDeviceTests), `convert` answers each line as a coprocess needs, and every
/// number these commands print — their `--help` examples included — follows the one rule (at
/// most 9 decimals, no float noise).
@Suite("geometry commands: bounded inputs, checked writes, clean numbers")
struct GeometryCommandRobustnessTests {
    static let rotations = CLI.fixture("rotations.pdf")
    static let mixed = CLI.fixture("mixed.pdf")
    static let labels = CLI.fixture("labels.pdf")

    // MARK: - Extreme numbers: exit 64, one line, nothing on stdout

    static let extremeCases: [[String]] = {
        let convert = ["convert", rotations, "--page", "1", "--from", "raw", "--to", "view"]
        let capture = ["viewstate", "capture", rotations]
        let restore = ["viewstate", "restore", rotations, "--state", #"{"pageIndex":0}"#]
        return [
            convert + ["--view", "400x600", "--zoom", "1e300", "1,2"],
            convert + ["--view", "1e308x1e308", "1,2"],
            convert + ["--view", "1e300x600", "1,2"],
            convert + ["--view", "400x600", "--viewport", "0,0,1e300,1", "1,2"],
            convert + ["--view", "400x600", "--viewport", "0,0,1e-300,1", "1,2"],
            convert + ["--view", "400x600", "--zoom", "nan", "1,2"],
            convert + ["--view", "400x600", "--zoom", "inf", "1,2"],
            convert + ["--view", "400x600", "--zoom", "-1", "1,2"],
            convert + ["--view", "400x600", "--zoom", "0", "1,2"],
            convert + ["--view", "-400x600", "1,2"],
            convert + ["--view", "400x600", "--center", "nan,0", "1,2"],
            convert + ["--view", "400x600", "--center", "1e300,0", "1,2"],
            convert + ["--view", "400x600", "1e300,2"],
            convert + ["--dpi", "0", "1,2"],
            convert + ["--dpi", "1e300", "1,2"],
            convert + ["--dpi", "nan", "1,2"],
            convert + ["--dpi", "72", "--view", "400x600", "1,2"],
            convert + ["--view", "400x600", "--fit", "fill", "--zoom", "2", "1,2"],
            capture + ["--view", "400x600", "--zoom", "1e300"],
            capture + ["--view", "1e308x1e308"],
            capture + ["--view", "400x600", "--offset", "1e300,0"],
            capture + ["--view", "400x600", "--offset", "nan,0"],
            capture + ["--view", "400x600", "--spacing", "inf"],
            capture + ["--view", "400x600", "--insets", "1e300,0,0,0"],
            capture + ["--view", "400x600", "--min-zoom", "0"],
            restore + ["--view", "1e300x600"],
            ["viewstate", "restore", rotations, "--view", "400x600", "--state",
             #"{"pageIndex":0,"viewport":{"x":0,"y":0,"width":1e300,"height":1}}"#],
            ["viewstate", "restore", rotations, "--view", "400x600", "--state",
             #"{"pageIndex":-1}"#],
            ["layout", rotations, "--view", "1e300x600"],
            ["layout", rotations, "--view", "400x600", "--visible", "0,0,1e300,1"],
            ["layout", rotations, "--view", "400x600", "--spacing", "1e300"],
            ["layout", rotations, "--view", "400x600", "--spacing", "nan"],
            ["layout", rotations, "--view", "400x600", "--max-zoom", "inf"],
            ["spreads", "--page-count", "1000000000"],
            ["spreads", "--page-count", "10000001"],
            ["spreads", "--page-count", "-1"],
            ["spreads", "--page-count", "1e3"],
            ["thumbnails", "--page-size", "612x792", "--container", "1e308x1"],
            ["thumbnails", "--page-size", "0x1", "--container", "375x667"],
            ["thumbnails", "--page-size", "1e300x1", "--container", "375x667"],
            ["thumbnails", "--page-size", "612x792", "--container", "375x667", "--spacing", "inf"],
            // Arguments the parser used to take as a request for help (exit 0, nothing read):
            // a file name that begins with '-' and holds an 'h', and help for no subcommand.
            ["pages", "-chapter.pdf"], ["pages", rotations, "-chapter.pdf"], ["info", "-dash.pdf"],
            ["convert", "-dash.pdf", "--page", "1", "--from", "raw", "--to", "page", "1,1"], ["help", "foo"],
            // Options with no effect where they were given.
            ["pages", "--no-progress", rotations],
            // 2^43 MiB overflowed the worker's limit in bytes: every file "crashed".
            ["pages", "--files-from", "/dev/null", "--max-memory", "8796093022208"],
            ["pages", "--files-from", "/dev/null", "--max-memory", "1073741825"],
            // A zoom outside the layout's limits (it restored as another viewport), insets that
            // leave no room (every frame 0x0), options with nothing to act on, stdin asked twice.
            capture + ["--view", "400x600", "--zoom", "20"], capture + ["--view", "400x600", "--zoom", "0.5"],
            ["layout", rotations, "--view", "400x600", "--insets", "0,300,0,200"],
            ["viewstate", "capture", rotations, "--view", "400x600", "--insets", "400,0,300,0", "--mode", "per-spread"],
            ["spreads", "--page-count", "3", "--password", "x"],
            ["thumbnails", "--page-size", "612x792", "--container", "375x667", "--max-input-size", "5"],
            ["viewstate", "restore", "-", "--view", "400x600", "--state", "-"],
            // Hexadecimal is not decimal (0x10 was taken as 16).
            convert + ["--view", "400x600", "0x10,1"], convert + ["--view", "400x600", "--zoom", "0x1p1", "1,2"],
            ["thumbnails", "--page-size", "612x792", "--container", "375x667", "--spacing", "0x10"],
            ["sheet", rotations, "-o", "/tmp/never-written.png", "--spacing", "0x10"],
            ["sheet", rotations, "-o", "/tmp/never-written.png", "--spacing", "-1"],
            ["draw", rotations, "--page", "1", "-o", "/tmp/never-written.png", "--scale", "0x1p1"],
            ["pages", "--files-from", "/dev/null", "--timeout", "0x10"],
            // Sizes that print as 0 (below 10^-9).
            ["thumbnails", "--page-size", "612x792", "--container", "1e-300x667"],
            convert + ["--view", "1e-10x600", "1,2"],
        ]
    }()

    @Test("a negative value after an option's name is its value, as after '='")
    func negativeValues() throws {
        let convert = ["convert", Self.rotations, "--page", "1", "--from", "page", "--to", "view", "--view", "400x600"]
        // --viewport -50,300,200,300 shows x -50…150 at scale 400/200 = 2: x 100 → (100 + 50)·2 = 300;
        // y 300…600 fills the 600 units of height: y 450 → (600 − 450)·2 = 300.
        let spaced = try CLI.run(convert + ["--viewport", "-50,300,200,300", "100,450"])
        #expect(spaced.status == 0 && spaced.stdout == "300,300\n", "\(spaced.stdout)\(spaced.stderr)")
        for (option, value) in [("--center", "-5,3"), ("--viewport", "-50,300,200,300")] {
            let extra = option == "--center" ? ["--zoom", "2"] : []
            let a = try CLI.run(convert + extra + [option, value, "1,2"]), b = try CLI.run(convert + extra + ["\(option)=\(value)", "1,2"])
            #expect(a.status == 0 && a.stdout == b.stdout, "\(option) \(value): \(a.stderr)")
        }
        let capture = try CLI.run(["viewstate", "capture", Self.rotations, "--view", "400x600", "--zoom", "2", "--offset", "-100,0"])
        let captureEquals = try CLI.run(["viewstate", "capture", Self.rotations, "--view", "400x600", "--zoom", "2", "--offset=-100,0"])
        #expect(capture.status == 0 && capture.stdout == captureEquals.stdout, "\(capture.stderr)")
        // help of a subcommand of a subcommand still works (the unknown-topic check looks at the first name).
        let help = try CLI.run(["help", "viewstate", "capture"])
        #expect(help.status == 0 && help.stdout.contains("viewstate capture"), "\(help.stderr)")
        // A value that is wrong says why, not "Missing value".
        let pages = try CLI.run(["pages", "--pages", "-3", Self.rotations])
        #expect(pages.status == 64 && pages.stderr.contains("a range needs a first page"), "\(pages.stderr)")
    }

    @Test("extreme numbers are usage errors with one line", arguments: extremeCases)
    func extremeNumbers(args: [String]) throws {
        let r = try CLI.run(args, stdin: "")
        #expect(r.status == 64, "pageinfo \(args.joined(separator: " ")): \(r.status) \(r.stderr)")
        #expect(r.stderrLines.count == 1 && r.stderr.hasPrefix("pageinfo: "), "\(r.stderr)")
        #expect(r.stdout.isEmpty, "\(r.stdout.prefix(200))")
        #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Stack dump"))
    }

    /// The limits themselves are accepted and give finite numbers.
    @Test("values at the limits give finite output")
    func atTheLimits() throws {
        let convert = try CLI.run(["convert", Self.rotations, "--page", "1", "--from", "raw", "--to", "view",
                                   "--view", "1e12x1e12", "--zoom", "1e-6", "--format", "json", "0,0", "20,30,400,600"])
        #expect(convert.status == 0, "\(convert.stderr)")
        _ = try CLI.json(convert)
        #expect(Self.numberProblems(in: convert.stdout).isEmpty)
        // At zoom 10^6 the point (10^12, -10^12) lands some 10^27 view units away: finite, but
        // beyond what convert reads back, so refused with one line rather than printed.
        let far = try CLI.run(["convert", Self.rotations, "--page", "1", "--from", "raw", "--to", "view",
                               "--view", "1e12x1e12", "--zoom", "1e6", "1e12,-1e12"])
        #expect(far.status == 64 && far.stderrLines.count == 1 && far.stderr.contains("beyond 10^12 in magnitude"), "\(far.stderr)")
        #expect(far.stdout.isEmpty)
        let layout = try CLI.run(["layout", Self.rotations, "--view", "1e12x1e12", "--spacing", "1e12", "--insets", "4e11,0,4e11,0"])
        #expect(layout.status == 0, "\(layout.stderr)")
        _ = try CLI.json(layout)
        let capture = try CLI.run(["viewstate", "capture", Self.rotations, "--view", "400x600", "--zoom", "1e6", "--max-zoom", "1e6",
                                   "--offset", "1e12,1e12"])
        #expect(capture.status == 0, "\(capture.stderr)")
        _ = try CLI.json(capture)
    }

    /// A conversion that overflows a Double (a finite item times a finite, huge transform) is a
    /// usage error naming the stdin line; what came before stays whole (JSON closed).
    @Test("an overflowing conversion names the line and keeps the output whole")
    func overflowingItem() throws {
        let r = try CLI.run(["convert", Self.rotations, "--page", "1", "--from", "view", "--to", "raw", "--view", "1e12x1e12",
                             "--viewport", "0,0,1e-12,1e-12", "--format", "json"], stdin: "0,0\n")
        // Viewport width 10⁻¹² in a view 10¹² wide: scale 10²⁴, within a Double; view → raw is
        // its inverse. Either it converts to finite numbers or it is refused: never inf/nan.
        #expect(r.status == 0 || r.status == 64, "\(r.stderr)")
        if r.status == 0 { _ = try CLI.json(r); #expect(Self.numberProblems(in: r.stdout).isEmpty) }
        else { #expect(r.stderrLines.count == 1) }
        // (Paths may contain "inf", as in "pageinfo": look at the numbers, not the text.)
        #expect(!r.stdout.contains("null,") && !r.stdout.contains(":inf") && !r.stdout.contains(":nan") && !r.stdout.contains(":-inf"))
    }

    @Test("a spread count at the limit streams in small memory")
    func largePageCountStreams() throws {
        let r = try CLI.run(["spreads", "--page-count", "200000", "--mode", "book"])
        #expect(r.status == 0)
        #expect(r.stdoutLines.count == 1)
        let json = try #require(try CLI.json(r) as? [String: Any])
        #expect(json["spreadCount"] as? Int == 100_001)
        let spreads = try #require(json["spreads"] as? [[String: Any]])
        #expect(spreads.last?["pages"] as? [Int] == [199_999])
    }

    /// A page whose MediaBox the file sets to 0.001 × 10³⁰⁷ pt: the reader refuses coordinates
    /// beyond ±10⁹ pt (box-invalid, the default MediaBox is used, see docs/records.md), so every
    /// command sees a finite page and prints valid, finite JSON.
    @Test("page sizes from a hostile file never print inf or nan")
    func hostilePageSizes() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-huge-\(getpid()).pdf")
        try Self.pdf(mediaBoxes: ["0 0 0.001 1" + String(repeating: "0", count: 307), "0 0 612 792"]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = url.path
        for (args, status) in [
            (["layout", file, "--view", "400x600"], 0), (["viewstate", "capture", file, "--view", "400x600"], 0),
            (["convert", file, "--page", "1", "--from", "raw", "--to", "view", "--view", "400x600", "0,1"], 0),
            (["convert", file, "--page", "1", "--from", "raw", "--to", "view", "--dpi", "72", "0,1"], 0),
        ] as [([String], Int32)] {
            let r = try CLI.run(args)
            #expect(r.status == status && r.stderr.isEmpty, "\(args): \(r.status) \(r.stderr)")
            #expect(Self.numberProblems(in: r.stdout).isEmpty && !r.stdout.contains(":inf") && !r.stdout.contains("nan"), "\(args): \(r.stdout)")
        }
        let pages = try CLI.run(["pages", "--format", "jsonl", "--pages", "1", file])
        #expect(pages.stdout.contains("\"box-invalid\"") && pages.stdout.contains("\"width\":612"), "\(pages.stdout)")
        for args in [["spreads", file], ["thumbnails", file, "--container", "400x600"],
                     ["layout", file, "--view", "400x600", "--mode", "per-spread"]] {
            let r = try CLI.run(args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            _ = try CLI.json(r)
            #expect(Self.numberProblems(in: r.stdout).isEmpty, "\(args)")
        }
    }

    /// A minimal PDF (one page per MediaBox, written as given), with a correct xref table.
    static func pdf(mediaBoxes: [String]) -> Data {
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>",
                       "<< /Type /Pages /Count \(mediaBoxes.count) /Kids [\(mediaBoxes.indices.map { "\($0 + 3) 0 R" }.joined(separator: " "))] >>"]
        objects += mediaBoxes.map { "<< /Type /Page /Parent 2 0 R /MediaBox [\($0)] >>" }
        var body = "%PDF-1.7\n"
        var offsets: [Int] = []
        for (i, object) in objects.enumerated() {
            offsets.append(body.utf8.count)
            body += "\(i + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = body.utf8.count
        body += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { body += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
        body += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(body.utf8)
    }

    // Writes are checked (/dev/full: exit 74 and one line): FullDeviceTests, every command.

    // MARK: - convert as a coprocess

    /// With stdin a pipe kept open, each line is answered before the next one is written.
    @Test("convert answers each stdin line while stdin stays open")
    func coprocess() throws {
        let process = try ProcessRunner.start(
            CLI.binary.path, arguments: ["convert", Self.rotations, "--page", "2", "--from", "raw", "--to", "view", "--view", "300x200"],
            stdin: .open, stderr: .discard)
        defer { process.signal(SIGKILL) }  // (nothing once it has exited: a failed check leaves it running)
        // Page 2 (/Rotate 90, 600×400) in 300x200: raw (120, 80) → (25, 50); the CropBox's
        // corners (20, 30) → page (0, 400) → view (0, 0) and (420, 630) → (600, 0) → (300, 200).
        for (line, answer) in [("120,80", "25,50"), ("20,30", "0,0"), ("420,630", "300,200")] {
            try process.write(Data((line + "\n").utf8))
            #expect(process.nextLine(timeout: 20) == answer, "no answer to \(line) while stdin is open")
        }
        process.closeInput()
        #expect(process.wait().status == 0)
    }

    // MARK: - --fit fill and --dpi at every rotation, through the CLI

    /// rotations.pdf pages 1–4: CropBox [20 30 420 630] at /Rotate 0, 90, 180, 270; raw
    /// (120, 80) is page (100, 50), (50, 300), (300, 550), (550, 100) (README's table).
    /// `--fit fill` in 300x300: x scale 300/width, y scale 300/height. `--dpi 150`: 25/12 px per
    /// point from the top-left of a ⌈w·150/72⌉ × ⌈h·150/72⌉ image (834, not 833: rounded up).
    @Test("fill and dpi against hand-computed pixels", arguments: [
        (1, "75,275", "208.333333333,1145.833333333", "834x1250"),
        (2, "25,75", "104.166666667,208.333333333", "1250x834"),
        (3, "225,25", "625,104.166666667", "834x1250"),
        (4, "275,225", "1145.833333333,625", "1250x834"),
    ] as [(Int, String, String, String)])
    func fillAndDPI(page: Int, fill: String, dpi: String, image: String) throws {
        let base = ["convert", Self.rotations, "--page", "\(page)", "--from", "raw", "--to", "view"]
        let f = try CLI.run(base + ["--view", "300x300", "--fit", "fill", "120,80", "20,30,400,600"])
        #expect(f.status == 0 && f.stdoutLines == [fill, "0,0,300,300"], "\(f.stdout) \(f.stderr)")
        let d = try CLI.run(base + ["--dpi", "150", "--format", "json", "120,80"])
        #expect(d.status == 0, "\(d.stderr)")
        let json = try #require(try CLI.json(d) as? [String: Any])
        let view = try #require(json["view"] as? [String: Double])
        #expect("\(Int(view["width"]!))x\(Int(view["height"]!))" == image)
        let items = try #require(json["items"] as? [[String: [String: Double]]])
        let out = try #require(items.first?["output"])
        let want = dpi.split(separator: ",").map { Double($0)! }
        #expect(abs(out["x"]! - want[0]) < 1e-9 && abs(out["y"]! - want[1]) < 1e-9, "\(out)")
        // And back: the pixel maps to the raw point.
        let back = try CLI.run(["convert", Self.rotations, "--page", "\(page)", "--from", "view", "--to", "raw", "--dpi", "150", dpi])
        #expect(back.stdoutLines == ["120,80"], "\(back.stdout)")
    }

    /// The same image sizes from pdftoppm itself (an independent oracle; poppler-utils).
    @Test("the --dpi image size is pdftoppm's", .requiresTool(.pdftoppm))
    func pdftoppmAgrees() throws {
        let pdftoppm = try ExternalTool.pdftoppm.require()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-dpi-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (dpi, page) in [(150, 1), (150, 2), (75, 3), (110, 4)] {
            let prefix = dir.appendingPathComponent("p\(page)-\(dpi)").path
            let render = try ProcessRunner.run(pdftoppm.path, arguments: ["-r", "\(dpi)", "-cropbox", "-png", "-singlefile", "-f", "\(page)",
                                                                         "-l", "\(page)", Self.rotations, prefix])
            try #require(render.termination == .exit(0), "pdftoppm \(render.termination) on page \(page) at \(dpi) dpi: \(render.stderrText)")
            let png = try Data(contentsOf: URL(fileURLWithPath: prefix + ".png"))
            let w = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, h = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            let r = try CLI.run(["convert", Self.rotations, "--page", "\(page)", "--from", "raw", "--to", "view",
                                 "--dpi", "\(dpi)", "--format", "json", "0,0"])
            let view = try #require((try CLI.json(r) as? [String: Any])?["view"] as? [String: Double])
            #expect(view["width"] == Double(w) && view["height"] == Double(h), "page \(page) at \(dpi) dpi: pdftoppm \(w)x\(h), ours \(view)")
        }
    }

    // MARK: - Every number follows the one rule

    /// Problems with the numbers of a command's output: more than 9 decimals, float noise (a
    /// run of seven 0s or 9s in the decimals), `-0`, or a non-finite word.
    static func numberProblems(in text: String) -> [String] {
        var problems: [String] = []
        let chars = Array(text.unicodeScalars)
        var i = 0
        func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }
        while i < chars.count {
            let c = chars[i]
            if c == "\"" {  // skip a JSON string
                i += 1
                while i < chars.count && chars[i] != "\"" { i += chars[i] == "\\" ? 2 : 1 }
                i += 1
                continue
            }
            let startsNumber = isDigit(c) || (c == "-" && i + 1 < chars.count && isDigit(chars[i + 1]))
            let afterWord = i > 0 && (chars[i - 1].properties.isAlphabetic || isDigit(chars[i - 1]) || chars[i - 1] == ".")
            guard startsNumber, !afterWord else {
                if c.properties.isAlphabetic {
                    var j = i
                    while j < chars.count && chars[j].properties.isAlphabetic { j += 1 }
                    let word = String(String.UnicodeScalarView(chars[i..<j])).lowercased()
                    if ["nan", "inf", "infinity"].contains(word) { problems.append(word) }
                    i = j
                } else {
                    i += 1
                }
                continue
            }
            var j = i + 1
            while j < chars.count && (isDigit(chars[j]) || ".eE+-".unicodeScalars.contains(chars[j])) {
                if (chars[j] == "+" || chars[j] == "-") && !(chars[j - 1] == "e" || chars[j - 1] == "E") { break }
                j += 1
            }
            let token = String(String.UnicodeScalarView(chars[i..<j]))
            i = j
            let parts = token.lowercased().split(separator: "e")
            let mantissa = parts[0]
            let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            let fraction = mantissa.split(separator: ".").dropFirst().first ?? ""
            if fraction.count - exponent > 9 { problems.append("\(token): more than 9 decimals") }
            // The rule rounds below 10¹⁶; above, a Double's own digits are printed.
            if exponent < 16, fraction.contains("0000000") || fraction.contains("9999999") {
                problems.append("\(token): float noise")
            }
            if token == "-0" { problems.append("-0") }
        }
        return problems
    }

    @Test("the noise scanner finds what it must")
    func scannerSelfTest() {
        #expect(Self.numberProblems(in: #"{"y":395.9999999999999}"#).count == 2)
        #expect(Self.numberProblems(in: "0.30000000000000004").count == 2)
        #expect(Self.numberProblems(in: "1.5e-11").count == 1)
        #expect(Self.numberProblems(in: #"{"x":inf,"y":-0}"#).count == 2)
        #expect(Self.numberProblems(in: #"{"file":"a-1.000000000001.pdf","x":595.276,"y":1e+20,"z":-3.5e-07}"#).isEmpty)
    }

    /// One run of each command on the fixtures, including the viewstate capture that
    /// printed 395.9999999999999.
    static let snapshotCommands: [[String]] = [
        ["viewstate", "capture", mixed, "--view", "400x600", "--zoom", "3", "--offset", "100,300"],
        ["viewstate", "restore", mixed, "--view", "600x400", "--state", #"{"pageIndex":3,"viewport":{"x":10.1,"y":20.2,"width":300.3,"height":200.2}}"#],
        ["viewstate", "restore", labels, "--view", "1920x1080", "--mirror", "--state", #"{"pageIndex":1,"viewport":{"x":100,"y":200,"width":300,"height":225}}"#],
        ["layout", mixed, "--view", "1024x768", "--spacing", "7.3", "--insets", "1.1,2.2,3.3,4.4", "--visible", "0,1000.5,1024,768"],
        ["layout", rotations, "--view", "333x777", "--mode", "per-spread", "--axis", "horizontal", "--spread", "book"],
        ["spreads", mixed],
        ["thumbnails", mixed, "--container", "375x667", "--spacing", "10"],
        ["convert", mixed, "--page", "2", "--from", "raw", "--to", "view", "--view", "1000x700", "--zoom", "3.3", "--format", "json", "0.1,0.2", "595.276,841.89,-0.3,-0.7"],
        ["convert", rotations, "--page", "3", "--from", "raw", "--to", "view", "--dpi", "96", "--format", "json", "0.1,0.2"],
    ]

    @Test("no float noise in any output", arguments: snapshotCommands)
    func snapshotNumbers(args: [String]) throws {
        let r = try CLI.run(args)
        #expect(r.status == 0, "\(r.stderr)")
        _ = try CLI.json(r)
        #expect(Self.numberProblems(in: r.stdout).isEmpty, "\(Self.numberProblems(in: r.stdout)): \(r.stdout.prefix(300))")
        #expect(r.stdout.hasSuffix("}\n"))
    }

    @Test("viewstate capture prints 396, not 395.9999999999999")
    func viewStateWithoutNoise() throws {
        let r = try CLI.run(["viewstate", "capture", Self.mixed, "--view", "400x600", "--zoom", "3", "--offset", "100,300"])
        // mixed.pdf asks for TwoPageRight (per-spread book) and R2L. Spread 0 is page 0
        // (612×792) alone beside an empty slot as wide: 1224×792, fitted into the 400×600 cell at
        // 400/1224, so page 0's frame is (0, 170.588, 200, 258.824) (the cover on the left in
        // rtl). Zoom 3 at (100, 300) shows content (33.33, 100, 133.33, 200): in the view the
        // page is at 600/612 view units per point, so the viewport is 400·612/600 = 408 by 612 pt,
        // x = 33.33·3·1.02 = 102, top y = 792 + (170.588 − 100)·3·1.02 = 1008, bottom 1008 − 612 = 396.
        #expect(r.stdout == #"{"pageIndex":0,"viewport":{"x":102,"y":396,"width":408,"height":612}}"# + "\n")
        #expect(!r.stdout.contains("9999999"))
    }

    /// Every `$ pageinfo …` example in the help of the commands this suite covers runs (those on
    /// `Fixtures/`), prints valid numbers, and prints what the help says when the help shows
    /// the whole output.
    @Test("help examples run and print what they show", arguments: [
        ["convert"], ["spreads"], ["layout"], ["viewstate", "capture"], ["viewstate", "restore"], ["thumbnails"],
    ])
    func helpExamples(command: [String]) throws {
        let help = try CLI.run(command + ["--help"]).stdout
        let lines = help.components(separatedBy: "\n")
        var ran = 0
        var i = 0
        while i < lines.count {
            let trimmed = lines[i].trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("$ pageinfo ") else { i += 1; continue }
            var commandLine = String(trimmed.dropFirst(2))
            while commandLine.hasSuffix("\\"), i + 1 < lines.count {
                commandLine.removeLast()
                i += 1
                commandLine += " " + lines[i].trimmingCharacters(in: .whitespaces)
            }
            i += 1
            var shown: [String] = []
            while i < lines.count, !lines[i].trimmingCharacters(in: .whitespaces).isEmpty,
                  !lines[i].trimmingCharacters(in: .whitespaces).hasPrefix("$ ") {
                shown.append(lines[i].trimmingCharacters(in: .whitespaces))
                i += 1
            }
            guard commandLine.contains("Fixtures/") else { continue }
            let stdout = try Self.runPipeline(commandLine)
            #expect(Self.numberProblems(in: stdout).isEmpty, "\(commandLine): \(stdout.prefix(300))")
            if shown.last == "(one line, wrapped here)" { shown.removeLast() }
            if !shown.isEmpty, !shown.contains(where: { $0.contains("…") }), !shown[0].hasPrefix("→"), !shown[0].hasPrefix("(") {
                // Continuation lines of a wrapped JSON line carry no spaces of their own.
                let expected = shown.count == 1 ? shown[0] : shown.joined()
                #expect(stdout.trimmingCharacters(in: .newlines) == expected, "\(commandLine)")
            }
            ran += 1
        }
        #expect(ran >= 1, "\(command): no runnable example")
    }

    // MARK: - Helpers

    /// Runs `pageinfo …` with stdout sent to `stdout`; stderr is captured.
    /// Runs a help example (`pageinfo … [| pageinfo …]`, single-quoted words allowed) from the
    /// package root, each stage fed the previous one's output; returns the last stage's stdout.
    static func runPipeline(_ commandLine: String) throws -> String {
        var input: String? = nil
        for stage in commandLine.components(separatedBy: " | ") {
            var words = shellWords(stage)
            #expect(words.first == "pageinfo")
            words.removeFirst()
            let args = words.map { $0.hasPrefix("Fixtures/") ? CLI.fixture(String($0.dropFirst("Fixtures/".count))) : $0 }
            let r = try CLI.run(args, stdin: input)
            #expect(r.status == 0, "\(stage): \(r.stderr)")
            // Outputs name the file as given: show it as the help does.
            input = r.stdout.replacingOccurrences(of: CLI.fixtures.path + "/", with: "Fixtures/")
        }
        return input ?? ""
    }

    /// Splits a command line into words; single quotes group.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = [], current = "", quoted = false, inWord = false
        for c in line {
            if c == "'" { quoted.toggle(); inWord = true; continue }
            if c == " " && !quoted {
                if inWord { words.append(current); current = ""; inWord = false }
                continue
            }
            current.append(c)
            inWord = true
        }
        if inWord { words.append(current) }
        return words
    }
}
