// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoDraw
import PageInfoGrammar
import PageInfoOutput
import PageInfoPoppler
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
        discussion: """
            The page is rendered by Poppler (its own rasterizer, as pdftoppm) and the \
            overlays are placed with the same conversion as 'pageinfo convert':

              MediaBox blue, CropBox green, BleedBox magenta, TrimBox red, ArtBox
              cyan (later boxes on top; the legend says "= CropBox" when two are
              equal); the chosen space's origin and axes in black, the other
              space's in brown; the viewport in orange with arrows along which
              its width and height grow; a legend band below the page with the
              page number, label, rotation and every box's corners.

            SPACES
              page  the displayed page: the CropBox after /Rotate, with page space's
                    origin at its lower-left corner (the default).
              raw   the unrotated MediaBox: PDF user space as written, origin (0,0)
                    where the file's numbers start, so boxes outside the CropBox
                    and the effect of /Rotate are visible.

            SIZE
              --scale S: S pixels per point (default 1 = 72 dpi); the image is
              ⌈w·S⌉ × ⌈h·S⌉ pixels, rounded up as pdftoppm does. --width PX: PX
              pixels wide, the height ⌈h·PX/w⌉. The region is stretched to fill
              the image exactly: page-image pixel (X, Y) covers view points
              X…X+1, Y…Y+1 of that placement. The picture adds a grey margin of
              24 pixels (48 from 1000 pixels wide) around the page image and the
              legend band below it. Images are limited to 30000 pixels a side and
              100 megapixels.

            OUTPUT
              -o OUT.png: the picture. -o OUT.svg: the rendered page embedded as a
              PNG image, the overlays as <rect>, <line> and <circle> elements with
              ids (MediaBox … ArtBox, page-origin, page-x, viewport, …) in view
              coordinates, for reading and diffing.

            EXAMPLE (check it by hand)
              Page 2 of Fixtures/rotations.pdf: MediaBox 500×700, CropBox
              [20 30 420 630], /Rotate 90.
              $ pageinfo draw Fixtures/rotations.pdf --page 2 --space raw -o raw.png
                a 500×700 px page image: the CropBox is the green frame from
                (20, 70) to (420, 670) px (raw y 630 is 700 − 630 = 70 px from the
                top); page space's origin (brown) is at raw (420, 30), px (420, 670),
                its x axis pointing up and its y axis pointing left.
              $ pageinfo draw Fixtures/rotations.pdf --page 2 -o page.png \\
                    --viewport 100,50,200,150
                a 600×400 px page image: page origin at the bottom-left
                (0, 400 px); the viewport spans px (100, 200) to (300, 350).

            EXIT CODES
              0 ok; 64 usage error (page out of range, a bad number, an output
            name not ending in .png or .svg, an image beyond the size limit); 65 \
            not a PDF or damaged; 66 cannot open the file; 70 not enough memory \
            for the bitmap; 74 the output could not be written; 77 encrypted and \
            no or a wrong password.
            """
    )

    @OptionGroup var document: DocumentOptions

    @Option(help: ArgumentHelp("The page, 1-based.", valueName: "n"))
    var page: Int

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The picture to write: a .png or .svg file.", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("Pixels per point (default 1 = 72 dpi).", valueName: "s"))
    var scale: Double?

    @Option(help: ArgumentHelp("The image's width in pixels instead of --scale.", valueName: "px"))
    var width: Int?

    @Option(help: ArgumentHelp("A rectangle of page space (points) to draw, as convert and viewstate take it.", valueName: "x,y,w,h"),
            transform: ValueGrammar.rect)
    var viewport: Rect?

    @Option(help: ArgumentHelp("The boxes to draw, in order, comma-separated (default: all five).",
                               valueName: "media,crop,bleed,trim,art"))
    var boxes: String?

    @Option(help: ArgumentHelp("The space to draw: page (the displayed page) or raw (the unrotated MediaBox).", valueName: "space"))
    var space: DrawingSpace = .page

    /// Everything the options say, checked before the file is opened.
    struct Request {
        var format: PictureFormat
        var size: DrawingSize
        var viewport: Rect?
        var boxes: [PageBox]
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
        return Request(format: format, size: size, viewport: viewportRect, boxes: boxList)
    }

    func validate() throws { _ = try makeRequest() }

    func run() throws {
        let request = try makeRequest()
        let doc = try document.open()
        let info = try readPage(doc, pageNumber: page)
        let drawing: PageDrawing
        do {
            drawing = try PageDrawing(page: info, space: space, size: request.size, boxes: request.boxes,
                                      viewport: request.viewport)
        } catch {
            throw CommandFailure(error.description, code: ExitStatus.usage)
        }
        let renderer = try document.input.renderer(document.file)
        let pageImage = try renderPage(renderer, index: info.index, region: drawing.region, rotation: drawing.rotation,
                                       width: drawing.pixelWidth, height: drawing.pixelHeight)
        try writeOutputFile(request.format.encode(drawing, pageImage: pageImage), to: output)
    }
}

// MARK: - Shared by draw and sheet

/// The picture format `-o`'s extension asks for, among `allowed`.
func pictureFormat(_ path: String, allowed: [PictureFormat] = PictureFormat.allCases) throws -> PictureFormat {
    do { return try PictureFormat(fileName: path, allowed: allowed) } catch { throw ValidationError("-o: \(error.description)") }
}

/// Renders a region (``PageInfoPoppler/PageRenderer``) into an ``RGBImage``; a failure is its
/// one line and exit status (``PageInfoPoppler/RenderError/exitStatus``).
func renderPage(_ renderer: PageRenderer, index: Int, region: Rect, rotation: PageRotation, width: Int, height: Int) throws -> RGBImage {
    do { return RGBImage(width: width, height: height, pixels: try renderer.render(pageIndex: index, region: region, rotation: rotation,
                                                                                   width: width, height: height)) }
    catch { throw CommandFailure(error) }
}

/// Writes `bytes` to `path` (``PageInfoOutput/FileSystem/writeFile(_:to:mode:)``: nothing is
/// left behind on failure); a failure is exit 74 with the system's reason.
func writeOutputFile(_ bytes: [UInt8], to path: String) throws {
    do { try FileSystem.writeFile(bytes, to: path) } catch {
        throw CommandFailure("\(path): cannot write the output: \(error.reason)", code: ExitStatus.ioError)
    }
}
