// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoGrammar
import PageInfoHelp
import PageInfoSystem
import PageInfoEncoding
import PageInfoPoppler
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// `pageinfo convert`: points and rectangles between raw PDF, page and view space.
///
/// A thin shell over ``PageGeometry/PagePlacement``: it reads one page's geometry, builds the
/// placement from the options, takes the one transform between the two spaces and applies it to
/// every item, streaming stdin when no items are given.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert points and rectangles between raw PDF space, page space and view space.",
        discussion: CommandHelp.convert
    )

    @OptionGroup var document: DocumentOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("The page, 1-based.", valueName: "n"), transform: ValueGrammar.pageNumber)
    var page: Int

    @Option(parsing: .unconditional, help: ArgumentHelp("The space of the ITEMs.", valueName: "space"))
    var from: CoordinateSpace

    @Option(parsing: .unconditional, help: ArgumentHelp("The space to convert to.", valueName: "space"))
    var to: CoordinateSpace

    @Option(parsing: .unconditional, help: ArgumentHelp("The view's size in view units, e.g. 800x600 (needed for view space, unless --dpi).",
                               valueName: "WxH"),
            transform: ValueGrammar.size)
    var view: Size?

    @Option(parsing: .unconditional, help: ArgumentHelp("Instead of --view: the image --renderer makes at DPI (by default pdftoppm -r DPI -cropbox: ceil(size·DPI/72) pixels, DPI/72 px per point).",
                               valueName: "dpi"),
            transform: ValueGrammar.dotsPerInch)
    var dpi: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --dpi: the call that made the image, as pages --renderer names it (pdftoppm-cropbox, the default, pdftoppm, pdf2image, pdf2image-cropbox, ghostscript, ghostscript-cropbox, pdfium, mupdf, pdfplumber).",
                               valueName: "renderer"),
            transform: { text in
                guard let r = BitmapRenderer(rawValue: text) else { throw ValidationError("give one of \(BitmapOptions.rendererNames)") }
                return r
            })
    var renderer: BitmapRenderer?

    @Option(parsing: .unconditional, help: ArgumentHelp("contain: one scale, centred (the default with --view); fill: each axis stretched onto the view. Without --fit, --dpi places the page at exactly DPI/72 px per point from the top-left corner, as pdftoppm does.",
                               valueName: "fit"))
    var fit: PageFit?

    @Option(parsing: .unconditional, help: ArgumentHelp("The rectangle of page space the view shows (points), fitted to the view's width and centred.",
                               valueName: "x,y,w,h"),
            transform: ValueGrammar.viewport)
    var viewport: Rect?

    @Option(parsing: .unconditional, help: ArgumentHelp("Zoom relative to the aspect-fitted page (1 = the page fits the view).", valueName: "z"),
            transform: ValueGrammar.zoom)
    var zoom: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("The page-space point (points) at the view's centre with --zoom (default: the page's centre).",
                               valueName: "x,y"),
            transform: ValueGrammar.point)
    var center: Point?

    @Option(parsing: .unconditional, help: ArgumentHelp("Output format.", valueName: "format"))
    var format: ConversionStream.Format = .text

    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("Points x,y or rectangles x,y,w,h; read from stdin, one per line, when none are given.",
                                 valueName: "item"))
    var items: [String] = []

    // MARK: - Options against each other

    func validate() throws {
        if document.file == "-" && items.allSatisfy({ $0 == "--" }) {
            throw ValidationError("the PDF is read from stdin ('-'), so the ITEMs cannot be: give them as arguments")
        }
        do { try request.validate(from: from, to: to) } catch { throw ValidationError(error.convertMessage(from: from, to: to)) }
    }

    /// The view the options describe (``PageGeometry/ViewRequest``).
    var request: ViewRequest {
        ViewRequest(viewSize: view, dotsPerInch: dpi, fit: fit, viewport: viewport, zoomScale: zoom, center: center, renderer: renderer)
    }

    // MARK: - Running

    func run() throws {
        let given = try parsedItems()
        let doc = try document.open()
        let info = try readPage(doc, pageNumber: page)
        let placement = try makePlacement(info)
        var stream = ConversionStream(transform: ViewRequest.transform(of: info, placement: placement, from: from, to: to),
                                      format: format)
        var stdout = StandardOutput()
        stdout.out.exactFileName = document.exactName
        if format == .json {
            ConversionHeaderJSON(file: document.file, page: info, from: from, to: to, placement: placement,
                                 renderer: dpi == nil ? nil : (renderer ?? BitmapOptions.defaultRenderer),
                                 transform: stream.transform).writeJSON(to: &stdout.out)
        }
        let problem = if let given { stream.write(given, to: &stdout.out) }
            else { stream.write(linesOf: LineReader(.standardInput), to: &stdout.out) }
        // The output stays whole: a JSON document is closed even when an item failed.
        stream.finish(to: &stdout.out)
        try stdout.finish()
        if case .item(let message)? = problem { throw ValidationError(message) }
        if let problem { throw ExitFailure(problem.description, status: ExitStatus.cannotOpen) }
    }

    /// The ITEM arguments parsed, or `nil` when items come from stdin.
    func parsedItems() throws -> [ConvertItem]? {
        // `.allUnrecognized` keeps negative numbers such as -5,3 as items; it also keeps a
        // "--" terminator, which only ends the options.
        var texts = items[...]
        if let i = texts.firstIndex(of: "--") { texts.remove(at: i) }
        let parsed = try texts.map { text -> ConvertItem in
            guard let item = ConvertItem(text) else { throw ValidationError(ConvertItem.problem(text)) }
            return item
        }
        if !parsed.isEmpty { return parsed }
        if OpenFile.standardInput.isTerminal {
            throw ValidationError("no ITEM given: pass points x,y or rectangles x,y,w,h as arguments or one per line on stdin")
        }
        return nil
    }
}
