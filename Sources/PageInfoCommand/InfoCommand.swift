import ArgumentParser
import PageInfoOutput
import PageInfoPoppler

#if canImport(Glibc)
import Glibc
#endif

/// `pageinfo info`: the document-level summary, without walking the pages.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print each document's page count, PDF version, encryption, /PageLayout and reading direction.",
        discussion: """
            Only the cross-reference table and the catalog are read, not the pages, so this is as fast \
            as plain pdfinfo on any size of document.

            EXAMPLES
              pageinfo info Fixtures/mixed.pdf
              pageinfo info --format json *.pdf
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: ArgumentHelp("One or more PDF files.", valueName: "file"))
    var files: [String] = []

    @Option(help: "Output format: text or json (one object per file, an array for several files).")
    var format: Format = .text

    @Option(help: ArgumentHelp("The user or owner password of encrypted files.", valueName: "password"))
    var password: String?

    @OptionGroup(title: "Batch mode") var batch: BatchOptions

    func run() throws {
        if batch.isActive || files.isEmpty { return try batch.run(.info, files: files, password: password) }
        var out = ByteWriter(fd: STDOUT_FILENO)
        var firstFailure: ExitCode?
        var written = 0
        if format == .json && files.count > 1 { out.append("[\n") }
        for file in files {
            let document: PopplerDocument
            do { document = try PopplerDocument(path: file, password: password) } catch {
                out.flush()
                reportFailure(error.description)
                if firstFailure == nil { firstFailure = ExitStatus.code(for: error) }
                continue
            }
            let s = document.summary
            switch format {
            case .json:
                if written > 0 { out.append(",\n") }
                out.append("{"); out.appendFields(of: s); out.append("}")
                if files.count == 1 { out.append("\n") }
            case .text:
                out.append("File:        "); out.append(s.file); out.append("\n")
                out.append("Pages:       "); out.append(int: s.pageCount); out.append("\n")
                out.append("PDF version: "); out.append(s.pdfVersion ?? "?"); out.append("\n")
                out.append("Encrypted:   "); out.append(s.encrypted ? "yes" : "no"); out.append("\n")
                out.append("Page labels: "); out.append(s.hasPageLabels ? "yes" : "no"); out.append("\n")
                out.append("Page layout: "); out.append(s.pageLayout?.rawValue ?? "-"); out.append("\n")
                out.append("Direction:   "); out.append(s.direction?.rawValue ?? "-"); out.append("\n")
            }
            written += 1
        }
        if format == .json && files.count > 1 { out.append("\n]\n") }
        out.flush()
        if let firstFailure { throw firstFailure }
    }
}
