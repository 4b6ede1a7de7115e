// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import DocumentLayout
import PageGeometry
import PageInfoGrammar
import PageInfoOutput
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
              {"pageCount":5,"spreadMode":"book","binding":"ltr","spreadCount":3,
               "spreads":[{"index":0,"pages":[0],"slots":[null,0]},
               {"index":1,"pages":[1,2],"slots":[1,2]},
               {"index":2,"pages":[3,4],"slots":[3,4]}]}
              (one line, wrapped here)

              Fixtures/mixed.pdf says /PageLayout /TwoPageRight, /Direction /R2L:
              $ pageinfo spreads Fixtures/mixed.pdf
              → book mode, rtl: spread 1 has "slots": [2, 1]; page 2
                (1190.551×841.89) and page 1 (595.276×841.89) side by side at
                their common height 841.89, "size": 1785.827 × 841.89.

            OUTPUT
              One line of compact JSON, fields in this order: file, pageLayout,
              direction (these three only with a FILE, the last two only when
              the document has them), pageCount, spreadMode, binding,
              spreadCount, spreads [{index, pages, slots, size, pageFrames
              [{index, frame}]}] (size and pageFrames only with a FILE). The
              spreads are written as they are computed, so memory stays small
              for any page count.

            LIMITS
            \(InputLimits.helpText)

            EXIT CODES
              0 ok; 64 usage error (FILE and --page-count both or neither, a
              bad option, more than 10,000,000 pages); 65 not a PDF or
              damaged, or page sizes whose frames overflow; 66 cannot open the
              file; 74 the output could not be written; 77 encrypted and no or
              a wrong password.
            """
    )

    @OptionGroup var document: OptionalDocumentOptions

    @Option(name: .customLong("page-count"), help: ArgumentHelp("Group this many pages instead of a file's.", valueName: "n"),
            transform: ValueGrammar.pageCount)
    var pageCount: Int?

    @Option(help: ArgumentHelp("The spreads (default: the document's /PageLayout, else single).", valueName: "mode"))
    var mode: SpreadMode?

    @Option(help: ArgumentHelp("The binding (default: the document's /Direction, else ltr).", valueName: "binding"))
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
                throw CommandFailure("\(file): the pages of spread \(s) have sizes whose spread geometry is not a finite number",
                                     code: ExitStatus.malformed)
            }
        }
        var stdout = StandardOutput()
        output.writeJSON(to: &stdout.out)
        stdout.out.append(byte: UInt8(ascii: "\n"))
        try stdout.finish()
    }
}
