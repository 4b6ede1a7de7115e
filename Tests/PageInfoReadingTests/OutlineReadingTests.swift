// SPDX-License-Identifier: GPL-2.0-or-later
import DocumentLayout
import Foundation
import PageGeometry
import PageInfoReading
import PageInfoTestSupport
import Testing

/// The outline read through `DocumentReader(withOutline: true)`, against the goldens
/// scripts/make_annotation_fixtures.py derives from how it built the outlines.
@Suite("DocumentReader: the outline against the goldens")
struct OutlineReadingTests {
    static func golden(_ name: String) throws -> [[String: Any]] {
        try #require(AnnotationReadingTests.golden(name)["outline"] as? [[String: Any]])
    }

    static func records(_ name: String, strict: Bool = false) throws -> DocumentRecords {
        try DocumentReader(strict: strict, withPages: false, withOutline: true).records(.path(Paths.fixture("annotations/\(name).pdf")))
    }

    @Test("annotations.pdf: every entry's level, title, open state, /Count, object, action and destination; the target pages read")
    func annotations() throws {
        let golden = try Self.golden("annotations")
        let records = try Self.records("annotations")
        let outline = try #require(records.outline)
        #expect(records.entries.isEmpty, "withPages false: no page records")
        #expect(records.outcome.status == .ok && records.outcome.warnings.isEmpty && records.exitStatus == .success)
        #expect(outline.warnings.isEmpty)
        #expect(outline.entries.count == golden.count && golden.count == 12)
        for (e, g) in zip(outline.entries, golden) {
            let what = "entry \(e.index + 1) (\(e.title ?? "-"))"
            #expect(e.index == g["index"] as? Int, "\(what)")
            #expect(e.level == g["level"] as? Int, "\(what)")
            #expect(e.title == g["title"] as? String, "\(what)")
            #expect(e.isOpen == g["open"] as? Bool, "\(what)")
            #expect(e.count == g["count"] as? Int, "\(what)")
            #expect(e.object == g["object"] as? Int, "\(what)")
            #expect(e.warnings.isEmpty, "\(what): \(e.warnings)")
            if let action = g["action"] as? [String: Any] {
                #expect(e.action?.type == action["type"] as? String && e.action?.target == action["target"] as? String, "\(what)")
            } else {
                #expect(e.action == nil, "\(what)")
            }
            if let d = g["destination"] as? [String: Any] {
                let dest = try #require(e.destination, "\(what)")
                #expect(dest.pageIndex == d["page"] as? Int, "\(what)")
                #expect(dest.name == d["name"] as? String, "\(what)")
                #expect(dest.fit == AnnotationReadingTests.fit(d), "\(what)")
                // The target page is read, with the geometry the annotation golden gives it.
                let page = try #require(outline.targets[dest.pageIndex!], "\(what): target page not read")
                let pages = try #require(AnnotationReadingTests.golden("annotations")["pages"] as? [[String: Any]])
                #expect(page.rotation.degrees == pages[dest.pageIndex!]["rotation"] as? Int, "\(what)")
            } else {
                #expect(e.destination == nil, "\(what)")
            }
        }
        // Without withOutline, no outline.
        #expect(try DocumentReader(withPages: false).records(.path(Paths.fixture("annotations/annotations.pdf"))).outline == nil)
    }

    @Test("hostile-outline.pdf: each damaged item costs its warning, the rest is read; --strict fails the file with the first")
    func hostile() throws {
        let golden = try Self.golden("hostile-outline")
        let records = try Self.records("hostile-outline")
        let outline = try #require(records.outline)
        #expect(records.outcome.status == .ok && records.outcome.warnings.isEmpty, "\(records.outcome.warnings)")
        #expect(outline.entries.count == golden.count && golden.count == 74)
        for (e, g) in zip(outline.entries, golden) {
            let what = "entry \(e.index + 1)"
            #expect(e.level == g["level"] as? Int, "\(what)")
            #expect(e.title == g["title"] as? String, "\(what)")
            #expect(e.count == g["count"] as? Int, "\(what)")
            #expect(e.object == g["object"] as? Int, "\(what)")
            #expect(e.warnings.map(\.code.rawValue) == g["warnings"] as? [String], "\(what): \(e.warnings)")
            let d = g["destination"] as? [String: Any]
            #expect(e.destination?.pageIndex == d?["page"] as? Int && e.destination?.name == d?["name"] as? String, "\(what)")
        }
        #expect(outline.entries.map(\.level).max() == 63, "levels 0 to 63 are read")
        let strict = try Self.records("hostile-outline", strict: true)
        #expect(strict.outcome.status == .failed && strict.outcome.error?.code == "strict" && strict.exitStatus == .malformed)
        #expect(strict.message?.contains("outline-count-mismatch: outline entry 1") == true, "\(strict.message ?? "")")
    }

    @Test("a file without an outline: an empty one, no warning")
    func none() throws {
        let records = try DocumentReader(withPages: false, withOutline: true).records(.path(Paths.fixture("mixed.pdf")))
        #expect(records.outline == DocumentOutline())
        #expect(records.outcome.status == .ok)
    }
}
