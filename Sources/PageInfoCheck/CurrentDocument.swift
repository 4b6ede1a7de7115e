// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoEncoding
import PageInfoSystem
import PageInfoPoppler
import PageInfoReading
import PageInfoRecords

/// A PDF as it reads now: the document fields, page records and file record `pageinfo pages`
/// prints for it.
package struct CurrentDocument: Sendable {
    /// The document-level fields of the golden (`file` is the path as given).
    package var summary: DocumentSummary
    /// Every position of the page tree in document order: a page, or why there is none.
    package var entries: [PageEntry]
    /// How the reading ended (the file record's fields; `seconds` is not measured).
    package var outcome: DocumentOutcome
    /// The name as the file system has it, when it is not valid UTF-8 (`summary.file` then
    /// spells each invalid byte as U+FFFD): the golden's `file` writes these bytes (`\udcXX`).
    package var exactFileName: FileName?

    /// The snapshot ``GeometryExpectation`` compares.
    package var snapshot: GeometrySnapshot {
        GeometrySnapshot(file: summary.file, pageCount: outcome.pageCount, countClaimed: outcome.countClaimed, pages: entries.map { entry in
            switch entry.result {
            case .success(let info): PageSnapshot(info)
            case .failure(let error):
                PageSnapshot(index: entry.index, label: entry.label,
                             content: .error(SnapshotError(code: error.code.rawValue, message: error.message)))
            }
        })
    }

    /// Reads the file at `path` (``read(_:password:)``).
    package static func read(path: String, password: String? = nil) throws(PageInfoError) -> CurrentDocument {
        try read(.path(path), password: password)
    }

    /// Reads `source` with the reader `pageinfo pages` uses (`DocumentReader`), with one walk
    /// of the page tree; a raw path that is not UTF-8 keeps its exact bytes for the golden's
    /// `file` (``exactFileName``).
    ///
    /// This is the one place `check` reads a PDF (the golden writer and the comparison both use
    /// what it returns).
    package static func read(_ source: DocumentSource, password: String? = nil) throws(PageInfoError) -> CurrentDocument {
        let records = try DocumentReader(password: password).records(source)
        return CurrentDocument(summary: records.summary, entries: records.entries, outcome: records.outcome,
                               exactFileName: source.exactName)
    }

    /// The golden for this document: byte for byte what `pageinfo pages FILE --format json`
    /// prints (the same encoder writes it, page errors and warnings included).
    package func goldenJSON() -> [UInt8] {
        var encoder = PageListEncoder(format: .json, out: ByteWriter())
        encoder.out.exactFileName = exactFileName
        encoder.begin(documentCount: 1)
        encoder.beginDocument(summary)
        for entry in entries { encoder.entry(entry) }
        encoder.endDocument(outcome)
        encoder.end()
        return encoder.out.bytes
    }
}
