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

#if canImport(Glibc)
import Glibc
#endif

/// `pageinfo viewstate`: capture what a scroll view shows as a portable view state, and restore it.
struct ViewStateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "viewstate",
        abstract: "Capture and restore view states (page + viewport in page space) as JSON.",
        discussion: CommandHelp.viewState,
        subcommands: [Capture.self, Restore.self]
    )

    struct Capture: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "capture",
            abstract: "Print the view state of a scroll view at a zoom scale and content offset.",
            discussion: CommandHelp.viewStateCapture
        )

        @OptionGroup var document: DocumentOptions
        @OptionGroup var layout: LayoutOptions

        @Option(parsing: .unconditional, help: ArgumentHelp("The scroll view's zoom scale (1 = the fitted layout).", valueName: "z"),
                transform: ValueGrammar.zoom)
        var zoom: Double = 1

        @Option(parsing: .unconditional, help: ArgumentHelp("The content offset in zoomed content units (default 0,0).", valueName: "x,y"),
                transform: ValueGrammar.point)
        var offset: Point = .zero

        func validate() throws {
            // A scroll view never rests outside its zoom limits: such a state would not restore
            // as captured (restore clamps the zoom).
            let minimum = layout.minimumZoom ?? 1
            guard zoom >= minimum, zoom <= layout.maximumZoom else {
                throw ValidationError("the zoom scale \(formatCompact(zoom)) (--zoom, default 1) is outside --min-zoom \(formatCompact(minimum)) … --max-zoom \(formatCompact(layout.maximumZoom)): a scroll view never shows it; widen the limits")
            }
        }

        func run() throws {
            let doc = try document.open()
            let stack = try layout.makeLayout(doc)
            guard let state = stack.captureViewState(contentOffset: offset, zoomScale: zoom) else {
                throw ExitFailure("\(document.file): the document has no pages, so there is no view state", status: ExitStatus.usage)
            }
            try StandardOutput.printLine(state) {
                ExitFailure("\(document.file): the view state at --zoom \(formatCompact(zoom)) --offset \(offset) is not a finite number",
                            status: ExitStatus.usage)
            }
        }
    }

    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: "Print where a scroll view must zoom and scroll to show a view state.",
            discussion: CommandHelp.viewStateRestore
        )

        @OptionGroup var document: DocumentOptions
        @OptionGroup var layout: LayoutOptions

        @Option(parsing: .unconditional, help: ArgumentHelp("The view state as JSON, or - for stdin.", valueName: "json"))
        var state: String

        @Flag(help: "Aspect-fit the viewport for a mirror screen that must show everything the source shows.")
        var mirror = false

        @Option(name: .customLong("source-view"), parsing: .unconditional,
                help: ArgumentHelp("With --mirror: the source view's size (default: the viewport's own aspect ratio).", valueName: "WxH"),
                transform: ValueGrammar.size)
        var sourceView: Size?

        func validate() throws {
            if sourceView != nil, !mirror { throw ValidationError("--source-view only applies with --mirror") }
            if state == "-" && document.file == "-" {
                throw ValidationError("--state - and the PDF '-' cannot both come from stdin: give the state as JSON text, or the PDF as a file")
            }
        }

        func run() throws {
            let input: ViewState
            do { input = try ValueGrammar.viewState(textOrStandardInput: state) } catch {
                if case .invalid = error { throw ValidationError("--state: \(error.description)") }
                throw ExitFailure("--state -: \(error.description)", status: ExitStatus.cannotOpen)
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
                let line = if case .placement(let e) = error { e.commandLineMessage } else { error.description }
                throw ExitFailure("\(document.file): \(line)", status: ExitStatus.usage)
            }
            let output = ViewStateRestoreJSON(state: applied, mirroredFrom: mirror ? input : nil, position: position,
                                       visibleViewport: stack.viewport(ofPage: applied.pageIndex, visibleRect: position.visibleRect))
            try StandardOutput.printLine(output) {
                ExitFailure("\(document.file): restoring this view state in a \(layout.view) view gives numbers that are not finite",
                            status: ExitStatus.usage)
            }
        }
    }
}
