// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageGeometry
import PageInfoCheck
import PageInfoTestSupport
import Testing

// Reading goldens leniently: today's `pages --format json`, the record format of
// docs/records.md (record, warnings, status, error, countClaimed, page errors), old goldens
// without rotationRaw or size, and the fixtures' own golden files.

private func decode(_ json: String, file: String? = nil) throws(GoldenFormatError) -> GeometrySnapshot {
    try GeometrySnapshot(goldenJSON: Array(json.utf8), file: file)
}

private let box = #"{"x":0,"y":0,"width":612,"height":792}"#
private let boxes = #""mediaBox":\#(box),"cropBox":\#(box),"bleedBox":\#(box),"trimBox":\#(box),"artBox":\#(box)"#

@Suite("Golden decoding")
struct GoldenDecodingTests {
    @Test("Today's pages --format json document")
    func current() throws {
        let json = #"{"file":"a.pdf","pageCount":1,"pdfVersion":"1.7","encrypted":false,"hasPageLabels":true,"pageLayout":null,"direction":null,"pages":[{"index":0,"label":"i","rotation":90,"rotationRaw":-270,"userUnit":2,\#(boxes),"size":{"width":792,"height":612},"transform":{"a":0,"b":-1,"c":1,"d":0,"tx":0,"ty":612}}]}"#
        let snapshot = try decode(json)
        #expect(snapshot.file == "a.pdf" && snapshot.pageCount == 1 && snapshot.countClaimed == nil && snapshot.error == nil)
        let page = try #require(snapshot.pages.first)
        #expect(page.index == 0 && page.label == "i")
        let g = try #require(page.geometry)
        #expect(g.rotation == 90 && g.rotationRaw == -270 && g.userUnit == 2)
        #expect(g.boxes == PageBoxes(uniform: Rect(x: 0, y: 0, width: 612, height: 792)))
        #expect(g.size == Size(width: 792, height: 612))
    }

    @Test("The record format: unknown keys ignored, page errors without geometry, file fields")
    func records() throws {
        let json = #"""
        {"record":"file","file":"a.pdf","status":"partial","pageCount":3,"pageErrors":1,"pdfVersion":"1.7",
         "encrypted":false,"countClaimed":4,"error":null,"warnings":[{"code":"count-mismatch","message":"…"}],
         "bytes":12345,"seconds":0.004,"someFutureField":{"nested":[1,2,3]},
         "pages":[
          {"record":"page","index":0,"label":"i","rotation":0,"rotationRaw":0,"userUnit":1,\#(boxes),
           "size":{"width":612,"height":792},"warnings":[{"code":"box-clipped","message":"TrimBox clipped"}]},
          {"record":"page","index":1,"error":{"code":"page-not-dictionary","message":"not a dictionary"},"warnings":[]},
          {"record":"page","index":2,"label":"iii","error":{"code":"page-not-dictionary","message":"x"},"warnings":[]}
         ]}
        """#
        let snapshot = try decode(json)
        #expect(snapshot.pageCount == 3 && snapshot.countClaimed == 4 && snapshot.error == nil)
        #expect(snapshot.pages.count == 3)
        #expect(snapshot.pages[0].geometry != nil)
        #expect(snapshot.pages[1].content == .error(SnapshotError(code: "page-not-dictionary", message: "not a dictionary")))
        #expect(snapshot.pages[1].label == nil && snapshot.pages[2].label == "iii")
    }

    @Test("A failed file record: error and no pages")
    func failedFile() throws {
        let snapshot = try decode(#"{"record":"file","file":"x.pdf","status":"failed","pageCount":0,"error":{"code":"damaged","message":"no xref"},"warnings":[]}"#)
        #expect(snapshot.error == SnapshotError(code: "damaged", message: "no xref"))
        #expect(snapshot.pages.isEmpty && snapshot.pageCount == 0)
    }

    @Test("Old goldens: no rotationRaw, userUnit, size, index or label")
    func oldGoldens() throws {
        let crop = #"{"x":20,"y":30,"width":400,"height":600}"#
        let json = #"{"pages":[{"rotation":90,"mediaBox":\#(box),"cropBox":\#(crop),"bleedBox":\#(crop),"trimBox":\#(crop),"artBox":\#(crop)}]}"#
        let snapshot = try decode(json)
        #expect(snapshot.pageCount == 1 && snapshot.file == nil)
        let page = try #require(snapshot.pages.first)
        #expect(page.index == 0 && page.label == nil)
        let g = try #require(page.geometry)
        // size derived: CropBox 400 × 600 turned a quarter: 600 × 400.
        #expect(g.rotationRaw == nil && g.userUnit == 1 && g.size == Size(width: 600, height: 400))
    }

    @Test("A missing label key reads as null; \"\" stays a label")
    func labels() throws {
        let missing = try decode(#"{"pages":[{"index":0,"rotation":0,\#(boxes)}]}"#)
        let null = try decode(#"{"pages":[{"index":0,"label":null,"rotation":0,\#(boxes)}]}"#)
        let empty = try decode(#"{"pages":[{"index":0,"label":"","rotation":0,\#(boxes)}]}"#)
        #expect(missing.pages[0].label == nil && null.pages[0].label == nil && empty.pages[0].label == "")
        #expect(GeometryExpectation().differences(golden: missing, current: null).isEmpty)
        #expect(GeometryExpectation().differences(golden: null, current: empty).map(\.description) == [#"page 1: label null → """#])
    }

    @Test("Strings and numbers as RFC 8259 writes them")
    func strings() throws {
        let json = #"{"pages":[{"index":0,"label":"\u00e9\ud83d\ude00\n\"\/\\ x","rotation":0,\#(boxes)},"#
            + #"{"index":1,"label":"\ud800 alone","rotation":0,"userUnit":2.5e-1,"mediaBox":{"x":-0.5,"y":1E2,"width":595.276,"height":841.89},"#
            + #""cropBox":\#(box),"bleedBox":\#(box),"trimBox":\#(box),"artBox":\#(box)}]}"#
        let snapshot = try decode(json)
        #expect(snapshot.pages[0].label == "é😀\n\"/\\ x")
        #expect(snapshot.pages[1].label == "\u{FFFD} alone")
        let g = try #require(snapshot.pages[1].geometry)
        #expect(g.userUnit == 0.25 && g.boxes.mediaBox == Rect(x: -0.5, y: 100, width: 595.276, height: 841.89))
        // A byte order mark is allowed; duplicate keys keep the last.
        let bom = try GeometrySnapshot(goldenJSON: [0xEF, 0xBB, 0xBF] + Array(#"{"pageCount":1,"pageCount":0,"pages":[]}"#.utf8))
        #expect(bom.pageCount == 0)
    }

    @Test("An array of documents: the only one, or the one for the file")
    func arrays() throws {
        let one = #"{"file":"dir/a.pdf","pageCount":0,"pages":[]}"#
        let two = #"{"file":"b.pdf","pageCount":1,"pages":[{"index":0,"rotation":0,\#(boxes)}]}"#
        #expect(try decode("[\(one)]").file == "dir/a.pdf")
        #expect(try decode("[\(one),\(two)]", file: "elsewhere/b.pdf").file == "b.pdf")
        #expect(throws: GoldenFormatError.self) { try decode("[\(one),\(two)]", file: "c.pdf") }
    }

    @Test("Not a golden: the error says where")
    func invalid() {
        func detail(_ json: String) -> String? {
            do { _ = try decode(json); return nil } catch { return error.detail }
        }
        #expect(detail("not json") == "the document: expected an object")
        #expect(detail("%PDF-1.7") == "not valid JSON: unexpected character at byte 1")
        #expect(detail("") == "not valid JSON: unexpected end at byte 1")
        #expect(detail(#"{"pages":[{"index":0,"#) == "not valid JSON: expected a key in double quotes at byte 22")
        #expect(detail(#"{"pages":[]} x"#) == "not valid JSON: unexpected text after the document at byte 14")
        #expect(detail(#"{"pages":[],"pageCount":1.5}"#) == "pageCount: expected a whole number")
        #expect(detail(#"[{"pages":[{"index":0,"rotation":0}]}]"#) == "[0].pages[0].mediaBox: missing")
        #expect(detail(#"{"pages":[{"index":0,"rotation":0,"mediaBox":\#(box)}]}"#) == "pages[0].cropBox: missing")
        #expect(detail(#"{"pages":[{"index":0,"rotation":"ninety",\#(boxes)}]}"#) == "pages[0].rotation: expected a number")
        #expect(detail(#"{"pages":[{"index":0,"rotation":0,\#(boxes.replacingOccurrences(of: #""width":612"#, with: #""width":"612""#))}]}"#) == "pages[0].mediaBox.width: expected a number")
        #expect(detail(#"{"pages":{}}"#) == "pages: expected an array")
    }

    @Test("Damaged goldens throw, never crash: every truncation and seeded byte changes")
    func damaged() throws {
        // userunit.pdf's golden as `pages --format json` writes it: 3 pages, compact.
        let golden = try CurrentDocument.read(path: CheckPaths.fixtures.appendingPathComponent("userunit.pdf").path).goldenJSON()
        let whole = try GeometrySnapshot(goldenJSON: golden)
        #expect(whole.pages.count == 3)
        var thrown = 0
        for end in 0..<golden.count {
            do { _ = try GeometrySnapshot(goldenJSON: Array(golden[..<end])) } catch { thrown += 1 }
        }
        // Every proper prefix is cut inside the document (the last byte is its closing '}' or a
        // newline after it).
        #expect(thrown >= golden.count - 2)
        var rng = SeededGenerator(seed: 15)
        let alphabet = Array(#"{}[]:,"\-+.0123456789eEtrufalsn \#u{1}\#u{7f}é"#.utf8)
        for _ in 0..<1000 {
            var bytes = golden
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = alphabet.randomElement(using: &rng)!
            }
            _ = try? GeometrySnapshot(goldenJSON: bytes)
        }
        // Deep nesting is refused, not a stack overflow.
        let deep = Array(#"{"x":"#.utf8) + Array(repeating: UInt8(ascii: "["), count: 100_000)
        #expect(throws: GoldenFormatError.self) { try GeometrySnapshot(goldenJSON: deep) }
    }

    @Test("Every fixture's committed golden reads, with the pages its generator describes")
    func fixtureGoldens() throws {
        for pdf in CheckPaths.pdfs(in: CheckPaths.fixtures) {
            let golden = pdf.deletingPathExtension().appendingPathExtension("golden.json")
            let raw = try JSONSerialization.jsonObject(with: Data(contentsOf: golden)) as! [String: Any]
            let snapshot = try GeometrySnapshot(goldenJSON: Array(try Data(contentsOf: golden)))
            let pages = raw["pages"] as! [[String: Any]]
            #expect(snapshot.pages.count == pages.count, "\(golden.lastPathComponent)")
            #expect(snapshot.pageCount == (raw["pageCount"] as? Int ?? pages.count), "\(golden.lastPathComponent)")
            for (page, object) in zip(snapshot.pages, pages) {
                #expect(page.index == object["index"] as? Int)
                #expect(page.label == object["label"] as? String)
                #expect(page.geometry?.rotation == object["rotation"] as? Int)
            }
        }
    }
}
