// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import DocumentLayout
import PageGeometry
import PageInfoGrammar
import PageInfoEncoding
import PageInfoPoppler
import PageInfoReading
import PageInfoRecords

/// The options that shape a ``StackLayout``, shared by `layout` and `viewstate`.
struct LayoutOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("The scroll view's size in view units, e.g. 1024x768.", valueName: "WxH"),
            transform: ValueGrammar.size)
    var view: Size

    @Option(parsing: .unconditional, help: ArgumentHelp("The scrolling (default: from the document's /PageLayout, else continuous).",
                               valueName: "mode"))
    var mode: ScrollMode?

    @Option(parsing: .unconditional, help: ArgumentHelp("The scroll direction.", valueName: "axis"))
    var axis: ScrollAxis = .vertical

    @Option(parsing: .unconditional, help: ArgumentHelp("The spreads (default: from the document's /PageLayout, else single).",
                               valueName: "spread-mode"))
    var spread: SpreadMode?

    @Option(parsing: .unconditional, help: ArgumentHelp("The binding (default: from the document's /Direction, else ltr).", valueName: "binding"))
    var binding: SpreadBinding?

    @Option(parsing: .unconditional, help: ArgumentHelp("The gap between spreads (continuous) or cells (per-spread), view units (default 0).",
                               valueName: "s"),
            transform: ValueGrammar.length)
    var spacing: Double = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("Content insets top,left,bottom,right in view units (default 0,0,0,0).", valueName: "t,l,b,r"),
            transform: ValueGrammar.insets)
    var insets: EdgeInsets?

    @Option(name: .customLong("min-zoom"), parsing: .unconditional, help: ArgumentHelp("The minimum zoom scale (default 1).", valueName: "z"),
            transform: ValueGrammar.zoom)
    var minimumZoom: Double?

    @Option(name: .customLong("max-zoom"), parsing: .unconditional, help: ArgumentHelp("The maximum zoom scale (default 10).", valueName: "z"),
            transform: ValueGrammar.zoom)
    var maximumZoom: Double = 10

    func validate() throws {
        if let insets, insets.left + insets.right >= view.width || insets.top + insets.bottom >= view.height {
            throw ValidationError("--insets \(formatCompact(insets.top)),\(formatCompact(insets.left)),\(formatCompact(insets.bottom)),\(formatCompact(insets.right)) leave no room in the \(view) view: left + right must be less than its width, top + bottom less than its height")
        }
        guard maximumZoom >= (minimumZoom ?? 1) else {
            throw ValidationError("--max-zoom: must be at least --min-zoom (\(formatCompact(minimumZoom ?? 1)))")
        }
    }

    /// The document laid out (``PageInfoReading``'s `stackLayout`): explicit options first, then
    /// the document's /PageLayout and /Direction; `defaultMinimumZoom` applies when --min-zoom is
    /// not given.
    func makeLayout(_ doc: PopplerDocument, defaultMinimumZoom: Double = 1) throws -> StackLayout {
        try doc.stackLayout(viewSize: view, configuration: StackLayout.Configuration(
            presentation: doc.presentation, scrollMode: mode, axis: axis, spreadMode: spread, binding: binding, spacing: spacing,
            contentInsets: insets ?? .zero, minimumZoomScale: minimumZoom ?? defaultMinimumZoom, maximumZoomScale: maximumZoom))
    }
}
