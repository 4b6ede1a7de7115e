// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import DocumentLayout
import PageGeometry
import PageInfoOutput

// Every option of `convert`, `spreads`, `layout`, `viewstate` and `thumbnails` is parsed once,
// by ArgumentParser, into a library type: the library's enums through `ExpressibleByArgument`,
// sizes, points, rectangles, insets and bounded numbers through `@Option(transform:)` with the
// functions of `ArgumentValue`. A bad value is a usage error (exit 64) whose one line names the
// option, the value and what is wrong. `validate()` only checks options against each other.

extension CoordinateSpace: ExpressibleByArgument {}
extension SpreadMode: ExpressibleByArgument {}
extension SpreadBinding: ExpressibleByArgument {}
extension ScrollMode: ExpressibleByArgument {}
extension ScrollAxis: ExpressibleByArgument {}
extension PageFit: ExpressibleByArgument {}

/// The largest inputs the geometry and layout commands accept. Each limit keeps every result
/// a finite `Double` and the memory of a command small; `--help` and the README state them.
enum InputLimits {
    /// Pages a layout command lays out (`spreads --page-count`, and a document's pages): the
    /// product targets 100,000 pages; 10,000,000 sizes are 160 MB.
    static let pageCount = 10_000_000
    /// The largest magnitude of a length or coordinate given on the command line (view and
    /// page sizes, spacing, insets, points, rectangles, offsets, convert's ITEMs).
    static let magnitude = 1e12
    /// The range of a zoom scale (`--zoom`, `--min-zoom`, `--max-zoom`).
    static let zoom = 1e-6...1e6
    /// The range of `--dpi`.
    static let dotsPerInch = 1e-3...1e5

    /// The limits as `--help` states them (indented, wrapped at 72 columns).
    static let helpText = """
          Numbers must be finite; lengths and coordinates at most 10^12 in
          magnitude, zoom scales between 10^-6 and 10^6, --dpi at most 100000,
          page counts at most 10,000,000. A value beyond them is a usage error
          (exit 64).
        """
}

/// Parsers for option values: each turns the text into a library value or throws a
/// `ValidationError` saying what is wrong (ArgumentParser adds the option's name and value).
enum ArgumentValue {
    /// A finite number, blanks around it allowed.
    static func finiteNumber(_ text: some StringProtocol) throws -> Double {
        var trimmed = Substring(text)
        while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        guard let value = Double(trimmed), value.isFinite else {
            throw ValidationError("'\(text)' is not a finite number")
        }
        return value
    }

    /// A finite number within ±``InputLimits/magnitude``, blanks around it allowed.
    static func number(_ text: some StringProtocol) throws -> Double {
        let value = try finiteNumber(text)
        guard abs(value) <= InputLimits.magnitude else {
            throw ValidationError("\(formatCompact(value)) is beyond the limit of ±10^12")
        }
        return value
    }

    /// `count` comma-separated numbers.
    static func numbers(_ text: String, count: Int, form: String) throws -> [Double] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == count else { throw ValidationError("expected \(form)") }
        return try parts.map { try number($0) }
    }

    /// A size `WxH` (also `W,H`) with a positive width and height: a view, container or page.
    static func size(_ text: String) throws -> Size {
        let separator: Character = text.contains("x") ? "x" : (text.contains("X") ? "X" : ",")
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw ValidationError("expected WIDTHxHEIGHT, e.g. 800x600") }
        let size = Size(width: try number(parts[0]), height: try number(parts[1]))
        guard size.width > 0, size.height > 0 else {
            throw ValidationError("the width and height must be positive, e.g. 800x600")
        }
        return size
    }

    /// A point `x,y`.
    static func point(_ text: String) throws -> Point {
        let v = try numbers(text, count: 2, form: "x,y")
        return Point(x: v[0], y: v[1])
    }

    /// A rectangle `x,y,w,h` as given (a negative width or height is kept; callers standardize).
    static func rect(_ text: String) throws -> Rect {
        let v = try numbers(text, count: 4, form: "x,y,width,height")
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// A viewport `x,y,w,h` in page space: a rectangle of non-zero width.
    static func viewport(_ text: String) throws -> Rect {
        let r = try rect(text)
        guard r.width != 0 else {
            throw ValidationError("zero width; the view needs a width of page space to show")
        }
        return r
    }

    /// Content insets `top,left,bottom,right`, none negative.
    static func insets(_ text: String) throws -> EdgeInsets {
        let v = try numbers(text, count: 4, form: "top,left,bottom,right")
        guard v.allSatisfy({ $0 >= 0 }) else { throw ValidationError("insets must not be negative") }
        return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }

    /// A length ≥ 0 (spacing).
    static func length(_ text: String) throws -> Double {
        let v = try number(text)
        guard v >= 0 else { throw ValidationError("must be 0 or more") }
        return v
    }

    /// A zoom scale in ``InputLimits/zoom`` (1 = the fitted page or layout).
    static func zoom(_ text: String) throws -> Double {
        let v = try finiteNumber(text)
        guard InputLimits.zoom.contains(v) else {
            throw ValidationError("a zoom scale must be between 10^-6 and 10^6 (1 = fitted)")
        }
        return v
    }

    /// A resolution in dots per inch, in ``InputLimits/dotsPerInch``.
    static func dotsPerInch(_ text: String) throws -> Double {
        let v = try finiteNumber(text)
        guard InputLimits.dotsPerInch.contains(v) else {
            throw ValidationError("a resolution must be between 0.001 and 100000 dpi")
        }
        return v
    }

    /// A page count, 0 to ``InputLimits/pageCount``.
    static func pageCount(_ text: String) throws -> Int {
        guard let n = Int(text), n >= 0 else { throw ValidationError("expected a page count, 0 or more") }
        guard n <= InputLimits.pageCount else {
            throw ValidationError("at most 10000000 pages (layout commands handle up to 10,000,000)")
        }
        return n
    }

    /// A 1-based page number.
    static func pageNumber(_ text: String) throws -> Int {
        guard let n = Int(text) else { throw ValidationError("expected a page number") }
        guard n >= 1 else { throw ValidationError("pages are numbered from 1, got \(n)") }
        return n
    }
}
