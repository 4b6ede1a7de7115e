// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser

/// An optional FILE and how to open it, for the commands that can work from a PDF or from
/// numbers given instead (`spreads --page-count`, `thumbnails --page-size`).
struct OptionalDocumentOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The PDF file to read (or describe the pages with an option instead).", valueName: "file"))
    var file: String?

    @OptionGroup var input: InputOptions
}
