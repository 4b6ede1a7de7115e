// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoDraw
import PageInfoPictures
import PageInfoGrammar
import PageInfoHelp
import PageInfoPoppler
import PageInfoReading
import PageInfoRecords
import PageInfoSystem

/// `pageinfo inspect`: one self-contained HTML file of the pages, their boxes and the point under
/// the pointer in every space and frame. A thin shell over ``PageInfoDraw/InspectReport`` (the
/// HTML and the matrices its script applies) and ``PageInfoPoppler/PageRenderer``.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Write one HTML file that shows each page with its boxes and reads the point under the pointer in every space and frame.",
        discussion: CommandHelp.inspect
    )

    @OptionGroup var document: DocumentOptions

    @Option(name: [.short, .customLong("output")], parsing: .unconditional,
            help: ArgumentHelp("The report to write: a .html file (default: stdout, unless it is a terminal).", valueName: "file"))
    var output: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Pages to show: 1-3,7,10- (default: all).", valueName: "ranges"),
            transform: { text in
                do { return try PageRangeList(text) } catch let error as PageRangeList.ParseError { throw ValidationError("--pages: \(error.description)") }
            })
    var pages: PageRangeList?

    @Option(parsing: .unconditional, help: ArgumentHelp("The pictures' pixels per point (default 1.5).", valueName: "s"),
            transform: { text in try ValueGrammar.finiteNumber(text) })
    var scale: Double = 1.5

    @Option(parsing: .unconditional, help: ArgumentHelp("The resolution of the pixels the readout shows and --overlay boxes in pixels are of (default 300).", valueName: "dpi"))
    var dpi: String?

    @Option(name: .customLong("bitmap-size"), parsing: .unconditional, help: ArgumentHelp("Instead of --dpi: the image's size in pixels.", valueName: "WxH"))
    var bitmapSize: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --bitmap-size: contain (default) or fill.", valueName: "fit"))
    var fit: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The call that made the image, chosen first (the report can switch): pdftoppm-cropbox (default), pdftoppm, pdf2image, … as pages --renderer.", valueName: "renderer"))
    var renderer: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("View space is a view of WxH units, each page fitted as convert --view fits it (default: each page's own size, one unit a point).", valueName: "WxH"),
            transform: ValueGrammar.size)
    var view: Size?

    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("Draw your boxes from this file: JSON or CSV of x0,y0,x1,y1 with labels and pages, in the frame --frame names (repeatable).", valueName: "file"))
    var overlay: [String] = []

    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("The frame of the --overlay boxes: raw (or pdf), page, pixels, normalized, or a library's or pipeline's (pymupdf … azure). Once for all, or once per --overlay.", valueName: "frame"))
    var frame: [String] = []

    /// The readout's bitmap (300 dpi of the default renderer unless told) and the frame of each
    /// --overlay file.
    func makeRequest() throws -> (bitmap: BitmapRequest, frames: [BoxFrame]) {
        guard scale > 0, scale.isFinite else { throw ValidationError("--scale: \(formatCompact(scale)) must be a positive number of pixels per point") }
        do {
            let r = try FrameOptions.boxesRequest(frames: frame, overlays: overlay.count, region: false, dpi: dpi, bitmapSize: bitmapSize,
                                                  fit: fit, renderer: renderer, defaultDPI: "300")
            return (r.bitmap!, r.overlays)
        } catch { throw ValidationError(error.description) }
    }

    func validate() throws {
        try requireExactName(output, option: "-o")
        if let output, !output.hasSuffix(".html"), !output.hasSuffix(".htm") { throw ValidationError("-o \(output): the report is HTML: give a name ending in .html or .htm") }
        if output == nil && OpenFile.standardOutput.isTerminal { throw ValidationError("the report is HTML: give -o report.html, or redirect stdout to a file") }
        _ = try makeRequest()
    }

    func run() throws {
        let request = try makeRequest()
        let doc = try document.open(forRendering: true)
        let renderer = try document.input.renderer(document.file)
        let run = InspectRun(pages: pages, scale: scale, bitmap: request.bitmap, viewSize: view, overlays: Array(zip(overlay, request.frames)))
        let bytes: [UInt8]
        do { bytes = try run.report(of: doc, file: document.file, renderer: renderer) } catch {
            throw ExitFailure(error.commandLineMessage(file: document.file), status: error.exitStatus)
        }
        if let output { return try writeOutputFile(bytes, to: output) }
        var stdout = StandardOutput()
        bytes.withUnsafeBufferPointer { stdout.out.append(buffer: $0) }
        try stdout.finish()
    }
}
