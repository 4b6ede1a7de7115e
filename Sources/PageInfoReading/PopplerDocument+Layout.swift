// SPDX-License-Identifier: GPL-2.0-or-later
import DocumentLayout
import PageGeometry
import PageInfoGrammar
import PageInfoPoppler
import PageInfoRecords

extension PopplerDocument {
    /// What the document asks a viewer for — spreads, scrolling and binding — from its
    /// /PageLayout and /ViewerPreferences /Direction (`DocumentPresentation`).
    public var presentation: DocumentPresentation { DocumentPresentation(pageLayout: pageLayout, direction: direction) }

    /// Every page's displayed size (points, in page order), read in one walk, for the layout
    /// commands (`layout`, `viewstate`, `spreads`, `thumbnails`).
    ///
    /// - Throws: `ExitFailure`: more than `limit` pages (64, usage) or a page whose size cannot
    ///   be read (65).
    public func layoutPageSizes(limit: Int = InputLimits.pageCount) throws(ExitFailure) -> [Size] {
        do { return try displayedPageSizes(limit: limit) } catch { throw ExitFailure(error) }
    }

    /// The document's pages laid out in a scroll view of `viewSize` (view units): every page's
    /// displayed size (points) read in one walk, then `StackLayout` — what
    /// `pageinfo layout` and `viewstate` lay out.
    ///
    /// - Throws: `ExitFailure`: more than `pageLimit` pages (64, usage), a page
    ///   whose size cannot be read (65), or page sizes whose frames are not finite numbers in
    ///   this view (65: a hostile file's sizes can overflow; nothing should be printed then).
    public func stackLayout(viewSize: Size, configuration: StackLayout.Configuration,
                            pageLimit: Int = InputLimits.pageCount) throws(ExitFailure) -> StackLayout {
        let sizes = try layoutPageSizes(limit: pageLimit)
        let layout = StackLayout(pageSizes: sizes, viewSize: viewSize, configuration: configuration)
        if let page = layout.firstPageWithNonFiniteFrame {
            throw ExitFailure("\(path): page \(page + 1) (displayed \(sizes.isEmpty ? .zero : sizes[page])) cannot be laid out in a \(viewSize) view: its frame is not a finite number",
                              status: .malformed)
        }
        return layout
    }
}
