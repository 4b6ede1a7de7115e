// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// The output formats of `pageinfo pages`.
public enum PageListFormat: String, CaseIterable, Sendable {
    /// Aligned columns for people; `wide` adds every box in full.
    case table
    /// One JSON document per file: `{"file", "pageCount", …, "pages": [...]}`; an array of
    /// them for several files.
    case json
    /// One page object per line, each with a `file` field; streamed.
    case jsonl
    /// One row per page with a header row; RFC 4180 quoting.
    case csv
}

/// What is known about a document before its pages are walked.
public struct DocumentSummary: Sendable {
    /// The file's name as given (its "file" field).
    public var file: String
    /// The PDF version from the header or catalog (`1.7`), or nil when unknown.
    public var pdfVersion: String?
    /// Whether the file is encrypted.
    public var encrypted: Bool
    /// The catalog's /PageLayout, or nil when absent.
    public var pageLayout: PDFPageLayout?
    /// The reading direction from /ViewerPreferences /Direction, or nil when absent.
    public var direction: ReadingDirection?
    /// Whether the catalog has /PageLabels.
    public var hasPageLabels: Bool

    /// A summary from its parts (see each property).
    public init(file: String, pdfVersion: String? = nil, encrypted: Bool = false,
                pageLayout: PDFPageLayout? = nil, direction: ReadingDirection? = nil, hasPageLabels: Bool = false) {
        self.file = file; self.pdfVersion = pdfVersion; self.encrypted = encrypted
        self.pageLayout = pageLayout; self.direction = direction; self.hasPageLabels = hasPageLabels
    }
}
