// SPDX-License-Identifier: Apache-2.0
/// Why a ``PagePlacement`` (or one of its frame/viewport conversions) could not be built.
///
/// Every case carries the offending value. Its message, one line a person can act on with the
/// numbers by the one number rule (``NumberText``), is its ``description``, suitable for
/// printing as is (the CLI does).
@frozen
public enum PlacementError: Error, Hashable, Sendable {
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
    /// The bitmap a page would render to (``BitmapPlacement``) has a side of 0 pixels or more
    /// than ``BitmapPlacement/maximumPixels``; the pixel size it would have.
    case invalidBitmapSize(Size)
    /// A pixel size was asked of a renderer whose drawing into a pixel size is not modelled
    /// (``BitmapRenderer/drawsIntoPixelSize``): give it a resolution.
    case pixelSizeUnsupported(BitmapRenderer)
    /// A frame (``LibraryFrame``, by name) whose matrix is singular on this page: the ratios of a
    /// page whose displayed width or height is 0.
    case singularFrame(String)
}
