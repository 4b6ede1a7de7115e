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
        } else {
            bytes.append(contentsOf: v.description.utf8)
        }
        return true
    }

    /// Decimal digits of an integer, with a leading `-` when negative, formatted in a scratch
    /// buffer on the stack (24 bytes hold the 20 digits of any 64-bit magnitude).
    private static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { buffer in
            var magnitude = value.magnitude, i = buffer.count
            repeat {
                i -= 1
                buffer[i] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: buffer[i...])
        }
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
