// SPDX-License-Identifier: Apache-2.0

extension PictureFormat {
    /// The bytes of the file `drawing` makes over `pageImage` (the page rendered at the
    /// drawing's pixel size) in this format: a PNG of the overlaid picture
    /// (``OverlayRenderer/render(_:pageImage:)``, ``PNGEncoder``), or the SVG document
    /// (``SVGWriter/svg(_:pageImage:)``) as UTF-8 — what `pageinfo draw -o` writes.
    package func encode(_ drawing: PageDrawing, pageImage: RGBImage) -> [UInt8] {
        switch self {
        case .png: PNGEncoder.encode(OverlayRenderer.render(drawing, pageImage: pageImage))
        case .svg: Array(SVGWriter.svg(drawing, pageImage: pageImage).utf8)
        }
    }
}
