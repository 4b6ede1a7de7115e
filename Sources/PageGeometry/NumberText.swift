// SPDX-License-Identifier: Apache-2.0
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
/// 5. Where fewer decimals are shown (the table's 2, as pdfinfo prints),
///    ``write(_:decimals:to:)`` rounds the **text** of steps 1–3 — the number JSON prints; for a
///    box coordinate with at most 9 decimals, the file's own number — to that many places, a
///    tie to the even digit: `585.125` → `585.12`, `680.315` → `680.32`, `1.005` → `1`,
///    `999.995` → `1000`. pdfinfo (`printf("%.2f")`) rounds the binary double instead, also a
///    tie to even: it agrees wherever the double holds the tie exactly (`585.125`), and differs
///    only where the file's decimal tie has no exact double (`680.315` is stored as
///    `680.31499999999994…`, which pdfinfo prints `680.31`): the table follows what the file
///    and JSON say, and noise below 10⁻⁹ never decides a tie.
public enum NumberText {
    /// 10⁻⁹, the resolution of the rule: the smallest magnitude below 10⁷ that is not printed
    /// as 0 (a length that must be positive must be at least this).
    public static let resolution = 1e-9

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

    /// The longest text ``write(_:to:)`` and ``write(integer:to:)`` produce (a sign, 17
    /// significant digits, a point and an exponent need 24): the room to give them.
    public static let maxTextLength = 32

    /// Appends the UTF-8 text of `value` to `bytes` and returns `true`; appends nothing and
    /// returns `false` when `value` is NaN or infinite.
    @discardableResult
    public static func append(_ value: Double, to bytes: inout [UInt8]) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxTextLength) { buffer in
            guard let count = write(value, to: buffer.baseAddress!) else { return false }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
            return true
        }
    }

    /// Writes the UTF-8 text of `value` at `out`, which has room for ``maxTextLength`` bytes,
    /// and returns its length; writes nothing and returns nil when `value` is NaN or infinite.
    public static func write(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        guard value.isFinite else { return nil }
        if abs(value) < 1e6 {
            // Page coordinates: the value in billionths (step 3's rounding) as an integer. Below
            // 10⁶ a Double is spaced less than 2⁻³² ≈ 2.3·10⁻¹⁰ apart, so the rounded value is
            // integral exactly when the billionths are a multiple of 10⁹; from 10⁻³ up, the
            // digits of the billionths, trailing zeros of the fraction dropped, are the shortest
            // round-trip text of the rounded value (Swift prints no exponent there; tested
            // against `description`). Below 10⁻³, the general path.
            let billionths = Int64((value * 1e9).rounded())
            if billionths % 1_000_000_000 == 0 { return write(integer: billionths / 1_000_000_000, to: out) }
            if billionths.magnitude >= 1_000_000 { return writeBillionths(billionths, to: out) }
        }
        let v = rounded(value)
        if abs(v) <= exactIntegerLimit, v == v.rounded(.towardZero) { return write(integer: Int64(v), to: out) }
        var text = v.description
        return text.withUTF8 { utf8 in
            out.initialize(from: utf8.baseAddress!, count: utf8.count)
            return utf8.count
        }
    }

    /// Writes the text of `value` rounded to at most `decimals` places (0…9), by step 5 of the
    /// rule: the text ``write(_:to:)`` gives, rounded as a decimal number with a tie to the even
    /// digit, without trailing zeros and never `-0` (`585.125` → `585.12`, `-0.004` → `0`,
    /// `612` → `612`; a text with a positive exponent, `1e+20`, is integral and unchanged).
    /// `out` has room for ``maxTextLength`` bytes. Returns the length, or nil (writing nothing)
    /// when `value` is NaN or infinite.
    public static func write(_ value: Double, decimals: Int, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        precondition((0...9).contains(decimals), "NumberText rounds to 0…9 decimals")
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxTextLength) { buffer -> Int? in
            guard let length = write(value, to: buffer.baseAddress!) else { return nil }
            return writeRounded(UnsafeBufferPointer(rebasing: buffer[..<length]), decimals: decimals, to: out)
        }
    }

    /// Step 5 on a text of steps 1–3 (`[-]digits[.digits][e±digits]`).
    private static func writeRounded(_ text: UnsafeBufferPointer<UInt8>, decimals: Int,
                                     to out: UnsafeMutablePointer<UInt8>) -> Int {
        let zero = UInt8(ascii: "0")
        var end = text.count, exponent = 0
        if let e = text.firstIndex(of: UInt8(ascii: "e")) {
            var i = e + 1, negativeExponent = false
            if text[i] == UInt8(ascii: "+") { i += 1 } else if text[i] == UInt8(ascii: "-") { negativeExponent = true; i += 1 }
            while i < text.count { exponent = exponent * 10 + Int(text[i] &- zero); i += 1 }
            guard negativeExponent else {
                // Beyond 2⁵³: integral, nothing to round.
                out.initialize(from: text.baseAddress!, count: text.count)
                return text.count
            }
            exponent = -exponent
            end = e
        }
        let negative = text[0] == UInt8(ascii: "-")
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { d -> Int in
            // The digits from d[1] (d[0] takes a carry); the point after d[pointAt].
            d[0] = 0
            var count = 1, pointAt = 0, seenPoint = false
            for i in (negative ? 1 : 0)..<end {
                if text[i] == UInt8(ascii: ".") { seenPoint = true; continue }
                d[count] = text[i] &- zero
                count += 1
                if !seenPoint { pointAt += 1 }
            }
            pointAt += exponent
            // Below half a unit of the last place kept: 0. (Step 3 keeps exponents ≥ −10.)
            if pointAt + decimals < 0 { out[0] = zero; return 1 }
            if pointAt < 1 {
                // 1.5e-05: shift the digits right, behind the zeros after the point.
                let shift = 1 - pointAt
                for j in stride(from: count - 1, through: 1, by: -1) { d[j + shift] = d[j] }
                for j in 1...shift { d[j] = 0 }
                count += shift
                pointAt = 1
            }
            let keep = pointAt + decimals  // digits kept, from d[1]
            if count - 1 > keep {
                let first = d[1 + keep]
                var restNonZero = false
                for j in (2 + keep)..<max(2 + keep, count) where d[j] != 0 { restNonZero = true; break }
                let up = first > 5 || (first == 5 && (restNonZero || d[keep] % 2 == 1))
                count = 1 + keep
                if up {
                    var j = keep
                    while true {
                        d[j] += 1
                        if d[j] < 10 { break }
                        d[j] = 0
                        j -= 1
                    }
                }
            }
            // Integer part d[0…pointAt] without leading zeros, fraction without trailing zeros.
            var start = 0
            while start < pointAt && d[start] == 0 { start += 1 }
            var last = count - 1
            while last > pointAt && d[last] == 0 { last -= 1 }
            if start == pointAt && d[pointAt] == 0 && last == pointAt { out[0] = zero; return 1 }
            var length = 0
            if negative { out[0] = UInt8(ascii: "-"); length = 1 }
            for j in start...pointAt { out[length] = zero &+ d[j]; length += 1 }
            if last > pointAt {
                out[length] = UInt8(ascii: "."); length += 1
                for j in (pointAt + 1)...last { out[length] = zero &+ d[j]; length += 1 }
            }
            return length
        }
    }

    /// Writes the decimal digits of an integer, with a leading `-` when negative, at `out`
    /// (room for 20 bytes) and returns their count.
    public static func write(integer value: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 0
        if value < 0 { out[0] = UInt8(ascii: "-"); length = 1 }
        let digits = digitCount(value.magnitude)
        writeDigits(value.magnitude, count: digits, to: out + length)
        return length + digits
    }

    /// `billionths` / 10⁹ with its fraction (not zero) and without the fraction's trailing zeros.
    private static func writeBillionths(_ billionths: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 0
        if billionths < 0 { out[0] = UInt8(ascii: "-"); length = 1 }
        let magnitude = billionths.magnitude
        let integer = magnitude / 1_000_000_000
        var fraction = magnitude % 1_000_000_000
        let integerDigits = digitCount(integer)
        writeDigits(integer, count: integerDigits, to: out + length)
        length += integerDigits
        out[length] = UInt8(ascii: ".")
        length += 1
        var fractionDigits = 9
        while fraction % 10 == 0 { fraction /= 10; fractionDigits -= 1 }
        writeDigits(fraction, count: fractionDigits, to: out + length)
        return length + fractionDigits
    }

    /// How many decimal digits `magnitude` has (1 for 0).
    private static func digitCount(_ magnitude: UInt64) -> Int {
        var count = 1, power: UInt64 = 10
        while count < 20 && magnitude >= power { count += 1; power = power &* 10 }
        return count
    }

    /// Writes the last `count` decimal digits of `magnitude` (with leading zeros) at `out`.
    private static func writeDigits(_ magnitude: UInt64, count: Int, to out: UnsafeMutablePointer<UInt8>) {
        var m = magnitude, i = count
        while i > 0 {
            i -= 1
            out[i] = UInt8(ascii: "0") &+ UInt8(m % 10)
            m /= 10
        }
    }
}

extension NumberText {
    /// The text of `value` as a `String`: steps 1–3 of the rule, or with `decimals` (0…9) step
    /// 5, at most that many places (``write(_:decimals:to:)``). With `padded` the fraction is
    /// filled with zeros to exactly `decimals` places, for a column of durations (`0.80`, `12.00`;
    /// an integral text beyond 2⁵³, `1e+20`, stays as it is). Nil for NaN and infinities.
    public static func string(_ value: Double, decimals: Int? = nil, padded: Bool = false) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxTextLength + 10) { buffer -> String? in
            let out = buffer.baseAddress!
            guard var length = decimals.map({ write(value, decimals: $0, to: out) }) ?? write(value, to: out) else { return nil }
            if padded, let decimals, decimals > 0, !UnsafeBufferPointer(start: out, count: length).contains(UInt8(ascii: "e")) {
                let point = UnsafeBufferPointer(start: out, count: length).firstIndex(of: UInt8(ascii: "."))
                if point == nil { out[length] = UInt8(ascii: "."); length += 1 }
                let shown = length - 1 - (point ?? length - 1)
                for _ in shown..<decimals { out[length] = UInt8(ascii: "0"); length += 1 }
            }
            return String(decoding: UnsafeBufferPointer(start: out, count: length), as: UTF8.self)
        }
    }
}

/// The text of `value` by the one rule (``NumberText``): `612`, `595.276`, `-0.5`, never
/// `612.0`, `-0` or float noise. NaN and infinities, which no output prints, spell `nan`, `inf`
/// and `-inf` here so that error messages can name them.
public func formatCompact(_ value: Double) -> String {
    NumberText.string(value) ?? nonFiniteText(value)
}

/// The text of `value` rounded to at most `decimals` places (0…9) by step 5 of the one rule
/// (``NumberText/write(_:decimals:to:)``): `585.125` → `585.12` with 2, a tie to the even
/// digit, never `-0`. NaN and infinities spell `nan`, `inf` and `-inf`, as in ``formatCompact(_:)``.
public func formatCompact(_ value: Double, decimals: Int) -> String {
    NumberText.string(value, decimals: decimals) ?? nonFiniteText(value)
}

private func nonFiniteText(_ value: Double) -> String { value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
