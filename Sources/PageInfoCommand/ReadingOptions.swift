// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoEncoding
import PageInfoGrammar
import PageInfoReading
import PageInfoRecords

/// The options of the commands that print records page by page (`pages`, `annotations`): the
/// files, the pages, the format, the bitmap and frames each record carries, and input. (Batch
/// mode is `pages`' own.)
struct ReadingOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("One or more PDF files.", valueName: "file"))
    var files: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("1-based pages to print, as qpdf and mutool take them: 1-3,7,10- (default: all).",
                               valueName: "ranges"),
            transform: { text in
                do { return try PageRangeList(text) } catch let error as PageRangeList.ParseError { throw ValidationError("--pages: \(error.description)") }
            })
    var pages: PageRangeList?

    @Option(parsing: .unconditional, help: ArgumentHelp("Output format: table, json, jsonl, columns or csv (default: table; in batch mode jsonl; annotations: no columns).", valueName: "format"))
    var format: PageListFormat?

    @Option(parsing: .unconditional, help: ArgumentHelp("Add to each record the bitmap the page renders to at DPI dots per inch: its pixel size and raw → pixel matrix, and each annotation's pixel rectangles (json, jsonl, columns, csv).",
                               valueName: "dpi"))
    var dpi: String?

    @Option(name: .customLong("bitmap-size"), parsing: .unconditional,
            help: ArgumentHelp("Instead of --dpi: the bitmap of WIDTHxHEIGHT pixels the page renders to, e.g. 1024x1024 (see --fit).", valueName: "WxH"))
    var bitmapSize: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --bitmap-size: contain (default; the page alone at one scale, as large as fits) or fill (exactly WxH, each axis stretched).",
                               valueName: "fit"))
    var fit: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The call that made the image, with its defaults: pdftoppm-cropbox (default), pdftoppm, pdf2image, pdf2image-cropbox, ghostscript, ghostscript-cropbox, pdfium, mupdf or pdfplumber. pdftoppm, pdf2image and ghostscript draw the MediaBox.", valueName: "renderer"))
    var renderer: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Add to each record the coordinate frames of these libraries and pipelines, comma-separated, or all: pymupdf, pdfplumber, pdfminer, pypdfium2, pypdf, docling, docling-topleft, textract, documentai, azure (json, jsonl, csv).",
                               valueName: "list"))
    var frames: String?

    @OptionGroup var input: InputOptions

    @Flag(help: "Fail a file (exit 65) when any of its pages is a page error or anything was repaired (any warning).")
    var strict = false

    @OptionGroup var version: VersionRequirement

    /// Refuses the options that add to the page records what the table, `format`, does not show;
    /// `shown` names the formats of this command that do show a bitmap.
    func refuseWhatTheTableHides(format: PageListFormat, shown: String = "json, jsonl, columns or csv") throws {
        guard format == .table else { return }
        if try bitmapRequest() != nil {
            throw ValidationError("--\(dpi != nil ? "dpi" : "bitmap-size") adds a bitmap object to each page record, which the table does not show: give --format \(shown)")
        }
        if try frameList() != nil {
            throw ValidationError("--frames adds a frames object to each page record, which the table does not show: give --format json, jsonl or csv")
        }
    }

    /// The libraries `--frames` names (read by the library: ``PageInfoGrammar/FrameOptions``), or nil.
    func frameList() throws -> [LibraryFrame]? {
        do { return try FrameOptions.frames(frames) } catch { throw ValidationError(error.description) }
    }

    /// The bitmap the options describe (computed by the library: ``PageInfoGrammar/BitmapOptions``), or nil.
    func bitmapRequest() throws -> BitmapRequest? {
        do { return try BitmapOptions.request(dpi: dpi, bitmapSize: bitmapSize, fit: fit, renderer: renderer) } catch {
            throw ValidationError(error.description)
        }
    }

    /// The work, as plain values (the same that ``PlainInvocation`` builds); batch mode runs it
    /// in workers, file by file.
    func job(format: PageListFormat, wide: Bool = false, annotations: Bool = false, view: Size? = nil) throws -> ReadingJob {
        ReadingJob(files: files, format: format, wide: wide, bitmap: try bitmapRequest(), frames: try frameList() ?? [],
                   annotations: annotations, view: view,
                   reading: DocumentReader(password: try input.passwords.resolved(), ranges: pages, strict: strict,
                                            maxStreamMiB: input.maxStreamMiB, wording: .commandLine, withAnnotations: annotations))
    }
}

/// `--require-version`, for the commands whose records a program reads (`pages`, `annotations`, `outline`).
struct VersionRequirement: ParsableArguments {
    @Option(name: .customLong("require-version"), parsing: .unconditional,
            help: ArgumentHelp("Refuse to run (exit 64) unless this is pageinfo VERSION: a program that reads the records, such as the Python package, checks the version in the run itself, not with a --version run first.",
                               valueName: "version"))
    var requiredVersion: String?

    func validate() throws {
        if let requiredVersion, requiredVersion != PageInfoVersion.current {
            throw ValidationError("--require-version \(requiredVersion): this is pageinfo \(PageInfoVersion.current)")
        }
    }
}
