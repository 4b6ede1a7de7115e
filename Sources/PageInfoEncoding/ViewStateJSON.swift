// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry
import PageInfoGrammar

/// Why a view state's JSON is not a view state. Its ``description`` is one sentence without the
/// value's name (the caller adds which option it came from).
package enum ViewStateJSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Text that is not a view state's JSON.
    case notAViewState
    /// A viewport number beyond ``PageInfoGrammar/InputLimits/magnitude``.
    case viewportBeyondMagnitude(Double)
    /// A viewport narrower than a printed number can say (``PageInfoGrammar/GrammarError/zeroWidthViewport``).
    case zeroWidthViewport
    /// A key the format does not have: the key as given, and whether it is inside the viewport
    /// object.
    case unknownKey(String, inViewport: Bool)
    /// A key given twice in one object: the key, and whether it is inside the viewport object.
    case repeatedKey(String, inViewport: Bool)

    /// One line for a person: what was wrong with the view state, quoting a key as JSON.
    package var description: String {
        switch self {
        case .notAViewState:
            "not a view state; expected JSON like {\"pageIndex\":0,\"viewport\":{\"x\":0,\"y\":0,\"width\":100,\"height\":100}}"
        case .viewportBeyondMagnitude(let value): "the viewport's \(formatCompact(value)) is beyond the limit of ±10^12"
        case .zeroWidthViewport: GrammarError.zeroWidthViewport.description
        case .unknownKey(let key, let inViewport):
            inViewport
                ? "unknown key \(Self.quoted(key)) in the viewport; it has x, y, width and height"
                : "unknown key \(Self.quoted(key)) in the view state; it has pageIndex and viewport"
        case .repeatedKey(let key, let inViewport):
            "\(inViewport ? "the viewport" : "the view state") gives \(Self.quoted(key)) twice; give each key once"
        }
    }

    /// A key as a JSON string literal (control characters escaped, so the message stays one
    /// line), at most 60 characters of it.
    private static func quoted(_ key: String) -> String {
        var out = ByteWriter()
        out.append(jsonString: key.count > 60 ? String(key.prefix(59)) + "…" : String(key))
        return String(decoding: out.bytes, as: UTF8.self)
    }
}

extension ValueGrammar {
    /// A view state as JSON, `{"pageIndex":0,"viewport":{"x":0,"y":0,"width":100,"height":100}}`
    /// (what `ViewState`'s `Codable` form and `pageinfo viewstate capture` write),
    /// read with the one JSON reader (`JSONParser`): `pageIndex` is a whole number; `viewport` is
    /// absent, `null` or an object of four numbers (page space, points), each within
    /// ±``InputLimits/magnitude``. Those are the only keys, each at most once: any other key (a
    /// misspelling such as `viewPort`, or a field this version cannot honour) throws
    /// ``ViewStateJSONError/unknownKey(_:inViewport:)`` and a repeated one
    /// ``ViewStateJSONError/repeatedKey(_:inViewport:)`` (JSON readers disagree on which of two
    /// values wins), once the text has been read as JSON. Throws ``ViewStateJSONError/notAViewState``
    /// or ``ViewStateJSONError/viewportBeyondMagnitude(_:)`` otherwise.
    package static func viewState(_ text: String) throws(ViewStateJSONError) -> ViewState {
        var parser = JSONParser(Array(text.utf8))
        var pageIndex: Int?
        var viewport: Rect?
        var seenPageIndex = false, seenViewport = false
        // The first key problem, reported once the whole text has been read as JSON (so text
        // that is not JSON at all is still called that).
        var keyProblem: ViewStateJSONError?
        var viewportIncomplete = false // a viewport without all of x, y, width and height
        do {
            try parser.object(path: "view state") { (p: inout JSONParser, key: String) throws(JSONReadError) in
                switch key {
                case "pageIndex" where !seenPageIndex:
                    seenPageIndex = true
                    let n = try p.number()
                    guard n == n.rounded(), abs(n) < 9.2e18 else { throw JSONReadError(detail: "pageIndex: not a whole number") }
                    pageIndex = Int(n)
                case "viewport" where !seenViewport:
                    seenViewport = true
                    if p.peek == UInt8(ascii: "n") { _ = try p.value(); return }
                    var v: [String: Double] = [:]
                    try p.object(path: "viewport") { (q: inout JSONParser, key: String) throws(JSONReadError) in
                        guard ["x", "y", "width", "height"].contains(key) else {
                            if keyProblem == nil { keyProblem = .unknownKey(key, inViewport: true) }
                            _ = try q.value()
                            return
                        }
                        guard v[key] == nil else {
                            if keyProblem == nil { keyProblem = .repeatedKey(key, inViewport: true) }
                            _ = try q.value()
                            return
                        }
                        v[key] = try q.number()
                    }
                    guard let x = v["x"], let y = v["y"], let w = v["width"], let h = v["height"] else {
                        // A misspelt key ("X", "w") is named below, once the text reads as JSON.
                        viewportIncomplete = true
                        return
                    }
                    viewport = Rect(x: x, y: y, width: w, height: h)
                case "pageIndex", "viewport":
                    if keyProblem == nil { keyProblem = .repeatedKey(key, inViewport: false) }
                    _ = try p.value()
                default:
                    if keyProblem == nil { keyProblem = .unknownKey(key, inViewport: false) }
                    _ = try p.value()
                }
            }
            try parser.end()
        } catch {
            throw .notAViewState
        }
        if let keyProblem { throw keyProblem }
        guard let pageIndex, !viewportIncomplete else { throw .notAViewState }
        if let v = viewport {
            for value in [v.x, v.y, v.width, v.height] where !InputLimits.isWithinMagnitude(value) {
                throw .viewportBeyondMagnitude(value)
            }
            // (A narrower one would be printed as 0 and not read back.)
            guard InputLimits.isPrintable(length: v.width) else { throw .zeroWidthViewport }
        }
        return ViewState(pageIndex: pageIndex, viewport: viewport)
    }
}
