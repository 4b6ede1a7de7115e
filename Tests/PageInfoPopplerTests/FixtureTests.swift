import Foundation
import PageGeometry
import PageInfoPoppler
import Testing

/// Every fixture in Fixtures/ against its golden file. The goldens are computed by
/// scripts/make_fixtures.py from the parameters each PDF was built with (an independent
/// implementation of the spec's rules), and cross-checked with pdfinfo by
/// scripts/check_fixtures_with_pdfinfo.py; they are never copied from our own output.
@Suite("Fixtures against their golden files")
struct FixtureTests {
    static let goldens: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Paths.fixtures.path)) ?? []
        return names.filter { $0.hasSuffix(".golden.json") }.sorted()
    }()

    @Test("There are fixtures")
    func present() { #expect(Self.goldens.count >= 9) }

    @Test("Fixture geometry matches its golden", arguments: goldens)
    func fixture(golden: String) throws {
        let g = try #require(try loadJSON(Paths.fixtures.appendingPathComponent(golden)) as? JSONObject)
        let file = try #require(g.string("file"))
        let path = Paths.fixtures.appendingPathComponent(file).path
        let password = g.string("password")
        switch g.string("expect") {
        case "not_pdf":
            #expect(throws: PageInfoError.notPDF(path: path)) { try PopplerDocument(path: path) }
            return
        case "malformed":
            do { _ = try PopplerDocument(path: path); Issue.record("\(file) should not open") } catch {
                guard case .malformed = error else { Issue.record("\(file): \(error)"); return }
            }
            return
        case "needs_password":
            #expect(throws: PageInfoError.passwordRequired(path: path)) { try PopplerDocument(path: path) }
            #expect(throws: PageInfoError.wrongPassword(path: path)) { try PopplerDocument(path: path, password: "wrong") }
        default:
            break
        }
        let document = try PopplerDocument(path: path, password: password)
        #expect(document.pageCount == g.int("pageCount"))
        #expect(document.pageLayout?.rawValue == g.string("pageLayout"))
        #expect(document.direction?.rawValue == g.string("direction"))
        let pages = try document.pages()
        let expectedPages = g.array("pages") as? [JSONObject] ?? []
        #expect(pages.count == expectedPages.count)
        for (page, e) in zip(pages, expectedPages) {
            let at = "\(file) page \(page.index + 1)"
            #expect(page.index == e.int("index"))
            #expect(page.label == e.string("label"), "\(at) label")
            #expect(page.rotation.rawValue == e.int("rotation"), "\(at) rotation")
            #expect(page.rawRotation == e.int("rotationRaw"), "\(at) raw rotation")
            #expect(page.userUnit == e.double("userUnit"), "\(at) userUnit")
            for (key, ours) in [("mediaBox", page.boxes.mediaBox), ("cropBox", page.boxes.cropBox),
                                ("bleedBox", page.boxes.bleedBox), ("trimBox", page.boxes.trimBox),
                                ("artBox", page.boxes.artBox)] {
                let expected = try #require(e.rect(key))
                #expect(approximatelyEqual(ours, expected, tolerance: 1e-9), "\(at) \(key): ours \(ours), golden \(expected)")
            }
            let size = try #require(e.object("size"))
            // Poppler's lexer parses reals with its own digit accumulation, so 595.276 may arrive
            // as 595.2760000000001: compare within a billionth of a point.
            #expect(abs(page.size.width - size.double("width")!) <= 1e-9 && abs(page.size.height - size.double("height")!) <= 1e-9,
                    "\(at) size: ours \(page.size), golden \(size)")
        }
    }

    @Test("Reading a page past the end is an error, not a crash")
    func outOfRange() throws {
        let document = try PopplerDocument(path: Paths.fixtures.appendingPathComponent("mixed.pdf").path)
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
