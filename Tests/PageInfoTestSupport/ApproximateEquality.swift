// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// A value compared coordinate by coordinate by ``isApproximatelyEqual(_:_:absoluteTolerance:relativeTolerance:)``.
public protocol ApproximatelyComparable {
    /// The coordinates compared, in a fixed order.
    var comparedComponents: [Double] { get }
}

extension Double: ApproximatelyComparable {
    public var comparedComponents: [Double] { [self] }
}

extension Point: ApproximatelyComparable {
    public var comparedComponents: [Double] { [x, y] }
}

extension Size: ApproximatelyComparable {
    public var comparedComponents: [Double] { [width, height] }
}

extension Rect: ApproximatelyComparable {
    public var comparedComponents: [Double] { [x, y, width, height] }
}

extension AffineTransform: ApproximatelyComparable {
    public var comparedComponents: [Double] { [a, b, c, d, tx, ty] }
}

extension Array: ApproximatelyComparable where Element: ApproximatelyComparable {
    public var comparedComponents: [Double] { flatMap(\.comparedComponents) }
}

/// The tests' one approximate equality, with swift-numerics' semantics
/// (`isApproximatelyEqual(to:absoluteTolerance:relativeTolerance:)`), applied to every coordinate:
///
///     |aᵢ − bᵢ| ≤ max(absoluteTolerance, relativeTolerance · max(|aᵢ|, |bᵢ|))
///
/// Values with a different number of coordinates (arrays of different lengths) are not equal; a NaN
/// equals nothing. Like swift-numerics', this is *not* an equivalence relation (not transitive), so
/// it never backs `Equatable`. The absolute tolerance is what counts near zero, where a relative
/// one means nothing; with both equal to t the test is `|a − b| ≤ t · max(1, |a|, |b|)`.
public func isApproximatelyEqual<Value: ApproximatelyComparable>(
    _ a: Value, _ b: Value, absoluteTolerance: Double = 1e-9, relativeTolerance: Double = 0
) -> Bool {
    let x = a.comparedComponents, y = b.comparedComponents
    guard x.count == y.count else { return false }
    return zip(x, y).allSatisfy { p, q in
        p == q || abs(p - q) <= Swift.max(absoluteTolerance, relativeTolerance * Swift.max(abs(p), abs(q)))
    }
}
