// SPDX-License-Identifier: Apache-2.0
// Approximate equality for the geometry values, after swift-numerics'
// `isApproximatelyEqual(to:absoluteTolerance:relativeTolerance:)` (RealModule/ApproximateEquality.swift).
//
// `==` on these types stays exact (and `Hashable` consistent with it). Use these functions where
// values come from arithmetic or from a file written by another program, and say which tolerance.

extension Double {
    /// Whether `self` and `other` differ by at most `absoluteTolerance`, or by at most
    /// `relativeTolerance` times the larger of their magnitudes, whichever bound is larger
    /// (swift-numerics' rule, for one `Double`).
    ///
    /// Equal values (infinities included) are always approximately equal; NaN is approximately
    /// equal to nothing, itself included.
    ///
    /// - Important: this is **not** an equivalence relation: it is not transitive (`0` ≈ `0.6`
    ///   and `0.6` ≈ `1.2` with a tolerance of `0.6`, but `0` is not ≈ `1.2`). Never use it to
    ///   implement `==` or `Hashable`.
    /// - Precondition: `absoluteTolerance` is finite and ≥ 0; `relativeTolerance` is in `0...1`.
    @inlinable
    public func isApproximatelyEqual(to other: Double, absoluteTolerance: Double,
                                     relativeTolerance: Double = 0) -> Bool {
        precondition(absoluteTolerance >= 0 && absoluteTolerance.isFinite,
                     "absoluteTolerance must be finite and non-negative")
        precondition(relativeTolerance >= 0 && relativeTolerance <= 1, "relativeTolerance must be in 0...1")
        if self == other { return true }
        let delta = abs(self - other)
        let scale = Swift.max(abs(self), abs(other))
        let bound = Swift.max(absoluteTolerance, scale * relativeTolerance)
        return delta.isFinite && delta <= bound
    }
}

/// Accumulates the ∞-norm comparison of two values component by component: the largest
/// absolute difference between corresponding components against the largest magnitude among
/// all of them (the norm swift-numerics' `Complex` uses for its approximate equality).
@usableFromInline
struct ComponentwiseComparison {
    @usableFromInline var allEqual = true, allFinite = true
    @usableFromInline var delta = 0.0, scale = 0.0

    @inlinable init() {}

    @inlinable mutating func add(_ x: Double, _ y: Double) {
        if x != y { allEqual = false }
        let d = abs(x - y)
        if !d.isFinite { allFinite = false }  // NaN, or an infinity against anything
        delta = Swift.max(delta, d)
        scale = Swift.max(scale, abs(x), abs(y))
    }

    @inlinable func result(absoluteTolerance: Double, relativeTolerance: Double) -> Bool {
        precondition(absoluteTolerance >= 0 && absoluteTolerance.isFinite,
                     "absoluteTolerance must be finite and non-negative")
        precondition(relativeTolerance >= 0 && relativeTolerance <= 1, "relativeTolerance must be in 0...1")
        if allEqual { return true }
        return allFinite && delta <= Swift.max(absoluteTolerance, scale * relativeTolerance)
    }
}

// MARK: - Point, Size, Rect, AffineTransform

extension Point {
    /// Whether the two points are within `absoluteTolerance` in both coordinates, or within
    /// `relativeTolerance` times the largest coordinate of either, whichever bound is larger.
    ///
    /// The distance is the largest coordinate difference (∞-norm), in the points' own units and
    /// space (PDF points for raw and page space). Equal points are always approximately equal;
    /// a NaN coordinate makes the points approximately equal to nothing.
    ///
    /// - Important: **not** an equivalence relation (not transitive); `==` stays exact.
    /// - Precondition: `absoluteTolerance` is finite and ≥ 0; `relativeTolerance` is in `0...1`.
    public func isApproximatelyEqual(to other: Point, absoluteTolerance: Double,
                                     relativeTolerance: Double = 0) -> Bool {
        var comparison = ComponentwiseComparison()
        comparison.add(x, other.x)
        comparison.add(y, other.y)
        return comparison.result(absoluteTolerance: absoluteTolerance, relativeTolerance: relativeTolerance)
    }
}

extension Size {
    /// Whether the two sizes are within `absoluteTolerance` in width and in height, or within
    /// `relativeTolerance` times the largest dimension of either, whichever bound is larger.
    ///
    /// Same rules as ``Point/isApproximatelyEqual(to:absoluteTolerance:relativeTolerance:)``;
    /// widths and heights are compared as stored (signs included).
    ///
    /// - Important: **not** an equivalence relation (not transitive); `==` stays exact.
    /// - Precondition: `absoluteTolerance` is finite and ≥ 0; `relativeTolerance` is in `0...1`.
    public func isApproximatelyEqual(to other: Size, absoluteTolerance: Double,
                                     relativeTolerance: Double = 0) -> Bool {
        var comparison = ComponentwiseComparison()
        comparison.add(width, other.width)
        comparison.add(height, other.height)
        return comparison.result(absoluteTolerance: absoluteTolerance, relativeTolerance: relativeTolerance)
    }
}

extension Rect {
    /// Whether `x`, `y`, `width` and `height` are each within `absoluteTolerance` of the other
    /// rectangle's, or within `relativeTolerance` times the largest of those eight numbers,
    /// whichever bound is larger.
    ///
    /// The four stored numbers are compared, so a rectangle and the same area written with a
    /// negative width are not approximately equal: compare ``standardized`` rectangles when
    /// that matters (the effective page boxes of ``PageBoxes`` already are).
    ///
    /// - Important: **not** an equivalence relation (not transitive); `==` stays exact.
    /// - Precondition: `absoluteTolerance` is finite and ≥ 0; `relativeTolerance` is in `0...1`.
    public func isApproximatelyEqual(to other: Rect, absoluteTolerance: Double,
                                     relativeTolerance: Double = 0) -> Bool {
        var comparison = ComponentwiseComparison()
        comparison.add(x, other.x)
        comparison.add(y, other.y)
        comparison.add(width, other.width)
        comparison.add(height, other.height)
        return comparison.result(absoluteTolerance: absoluteTolerance, relativeTolerance: relativeTolerance)
    }
}

extension AffineTransform {
    /// Whether the six coefficients `a, b, c, d, tx, ty` are each within `absoluteTolerance` of
    /// the other transform's, or within `relativeTolerance` times the largest of those twelve
    /// numbers, whichever bound is larger.
    ///
    /// The linear part (`a…d`, unitless) and the translation (`tx, ty`, in the target space's
    /// units) share one tolerance; for transforms that scale strongly, compare the images of the
    /// points you care about instead.
    ///
    /// - Important: **not** an equivalence relation (not transitive); `==` stays exact.
    /// - Precondition: `absoluteTolerance` is finite and ≥ 0; `relativeTolerance` is in `0...1`.
    public func isApproximatelyEqual(to other: AffineTransform, absoluteTolerance: Double,
                                     relativeTolerance: Double = 0) -> Bool {
        var comparison = ComponentwiseComparison()
        comparison.add(a, other.a)
        comparison.add(b, other.b)
        comparison.add(c, other.c)
        comparison.add(d, other.d)
        comparison.add(tx, other.tx)
        comparison.add(ty, other.ty)
        return comparison.result(absoluteTolerance: absoluteTolerance, relativeTolerance: relativeTolerance)
    }
}
