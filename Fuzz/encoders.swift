// SPDX-License-Identifier: GPL-2.0-or-later
// The encoders on their own: page records, page errors, warnings and file outcomes built from the
// fuzzer's bytes (any Double, NaN and infinities included; any label text), written in every
// format, wide and narrow, pages and `info`. Invariants: the number rule's text of every value
// parses back to exactly NumberText.rounded(value); the JSON formats are valid and each field
// holds the value written (null exactly where the value is not finite); every csv row has the
// header's columns and its label, file and numbers read back; the table ends each line.
import PageInfoEncoding
import PageGeometry
import PageInfoRecords
import Foundation

private func number(_ v: Double, _ what: String) {
    var bytes: [UInt8] = []
    guard NumberText.append(v, to: &bytes) else { require(!v.isFinite, "\(what): no text for finite \(v)"); return }
    require(v.isFinite, "\(what): text for \(v)")
    let text = String(decoding: bytes, as: UTF8.self)
    let back = Double(text)
    require(back == NumberText.rounded(v), "\(what): \(v) prints \(text), which reads \(back.map { "\($0)" } ?? "nil"), not \(NumberText.rounded(v))")
    require(text != "-0" && !text.hasSuffix(".0") && !text.hasPrefix("."), "\(what): \(v) prints \(text)")
    require(formatCompact(v) == text, "formatCompact(\(v)) = \(formatCompact(v)), NumberText \(text)")
}

/// A JSON value Foundation decoded equals what was written: null for a non-finite value, else
/// the rounded value. Foundation's own parse of large exponents is off by a few ulps, so this
/// allows 10^-14 relative; the exact text is checked by `number` (Swift's correctly rounded
/// parse of NumberText's output).
private func field(_ json: Any?, _ v: Double, _ what: String) {
    if !v.isFinite { require(json is NSNull, "\(what): \(v) written as \(json ?? "nothing")"); return }
    guard let n = json as? NSNumber else { require(false, "\(what): \(v) written as \(json ?? "nothing")"); return }
    let expected = NumberText.rounded(v), got = n.doubleValue
    require(got == expected || abs(got - expected) <= abs(expected) * 1e-14, "\(what): \(v) reads back as \(got), not \(expected)")
}

private func csvNumber(_ text: String, _ v: Double, _ what: String) {
    if !v.isFinite { require(text == "null", "\(what): \(v) written as '\(text)'"); return }
    require(Double(text) == NumberText.rounded(v), "\(what): \(v) written as '\(text)'")
}

private func rect(_ input: inout FuzzInput) -> Rect {
    Rect(x: input.double(), y: input.double(), width: input.double(), height: input.double())
}

private func pageEntry(_ input: inout FuzzInput, index: Int) -> PageEntry {
    let label: String? = input.bool() ? input.string(max: 24) : nil
    var warnings: [ReadWarning] = []
    for _ in 0..<(Int(input.byte()) % 3) {
        let codes = ReadWarning.Code.allCases
        warnings.append(ReadWarning(codes[Int(input.byte()) % codes.count], input.string(max: 16)))
    }
    if input.byte() % 5 == 0 {
        let codes = PageReadError.Code.allCases
        return PageEntry(index: index, label: label, result: .failure(PageReadError(codes[Int(input.byte()) % codes.count], input.string(max: 16))),
                         warnings: warnings)
    }
    let boxes = input.bool() ? PageBoxes(uniform: rect(&input))
        : PageBoxes(mediaBox: rect(&input), cropBox: rect(&input), bleedBox: rect(&input), trimBox: rect(&input), artBox: rect(&input))
    let raw = input.bool() ? Int(input.byte()) * 90 - 11_520 : input.int(Int.min...Int.max)
    let page = PageInfo(index: index, label: label, boxes: boxes, rawRotation: raw, userUnit: input.double())
    return PageEntry(index: index, label: label, result: .success(page), warnings: warnings)
}

private func checkPage(_ json: [String: Any], _ entry: PageEntry, _ what: String) {
    require(json["index"] as? Int == entry.index, "\(what): index")
    if let label = entry.label { require(json["label"] as? String == label, "\(what): label \(json["label"] ?? "nil") for \(label.debugDescription)") }
    else { require(json["label"] is NSNull, "\(what): label of a page without one") }
    guard let page = entry.page else {
        require((json["error"] as? [String: Any])?["message"] as? String == entry.error?.message, "\(what): error message")
        return
    }
    require(json["rotation"] as? Int == page.rotation.rawValue, "\(what): rotation \(json["rotation"] ?? "nil")")
    // Foundation reads integers beyond 2^53 through a Double: compare those approximately.
    let raw = (json["rotationRaw"] as? NSNumber)?.doubleValue
    require(raw.map { abs($0 - Double(page.rawRotation)) <= abs(Double(page.rawRotation)) * 1e-15 } == true,
            "\(what): rotationRaw \(json["rotationRaw"] ?? "nil") for \(page.rawRotation)")
    field(json["userUnit"], page.userUnit, "\(what) userUnit")
    for (box, name) in [(PageBox.media, "mediaBox"), (.crop, "cropBox"), (.bleed, "bleedBox"), (.trim, "trimBox"), (.art, "artBox")] {
        let r = page.boxes[box], o = json[name] as? [String: Any] ?? [:]
        field(o["x"], r.x, "\(what) \(name).x"); field(o["y"], r.y, "\(what) \(name).y")
        field(o["width"], r.width, "\(what) \(name).width"); field(o["height"], r.height, "\(what) \(name).height")
    }
    let s = json["size"] as? [String: Any] ?? [:]
    field(s["width"], page.size.width, "\(what) size.width"); field(s["height"], page.size.height, "\(what) size.height")
    let t = page.rawToPage, o = json["transform"] as? [String: Any] ?? [:]
    for (k, v) in [("a", t.a), ("b", t.b), ("c", t.c), ("d", t.d), ("tx", t.tx), ("ty", t.ty)] { field(o[k], v, "\(what) transform.\(k)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    // The number rule alone, on a few values.
    for _ in 0..<4 { number(input.double(), "NumberText") }

    let file = input.string(max: 20)
    let layouts = PDFPageLayout.allCases, directions = ReadingDirection.allCases
    let summary = DocumentSummary(file: file, pdfVersion: input.bool() ? input.string(max: 6) : nil, encrypted: input.bool(),
                                  pageLayout: input.bool() ? layouts[Int(input.byte()) % layouts.count] : nil,
                                  direction: input.bool() ? directions[Int(input.byte()) % directions.count] : nil,
                                  hasPageLabels: input.bool())
    var entries: [PageEntry] = []
    for i in 0..<(Int(input.byte()) % 6) { entries.append(pageEntry(&input, index: i)) }
    let statuses: [DocumentOutcome.Status] = [.ok, .partial, .failed]
    let outcome = DocumentOutcome(status: statuses[Int(input.byte()) % 3], pageCount: entries.count,
                                  pageErrors: entries.filter { $0.error != nil }.count,
                                  countClaimed: input.bool() ? input.int(-5...1_000_000) : nil,
                                  error: input.bool() ? .init(code: input.string(max: 8), message: input.string(max: 20)) : nil,
                                  warnings: input.bool() ? [ReadWarning(.countMismatch, input.string(max: 12))] : [],
                                  bytes: input.bool() ? input.int(0...Int.max) : nil,
                                  seconds: input.bool() ? input.double() : nil)
    let failedFirst = input.bool()

    for format in PageListFormat.allCases {
        for wide in [false, true] {
            for pages in [true, false] {
                var encoder = PageListEncoder(format: format, wide: wide, includesPages: pages, out: ByteWriter())
                encoder.begin(documentCount: failedFirst ? 2 : 1)
                if failedFirst { encoder.failedDocument(file: file, outcome: .failed(.init(code: "damaged", message: file))) }
                encoder.beginDocument(summary)
                if pages { for e in entries { encoder.entry(e) } }
                encoder.endDocument(outcome)
                encoder.end()
                let bytes = encoder.out.bytes
                let what = "\(format) wide:\(wide) pages:\(pages)"
                switch format {
                case .json:
                    let value = requireValidJSON(bytes, what)
                    let docs = failedFirst ? value as? [[String: Any]] ?? [] : [value as? [String: Any] ?? [:]]
                    require(docs.count == (failedFirst ? 2 : 1), "\(what): \(docs.count) documents")
                    let doc = docs.last ?? [:]
                    require(doc["file"] as? String == file, "\(what): file \(doc["file"] ?? "nil") for \(file.debugDescription)")
                    if let s = outcome.seconds { field(doc["seconds"], (s * 1e6).rounded() / 1e6, "\(what) seconds") }
                    if pages {
                        let records = doc["pages"] as? [[String: Any]] ?? []
                        require(records.count == entries.count, "\(what): \(records.count) pages")
                        for (r, e) in zip(records, entries) { checkPage(r, e, what) }
                    }
                case .jsonl:
                    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
                    require(lines.last?.isEmpty == true, "\(what): no final newline")
                    let records = lines.dropLast().map { requireValidJSON(Array($0), what) as? [String: Any] ?? [:] }
                    let mine = records.suffix(pages ? entries.count + 1 : 1)
                    require(records.count == (pages ? entries.count : 0) + 1 + (failedFirst ? 1 : 0), "\(what): \(records.count) records")
                    for (r, e) in zip(mine, entries) where pages { checkPage(r, e, what); require(r["file"] as? String == file, "\(what): file") }
                    require(mine.last?["record"] as? String == "file" && mine.last?["file"] as? String == file, "\(what): file record")
                case .columns:
                    // The jsonl records, each run of page records as chunks: expanded row by row,
                    // the chunks give the page records back (a member null in every leaf is null).
                    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
                    require(lines.last?.isEmpty == true, "\(what): no final newline")
                    var records: [[String: Any]] = []
                    for line in lines.dropLast() {
                        let record = requireValidJSON(Array(line), what) as? [String: Any] ?? [:]
                        guard record["record"] as? String == "pages" else { records.append(record); continue }
                        let count = record["count"] as? Int ?? -1
                        let columns = record["columns"] as? [String: Any] ?? [:]
                        require((1...PageListEncoder.columnChunkPages).contains(count), "\(what): a chunk of \(count)")
                        for row in 0..<max(count, 0) {
                            var page: [String: Any] = ["record": "page", "file": record["file"] ?? NSNull()]
                            for (key, column) in columns { page[key] = columnRow(column, row, count, what) }
                            records.append(page)
                        }
                    }
                    let mine = records.suffix(pages ? entries.count + 1 : 1)
                    require(records.count == (pages ? entries.count : 0) + 1 + (failedFirst ? 1 : 0), "\(what): \(records.count) records")
                    for (r, e) in zip(mine, entries) where pages { checkPage(r, e, what); require(r["file"] as? String == file, "\(what): file") }
                    require(mine.last?["record"] as? String == "file" && mine.last?["file"] as? String == file, "\(what): file record")
                case .csv:
                    guard let rows = csvRows(bytes) else { require(false, "\(what): unreadable CSV"); break }
                    for row in rows { require(row.count == rows[0].count, "\(what): a row of \(row.count) fields, the header has \(rows[0].count)") }
                    let header = rows.first ?? []
                    let pageRows = rows.dropFirst().filter { $0.first == "page" }
                    require(pageRows.count == (pages ? entries.count : 0), "\(what): \(pageRows.count) page rows")
                    for (row, e) in zip(pageRows, entries) {
                        let cell = Dictionary(zip(header, row), uniquingKeysWith: { a, _ in a })
                        require(cell["file"] == file && cell["label"] == (e.label ?? ""), "\(what): file or label of row \(row)")
                        if let p = e.page {
                            csvNumber(cell["userUnit"] ?? "", p.userUnit, "\(what) csv userUnit")
                            csvNumber(cell["width"] ?? "", p.size.width, "\(what) csv width")
                            csvNumber(cell["cropBox.x"] ?? "", p.boxes.cropBox.x, "\(what) csv cropBox.x")
                            csvNumber(cell["transform.ty"] ?? "", p.rawToPage.ty, "\(what) csv transform.ty")
                        }
                    }
                case .table:
                    require(bytes.isEmpty || bytes.last == 0x0A, "\(what): the last line has no newline")
                }
            }
        }
    }
    return 0
}

/// Row `row` of a chunk column: an array's element, or for an object of columns the object of
/// its members' rows; every array must hold `count`. (A reader takes an object whose leaves are
/// all null for a null one, which real records allow: their numbers are finite. The fuzzed
/// pages here may have a box of four NaNs, each written null, so the object is kept.)
func columnRow(_ column: Any, _ row: Int, _ count: Int, _ what: String) -> Any {
    if let values = column as? [Any] {
        require(values.count == count, "\(what): a column of \(values.count) values in a chunk of \(count)")
        return row < values.count ? values[row] : NSNull()
    }
    guard let members = column as? [String: Any] else { require(false, "\(what): a column that is neither"); return NSNull() }
    var object: [String: Any] = [:]
    for (key, member) in members { object[key] = columnRow(member, row, count, what) }
    return object
}
