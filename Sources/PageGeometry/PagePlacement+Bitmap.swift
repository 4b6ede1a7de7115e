// SPDX-License-Identifier: Apache-2.0
/// How a whole page, or a viewport of it, is mapped onto a view.
@frozen
public enum PageFit: String, Hashable, Sendable, Codable, CaseIterable {
    /// One scale for both axes: the page is aspect-fitted and centred; an explicit viewport
    /// fills the view's width and is centred
    /// (``PagePlacement/init(pageSize:rawToPage:userUnit:viewSize:viewport:)``).
    case contain
    /// Each axis scaled on its own, so that the page's (or viewport's) corners land exactly on
    /// the view's corners: how renderers map a page into a W×H bitmap (pdfium's
    /// `FPDF_PageToDevice`, MuPDF's page transform scaled to the pixmap;
    /// ``PagePlacement/init(stretchingPageSize:rawToPage:userUnit:viewport:toFill:)``).
    case fill
}

// MARK: - Bitmaps: fit modes and pdftoppm's resolution

extension PagePlacement {
    /// `page` (or `viewport` of it, page space, points) in a view of `viewSize`, mapped by `fit`.
    ///
    /// - Throws: ``PlacementError``.
    public init(page: PageInfo, viewSize: Size, viewport: Rect? = nil, fit: PageFit) throws(PlacementError) {
        switch fit {
        case .contain: try self.init(page: page, viewSize: viewSize, viewport: viewport)
        case .fill: try self.init(stretching: page, viewport: viewport, toFill: viewSize)
        }
    }

    /// The pixel size of the bitmap `pdftoppm -r dotsPerInch -cropbox` renders for a page of
    /// displayed size `pageSize` (points): `⌈width · dpi / 72⌉ × ⌈height · dpi / 72⌉`, computed
    /// in that order as Poppler 22.12's pdftoppm does (so 792 pt at 150 dpi is exactly 1650,
    /// not 1651). Rounded **up**, never to nearest: a 10.1 pt page at 72 dpi is 11 pixels wide
    /// (checked by rendering with pdftoppm 22.12 and reading the image's size). 0 for a page of
    /// zero size or a resolution that is not positive; infinite when it overflows.
    public static func bitmapSize(pageSize: Size, dotsPerInch dpi: Double) -> Size {
        guard dpi > 0 else { return .zero }
        // The one rule: BitmapRenderer.pdftoppmCropBox's.
        func pixels(_ points: Double) -> Double {
            points > 0 ? BitmapRenderer.pdftoppmCropBox.pixelCount(points: points, dotsPerInch: dpi) : 0
        }
        return Size(width: pixels(pageSize.width), height: pixels(pageSize.height))
    }

    /// The page as `pdftoppm -r dotsPerInch -cropbox` renders it: a view (bitmap) of
    /// ``bitmapSize(pageSize:dotsPerInch:)`` pixels showing the page at exactly `dpi / 72`
    /// pixels per point, the displayed page's top-left corner on pixel (0, 0). Because the
    /// bitmap is rounded up, its last column and row may lie partly outside the page (pdftoppm
    /// leaves them blank): the page is neither stretched nor centred.
    ///
    /// - Throws: ``PlacementError``; the page must have non-zero area and `dotsPerInch` must be
    ///   positive and finite.
    public init(pageSize: Size, rawToPage: AffineTransform = .identity, userUnit: Double = 1,
                dotsPerInch dpi: Double) throws(PlacementError) {
        guard dpi > 0, dpi.isFinite else { throw .invalidResolution(dpi) }
        let s = dpi / 72
        try self.init(pageSize: pageSize, rawToPage: rawToPage, userUnit: userUnit,
                      viewSize: Self.bitmapSize(pageSize: pageSize, dotsPerInch: dpi),
                      pageFrame: Rect(x: 0, y: 0, width: pageSize.width * s, height: pageSize.height * s))
    }

    /// `page` as `pdftoppm -r dotsPerInch -cropbox` renders it; see
    /// ``init(pageSize:rawToPage:userUnit:dotsPerInch:)``.
    public init(page: PageInfo, dotsPerInch: Double) throws(PlacementError) {
        try self.init(pageSize: page.size, rawToPage: page.rawToPage, userUnit: page.userUnit, dotsPerInch: dotsPerInch)
    }
}
