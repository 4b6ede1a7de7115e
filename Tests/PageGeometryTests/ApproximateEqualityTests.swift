// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import Testing

// isApproximatelyEqual(to:absoluteTolerance:relativeTolerance:) on Double, Point, Size, Rect and
// AffineTransform. Edge cases are listed one by one, as swift-numerics' own tests list them;
// every expected answer follows from the rule |a − b|∞ ≤ max(abs, rel · max(|a|∞, |b|∞)).

@Suite("Approximate equality")
struct ApproximateEqualityTests {
    @Test("Double: equal, within and beyond an absolute tolerance")
    func doubles() {
        #expect(612.0.isApproximatelyEqual(to: 612, absoluteTolerance: 0))
        #expect(612.0.isApproximatelyEqual(to: 612.005, absoluteTolerance: 0.01))
        #expect(!612.0.isApproximatelyEqual(to: 612.02, absoluteTolerance: 0.01))
        #expect(!612.0.isApproximatelyEqual(to: 612.0000001, absoluteTolerance: 0))
        // 0.5 and 0.25 are exact in binary: a difference of exactly the tolerance matches.
        #expect(1.0.isApproximatelyEqual(to: 1.25, absoluteTolerance: 0.25))
        #expect(!1.0.isApproximatelyEqual(to: 1.5, absoluteTolerance: 0.25))
        // Symmetric.
        #expect(612.02.isApproximatelyEqual(to: 612, absoluteTolerance: 0.01) == 612.0.isApproximatelyEqual(to: 612.02, absoluteTolerance: 0.01))
    }

    @Test("Double: the relative bound scales with the larger magnitude")
    func relative() {
        // 1e6 vs 1e6 + 1: relative 1e-6 gives a bound of 1.000001 ≥ 1.
        #expect(1e6.isApproximatelyEqual(to: 1e6 + 1, absoluteTolerance: 0, relativeTolerance: 1e-6))
        #expect(!1.0.isApproximatelyEqual(to: 2, absoluteTolerance: 0, relativeTolerance: 1e-6))
        // The larger of the two bounds wins: abs 0.5 beats rel 1e-6 · 2 near 1.
        #expect(1.0.isApproximatelyEqual(to: 1.5, absoluteTolerance: 0.5, relativeTolerance: 1e-6))
    }

    @Test("Double: NaN equals nothing; equal infinities are equal; an infinity is far from everything else")
    func nonFinite() {
        #expect(!Double.nan.isApproximatelyEqual(to: .nan, absoluteTolerance: 1))
        #expect(!Double.nan.isApproximatelyEqual(to: 0, absoluteTolerance: 1))
        #expect(Double.infinity.isApproximatelyEqual(to: .infinity, absoluteTolerance: 0))
        #expect(!Double.infinity.isApproximatelyEqual(to: -.infinity, absoluteTolerance: 1))
        #expect(!Double.infinity.isApproximatelyEqual(to: 1e308, absoluteTolerance: 1, relativeTolerance: 1))
        #expect(Double.greatestFiniteMagnitude.isApproximatelyEqual(to: -.greatestFiniteMagnitude, absoluteTolerance: 0, relativeTolerance: 1) == false)
    }

    @Test("Not an equivalence relation: not transitive")
    func notTransitive() {
        let a = 0.0, b = 0.5, c = 1.0
        #expect(a.isApproximatelyEqual(to: b, absoluteTolerance: 0.5))
        #expect(b.isApproximatelyEqual(to: c, absoluteTolerance: 0.5))
        #expect(!a.isApproximatelyEqual(to: c, absoluteTolerance: 0.5))
        // == stays exact.
        #expect(Point(x: 0, y: 0) != Point(x: 0, y: 1e-12))
    }

    @Test("Point and Size: the largest coordinate difference counts (∞-norm)")
    func pointsAndSizes() {
        let p = Point(x: 10, y: 20)
        #expect(p.isApproximatelyEqual(to: Point(x: 10.004, y: 19.996), absoluteTolerance: 0.005))
        #expect(!p.isApproximatelyEqual(to: Point(x: 10.004, y: 19.99), absoluteTolerance: 0.005))
        #expect(!p.isApproximatelyEqual(to: Point(x: .nan, y: 20), absoluteTolerance: 100))
        #expect(Point(x: .infinity, y: 1).isApproximatelyEqual(to: Point(x: .infinity, y: 1), absoluteTolerance: 0))
        #expect(!Point(x: .infinity, y: 1).isApproximatelyEqual(to: Point(x: .infinity, y: 1.5), absoluteTolerance: 1))
        let a4 = Size(width: 595.276, height: 841.89)
        #expect(a4.isApproximatelyEqual(to: Size(width: 595.2756, height: 841.8898), absoluteTolerance: 0.01))
        #expect(!a4.isApproximatelyEqual(to: a4.transposed, absoluteTolerance: 0.01))
        // Relative: 841.89 · 1e-3 = 0.84 ≥ 0.5.
        #expect(a4.isApproximatelyEqual(to: Size(width: 595.776, height: 841.89), absoluteTolerance: 0, relativeTolerance: 1e-3))
    }

    @Test("Rect: the stored x, y, width, height, not the area they cover")
    func rects() {
        let crop = Rect(x: 20, y: 30, width: 400, height: 600)
        #expect(crop.isApproximatelyEqual(to: Rect(x: 20.009, y: 29.991, width: 400.01, height: 599.99), absoluteTolerance: 0.01 + 1e-9))
        #expect(!crop.isApproximatelyEqual(to: Rect(x: 20, y: 30, width: 400.5, height: 600), absoluteTolerance: 0.01))
        // Negative origins, as in boxes.pdf.
        #expect(Rect(x: -100, y: -50, width: 300, height: 200).isApproximatelyEqual(to: Rect(x: -100.001, y: -50, width: 300, height: 200), absoluteTolerance: 0.01))
        // The same area written with reversed corners is not approximately equal until standardized.
        let reversed = Rect(x: 420, y: 630, width: -400, height: -600)
        #expect(!crop.isApproximatelyEqual(to: reversed, absoluteTolerance: 0.01))
        #expect(crop.isApproximatelyEqual(to: reversed.standardized, absoluteTolerance: 0))
        // Empty rectangles.
        #expect(Rect.zero.isApproximatelyEqual(to: Rect(x: 0, y: 0, width: 0.001, height: 0), absoluteTolerance: 0.01))
    }

    @Test("AffineTransform: six coefficients; the four quarter turns are far apart")
    func transforms() {
        let turns: [AffineTransform] = [.identity, AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0),
                                        AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0),
                                        AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)]
        for (i, t) in turns.enumerated() {
            for (j, u) in turns.enumerated() {
                #expect(t.isApproximatelyEqual(to: u, absoluteTolerance: 0.5) == (i == j))
            }
        }
        let t = AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: -30, ty: 420)
        #expect(t.isApproximatelyEqual(to: AffineTransform(a: 1e-12, b: -1, c: 1, d: 0, tx: -30.005, ty: 420), absoluteTolerance: 0.01))
        #expect(!t.isApproximatelyEqual(to: AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: -30.5, ty: 420), absoluteTolerance: 0.01))
        // A transform and its round trip through the inverse.
        let roundTrip = t.concatenating(t.inverted()!).concatenating(t)
        #expect(roundTrip.isApproximatelyEqual(to: t, absoluteTolerance: 1e-9))
    }
}
