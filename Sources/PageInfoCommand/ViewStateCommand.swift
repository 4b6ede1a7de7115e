// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import DocumentLayout
import PageGeometry
import PageInfoGrammar
import PageInfoOutput
import PageInfoPoppler
import PageInfoReading
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// `pageinfo viewstate`: capture what a scroll view shows as a portable view state, and restore it.
struct ViewStateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "viewstate",
        abstract: "Capture and restore view states (page + viewport in page space) as JSON.",
        discussion: """
            A view state is {"pageIndex":N,"viewport":{"x":…,"y":…,"width":…,"height":…}}: the dominant \
            page (0-based) and, only when the view is zoomed in, the rectangle of that page's page space \
            (points, origin at the displayed page's lower-left corner, y up) that the view shows. Without \
            a viewport the key is omitted. Capture in one view size and restore in any other: the \
            viewport keeps its centre and width, so turning a device and turning it back returns to the \
            same place.

            EXAMPLE
              $ pageinfo viewstate capture doc.pdf --view 768x1024 --zoom 2 \\
                  --offset 0,500 > state.json
              $ pageinfo viewstate restore doc.pdf --view 1024x768 --state - \\
                  < state.json

            OUTPUT
              One line of compact JSON each; numbers rounded to 10^-9.

            LIMITS
            \(InputLimits.helpText)
              The numbers of a --state viewport are held to the same limits.

            EXIT CODES
              0 ok; 64 usage error (bad size, number, option or --state, a page
              index outside the document, a value beyond the limits); 65 not a
              PDF or damaged, or page sizes whose frames overflow; 66 cannot
              open the file; 74 the output could not be written; 77 encrypted
              and no or a wrong password.
            """,
        subcommands: [Capture.self, Restore.self]
    )

    struct Capture: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "capture",
            abstract: "Print the view state of a scroll view at a zoom scale and content offset.",
            discussion: """
                The scroll view shows the document laid out as 'pageinfo layout' does (same options), \
                zoomed by --zoom, scrolled to --offset (in zoomed content units, as UIScrollView and most \
                scroll views report it): it shows the content rectangle (offset / zoom, view / zoom). \
                The page is the dominant one (largest visible area; ties to the lowest index). A viewport \
                is captured only when --zoom is above --min-zoom (default 1). The output is one line of \
                JSON that 'viewstate restore --state' accepts.

                EXAMPLE (check it by hand)
                  rotations.pdf: page 1 is 400×600 pt; in a 400x600 view it is at
                  scale 1. Zoom 2 at offset 200,300 shows the content rectangle
                  (100, 150, 200, 300), inside page 1. Page space has y up from
                  the page's bottom (600), so the viewport is
                  (100, 600 − 150 − 300, 200, 300).

                  $ pageinfo viewstate capture Fixtures/rotations.pdf \\
                      --view 400x600 --zoom 2 --offset 200,300
                  {"pageIndex":0,"viewport":{"x":100,"y":150,"width":200,"height":300}}
                """
        )

        @OptionGroup var document: DocumentOptions
        @OptionGroup var layout: LayoutOptions

        @Option(help: ArgumentHelp("The scroll view's zoom scale (1 = the fitted layout).", valueName: "z"),
                transform: ValueGrammar.zoom)
        var zoom: Double = 1

        @Option(help: ArgumentHelp("The content offset in zoomed content units (default 0,0).", valueName: "x,y"),
                transform: ValueGrammar.point)
        var offset: Point = .zero

        func run() throws {
            let doc = try document.open()
            let stack = try layout.makeLayout(doc)
            guard let state = stack.captureViewState(contentOffset: offset, zoomScale: zoom) else {
                throw CommandFailure("\(document.file): the document has no pages, so there is no view state", code: ExitStatus.usage)
            }
            try StandardOutput.printLine(state) {
                CommandFailure("\(document.file): the view state at --zoom \(formatCompact(zoom)) --offset \(offset) is not a finite number",
                               code: ExitStatus.usage)
            }
        }
    }

    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: "Print where a scroll view must zoom and scroll to show a view state.",
            discussion: """
                The document is laid out as 'pageinfo layout' does (same options) for --view. The output \
                gives "zoomScale" (clamped to --min-zoom…--max-zoom, default 1…10), "contentOffset" (zoomed \
                content units), "visibleRect" (content coordinates at zoom 1), "spreadIndex", "visibleViewport" \
                (what the view shows of the state's page, in its page space) and, for per-spread layouts, \
                "pagingOffset" (the paging scroll view) and "spreadZoomOffset" (the spread's zooming scroll \
                view). Without a viewport the view goes to the page's spread at zoom 1.

                The viewport keeps its centre and width: in a view with a wider aspect ratio less is \
                visible above and below (aspect fill), in a narrower one more (aspect fit).

                --mirror prepares the state for a second screen that must show everything the source shows \
                (presenter mode): when --view is wider than the source, the viewport is widened by \
                width·(viewRatio/sourceRatio − 1) around its centre; otherwise it is unchanged. The source's \
                ratio is --source-view's, or the viewport's own (a captured viewport has its view's ratio). \
                Unless --min-zoom is given, the mirror may zoom out below 1 to show it all.

                --state takes the JSON text, or - to read it from stdin.

                EXAMPLE (check it by hand)
                  The state captured above, restored into a 600x400 view: page 1
                  (400×600) is scaled to 600×900. The viewport keeps width 200
                  and centre (200, 300); the view's ratio 1.5 makes it 200 ×
                  133.33 (aspect fill: less is visible). Zoom = 600 px / 200 pt
                  ÷ layout scale 1.5 = 2; the centre is at content (300, 450).

                  $ pageinfo viewstate restore Fixtures/rotations.pdf \\
                      --view 600x400 --state \\
                      '{"pageIndex":0,"viewport":{"x":100,"y":150,"width":200,"height":300}}'
                  {"state":{"pageIndex":0,"viewport":{"x":100,"y":150,"width":200,
                   "height":300}},"spreadIndex":0,"zoomScale":2,"contentOffset":
                   {"x":300,"y":700},"visibleRect":{"x":150,"y":350,"width":300,
                   "height":200},"visibleViewport":{"x":100,"y":233.333333333,
                   "width":200,"height":133.333333333}}
                  (one line, wrapped here)

                OUTPUT
                  One line of compact JSON, fields in this order: state (the state
                  applied), mirroredFrom (with --mirror), spreadIndex, zoomScale,
                  contentOffset, visibleRect, visibleViewport (omitted when the
                  page has no area), pagingOffset and spreadZoomOffset (per-spread
                  layouts only).
                """
        )

        @OptionGroup var document: DocumentOptions
        @OptionGroup var layout: LayoutOptions

        @Option(help: ArgumentHelp("The view state as JSON, or - for stdin.", valueName: "json"))
        var state: String

        @Flag(help: "Aspect-fit the viewport for a mirror screen that must show everything the source shows.")
        var mirror = false

        @Option(name: .customLong("source-view"),
                help: ArgumentHelp("With --mirror: the source view's size (default: the viewport's own aspect ratio).", valueName: "WxH"),
                transform: ValueGrammar.size)
        var sourceView: Size?

        func validate() throws {
            if sourceView != nil, !mirror { throw ValidationError("--source-view only applies with --mirror") }
        }

        func run() throws {
            let input: ViewState
            do { input = try ValueGrammar.viewState(textOrStandardInput: state) } catch {
                if case .invalid = error { throw ValidationError("--state: \(error.description)") }
                throw CommandFailure("--state -: \(error.description)", code: ExitStatus.cannotOpen)
            }
            var applied = input
            if mirror {
                if let sourceView {
                    applied = input.aspectFittedForMirroring(sourceViewSize: sourceView, destinationViewSize: layout.view)
                } else {
                    applied = input.aspectFittedForMirroring(destinationViewSize: layout.view)
                }
            }
            let doc = try document.open()
            // A mirror is not interactive: without --min-zoom it may zoom out as far as needed to show
            // everything (in a continuous layout zoom 1 fills the width and may cut the height).
            let stack = try layout.makeLayout(doc, defaultMinimumZoom: mirror ? 0 : 1)
            let position: ScrollPosition
            do { position = try stack.restore(applied) } catch {
                throw CommandFailure("\(document.file): \(error.description)", code: ExitStatus.usage)
            }
            let output = ViewStateRestoreJSON(state: applied, mirroredFrom: mirror ? input : nil, position: position,
                                       visibleViewport: stack.viewport(ofPage: applied.pageIndex, visibleRect: position.visibleRect))
            try StandardOutput.printLine(output) {
                CommandFailure("\(document.file): restoring this view state in a \(layout.view) view gives numbers that are not finite",
                               code: ExitStatus.usage)
            }
        }
    }
}
