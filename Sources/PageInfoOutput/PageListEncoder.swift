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
    public var pageCount: Int
    public var pdfVersion: String?
    public var encrypted: Bool
    public var pageLayout: PDFPageLayout?
    public var direction: ReadingDirection?
    public var hasPageLabels: Bool

    public init(file: String, pageCount: Int, pdfVersion: String? = nil, encrypted: Bool = false,
                pageLayout: PDFPageLayout? = nil, direction: ReadingDirection? = nil, hasPageLabels: Bool = false) {
        self.file = file; self.pageCount = pageCount; self.pdfVersion = pdfVersion; self.encrypted = encrypted
        self.pageLayout = pageLayout; self.direction = direction; self.hasPageLabels = hasPageLabels
    }
}

/// Streams page geometry in one of the ``PageListFormat``s into a ``ByteWriter``.
///
/// Call ``begin(documentCount:)`` once, then for each document ``beginDocument(_:)``,
/// ``page(_:)`` for each page and ``endDocument()``, and finally ``end()``.
public struct PageListEncoder: ~Copyable {
    public var out: ByteWriter
    public let format: PageListFormat
    public let wide: Bool
    private var multipleDocuments = false
    private var documentsWritten = 0
    private var pagesInDocument = 0
    private var file = ""

    public init(format: PageListFormat, wide: Bool = false, out: consuming ByteWriter) {
        self.format = format
        self.wide = wide
        self.out = out
    }

    /// Starts the output for `documentCount` documents (json wraps several in an array; csv
    /// and table print their header once).
    public mutating func begin(documentCount: Int) {
        multipleDocuments = documentCount > 1
        switch format {
        case .json: if multipleDocuments { out.append("[\n") }
        case .csv: writeCSVHeader()
        case .table, .jsonl: break
        }
    }

    public mutating func beginDocument(_ doc: DocumentSummary) {
        file = doc.file
        pagesInDocument = 0
        switch format {
        case .json:
            if multipleDocuments && documentsWritten > 0 { out.append(",\n") }
            out.append("{"); out.appendFields(of: doc)
            out.append(",\"pages\":[")
        case .table:
            if documentsWritten > 0 { out.append("\n") }
            out.append("# "); out.append(doc.file); out.append(": ")
            out.append(int: doc.pageCount); out.append(doc.pageCount == 1 ? " page" : " pages")
            if let v = doc.pdfVersion { out.append(", PDF "); out.append(v) }
            if doc.encrypted { out.append(", encrypted") }
            out.append("\n")
            writeTableHeader()
        case .jsonl, .csv: break
        }
        documentsWritten += 1
    }

    public mutating func page(_ page: PageInfo) {
        switch format {
        case .json:
            out.append(pagesInDocument == 0 ? "\n" : ",\n")
            writePageObject(page, file: nil)
        case .jsonl:
            writePageObject(page, file: file)
            out.append("\n")
        case .csv: writeCSVRow(page)
        case .table: writeTableRow(page)
        }
        pagesInDocument += 1
        out.flushIfNeeded()
    }

    public mutating func endDocument() {
        if format == .json { out.append(pagesInDocument == 0 ? "]}" : "\n]}") ; if !multipleDocuments { out.append("\n") } }
        out.flushIfNeeded()
    }

    public mutating func end() {
        if format == .json && multipleDocuments { out.append("\n]\n") }
        out.flush()
    }

    // MARK: - JSON


    /// The page object of the JSON formats (see the README's schema).
    public mutating func writePageObject(_ page: PageInfo, file: String?) {
        out.append("{")
        if let file { out.append("\"file\":"); out.append(jsonString: file); out.append(",") }
        out.append("\"index\":"); out.append(int: page.index)
        out.append(",\"label\":"); out.append(jsonString: page.label)
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
        out.append("}")
    }

    // MARK: - CSV

    private static let boxNames: [(PageBox, StaticString)] = [
        (.media, "mediaBox"), (.crop, "cropBox"), (.bleed, "bleedBox"), (.trim, "trimBox"), (.art, "artBox"),
    ]

    private mutating func writeCSVHeader() {
        out.append("file,index,page,label,rotation,rotationRaw,userUnit,width,height")
        for (_, name) in Self.boxNames {
            for field: StaticString in ["x", "y", "width", "height"] {
                out.append(","); out.append(name); out.append("."); out.append(field)
            }
        }
        out.append(",transform.a,transform.b,transform.c,transform.d,transform.tx,transform.ty\n")
    }

    private mutating func writeCSVRow(_ page: PageInfo) {
        out.append(csvField: file)
        out.append(","); out.append(int: page.index)
        out.append(","); out.append(int: page.index + 1)
        out.append(","); if let label = page.label { out.append(csvField: label) }
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

    private mutating func writeTableRow(_ page: PageInfo) {
        // PAGE: right-aligned 1-based page number in 5 columns.
        var start = out.bytes.count
        out.append(int: page.index + 1)
        let digits = out.bytes.count - start
        if digits < 5 {
            out.bytes.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: 5 - digits), at: start)
        }
        out.append("  ")
        // LABEL: left-aligned, truncated with "…" beyond the column.
        start = out.bytes.count
        if let label = page.label {
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
    }
}

extension ByteWriter {
    /// A JSON string, or `null` for nil.
    public mutating func append(jsonString s: String?) {
        if let s { append(jsonString: s) } else { append("null") }
    }

    /// The document fields shared by `pages --format json` and `info --format json`, without
    /// braces: `"file", "pageCount", "pdfVersion", "encrypted", "hasPageLabels", "pageLayout",
    /// "direction"`.
    public mutating func appendFields(of doc: DocumentSummary) {
        append("\"file\":"); append(jsonString: doc.file)
        append(",\"pageCount\":"); append(int: doc.pageCount)
        append(",\"pdfVersion\":"); append(jsonString: doc.pdfVersion)
        append(",\"encrypted\":"); append(doc.encrypted ? "true" : "false")
        append(",\"hasPageLabels\":"); append(doc.hasPageLabels ? "true" : "false")
        append(",\"pageLayout\":"); append(jsonString: doc.pageLayout?.rawValue)
        append(",\"direction\":"); append(jsonString: doc.direction?.rawValue)
    }
}
