// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import Testing

@Suite("isFinite")
struct GeometryFinitenessTests {
    @Test("one infinite or NaN number makes a value not finite")
    func values() {
        #expect(Point(x: 1e308, y: -1e308).isFinite)
        #expect(!Point(x: .infinity, y: 0).isFinite)
        #expect(!Size(width: 1, height: .nan).isFinite)
        #expect(Rect(x: 0, y: 0, width: 612, height: 792).isFinite)
        #expect(!Rect(x: 0, y: -.infinity, width: 612, height: 792).isFinite)
        #expect(AffineTransform.identity.isFinite)
        #expect(!AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .nan, ty: 0).isFinite)
    }
}
