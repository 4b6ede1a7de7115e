// SPDX-License-Identifier: Apache-2.0
/// The three coordinate spaces a page is described in.
///
/// - ``raw``: the page's PDF user space (points, y up): boxes, content, annotations and
///   destinations live here. The displayed region is the effective CropBox, which may sit
///   anywhere (offset, negative origin).
/// - ``page``: normalized page space (points, y up): origin at the lower-left corner of the
///   displayed page (the CropBox after /Rotate), spanning `0…size.width × 0…size.height` of
///   ``PageInfo/size``. View-state viewports are rectangles in this space.
/// - ``view``: a view of some size W×H (view units: points or pixels, y down): origin at the
///   view's top-left corner. How the page sits in it is a ``PagePlacement``.
///
/// ``PageInfo/rawToPage`` connects raw and page; a ``PagePlacement`` connects all three.
@frozen
public enum CoordinateSpace: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// PDF user space of the page (points, y up).
    case raw
    /// Normalized page space (points, y up, origin at the displayed page's lower-left corner).
    case page
    /// View space (view units, y down, origin at the view's top-left corner).
    case view

    /// The space's name as the CLI spells it: `raw`, `page` or `view`.
    public var description: String { rawValue }
}
