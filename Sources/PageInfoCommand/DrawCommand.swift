// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoDraw
import PageInfoPictures
import PageInfoEncoding
import PageInfoGrammar
import PageInfoHelp
import PageInfoSystem
import PageInfoPoppler
import PageInfoReading
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// `pageinfo draw`: a picture of one page with its boxes, origin and axes, and a viewport.
///
/// A thin shell: ``PageInfoDraw/PageDrawing`` lays the picture out with ``PagePlacement`` (the
/// conversion `convert` uses), ``PageInfoPoppler/PageRenderer`` renders the region through
/// Poppler, and ``PageInfoDraw/OverlayRenderer`` or ``PageInfoDraw/SVGWriter`` finish it.
struct DrawCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "draw",
        abstract: "Draw a page with its boxes, the origin and axes of a space, and a viewport, as PNG or SVG.",
        discussion: CommandHelp.draw
    )

    @OptionGroup var document: DocumentOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("The page, 1-based.", valueName: "n"))
    var page: Int

    @Option(name: [.short, .customLong("output")], parsing: .unconditional, help: ArgumentHelp("The picture to write: a .png or .svg file.", valueName: "file"))
    var output: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Pixels per point (default 1 = 72 dpi).", valueName: "s"),
            transform: { text in try ValueGrammar.finiteNumber(text) })
    var scale: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("The image's width in pixels instead of --scale.", valueName: "px"))
    var width: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("A rectangle of page space (points) to draw, as convert and viewstate take it.", valueName: "x,y,w,h"),
            transform: ValueGrammar.rect)
    var viewport: Rect?

    @Option(parsing: .unconditional, help: ArgumentHelp("The boxes to draw, in order, comma-separated, or none (default: all five).",
                               valueName: "media,crop,bleed,trim,art"))
    var boxes: String?

    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("Draw your boxes from this file too: JSON or CSV of x0,y0,x1,y1 with labels, in the frame --frame names (repeatable: one colour per file).",
                               valueName: "file"))
    var overlay: [String] = []

    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("The frame of the --overlay boxes and of --region: raw (or pdf), page, pixels, normalized, or a library's or pipeline's (pymupdf … azure). Once for all, or once per --overlay in order.",
                               valueName: "frame"))
    var frame: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("Draw only this rectangle of the page, given in --frame's frame, turned as the page is.", valueName: "x,y,w,h"),
            transform: ValueGrammar.rect)
    var region: Rect?

    @Option(parsing: .unconditional, help: ArgumentHelp("For --frame pixels or normalized: the resolution of the image the boxes are of (not the picture's: that is --scale).", valueName: "dpi"))
    var dpi: String?

    @Option(name: .customLong("bitmap-size"), parsing: .unconditional, help: ArgumentHelp("For --frame pixels or normalized: the image's size, instead of --dpi.", valueName: "WxH"))
    var bitmapSize: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --bitmap-size: contain (default) or fill.", valueName: "fit"))
    var fit: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("For --frame pixels or normalized: the call that made the image (pdftoppm-cropbox, the default, pdftoppm, pdf2image, …, as pages --renderer).", valueName: "renderer"))
    var renderer: String?

    @Flag(help: "Write the page's render alone (PNG): no board, page boxes, axes, labels or legend; --overlay boxes are still drawn.")
    var bare = false

    @Option(parsing: .unconditional, help: ArgumentHelp("The space to draw: page (the displayed page) or raw (the unrotated MediaBox).", valueName: "space"))
    var space: DrawingSpace = .page

    /// Everything the options say, checked before the file is opened.
    struct Request {
        var format: PictureFormat
        var size: DrawingSize
        var viewport: Rect?
        var boxes: [PageBox]
        /// The frame of each --overlay file, in order, and of --region.
        var overlayFrames: [BoxFrame]
        var regionFrame: BoxFrame?
    }

    func makeRequest() throws -> Request {
        guard page >= 1 else { throw ValidationError("--page: pages are numbered from 1, got \(page)") }
        let format = try pictureFormat(output)
        if scale != nil && width != nil { throw ValidationError("give --scale or --width, not both") }
        let size: DrawingSize
        if let width {
            guard width > 0 else { throw ValidationError("--width: \(width) must be a positive number of pixels") }
            size = .width(width)
        } else {
            let s = scale ?? 1
            guard s > 0, s.isFinite else { throw ValidationError("--scale: \(formatCompact(s)) must be a positive number of pixels per point") }
            size = .scale(s)
        }
        let viewportRect = try viewport.map { r -> Rect in
            guard r.width > 0, r.height > 0 else { throw ValidationError("--viewport: the rectangle must have a positive width and height") }
            return r
        }
        let boxList: [PageBox]
        do { boxList = try boxes.map(ValueGrammar.boxes) ?? PageBox.allCases } catch {
            throw ValidationError("--boxes: \(error.description)")
        }
        let frames = try boxFrames()
        if bare && format != .png { throw ValidationError("--bare writes the page's render as PNG: give -o FILE.png") }
        if bare && (viewport != nil || boxes != nil) {
            throw ValidationError("--bare draws the render and the --overlay boxes only: leave out \(viewport != nil ? "--viewport" : "--boxes")")
        }
        if let region, !(region.width > 0 && region.height > 0) {
            throw ValidationError("--region: the rectangle must have a positive width and height")
        }
        return Request(format: format, size: size, viewport: viewportRect, boxes: boxList,
                       overlayFrames: frames.overlays, regionFrame: frames.region)
    }

    /// The frames of the --overlay files and of --region, from --frame and the image options;
    /// a frame or an image option that nothing uses is a usage error, as is one missing.
    func boxFrames() throws -> (overlays: [BoxFrame], region: BoxFrame?) {
        do {
            let r = try FrameOptions.boxesRequest(frames: frame, overlays: overlay.count, region: region != nil, dpi: dpi, bitmapSize: bitmapSize,
                                                  fit: fit, renderer: renderer)
            return (r.overlays, r.region)
        } catch { throw ValidationError(error.description) }
    }

    func validate() throws {
        try requireExactName(output, option: "-o")
        _ = try makeRequest()
    }

    func run() throws {
        let request = try makeRequest()
        let doc = try document.open(forRendering: true)
        let entry = try readPageEntry(doc, pageNumber: page), info = entry.page!
        let overlays = try overlaySets(request.overlayFrames, on: entry)
        var rawRegion: Rect?
        if let region, let frame = request.regionFrame {
            rawRegion = try frameToRaw(frame, on: entry, option: "--region").apply(to: region.standardized)
        }
        let drawing: PageDrawing
        do {
            drawing = try PageDrawing(page: info, space: space, size: request.size, boxes: bare ? [] : request.boxes,
                                      viewport: request.viewport, overlays: overlays, region: rawRegion)
        } catch {
            throw drawingFailure(error, smaller: "a smaller --scale or --width")
        }
        let renderer = try document.input.renderer(document.file)
        let pageImage = try renderPage(renderer, document: doc, index: info.index, region: drawing.region, rotation: drawing.rotation,
                                       width: drawing.pixelWidth, height: drawing.pixelHeight)
        let bytes = bare ? PNGEncoder.encode(OverlayRenderer.renderBare(drawing, pageImage: pageImage))
            : request.format.encode(drawing, pageImage: pageImage)
        try writeOutputFile(bytes, to: output)
    }

    /// `frame`'s matrix to raw space on the page of `entry`, as its records give it; one that
    /// cannot be built (an image of 0 pixels, the ratios of an empty page, an image the record
    /// has no bitmap of) is a usage error naming `option`.
    func frameToRaw(_ frame: BoxFrame, on entry: PageEntry, option: String) throws -> AffineTransform {
        do { return try entry.frameToRaw(frame) } catch {
            throw ExitFailure("\(option) in the \(frame) frame: page \(self.page): \(error.description)", status: ExitStatus.usage)
        }
    }

    /// The --overlay files read, their boxes of this page mapped to raw space.
    func overlaySets(_ frames: [BoxFrame], on entry: PageEntry) throws -> [OverlaySet] {
        do {
            return try zip(overlay, frames).map { (file, frame) throws(OverlayFileError) in
                try OverlayFile(path: file, frame: frame).set(on: entry)
            }
        } catch { throw ExitFailure(error.description, status: error.exitStatus) }
    }
}

// MARK: - Shared by draw and sheet

/// The picture format `-o`'s extension asks for, among `allowed`.
func pictureFormat(_ path: String, allowed: [PictureFormat] = PictureFormat.allCases) throws -> PictureFormat {
    do { return try PictureFormat(fileName: path, allowed: allowed) } catch { throw ValidationError("-o: \(error.description)") }
}

/// Renders a region into an ``RGBImage`` (``PageInfoPictures``' `PageRenderer.image`); a
/// failure is its one line, with how the reader read a page Poppler's renderer cannot reach,
/// and its exit status.
func renderPage(_ renderer: PageRenderer, document: PopplerDocument, index: Int, region: Rect, rotation: PageRotation,
                width: Int, height: Int) throws -> RGBImage {
    do { return try renderer.image(of: document, index: index, region: region, rotation: rotation, width: width, height: height) }
    catch { throw ExitFailure(error.commandLineMessage, status: error.exitStatus) }
}

/// The usage failure for a drawing that cannot be made, in the words of the command's options
/// (``PageInfoDraw/DrawingError/commandLineMessage(smaller:)``).
func drawingFailure(_ error: DrawingError, smaller: String) -> ExitFailure {
    ExitFailure(error.commandLineMessage(smaller: smaller), status: ExitStatus.usage)
}

/// Writes `bytes` to `path` (``PageInfoSystem/FileSystem/writeFile(_:to:mode:)``: nothing is
/// left behind on failure); a failure is exit 74 with the system's reason.
func writeOutputFile(_ bytes: [UInt8], to path: String) throws {
    do { try FileSystem.writeFile(bytes, to: path) } catch {
        throw ExitFailure.outputUnwritable(error.reason, path: path)
    }
}
