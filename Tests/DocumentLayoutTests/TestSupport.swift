import DocumentLayout
import PageGeometry

/// SplitMix64: a tiny deterministic generator so property tests are reproducible.
struct SeededRNG: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// `|a − b| ≤ tolerance · max(1, |a|, |b|)`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance) && close(a.width, b.width, tolerance) && close(a.height, b.height, tolerance)
}

func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

/// Typical page sizes (points) and a few odd ones.
let commonPageSizes: [Size] = [
    Size(width: 612, height: 792), Size(width: 792, height: 612), Size(width: 595.276, height: 841.89),
    Size(width: 841.89, height: 595.276), Size(width: 420, height: 595), Size(width: 1224, height: 792),
    Size(width: 300, height: 1200), Size(width: 2000, height: 300),
]

func randomPageSizes(_ count: Int, using rng: inout SeededRNG, allowEmpty: Bool = false) -> [Size] {
    (0..<count).map { _ in
        if allowEmpty && Int.random(in: 0..<20, using: &rng) == 0 { return Size(width: 0, height: 0) }
        if Bool.random(using: &rng) { return commonPageSizes.randomElement(using: &rng)! }
        return Size(width: Double.random(in: 50...3000, using: &rng), height: Double.random(in: 50...3000, using: &rng))
    }
}

func randomConfiguration(using rng: inout SeededRNG) -> StackLayout.Configuration {
    StackLayout.Configuration(
        scrollMode: ScrollMode.allCases.randomElement(using: &rng)!,
        axis: ScrollAxis.allCases.randomElement(using: &rng)!,
        spreadMode: SpreadMode.allCases.randomElement(using: &rng)!,
        binding: SpreadBinding.allCases.randomElement(using: &rng)!,
        spacing: [0, 4, 10, 37.5].randomElement(using: &rng)!,
        contentInsets: Bool.random(using: &rng) ? .zero
            : EdgeInsets(top: Double.random(in: 0...30, using: &rng), left: Double.random(in: 0...30, using: &rng),
                         bottom: Double.random(in: 0...30, using: &rng), right: Double.random(in: 0...30, using: &rng)))
}

func randomViewSize(using rng: inout SeededRNG) -> Size {
    [Size(width: 375, height: 667), Size(width: 667, height: 375), Size(width: 768, height: 1024),
     Size(width: 1024, height: 768), Size(width: 1920, height: 1080), Size(width: 320, height: 480)].randomElement(using: &rng)!
}
