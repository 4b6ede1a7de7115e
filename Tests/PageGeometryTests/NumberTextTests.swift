// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageGeometry
import Testing

/// The one number-to-text rule (`NumberText`, `formatCompact`). Expected strings come from the
/// rule as documented (README: "values are rounded to 10⁻⁹ pt", no float noise), never from
/// running the formatter first.
@Suite("NumberText: the one number rule")
struct NumberTextTests {
    private func text(_ value: Double) -> String? {
        var bytes: [UInt8] = []
        guard NumberText.append(value, to: &bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("exact text", arguments: [
        (612.0, "612"), (-612.0, "-612"), (595.276, "595.276"), (0.0, "0"), (-0.0, "0"),
        (595.2760000000001, "595.276"),  // x + w − x noise
        (0.1 + 0.2, "0.3"),              // 0.30000000000000004
        (395.9999999999999, "396"),      // a viewstate capture that printed the long form
        (2.9999999999, "3"),             // within 10⁻⁹ of 3
        (1e-10, "0"), (-1e-10, "0"),     // below the resolution, never "-0"
        (0.123456789, "0.123456789"), (0.1234567894, "0.123456789"), (0.1234567896, "0.12345679"),
        (1_000_000.1 + 0.2, "1000000.3"),  // noise above 10⁶
        (9_007_199_254_740_992, "9007199254740992"), (-1e15, "-1000000000000000"),
        (1e20, "1e+20"),
    ] as [(Double, String)])
    func exactText(value: Double, expected: String) {
        #expect(text(value) == expected, "\(value)")
        #expect(formatCompact(value) == expected, "\(value)")
    }

    /// The rule as its doc comment states it, written independently of the formatter's fast
    /// paths: round (step 3), then an integer's digits or Swift's shortest round-trip text.
    private func ruleText(_ v: Double) -> String {
        let r = NumberText.rounded(v)
        if abs(r) <= NumberText.exactIntegerLimit, r == r.rounded(.towardZero) { return String(Int64(r)) }
        return r.description
    }

    @Test("every finite value prints the rule's text: seeded values from 10⁻¹² to 10²⁰ and the fast path's edges")
    func wholeRange() {
        var values: [Double] = [1e-3, 1e6, 1e-9, 5e-10, 4.999999999e-10, 5.000000001e-10, 0.0005, 0.0009999999995,
                                0.0009999999994, 999_999.9999999999, 999_999.9999999995, 999_999.999999999, 1_000_000.0000000001,
                                9_999_999.999999999, 1e7, 123_456.000000001, 0.000999999999, 0.001000000001]
        values += values.flatMap { [$0.nextUp, $0.nextDown] }
        var state: UInt64 = 0x2545F4914F6CDD1D
        func next() -> UInt64 { state &+= 0x9E3779B97F4A7C15; var z = state; z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) &* 0x94D049BB133111EB; return z ^ (z >> 31) }
        for i in 0..<100_000 {
            let unit = Double(next() >> 11) / Double(1 << 53)
            var v = pow(10, -12 + 32 * unit)
            if i % 4 == 1 { v = (v * 1e9).rounded() / 1e9 }      // exact billionths
            if i % 4 == 2 { v = v.rounded() }                   // integers
            values.append(v)
        }
        for v in values + values.map(-) {
            #expect(text(v) == ruleText(v), "\(v)")
        }
    }

    @Test("NaN and infinities have no text; formatCompact names them for messages")
    func nonFinite() {
        for v in [Double.nan, .infinity, -.infinity] {
            var bytes: [UInt8] = [1, 2]
            #expect(!NumberText.append(v, to: &bytes))
            #expect(bytes == [1, 2], "nothing appended for \(v)")
        }
        #expect(formatCompact(.nan) == "nan" && formatCompact(.infinity) == "inf" && formatCompact(-.infinity) == "-inf")
        #expect(NumberText.rounded(.infinity) == .infinity && NumberText.rounded(.nan).isNaN)
    }

    @Test("rounded is the value the text parses back to")
    func roundedParsesBack() {
        for v in [595.2760000000001, 0.1 + 0.2, 1234.5678901234, -7.000000000400001, 123456789.123456789, 1e-7, 3.5e9 + 0.25] {
            let t = text(v)!
            #expect(Double(t) == NumberText.rounded(v), "\(v) → \(t)")
            // At most 9 decimals: no float noise reaches the output.
            if let dot = t.firstIndex(of: "."), !t.contains("e") {
                #expect(t[t.index(after: dot)...].count <= 9, "\(t)")
            }
        }
    }

    @Test("descriptions use the rule")
    func descriptions() {
        #expect(Point(x: 0.1 + 0.2, y: -0.0).description == "(0.3, 0)")
        #expect(Size(width: 595.2760000000001, height: 841.89).description == "595.276x841.89")
    }
}

/// The fast path for page-sized numbers prints exactly what the general rule (the rounded
/// value's shortest round-trip `description`) prints.
@Suite("NumberText fast path")
struct NumberTextFastPathTests {
    @Test("1e-3 ≤ |v| < 1e6: the same text as description of the rounded value, 200,000 seeded values")
    func sameAsDescription() {
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next() -> UInt64 { state &+= 0x9E3779B97F4A7C15; var z = state; z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) &* 0x94D049BB133111EB; return z ^ (z >> 31) }
        for i in 0..<200_000 {
            let unit = Double(next() >> 11) / Double(1 << 53)
            // Spread over the whole range, with short decimals (595.276) and noisy sums (0.1 + 0.2).
            var v = pow(10, -3 + 9 * unit) * (next() & 1 == 0 ? 1 : -1)
            switch i % 3 {
            case 0: v = (v * 1000).rounded() / 1000
            case 1: v = v + 0.1 + 0.2
            default: break
            }
            let r = NumberText.rounded(v)
            guard abs(r) >= 1e-3, abs(r) < 1e6, r != r.rounded(.towardZero) else { continue }
            var bytes: [UInt8] = []
            NumberText.append(v, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == r.description, "\(v)")
        }
    }
}

/// The table's numbers (`NumberText.write(_:decimals:to:)`, which `ByteWriter.append(number:decimals:)`
/// writes, and `formatCompact(_:decimals:)` as a `String`): the one rule's text rounded to fewer decimals, a tie to the even digit — the number
/// JSON prints (for a box, the file's own decimal number), not the binary double nearest to it.
/// Expected strings worked by hand.
@Suite("NumberText with fewer decimals (the table)")
struct NumberTextDecimalsTests {
    private func text(_ value: Double, decimals: Int = 2) -> String { formatCompact(value, decimals: decimals) }

    @Test("ties go to the even digit; anything past a tie goes up; no float noise first", arguments: [
        (585.125, "585.12"),    // boxes.pdf page 7: pdfinfo -box prints 585.12 (an exact binary tie)
        (574.625, "574.62"), (0.125, "0.12"), (0.375, "0.38"), (-585.125, "-585.12"),
        (680.315, "680.32"),    // pymupdf-test-3820.pdf: the file says 680.315 (its double lies below)
        (1.005, "1"), (1.015, "1.02"), (1.025, "1.02"), (1.035, "1.04"),  // the text's tie, whatever the double
        (0.005, "0"), (-0.005, "0"), (0.015, "0.02"), (0.0051, "0.01"), (-0.004, "0"),
        (999.995, "1000"), (9.995, "10"), (-9.995, "-10"), (0.995, "1"),
        (585.1250000001, "585.12"),  // within 10⁻⁹ of the tie: the rule's text is 585.125
        (585.12500001, "585.13"), (20 + 575.276 - 20, "575.28"), (612, "612"), (595.28, "595.28"),
        (1e-5, "0"), (0.00005, "0"), (1e20, "1e+20"), (-0.0, "0"), (123456.785, "123456.78"),
    ] as [(Double, String)])
    func rounding(value: Double, expected: String) {
        #expect(text(value) == expected, "\(value)")
    }

    @Test("other counts of decimals")
    func otherDecimals() {
        #expect(text(0.5, decimals: 0) == "0" && text(1.5, decimals: 0) == "2" && text(2.5, decimals: 0) == "2")
        #expect(text(0.00005, decimals: 4) == "0" && text(0.00015, decimals: 4) == "0.0002" && text(1.5e-5, decimals: 5) == "0.00002")
        #expect(text(2.675, decimals: 2) == "2.68" && text(595.2755, decimals: 3) == "595.276" && text(595.2765, decimals: 3) == "595.276")
    }

    /// Against Foundation's decimal arithmetic: the rule's text, rounded with banker's rounding.
    @Test("agrees with Decimal's banker's rounding of the rule's text, 100,000 seeded values")
    func agreesWithDecimal() {
        var state: UInt64 = 0x2545F4914F6CDD1D
        func next() -> UInt64 { state &+= 0x9E3779B97F4A7C15; var z = state; z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) &* 0x94D049BB133111EB; return z ^ (z >> 31) }
        for i in 0..<100_000 {
            // Three-decimal values (every tie of 2 decimals among them), and any values.
            let unit = Double(next() >> 11) / 9_007_199_254_740_992   // in [0, 1): 53 random bits over 2^53
            let magnitude: Double = pow(10.0, -4.0 + 10.0 * unit)
            var v = next() & 1 == 0 ? magnitude : -magnitude
            if i % 2 == 0 { v = (v * 1000).rounded() / 1000 }
            var exact = Decimal(string: formatCompact(v))!
            var rounded = Decimal()
            NSDecimalRound(&rounded, &exact, 2, .bankers)
            #expect(Decimal(string: text(v)) == rounded, "\(v): \(text(v)) vs \(rounded)")
        }
    }
}

/// The rule as a `String` (`NumberText.string(_:decimals:padded:)`): what `formatCompact`, the
/// drawing's 4-decimal numbers and batch mode's seconds are. Expected strings worked by hand.
@Suite("NumberText as a String")
struct NumberTextStringTests {
    @Test("steps 1–3 without decimals, step 5 with them; nil for NaN and infinities")
    func string() {
        #expect(NumberText.string(20 + 575.276 - 20) == "575.276" && NumberText.string(612) == "612")
        #expect(NumberText.string(-0.0) == "0" && NumberText.string(1e20) == "1e+20")
        #expect(NumberText.string(585.125, decimals: 2) == "585.12" && NumberText.string(1.00015, decimals: 4) == "1.0002")
        #expect(NumberText.string(.nan) == nil && NumberText.string(.infinity, decimals: 2) == nil)
        #expect(formatCompact(-.infinity, decimals: 2) == "-inf" && formatCompact(.nan, decimals: 4) == "nan")
    }

    @Test("padded: exactly that many decimals, trailing zeros kept")
    func padded() {
        #expect(NumberText.string(0.849, decimals: 2, padded: true) == "0.85")
        #expect(NumberText.string(0.8, decimals: 2, padded: true) == "0.80")
        #expect(NumberText.string(12, decimals: 2, padded: true) == "12.00")
        #expect(NumberText.string(0.005, decimals: 2, padded: true) == "0.00")   // a tie, 0 even
        #expect(NumberText.string(0.015, decimals: 2, padded: true) == "0.02")   // a tie, 1 odd: up
        #expect(NumberText.string(-0.004, decimals: 2, padded: true) == "0.00")  // never -0
        #expect(NumberText.string(1.5, decimals: 9, padded: true) == "1.500000000")
        #expect(NumberText.string(2.5, decimals: 0, padded: true) == "2")
        #expect(NumberText.string(1e20, decimals: 2, padded: true) == "1e+20")
        #expect(NumberText.string(0.8, padded: true) == "0.8")                    // no decimals: nothing to pad
    }
}
