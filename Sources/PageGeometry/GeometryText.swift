// SPDX-License-Identifier: Apache-2.0
// The text forms of the geometry types and the messages of placement errors, every number in
// them by the one rule (``NumberText``, through ``formatCompact(_:)``): a program that uses
// PageGeometry alone prints them as the CLI does.

extension Point: CustomStringConvertible {
    /// `(x, y)` with the numbers as ``formatCompact(_:)`` writes them, e.g. `(25, 50)`.
    public var description: String { "(\(formatCompact(x)), \(formatCompact(y)))" }
}

extension Size: CustomStringConvertible {
    /// `WxH` with the numbers as ``formatCompact(_:)`` writes them, e.g. `600x400`.
    public var description: String { "\(formatCompact(width))x\(formatCompact(height))" }
}

extension Rect: CustomStringConvertible {
    /// `x,y,width,height` with the numbers as ``formatCompact(_:)`` writes them, as the CLI takes
    /// rectangles (e.g. `20,30,400,600`).
    public var description: String {
        "\(formatCompact(x)),\(formatCompact(y)),\(formatCompact(width)),\(formatCompact(height))"
    }
}

extension AffineTransform: CustomStringConvertible {
    /// `[a: …, b: …, c: …, d: …, tx: …, ty: …]` with the numbers as ``formatCompact(_:)`` writes them.
    public var description: String {
        "[a: \(formatCompact(a)), b: \(formatCompact(b)), c: \(formatCompact(c)), d: \(formatCompact(d)), tx: \(formatCompact(tx)), ty: \(formatCompact(ty))]"
    }
}

extension PlacementError: CustomStringConvertible {
    /// One line saying what is wrong and what a valid value looks like (values printed compactly),
    /// naming the stretched fit as the library does (`PageFit.fill`).
    public var description: String { description(namingFillAs: "PageFit.fill") }

    /// ``description``, naming the fit that stretches a viewport onto the view as `fill` says
    /// (a command names its option instead of `PageFit.fill`).
    public func description(namingFillAs fill: String) -> String {
        switch self {
        case .invalidViewSize(let s):
            "invalid view size \(s): width and height must be positive finite numbers, e.g. 800x600"
        case .emptyPage(let s):
            "the page's displayed size \(s) has no area, so it cannot be fitted into a view; give an explicit viewport"
        case .invalidViewport(let r):
            "invalid viewport \(r) (x,y,width,height in page space): the width must be a positive finite number and x, y and the height finite; "
                + "a viewport stretched onto the view (\(fill)) needs a positive height too"
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
        case .invalidBitmapSize(let s):
            "the page's bitmap would be \(formatCompact(s.width))x\(formatCompact(s.height)) pixels: each side must be 1 to 2147483647 pixels; use a smaller resolution or size"
        case .pixelSizeUnsupported(let renderer):
            "the \(renderer.rawValue) renderer is modelled at a resolution, not a pixel size: give dots per inch, or one of \(BitmapRenderer.pixelSizeRendererNames)"
        case .singularFrame(let name):
            "the \(name) frame has no inverse on this page: its displayed width or height is 0 (an empty CropBox)"
        case .outOfRange(let scale):
            "the placement is out of range: at \(scale.isFinite && NumberText.rounded(scale) != 0 ? formatCompact(scale) : scale.description) view units per point the transform between page and view space overflows or cannot be inverted; use a smaller zoom, view or viewport"
        }
    }
}
