// SPDX-License-Identifier: Apache-2.0
// Whether a value's numbers are all finite: page sizes from a hostile file (10³⁰⁰ pt) can make
// a placement or layout overflow, and callers refuse such a result before they show or print it.

extension Point {
    /// True when both coordinates are finite.
    public var isFinite: Bool { x.isFinite && y.isFinite }
}

extension Size {
    /// True when width and height are finite.
    public var isFinite: Bool { width.isFinite && height.isFinite }
}

extension Rect {
    /// True when origin and size are finite.
    public var isFinite: Bool { origin.isFinite && size.isFinite }
}

extension AffineTransform {
    /// True when all six coefficients are finite.
    public var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }
}
