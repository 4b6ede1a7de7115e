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

    /// The document's pages laid out in a scroll view of `viewSize` (view units): every page's
    /// displayed size (points) read in one walk, then `StackLayout` — what
    /// `pageinfo layout` and `viewstate` lay out.
    ///
    /// - Throws: `ExitFailure`: more than `pageLimit` pages (64, usage), a page
    ///   whose size cannot be read (65), or page sizes whose frames are not finite numbers in
    ///   this view (65: a hostile file's sizes can overflow; nothing should be printed then).
    public func stackLayout(viewSize: Size, configuration: StackLayout.Configuration,
                            pageLimit: Int = InputLimits.pageCount) throws(ExitFailure) -> StackLayout {
        let sizes: [Size]
        do { sizes = try displayedPageSizes(limit: pageLimit) } catch { throw ExitFailure(error) }
        let layout = StackLayout(pageSizes: sizes, viewSize: viewSize, configuration: configuration)
        if let page = layout.firstPageWithNonFiniteFrame {
            throw ExitFailure("\(path): page \(page + 1) (displayed \(sizes.isEmpty ? .zero : sizes[page])) cannot be laid out in a \(viewSize) view: its frame is not a finite number",
                              status: .malformed)
        }
        return layout
    }
}
