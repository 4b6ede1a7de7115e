// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import DocumentLayout
import PageGeometry
import PageInfoGrammar
import PageInfoOutput
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
              {"file":"Fixtures/rotations.pdf","pageCount":10,…,"spreads":[
               {"index":0,"frame":{"x":0,"y":0,"width":200,"height":300},…},
               {"index":1,"frame":{"x":0,"y":310,"width":200,
                "height":133.333333333},…}],"visible":{…,"dominantPage":0,
               "fractionalSpreadIndex":0.806451613}}
              (one line, wrapped here)

            OUTPUT
              One line of compact JSON, fields in this order: file, pageCount,
              viewSize, scrollMode, axis, spreadMode, binding, spacing,
              contentInsets, zoomScope, minimumZoomScale, maximumZoomScale,
              contentSize, spreadCount, spreads [{index, frame, pages [{index,
              frame}]}], visible {rect, dominantPage, fractionalSpreadIndex}
              (only with --visible). Numbers are rounded to 10^-9.

            LIMITS
            \(InputLimits.helpText)

            EXIT CODES
              0 ok; 64 usage error (bad size, number or option, a value beyond
              the limits, a document of more than 10,000,000 pages); 65 not a
              PDF or damaged, or page sizes whose frames overflow; 66 cannot
              open the file; 74 the output could not be written; 77 encrypted
              and no or a wrong password.
            """
    )

    @OptionGroup var document: DocumentOptions
    @OptionGroup var layout: LayoutOptions

    @Option(help: ArgumentHelp("Only list spreads intersecting this rectangle (content coordinates) and report the dominant page.",
                               valueName: "x,y,w,h"),
            transform: ValueGrammar.rect)
    var visible: Rect?

    func run() throws {
        let doc = try document.open()
        let stack = try layout.makeLayout(doc)
        let output = StackLayoutJSON(file: document.file, layout: stack, visible: visible?.standardized)
        var stdout = StandardOutput()
        output.writeJSON(to: &stdout.out)
        stdout.out.append(byte: UInt8(ascii: "\n"))
        try stdout.finish()
    }
}
