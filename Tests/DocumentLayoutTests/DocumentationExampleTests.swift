// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry
import PageInfoTestSupport
import Testing

// The Swift snippets of Sources/DocumentLayout/DocumentLayout.docc, compiled here verbatim.

func readingPositionAfterRotation() throws -> ViewState? {
    // Three US Letter pages in a 400×600 portrait view, continuous vertical scrolling.
    let letter = Size(width: 612, height: 792)
    let portrait = StackLayout(pageSizes: [letter, letter, letter], viewSize: Size(width: 400, height: 600))
    guard let state = portrait.captureViewState(contentOffset: Point(x: 0, y: 600), zoomScale: 1) else { return nil }
    // The same document in a 600×400 landscape view: where is the reader now?
    let landscape = portrait.withViewSize(Size(width: 600, height: 400))
    let position = try landscape.restore(state)
    return landscape.captureViewState(contentOffset: position.contentOffset, zoomScale: position.zoomScale)
}

@Suite("DocumentLayout documentation examples")
struct DocumentLayoutDocumentationExampleTests {
    @Test("Every Swift snippet of the DocumentLayout articles is compiled in this file")
    func snippetsAreCompiledHere() throws {
        let snippets = try DocumentationSnippets.snippets(of: ["Sources/DocumentLayout/DocumentLayout.docc/Layout.md"], compiledIn: #filePath)
        #expect(snippets.count == 1)
        #expect(snippets.missing.isEmpty, "not in \(#filePath): \(snippets.missing)")
    }

    @Test("Layout: the page read at offset 600 in portrait (page 1) is still the page after rotating")
    func viewStateSurvivesRotation() throws {
        let letter = Size(width: 612, height: 792)
        let portrait = StackLayout(pageSizes: [letter, letter, letter], viewSize: Size(width: 400, height: 600))
        let before = try #require(portrait.captureViewState(contentOffset: Point(x: 0, y: 600), zoomScale: 1))
        #expect(before.pageIndex == 1)
        let after = try #require(try readingPositionAfterRotation())
        #expect(after.pageIndex == 1)
    }
}
