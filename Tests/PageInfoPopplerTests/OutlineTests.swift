// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoPoppler
import PageInfoRecords
import Testing

/// The shim's outline reader on outlines written here object by object, for what a committed
/// fixture cannot hold small (100,001 items, 20 MB of shared title text) and the damage to
/// /Outlines itself. Expected values follow from how each file is written.
@Suite("PopplerDocument.outline(): bounds and a damaged /Outlines")
struct OutlineTests {
    /// A one-page PDF whose catalog's /Outlines is `outlines`; `objects` are numbered from 4
    /// (1 is the catalog, 2 the page tree, 3 the page), with a cross-reference table.
    static func document(outlines: String, objects: [String] = []) throws -> PopplerDocument {
        var body = ["<< /Type /Catalog /Pages 2 0 R /Outlines \(outlines) >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>"] + objects
        var bytes = Array("%PDF-1.7\n".utf8)
        var offsets: [Int] = []
        for (i, object) in body.enumerated() {
            offsets.append(bytes.count)
            bytes += Array("\(i + 1) 0 obj\n\(object)\nendobj\n".utf8)
        }
        body.removeAll()
        let xref = bytes.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f\r\n"
        for offset in offsets {
            let digits = String(offset)
            table += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n\r\n"
        }
        bytes += Array((table + "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n").utf8)
        return try PopplerDocument(bytes: bytes)
    }

    static func codes(_ warnings: [ReadWarning]) -> [String] { warnings.map(\.code.rawValue) }

    @Test("/Outlines that is not a dictionary, or whose /First is itself: one warning, no entry")
    func damagedRoot() throws {
        let integer = try Self.document(outlines: "42").outline()
        #expect(integer.entries.isEmpty && Self.codes(integer.warnings) == ["outline-invalid"])
        let itself = try Self.document(outlines: "4 0 R", objects: ["<< /Type /Outlines /First 4 0 R >>"]).outline()
        #expect(itself.entries.isEmpty && Self.codes(itself.warnings) == ["outline-loop"])
        // No /Outlines entry, or one that refers to nothing: no outline and no warning.
        let none = try Self.document(outlines: "99 0 R").outline()
        #expect(none.entries.isEmpty && none.warnings.isEmpty)
    }

    @Test("items written in place have no object number; a /Next to a missing object ends the chain")
    func directItems() throws {
        let outline = try Self.document(outlines: "4 0 R", objects: [
            "<< /First << /Title (in place) /Next 5 0 R >> >>",
            "<< /Title (by reference) /Next 99 0 R /Dest [3 0 R /Fit] >>",
        ]).outline()
        #expect(outline.entries.map(\.title) == ["in place", "by reference"])
        #expect(outline.entries.map(\.object) == [nil, 5])
        #expect(outline.entries[1].destination?.pageIndex == 0)
        #expect(outline.warnings.isEmpty && outline.entries.allSatisfy(\.warnings.isEmpty))
    }

    @Test("100,001 items in one /Next chain: the first 100,000 are read, and the outline says so")
    func clipped() throws {
        let items = 100_001
        let objects = (0..<items).map { i in i + 1 < items ? "<< /Title (\(i)) /Next \(i + 6) 0 R >>" : "<< /Title (\(i)) >>" }
        let outline = try Self.document(outlines: "4 0 R", objects: ["<< /First 5 0 R >>"] + objects).outline()
        #expect(outline.entries.count == 100_000)
        #expect(outline.entries.last?.title == "99999" && outline.entries.last?.object == 100_004)
        #expect(Self.codes(outline.warnings) == ["outline-clipped"])
        #expect(outline.entries.allSatisfy { $0.level == 0 && $0.warnings.isEmpty })
    }

    @Test("a 5,000-byte title shared by 4,000 items: read until the outline's 16 MiB of text is spent, each clipped to 4,000 bytes")
    func sharedTitle() throws {
        let items = 4000, length = 5000
        let objects = ["<< /First 6 0 R >>", "(" + String(repeating: "t", count: length) + ")"]
            + (0..<items).map { i in "<< /Title 5 0 R" + (i + 1 < items ? " /Next \(i + 7) 0 R >>" : " >>") }
        let outline = try Self.document(outlines: "4 0 R", objects: objects).outline()
        #expect(outline.entries.count == items)
        // Each read costs the string's 5,000 bytes as written; reading stops once 2^24 are spent.
        let read = ((1 << 24) + length - 1) / length
        #expect(outline.entries.prefix(read).allSatisfy { $0.title?.utf8.count == 4000 })
        #expect(outline.entries.dropFirst(read).allSatisfy { $0.title == nil })
        #expect(outline.entries.allSatisfy { Self.codes($0.warnings) == ["text-clipped"] })
    }
}
