// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageGeometry
import PageInfoPoppler
import PageInfoTestSupport
import Testing

/// Every fixture in Fixtures/ against its golden file. The goldens are computed by
/// scripts/make_fixtures.py from the parameters each PDF was built with (an independent
/// implementation of the spec's rules), and cross-checked with pdfinfo by
/// scripts/check_fixtures_with_pdfinfo.py; they are never copied from our own output.
@Suite("Fixtures against their golden files")
struct FixtureTests {
    static let goldens = FixtureGolden.names

    @Test("There are fixtures")
    func present() { #expect(Self.goldens.count >= 9) }

    @Test("Fixture geometry matches its golden", arguments: goldens)
    func fixture(golden: String) throws {
        let g = try FixtureGolden.load(golden)
        let file = g.file
        let path = g.path
        let password = g.password
        switch g.expect {
        case .notPDF:
            #expect(throws: PageInfoError.notPDF(path: path)) { try PopplerDocument(path: path) }
            return
        case .malformed:
            do { _ = try PopplerDocument(path: path); Issue.record("\(file) should not open") } catch {
                guard case .malformed = error else { Issue.record("\(file): \(error)"); return }
            }
            return
        case .needsPassword:
            #expect(throws: PageInfoError.passwordRequired(path: path)) { try PopplerDocument(path: path) }
            #expect(throws: PageInfoError.wrongPassword(path: path)) { try PopplerDocument(path: path, password: "wrong") }
        case .opens:
            break
        }
        let document = try PopplerDocument(path: path, password: password)
        #expect(document.pageCount == g.pageCount)
        #expect(document.pageLayout?.rawValue == g.pageLayout)
        #expect(document.direction?.rawValue == g.direction)
        let pages = try document.pages()
        let expectedPages = g.pages
        #expect(pages.count == expectedPages.count)
        for (page, e) in zip(pages, expectedPages) {
            let at = "\(file) page \(page.index + 1)"
            #expect(page.index == e.index)
            #expect(page.label == e.label, "\(at) label")
            #expect(page.rotation.rawValue == e.rotation, "\(at) rotation")
            #expect(page.rawRotation == e.rotationRaw, "\(at) raw rotation")
            #expect(page.userUnit == e.userUnit, "\(at) userUnit")
            for key in PageBox.allCases {
                let ours = page.boxes[key], expected = e.box(key)
                #expect(ours.isApproximatelyEqual(to: expected, absoluteTolerance: 1e-9), "\(at) \(key): ours \(ours), golden \(expected)")
            }
            // Poppler's lexer parses reals with its own digit accumulation, so 595.276 may arrive
            // as 595.2760000000001: compare within a billionth of a point.
            #expect(page.size.isApproximatelyEqual(to: e.size, absoluteTolerance: 1e-9), "\(at) size: ours \(page.size), golden \(e.size)")
        }
    }

    @Test("Reading a page past the end is an error, not a crash")
    func outOfRange() throws {
        let document = try PopplerDocument(path: Paths.fixture("mixed.pdf"))
        #expect(throws: PageInfoError.pageOutOfRange(index: document.pageCount, pageCount: document.pageCount)) {
            try document.page(at: document.pageCount)
        }
        #expect(throws: PageInfoError.pageOutOfRange(index: -1, pageCount: document.pageCount)) {
            try document.page(at: -1)
        }
    }

    @Test("A missing file and a directory have their own errors")
    func unopenable() {
        #expect(throws: PageInfoError.fileNotFound(path: "/nonexistent/x.pdf")) { try PopplerDocument(path: "/nonexistent/x.pdf") }
        do { _ = try PopplerDocument(path: Paths.fixtures.path); Issue.record("a directory opened") } catch {
            #expect(error.kind == .cannotOpen)
        }
    }
}
