// SPDX-License-Identifier: GPL-2.0-or-later
/// Document-level facts that need no walk of the pages.
package struct DocumentFacts: Hashable, Sendable {
    /// How the catalog's /Pages entry looks.
    package enum PageTreeRoot: Hashable, Sendable {
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
        /// /Pages is a dictionary of another /Type (a catalog, an annotation…) without /Kids:
        /// not a page tree, and not a page either.
        case otherType
    }

    /// What is wrong with the root Pages node's /Count, as written (ISO 32000-2 §7.7.3.2: an
    /// integer, the number of leaf nodes below the node).
    package enum CountProblem: Hashable, Sendable {
        /// The root Pages node has no /Count.
        case missing
        /// /Count is not an integer; `type` is what it is (`name`, `real`, `string`…).
        case notInteger(type: String)
        /// /Count is a whole number too large for a 64-bit integer.
        case outOfRange
        /// /Count is a negative integer.
        case negative
    }

    /// How the catalog's /Pages entry looks (a tree, a lone page, missing…).
    package var pageTreeRoot: PageTreeRoot
    /// Whether the catalog's /Pages is a dictionary written in place (a tree, a lone page or a
    /// node without /Kids) rather than the indirect reference ISO 32000-2 §7.7.2 requires. It is
    /// read all the same; Poppler's own page tree (its renderer, `pdfinfo`) loads no page through it.
    package var pagesWrittenInPlace: Bool = false
    /// The /Count the root /Pages node claims, or `nil` when it has no integer /Count.
    package var countClaimed: Int?
    /// What is wrong with /Count itself, or `nil` when it is a non-negative integer (which may
    /// still differ from the walk) or there is no root Pages node.
    package var countProblem: CountProblem? = nil
    /// Whether Poppler rebuilt the cross-reference table.
    package var xrefReconstructed: Bool
    /// Objects kept in object streams that Poppler's rebuilt table lacked, read from the streams.
    package var objectsFromStreams: Int = 0
    /// Whether the catalog was found through the last cross-reference stream's /Root (the
    /// rebuilt table had none).
    package var rootFromXRefStream: Bool = false
    /// Top-level objects of Poppler's rebuilt table that an object stream written after them
    /// holds again (a later revision, as an incremental update writes it): the later copy is read.
    package var objectsReplacedFromStreams: Int = 0
    /// Object streams whose own cross-reference entries were broken (an entry naming its own
    /// stream, another object stream, or a loop of them), found by a scan of the file so that the
    /// objects they hold could be read.
    package var objectStreamsRelocated: Int = 0
    /// Whether the catalog has a /PageLabels dictionary.
    package var hasPageLabels: Bool
    /// Whether /PageLabels could be read only in part.
    package var labelsDamaged: Bool
    /// Whether the /Names /Dests tree could be read only in part (known once a named destination was looked up).
    package var destinationNamesDamaged: Bool
    /// How many diagnostics Poppler reported for this document so far (never printed).
    package var popplerDiagnostics: Int
}
