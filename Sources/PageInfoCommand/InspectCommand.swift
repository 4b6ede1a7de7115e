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

    @Option(parsing: .unconditional, help: ArgumentHelp("View space is a view of WxH units, each page fitted as convert --view fits it (default: each page's own size, one unit a point).", valueName: "WxH"),
            transform: ValueGrammar.size)
    var view: Size?

    @OptionGroup var overlays: OverlayOptions

    /// The readout's bitmap (300 dpi of the default renderer unless told) and the frame of each
    /// --overlay file.
    func makeRequest() throws -> (bitmap: BitmapRequest, frames: [BoxFrame]) {
        guard scale > 0, scale.isFinite else { throw ValidationError("--scale: \(formatCompact(scale)) must be a positive number of pixels per point") }
        let r = try overlays.request(region: false, defaultDPI: "300")
        return (r.bitmap!, r.overlays)
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
        let run = InspectRun(pages: pages, scale: scale, bitmap: request.bitmap, viewSize: view, overlays: Array(zip(overlays.overlay, request.frames)))
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
