import ArgumentParser
import DocumentLayout
import PageGeometry
import PageInfoPoppler

/// `pageinfo layout`: where every spread and page of a document sits in a scroll view.
///
/// A thin shell over ``DocumentLayout/StackLayout``: read the page sizes, build the layout,
/// print its frames (all of them, or only those intersecting `--visible`, plus the dominant page).
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay out a document's spreads in a scroll view and print their frames as JSON.",
        discussion: """
            Frames are in content coordinates: the scroll view's content at zoom 1, origin at its \
            top-left corner, y down, in view units.

            continuous   spreads stacked with --spacing between them and --insets around the strip; \
            each spread is scaled to the view's width (vertical) or height (horizontal) minus the insets. \
            Zoom applies to the whole document.
            per-spread   spread i fills page i of a paginated scroll view (a cell the size of the view, \
            i·(view + spacing) along the axis), aspect-fitted and centred inside the cell minus the insets. \
            Zoom applies to one spread.

            Pages of a spread are scaled to the tallest page's height and placed side by side (right to \
            left with --binding rtl); a lone page in double/book mode keeps an empty slot beside it. \
            Without --mode/--spread/--binding, the document's /PageLayout and /Direction decide \
            (TwoPageRight → per-spread book; *Column* → continuous; R2L → rtl; absent → continuous single ltr).

            With --visible x,y,w,h only the spreads intersecting that rectangle are listed, and \
            "visible" gives the dominant page (largest visible area; ties go to the lowest page index, \
            null when no page is visible) and the fractional spread index of the rectangle's origin. \
            Page indexes in the output are 0-based.

            EXAMPLE (check it by hand)
              rotations.pdf: page 1 is 400×600 pt, page 2 600×400. In a 200x300
              view each page is scaled to the width 200: page 1 → 200×300 at y 0,
              page 2 → 200×133.33 at y 300 + 10. The rectangle y 250…350 shows 50
              units of page 1 and 40 of page 2, so page index 0 dominates; y 250
              is 250/310 of the way through slot 0 (spread 0 + the spacing).

              $ pageinfo layout Fixtures/rotations.pdf --view 200x300 \\
                  --spacing 10 --visible 0,250,200,100
              "spreads": [ {"index": 0, "frame": {"x": 0, "y": 0, "width": 200,
                                                  "height": 300}, …},
                           {"index": 1, "frame": {"x": 0, "y": 310, "width": 200,
                                                  "height": 133.33333333333331}, …} ],
              "visible": {"dominantPage": 0, "fractionalSpreadIndex": 0.8064…, …}

            EXIT CODES
              0 ok; 64 usage error (bad size, number or option); 65 not a PDF or
              damaged; 66 cannot open the file; 77 encrypted and no or a wrong
              password.
            """
    )

    @OptionGroup var document: DocumentOptions
    @OptionGroup var layout: LayoutOptions

    @Option(help: ArgumentHelp("Only list spreads intersecting this rectangle (content coordinates) and report the dominant page.",
                               valueName: "x,y,w,h"))
    var visible: String?

    func validate() throws {
        if let visible { _ = try parseRect(visible, what: "--visible") }
    }

    func run() throws {
        let visibleRect = try visible.map { try parseRect($0, what: "--visible") }
        let doc = try openDocument(document.file, password: document.password)
        let stack = try layout.makeLayout(doc)
        let spreads: [Int] = visibleRect.map { Array(stack.spreads(intersecting: $0)) } ?? Array(0..<stack.spreadCount)
        var output = LayoutOutput(file: document.file, layout: stack, spreads: spreads)
        if let rect = visibleRect {
            output.visible = .init(rect: rect, dominantPage: stack.dominantPage(in: rect),
                                   fractionalSpreadIndex: stack.fractionalSpreadIndex(forContentOffset: rect.origin))
        }
        try printJSON(output)
    }
}

// MARK: - Shared layout options

/// The options that shape a ``StackLayout``, shared by `layout` and `viewstate`.
struct LayoutOptions: ParsableArguments {
    enum Mode: String, ExpressibleByArgument, CaseIterable {
        case continuous, perSpread = "per-spread"
        var scrollMode: ScrollMode { self == .continuous ? .continuous : .perSpread }
    }

    enum Axis: String, ExpressibleByArgument, CaseIterable {
        case vertical, horizontal
        var axis: ScrollAxis { self == .vertical ? .vertical : .horizontal }
    }

    @Option(help: ArgumentHelp("The scroll view's size in view units, e.g. 1024x768.", valueName: "WxH"))
    var view: String

    @Option(help: ArgumentHelp("continuous or per-spread (default: from the document's /PageLayout, else continuous).",
                               valueName: "mode"))
    var mode: Mode?

    @Option(help: ArgumentHelp("vertical or horizontal.", valueName: "axis"))
    var axis: Axis = .vertical

    @Option(help: ArgumentHelp("single, double or book (default: from the document's /PageLayout, else single).",
                               valueName: "spread-mode"))
    var spread: SpreadModeArgument?

    @Option(help: ArgumentHelp("ltr or rtl (default: from the document's /Direction, else ltr).", valueName: "binding"))
    var binding: BindingArgument?

    @Option(help: ArgumentHelp("The gap between spreads (continuous) or cells (per-spread), view units.", valueName: "s"))
    var spacing: Double = 0

    @Option(help: ArgumentHelp("Content insets top,left,bottom,right in view units.", valueName: "t,l,b,r"))
    var insets: String?

    @Option(name: .customLong("min-zoom"), help: ArgumentHelp("The minimum zoom scale (default 1).", valueName: "z"))
    var minimumZoom: Double?

    @Option(name: .customLong("max-zoom"), help: ArgumentHelp("The maximum zoom scale.", valueName: "z"))
    var maximumZoom: Double = 10

    func validate() throws {
        _ = try parseSize(view, what: "--view")
        guard spacing >= 0, spacing.isFinite else { throw ValidationError("--spacing: '\(spacing)' must be a number ≥ 0") }
        if let insets { _ = try parseInsets(insets) }
        if let minimumZoom, !(minimumZoom > 0 && minimumZoom.isFinite) {
            throw ValidationError("--min-zoom: must be a positive number")
        }
        guard maximumZoom >= (minimumZoom ?? 1), maximumZoom.isFinite else {
            throw ValidationError("--max-zoom: must be a number ≥ --min-zoom (\(minimumZoom ?? 1))")
        }
    }

    func parseInsets(_ text: String) throws -> EdgeInsets {
        let v = try parseNumbers(text, count: 4, what: "--insets", form: "top,left,bottom,right")
        guard v.allSatisfy({ $0 >= 0 }) else { throw ValidationError("--insets: '\(text)' must not be negative") }
        return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }

    /// The configuration: explicit options first, then the document's /PageLayout and /Direction.
    /// `defaultMinimumZoom` applies when --min-zoom is not given.
    func configuration(pageLayout: PDFPageLayout?, direction: ReadingDirection?,
                       defaultMinimumZoom: Double = 1) throws -> StackLayout.Configuration {
        let defaults = DocumentPresentation(pageLayout: pageLayout, direction: direction)
        return StackLayout.Configuration(
            scrollMode: mode?.scrollMode ?? defaults.scrollMode, axis: axis.axis,
            spreadMode: spread?.spreadMode ?? defaults.spreadMode, binding: binding?.binding ?? defaults.binding,
            spacing: spacing, contentInsets: try insets.map(parseInsets) ?? .zero,
            minimumZoomScale: minimumZoom ?? defaultMinimumZoom, maximumZoomScale: maximumZoom)
    }

    /// Reads the document's page sizes and lays them out.
    func makeLayout(_ doc: PopplerDocument, defaultMinimumZoom: Double = 1) throws -> StackLayout {
        let config = try configuration(pageLayout: doc.pageLayout, direction: doc.direction, defaultMinimumZoom: defaultMinimumZoom)
        return StackLayout(pageSizes: try readPageSizes(doc), viewSize: try parseSize(view, what: "--view"), configuration: config)
    }
}

enum SpreadModeArgument: String, ExpressibleByArgument, CaseIterable {
    case single, double, book
    var spreadMode: SpreadMode {
        switch self {
        case .single: .single
        case .double: .double
        case .book: .book
        }
    }
}

enum BindingArgument: String, ExpressibleByArgument, CaseIterable {
    case ltr, rtl
    var binding: SpreadBinding { self == .ltr ? .leftToRight : .rightToLeft }
}

/// Every page's displayed size (``PageInfo/size``), read one page at a time.
func readPageSizes(_ doc: PopplerDocument) throws -> [Size] {
    var sizes: [Size] = []
    sizes.reserveCapacity(doc.pageCount)
    do {
        try doc.forEachPage { (page: PageInfo) throws(Never) in sizes.append(page.size) }
    } catch {
        switch error {
        case .read(let e): throw CommandFailure(e)
        }
    }
    return sizes
}

// MARK: - Output

/// The JSON of `pageinfo layout`.
struct LayoutOutput: Encodable {
    struct PageFrame: Encodable { var index: Int; var frame: Rect }
    struct SpreadFrame: Encodable { var index: Int; var frame: Rect; var pages: [PageFrame] }
    struct Visible: Encodable { var rect: Rect; var dominantPage: Int?; var fractionalSpreadIndex: Double }

    var file: String
    var pageCount: Int
    var viewSize: Size
    var scrollMode: String
    var axis: String
    var spreadMode: String
    var binding: String
    var spacing: Double
    var contentInsets: EdgeInsets
    var zoomScope: String
    var minimumZoomScale: Double
    var maximumZoomScale: Double
    var contentSize: Size
    var spreadCount: Int
    var spreads: [SpreadFrame]
    var visible: Visible?

    init(file: String, layout: StackLayout, spreads: [Int]) {
        let c = layout.configuration
        self.file = file
        self.pageCount = layout.pageCount
        self.viewSize = layout.viewSize
        self.scrollMode = c.scrollMode.rawValue
        self.axis = c.axis.rawValue
        self.spreadMode = c.spreadMode.rawValue
        self.binding = c.binding.rawValue
        self.spacing = c.spacing
        self.contentInsets = c.contentInsets
        self.zoomScope = layout.zoomScope.rawValue
        self.minimumZoomScale = c.minimumZoomScale
        self.maximumZoomScale = c.maximumZoomScale
        self.contentSize = layout.contentSize
        self.spreadCount = layout.spreadCount
        self.spreads = spreads.map { s in
            SpreadFrame(index: s, frame: layout.frame(ofSpread: s),
                        pages: layout.pages(inSpread: s).map { PageFrame(index: $0.page, frame: $0.frame) })
        }
    }
}

extension LayoutOutput.Visible {
    private enum CodingKeys: String, CodingKey { case rect, dominantPage, fractionalSpreadIndex }

    /// `dominantPage` is `null` (not omitted) when no page is visible.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rect, forKey: .rect)
        try c.encode(dominantPage, forKey: .dominantPage)
        try c.encode(fractionalSpreadIndex, forKey: .fractionalSpreadIndex)
    }
}
