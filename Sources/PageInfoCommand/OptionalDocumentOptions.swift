// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageInfoEncoding
import PageInfoSystem
import PageInfoReading

/// An optional FILE and how to open it, for the commands that can work from a PDF or from
/// numbers given instead (`spreads --page-count`, `thumbnails --page-size`).
struct OptionalDocumentOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The PDF file to read (or describe the pages with an option instead).", valueName: "file"))
    var file: String?

    @OptionGroup var input: InputOptions

    /// ``file``'s exact bytes when they are not valid UTF-8 (for its JSON `file` field).
    var exactName: FileName? { file.flatMap(CommandLineBytes.exactName(of:)) }

    func validate() throws {
        // Without a FILE nothing is opened: a password or stream limit would do nothing.
        guard file == nil else { return }
        let given = [("--password", input.passwords.password != nil), ("--password-file", input.passwords.passwordFile != nil),
                     ("--max-input-size", input.maxInputSize != nil)].first { $0.1 }
        if let option = given?.0 { throw ValidationError("\(option) applies to a FILE, and none is given") }
    }
}
