// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoGrammar
import PageInfoOutput
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
        discussion: """
            SPACES
              raw   the page's PDF user space (points, y up): boxes, content, links.
              page  the displayed page (CropBox after /Rotate): origin at its
                    lower-left corner, y up, 0…width × 0…height points.
              view  a view of --view WxH units: origin at its top-left, y down.

            The view shows --viewport (a rectangle of page space) scaled to fill the \
            view's width, centred. Without it the page is aspect-fitted and centred \
            (zoom 1). --zoom Z --center x,y shows the page Z times its fitted size \
            with page point x,y at the view's centre. That is --fit contain, the \
            default. --fit fill stretches the page (or --viewport) onto the whole \
            view, each axis scaled on its own: how pdfium (FPDF_PageToDevice) and \
            MuPDF map a page into a W×H bitmap.

            --dpi D instead of --view maps the page as `pdftoppm -r D -cropbox` \
            renders it: a view of ceil(width·D/72) × ceil(height·D/72) pixels \
            (rounded up, never to nearest, as pdftoppm 22.12 does), the page at \
            exactly D/72 pixels per point from the top-left corner, so the last \
            column and row may lie partly outside the page. --dpi D --fit fill \
            stretches the page onto that bitmap; --dpi D --fit contain centres it.

            ITEMs are points x,y or rectangles x,y,width,height (negative numbers \
            are fine: -5,3). Rectangles come out standardized: origin at the \
            smallest corner, positive size. Without ITEMs, items are read from \
            stdin, one per line, and each line is answered as soon as it is read \
            (output is flushed whenever stdin has nothing more yet, so pageinfo \
            can run as a coprocess). Text output is one converted item per line \
            in the input's form, so it can be piped back in. --format json \
            prints one document: a first line with the placement and the \
            transform used, {a,b,c,d,tx,ty} with x' = a·x + c·y + tx and y' = \
            b·x + d·y + ty, then one line per item ({"input","output"}), then \
            "]}". Numbers are rounded to 10^-9.

            EXAMPLE (check it by hand)
              Page 2 of Fixtures/rotations.pdf has CropBox [20 30 420 630] and
              /Rotate 90, so it is displayed 600 × 400 pt. A 300x200 view shows
              it at scale 300/600 = 0.5.

              $ pageinfo convert Fixtures/rotations.pdf --page 2 \\
                    --from raw --to view --view 300x200 120,80
              25,50

              raw (120, 80) → page (y − 30, 420 − x) = (50, 300)     (/Rotate 90)
                            → view (50 × 0.5, (400 − 300) × 0.5) = (25, 50)
              (view y grows downwards: page y 300 is 400 − 300 = 100 pt below the top.)

            STRETCHED AND PIXEL EXAMPLES (check them by hand)
              Page 1 is displayed 400 × 600 pt (/Rotate 0): raw (120, 80) is
              page (120 − 20, 80 − 30) = (100, 50).

              $ pageinfo convert Fixtures/rotations.pdf --page 1 \\
                    --from raw --to view --view 300x300 --fit fill 120,80
              75,275

              x scale 300/400 = 0.75, y scale 300/600 = 0.5:
              (100 × 0.75, (600 − 50) × 0.5) = (75, 275)

              $ pageinfo convert Fixtures/rotations.pdf --page 2 \\
                    --from raw --to view --dpi 144 120,80
              100,200

              600 × 400 pt at 144 dpi: a 1200 × 800 pixel image, 2 px/pt;
              page (50, 300) → (50 × 2, (400 − 300) × 2) = (100, 200)

            MORE EXAMPLES
              pageinfo convert doc.pdf --page 3 --from raw --to page 72,72,144,36
              pageinfo convert doc.pdf --page 1 --from view --to raw \\
                  --view 1024x768 --zoom 2 --center 300,400 512,384
              pageinfo convert doc.pdf --page 1 --from raw --to view \\
                  --view 800x600 --format json < points.txt

            LIMITS
            \(InputLimits.helpText)
              ITEMs are held to the same limits, and a conversion whose result
              overflows a Double is a usage error.

            EXIT CODES
              0 ok; 64 usage error (page out of range, malformed number or item, \
            zero-size view, --viewport with --zoom/--center, view space without \
            --view or --dpi, a value beyond the limits, a result that overflows); \
            65 not a PDF or damaged; 66 cannot open the file, or reading the ITEMs \
            on stdin failed (EIO, a directory…); 74 the output could not be written; 77 \
            encrypted and no or a wrong password.
            """
    )

    @OptionGroup var document: DocumentOptions

    @Option(help: ArgumentHelp("The page, 1-based.", valueName: "n"), transform: ValueGrammar.pageNumber)
    var page: Int

    @Option(help: ArgumentHelp("The space of the ITEMs.", valueName: "space"))
    var from: CoordinateSpace

    @Option(help: ArgumentHelp("The space to convert to.", valueName: "space"))
    var to: CoordinateSpace

    @Option(help: ArgumentHelp("The view's size in view units, e.g. 800x600 (needed for view space, unless --dpi).",
                               valueName: "WxH"),
            transform: ValueGrammar.size)
    var view: Size?

    @Option(help: ArgumentHelp("Instead of --view: the image pdftoppm -r DPI -cropbox renders (ceil(size·DPI/72) pixels, DPI/72 px per point).",
                               valueName: "dpi"),
            transform: ValueGrammar.dotsPerInch)
    var dpi: Double?

    @Option(help: ArgumentHelp("contain: one scale, centred (the default); fill: each axis stretched onto the view.",
                               valueName: "fit"))
    var fit: PageFit?

    @Option(help: ArgumentHelp("The rectangle of page space the view shows (points), fitted to the view's width and centred.",
                               valueName: "x,y,w,h"),
            transform: ValueGrammar.viewport)
    var viewport: Rect?

    @Option(help: ArgumentHelp("Zoom relative to the aspect-fitted page (1 = the page fits the view).", valueName: "z"),
            transform: ValueGrammar.zoom)
    var zoom: Double?

    @Option(help: ArgumentHelp("The page-space point (points) at the view's centre with --zoom (default: the page's centre).",
                               valueName: "x,y"),
            transform: ValueGrammar.point)
    var center: Point?

    @Option(help: ArgumentHelp("Output format.", valueName: "format"))
    var format: ConversionStream.Format = .text

    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("Points x,y or rectangles x,y,w,h; read from stdin, one per line, when none are given.",
                                 valueName: "item"))
    var items: [String] = []

    // MARK: - Options against each other

    func validate() throws {
        if viewport != nil && (zoom != nil || center != nil) {
            throw ValidationError("--viewport cannot be combined with --zoom or --center: give either the visible rectangle or a zoom and centre")
        }
        if dpi != nil {
            if view != nil { throw ValidationError("--dpi derives the view's size from the page: give --dpi or --view, not both") }
            if viewport != nil || zoom != nil || center != nil {
                throw ValidationError("--dpi maps the whole page as pdftoppm renders it; it cannot be combined with --viewport, --zoom or --center")
            }
        }
        if fit == .fill && (zoom != nil || center != nil) {
            throw ValidationError("--fit fill stretches the page (or --viewport) onto the view; it cannot be combined with --zoom or --center")
        }
        if view == nil && dpi == nil {
            if from == .view || to == .view {
                throw ValidationError("converting \(from == .view ? "from" : "to") view space needs --view WIDTHxHEIGHT, the view's size (or --dpi D)")
            }
            if let option = viewport != nil ? "viewport" : zoom != nil ? "zoom" : center != nil ? "center" : fit != nil ? "fit" : nil {
                throw ValidationError("--\(option) needs --view WIDTHxHEIGHT, the view's size")
            }
        }
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
        if format == .json {
            ConversionHeaderJSON(file: document.file, page: info, from: from, to: to, placement: placement,
                                 transform: stream.transform).writeJSON(to: &stdout.out)
        }
        let problem = if let given { stream.write(given, to: &stdout.out) }
            else { stream.write(linesOf: LineReader(.standardInput), to: &stdout.out) }
        // The output stays whole: a JSON document is closed even when an item failed.
        stream.finish(to: &stdout.out)
        try stdout.finish()
        if case .item(let message)? = problem { throw ValidationError(message) }
        if let problem { throw CommandFailure(problem.description, code: ExitStatus.cannotOpen) }
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
        if isatty(STDIN_FILENO) != 0 {
            throw ValidationError("no ITEM given: pass points x,y or rectangles x,y,w,h as arguments or one per line on stdin")
        }
        return nil
    }
}
