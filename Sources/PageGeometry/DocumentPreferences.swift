// SPDX-License-Identifier: Apache-2.0
/// A document catalog's /PageLayout (ISO 32000-2 §7.7.2, Table 29): how a viewer should
/// arrange pages when the document is opened. Raw values are the PDF names.
@frozen
public enum PDFPageLayout: String, Hashable, Sendable, Codable, CaseIterable {
    /// One page at a time.
    case singlePage = "SinglePage"
    /// Pages in one continuous column.
    case oneColumn = "OneColumn"
    /// Pages in two columns, odd-numbered pages on the left.
    case twoColumnLeft = "TwoColumnLeft"
    /// Pages in two columns, odd-numbered pages on the right.
    case twoColumnRight = "TwoColumnRight"
    /// Two pages at a time, odd-numbered pages on the left.
    case twoPageLeft = "TwoPageLeft"
    /// Two pages at a time, odd-numbered pages on the right.
    case twoPageRight = "TwoPageRight"
}

/// /ViewerPreferences /Direction (ISO 32000-2 §12.2, Table 147): the predominant reading
/// order, which also decides the binding side of side-by-side pages.
@frozen
public enum ReadingDirection: String, Hashable, Sendable, Codable, CaseIterable {
    /// Left to right (the default).
    case leftToRight = "L2R"
    /// Right to left, e.g. Arabic, Hebrew or vertical Japanese; spreads bind on the right.
    case rightToLeft = "R2L"
}
