import PageGeometry

/// The output formats of `pageinfo pages`.
public enum PageListFormat: String, CaseIterable, Sendable {
    /// Aligned columns for people; `wide` adds every box in full.
    case table
    /// One JSON document per file: `{"file", "pageCount", …, "pages": [...]}`; an array of
    /// them for several files.
    case json
    /// One page object per line, each with a `file` field; streamed.
    case jsonl
    /// One row per page with a header row; RFC 4180 quoting.
    case csv
}

/// What is known about a document before its pages are walked.
public struct DocumentSummary: Sendable {
    public var file: String
    public var pdfVersion: String?
    public var encrypted: Bool
    public var pageLayout: PDFPageLayout?
    public var direction: ReadingDirection?
    public var hasPageLabels: Bool

    public init(file: String, pdfVersion: String? = nil, encrypted: Bool = false,
                pageLayout: PDFPageLayout? = nil, direction: ReadingDirection? = nil, hasPageLabels: Bool = false) {
        self.file = file; self.pdfVersion = pdfVersion; self.encrypted = encrypted
        self.pageLayout = pageLayout; self.direction = direction; self.hasPageLabels = hasPageLabels
    }
}

/// Streams page records in one of the ``PageListFormat``s into a ``ByteWriter``.
///
/// Call ``begin(documentCount:)`` once, then for each document either ``beginDocument(_:)``,
/// ``entry(_:)`` for each position of its page tree and ``endDocument(_:)``, or
/// ``failedDocument(file:outcome:)``; finally ``end()``. The records are those of
/// `docs/records.md`: page records, then one file record per document.
public struct PageListEncoder: ~Copyable {
    public var out: ByteWriter
    public let format: PageListFormat
    public let wide: Bool
    private var multipleDocuments = false
    private var documentsWritten = 0
    private var pagesInDocument = 0
    private var file = ""
    private var summary: DocumentSummary?
    /// False for `pageinfo info`: file records only (json without "pages"; the table format
    /// becomes the text summary).
    public let includesPages: Bool

    public init(format: PageListFormat, wide: Bool = false, includesPages: Bool = true, out: consuming ByteWriter) {
        self.format = format
        self.wide = wide
        self.includesPages = includesPages
        self.out = out
    }

    /// Starts the output for `documentCount` documents (json wraps several in an array; csv
    /// prints its header once).
    public mutating func begin(documentCount: Int) {
        multipleDocuments = documentCount != 1
        switch format {
        case .json: if multipleDocuments { out.append("[") }
        case .csv: writeCSVHeader()
        case .table, .jsonl: break
        }
    }

    public mutating func beginDocument(_ doc: DocumentSummary) {
        file = doc.file
        summary = doc
        pagesInDocument = 0
        if !includesPages {
            if format == .json { startJSONDocument(); out.append("{\"record\":\"file\","); out.appendFields(of: doc); out.append(",") }
            return
        }
        switch format {
        case .json:
            startJSONDocument()
            out.append("{\"record\":\"file\","); out.appendFields(of: doc)
            out.append(",\"pages\":[")
        case .table:
            if documentsWritten > 0 { out.append("\n") }
            out.append("# "); out.append(doc.file)
            if let v = doc.pdfVersion { out.append(": PDF "); out.append(v) }
            if doc.encrypted { out.append(", encrypted") }
            out.append("\n")
            writeTableHeader()
        case .jsonl, .csv: break
        }
    }

    /// One position of the page tree: a page or a page error, with its warnings.
    public mutating func entry(_ entry: PageEntry) {
        switch format {
        case .json:
            out.append(pagesInDocument == 0 ? "\n" : ",\n")
            writePageRecord(entry, file: nil)
        case .jsonl:
            writePageRecord(entry, file: file)
            out.append("\n")
        case .csv: writeCSVRow(entry)
        case .table: writeTableRow(entry)
        }
        pagesInDocument += 1
        out.flushIfNeeded()
    }

    /// A page without warnings (for callers that hold ``PageInfo`` values).
    public mutating func page(_ page: PageInfo) {
        entry(PageEntry(index: page.index, label: page.label, result: .success(page)))
    }

    /// Ends the document begun with ``beginDocument(_:)`` with its file record.
    public mutating func endDocument(_ outcome: DocumentOutcome) {
        switch format {
        case .json:
            if includesPages { out.append(pagesInDocument == 0 ? "]," : "\n],") }
            appendOutcomeFields(outcome)
            out.append("}")
            if !multipleDocuments { out.append("\n") }
        case .jsonl:
            out.append("{\"record\":\"file\","); out.appendFields(of: summary ?? DocumentSummary(file: file))
            out.append(","); appendOutcomeFields(outcome); out.append("}\n")
        case .csv: writeCSVFileRow(outcome)
        case .table: if includesPages { writeTableFooter(outcome) } else { writeSummaryText(outcome) }
        }
        documentsWritten += 1
        summary = nil
        out.flushIfNeeded()
    }

    /// The file record of a file that could not be opened (nothing in the table format: the
    /// failure is reported on stderr).
    public mutating func failedDocument(file: String, outcome: DocumentOutcome) {
        self.file = file
        switch format {
        case .json:
            startJSONDocument()
            out.append("{\"record\":\"file\",\"file\":"); out.append(jsonString: file)
            out.append(includesPages ? ",\"pages\":[]," : ",")
            appendOutcomeFields(outcome); out.append("}")
            if !multipleDocuments { out.append("\n") }
        case .jsonl:
            out.append("{\"record\":\"file\",\"file\":"); out.append(jsonString: file); out.append(",")
            appendOutcomeFields(outcome); out.append("}\n")
        case .csv: writeCSVFileRow(outcome)
        case .table: return
        }
        documentsWritten += 1
        out.flushIfNeeded()
    }

    public mutating func end() {
        if format == .json && multipleDocuments { out.append(documentsWritten == 0 ? "]\n" : "\n]\n") }
        out.flush()
    }

    /// `pageinfo info`'s text: one aligned "Name: value" line per fact.
    private mutating func writeSummaryText(_ o: DocumentOutcome) {
        let s = summary ?? DocumentSummary(file: file)
        if documentsWritten > 0 { out.append("\n") }
        out.append("File:        "); out.append(s.file); out.append("\n")
        out.append("Pages:       "); out.append(int: o.pageCount)
        if o.pageErrors > 0 { out.append(" ("); out.append(int: o.pageErrors); out.append(o.pageErrors == 1 ? " page error)" : " page errors)") }
        if let c = o.countClaimed, c != o.pageCount { out.append(" (/Count says "); out.append(int: c); out.append(")") }
        out.append("\n")
        out.append("PDF version: "); out.append(s.pdfVersion ?? "?"); out.append("\n")
        out.append("Encrypted:   "); out.append(s.encrypted ? "yes" : "no"); out.append("\n")
        out.append("Page labels: "); out.append(s.hasPageLabels ? "yes" : "no"); out.append("\n")
        out.append("Page layout: "); out.append(s.pageLayout?.rawValue ?? "-"); out.append("\n")
        out.append("Direction:   "); out.append(s.direction?.rawValue ?? "-"); out.append("\n")
        out.append("Status:      "); out.append(o.status.rawValue); out.append("\n")
        for w in o.warnings { out.append("Warning:     "); out.append(w.code.rawValue); out.append(": "); out.append(w.message); out.append("\n") }
    }

    // MARK: - JSON

    private mutating func startJSONDocument() {
        if multipleDocuments { out.append(documentsWritten == 0 ? "\n" : ",\n") }
    }

    /// `"status", "pageCount", "pageErrors", "countClaimed", "error", "warnings", "bytes", "seconds"`.
    private mutating func appendOutcomeFields(_ o: DocumentOutcome) {
        out.append("\"status\":\""); out.append(o.status.rawValue)
        out.append("\",\"pageCount\":"); out.append(int: o.pageCount)
        out.append(",\"pageErrors\":"); out.append(int: o.pageErrors)
        out.append(",\"countClaimed\":"); if let c = o.countClaimed { out.append(int: c) } else { out.append("null") }
        out.append(",\"error\":")
        if let e = o.error {
            out.append("{\"code\":"); out.append(jsonString: e.code)
            out.append(",\"message\":"); out.append(jsonString: e.message); out.append("}")
        } else {
            out.append("null")
        }
        out.append(",\"warnings\":"); out.append(json: o.warnings)
        out.append(",\"bytes\":"); if let b = o.bytes { out.append(int: b) } else { out.append("null") }
        out.append(",\"seconds\":"); if let t = o.seconds { out.append(number: (t * 1e6).rounded() / 1e6) } else { out.append("null") }
    }

    /// The page record of the JSON formats (see `docs/records.md`).
    public mutating func writePageRecord(_ entry: PageEntry, file: String?) {
        out.append("{\"record\":\"page\",")
        if let file { out.append("\"file\":"); out.append(jsonString: file); out.append(",") }
        out.append("\"index\":"); out.append(int: entry.index)
        out.append(",\"label\":"); out.append(jsonString: entry.label)
        switch entry.result {
        case .success(let page):
            out.append(",\"rotation\":"); out.append(int: page.rotation.rawValue)
            out.append(",\"rotationRaw\":"); out.append(int: page.rawRotation)
            out.append(",\"userUnit\":"); out.append(number: page.userUnit)
            out.append(",\"mediaBox\":"); out.append(json: page.boxes.mediaBox)
            out.append(",\"cropBox\":"); out.append(json: page.boxes.cropBox)
            out.append(",\"bleedBox\":"); out.append(json: page.boxes.bleedBox)
            out.append(",\"trimBox\":"); out.append(json: page.boxes.trimBox)
            out.append(",\"artBox\":"); out.append(json: page.boxes.artBox)
            out.append(",\"size\":"); out.append(json: page.size)
            out.append(",\"transform\":"); out.append(json: page.rawToPage)
        case .failure(let error):
            out.append(",\"error\":{\"code\":"); out.append(jsonString: error.code.rawValue)
            out.append(",\"message\":"); out.append(jsonString: error.message); out.append("}")
        }
        out.append(",\"warnings\":"); out.append(json: entry.warnings)
        out.append("}")
    }

    /// The page object of the JSON formats for a page without warnings.
    public mutating func writePageObject(_ page: PageInfo, file: String?) {
        writePageRecord(PageEntry(index: page.index, label: page.label, result: .success(page)), file: file)
    }

    // MARK: - CSV

    private static let boxNames: [(PageBox, StaticString)] = [
        (.media, "mediaBox"), (.crop, "cropBox"), (.bleed, "bleedBox"), (.trim, "trimBox"), (.art, "artBox"),
    ]
    /// Geometry columns after `label`: rotation, rotationRaw, userUnit, width, height, the boxes, the transform.
    private static let geometryColumnCount = 5 + 5 * 4 + 6

    private mutating func writeCSVHeader() {
        out.append("record,file,index,page,label,rotation,rotationRaw,userUnit,width,height")
        for (_, name) in Self.boxNames {
            for field: StaticString in ["x", "y", "width", "height"] {
                out.append(","); out.append(name); out.append("."); out.append(field)
            }
        }
        out.append(",transform.a,transform.b,transform.c,transform.d,transform.tx,transform.ty")
        out.append(",status,error,errorMessage,warnings,pageCount\n")
    }

    private mutating func appendCSVWarnings(_ warnings: [ReadWarning]) {
        out.append(",")
        guard !warnings.isEmpty else { return }
        out.append(csvField: warnings.map(\.code.rawValue).joined(separator: ";"))
    }

    private mutating func writeCSVRow(_ entry: PageEntry) {
        out.append("page,")
        out.append(csvField: file)
        out.append(","); out.append(int: entry.index)
        out.append(","); out.append(int: entry.index + 1)
        out.append(","); if let label = entry.label { out.append(csvField: label) }
        switch entry.result {
        case .success(let page):
            out.append(","); out.append(int: page.rotation.rawValue)
            out.append(","); out.append(int: page.rawRotation)
            out.append(","); out.append(number: page.userUnit)
            let size = page.size
            out.append(","); out.append(number: size.width)
            out.append(","); out.append(number: size.height)
            for (box, _) in Self.boxNames {
                let r = page.boxes[box]
                out.append(","); out.append(number: r.x)
                out.append(","); out.append(number: r.y)
                out.append(","); out.append(number: r.width)
                out.append(","); out.append(number: r.height)
            }
            let t = page.rawToPage
            for v in [t.a, t.b, t.c, t.d, t.tx, t.ty] { out.append(","); out.append(number: v) }
            out.append(",ok,,")
        case .failure(let error):
            for _ in 0..<Self.geometryColumnCount { out.append(",") }
            out.append(",error,"); out.append(error.code.rawValue)
            out.append(","); out.append(csvField: error.message)
        }
        appendCSVWarnings(entry.warnings)
        out.append(",\n")
    }

    private mutating func writeCSVFileRow(_ o: DocumentOutcome) {
        out.append("file,")
        out.append(csvField: file)
        out.append(",,,")
        for _ in 0..<Self.geometryColumnCount { out.append(",") }
        out.append(","); out.append(o.status.rawValue)
        out.append(","); if let e = o.error { out.append(csvField: e.code) }
        out.append(","); if let e = o.error { out.append(csvField: e.message) }
        appendCSVWarnings(o.warnings)
        out.append(","); out.append(int: o.pageCount)
        out.append("\n")
    }

    // MARK: - Table

    // Column widths. The narrow view fits 80 columns for typical pages: page, label, rotation,
    // displayed size, CropBox, and a note naming the other boxes that differ from it.
    private static let labelWidth = 10
    private static let boxWidth = 27

    private mutating func writeTableHeader() {
        if wide {
            out.append(" PAGE  LABEL       ROT  UNIT  SIZE (pt)          MEDIABOX [x0 y0 x1 y1]       CROPBOX                      BLEEDBOX                     TRIMBOX                      ARTBOX\n")
        } else {
            out.append(" PAGE  LABEL       ROT  SIZE (pt)          CROPBOX [x0 y0 x1 y1]        DIFFERS\n")
        }
    }

    private mutating func pad(from start: Int, to width: Int) {
        out.appendSpaces(width - (out.bytes.count - start))
    }

    private mutating func writeCorners(_ r: Rect, width: Int) {
        let start = out.bytes.count
        out.append(number: r.minX, decimals: 2); out.append(" ")
        out.append(number: r.minY, decimals: 2); out.append(" ")
        out.append(number: r.maxX, decimals: 2); out.append(" ")
        out.append(number: r.maxY, decimals: 2)
        out.append(" ")
        pad(from: start, to: width)
    }

    private mutating func writeTableRow(_ entry: PageEntry) {
        // PAGE: right-aligned 1-based page number in 5 columns.
        var start = out.bytes.count
        out.append(int: entry.index + 1)
        let digits = out.bytes.count - start
        if digits < 5 {
            out.bytes.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: 5 - digits), at: start)
        }
        out.append("  ")
        // LABEL: left-aligned, truncated with "…" beyond the column.
        start = out.bytes.count
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
        start = out.bytes.count
        out.append(int: page.rotation.rawValue)
        let rotDigits = out.bytes.count - start
        if rotDigits < 3 { out.bytes.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: 3 - rotDigits), at: start) }
        out.append("  ")
        if wide {
            start = out.bytes.count
            out.append(number: page.userUnit, decimals: 4)
            pad(from: start, to: 6)
        }
        // SIZE: displayed width x height.
        start = out.bytes.count
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
            let start = out.bytes.count
            if b.mediaBox != b.cropBox { out.append("M") }
            if b.bleedBox != b.cropBox { out.append("B") }
            if b.trimBox != b.cropBox { out.append("T") }
            if b.artBox != b.cropBox { out.append("A") }
            if page.userUnit != 1 { out.append("U") }
            if out.bytes.count == start { out.append("-") }
        }
        // Trim trailing spaces.
        while out.bytes.last == UInt8(ascii: " ") { out.bytes.removeLast() }
        out.append("\n")
        writeTableWarnings(entry.warnings)
    }

    /// A page's warnings, one indented line each under its row.
    private mutating func writeTableWarnings(_ warnings: [ReadWarning]) {
        for w in warnings {
            out.append("       ! "); out.append(w.code.rawValue); out.append(": "); out.append(w.message); out.append("\n")
        }
    }

    /// `# N pages[, K page errors]: status`, then one line per document warning.
    private mutating func writeTableFooter(_ o: DocumentOutcome) {
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

extension ByteWriter {
    /// A JSON string, or `null` for nil.
    public mutating func append(jsonString s: String?) {
        if let s { append(jsonString: s) } else { append("null") }
    }

    /// The document fields every file record starts with, without braces: `"file",
    /// "pdfVersion", "encrypted", "hasPageLabels", "pageLayout", "direction"`.
    public mutating func appendFields(of doc: DocumentSummary) {
        append("\"file\":"); append(jsonString: doc.file)
        append(",\"pdfVersion\":"); append(jsonString: doc.pdfVersion)
        append(",\"encrypted\":"); append(doc.encrypted ? "true" : "false")
        append(",\"hasPageLabels\":"); append(doc.hasPageLabels ? "true" : "false")
        append(",\"pageLayout\":"); append(jsonString: doc.pageLayout?.rawValue)
        append(",\"direction\":"); append(jsonString: doc.direction?.rawValue)
    }
}

extension ByteWriter {
    /// A JSON array of warnings: `[{"code","message"}, …]`.
    public mutating func append(json warnings: [ReadWarning]) {
        append("[")
        for (i, w) in warnings.enumerated() {
            if i > 0 { append(",") }
            append("{\"code\":"); append(jsonString: w.code.rawValue)
            append(",\"message\":"); append(jsonString: w.message); append("}")
        }
        append("]")
    }
}
