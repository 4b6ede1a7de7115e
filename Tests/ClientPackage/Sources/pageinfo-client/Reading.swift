// SPDX-License-Identifier: GPL-2.0-or-later
// One file into typed records, with one import: PageInfoReading brings the reader, the records
// (DocumentRecords, PageEntry, DocumentOutcome…), PageGeometry's values (PageInfo, Rect) and the
// reader's error (PageInfoError).
import PageInfoReading

/// The records of the PDF at `path`, and those of the same file given as `bytes`; a message
/// saying what differs, or `nil` when they are the same.
func compareRecords(path: String, bytes: [UInt8]) throws -> (records: DocumentRecords, difference: String?) {
    let reader = DocumentReader()
    let fromPath = try reader.records(.path(path))
    let fromBytes: DocumentRecords
    do { fromBytes = try reader.records(.bytes(bytes, name: path)) } catch { return (fromPath, "\(path) (bytes): \(error)") }
    return (fromPath, difference(fromPath, fromBytes, what: "\(path) (bytes)"))
}

/// What differs between two readings of one file, or `nil`.
func difference(_ a: DocumentRecords, _ b: DocumentRecords, what: String) -> String? {
    if a.summary != b.summary { return "\(what): the summaries differ: \(a.summary) / \(b.summary)" }
    if a.entries != b.entries { return "\(what): the page entries differ" }
    if a.outcome != b.outcome || a.exitStatus != b.exitStatus { return "\(what): the outcomes differ: \(a.outcome) / \(b.outcome)" }
    return nil
}

/// One line per record with its values, in the order of `pageinfo pages --format jsonl`: a line
/// per page entry, then the file's.
func describe(_ r: DocumentRecords) -> [String] {
    func rect(_ r: Rect) -> String { "\(r.origin.x),\(r.origin.y),\(r.size.width),\(r.size.height)" }
    func text(_ s: String?) -> String { s ?? "-" }
    func warnings(_ ws: [ReadWarning]) -> String { "[" + ws.map { "\($0.code.rawValue): \($0.message)" }.joined(separator: "; ") + "]" }
    var lines: [String] = []
    for entry in r.entries {
        var line = "page \(r.summary.file) \(entry.index) \(text(entry.label))"
        switch entry.result {
        case .success(let p):
            line += " \(p.rotation.rawValue) \(p.rawRotation) \(p.userUnit) " + [p.boxes.mediaBox, p.boxes.cropBox, p.boxes.bleedBox,
                    p.boxes.trimBox, p.boxes.artBox].map(rect).joined(separator: " ") + " \(p.size.width),\(p.size.height)"
        case .failure(let e): line += " error \(e.code.rawValue) \(e.message)"
        }
        lines.append(line + " " + warnings(entry.warnings))
    }
    let o = r.outcome, s = r.summary
    lines.append("file \(s.file) \(text(s.pdfVersion)) \(s.encrypted) \(s.hasPageLabels) \(text(s.pageLayout?.rawValue)) \(text(s.direction?.rawValue))"
                 + " \(o.status.rawValue) \(o.pageCount) \(o.pageErrors) \(o.countClaimed.map(String.init) ?? "-") \(text(o.error?.code)) \(text(o.error?.message))"
                 + " \(o.bytes.map(String.init) ?? "-") " + warnings(o.warnings))
    return lines
}
