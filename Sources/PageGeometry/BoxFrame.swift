// SPDX-License-Identifier: Apache-2.0

/// The coordinate frame a user's boxes are given in: a space of the page, an image of it, or the
/// frame of the library or pipeline that produced them. What `pageinfo draw --overlay BOXES
/// --frame F` and `--region` read boxes in; each maps to raw PDF space by one matrix.
@frozen
public enum BoxFrame: Hashable, Sendable, CustomStringConvertible {
    /// Raw PDF user space (points, y up): the space of the page's boxes.
    case raw
    /// Page space: the displayed page (the CropBox after /Rotate), lower-left origin, y up,
    /// points (``PageInfo/rawToPage``).
    case page
    /// The pixels of an image of the page (top-left origin, y down): boxes an OCR engine or a
    /// detector found on it (``BitmapPlacement/pixelToRaw``).
    case pixels(BitmapRequest)
    /// The same image's ratios, [0, 1] × [0, 1], top-left origin, y down
    /// (``BitmapPlacement/normalizedToRaw``).
    case normalized(BitmapRequest)
    /// A library's or pipeline's frame (``LibraryFrame``).
    case producer(LibraryFrame)

    /// The frame's name as the CLI spells it: `raw`, `page`, `pixels`, `normalized`, or the
    /// ``LibraryFrame``'s name.
    public var name: String {
        switch self {
        case .raw: "raw"
        case .page: "page"
        case .pixels: "pixels"
        case .normalized: "normalized"
        case .producer(let frame): frame.rawValue
        }
    }

    /// The name, and for an image its bitmap (`pixels of pdf2image at 150 dpi`).
    public var description: String {
        switch self {
        case .pixels(let request), .normalized(let request):
            let size = switch request.target {
            case .dotsPerInch(let d): "at \(formatCompact(d)) dpi"
            case .pixelSize(let w, let h, let fit): "into \(w)x\(h) (\(fit.rawValue))"
            }
            return "\(name) of \(request.renderer.rawValue) \(size)"
        default:
            return name
        }
    }

    /// This frame on `page` → raw PDF user space.
    /// - Throws: ``PlacementError`` when the image cannot be placed (a bitmap side of 0 or over
    ///   ``BitmapPlacement/maximumPixels``), or ``PlacementError/singularFrame(_:)`` for a frame
    ///   whose matrix is singular on this page (the ratios of a page of width or height 0).
    public func frameToRaw(on page: PageInfo) throws(PlacementError) -> AffineTransform {
        switch self {
        case .raw: return .identity
        case .page: return page.pageToRaw
        case .pixels(let request): return try BitmapPlacement(page: page, request: request).pixelToRaw
        case .normalized(let request): return try BitmapPlacement(page: page, request: request).normalizedToRaw
        case .producer(let frame):
            guard let back = frame.frameToRaw(for: page) else { throw .singularFrame(frame.rawValue) }
            return back
        }
    }
}
