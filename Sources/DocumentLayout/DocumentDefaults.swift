// SPDX-License-Identifier: Apache-2.0
import PageGeometry

// The document's own wishes — /PageLayout and /ViewerPreferences /Direction, read into
// PageGeometry's `PDFPageLayout` and `ReadingDirection` — mapped to this module's spread mode,
// binding and scroll mode. Used when the caller chooses none.

extension PDFPageLayout {
    /// The spread mode this layout asks for.
    ///
    /// "Odd-numbered" in the PDF names is 1-based, so page 1 is page index 0:
    /// - `SinglePage`, `OneColumn` → ``SpreadMode/single``
    /// - `TwoColumnLeft`, `TwoPageLeft` → ``SpreadMode/double``: pages 1|2, 3|4, … (pairs
    ///   from index 0, odd-numbered pages on the left in left-to-right binding)
    /// - `TwoColumnRight`, `TwoPageRight` → ``SpreadMode/book``: page 1 alone (the cover, on the
    ///   right), then 2|3, 4|5, … (odd-numbered pages on the right)
    @inlinable public var spreadMode: SpreadMode {
        switch self {
        case .singlePage, .oneColumn: return .single
        case .twoColumnLeft, .twoPageLeft: return .double
        case .twoColumnRight, .twoPageRight: return .book
        }
    }

    /// The scrolling this layout asks for: the *Column* layouts scroll continuously
    /// (``ScrollMode/continuous``), `SinglePage` and the *Page* layouts show one spread at a
    /// time (``ScrollMode/perSpread``).
    @inlinable public var scrollMode: ScrollMode {
        switch self {
        case .oneColumn, .twoColumnLeft, .twoColumnRight: return .continuous
        case .singlePage, .twoPageLeft, .twoPageRight: return .perSpread
        }
    }
}

extension ReadingDirection {
    /// `L2R` → ``SpreadBinding/leftToRight``, `R2L` → ``SpreadBinding/rightToLeft`` (the
    /// lower page index of a spread on the right).
    @inlinable public var binding: SpreadBinding {
        self == .leftToRight ? .leftToRight : .rightToLeft
    }
}

/// The spread mode, binding and scroll mode a document asks for through its /PageLayout and
/// /ViewerPreferences /Direction.
@frozen
public struct DocumentPresentation: Hashable, Sendable, Codable {
    /// How pages are grouped into spreads (from /PageLayout).
    public var spreadMode: SpreadMode
    /// Left-to-right or right-to-left binding (from /Direction).
    public var binding: SpreadBinding
    /// Continuous or per-spread scrolling (from /PageLayout).
    public var scrollMode: ScrollMode

    /// A presentation from its three parts; the defaults are a document's when it names neither
    /// /PageLayout nor /Direction.
    @inlinable public init(spreadMode: SpreadMode = .single, binding: SpreadBinding = .leftToRight,
                           scrollMode: ScrollMode = .continuous) {
        self.spreadMode = spreadMode; self.binding = binding; self.scrollMode = scrollMode
    }

    /// The presentation a document asks for. An absent /PageLayout gives single pages with
    /// continuous scrolling (the PDF default is `SinglePage`, but most viewers scroll
    /// continuously unless told otherwise); an absent /Direction gives left-to-right binding.
    /// See `PDFPageLayout.spreadMode` for the mapping.
    @inlinable public init(pageLayout: PDFPageLayout?, direction: ReadingDirection?) {
        self.init(spreadMode: pageLayout?.spreadMode ?? .single,
                  binding: direction?.binding ?? .leftToRight,
                  scrollMode: pageLayout?.scrollMode ?? .continuous)
    }
}
