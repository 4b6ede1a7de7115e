import ArgumentParser
import PageGeometry
import PageInfoOutput
import PageInfoPoppler

#if canImport(Glibc)
import Glibc
#endif

/// `pageinfo pages`: every page's geometry, as a table, JSON, JSON lines or CSV.
struct PagesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pages",
        abstract: "Print the geometry of every page: boxes, rotation, UserUnit, label, displayed size.",
        discussion: """
            Boxes are effective boxes in raw PDF user space (points): CropBox defaults to MediaBox, \
            Bleed/Trim/ArtBox default to CropBox, each is clipped to the MediaBox (ISO 32000-2 §14.11.2). \
            "size" is the displayed size: the CropBox, width and height swapped at 90° and 270°. \
            "transform" maps raw user space to page space (origin at the lower-left of the displayed page).

            TABLE
              The default table fits 80 columns: page, label, rotation, displayed size, \
            CropBox corners, and DIFFERS: a letter for each box that differs from the CropBox \
            (M media, B bleed, T trim, A art) and U for a /UserUnit other than 1. --wide prints \
            UserUnit and all five boxes in full.

            EXAMPLES
              pageinfo pages Fixtures/mixed.pdf
              pageinfo pages --pages 1-3,7,10- --format json book.pdf
              pageinfo pages --format jsonl *.pdf | jq -c 'select(.rotation != 0)'
              pageinfo pages --format csv --password secret Fixtures/encrypted.pdf > pages.csv

            EXIT CODES
              0 ok; 64 usage error (bad option, page list or page past the end); 65 not a PDF or \
            damaged; 66 cannot open the file; 77 encrypted and no or a wrong password; 74 the \
            output could not be written.
            Every file is processed; each failure prints one line on stderr naming the file, and the \
            exit code is that of the first failure.
            """
    )

    @Argument(help: ArgumentHelp("One or more PDF files.", valueName: "file"))
    var files: [String] = []

    @Option(help: ArgumentHelp("1-based pages to print, as qpdf and mutool take them: 1-3,7,10- (default: all).",
                               valueName: "ranges"))
    var pages: String?

    @Option(help: ArgumentHelp("Output format: table, json, jsonl or csv.", valueName: "format"))
    var format: PageListFormat = .table

    @Flag(help: "Table format: show all five boxes and UserUnit in full (wider than 80 columns).")
    var wide = false

    @Option(help: ArgumentHelp("The user or owner password of encrypted files.", valueName: "password"))
    var password: String?

    @OptionGroup(title: "Batch mode") var batch: BatchOptions

    func validate() throws {
        if let pages {
            do { _ = try PageRangeList(pages) } catch { throw ValidationError("--pages: \(error.description)") }
        }
        if wide && format != .table { throw ValidationError("--wide applies only to --format table") }
    }

    func run() throws {
        if batch.isActive || files.isEmpty { return try batch.run(.pages(format: format, pages: pages), files: files, password: password) }
        var ranges: PageRangeList?
        if let pages {
            do { ranges = try PageRangeList(pages) } catch { throw ValidationError("--pages: \(error.description)") }
        }
        var encoder = PageListEncoder(format: format, wide: wide, out: ByteWriter(fd: STDOUT_FILENO))
        encoder.begin(documentCount: files.count)
        var firstFailure: ExitCode?
        func fail(_ message: String, _ code: ExitCode) {
            encoder.out.flush()
            reportFailure(message)
            if firstFailure == nil { firstFailure = code }
        }
        for file in files {
            let document: PopplerDocument
            do { document = try PopplerDocument(path: file, password: password) } catch {
                fail(error.description, ExitStatus.code(for: error))
                continue
            }
            let indexRanges: [Range<Int>]
            do { indexRanges = try ranges?.indexRanges(pageCount: document.pageCount) ?? [0..<document.pageCount] } catch {
                fail("\(file): --pages: \(error.description)", ExitStatus.usage)
                continue
            }
            encoder.beginDocument(document.summary)
            do {
                for range in indexRanges {
                    try document.forEachPage(in: range) { (page: PageInfo) throws(Never) in encoder.page(page) }
                }
            } catch {
                switch error { case .read(let e): fail(e.description, ExitStatus.code(for: e)) }
            }
            encoder.endDocument()
            if encoder.out.writeFailed { break }
        }
        encoder.end()
        if encoder.out.writeFailed {
            throw CommandFailure("cannot write the output: \(String(cString: strerror(errno)))", code: ExitStatus.ioError)
        }
        if let firstFailure { throw firstFailure }
    }
}

extension PageListFormat: ExpressibleByArgument {}

extension PopplerDocument {
    /// The document-level facts the encoders print before the pages.
    var summary: DocumentSummary {
        let v = pdfVersion
        return DocumentSummary(file: path, pageCount: pageCount, pdfVersion: "\(v.major).\(v.minor)",
                               encrypted: isEncrypted, pageLayout: pageLayout, direction: direction,
                               hasPageLabels: hasPageLabels)
    }
}
