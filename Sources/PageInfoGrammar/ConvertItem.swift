// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoEncoding

/// A point `x,y` or a rectangle `x,y,w,h` in one coordinate space (points for raw and page
/// space, view units for view space): what `pageinfo convert` converts, one per argument or
/// line. Numbers are finite and within ±``InputLimits/magnitude``; blanks (space, tab, carriage
/// return) around each are allowed.
package enum ConvertItem: Hashable, Sendable {
    /// A point `x,y`.
    case point(Point)
    /// A rectangle `x,y,w,h` as given (a negative width or height is kept).
    case rect(Rect)

    /// Parses `x,y` or `x,y,w,h`; `nil` when malformed, not finite or beyond the limit
    /// (``parse(_:)`` says why).
    package init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard let item = bytes.withUnsafeBufferPointer({ ConvertItem(bytes: $0) }) else { return nil }
        self = item
    }

    /// Parses one line's UTF-8 bytes without building a String for the whole line.
    package init?(bytes: UnsafeBufferPointer<UInt8>) {
        var values: (Double, Double, Double, Double) = (0, 0, 0, 0)
        var count = 0
        var start = 0
        let n = bytes.count
        while true {
            var end = start
            while end < n && bytes[end] != UInt8(ascii: ",") { end += 1 }
            guard count < 4, let v = ConvertItem.number(bytes, start, end) else { return nil }
            switch count {
            case 0: values.0 = v
            case 1: values.1 = v
            case 2: values.2 = v
            default: values.3 = v
            }
            count += 1
            if end == n { break }
            start = end + 1
        }
        switch count {
        case 2: self = .point(Point(x: values.0, y: values.1))
        case 4: self = .rect(Rect(x: values.0, y: values.1, width: values.2, height: values.3))
        default: return nil
        }
    }

    /// Parses `x,y` or `x,y,w,h`, or throws ``GrammarError/malformedItem(_:)`` whose message
    /// says what is wrong.
    package static func parse(_ text: String) throws(GrammarError) -> ConvertItem {
        guard let item = ConvertItem(text) else { throw .malformedItem(text) }
        return item
    }

    /// A finite Double within the input limit from `bytes[start..<end]`, blanks around it allowed.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var s = start, e = end
        func blank(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\r") }
        while s < e && blank(bytes[s]) { s += 1 }
        while e > s && blank(bytes[e - 1]) { e -= 1 }
        guard e > s, e - s < 64, ValueGrammar.isDecimalLiteral(UnsafeBufferPointer(rebasing: bytes[s..<e])) else { return nil }
        // Numbers are short: this String fits inline (no allocation) up to 15 bytes.
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[s..<e]), as: UTF8.self)
        guard let v = Double(text), InputLimits.isWithinMagnitude(v) else { return nil }
        return v
    }

    /// The one-line explanation of why `text` is not an item (the text is shortened to 60
    /// characters).
    package static func problem(_ text: String) -> String {
        let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
        if text.hasPrefix("--") { return "unknown option or malformed item '\(shown)'" }
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { part -> Double? in
            let blanksOff = part.trimmingBlanks
            return ValueGrammar.isDecimalLiteral(blanksOff.utf8) ? Double(blanksOff) : nil
        }
        if (numbers.count == 2 || numbers.count == 4), numbers.allSatisfy({ $0?.isFinite == true }) {
            return "'\(shown)' has a number beyond the limit of ±10^12"
        }
        return "'\(shown)' is not a point x,y or a rectangle x,y,width,height of finite numbers"
    }

    /// The item mapped by `t`; a rectangle comes out standardized.
    package func applying(_ t: AffineTransform) -> ConvertItem {
        switch self {
        case .point(let p): .point(t.apply(to: p))
        case .rect(let r): .rect(t.apply(to: r.standardized))
        }
    }

    /// True when every number of the item is finite (a conversion can overflow).
    package var isFinite: Bool {
        switch self {
        case .point(let p): p.isFinite
        case .rect(let r): r.isFinite
        }
    }

    /// True when every number of the item is at most ``InputLimits/magnitude`` in size (so
    /// finite): an item this grammar reads back.
    package var isWithinInputLimits: Bool {
        let within = InputLimits.isWithinMagnitude
        return switch self {
        case .point(let p): within(p.x) && within(p.y)
        case .rect(let r): within(r.x) && within(r.y) && within(r.width) && within(r.height)
        }
    }

    /// Writes `x,y` or `x,y,w,h`, numbers by the one number rule: the form ``init(_:)`` reads.
    package func writeText(to out: inout ByteWriter) {
        switch self {
        case .point(let p):
            out.append(number: p.x); out.append(byte: UInt8(ascii: ",")); out.append(number: p.y)
        case .rect(let r):
            out.append(number: r.x); out.append(byte: UInt8(ascii: ",")); out.append(number: r.y)
            out.append(byte: UInt8(ascii: ",")); out.append(number: r.width)
            out.append(byte: UInt8(ascii: ",")); out.append(number: r.height)
        }
    }

    /// The item as it could have been typed, for messages: `25,50` or `0,0,10,20`.
    package var textForMessage: String {
        switch self {
        case .point(let p): "\(formatCompact(p.x)),\(formatCompact(p.y))"
        case .rect(let r): r.description
        }
    }
}

extension ConvertItem: JSONWritable {
    /// `{"x","y"}` or `{"x","y","width","height"}`.
    package func writeJSON(to out: inout ByteWriter) {
        switch self {
        case .point(let p): p.writeJSON(to: &out)
        case .rect(let r): r.writeJSON(to: &out)
        }
    }
}

extension Substring {
    /// The text without spaces, tabs and carriage returns around it.
    fileprivate var trimmingBlanks: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" || c == "\r" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s.removeLast() }
        return s
    }
}
