// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoTestSupport
import Testing

// The Swift snippets of Sources/PageGeometry/PageGeometry.docc, compiled here verbatim: the first
// test fails when an article's snippet is no longer, character for character, code in this file.

func rawPointInAView() throws -> Point {
    // A page whose boxes are all [20 30 420 630], turned by /Rotate 90: displayed 600 × 400 pt.
    let page = PageInfo(index: 1, boxes: PageBoxes(uniform: Rect(x: 20, y: 30, width: 400, height: 600)),
                        rawRotation: 90)
    let placement = try PagePlacement(page: page, viewSize: Size(width: 300, height: 200))
    return placement.viewPoint(fromRaw: Point(x: 120, y: 80))   // (25, 50), in view units
}

@Suite("PageGeometry documentation examples")
struct PageGeometryDocumentationExampleTests {
    @Test("Every Swift snippet of the PageGeometry articles is compiled in this file")
    func snippetsAreCompiledHere() throws {
        let snippets = try DocumentationSnippets.snippets(of: ["Sources/PageGeometry/PageGeometry.docc/CoordinateSpaces.md"], compiledIn: #filePath)
        #expect(snippets.count == 1)
        #expect(snippets.missing.isEmpty, "not in \(#filePath): \(snippets.missing)")
    }

    @Test("Coordinate spaces: raw (120, 80) on page 2 of rotations.pdf is view (25, 50)")
    func rawToView() throws {
        #expect(try rawPointInAView() == Point(x: 25, y: 50))
    }
}
