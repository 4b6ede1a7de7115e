import ArgumentParser
import DocumentLayout
import PageGeometry
import PageInfoPoppler

/// `pageinfo thumbnails`: the automatic thumbnail size for a grid of pages.
///
/// A thin shell over ``DocumentLayout/ThumbnailGrid``.
struct ThumbnailsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnails",
        abstract: "Compute the thumbnail grid's item size, columns and visible rows, as JSON.",
        discussion: """
            The size aims at about 10 thumbnails on screen with a whole number of columns and the same \
            horizontal and vertical spacing, rounded down so they always fit:

              approxWidth = √(containerWidth · containerHeight / 10 · pageAspectRatio)
              columns     = round(containerWidth / approxWidth), at least 1
              width       = (containerWidth − spacing · (columns − 1)) / columns
              itemWidth   = ⌊width⌋
              itemHeight  = ⌊width / pageAspectRatio⌋

            For a document of mixed page sizes the most common aspect ratio is used (ties: the one that \
            comes first). "visibleRows" counts rows at least partly visible at the top of the grid, \
            "fullyVisibleRows" those entirely visible, both at most "totalRows".

            EXAMPLE (check it by hand)
              A US Letter page (612×792, ratio 0.7727) in an iPhone-sized
              375x667 container, spacing 10: approxWidth = √(25012.5 · 0.7727)
              = 139.02; columns = round(375 / 139.02 = 2.70) = 3;
              width = (375 − 20) / 3 = 118.33 → 118;
              height = 118.33 / 0.7727 = 153.14 → 153.

              $ pageinfo thumbnails --page-size 612x792 --container 375x667 \\
                  --spacing 10
              {"columns": 3, "itemSize": {"width": 118, "height": 153},
               "visibleRows": 5, "fullyVisibleRows": 4, …}

              $ pageinfo thumbnails Fixtures/labels.pdf --container 1024x768 \\
                  --spacing 10
              (13 Letter pages: 4 columns of 248×321, 4 rows in all)

            EXIT CODES
              0 ok; 64 usage error (FILE and --page-size both or neither, a bad
              size or number); 65 not a PDF or damaged; 66 cannot open the
              file; 77 encrypted and no or a wrong password.
            """
    )

    @Argument(help: ArgumentHelp("The PDF file to read (or give --page-size).", valueName: "file"))
    var file: String?

    @Option(help: ArgumentHelp("The user or owner password of an encrypted PDF.", valueName: "password"))
    var password: String?

    @Option(name: .customLong("page-size"), help: ArgumentHelp("Use this page size instead of a file's pages.", valueName: "WxH"))
    var pageSize: String?

    @Option(help: ArgumentHelp("The size of the view that shows the grid, e.g. 375x667.", valueName: "WxH"))
    var container: String

    @Option(help: ArgumentHelp("The gap between thumbnails, horizontally and vertically.", valueName: "s"))
    var spacing: Double = 0

    func validate() throws {
        switch (file, pageSize) {
        case (nil, nil): throw ValidationError("give a FILE or --page-size WxH")
        case (.some, .some): throw ValidationError("give either a FILE or --page-size WxH, not both")
        default: break
        }
        if let pageSize { _ = try parseSize(pageSize, what: "--page-size") }
        _ = try parseSize(container, what: "--container")
        guard spacing >= 0, spacing.isFinite else { throw ValidationError("--spacing: must be a number ≥ 0") }
    }

    func run() throws {
        let containerSize = try parseSize(container, what: "--container")
        let grid: ThumbnailGrid
        if let file {
            let doc = try openDocument(file, password: password)
            grid = ThumbnailGrid(pageSizes: try readPageSizes(doc), containerSize: containerSize, spacing: spacing)
        } else {
            grid = ThumbnailGrid(pageSize: try parseSize(pageSize ?? "", what: "--page-size"), containerSize: containerSize, spacing: spacing)
        }
        try printJSON(ThumbnailsOutput(file: file, grid: grid))
    }
}

/// The JSON of `pageinfo thumbnails`.
struct ThumbnailsOutput: Encodable {
    var file: String?
    var pageCount: Int?
    var pageSize: Size
    var aspectRatio: Double
    var containerSize: Size
    var spacing: Double
    var columns: Int
    var itemSize: Size
    var visibleRows: Int
    var fullyVisibleRows: Int
    var totalRows: Int?

    init(file: String?, grid: ThumbnailGrid) {
        self.file = file
        self.pageCount = grid.pageCount
        self.pageSize = grid.pageSize
        self.aspectRatio = grid.pageSize.width / grid.pageSize.height
        self.containerSize = grid.containerSize
        self.spacing = grid.spacing
        self.columns = grid.columns
        self.itemSize = grid.itemSize
        self.visibleRows = grid.visibleRows
        self.fullyVisibleRows = grid.fullyVisibleRows
        self.totalRows = grid.totalRows
    }
}
