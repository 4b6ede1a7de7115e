// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry
import PageInfoGrammar
import Testing

/// View state JSON through the one JSON reader: what `viewstate restore --state` accepts.
@Suite("ValueGrammar.viewState")
struct ViewStateGrammarTests {
    @Test("the forms capture writes, null or missing viewports, keys ignored, the first of a duplicate")
    func accepted() throws {
        #expect(try ValueGrammar.viewState(#"{"pageIndex":3,"viewport":{"x":10,"y":20,"width":300,"height":400}}"#)
                == ViewState(pageIndex: 3, viewport: Rect(x: 10, y: 20, width: 300, height: 400)))
        #expect(try ValueGrammar.viewState(#" {"pageIndex":0} "#) == ViewState(pageIndex: 0))
        #expect(try ValueGrammar.viewState(#"{"pageIndex":1.0,"viewport":null}"#) == ViewState(pageIndex: 1))
        #expect(try ValueGrammar.viewState("\u{FEFF}{\"pageIndex\":-1e2}") == ViewState(pageIndex: -100))
        #expect(try ValueGrammar.viewState(#"{"pageIndex":1,"pageIndex":2,"z":[1,{"a":null}]}"#) == ViewState(pageIndex: 1))
        #expect(try ValueGrammar.viewState(#"{"pageIndex":1,"viewport":{"x":1,"y":2,"width":3,"height":4,"x":5,"q":"r"}}"#)
                == ViewState(pageIndex: 1, viewport: Rect(x: 1, y: 2, width: 3, height: 4)))
    }

    @Test("anything else is not a view state; the refusal shows the expected form")
    func refused() {
        for text in ["", "{", "[]", #"{"pageIndex":1.5}"#, #"{"viewport":null}"#, #"{"pageIndex":"1"}"#,
                     #"{"pageIndex":1,"viewport":{"x":1,"y":2,"width":3}}"#, #"{"pageIndex":1}x"#, #"{"pageIndex":01}"#,
                     #"{"pageIndex":1e400}"#, #"{"pageIndex":1,"viewport":{"x":"1","y":2,"width":3,"height":4}}"#,
                     String(repeating: "[", count: 10_000)] {
            #expect(throws: GrammarError.notAViewState, "\(text.prefix(40))") { try ValueGrammar.viewState(text) }
        }
        #expect(GrammarError.notAViewState.description
                == #"not a view state; expected JSON like {"pageIndex":0,"viewport":{"x":0,"y":0,"width":100,"height":100}}"#)
    }

    @Test("viewport numbers beyond ±10^12 are named")
    func limits() {
        #expect(throws: GrammarError.viewportBeyondMagnitude(2e12)) {
            try ValueGrammar.viewState(#"{"pageIndex":0,"viewport":{"x":0,"y":2e12,"width":1,"height":1}}"#)
        }
        #expect(GrammarError.viewportBeyondMagnitude(2e12).description == "the viewport's 2000000000000 is beyond the limit of ±10^12")
        // A width that prints as 0 (below 10^-9) could not be read back.
        #expect(throws: GrammarError.zeroWidthViewport) {
            try ValueGrammar.viewState(#"{"pageIndex":0,"viewport":{"x":10,"y":10,"width":1e-12,"height":50}}"#)
        }
        #expect((try? ValueGrammar.viewState(#"{"pageIndex":0,"viewport":{"x":10,"y":10,"width":1e-9,"height":50}}"#)) != nil)
    }
}
