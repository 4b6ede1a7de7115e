// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoDraw
import PageInfoGrammar
import PageInfoHelp
import PageInfoEncoding
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
        discussion: CommandHelp.sheet
    )

    @OptionGroup var document: DocumentOptions

    @Option(name: [.short, .customLong("output")], parsing: .unconditional, help: ArgumentHelp("The sheet to write: a .png file.", valueName: "file"))
    var output: String

    @Option(parsing: .unconditional, help: ArgumentHelp("The size of the view the grid is made for (default 1024x768).", valueName: "WxH"),
            transform: ValueGrammar.size)
    var container: Size = Size(width: 1024, height: 768)

    @Option(parsing: .unconditional, help: ArgumentHelp("Pages to include: 1-3,7,10- (default: all).", valueName: "ranges"),
            transform: { text in
                do { return try PageRangeList(text) } catch let error as PageRangeList.ParseError { throw ValidationError(error.description) }
            })
    var pages: PageRangeList?

    @Option(parsing: .unconditional, help: ArgumentHelp("The gap between thumbnails in pixels (default 10).", valueName: "s"),
            transform: ValueGrammar.length)
    var spacing: Double = 10

    func validate() throws {
        try requireExactName(output, option: "-o")
        _ = try pictureFormat(output, allowed: [.png])
    }

    func run() throws {
        let containerSize = container
        let doc = try document.open(forRendering: true)
        let infos: [PageInfo]
        do { infos = try doc.pages(selecting: pages) } catch {
            let subject = if case .outOfRange = error { "--pages" } else { document.file }
            throw ExitFailure("\(subject): \(error.description)", status: error.exitStatus)
        }
        guard !infos.isEmpty else { throw ExitFailure("\(document.file): no pages to draw", status: ExitStatus.usage) }
        let sheet: ContactSheet
        do { sheet = try ContactSheet(pages: infos, containerSize: containerSize, spacing: spacing) } catch {
            throw drawingFailure(error, smaller: "fewer --pages, a smaller --container or a smaller --spacing")
        }
        let renderer = try document.input.renderer(document.file)
        let picture = try sheet.render { (item: ContactSheet.Item) throws -> RGBImage in
            try renderPage(renderer, document: doc, index: item.page.index, region: item.page.cropBox, rotation: item.page.rotation,
                           width: item.pixelFrame.width, height: item.pixelFrame.height)
        }
        try writeOutputFile(PNGEncoder.encode(picture), to: output)
    }
}
