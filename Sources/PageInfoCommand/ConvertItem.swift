// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoOutput

/// One ITEM of `pageinfo convert`: a point `x,y` or a rectangle `x,y,w,h`.
enum ConvertItem {
    case point(Point)
    case rect(Rect)

    /// Parses `x,y` or `x,y,w,h` (blanks around numbers allowed); `nil` when malformed, not
    /// finite or beyond ±``InputLimits/magnitude``.
    init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard let item = bytes.withUnsafeBufferPointer({ ConvertItem(bytes: $0) }) else { return nil }
        self = item
    }

    /// Parses one line's bytes without building a String for the whole line.
    init?(bytes: UnsafeBufferPointer<UInt8>) {
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

    /// A finite Double within the input limit from `bytes[start..<end]`, blanks around it allowed.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var s = start, e = end
        func blank(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\r") }
        while s < e && blank(bytes[s]) { s += 1 }
        while e > s && blank(bytes[e - 1]) { e -= 1 }
        guard e > s, e - s < 64 else { return nil }
        // Numbers are short: this String fits inline (no allocation) up to 15 bytes.
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[s..<e]), as: UTF8.self)
        guard let v = Double(text), abs(v) <= InputLimits.magnitude else { return nil }
        return v
    }

    /// The one-line explanation for a malformed item.
    static func problem(_ text: String) -> String {
        let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
        if text.hasPrefix("--") { return "unknown option or malformed item '\(shown)'" }
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingBlanks) }
        if (numbers.count == 2 || numbers.count == 4), numbers.allSatisfy({ $0?.isFinite == true }) {
            return "'\(shown)' has a number beyond the limit of ±10^12"
        }
        return "'\(shown)' is not a point x,y or a rectangle x,y,width,height of finite numbers"
    }

    /// The item mapped by `t`; a rectangle comes out standardized.
    func applying(_ t: AffineTransform) -> ConvertItem {
        switch self {
        case .point(let p): .point(t.apply(to: p))
        case .rect(let r): .rect(t.apply(to: r.standardized))
        }
    }

    /// True when every number of the item is finite (a conversion can overflow).
    var isFinite: Bool {
        switch self {
        case .point(let p): p.isFinite
        case .rect(let r): r.isFinite
        }
    }

    /// `x,y` or `x,y,w,h`.
    func writeText(to out: inout ByteWriter) {
        switch self {
        case .point(let p):
            out.append(number: p.x); out.append(byte: UInt8(ascii: ",")); out.append(number: p.y)
        case .rect(let r):
            out.append(number: r.x); out.append(byte: UInt8(ascii: ",")); out.append(number: r.y)
            out.append(byte: UInt8(ascii: ",")); out.append(number: r.width)
            out.append(byte: UInt8(ascii: ",")); out.append(number: r.height)
        }
    }
}

extension ConvertItem {
    /// The item as the user could have typed it, for messages.
    var textForMessage: String {
        switch self {
        case .point(let p): "\(formatCompact(p.x)),\(formatCompact(p.y))"
        case .rect(let r): r.description
        }
    }
}

extension ConvertItem: JSONWritable {
    /// `{"x","y"}` or `{"x","y","width","height"}`.
    func writeJSON(to out: inout ByteWriter) {
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
