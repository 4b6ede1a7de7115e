// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import DocumentLayout
import PageGeometry
import PageInfoDraw
import PageInfoGrammar

// Every option of `convert`, `spreads`, `layout`, `viewstate` and `thumbnails` is parsed once,
// by ArgumentParser, into a library type: the library's enums through `ExpressibleByArgument`,
// sizes, points, rectangles, insets and bounded numbers through `@Option(transform:)` with the
// grammars of `PageInfoGrammar.ValueGrammar`. A bad value is a usage error (exit 64) whose one
// line names the option, the value and what is wrong (the `GrammarError`'s description).
// `validate()` only checks options against each other.

extension CoordinateSpace: ExpressibleByArgument {}
extension SpreadMode: ExpressibleByArgument {}
extension SpreadBinding: ExpressibleByArgument {}
extension ScrollMode: ExpressibleByArgument {}
extension ScrollAxis: ExpressibleByArgument {}
extension PageFit: ExpressibleByArgument {}
extension DrawingSpace: ExpressibleByArgument {}
extension ConversionStream.Format: ExpressibleByArgument {}
