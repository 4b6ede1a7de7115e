// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageInfoTestSupport
import Testing
import PageInfoReading

func linkOnScreen(pdf path: String) throws -> Rect {
    let document = try PopplerDocument(path: path)
    let page = try document.page(at: 1)                    // PageInfo: boxes, rotation, size, label
    let placement = try PagePlacement(page: page, viewSize: Size(width: 300, height: 200))
    // A link's rectangle in raw PDF space (points), where the view shows it (view units):
    return placement.viewRect(fromRaw: Rect(x: 120, y: 80, width: 40, height: 20))
}

// Above: the README's Swift example (its one import included: PageInfoReading re-exports
// PageGeometry, the records and the Poppler reader). Below: the Swift snippets of
// Sources/PageInfoReading/PageInfoReading.docc/ReadingOneDocument.md. All compiled here verbatim; the first test fails
// when a document's snippet is no longer, character for character, code in this file.

func describeFirstPage(of path: String) throws -> String {
    let document = try PopplerDocument(path: path, password: nil)
    let page = try document.page(at: 0)                 // PageInfo: boxes, rotation, size, label
    // Where does a link's raw rectangle appear in an 800×600 view of the whole page?
    let placement = try PagePlacement(page: page, viewSize: Size(width: 800, height: 600))
    let onScreen = placement.viewRect(fromRaw: Rect(x: 72, y: 700, width: 144, height: 20))
    return "\(page.size) \(page.rotation) \(page.label ?? "-") link at \(onScreen)"
}

func rotatedPages(of path: String) throws -> (rotated: [Int], outcome: DocumentOutcome) {
    let document = try PopplerDocument(path: path)
    // Every position of the page tree, at its real index, a page or the reason there is none,
    // with its warnings; nothing is held but the current page.
    var rotated: [Int] = []
    let cursor = document.makePageCursor(from: 0)
    while let entry = cursor.next() {
        switch entry.result {
        case .success(let info): if info.rotation != .degrees0 { rotated.append(info.index) }
        case .failure(let error): print(entry.index, error.message)
        }
    }
    return (rotated, document.outcome(after: cursor.summary))   // status, page count as walked, warnings
}

@Suite("PageInfoReading and README documentation examples")
struct PageInfoReadingDocumentationExampleTests {
    @Test("Every Swift snippet of the README and of Reading one document is compiled in this file")
    func snippetsAreCompiledHere() throws {
        let articles = ["README.md",
                        "Sources/PageInfoReading/PageInfoReading.docc/ReadingOneDocument.md"]
        let snippets = try DocumentationSnippets.snippets(of: articles, compiledIn: #filePath)
        #expect(snippets.count == 3)
        #expect(snippets.missing.isEmpty, "not in \(#filePath): \(snippets.missing)")
    }

    @Test("README: the raw rectangle 120,80,40,20 on page 2 of rotations.pdf in a 300×200 view")
    func readmeExample() throws {
        // Page 2: CropBox [20 30 420 630], /Rotate 90, displayed 600 × 400, scale 0.5. Raw x
        // 120…160 → page y 300…260 → view y 50…70; raw y 80…100 → page x 50…70 → view x 25…35.
        let rect = try linkOnScreen(pdf: Paths.fixture("rotations.pdf"))
        #expect(rect.isApproximatelyEqual(to: Rect(x: 25, y: 50, width: 10, height: 20), absoluteTolerance: 1e-9))
    }

    @Test("Reading one file: the first page of rotations.pdf")
    func firstPage() throws {
        let text = try describeFirstPage(of: Paths.fixture("rotations.pdf"))
        #expect(text.hasPrefix("400x600 0 - link at "), "\(text)")
    }

    @Test("Streaming: the rotated pages of rotations.pdf, and an ok outcome")
    func streaming() throws {
        let (rotated, outcome) = try rotatedPages(of: Paths.fixture("rotations.pdf"))
        let golden = try FixtureGolden.load("rotations")
        #expect(rotated == golden.pages.enumerated().filter { $0.element.rotation != 0 }.map(\.offset))
        #expect(outcome.status == .ok)
        #expect(outcome.pageCount == golden.pages.count)
    }
}
