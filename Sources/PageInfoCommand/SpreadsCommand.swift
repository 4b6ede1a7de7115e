// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import DocumentLayout
import PageGeometry
import PageInfoGrammar
import PageInfoHelp
import PageInfoEncoding
import PageInfoPoppler
import PageInfoReading
import PageInfoRecords

/// `pageinfo spreads`: which pages a viewer shows side by side.
///
/// A thin shell over ``DocumentLayout/SpreadMapping`` and ``DocumentLayout/SpreadGeometry``.
struct SpreadsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spreads",
        abstract: "Group a document's pages into spreads (single, double, book) and print them as JSON.",
        discussion: CommandHelp.spreads
    )

    @OptionGroup var document: OptionalDocumentOptions

    @Option(name: .customLong("page-count"), parsing: .unconditional, help: ArgumentHelp("Group this many pages instead of a file's.", valueName: "n"),
            transform: ValueGrammar.pageCount)
    var pageCount: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("The spreads (default: the document's /PageLayout, else single).", valueName: "mode"))
    var mode: SpreadMode?

    @Option(parsing: .unconditional, help: ArgumentHelp("The binding (default: the document's /Direction, else ltr).", valueName: "binding"))
    var binding: SpreadBinding?

    func validate() throws {
        switch (document.file, pageCount) {
        case (nil, nil): throw ValidationError("give a FILE or --page-count N")
        case (.some, .some): throw ValidationError("give either a FILE or --page-count N, not both")
        default: break
        }
    }

    func run() throws {
        var output = SpreadsJSON(mapping: SpreadMapping(pageCount: pageCount ?? 0, mode: mode ?? .single,
                                                          binding: binding ?? .leftToRight))
        if let file = document.file {
            let doc = try document.input.open(file)
            let presentation = doc.presentation
            let sizes = try doc.layoutPageSizes()
            output = SpreadsJSON(
                mapping: SpreadMapping(pageCount: sizes.count, mode: mode ?? presentation.spreadMode,
                                       binding: binding ?? presentation.binding),
                file: file, pageLayout: doc.pageLayout?.rawValue, direction: doc.direction?.rawValue, pageSizes: sizes)
            if let s = output.mapping.firstSpreadWithNonFiniteGeometry(pageSizes: sizes) {
                throw ExitFailure("\(file): the pages of spread \(s) have sizes whose spread geometry is not a finite number",
                                  status: ExitStatus.malformed)
            }
        }
        var stdout = StandardOutput()
        stdout.out.exactFileName = document.exactName
        output.writeJSON(to: &stdout.out)
        stdout.out.append(byte: UInt8(ascii: "\n"))
        try stdout.finish()
    }
}
