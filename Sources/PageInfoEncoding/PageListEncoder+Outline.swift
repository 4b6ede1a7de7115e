// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry
import PageInfoRecords

// `pageinfo outline`: the document outline's records (docs/records.md, *Outline records*) before
// the file record (JSON lines), inside it (JSON), or as the rows (CSV and the table).
extension PageListEncoder {
    /// The CSV columns of an outline entry between `file` and `status`: `index` … `object`, the
    /// action's two and the destination's 15.
    static let outlineCSVColumns = 6 + 2 + 15

    /// The document's outline, in the encoder's format.
    package mutating func outline(_ outline: DocumentOutline) {
        switch format {
        case .json:
            out.append("\"outline\":[")
            for e in outline.entries {
                out.append(e.index == 0 ? "\n" : ",\n")
                writeOutlineRecord(e, file: nil, targets: outline.targets)
            }
            out.append(outline.entries.isEmpty ? "]," : "\n],")
        case .jsonl, .columns:
            for e in outline.entries {
                writeOutlineRecord(e, file: file, targets: outline.targets)
                out.append("\n")
                out.flushIfNeeded()
            }
        case .csv: for e in outline.entries { writeCSVOutlineRow(e, targets: outline.targets); out.flushIfNeeded() }
        case .table: writeTableOutline(outline)
        }
        out.flushIfNeeded()
    }

    /// One outline record: `{"record":"outline","file","index","level","title","open","count","object","action","destination","warnings"}`.
    mutating func writeOutlineRecord(_ e: OutlineEntry, file: String?, targets: [Int: PageInfo]) {
        recordsInDocument += 1
        out.append("{\"record\":\"outline\",")
        if let file { out.append("\"file\":"); out.append(jsonNamingFile: file); out.append(",") }
        out.append("\"index\":"); out.append(int: e.index)
        out.append(",\"level\":"); out.append(int: e.level)
        out.append(",\"title\":"); out.append(jsonString: e.title)
        out.append(",\"open\":"); out.append(e.isOpen ? "true" : "false")
        out.append(",\"count\":"); appendOptional(e.count)
        out.append(",\"object\":"); appendOptional(e.object)
        out.append(",\"action\":"); appendAction(e.action)
        out.append(",\"destination\":")
        if let d = e.destination { appendDestination(d, geometry: destinationGeometry(d, targets)) } else { out.append("null") }
        out.append(",\"warnings\":"); out.append(json: e.warnings)
        out.append("}")
    }

    mutating func writeCSVOutlineHeader() {
        out.append("record,file,index,level,title,open,count,object,action.type,action.target")
        for name: StaticString in ["page", "remotePage", "kind", "left", "bottom", "right", "top", "zoom", "name", "pagePoint.x", "pagePoint.y",
                                   "pageRect.x", "pageRect.y", "pageRect.width", "pageRect.height"] {
            out.append(",destination."); out.append(name)
        }
        out.append(",status,error,errorMessage,warnings,pageCount\n")
    }

    mutating func writeCSVOutlineRow(_ e: OutlineEntry, targets: [Int: PageInfo]) {
        out.append("outline,"); out.append(csvField: file)
        out.append(","); out.append(int: e.index)
        out.append(","); out.append(int: e.level)
        out.append(","); if let t = e.title { out.append(csvField: t) }
        out.append(e.isOpen ? ",true," : ",false,"); if let c = e.count { out.append(int: c) }
        out.append(","); if let o = e.object { out.append(int: o) }
        for text in [e.action?.type, e.action?.target] { out.append(","); if let text { out.append(csvField: text) } }
        appendCSVDestination(e.destination, geometry: e.destination.flatMap { destinationGeometry($0, targets) })
        out.append(",ok,,")
        appendCSVWarnings(e.warnings)
        out.append(",\n")
    }

    /// The table: one line per entry, `-` before an open item with children, `+` before a
    /// closed one, indented two spaces a level, then its target; warnings under it.
    mutating func writeTableOutline(_ outline: DocumentOutline) {
        out.append("    #  TITLE (- open, + closed; indented by level)  → TARGET\n")
        let entries = outline.entries
        for (i, e) in entries.enumerated() {
            let start = out.count
            out.append(int: e.index + 1)
            let digits = out.count - start
            if digits < 5 { out.insertSpaces(5 - digits, at: start) }
            out.append("  ")
            out.appendSpaces(2 * e.level)
            let hasChildren = i + 1 < entries.count && entries[i + 1].level > e.level
            out.append(hasChildren ? (e.isOpen ? "- " : "+ ") : "  ")
            // One line an entry: a title's line breaks and other controls are shown as spaces.
            out.append(String(String.UnicodeScalarView((e.title ?? "(no title)").unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7f ? " " : $0 })))
            let what = Self.linkText(action: e.action, destination: e.destination)
            if !what.isEmpty { out.append("  "); out.append(what.joined(separator: " ")) }
            out.trimTrailingSpaces()
            out.append("\n")
            writeTableWarnings(e.warnings)
        }
        out.append("# "); out.append(int: entries.count); out.append(entries.count == 1 ? " outline entry\n" : " outline entries\n")
    }
}
