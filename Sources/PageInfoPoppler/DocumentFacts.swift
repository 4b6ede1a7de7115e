// SPDX-License-Identifier: GPL-2.0-or-later
/// Document-level facts that need no walk of the pages.
public struct DocumentFacts: Hashable, Sendable {
    /// How the catalog's /Pages entry looks.
    public enum PageTreeRoot: Hashable, Sendable {
        /// A Pages node with /Kids: the normal case.
        case tree
        /// /Pages is itself a page dictionary: a one-page document.
        case lonePage
        /// No catalog, or no /Pages entry.
        case missing
        /// /Pages is not a dictionary.
        case notDictionary
        /// /Pages has no /Kids array.
        case noKids
    }

    public var pageTreeRoot: PageTreeRoot
    /// The /Count the root /Pages node claims, or `nil` when it has no integer /Count.
    public var countClaimed: Int?
    /// Whether Poppler rebuilt the cross-reference table.
    public var xrefReconstructed: Bool
    /// Whether the catalog has a /PageLabels dictionary.
    public var hasPageLabels: Bool
    /// Whether /PageLabels could be read only in part.
    public var labelsDamaged: Bool
    /// How many diagnostics Poppler reported for this document so far (never printed).
    public var popplerDiagnostics: Int
}
