// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoRecords

// The table for people: 80 columns, rows, warnings under them, a footer.
extension PageListEncoder {

    // Column widths. The narrow view fits 80 columns for typical pages: page, label, rotation,
    // displayed size, CropBox, and a note naming the other boxes that differ from it.
    static let labelWidth = 10
    static let boxWidth = 27
    /// The wide view's UNIT column: /UserUnit by the one number rule, as JSON prints it, so
    /// every valid value (10⁻⁹ … 10⁶, the reader's limits) is distinct. The longest text the
    /// rule gives in that range is 16 characters: 6 integer digits, a point and 9 decimals
    /// (`999999.999999999`); below 10⁻³ at most 11 (`0.000999999`, `1e-09`), 10⁶ is `1000000`.
    static let unitWidth = 16

    mutating func writeTableHeader() {
        if wide {
            out.append(" PAGE  LABEL       ROT  UNIT              SIZE (pt)          MEDIABOX [x0 y0 x1 y1]       CROPBOX                      BLEEDBOX                     TRIMBOX                      ARTBOX\n")
        } else {
            out.append(" PAGE  LABEL       ROT  SIZE (pt)          CROPBOX [x0 y0 x1 y1]        DIFFERS\n")
        }
    }

    mutating func pad(from start: Int, to width: Int) {
        out.appendSpaces(width - (out.count - start))
    }

    mutating func writeCorners(_ r: Rect, width: Int) {
        let start = out.count
        out.append(number: r.minX, decimals: 2); out.append(" ")
        out.append(number: r.minY, decimals: 2); out.append(" ")
        out.append(number: r.maxX, decimals: 2); out.append(" ")
        out.append(number: r.maxY, decimals: 2)
        out.append(" ")
        pad(from: start, to: width)
    }

    mutating func writeTableRow(_ entry: PageEntry) {
        // PAGE: right-aligned 1-based page number in 5 columns.
        var start = out.count
        out.append(int: entry.index + 1)
        let digits = out.count - start
        if digits < 5 {
            out.insertSpaces(5 - digits, at: start)
        }
        out.append("  ")
        // LABEL: left-aligned, truncated with "…" beyond the column.
        start = out.count
        if let label = entry.label {
            let chars = Array(label.unicodeScalars.lazy.map { $0.properties.generalCategory == .control ? " " : $0 })
            if chars.count > Self.labelWidth {
                for c in chars.prefix(Self.labelWidth - 1) { out.append(String(c)) }
                out.append("…")
                out.appendSpaces(2)
            } else {
                var s = String.UnicodeScalarView(); s.append(contentsOf: chars)
                out.append(String(s))
                out.appendSpaces(Self.labelWidth + 2 - chars.count)
            }
        } else {
            out.append("-")
            out.appendSpaces(Self.labelWidth + 1)
        }
        guard case .success(let page) = entry.result else {
            out.append("page error: "); out.append(entry.error?.message ?? "")
            out.append("\n")
            writeTableWarnings(entry.warnings)
            return
        }
        // ROT: right-aligned in 3.
        start = out.count
        out.append(int: page.rotation.rawValue)
        let rotDigits = out.count - start
        if rotDigits < 3 { out.insertSpaces(3 - rotDigits, at: start) }
        out.append("  ")
        if wide {
            start = out.count
            out.append(number: page.userUnit)
            pad(from: start, to: Self.unitWidth + 2)
        }
        // SIZE: displayed width x height.
        start = out.count
        let size = page.size
        out.append(number: size.width, decimals: 2); out.append(" x "); out.append(number: size.height, decimals: 2)
        out.append(" ")
        pad(from: start, to: 19)
        let b = page.boxes
        if wide {
            writeCorners(b.mediaBox, width: Self.boxWidth + 2)
            writeCorners(b.cropBox, width: Self.boxWidth + 2)
            writeCorners(b.bleedBox, width: Self.boxWidth + 2)
            writeCorners(b.trimBox, width: Self.boxWidth + 2)
            writeCorners(b.artBox, width: 0)
        } else {
            writeCorners(b.cropBox, width: Self.boxWidth + 2)
            // DIFFERS: one letter per box that differs from the CropBox (M media, B bleed, T trim,
            // A art) and U for a /UserUnit other than 1; "-" when none.
            let start = out.count
            if b.mediaBox != b.cropBox { out.append("M") }
            if b.bleedBox != b.cropBox { out.append("B") }
            if b.trimBox != b.cropBox { out.append("T") }
            if b.artBox != b.cropBox { out.append("A") }
            if page.userUnit != 1 { out.append("U") }
            if out.count == start { out.append("-") }
        }
        // Trim trailing spaces.
        out.trimTrailingSpaces()
        out.append("\n")
        writeTableWarnings(entry.warnings)
    }

    /// A page's warnings, one indented line each under its row.
    mutating func writeTableWarnings(_ warnings: [ReadWarning]) {
        for w in warnings {
            out.append("       ! "); out.append(w.code.rawValue); out.append(": "); out.append(w.message); out.append("\n")
        }
    }

    /// `# N pages[, K page errors]: status`, then one line per document warning.
    mutating func writeTableFooter(_ o: DocumentOutcome) {
        out.append("# "); out.append(int: o.pageCount); out.append(o.pageCount == 1 ? " page" : " pages")
        if o.pageErrors > 0 {
            out.append(", "); out.append(int: o.pageErrors); out.append(o.pageErrors == 1 ? " page error" : " page errors")
        }
        if let c = o.countClaimed, c != o.pageCount { out.append(" (/Count says "); out.append(int: c); out.append(")") }
        out.append(": "); out.append(o.status.rawValue); out.append("\n")
        for w in o.warnings {
            out.append("# warning: "); out.append(w.code.rawValue); out.append(": "); out.append(w.message); out.append("\n")
        }
    }
}
