// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry
import PageInfoEncoding
import PageInfoGrammar
import Testing

/// View state JSON through the one JSON reader: what `viewstate restore --state` accepts.
@Suite("ValueGrammar.viewState")
struct ViewStateJSONTests {
    @Test("the forms capture writes, null or missing viewports")
    func accepted() throws {
        #expect(try ValueGrammar.viewState(#"{"pageIndex":3,"viewport":{"x":10,"y":20,"width":300,"height":400}}"#)
                == ViewState(pageIndex: 3, viewport: Rect(x: 10, y: 20, width: 300, height: 400)))
        #expect(try ValueGrammar.viewState(#" {"pageIndex":0} "#) == ViewState(pageIndex: 0))
        #expect(try ValueGrammar.viewState(#"{"pageIndex":1.0,"viewport":null}"#) == ViewState(pageIndex: 1))
        #expect(try ValueGrammar.viewState("\u{FEFF}{\"pageIndex\":-1e2}") == ViewState(pageIndex: -100))
        #expect(try ValueGrammar.viewState(#"{"viewport":{"height":4,"width":3,"y":2,"x":1},"pageIndex":1}"#)
                == ViewState(pageIndex: 1, viewport: Rect(x: 1, y: 2, width: 3, height: 4)))
    }

    /// Only the keys capture writes, each once: a misspelling would otherwise restore another
    /// view silently, and JSON readers differ on which of two values wins. Text that is not JSON
    /// is still "not a view state", even when it has an unknown key before the fault.
    @Test("unknown and repeated keys are refused, naming the key")
    func keys() {
        let cases: [(String, ViewStateJSONError)] = [
            (#"{"pageIndex":1,"pageIndex":2}"#, .repeatedKey("pageIndex", inViewport: false)),
            (#"{"pageIndex":1,"z":[1,{"a":null}]}"#, .unknownKey("z", inViewport: false)),
            (#"{"pageindex":1}"#, .unknownKey("pageindex", inViewport: false)),
            (#"{"pageIndex":1,"viewPort":{"x":1,"y":2,"width":3,"height":4}}"#, .unknownKey("viewPort", inViewport: false)),
            (#"{"pageIndex":1,"viewport":null,"viewport":null}"#, .repeatedKey("viewport", inViewport: false)),
            (#"{"pageIndex":1,"viewport":{"x":1,"y":2,"width":3,"height":4,"x":5}}"#, .repeatedKey("x", inViewport: true)),
            (#"{"pageIndex":1,"viewport":{"x":1,"y":2,"width":3,"height":4,"q":"r"}}"#, .unknownKey("q", inViewport: true)),
            // The first problem is the one named.
            (#"{"a":1,"pageIndex":1,"pageIndex":2}"#, .unknownKey("a", inViewport: false)),
            // A misspelt viewport key stands for a missing one: named all the same (it was
            // "not a view state", the help's promise broken; found by review).
            (#"{"pageIndex":0,"viewport":{"X":0,"y":0,"width":100,"height":100}}"#, .unknownKey("X", inViewport: true)),
            (#"{"pageIndex":0,"viewport":{"x":0,"y":0,"w":100,"height":100}}"#, .unknownKey("w", inViewport: true)),
            // A top-level key that looks like a path is a top-level key.
            (#"{"pageIndex":1,"viewport.x":1}"#, .unknownKey("viewport.x", inViewport: false)),
        ]
        for (text, error) in cases {
            #expect(throws: error, "\(text)") { try ValueGrammar.viewState(text) }
        }
        #expect(throws: ViewStateJSONError.notAViewState) { try ValueGrammar.viewState(#"{"zoom":2,"pageIndex":1"#) }
        // A viewport without a key and no other fault is still not a view state.
        #expect(throws: ViewStateJSONError.notAViewState) { try ValueGrammar.viewState(#"{"pageIndex":0,"viewport":{"y":0,"width":1,"height":1}}"#) }
        #expect(throws: ViewStateJSONError.unknownKey("zoom", inViewport: false)) { try ValueGrammar.viewState(#"{"zoom":2}"#) }
        #expect(ViewStateJSONError.unknownKey("viewPort", inViewport: false).description
                == #"unknown key "viewPort" in the view state; it has pageIndex and viewport"#)
        #expect(ViewStateJSONError.unknownKey("zoom", inViewport: true).description
                == #"unknown key "zoom" in the viewport; it has x, y, width and height"#)
        #expect(ViewStateJSONError.repeatedKey("pageIndex", inViewport: false).description
                == #"the view state gives "pageIndex" twice; give each key once"#)
        #expect(ViewStateJSONError.repeatedKey("x", inViewport: true).description
                == #"the viewport gives "x" twice; give each key once"#)
        // One line, whatever the key holds.
        #expect(ViewStateJSONError.unknownKey("a\nb\u{1}", inViewport: false).description
                == #"unknown key "a\nb\u0001" in the view state; it has pageIndex and viewport"#)
        #expect(ViewStateJSONError.unknownKey(String(repeating: "k", count: 500), inViewport: false).description.count < 140)
    }

    @Test("anything else is not a view state; the refusal shows the expected form")
    func refused() {
        for text in ["", "{", "[]", #"{"pageIndex":1.5}"#, #"{"viewport":null}"#, #"{"pageIndex":"1"}"#,
                     #"{"pageIndex":1,"viewport":{"x":1,"y":2,"width":3}}"#, #"{"pageIndex":1}x"#, #"{"pageIndex":01}"#,
                     #"{"pageIndex":1e400}"#, #"{"pageIndex":1,"viewport":{"x":"1","y":2,"width":3,"height":4}}"#,
                     String(repeating: "[", count: 10_000)] {
            #expect(throws: ViewStateJSONError.notAViewState, "\(text.prefix(40))") { try ValueGrammar.viewState(text) }
        }
        #expect(ViewStateJSONError.notAViewState.description
                == #"not a view state; expected JSON like {"pageIndex":0,"viewport":{"x":0,"y":0,"width":100,"height":100}}"#)
    }

    @Test("viewport numbers beyond ±10^12 are named")
    func limits() {
        #expect(throws: ViewStateJSONError.viewportBeyondMagnitude(2e12)) {
            try ValueGrammar.viewState(#"{"pageIndex":0,"viewport":{"x":0,"y":2e12,"width":1,"height":1}}"#)
        }
        #expect(ViewStateJSONError.viewportBeyondMagnitude(2e12).description == "the viewport's 2000000000000 is beyond the limit of ±10^12")
        // A width that prints as 0 (below 10^-9) could not be read back.
        #expect(throws: ViewStateJSONError.zeroWidthViewport) {
            try ValueGrammar.viewState(#"{"pageIndex":0,"viewport":{"x":10,"y":10,"width":1e-12,"height":50}}"#)
        }
        #expect((try? ValueGrammar.viewState(#"{"pageIndex":0,"viewport":{"x":10,"y":10,"width":1e-9,"height":50}}"#)) != nil)
    }
}
