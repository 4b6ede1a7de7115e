// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoDraw
import PageInfoGrammar
import PageInfoOutput
import PageInfoPoppler
import PageInfoReading
import PageInfoRecords

/// `pageinfo sheet`: a contact sheet of thumbnails laid out with the automatic thumbnail grid.
///
/// A thin shell over ``PageInfoDraw/ContactSheet`` (``DocumentLayout/ThumbnailGrid`` and
/// ``PagePlacement``) and ``PageInfoPoppler/PageRenderer``.
struct SheetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract: "Draw a contact sheet of page thumbnails in the automatic thumbnail grid, as PNG.",
        discussion: """
            The grid is the one 'pageinfo thumbnails' computes for the pages given: \
            about 10 items in the container, a whole number of columns, the same \
            horizontal and vertical spacing, item sizes rounded down, for the most \
            common page aspect ratio. Each page is aspect-fitted into its item, \
            outlined, and captioned with its page label (its number when the \
            document has no labels). The sheet is as wide as the container and as \
            tall as all rows; an orange dashed line marks the container's bottom \
            edge, and a legend band below gives the grid's numbers.

            EXAMPLE (check it by hand)
              $ pageinfo sheet Fixtures/labels.pdf -o sheet.png --container 375x667
              13 Letter pages: 3 columns of 118×153 px, spacing 10 (as
              'pageinfo thumbnails --page-size 612x792 --container 375x667
              --spacing 10' says), 5 rows: a 375×805 px sheet (5·153 + 4·10)
              plus the legend, captions i, ii, iii, iv, A-1, …

            Images are limited to 30000 pixels a side and 100 megapixels: use \
            --pages for long documents.

            EXIT CODES
              0 ok; 64 usage error (a bad page list or size, an output name not \
            ending in .png, a sheet beyond the size limit); 65 not a PDF or \
            damaged; 66 cannot open the file; 70 not enough memory for a bitmap; \
            74 the output could not be written; 77 encrypted and no or a wrong \
            password.
            """
    )

    @OptionGroup var document: DocumentOptions

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The sheet to write: a .png file.", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("The size of the view the grid is made for (default 1024x768).", valueName: "WxH"),
            transform: ValueGrammar.size)
    var container: Size = Size(width: 1024, height: 768)

    @Option(help: ArgumentHelp("Pages to include: 1-3,7,10- (default: all).", valueName: "ranges"),
            transform: { text in
                do { return try PageRangeList(text) } catch let error as PageRangeList.ParseError { throw ValidationError(error.description) }
            })
    var pages: PageRangeList?

    @Option(help: ArgumentHelp("The gap between thumbnails in pixels (default 10).", valueName: "s"))
    var spacing: Double = 10

    func validate() throws {
        _ = try pictureFormat(output, allowed: [.png])
        guard spacing >= 0, spacing.isFinite else { throw ValidationError("--spacing: must be a number ≥ 0") }
    }

    func run() throws {
        let containerSize = container
        let doc = try document.open()
        let infos: [PageInfo]
        do { infos = try doc.pages(selecting: pages) } catch {
            let subject = if case .outOfRange = error { "--pages" } else { document.file }
            throw CommandFailure("\(subject): \(error.description)", code: error.exitStatus)
        }
        guard !infos.isEmpty else { throw CommandFailure("\(document.file): no pages to draw", code: ExitStatus.usage) }
        let sheet: ContactSheet
        do { sheet = try ContactSheet(pages: infos, containerSize: containerSize, spacing: spacing) } catch {
            throw CommandFailure(error.description, code: ExitStatus.usage)
        }
        let renderer = try document.input.renderer(document.file)
        let picture = try sheet.render { (item: ContactSheet.Item) throws -> RGBImage in
            try renderPage(renderer, index: item.page.index, region: item.page.cropBox, rotation: item.page.rotation,
                           width: item.pixelFrame.width, height: item.pixelFrame.height)
        }
        try writeOutputFile(PNGEncoder.encode(picture), to: output)
    }
}
