// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageInfoTestSupport
import Testing
import PageInfoTesting

// The Swift snippet of Sources/PageInfoTesting/PageInfoTesting.docc/RegressionTestsFromSwift.md,
// compiled and run here verbatim (it is itself a test, over two fixtures and their goldens).

/// What the article's reader supplies: where their PDFs are. Here: this package's Fixtures/.
func fixturePath(_ name: String) -> String { Paths.fixture(name) }

@Test(arguments: ["rotations", "mixed"])
func keepsItsPageGeometry(_ name: String) {
    let pdf = fixturePath("\(name).pdf")               // your code writes (or keeps) the PDF
    expectPageGeometry(ofPDF: pdf, record: false)      // vs <name>.golden.json beside it
    expectPageGeometry(ofPDF: pdf, matchesGolden: fixturePath("\(name).golden.json"),
                       tolerance: 0.5, fields: [.boxes, .rotation], record: false)
}

@Suite("PageInfoTesting documentation examples")
struct PageInfoTestingDocumentationExampleTests {
    @Test("Every Swift snippet of the PageInfoTesting articles is compiled in this file")
    func snippetsAreCompiledHere() throws {
        let snippets = try DocumentationSnippets.snippets(of: ["Sources/PageInfoTesting/PageInfoTesting.docc/RegressionTestsFromSwift.md"], compiledIn: #filePath)
        #expect(snippets.count == 1)
        #expect(snippets.missing.isEmpty, "not in \(#filePath): \(snippets.missing)")
    }

    @Test("defaultGoldenPath names the golden the article says")
    func goldenBesideThePDF() {
        #expect(defaultGoldenPath(forPDF: "book.pdf") == "book.golden.json")
        #expect(defaultGoldenPath(forPDF: "/a/b/book.pdf") == "/a/b/book.golden.json")
    }
}
