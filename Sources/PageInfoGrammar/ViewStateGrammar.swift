// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry
import PageInfoEncoding

extension ValueGrammar {
    /// A view state as JSON, `{"pageIndex":0,"viewport":{"x":0,"y":0,"width":100,"height":100}}`
    /// (what `ViewState`'s `Codable` form and `pageinfo viewstate capture` write),
    /// read with the one JSON reader (`JSONParser`): `pageIndex` is a whole number; `viewport` is
    /// absent, `null` or an object of four numbers (page space, points), each within
    /// ±``InputLimits/magnitude``. Those are the only keys, each at most once: any other key (a
    /// misspelling such as `viewPort`, or a field this version cannot honour) throws
    /// ``GrammarError/unknownViewStateKey(_:inViewport:)`` and a repeated one
    /// ``GrammarError/repeatedViewStateKey(_:inViewport:)`` (JSON readers disagree on which of two
    /// values wins), once the text has been read as JSON. Throws ``GrammarError/notAViewState``
    /// or ``GrammarError/viewportBeyondMagnitude(_:)`` otherwise.
    package static func viewState(_ text: String) throws(GrammarError) -> ViewState {
        var parser = JSONParser(Array(text.utf8))
        var pageIndex: Int?
        var viewport: Rect?
        var seenPageIndex = false, seenViewport = false
        // The first key problem, reported once the whole text has been read as JSON (so text
        // that is not JSON at all is still called that).
        var keyProblem: GrammarError?
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
                            if keyProblem == nil { keyProblem = .unknownViewStateKey(key, inViewport: true) }
                            _ = try q.value()
                            return
                        }
                        guard v[key] == nil else {
                            if keyProblem == nil { keyProblem = .repeatedViewStateKey(key, inViewport: true) }
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
                    if keyProblem == nil { keyProblem = .repeatedViewStateKey(key, inViewport: false) }
                    _ = try p.value()
                default:
                    if keyProblem == nil { keyProblem = .unknownViewStateKey(key, inViewport: false) }
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
