// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoDraw
import PageInfoGrammar
import PageInfoPoppler
import PageInfoReading
import PageInfoRecords

/// Why `pageinfo inspect` cannot write its report; each case has the line the command prints
/// and its exit status.
package enum InspectRunError: Error, Sendable {
    /// The page ranges name a page past the end, or the document has no pages.
    case pages(PageSelectionError)
    case noPages
    /// A boxes file that cannot be read, is not boxes, or whose frame has no matrix on a page.
    case overlay(OverlayFileError)
    /// Page `page`'s (1-based) picture beyond ``PageInfoDraw/DrawingLimits``.
    case drawing(DrawingError, page: Int)
    /// The report beyond ``PageInfoDraw/InspectLimits``.
    case limits(InspectError)

    /// One line, naming the options (`--pages`, `--overlay`, `--scale`) a user changes.
    package func commandLineMessage(file: String) -> String {
        switch self {
        case .pages(let e): "\(e.kind == .usage ? "--pages" : file): \(e.description)"
        case .noPages: "\(file): no pages to show"
        case .overlay(let e): e.description
        case let .drawing(e, page): "page \(page): " + e.commandLineMessage(smaller: "a smaller --scale, or --pages without it")
        case .limits(let e): e.description + "; give fewer --pages or a smaller --scale"
        }
    }

    /// 64 for the options, 65 for a file or boxes that are not what they claim, 66 for a boxes
    /// file that cannot be read.
    package var exitStatus: ExitStatus {
        switch self {
        case .pages(let e): e.exitStatus
        case .noPages, .drawing, .limits: .usage
        case .overlay(let e): e.exitStatus
        }
    }
}

/// What `pageinfo inspect` does once its options are read: the pages selected, each laid out
/// over its MediaBox (``PageInfoDraw/PageDrawing``, turned as displayed), the limits checked
/// before anything is rendered, then each page rendered and added to the
/// ``PageInfoDraw/InspectReport``.
package struct InspectRun {
    /// The pages to show (nil: all).
    package var pages: PageRangeList?
    /// The pictures' pixels per point.
    package var scale: Double
    /// The readout's pixels, and those of `--overlay` boxes in pixels.
    package var bitmap: BitmapRequest
    /// View space's view size (nil: each page's own).
    package var viewSize: Size?
    /// The `--overlay` files and their frames, in order.
    package var overlays: [(path: String, frame: BoxFrame)]

    package init(pages: PageRangeList?, scale: Double, bitmap: BitmapRequest, viewSize: Size?, overlays: [(path: String, frame: BoxFrame)]) {
        self.pages = pages
        self.scale = scale
        self.bitmap = bitmap
        self.viewSize = viewSize
        self.overlays = overlays
    }

    /// The report's HTML for `document`, named `file`, its pictures drawn by `renderer`.
    package func report(of document: PopplerDocument, file: String, renderer: PageRenderer) throws(InspectRunError) -> [UInt8] {
        let entries: [PageEntry]
        do { entries = try document.entries(selecting: pages) } catch { throw .pages(error) }
        guard !entries.isEmpty else { throw .noPages }
        let files: [OverlayFile]
        do { files = try overlays.map { (o) throws(OverlayFileError) in try OverlayFile(path: o.path, frame: o.frame) } } catch { throw .overlay(error) }
        // The limits first, from the pictures alone (no boxes: each page's are mapped just
        // before it is drawn, so memory holds one page's at a time).
        var pixels = 0, pictures = 0
        for entry in entries {
            guard let page = entry.page else { continue }
            do {
                let picture = try drawing(of: page, overlays: [])
                pixels += picture.pixelWidth * picture.pixelHeight
                pictures += 1
            } catch { throw .drawing(error, page: entry.index + 1) }
        }
        do { try InspectReport.checkPixels(pixels, pages: pictures) } catch { throw .limits(error) }
        var report = InspectReport(file: file, bitmap: bitmap, viewSize: viewSize,
                                   overlays: files.map { (OverlayFile.displayName($0.path), $0.frame.description) })
        for entry in entries {
            guard let page = entry.page else {
                do { try report.appendFailedPage(entry) } catch { throw .limits(error) }
                continue
            }
            let sets: [OverlaySet]
            do { sets = try files.map { (f) throws(OverlayFileError) in try f.set(on: entry) } } catch { throw .overlay(error) }
            let drawing: PageDrawing
            do { drawing = try self.drawing(of: page, overlays: sets) } catch { throw .drawing(error, page: entry.index + 1) }
            // A page Poppler cannot render is shown with the reason; the others still are.
            let image: RGBImage
            do {
                image = try renderer.image(of: document, index: entry.index, region: drawing.region, rotation: drawing.rotation,
                                           width: drawing.pixelWidth, height: drawing.pixelHeight)
            } catch {
                do { try report.appendFailedPage(entry, reason: error.commandLineMessage) } catch { throw .limits(error) }
                continue
            }
            do { try report.append(entry, drawing: drawing, pageImage: image) } catch { throw .limits(error) }
        }
        return report.finish()
    }

    /// The picture of `page`: its MediaBox, turned as the page is displayed, at ``scale``.
    func drawing(of page: PageInfo, overlays: [OverlaySet]) throws(DrawingError) -> PageDrawing {
        try PageDrawing(page: page, space: .page, size: .scale(scale), overlays: overlays, region: page.boxes.mediaBox, legendNamesRegion: false)
    }
}
