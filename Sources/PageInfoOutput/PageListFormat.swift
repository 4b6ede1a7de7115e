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
    public var file: String
    public var pdfVersion: String?
    public var encrypted: Bool
    public var pageLayout: PDFPageLayout?
    public var direction: ReadingDirection?
    public var hasPageLabels: Bool

    public init(file: String, pdfVersion: String? = nil, encrypted: Bool = false,
                pageLayout: PDFPageLayout? = nil, direction: ReadingDirection? = nil, hasPageLabels: Bool = false) {
        self.file = file; self.pdfVersion = pdfVersion; self.encrypted = encrypted
        self.pageLayout = pageLayout; self.direction = direction; self.hasPageLabels = hasPageLabels
    }
}
