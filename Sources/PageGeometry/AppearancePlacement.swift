// SPDX-License-Identifier: Apache-2.0

/// Where an annotation's appearance is drawn, as ISO 32000-2 places it: §12.5.5 maps the
/// appearance form onto the annotation's /Rect, §12.5.3 keeps a NoRotate annotation upright.
/// Every rectangle is in the page's **raw** PDF space (points).
public enum AppearancePlacement {
    /// The transform from the appearance form's space to raw space (§12.5.5, Algorithm 8.1):
    /// the form's `bbox` is transformed by its `matrix`, and the bounding box of the result is
    /// mapped onto `rect` by a scale and a translation. `nil` when that bounding box, or `rect`,
    /// has no area (the spec's mapping is then undefined).
    public static func formToRaw(rect: Rect, bbox: Rect, matrix: AffineTransform) -> AffineTransform? {
        let transformed = matrix.apply(to: bbox.standardized)
        let target = rect.standardized
        guard transformed.width > 0, transformed.height > 0, transformed.width.isFinite, transformed.height.isFinite,
              target.width > 0, target.height > 0 else { return nil }
        let sx = target.width / transformed.width, sy = target.height / transformed.height
        return matrix
            .translatedAfter(x: -transformed.minX, y: -transformed.minY)
            .scaledAfter(x: sx, y: sy)
            .translatedAfter(x: target.minX, y: target.minY)
    }

    /// Where the form lands in raw space: its `bbox` through ``formToRaw(rect:bbox:matrix:)``,
    /// which is `rect` itself whenever that mapping exists (returned as it is, so that no
    /// rounding of the mapping makes it differ). `nil` when it does not.
    public static func drawnRect(rect: Rect, bbox: Rect, matrix: AffineTransform) -> Rect? {
        formToRaw(rect: rect, bbox: bbox, matrix: matrix) == nil ? nil : rect.standardized
    }

    /// The raw rectangle a NoRotate annotation (§12.5.3) is drawn in on a page turned by
    /// `rotation`: `rect` turned the other way about its upper-left corner (minX, maxY), so that
    /// the page's rotation brings it back upright with that corner where it was.
    public static func noRotateRect(_ rect: Rect, rotation: PageRotation) -> Rect {
        let r = rect.standardized
        let corner = Point(x: r.minX, y: r.maxY)
        let turn = AffineTransform(translationX: -corner.x, y: -corner.y)
            .concatenating(rotation.inverse.transform)
            .translatedAfter(x: corner.x, y: corner.y)
        return turn.apply(to: r)
    }
}
