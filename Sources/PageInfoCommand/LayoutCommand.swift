// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import DocumentLayout
import PageGeometry
import PageInfoGrammar
import PageInfoHelp
import PageInfoEncoding
import PageInfoPoppler

/// `pageinfo layout`: where every spread and page of a document sits in a scroll view.
///
/// A thin shell over ``DocumentLayout/StackLayout``: read the page sizes, build the layout,
/// print its frames (all of them, or only those intersecting `--visible`, plus the dominant page).
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay out a document's spreads in a scroll view and print their frames as JSON.",
        discussion: CommandHelp.layout
    )

    @OptionGroup var document: DocumentOptions
    @OptionGroup var layout: LayoutOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Only list spreads intersecting this rectangle (content coordinates) and report the dominant page.",
                               valueName: "x,y,w,h"),
            transform: ValueGrammar.rect)
    var visible: Rect?

    func run() throws {
        let doc = try document.open()
        let stack = try layout.makeLayout(doc)
        let output = StackLayoutJSON(file: document.file, layout: stack, visible: visible?.standardized)
        var stdout = StandardOutput()
        stdout.out.exactFileName = document.exactName
        output.writeJSON(to: &stdout.out)
        stdout.out.append(byte: UInt8(ascii: "\n"))
        try stdout.finish()
    }
}
