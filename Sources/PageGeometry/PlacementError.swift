// SPDX-License-Identifier: Apache-2.0
/// Why a ``PagePlacement`` (or one of its frame/viewport conversions) could not be built.
///
/// Every case carries the offending value; ``description`` is one line a person can act on,
/// suitable for printing as is (the CLI does).
@frozen
public enum PlacementError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The view size (view units) is zero, negative or not finite in width or height.
    case invalidViewSize(Size)
    /// The page's displayed size (points) has zero area or is not finite, so it cannot be
    /// fitted into a view (e.g. an effective CropBox of zero area).
    case emptyPage(Size)
    /// The viewport (page space, points) has a width that is zero or not finite, or an origin or
    /// height that is not finite (or, for a stretched placement, a zero height).
    case invalidViewport(Rect)
    /// The zoom scale is zero, negative or not finite (1 = the page fits the view).
    case invalidZoomScale(Double)
    /// The centre point (page space, points) is not finite.
    case invalidCenter(Point)
    /// The page frame (view space) has a width that is zero or not finite, or an origin that is
    /// not finite.
    case invalidPageFrame(Rect)
    /// The raw → page transform is singular or not finite, so raw space cannot be reached from
    /// page space.
    case singularRawToPage(AffineTransform)
    /// The numbers are each valid, but together they scale or move page space beyond what a
    /// `Double` holds (e.g. a zoom of 10³⁰⁰, a view 10³⁰⁸ wide): the transform between page and
    /// view space, or its inverse, is not finite. `scale` is the view units per point asked for.
    case outOfRange(scale: Double)
    /// The resolution (dots per inch) is zero, negative or not finite.
    case invalidResolution(Double)

    /// One line saying what is wrong and what a valid value looks like (values printed compactly).
    public var description: String {
        switch self {
        case .invalidViewSize(let s):
            "invalid view size \(s): width and height must be positive finite numbers, e.g. 800x600"
        case .emptyPage(let s):
            "the page's displayed size \(s) has no area, so it cannot be fitted into a view; give an explicit viewport"
        case .invalidViewport(let r):
            "invalid viewport \(r) (x,y,width,height in page space): the width must be a positive finite number and x, y and height finite"
        case .invalidZoomScale(let z):
            "invalid zoom scale \(formatCompact(z)): it must be a positive finite number (1 = the whole page fits the view)"
        case .invalidCenter(let p):
            "invalid centre \(p): x and y must be finite numbers in page space"
        case .invalidPageFrame(let r):
            "invalid page frame \(r) (x,y,width,height in view space): the width must be a positive finite number and x, y finite"
        case .singularRawToPage(let t):
            "the raw → page transform \(t) is not invertible"
        case .invalidResolution(let dpi):
            "invalid resolution \(formatCompact(dpi)) dpi: it must be a positive finite number, e.g. 150"
        case .outOfRange(let scale):
            "the placement is out of range: at \(scale.isFinite && NumberText.rounded(scale) != 0 ? formatCompact(scale) : scale.description) view units per point the transform between page and view space overflows or cannot be inverted; use a smaller zoom, view or viewport"
        }
    }
}
