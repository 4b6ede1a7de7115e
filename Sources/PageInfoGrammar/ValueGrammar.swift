// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry

/// The grammars of the values pageinfo takes as text: sizes `WxH`, points `x,y`, rectangles
/// `x,y,w,h`, insets, lengths, zoom scales, resolutions, page counts and page numbers. Each
/// function turns the text into a geometry value or throws a ``GrammarError`` that says what is
/// wrong. Numbers are decimal `Double` literals (blanks around each allowed), finite and within
/// ``InputLimits``; units are the caller's (points for page space, view units for a view).
package enum ValueGrammar {
    /// A finite number, blanks around it allowed.
    package static func finiteNumber(_ text: some StringProtocol) throws(GrammarError) -> Double {
        var trimmed = Substring(text)
        while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        guard isDecimalLiteral(trimmed.utf8), let value = Double(trimmed), value.isFinite else { throw .notANumber(String(text)) }
        return value
    }

    /// Whether `bytes` can only be a decimal literal: digits, `.`, signs and exponent marks.
    /// `Double(_:)` also reads hexadecimal (`0x10` is 16, `0x1p4` too), `inf` and `nan`: a
    /// `0x10` typed by mistake would be taken silently.
    package static func isDecimalLiteral(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { b in
            (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
                || b == UInt8(ascii: "+") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
        }
    }

    /// A finite number within ±``InputLimits/magnitude``, blanks around it allowed.
    package static func number(_ text: some StringProtocol) throws(GrammarError) -> Double {
        let value = try finiteNumber(text)
        guard InputLimits.isWithinMagnitude(value) else { throw .beyondMagnitude(value) }
        return value
    }

    /// `count` comma-separated numbers (each as ``number(_:)``); `form` names the expected form
    /// in the error, e.g. `x,y`.
    package static func numbers(_ text: String, count: Int, form: String) throws(GrammarError) -> [Double] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == count else { throw .expectedForm(form) }
        var values: [Double] = []
        for part in parts { values.append(try number(part)) }
        return values
    }

    /// A size `WxH` (also `WXH` or `W,H`) with a positive width and height, each at least
    /// ``InputLimits/smallestLength``: a view, container or page, in the caller's units.
    package static func size(_ text: String) throws(GrammarError) -> Size {
        let separator: Character = text.contains("x") ? "x" : (text.contains("X") ? "X" : ",")
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .notASize }
        let size = Size(width: try number(parts[0]), height: try number(parts[1]))
        guard size.width >= InputLimits.smallestLength, size.height >= InputLimits.smallestLength else { throw .nonPositiveSize }
        return size
    }

    /// `size` as the text ``size(_:)`` reads back exactly (`WxH`, each number in its shortest
    /// exact spelling): a size handed to another process as an argument.
    package static func sizeArgument(_ size: Size) -> String {
        func text(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : x.description }
        return "\(text(size.width))x\(text(size.height))"
    }

    /// A point `x,y`.
    package static func point(_ text: String) throws(GrammarError) -> Point {
        let v = try numbers(text, count: 2, form: "x,y")
        return Point(x: v[0], y: v[1])
    }

    /// A rectangle `x,y,w,h` as given: a negative width or height is kept (callers standardize).
    package static func rect(_ text: String) throws(GrammarError) -> Rect {
        let v = try numbers(text, count: 4, form: "x,y,width,height")
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// A viewport `x,y,w,h` in page space (points): a rectangle whose width is at least
    /// ``InputLimits/smallestLength`` in size (a negative one is kept: callers standardize).
    package static func viewport(_ text: String) throws(GrammarError) -> Rect {
        let r = try rect(text)
        guard InputLimits.isPrintable(length: r.width) else { throw .zeroWidthViewport }
        return r
    }

    /// Content insets `top,left,bottom,right` (view units), none negative.
    package static func insets(_ text: String) throws(GrammarError) -> EdgeInsets {
        let v = try numbers(text, count: 4, form: "top,left,bottom,right")
        guard v.allSatisfy({ $0 >= 0 }) else { throw .negativeInsets }
        return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }

    /// A length of 0 or more, e.g. a spacing in view units.
    package static func length(_ text: String) throws(GrammarError) -> Double {
        let v = try number(text)
        guard v >= 0 else { throw .negativeLength }
        return v
    }

    /// A zoom scale in ``InputLimits/zoom`` (1 = the fitted page or layout).
    package static func zoom(_ text: String) throws(GrammarError) -> Double {
        let v = try finiteNumber(text)
        guard InputLimits.zoom.contains(v) else { throw .zoomOutOfRange }
        return v
    }

    /// A resolution in dots per inch, in ``InputLimits/dotsPerInch``.
    package static func dotsPerInch(_ text: String) throws(GrammarError) -> Double {
        let v = try finiteNumber(text)
        guard InputLimits.dotsPerInch.contains(v) else { throw .resolutionOutOfRange }
        return v
    }

    /// A page count, 0 to ``InputLimits/pageCount``.
    package static func pageCount(_ text: String) throws(GrammarError) -> Int {
        guard let n = Int(text), n >= 0 else { throw .notAPageCount }
        guard n <= InputLimits.pageCount else { throw .tooManyPages }
        return n
    }

    /// A 1-based page number.
    package static func pageNumber(_ text: String) throws(GrammarError) -> Int {
        guard let n = Int(text) else { throw .notAPageNumber }
        guard n >= 1 else { throw .pageNumberBelowOne(n) }
        return n
    }

    /// A comma-separated list of page boxes, each `media`, `crop`, `bleed`, `trim` or `art`
    /// (or the box's full name, `CropBox`; any case), in the order given, each box once.
    package static func boxes(_ text: String) throws(GrammarError) -> [PageBox] {
        if text == "none" { return [] }
        var result: [PageBox] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.lowercased()
            guard let box = PageBox.allCases.first(where: { $0.rawValue.lowercased() == name || $0.rawValue.lowercased() == name + "box" })
            else { throw .notABox(String(part)) }
            if !result.contains(box) { result.append(box) }
        }
        return result
    }
}
