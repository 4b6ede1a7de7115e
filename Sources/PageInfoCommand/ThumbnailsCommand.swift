// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import DocumentLayout
import PageGeometry
import PageInfoGrammar
import PageInfoOutput
import PageInfoPoppler
import PageInfoRecords

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
              {"pageSize":{"width":612,"height":792},"aspectRatio":0.772727273,
               "containerSize":{"width":375,"height":667},"spacing":10,
               "columns":3,"itemSize":{"width":118,"height":153},
               "visibleRows":5,"fullyVisibleRows":4}
              (one line, wrapped here)

              $ pageinfo thumbnails Fixtures/labels.pdf --container 1024x768 \\
                  --spacing 10
              (13 Letter pages: 4 columns of 248×321, 4 rows in all)

            OUTPUT
              One line of compact JSON, fields in this order: file, pageCount
              (these two only with a FILE), pageSize, aspectRatio,
              containerSize, spacing, columns, itemSize, visibleRows,
              fullyVisibleRows, totalRows (only with a FILE).

            LIMITS
            \(InputLimits.helpText)

            EXIT CODES
              0 ok; 64 usage error (FILE and --page-size both or neither, a bad
              size or number, a value beyond the limits); 65 not a PDF or
              damaged, or no page with a usable size; 66 cannot open the file;
              74 the output could not be written; 77 encrypted and no or a
              wrong password.
            """
    )

    @OptionGroup var document: OptionalDocumentOptions

    @Option(name: .customLong("page-size"), help: ArgumentHelp("Use this page size instead of a file's pages.", valueName: "WxH"),
            transform: ValueGrammar.size)
    var pageSize: Size?

    @Option(help: ArgumentHelp("The size of the view that shows the grid, e.g. 375x667.", valueName: "WxH"),
            transform: ValueGrammar.size)
    var container: Size

    @Option(help: ArgumentHelp("The gap between thumbnails, horizontally and vertically (default 0).", valueName: "s"),
            transform: ValueGrammar.length)
    var spacing: Double = 0

    func validate() throws {
        switch (document.file, pageSize) {
        case (nil, nil): throw ValidationError("give a FILE or --page-size WxH")
        case (.some, .some): throw ValidationError("give either a FILE or --page-size WxH, not both")
        default: break
        }
    }

    func run() throws {
        let grid: ThumbnailGrid
        if let file = document.file {
            let doc = try document.input.open(file)
            grid = ThumbnailGrid(pageSizes: try doc.layoutPageSizes(), containerSize: container, spacing: spacing)
        } else {
            grid = ThumbnailGrid(pageSize: pageSize ?? Size(width: 1, height: 1), containerSize: container, spacing: spacing)
        }
        try StandardOutput.printLine(ThumbnailGridJSON(file: document.file, grid: grid)) {
            CommandFailure("\(document.file ?? "--page-size"): the page size \(grid.pageSize) gives no finite thumbnail size",
                           code: document.file == nil ? ExitStatus.usage : ExitStatus.malformed)
        }
    }
}
