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

    @OptionGroup var overlays: OverlayOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Draw only this rectangle of the page, given in --frame's frame, turned as the page is.", valueName: "x,y,w,h"),
            transform: ValueGrammar.rect)
    var region: Rect?

    @Flag(help: "Write the page's render alone (PNG): no board, page boxes, axes, labels or legend; --overlay boxes are still drawn.")
    var bare = false

    @Flag(help: "Outline each annotation where its appearance is drawn (as pageinfo annotations' drawnRect, else its /Rect), labelled with its subtype.")
    var annotations = false

    @Option(parsing: .unconditional, help: ArgumentHelp("The space to draw: page (the displayed page) or raw (the unrotated MediaBox).", valueName: "space"))
    var space: DrawingSpace = .page

    /// Everything the options say, checked before the file is opened (the picture options by
    /// ``PageInfoDraw/DrawingRequest``), with the frame of each --overlay file and of --region.
    func makeRequest() throws -> (drawing: DrawingRequest, overlayFrames: [BoxFrame], regionFrame: BoxFrame?) {
        guard page >= 1 else { throw ValidationError("--page: pages are numbered from 1, got \(page)") }
        let drawing: DrawingRequest
        do { drawing = try DrawingRequest(output: output, scale: scale, width: width, viewport: viewport, boxes: boxes, bare: bare, region: region) }
        catch { throw ValidationError(error.description) }
        let frames = try boxFrames()
        return (drawing, frames.overlays, frames.region)
    }

    /// The frames of the --overlay files and of --region, from --frame and the image options;
    /// a frame or an image option that nothing uses is a usage error, as is one missing.
    func boxFrames() throws -> (overlays: [BoxFrame], region: BoxFrame?) {
        let r = try overlays.request(region: region != nil)
        return (r.overlays, r.region)
    }

    func validate() throws {
        try requireExactName(output, option: "-o")
        _ = try makeRequest()
    }

    func run() throws {
        let request = try makeRequest()
        let doc = try document.open(forRendering: true)
        let entry = try readPageEntry(doc, pageNumber: page, withAnnotations: annotations), info = entry.page!
        let overlays = try overlaySets(request.overlayFrames, on: entry) + (entry.annotations.map { [OverlaySet.annotations($0, on: info)] } ?? [])
        var rawRegion: Rect?
        if let region, let frame = request.regionFrame {
            rawRegion = try frameToRaw(frame, on: entry, option: "--region").apply(to: region.standardized)
        }
        let drawing: PageDrawing
        do {
            drawing = try PageDrawing(page: info, space: space, size: request.drawing.size, boxes: bare ? [] : request.drawing.boxes,
                                      viewport: request.drawing.viewport, overlays: overlays, region: rawRegion)
        } catch {
            throw drawingFailure(error, smaller: "a smaller --scale or --width")
        }
        let renderer = try document.input.renderer(document.file)
        let pageImage = try renderPage(renderer, document: doc, index: info.index, region: drawing.region, rotation: drawing.rotation,
                                       width: drawing.pixelWidth, height: drawing.pixelHeight)
        let bytes = bare ? PNGEncoder.encode(OverlayRenderer.renderBare(drawing, pageImage: pageImage))
            : request.drawing.format.encode(drawing, pageImage: pageImage)
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
            return try zip(overlays.overlay, frames).map { (file, frame) throws(OverlayFileError) in
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
