import ArgumentParser
import DocumentLayout
import PageGeometry
import PageInfoPoppler

/// `pageinfo spreads`: which pages a viewer shows side by side.
///
/// A thin shell over ``DocumentLayout/SpreadMapping`` and ``DocumentLayout/SpreadGeometry``.
struct SpreadsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spreads",
        abstract: "Group a document's pages into spreads (single, double, book) and print them as JSON.",
        discussion: """
            single  one page per spread.
            double  pairs from the first page: (0,1) (2,3) …; the last spread
                    may hold one page.
            book    the first page alone as the cover, then pairs: (0) (1,2)
                    (3,4) …; the last spread may hold one page.

            Page indexes are 0-based. "slots" lists a spread's pages from left to right as displayed: \
            with --binding rtl the lower index is on the right. In double and book mode a lone page keeps \
            an empty slot (null) where its partner would be: a left-to-right book's cover is a right-hand \
            page, a lone last page a left-hand one.

            With a FILE, each spread also gets its natural "size" and "pageFrames" (spread coordinates, \
            origin top-left, y down, points): every page is scaled to the tallest page's height in the \
            spread and placed side by side; an empty slot is as wide as the page beside it. Without \
            --mode/--binding the document's /PageLayout and /ViewerPreferences /Direction decide: \
            SinglePage, OneColumn → single; TwoColumnLeft, TwoPageLeft → double; TwoColumnRight, \
            TwoPageRight → book; /Direction R2L → rtl; absent → single, ltr. "pageLayout" and \
            "direction" report what the document says (omitted when it says nothing).

            EXAMPLES
              $ pageinfo spreads --page-count 5 --mode book
              {"binding": "ltr", "pageCount": 5, "spreadCount": 3,
               "spreadMode": "book", "spreads": [
                 {"index": 0, "pages": [0], "slots": [null, 0]},
                 {"index": 1, "pages": [1, 2], "slots": [1, 2]},
                 {"index": 2, "pages": [3, 4], "slots": [3, 4]} ]}
              (pretty-printed, keys sorted)

              Fixtures/mixed.pdf says /PageLayout /TwoPageRight, /Direction /R2L:
              $ pageinfo spreads Fixtures/mixed.pdf
              → book mode, rtl: spread 1 has "slots": [2, 1]; page 2
                (1190.551×841.89) and page 1 (595.276×841.89) side by side at
                their common height 841.89, "size": 1785.827 × 841.89.

            EXIT CODES
              0 ok; 64 usage error (FILE and --page-count both or neither, a
              bad option); 65 not a PDF or damaged; 66 cannot open the file;
              77 encrypted and no or a wrong password.
            """
    )

    @Argument(help: ArgumentHelp("The PDF file to read (or give --page-count).", valueName: "file"))
    var file: String?

    @Option(help: ArgumentHelp("The user or owner password of an encrypted PDF.", valueName: "password"))
    var password: String?

    @Option(name: .customLong("page-count"), help: ArgumentHelp("Group this many pages instead of a file's.", valueName: "n"))
    var pageCount: Int?

    @Option(help: ArgumentHelp("single, double or book (default: the document's /PageLayout, else single).", valueName: "mode"))
    var mode: SpreadModeArgument?

    @Option(help: ArgumentHelp("ltr or rtl (default: the document's /Direction, else ltr).", valueName: "binding"))
    var binding: BindingArgument?

    func validate() throws {
        switch (file, pageCount) {
        case (nil, nil): throw ValidationError("give a FILE or --page-count N")
        case (.some, .some): throw ValidationError("give either a FILE or --page-count N, not both")
        case (nil, .some(let n)) where n < 0: throw ValidationError("--page-count: must be 0 or more, got \(n)")
        default: break
        }
    }

    func run() throws {
        var output = SpreadsOutput()
        var sizes: [Size]? = nil
        var presentation = DocumentPresentation()
        if let file {
            let doc = try openDocument(file, password: password)
            output.file = file
            output.pageLayout = doc.pageLayout?.rawValue
            output.direction = doc.direction?.rawValue
            presentation = DocumentPresentation(pageLayout: doc.pageLayout, direction: doc.direction)
            sizes = try readPageSizes(doc)
        }
        let mapping = SpreadMapping(pageCount: sizes?.count ?? pageCount ?? 0,
                                    mode: mode?.spreadMode ?? presentation.spreadMode,
                                    binding: binding?.binding ?? presentation.binding)
        output.pageCount = mapping.pageCount
        output.spreadMode = mapping.mode.rawValue
        output.binding = mapping.binding.rawValue
        output.spreadCount = mapping.spreadCount
        output.spreads.reserveCapacity(mapping.spreadCount)
        for s in 0..<mapping.spreadCount {
            let slots = mapping.slots(forSpread: s)
            var spread = SpreadsOutput.Spread(index: s, pages: Array(mapping.pageRange(forSpread: s)),
                                              slots: slots.count == 1 ? [slots.left] : [slots.left, slots.right])
            if let sizes {
                let g = SpreadGeometry(slots: slots, pageSizes: sizes)
                spread.size = g.size
                spread.pageFrames = g.pages.map { SpreadsOutput.PageFrame(index: $0.page, frame: $0.frame) }
            }
            output.spreads.append(spread)
        }
        try printJSON(output)
    }
}

/// The JSON of `pageinfo spreads`.
struct SpreadsOutput: Encodable {
    struct PageFrame: Encodable { var index: Int; var frame: Rect }

    struct Spread: Encodable {
        var index: Int
        var pages: [Int]
        var slots: [Int?]
        var size: Size?
        var pageFrames: [PageFrame]?
    }

    var file: String?
    var pageLayout: String?
    var direction: String?
    var pageCount = 0
    var spreadMode = ""
    var binding = ""
    var spreadCount = 0
    var spreads: [Spread] = []
}
