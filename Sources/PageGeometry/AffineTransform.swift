// SPDX-License-Identifier: Apache-2.0
/// A 2-D affine transform in CoreGraphics' convention:
///
///     x' = a·x + c·y + tx
///     y' = b·x + d·y + ty
///
/// `t1.concatenating(t2)` applies `t1` first, then `t2` (like `CGAffineTransform.concatenating`).
/// The inverse direction of a mapping is always ``inverted()`` of the same transform, never a
/// second hand-written formula.
@frozen
public struct AffineTransform: Hashable, Sendable, Codable {
    /// The coefficients: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (`tx`, `ty` in the
    /// destination space's units).
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// A transform from its six coefficients (see the type's formula).
    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that maps every point to itself.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A pure translation by (tx, ty).
    @inlinable public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A pure scale by (sx, sy) about the origin.
    @inlinable public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Applies `self`, then `other`.
    @inlinable public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// Applies `self`, then a translation by (tx, ty).
    @inlinable public func translatedAfter(x: Double, y: Double) -> AffineTransform {
        concatenating(AffineTransform(translationX: x, y: y))
    }

    /// Applies `self`, then a scale by (sx, sy).
    @inlinable public func scaledAfter(x sx: Double, y sy: Double) -> AffineTransform {
        concatenating(AffineTransform(scaleX: sx, y: sy))
    }

    /// `a·d − b·c`; zero for a singular transform.
    @inlinable public var determinant: Double { a * d - b * c }

    /// The inverse transform, or `nil` when the transform is singular (determinant 0 or not finite).
    public func inverted() -> AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id,
                               tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// True for the identity transform (exactly).
    @inlinable public var isIdentity: Bool { self == .identity }

    /// Maps a point.
    @inlinable public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// Maps a rectangle: the standardized bounding box of its four mapped corners. For the
    /// axis-aligned transforms of this package (quarter turns, flips, scales, translations)
    /// that is exactly the image of the rectangle.
    public func apply(to r: Rect) -> Rect {
        let p0 = apply(to: Point(x: r.minX, y: r.minY)), p1 = apply(to: Point(x: r.maxX, y: r.minY))
        let p2 = apply(to: Point(x: r.maxX, y: r.maxY)), p3 = apply(to: Point(x: r.minX, y: r.maxY))
        let x0 = min(p0.x, p1.x, p2.x, p3.x), x1 = max(p0.x, p1.x, p2.x, p3.x)
        let y0 = min(p0.y, p1.y, p2.y, p3.y), y1 = max(p0.y, p1.y, p2.y, p3.y)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Maps a size as a vector (translation ignored), keeping signs.
    @inlinable public func apply(to s: Size) -> Size {
        Size(width: a * s.width + c * s.height, height: b * s.width + d * s.height)
    }
}
