import PageGeometry

/// SplitMix64: a tiny deterministic generator so property tests see the same cases on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// `|a − b| ≤ tolerance · max(1, magnitude)` on both coordinates: a relative comparison whose
/// scale is the largest coordinate involved in the computation (a point near 0 that went through
/// a translation by 10⁴ carries that translation's rounding error).
func close(_ a: Point, _ b: Point, tolerance: Double, magnitude: Double = 1) -> Bool {
    let tol = tolerance * Swift.max(1, magnitude)
    return abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol
}

func close(_ a: Rect, _ b: Rect, tolerance: Double, magnitude: Double = 1) -> Bool {
    close(a.origin, b.origin, tolerance: tolerance, magnitude: magnitude)
        && close(Point(x: a.width, y: a.height), Point(x: b.width, y: b.height), tolerance: tolerance, magnitude: magnitude)
}

/// The largest absolute coordinate of a rectangle.
func magnitude(_ r: Rect) -> Double { Swift.max(abs(r.minX), abs(r.maxX), abs(r.minY), abs(r.maxY)) }
func magnitude(_ p: Point) -> Double { Swift.max(abs(p.x), abs(p.y)) }

/// A page whose five boxes are all `crop`.
func makePage(crop: Rect, rotation: PageRotation, userUnit: Double = 1) -> PageInfo {
    PageInfo(index: 0, boxes: PageBoxes(uniform: crop), rotation: rotation, userUnit: userUnit)
}
