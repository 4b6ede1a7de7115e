// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoGrammar
import Testing

/// `pageinfo convert`'s words for the view request's rules: each parameter by its option's name.
@Suite("ViewRequest conflicts in convert's options")
struct ConvertOptionsTests {
    @Test("every parameter is named by the option that gives it")
    func optionNames() {
        #expect(ViewRequest.Parameter.allCases.map(\.convertOption) == ["--view", "--dpi", "--fit", "--viewport", "--zoom", "--center", "--renderer"])
    }

    @Test("a conflict names the options and the spaces given")
    func messages() {
        #expect(ViewRequest.Conflict.outsideViewSpace(.zoomScale).convertMessage(from: .raw, to: .page)
                == "--zoom places the view, and neither --from raw nor --to page is view space: leave it out, or convert from or to view")
        #expect(ViewRequest.Conflict.withoutViewSize(.center).convertMessage(from: .view, to: .raw) == "--center needs --view WIDTHxHEIGHT, the view's size")
        #expect(ViewRequest.Conflict.viewSpaceWithoutSize(fromViewSpace: false).convertMessage(from: .raw, to: .view)
                == "converting to view space needs --view WIDTHxHEIGHT, the view's size (or --dpi D)")
    }
}
