// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry
import PageInfoTestSupport

/// Typical page sizes (points) and a few odd ones.
let commonPageSizes: [Size] = [
    Size(width: 612, height: 792), Size(width: 792, height: 612), Size(width: 595.276, height: 841.89),
    Size(width: 841.89, height: 595.276), Size(width: 420, height: 595), Size(width: 1224, height: 792),
    Size(width: 300, height: 1200), Size(width: 2000, height: 300),
]

func randomPageSizes(_ count: Int, using rng: inout SeededGenerator, allowEmpty: Bool = false) -> [Size] {
    (0..<count).map { _ in
        if allowEmpty && Int.random(in: 0..<20, using: &rng) == 0 { return Size(width: 0, height: 0) }
        if Bool.random(using: &rng) { return commonPageSizes.randomElement(using: &rng)! }
        return Size(width: Double.random(in: 50...3000, using: &rng), height: Double.random(in: 50...3000, using: &rng))
    }
}

func randomConfiguration(using rng: inout SeededGenerator) -> StackLayout.Configuration {
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

func randomViewSize(using rng: inout SeededGenerator) -> Size {
    [Size(width: 375, height: 667), Size(width: 667, height: 375), Size(width: 768, height: 1024),
     Size(width: 1024, height: 768), Size(width: 1920, height: 1080), Size(width: 320, height: 480)].randomElement(using: &rng)!
}
