// SPDX-License-Identifier: Apache-2.0
// pageinfo-bench: timings of the layout engine on a 100,000-page document of mixed sizes.
//
//     swift run -c release pageinfo-bench [--pages N] [--queries N]
//
// Everything is deterministic (a fixed-seed generator), so runs are comparable. The layout
// engine's targets: building a continuous layout of 100,000 pages < 20 ms, a visible-range query
// < 5 µs, memory proportional to the page count.

import ArgumentParser
import DocumentLayout
import PageGeometry
import PageInfoSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Set-up

struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The options, parsed by swift-argument-parser as every command of the package is: a value that
/// is not a positive whole number is a usage error, never the default in its place.
struct BenchOptions: ParsableArguments {
    @Option(help: "Pages in the generated document.") var pages = 100_000
    @Option(help: "Visible-range queries to time.") var queries = 100_000

    mutating func validate() throws {
        guard pages > 0, queries > 0 else { throw ValidationError("--pages and --queries take a whole number above 0") }
    }
}

let options = BenchOptions.parseOrExit()
let pageCount = options.pages
let queryCount = options.queries
var rng = SplitMix64(state: 0x0BAD_5EED)

/// Mixed sizes: mostly Letter and A4 in both orientations, some wide and tall pages, some random.
let catalogue: [Size] = [
    Size(width: 612, height: 792), Size(width: 792, height: 612), Size(width: 595.276, height: 841.89),
    Size(width: 841.89, height: 595.276), Size(width: 1224, height: 792), Size(width: 420, height: 1190),
]
let pageSizes: [Size] = (0..<pageCount).map { _ in
    Int.random(in: 0..<10, using: &rng) < 8 ? catalogue.randomElement(using: &rng)!
        : Size(width: Double.random(in: 200...2400, using: &rng), height: Double.random(in: 200...2400, using: &rng))
}
let viewSize = Size(width: 1024, height: 768)

// MARK: - Measuring

@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

func nanoseconds(_ d: Duration) -> Double {
    let c = d.components
    return Double(c.seconds) * 1e9 + Double(c.attoseconds) / 1e9
}

struct Stats { var median: Double; var mean: Double; var min: Double }

func stats(_ samples: [Double]) -> Stats {
    let sorted = samples.sorted()
    let mid = sorted.count / 2
    let median = sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    return Stats(median: median, mean: samples.reduce(0, +) / Double(samples.count), min: sorted[0])
}

let clock = ContinuousClock()

/// Runs `body` `repetitions` times and returns the time of each run in nanoseconds.
func measure(repetitions: Int, _ body: () -> Void) -> [Double] {
    (0..<repetitions).map { _ in nanoseconds(clock.measure(body)) }
}

/// Runs `body(i)` for every `i` in `0..<count`, in batches of `batch`, and returns the time per
/// call of each batch (ns). The batch mean hides the clock's own ~20 ns resolution cost.
func measurePerCall(count: Int, batch: Int = 100, _ body: (Int) -> Void) -> [Double] {
    var samples: [Double] = []
    samples.reserveCapacity(count / batch + 1)
    var i = 0
    while i < count {
        let end = min(count, i + batch)
        let start = i
        let d = clock.measure { for k in start..<end { body(k) } }
        samples.append(nanoseconds(d) / Double(end - start))
        i = end
    }
    return samples
}

func residentBytes() -> Int {
    CurrentProcess.residentBytes() ?? 0
}

func format(_ ns: Double) -> String {
    func fixed(_ v: Double, _ digits: Int) -> String {
        var p = 1.0
        for _ in 0..<digits { p *= 10 }
        let r = (v * p).rounded() / p
        var s = String(r)
        if let dot = s.firstIndex(of: ".") {
            let decimals = s.distance(from: dot, to: s.endIndex) - 1
            if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
        } else if digits > 0 { s += "." + String(repeating: "0", count: digits) }
        return s
    }
    if ns >= 1e6 { return fixed(ns / 1e6, 2) + " ms" }
    if ns >= 1e3 { return fixed(ns / 1e3, 2) + " µs" }
    return String(Int(ns.rounded())) + " ns"
}

var rows: [(String, Stats, String)] = []
var checksum = 0.0

// MARK: - Layout builds

let rssBefore = residentBytes()
var continuous = StackLayout(pageSizes: pageSizes, viewSize: viewSize, spacing: 8, contentInsets: EdgeInsets(all: 16))
let rssAfter = residentBytes()
for (name, config) in [
    ("build continuous, single", StackLayout.Configuration(spacing: 8, contentInsets: EdgeInsets(all: 16))),
    ("build continuous, book", StackLayout.Configuration(spreadMode: .book, spacing: 8, contentInsets: EdgeInsets(all: 16))),
    ("build per-spread, double", StackLayout.Configuration(scrollMode: .perSpread, axis: .horizontal, spreadMode: .double, spacing: 20)),
] {
    let samples = measure(repetitions: 25) {
        let layout = StackLayout(pageSizes: pageSizes, viewSize: viewSize, configuration: config)
        blackHole(layout)
    }
    rows.append((name, stats(samples), "target < 20 ms"))
}

// MARK: - Queries

/// Random visible rectangles: the view's size at a random zoom in 1…4, anywhere in the content.
let content = continuous.contentSize
let visibleRects: [Rect] = (0..<queryCount).map { _ in
    let zoom = Double.random(in: 1...4, using: &rng)
    let w = viewSize.width / zoom, h = viewSize.height / zoom
    return Rect(x: Double.random(in: 0...(content.width - w), using: &rng), y: Double.random(in: 0...(content.height - h), using: &rng),
                width: w, height: h)
}

var hits = 0
rows.append(("visible-range query", stats(measurePerCall(count: queryCount) { i in
    for s in continuous.spreads(intersecting: visibleRects[i]) { hits &+= s }
}), "target < 5 µs"))

rows.append(("dominant-page query", stats(measurePerCall(count: queryCount) { i in
    hits &+= continuous.dominantPage(in: visibleRects[i]) ?? 0
}), ""))

rows.append(("fractional index for offset", stats(measurePerCall(count: queryCount) { i in
    checksum += continuous.fractionalSpreadIndex(forContentOffset: visibleRects[i].origin)
}), ""))

// Capture from a zoomed view, then restore into the same layout and into a rotated one.
let zooms: [Double] = (0..<queryCount).map { _ in Double.random(in: 1.5...8, using: &rng) }
var states: [ViewState] = Array(repeating: ViewState(pageIndex: 0), count: queryCount)
rows.append(("capture view state", stats(measurePerCall(count: queryCount) { i in
    let r = visibleRects[i]
    let z = zooms[i]
    let rect = Rect(x: r.midX - viewSize.width / z / 2, y: r.midY - viewSize.height / z / 2,
                    width: viewSize.width / z, height: viewSize.height / z)
    states[i] = continuous.captureViewState(visibleRect: rect) ?? ViewState(pageIndex: 0)
}), ""))

rows.append(("restore view state", stats(measurePerCall(count: queryCount) { i in
    if let p = try? continuous.restore(states[i]) { checksum += p.zoomScale }
}), ""))

let rotated = continuous.withViewSize(viewSize.transposed)
rows.append(("restore into rotated view", stats(measurePerCall(count: queryCount) { i in
    if let p = try? rotated.restore(states[i]) { checksum += p.contentOffset.y }
}), ""))

// MARK: - Report

print("pageinfo-bench: \(pageCount) pages of mixed sizes, view \(viewSize), \(queryCount) queries, release build")
print("")
func pad(_ s: String, _ n: Int, right: Bool = false) -> String {
    let count = s.count
    if count >= n { return s }
    return right ? String(repeating: " ", count: n - count) + s : s + String(repeating: " ", count: n - count)
}
print(pad("operation", 30) + pad("median", 12, right: true) + pad("mean", 12, right: true) + pad("min", 12, right: true) + "  note")
print(String(repeating: "-", count: 84))
for (name, s, note) in rows {
    print(pad(name, 30) + pad(format(s.median), 12, right: true) + pad(format(s.mean), 12, right: true)
          + pad(format(s.min), 12, right: true) + "  " + note)
}
print("")
print("builds: 25 runs each; queries: time per call averaged over batches of 100 random queries,")
print("then the median, mean and minimum over the batches (ContinuousClock).")
let storage = continuous.spreadCount * 2 * MemoryLayout<Double>.stride
print("layout storage: \(continuous.spreadCount) spreads × 2 Doubles = \(storage / 1024) KiB (plus the caller's page sizes, shared, \(pageCount * MemoryLayout<Size>.stride / 1024) KiB)")
if rssBefore > 0 { print("resident memory grown by building one layout: \((rssAfter - rssBefore) / 1024) KiB") }
print("(checksum \(hits & 0xFFFF) \(Int(checksum) & 0xFFFF))")
blackHole(continuous)
continuous = rotated
