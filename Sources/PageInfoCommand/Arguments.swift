// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import DocumentLayout
import PageGeometry
import PageInfoDraw
import PageInfoEncoding
import PageInfoGrammar
import PageInfoReading

// Every option of `convert`, `spreads`, `layout`, `viewstate` and `thumbnails` is parsed once,
// by ArgumentParser, into a library type: the library's enums through `ExpressibleByArgument`,
// sizes, points, rectangles, insets and bounded numbers through `@Option(transform:)` with the
// grammars of `PageInfoGrammar.ValueGrammar`. A bad value is a usage error (exit 64) whose one
// line names the option, the value and what is wrong (the `GrammarError`'s description).
// `validate()` only checks options against each other.

/// Refuses a file name given to `option` that is not valid UTF-8 (a usage error, exit 64): the
/// PDFs a command reads open by their raw bytes whatever they are (``InputFile``), but a name
/// such an option writes to, or builds other names from, would name another file.
func requireExactName(_ name: String?, option: String) throws {
    guard let name, !CommandLineBytes.isExact(name) else { return }
    throw ValidationError("\(option) '\(name)': the name is not valid UTF-8, and \(option) needs it exactly; rename it, or give a UTF-8 symbolic link to it")
}

extension CoordinateSpace: ExpressibleByArgument {}
extension SpreadMode: ExpressibleByArgument {}
extension SpreadBinding: ExpressibleByArgument {}
extension ScrollMode: ExpressibleByArgument {}
extension ScrollAxis: ExpressibleByArgument {}
extension PageFit: ExpressibleByArgument {}
extension DrawingSpace: ExpressibleByArgument {}
extension ConversionStream.Format: ExpressibleByArgument {}
