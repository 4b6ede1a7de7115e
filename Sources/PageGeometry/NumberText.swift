/// pageinfo's one rule for turning a `Double` into text. Every number the tool prints — JSON,
/// CSV, `convert`'s text lines, error messages — goes through it, so `595.276` never comes out
/// as `595.2760000000001` and `612` never as `612.0`.
///
/// **The rule.**
/// 1. `0` and `-0` print `0`.
/// 2. An integral value up to 2⁵³ in magnitude prints as plain digits (`612`, `-14400`,
///    `9007199254740992`).
/// 3. Anything else is first rounded to 9 decimal places (a billionth of a point, far below
///    anything a PDF can express) — to 16 significant digits from 10⁷ up, where a `Double`
///    holds fewer than 9 decimals — and then printed in Swift's shortest round-trip form:
///    `20 + 575.276 − 20` prints `575.276`, `1000000.1 + 0.2` prints `1000000.3`, `1e-10`
///    prints `0`, `1e20` prints `1e+20`. The text parses back to the rounded value.
/// 4. NaN and the infinities have no text under this rule: ``append(_:to:)`` refuses them, so
///    each caller decides (the JSON writers print `null`, the CLI reports an error before it
///    prints one, ``formatCompact(_:)`` spells them `nan`, `inf`, `-inf` for messages).
public enum NumberText {
    /// 2⁵³: every integral `Double` up to it is exact and prints as plain digits.
    public static let exactIntegerLimit = 9_007_199_254_740_992.0

    /// `value` after the rule's rounding (steps 1–3): the value whose text is printed. NaN and
    /// infinities come back unchanged.
    public static func rounded(_ value: Double) -> Double {
        guard value.isFinite, value != 0 else { return value.isFinite ? 0 : value }
        if abs(value) <= exactIntegerLimit, value == value.rounded(.towardZero) { return value }
        // 9 decimals below 10⁷; above, 16 significant digits (a Double holds 15.9, so a 17th
        // is noise).
        let magnitude = abs(value)
        var decimals = 9
        var limit = 1e7
        while magnitude >= limit && decimals > 0 { decimals -= 1; limit *= 10 }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let v = (value * scale).rounded() / scale
        guard v.isFinite else { return value }
        return v == 0 ? 0 : v
    }

    /// Appends the UTF-8 text of `value` to `bytes` and returns `true`; appends nothing and
    /// returns `false` when `value` is NaN or infinite.
    @discardableResult
    public static func append(_ value: Double, to bytes: inout [UInt8]) -> Bool {
        guard value.isFinite else { return false }
        let v = rounded(value)
        if abs(v) <= exactIntegerLimit, v == v.rounded(.towardZero) {
            appendInteger(Int64(v), to: &bytes)
        } else if abs(v) >= 1e-3, abs(v) < 1e6 {
            appendNineDecimals(value, to: &bytes)
        } else {
            bytes.append(contentsOf: v.description.utf8)
        }
        return true
    }

    /// The fast path of step 3 for 10⁻³ ≤ |value| < 10⁶ (page coordinates): the value in
    /// billionths as an integer, printed as digits with the trailing zeros of the fraction
    /// dropped. That is the shortest round-trip text of the rounded value: a `Double` there is
    /// spaced less than 2⁻³² ≈ 2.3·10⁻¹⁰ apart, so no other decimal of at most 9 places maps
    /// to it, and Swift prints no exponent in that range. (Equal to `description`, tested.)
    private static func appendNineDecimals(_ value: Double, to bytes: inout [UInt8]) {
        let billionths = Int64((value * 1e9).rounded())
        let magnitude = billionths.magnitude
        // Written backwards into a stack buffer (sign, ≤ 7 integer digits, '.', ≤ 9 decimals),
        // then appended at once: no per-digit division by a variable, no per-byte append.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var i = buffer.count
            var fraction = magnitude % 1_000_000_000
            if fraction != 0 {
                var digits = 9
                while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
                for _ in 0..<digits {
                    i -= 1
                    buffer[i] = UInt8(ascii: "0") &+ UInt8(fraction % 10)
                    fraction /= 10
                }
                i -= 1
                buffer[i] = UInt8(ascii: ".")
            }
            i = writeDigits(magnitude / 1_000_000_000, endingAt: i, in: buffer)
            if billionths < 0 { i -= 1; buffer[i] = UInt8(ascii: "-") }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i...]))
        }
    }

    /// Appends the decimal digits of an integer, with a leading `-` when negative.
    public static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var i = writeDigits(value.magnitude, endingAt: buffer.count, in: buffer)
            if value < 0 { i -= 1; buffer[i] = UInt8(ascii: "-") }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i...]))
        }
    }

    /// Writes the decimal digits of `magnitude` (at least one) so that they end just before
    /// `end`, and returns the index of the first.
    private static func writeDigits(_ magnitude: UInt64, endingAt end: Int, in buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var i = end, m = magnitude
        repeat {
            i -= 1
            buffer[i] = UInt8(ascii: "0") &+ UInt8(m % 10)
            m /= 10
        } while m > 0
        return i
    }
}

/// The text of `value` by the one rule (``NumberText``): `612`, `595.276`, `-0.5`, never
/// `612.0`, `-0` or float noise. NaN and infinities, which no output prints, spell `nan`, `inf`
/// and `-inf` here so that error messages can name them.
public func formatCompact(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    var bytes: [UInt8] = []
    NumberText.append(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}
