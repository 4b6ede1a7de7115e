// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// What is known about a document before its pages are walked: the fields every file record
/// starts with (`docs/records.md`).
public struct DocumentSummary: Sendable, Hashable {
    /// The file's name as the records spell it (the path or name it was given by).
    public var file: String
    /// The PDF version of the header or catalog, such as `1.7`; `nil` when unknown.
    public var pdfVersion: String?
    /// Whether the file is encrypted (it opened with a password, or with an empty user password).
    public var encrypted: Bool
    /// The catalog's /PageLayout, `nil` when absent or invalid.
    public var pageLayout: PDFPageLayout?
    /// The reading direction of /ViewerPreferences /Direction, `nil` when absent or invalid.
    public var direction: ReadingDirection?
    /// Whether the catalog has a /PageLabels number tree.
    public var hasPageLabels: Bool

    /// A summary from its fields.
    public init(file: String, pdfVersion: String? = nil, encrypted: Bool = false,
                pageLayout: PDFPageLayout? = nil, direction: ReadingDirection? = nil, hasPageLabels: Bool = false) {
        self.file = file; self.pdfVersion = pdfVersion; self.encrypted = encrypted
        self.pageLayout = pageLayout; self.direction = direction; self.hasPageLabels = hasPageLabels
    }
}
