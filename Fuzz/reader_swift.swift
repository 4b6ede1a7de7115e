// SPDX-License-Identifier: GPL-2.0-or-later
// The reader through Swift and every page-list format: bytes → a file → `pageinfo pages`' own
// reading code (PageInfoReading's DocumentReader: PopplerDocument, the page cursor, the outcome) → the encoder in
// each format, then `info`'s file records. Invariants: every JSON output is valid (Foundation
// reads it) and every number in it finite and in the number rule's form; the json, jsonl and csv
// outputs agree on the page count and each page's index; the csv rows all have the header's
// columns; the exit code is a documented one; reading twice gives the same bytes.
import PageInfoGrammar
import PageInfoBatch
import PageInfoEncoding
import PageInfoPoppler
import PageInfoReading
import Foundation

private let path = scratchPath("reader.pdf")

private func read(_ format: PageListFormat, pages: Bool, ranges: PageRangeList? = nil) -> (bytes: [UInt8], result: DocumentReader.FileResult) {
    var encoder = PageListEncoder(format: format, wide: true, includesPages: pages, out: ByteWriter())
    let reading = DocumentReader(password: nil, ranges: ranges, withPages: pages)
    encoder.begin(documentCount: 1)
    let result = reading.read(.path(path), into: &encoder)
    encoder.end()
    require(encoder.out.nonFiniteNumbers == 0, "\(format): \(encoder.out.nonFiniteNumbers) numbers are not finite")
    return (encoder.out.bytes, result)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    writeFile(path, Array(UnsafeBufferPointer(start: data, count: size)))

    let json = read(.json, pages: true)
    let documented: Set<Int32> = [0, 2, 64, 65, 66, 77]
    require(documented.contains(json.result.exitStatus.rawValue), "exit code \(json.result.exitStatus.rawValue)")
    let object = requireValidJSON(json.bytes, "json") as? [String: Any]
    require(object != nil, "json: not an object")
    let pages = object!["pages"] as? [[String: Any]] ?? []
    let pageCount = object!["pageCount"] as? Int ?? -1
    require(pages.count == json.result.outcome.pageCount, "json: \(pages.count) page records, pageCount \(json.result.outcome.pageCount)")
    require(pageCount == json.result.outcome.pageCount, "json: pageCount field \(pageCount)")
    for (i, page) in pages.enumerated() {
        require(page["index"] as? Int == i, "json: page \(i) has index \(page["index"] ?? "nil")")
        if let unit = page["userUnit"] as? Double { require(unit > 0, "json: userUnit \(unit)") }
        if let rotation = page["rotation"] as? Int { require([0, 90, 180, 270].contains(rotation), "json: rotation \(rotation)") }
    }

    let jsonl = read(.jsonl, pages: true)
    require(jsonl.result.exitStatus == json.result.exitStatus, "jsonl exit \(jsonl.result.exitStatus) json \(json.result.exitStatus)")
    let lines = jsonl.bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    require(lines.last?.isEmpty == true, "jsonl: no newline at the end")
    let records = lines.dropLast().map { requireValidJSON(Array($0), "jsonl line") as? [String: Any] ?? [:] }
    require(records.last?["record"] as? String == "file", "jsonl: the last record is not the file record")
    require(records.count == pages.count + 1, "jsonl: \(records.count) records for \(pages.count) pages")
    for (i, r) in records.dropLast().enumerated() {
        require(r["record"] as? String == "page" && r["index"] as? Int == i, "jsonl: record \(i) is \(r)")
    }

    let csv = read(.csv, pages: true)
    guard let rows = csvRows(csv.bytes) else { require(false, "csv: unreadable"); return 0 }
    require(!rows.isEmpty, "csv: no header")
    for row in rows { require(row.count == rows[0].count, "csv: \(row.count) fields, header has \(rows[0].count)") }

    let table = read(.table, pages: true)
    require(table.result.exitStatus == json.result.exitStatus, "table exit \(table.result.exitStatus)")
    if json.result.outcome.status != .failed || json.result.outcome.pageCount > 0 {
        require(table.bytes.last == 0x0A, "table: no newline at the end")
    }

    // `info`: the file record alone, the same count as the walk with pages.
    let info = read(.jsonl, pages: false)
    let infoRecord = requireValidJSON(Array(info.bytes.split(separator: 0x0A).last ?? []), "info") as? [String: Any]
    require(infoRecord?["pageCount"] as? Int == pageCount, "info: pageCount \(infoRecord?["pageCount"] ?? "nil"), pages: \(pageCount)")

    // Reading is deterministic (checked on small inputs: a read of a large one costs seconds).
    if size < 20_000 { require(read(.json, pages: true).bytes == json.bytes, "json: a second read differs") }

    // A selection: the last page alone is the walk's last record (unless the xref was rebuilt
    // during the walk, which can change what later fetches see).
    if pageCount > 1, !(object!["warnings"] as? [[String: Any]] ?? []).contains(where: { ($0["code"] as? String) == "xref-repaired" }) {
        let one = read(.jsonl, pages: true, ranges: try? PageRangeList("\(pageCount)"))
        let first = one.bytes.split(separator: 0x0A).first.map(Array.init) ?? []
        require(first == Array(lines[pageCount - 1]), "--pages \(pageCount): differs from the walk's record")
    }
    return 0
}
