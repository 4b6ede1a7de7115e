// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoRecords

/// Where a ``DocumentReader`` puts a file's records, as it reads them.
///
/// For a file that opens: ``beginDocument(_:)``, then ``entry(_:)`` for each position read (in
/// document order), ``outline(_:)`` when the outline is read, then ``endDocument(_:)``. For a file that cannot be opened: only
/// ``failedDocument(file:outcome:)``. `PageListEncoder` (a sink by PageInfoBatch's conformance)
/// writes the records in one of the `pageinfo pages` formats; ``DocumentReader/records(_:)``
/// collects them in memory.
package protocol RecordSink: ~Copyable {
    /// The document opened; its summary (`file` is the source's name).
    mutating func beginDocument(_ summary: DocumentSummary)
    /// One position of the page tree: a page, or why there is none.
    mutating func entry(_ entry: PageEntry)
    /// The document's outline, after its positions and before its file record (only with
    /// ``DocumentReader/withOutline``; its outline-level warnings are the file record's too).
    mutating func outline(_ outline: DocumentOutline)
    /// The document's file record.
    mutating func endDocument(_ outcome: DocumentOutcome)
    /// The file record of a file that could not be opened (`failed`).
    mutating func failedDocument(file: String, outcome: DocumentOutcome)
    /// True when the reader should stop walking pages (the output can no longer be written).
    var isStopped: Bool { get }
}

/// Collects one document's records in memory.
struct RecordCollector: RecordSink {
    var summary: DocumentSummary?
    var entries: [PageEntry] = []
    var outline: DocumentOutline?

    mutating func beginDocument(_ summary: DocumentSummary) { self.summary = summary }
    mutating func entry(_ entry: PageEntry) { entries.append(entry) }
    mutating func outline(_ outline: DocumentOutline) { self.outline = outline }
    mutating func endDocument(_ outcome: DocumentOutcome) {}
    mutating func failedDocument(file: String, outcome: DocumentOutcome) {}
    var isStopped: Bool { false }
}
