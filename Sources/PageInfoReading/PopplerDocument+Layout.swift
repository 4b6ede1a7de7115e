// SPDX-License-Identifier: GPL-2.0-or-later
import DocumentLayout
import PageGeometry
import PageInfoGrammar
import PageInfoPoppler
import PageInfoRecords

/// Why a document's pages cannot be laid out: their sizes cannot be read, or a page's frame is
/// not a finite number in the view asked for.
package enum LayoutError: ClassifiedError, Hashable, Sendable {
    /// More pages than the limit (usage, 64), or a page whose size cannot be read (65).
    case pageSizes(PageSizesError)
    /// Page `page` (0-based) of `path`, displayed `displayed`, has a frame that is not a finite
    /// number in a view of `viewSize` (a hostile file's sizes can overflow; 65).
    case nonFiniteFrame(path: String, page: Int, displayed: Size, viewSize: Size)

    /// `usage` or `malformed` for the sizes, `malformed` for a frame.
    package var kind: FailureKind {
        switch self {
        case .pageSizes(let error): error.kind
        case .nonFiniteFrame: .malformed
        }
    }

    /// One line naming the file and the page.
    package var description: String {
        switch self {
        case .pageSizes(let error): error.description
        case .nonFiniteFrame(let path, let page, let displayed, let viewSize):
            "\(path): page \(page + 1) (displayed \(displayed)) cannot be laid out in a \(viewSize) view: its frame is not a finite number"
        }
    }
}

extension PopplerDocument {
    /// What the document asks a viewer for — spreads, scrolling and binding — from its
    /// /PageLayout and /ViewerPreferences /Direction (`DocumentPresentation`).
    package var presentation: DocumentPresentation { DocumentPresentation(pageLayout: pageLayout, direction: direction) }

    /// Every page's displayed size (points, in page order), read in one walk, for the layout
    /// commands (`layout`, `viewstate`, `spreads`, `thumbnails`).
    ///
    /// - Throws: `PageSizesError`: more than `limit` pages (64, usage) or a page whose size
    ///   cannot be read (65).
    package func layoutPageSizes(limit: Int = InputLimits.pageCount) throws(PageSizesError) -> [Size] {
        try displayedPageSizes(limit: limit)
    }

    /// The document's pages laid out in a scroll view of `viewSize` (view units): every page's
    /// displayed size (points) read in one walk, then `StackLayout` — what
    /// `pageinfo layout` and `viewstate` lay out.
    ///
    /// - Throws: ``LayoutError``: more than `pageLimit` pages (64, usage), a page
    ///   whose size cannot be read (65), or page sizes whose frames are not finite numbers in
    ///   this view (65: a hostile file's sizes can overflow; nothing should be printed then).
    package func stackLayout(viewSize: Size, configuration: StackLayout.Configuration,
                            pageLimit: Int = InputLimits.pageCount) throws(LayoutError) -> StackLayout {
        let sizes: [Size]
        do { sizes = try layoutPageSizes(limit: pageLimit) } catch { throw .pageSizes(error) }
        let layout = StackLayout(pageSizes: sizes, viewSize: viewSize, configuration: configuration)
        if let page = layout.firstPageWithNonFiniteFrame {
            throw .nonFiniteFrame(path: path, page: page, displayed: sizes.isEmpty ? .zero : sizes[page], viewSize: viewSize)
        }
        return layout
    }
}
