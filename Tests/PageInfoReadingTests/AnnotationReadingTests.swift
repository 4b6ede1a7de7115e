// SPDX-License-Identifier: GPL-2.0-or-later
import DocumentLayout
import Foundation
import PageGeometry
import PageInfoReading
import PageInfoTestSupport
import Testing

/// Annotations read through `DocumentReader(withAnnotations: true)`, against the goldens
/// scripts/make_annotation_fixtures.py derives from how it built the files.
@Suite("DocumentReader: annotations against the goldens")
struct AnnotationReadingTests {
    static func golden(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: Paths.fixture("annotations/\(name).json")))
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    static func records(_ name: String) throws -> DocumentRecords {
        try DocumentReader(withAnnotations: true).records(.path(Paths.fixture("annotations/\(name).pdf")))
    }

    static func rect(_ any: Any?) -> Rect? {
        guard let d = any as? [String: Any] else { return nil }
        return Rect(x: d["x"] as! Double, y: d["y"] as! Double, width: d["width"] as! Double, height: d["height"] as! Double)
    }

    static func close(_ a: Rect?, _ b: Rect?, _ what: String) {
        guard let a, let b else { #expect(a == nil && b == nil, "\(what): \(String(describing: a)) against \(String(describing: b))"); return }
        for (x, y) in [(a.minX, b.minX), (a.minY, b.minY), (a.maxX, b.maxX), (a.maxY, b.maxY)] {
            #expect(abs(x - y) <= 0.01, "\(what): \(a) against \(b)")
        }
    }

    static func number(_ any: Any?) -> Double? { (any as? NSNumber)?.doubleValue }

    /// The golden destination's kind and numbers (`nil` for a destination that is only a name).
    static func fit(_ d: [String: Any]) -> DestinationFit? {
        let n = { (key: String) in Self.number(d[key]) }
        return switch d["kind"] as? String {
        case "XYZ"?: .xyz(left: n("left"), top: n("top"), zoom: n("zoom"))
        case "Fit"?: .fit
        case "FitH"?: .fitH(top: n("top"))
        case "FitV"?: .fitV(left: n("left"))
        case "FitR"?: .fitR(Rect(x: n("left")!, y: n("bottom")!, width: n("right")! - n("left")!, height: n("top")! - n("bottom")!))
        case "FitB"?: .fitB
        case "FitBH"?: .fitBH(top: n("top"))
        case "FitBV"?: .fitBV(left: n("left"))
        default: nil
        }
    }

    @Test("annotations.pdf: every annotation's subtype, rectangles, flags, quads, appearance, field, popup, action and destination")
    func annotations() throws {
        let golden = try Self.golden("annotations")
        let records = try Self.records("annotations")
        let pages = golden["pages"] as! [[String: Any]]
        #expect(records.entries.count == pages.count)
        #expect(records.outcome.warnings.isEmpty)
        var checked = 0
        for (entry, gp) in zip(records.entries, pages) {
            let page = try #require(entry.page)
            let read = try #require(entry.annotations).annotations
            let expected = gp["annotations"] as! [[String: Any]]
            #expect(read.count == expected.count, "page \(entry.index + 1)")
            for (a, g) in zip(read, expected) {
                let what = "page \(entry.index + 1) annotation \(a.index + 1)"
                #expect(a.index == g["index"] as! Int)
                #expect(a.object == g["object"] as? Int, "\(what)")
                #expect(a.subtype == g["subtype"] as? String, "\(what)")
                Self.close(a.rect, Self.rect(g["rect"]), "\(what) rect")
                Self.close(a.drawnRect(on: page), Self.rect(g["drawnRect"]), "\(what) drawnRect")
                #expect(a.flags.names == g["flags"] as! [String], "\(what)")
                #expect(a.warnings.isEmpty, "\(what): \(a.warnings)")
                if let quads = g["quadPoints"] as? [Double] {
                    #expect(a.quadPoints.flatMap { [$0.x, $0.y] } == quads, "\(what)")
                }
                if let w = Self.number(g["borderWidth"]) { #expect(a.borderWidth == w, "\(what)") }
                #expect(a.name == g["name"] as? String, "\(what)")
                #expect(a.contents == g["contents"] as? String, "\(what)")
                #expect(a.popup == g["popup"] as? Int, "\(what)")
                #expect(a.parent == g["parent"] as? Int, "\(what)")
                if let ap = g["appearance"] as? [String: Any] {
                    let appearance = try #require(a.appearance, "\(what)")
                    #expect(appearance.state == ap["state"] as? String, "\(what)")
                    Self.close(appearance.bbox, Self.rect(ap["bbox"]), "\(what) bbox")
                    let m = appearance.matrix
                    #expect([m.a, m.b, m.c, m.d, m.tx, m.ty] == (ap["matrix"] as! [Double]), "\(what)")
                } else {
                    #expect(a.appearance == nil, "\(what)")
                }
                if let f = g["field"] as? [String: Any] {
                    #expect(a.field == FormField(name: f["name"] as? String, type: f["type"] as? String), "\(what)")
                } else {
                    #expect(a.field == nil, "\(what)")
                }
                if let action = g["action"] as? [String: Any] {
                    #expect(a.action?.type == action["type"] as? String, "\(what)")
                    #expect(a.action?.target == action["target"] as? String, "\(what)")
                } else {
                    #expect(a.action == nil, "\(what)")
                }
                if let d = g["destination"] as? [String: Any] {
                    let dest = try #require(a.destination, "\(what)")
                    #expect(dest.pageIndex == d["page"] as? Int, "\(what)")
                    #expect(dest.remotePage == d["remotePage"] as? Int, "\(what)")
                    #expect(dest.name == d["name"] as? String, "\(what)")
                    #expect(dest.fit == Self.fit(d), "\(what)")
                } else {
                    #expect(a.destination == nil, "\(what)")
                }
                checked += 1
            }
        }
        #expect(checked == 61)
    }

    @Test("hostile.pdf: each damaged element costs its warning and no rectangle; the good squares are still read")
    func hostile() throws {
        let golden = try Self.golden("hostile")
        let records = try Self.records("hostile")
        #expect(records.outcome.warnings.map(\.code.rawValue) == golden["documentWarnings"] as! [String])
        for (entry, gp) in zip(records.entries, golden["pages"] as! [[String: Any]]) {
            #expect(entry.warnings.map(\.code.rawValue) == gp["pageWarnings"] as! [String], "page \(entry.index + 1)")
            let read = entry.annotations?.annotations ?? []
            let expected = gp["annotations"] as! [[String: Any]]
            #expect(read.count == expected.count, "page \(entry.index + 1)")
            for (a, g) in zip(read, expected) {
                let what = "page \(entry.index + 1) annotation \(a.index + 1)"
                #expect(a.subtype == g["subtype"] as? String, "\(what)")
                Self.close(a.rect, Self.rect(g["rect"]), "\(what) rect")
                Self.close(a.drawnRect(on: entry.page!), Self.rect(g["drawnRect"]), "\(what) drawnRect")
                #expect(a.warnings.map(\.code.rawValue) == g["warnings"] as! [String], "\(what)")
                if let f = g["field"] as? [String: Any] {
                    #expect(a.field == FormField(name: f["name"] as? String, type: f["type"] as? String), "\(what)")
                }
                if let d = g["destination"] as? [String: Any] {
                    #expect(a.destination?.pageIndex == d["page"] as? Int, "\(what)")
                    #expect(a.destination?.name == d["name"] as? String, "\(what)")
                    #expect(a.destination?.fit == Self.fit(d), "\(what)")
                }
                if let action = g["action"] as? [String: Any] {
                    #expect(a.action?.type == action["type"] as? String && a.action?.target == action["target"] as? String, "\(what)")
                }
                if let state = g["appearanceState"] as? String { #expect(a.appearance?.state == state, "\(what)") }
                if let q = g["quadPoints"] as? [Double] { #expect(a.quadPoints.isEmpty == q.isEmpty, "\(what)") }
                if let count = g["quadPointCount"] as? Int { #expect(a.quadPoints.count == count, "\(what)") }
            }
        }
        // --strict fails the file on the annotations' warnings.
        let strict = try? DocumentReader(strict: true, withAnnotations: true).records(.path(Paths.fixture("annotations/hostile.pdf")))
        #expect(strict?.outcome.status == .failed)
    }

    @Test("generations.pdf: a reference names its object by number and generation; one the file does not define is null, wherever it comes first")
    func generations() throws {
        let golden = try Self.golden("generations")
        let records = try Self.records("generations")
        let read = records.entries.first?.annotations?.annotations ?? []
        let expected = golden["annotations"] as! [[String: Any]]
        #expect(read.count == expected.count)
        for (a, g) in zip(read, expected) {
            let action = g["action"] as? [String: Any]
            #expect(a.action?.type == action?["type"] as? String && a.action?.target == action?["target"] as? String,
                    "annotation \(a.index + 1)")
        }
    }

    @Test("without withAnnotations no annotation is read")
    func notAsked() throws {
        let records = try DocumentReader().records(.path(Paths.fixture("annotations/annotations.pdf")))
        #expect(records.entries.allSatisfy { $0.annotations == nil })
    }
}
