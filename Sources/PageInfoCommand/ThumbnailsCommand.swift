// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import DocumentLayout
import PageGeometry
import PageInfoGrammar
import PageInfoHelp
import PageInfoEncoding
import PageInfoPoppler
import PageInfoRecords

/// `pageinfo thumbnails`: the automatic thumbnail size for a grid of pages.
///
/// A thin shell over ``DocumentLayout/ThumbnailGrid``.
struct ThumbnailsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnails",
        abstract: "Compute the thumbnail grid's item size, columns and visible rows, as JSON.",
        discussion: CommandHelp.thumbnails
    )

    @OptionGroup var document: OptionalDocumentOptions

    @Option(name: .customLong("page-size"), parsing: .unconditional, help: ArgumentHelp("Use this page size instead of a file's pages.", valueName: "WxH"),
            transform: ValueGrammar.size)
    var pageSize: Size?

    @Option(parsing: .unconditional, help: ArgumentHelp("The size of the view that shows the grid, e.g. 375x667.", valueName: "WxH"),
            transform: ValueGrammar.size)
    var container: Size

    @Option(parsing: .unconditional, help: ArgumentHelp("The gap between thumbnails, horizontally and vertically (default 0).", valueName: "s"),
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
            let sizes = try doc.layoutPageSizes()
            // (the grid of no page would take a made-up 1x1 page)
            guard !sizes.isEmpty else { throw ExitFailure("\(file): the document has no pages, so no page size to size thumbnails by", status: ExitStatus.malformed) }
            grid = ThumbnailGrid(pageSizes: sizes, containerSize: container, spacing: spacing)
        } else {
            grid = ThumbnailGrid(pageSize: pageSize ?? Size(width: 1, height: 1), containerSize: container, spacing: spacing)
        }
        try StandardOutput.printLine(ThumbnailGridJSON(file: document.file, grid: grid), exactFileName: document.exactName) {
            ExitFailure("\(document.file ?? "--page-size"): the page size \(grid.pageSize) gives no finite thumbnail size",
                        status: document.file == nil ? ExitStatus.usage : ExitStatus.malformed)
        }
    }
}
