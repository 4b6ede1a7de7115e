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
        (395.9999999999999, "396"),      // the viewstate capture of issue 12
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
