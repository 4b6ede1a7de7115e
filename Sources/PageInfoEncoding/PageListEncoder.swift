// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoRecords

/// Streams page records in one of the ``PageListFormat``s into a ``ByteWriter``.
///
/// Call ``begin(documentCount:)`` once, then for each document either ``beginDocument(_:)``,
/// ``entry(_:)`` for each position of its page tree and ``endDocument(_:)``, or
/// ``failedDocument(file:outcome:)``; finally ``end()``. The records are those of
/// `docs/records.md`: page records, then one file record per document. In the `columns` format
/// the page records are held back until a chunk is full or a file record follows (at most
/// ``columnChunkPages``, a full chunk encoded on a thread of its own; ``bufferedPages``); every
/// other format writes each record as it comes.
package struct PageListEncoder: ~Copyable {
    /// Where the records go (a writer to a file descriptor, or in memory).
    package var out: ByteWriter
    /// The format written.
    package let format: PageListFormat
    /// Whether the table shows every box in full (`--wide`); other formats always do.
    package let wide: Bool
    var multipleDocuments = false
    var documentsWritten = 0
    var pagesInDocument = 0
    /// Annotation records (``listsAnnotations``) or outline records (``listsOutline``) written
    /// for the document begun last: its file record's `annotationCount` or `outlineCount`.
    var recordsInDocument = 0
    var file = ""
    var summary: DocumentSummary?
    /// `columns`: the page records of the chunk being gathered (fewer than ``columnChunkPages``).
    var columnRows: [PageEntry] = []
    /// `columns`: the full chunk being encoded while the next one is gathered, if any.
    var encodingChunk: ChunkEncoding?
    /// False for `pageinfo info`: file records only (json without "pages"; the table format
    /// becomes the text summary).
    package let includesPages: Bool

    /// Whether this encoder writes one document of a larger output, without what goes between
    /// documents (see ``init(format:wide:includesPages:fragment:bitmap:frames:out:)``).
    package let fragment: Bool

    /// The bitmap each page record carries (`pages --dpi`, `--bitmap-size`), or nil for none:
    /// a `"bitmap"` object in JSON and the `bitmap.*` columns in CSV (docs/records.md). The table
    /// format does not show it.
    package let bitmap: BitmapRequest?

    /// The Python libraries whose coordinate frames each page record carries (`pages --frames`),
    /// in canonical order (`LibraryFrame.canonical(_:)`); empty for none: a
    /// `"frames"` object in JSON and the `frames.*` columns in CSV (docs/records.md). The table
    /// format does not show them.
    package let frames: [LibraryFrame]

    /// Whether each page's annotations are written (`pageinfo annotations`): records after the
    /// page record in JSON lines, an `"annotations"` array in the page record in JSON, the rows
    /// themselves in CSV and the table.
    package let listsAnnotations: Bool
    /// The view the annotation records' `view` rectangles are for (`--view`), or nil for none.
    package let annotationView: Size?
    /// Whether the document outline is written (`pageinfo outline`, with `includesPages` false):
    /// outline records before the file record in JSON lines, an `"outline"` array in the
    /// document object in JSON, the rows themselves in CSV and the table.
    package let listsOutline: Bool

    /// An encoder writing `format` into `out`.
    ///
    /// - Parameter format: the output format.
    /// - Parameter wide: every box in full in the table format (`--wide`).
    /// - Parameter includesPages: false for file records only (`pageinfo info`).
    /// - Parameter out: the writer the records go to.
    /// - Parameter fragment: encode one document as it appears inside an output of several
    ///   documents, without the separators between documents, the CSV header or the JSON array:
    ///   batch mode's workers encode each file this way, and the coordinator's encoder, begun
    ///   with the real document count, stitches them with ``appendFragment(_:)``. The result is
    ///   byte for byte what one encoder writes for all the documents.
    /// - Parameter bitmap: the bitmap each page record describes (``bitmap``), or nil.
    /// - Parameter frames: the libraries whose frames each page record carries (``frames``; put
    ///   in canonical order here), or none.
    package init(format: PageListFormat, wide: Bool = false, includesPages: Bool = true, fragment: Bool = false,
                bitmap: BitmapRequest? = nil, frames: [LibraryFrame] = [], listsAnnotations: Bool = false,
                annotationView: Size? = nil, listsOutline: Bool = false, out: consuming ByteWriter) {
        self.listsAnnotations = listsAnnotations
        self.listsOutline = listsOutline
        self.annotationView = annotationView
        self.format = format
        self.bitmap = bitmap
        self.frames = LibraryFrame.canonical(frames)
        self.wide = wide
        self.includesPages = includesPages
        self.fragment = fragment
        self.multipleDocuments = fragment
        self.out = out
    }

    /// Appends one document encoded by a ``fragment`` encoder of the same format, with the
    /// separator this encoder writes before its next document. An empty fragment (a table for
    /// a file that could not be opened) writes nothing.
    package mutating func appendFragment(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        appendEncodedChunk()  // (a chunk of this encoder's own, were it gathering any, goes first)
        switch format {
        case .json: startJSONDocument()
        case .table: if documentsWritten > 0 { out.append("\n") }
        case .jsonl, .columns, .csv: break
        }
        bytes.withUnsafeBufferPointer { out.append(buffer: $0) }
        if format == .json && !multipleDocuments { out.append("\n") }
        documentsWritten += 1
        out.flushIfNeeded()
    }

    /// Starts the output for `documentCount` documents (json wraps several in an array; csv
    /// prints its header once).
    package mutating func begin(documentCount: Int) {
        multipleDocuments = documentCount != 1
        switch format {
        case .json: if multipleDocuments { out.append("[") }
        case .csv:
            if listsOutline { writeCSVOutlineHeader() } else if listsAnnotations { writeCSVAnnotationHeader() } else { writeCSVHeader() }
        case .table, .jsonl, .columns: break
        }
    }

    /// Starts a document whose pages follow (``entry(_:)``), with what is known before its
    /// pages are walked.
    package mutating func beginDocument(_ doc: DocumentSummary) {
        file = doc.file
        summary = doc
        pagesInDocument = 0
        recordsInDocument = 0
        if !includesPages {
            if format == .json { startJSONDocument(); out.append("{\"record\":\"file\","); out.appendFields(of: doc); out.append(",") }
            if format == .table && listsOutline { writeTableTitle(doc) }
            return
        }
        switch format {
        case .json:
            startJSONDocument()
            out.append("{\"record\":\"file\","); out.appendFields(of: doc)
            out.append(",\"pages\":[")
        case .table:
            writeTableTitle(doc)
            if listsAnnotations { writeTableAnnotationHeader() } else { writeTableHeader() }
        case .jsonl, .columns, .csv: break
        }
    }

    /// One position of the page tree: a page or a page error, with its warnings.
    package mutating func entry(_ entry: PageEntry) {
        switch format {
        case .json:
            out.append(pagesInDocument == 0 ? "\n" : ",\n")
            writePageRecord(entry, file: nil)
        case .jsonl:
            writePageRecord(entry, file: file)
            out.append("\n")
            if listsAnnotations { writeAnnotationRecords(entry, file: file, between: "", after: "\n") }
        case .columns: gatherColumnRow(entry)
        case .csv: if listsAnnotations { writeCSVAnnotationRows(entry) } else { writeCSVRow(entry) }
        case .table: if listsAnnotations { writeTableAnnotationRows(entry) } else { writeTableRow(entry) }
        }
        pagesInDocument += 1
        out.flushIfNeeded()
    }

    /// A page without warnings (for callers that hold `PageInfo` values).
    package mutating func page(_ page: PageInfo) {
        entry(PageEntry(index: page.index, label: page.label, result: .success(page)))
    }

    /// Ends the document begun with ``beginDocument(_:)`` with its file record.
    package mutating func endDocument(_ outcome: DocumentOutcome) {
        switch format {
        case .json:
            if includesPages { out.append(pagesInDocument == 0 ? "]," : "\n],") }
            appendOutcomeFields(outcome)
            out.append("}")
            if !multipleDocuments { out.append("\n") }
        case .jsonl, .columns:
            writeColumnChunk()  // (columns: the file's last pages, before its file record)
            out.append("{\"record\":\"file\","); out.appendFields(of: summary ?? DocumentSummary(file: file))
            out.append(","); appendOutcomeFields(outcome); out.append("}\n")
        case .csv: writeCSVFileRow(outcome)
        case .table: if includesPages || listsOutline { writeTableFooter(outcome) } else { writeSummaryText(outcome) }
        }
        documentsWritten += 1
        summary = nil
        out.flushIfNeeded()
    }

    /// The file record of a file that could not be opened (nothing in the table format: the
    /// failure is reported on stderr).
    package mutating func failedDocument(file: String, outcome: DocumentOutcome) {
        writeColumnChunk()  // (columns: the pages of a document left unended, under its own name)
        self.file = file
        recordsInDocument = 0
        switch format {
        case .json:
            startJSONDocument()
            out.append("{\"record\":\"file\",\"file\":"); out.append(jsonNamingFile: file)
            out.append(includesPages ? ",\"pages\":[]," : listsOutline ? ",\"outline\":[]," : ",")
            appendOutcomeFields(outcome); out.append("}")
            if !multipleDocuments { out.append("\n") }
        case .jsonl, .columns:
            out.append("{\"record\":\"file\",\"file\":"); out.append(jsonNamingFile: file); out.append(",")
            appendOutcomeFields(outcome); out.append("}\n")
        case .csv: writeCSVFileRow(outcome)
        case .table: return
        }
        documentsWritten += 1
        out.flushIfNeeded()
    }

    /// Ends the output (closing the JSON array of several documents) and flushes the writer.
    package mutating func end() {
        writeColumnChunk()
        if format == .json && multipleDocuments { out.append(documentsWritten == 0 ? "]\n" : "\n]\n") }
        out.flush()
    }

    /// The table's first line for a document: `# FILE: PDF 1.7, encrypted`.
    mutating func writeTableTitle(_ doc: DocumentSummary) {
        if documentsWritten > 0 { out.append("\n") }
        out.append("# "); out.append(doc.file)
        if let v = doc.pdfVersion { out.append(": PDF "); out.append(v) }
        if doc.encrypted { out.append(", encrypted") }
        out.append("\n")
    }

    /// `pageinfo info`'s text: one aligned "Name: value" line per fact.
    mutating func writeSummaryText(_ o: DocumentOutcome) {
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
        if multipleDocuments && !fragment { out.append(documentsWritten == 0 ? "\n" : ",\n") }
    }

    /// `"status", "pageCount", "pageErrors"`, `"annotationCount"` (``listsAnnotations``) or
    /// `"outlineCount"` (``listsOutline``), `"countClaimed", "error", "warnings", "bytes", "seconds"`.
    /// The count says how many records of the file came before (JSON lines) or inside it (JSON),
    /// so that a reader of a cut or stitched output can tell a whole file from part of one, and
    /// resume can tell an `annotations` run's output from a `pages` run's.
    private mutating func appendOutcomeFields(_ o: DocumentOutcome) {
        out.append("\"status\":\""); out.append(o.status.rawValue)
        out.append("\",\"pageCount\":"); out.append(int: o.pageCount)
        out.append(",\"pageErrors\":"); out.append(int: o.pageErrors)
        if listsAnnotations { out.append(",\"annotationCount\":"); out.append(int: recordsInDocument) }
        if listsOutline { out.append(",\"outlineCount\":"); out.append(int: recordsInDocument) }
        out.append(",\"countClaimed\":"); if let c = o.countClaimed { out.append(int: c) } else { out.append("null") }
        out.append(",\"error\":")
        if let e = o.error {
            out.append(jsonError: e.code, message: e.message, namingFile: true)
        } else {
            out.append("null")
        }
        out.append(",\"warnings\":"); out.append(json: o.warnings)
        out.append(",\"bytes\":"); if let b = o.bytes { out.append(int: b) } else { out.append("null") }
        out.append(",\"seconds\":"); if let t = o.seconds { out.append(number: (t * 1e6).rounded() / 1e6) } else { out.append("null") }
    }

    /// The page record of the JSON formats (see `docs/records.md`).
    package mutating func writePageRecord(_ entry: PageEntry, file: String?) {
        out.append("{\"record\":\"page\",")
        if let file { out.append("\"file\":"); out.append(jsonNamingFile: file); out.append(",") }
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
            if let bitmap {
                out.append(",\"bitmap\":")
                if let b = entry.bitmap(for: bitmap) { out.append(json: b) } else { out.append("null") }
            }
            if !frames.isEmpty {
                out.append(",\"frames\":{")
                for (i, library) in frames.enumerated() {
                    out.append(i == 0 ? "\"" : ",\""); out.append(library.rawValue); out.append("\":")
                    if let f = PageFrame(page: page, library: library) { out.append(json: f) } else { out.append("null") }
                }
                out.append("}")
            }
        case .failure(let error):
            out.append(",\"error\":"); out.append(jsonError: error.code.rawValue, message: error.message)
        }
        if listsAnnotations && format == .json {
            out.append(",\"annotations\":[")
            writeAnnotationRecords(entry, file: nil, between: ",", after: "")
            out.append("]")
        }
        out.append(",\"warnings\":"); out.append(json: entry.warnings)
        out.append("}")
    }

    /// The page object of the JSON formats for a page without warnings.
    package mutating func writePageObject(_ page: PageInfo, file: String?) {
        writePageRecord(PageEntry(index: page.index, label: page.label, result: .success(page)), file: file)
    }

}

extension ByteWriter {
    /// A JSON string, or `null` for nil.
    package mutating func append(jsonString s: String?) {
        if let s { append(jsonString: s) } else { append("null") }
    }

    /// The document fields every file record starts with, without braces: `"file",
    /// "pdfVersion", "encrypted", "hasPageLabels", "pageLayout", "direction"`.
    package mutating func appendFields(of doc: DocumentSummary) {
        append("\"file\":"); append(jsonNamingFile: doc.file)
        append(",\"pdfVersion\":"); append(jsonString: doc.pdfVersion)
        append(",\"encrypted\":"); append(doc.encrypted ? "true" : "false")
        append(",\"hasPageLabels\":"); append(doc.hasPageLabels ? "true" : "false")
        append(",\"pageLayout\":"); append(jsonString: doc.pageLayout?.rawValue)
        append(",\"direction\":"); append(jsonString: doc.direction?.rawValue)
    }
}

extension ByteWriter {
    /// A JSON array of warnings: `[{"code","message"}, …]`.
    package mutating func append(json warnings: [ReadWarning]) {
        append("[")
        for (i, w) in warnings.enumerated() {
            if i > 0 { append(",") }
            append(jsonError: w.code.rawValue, message: w.message)
        }
        append("]")
    }
}

extension ByteWriter {
    /// A page's bitmap object (docs/records.md): `{"renderer","dpi","fit","requestedWidth",
    /// "requestedHeight","width","height","scaleX","scaleY","renderedBox","pageFrame","rawToPixel",
    /// "pixelToRaw","rawToNormalized","normalizedToRaw"}`; `dpi` is null for a pixel size, `fit` and the requested size null for a
    /// resolution; the scales in pixels per point, `pageFrame` `{x,y,width,height}` in pixels,
    /// the matrices `{a,b,c,d,tx,ty}`.
    package mutating func append(json b: BitmapPlacement) {
        append("{"); append(membersOf: b.request)
        append(",\"width\":"); append(int: b.pixelWidth)
        append(",\"height\":"); append(int: b.pixelHeight)
        append(",\"scaleX\":"); append(number: b.scaleX)
        append(",\"scaleY\":"); append(number: b.scaleY)
        append(",\"renderedBox\":\""); append(b.renderer.renderedBox.rawValue)
        append("\",\"pageFrame\":"); append(json: b.pageFrame)
        append(",\"rawToPixel\":"); append(json: b.rawToPixel)
        append(",\"pixelToRaw\":"); append(json: b.pixelToRaw)
        append(",\"rawToNormalized\":"); append(json: b.rawToNormalized)
        append(",\"normalizedToRaw\":"); append(json: b.normalizedToRaw)
        append("}")
    }

    /// A page's frame in one library (docs/records.md, *Frames*): `{"rawToFrame","frameToRaw"}`,
    /// each `{a,b,c,d,tx,ty}`.
    package mutating func append(json f: PageFrame) {
        append("{\"rawToFrame\":"); append(json: f.rawToFrame)
        append(",\"frameToRaw\":"); append(json: f.frameToRaw)
        append("}")
    }

    /// The members a bitmap object opens with, what was asked for:
    /// `"renderer":"…","dpi":D|null,"fit":"…"|null,"requestedWidth":W|null,"requestedHeight":H|null`
    /// (no braces; `--resume` compares them).
    package mutating func append(membersOf r: BitmapRequest) {
        append("\"renderer\":\""); append(r.renderer.rawValue)
        append("\",\"dpi\":"); if let d = r.dotsPerInch { append(number: d) } else { append("null") }
        append(",\"fit\":"); append(jsonString: r.fit?.rawValue)
        let requested = r.requestedPixelSize
        append(",\"requestedWidth\":"); if let requested { append(int: requested.width) } else { append("null") }
        append(",\"requestedHeight\":"); if let requested { append(int: requested.height) } else { append("null") }
    }
}

extension PageEntry {
    /// The bitmap a page record carries for `request`, or nil (the record's `"bitmap": null`)
    /// when the page has none: a page error, a bitmap BitmapPlacement refuses, or pdfplumber's
    /// cut of a page whose CropBox as written reaches past the MediaBox or misses it — pdfplumber
    /// cuts by the CropBox as written, which the record's effective boxes no longer hold.
    package func bitmap(for request: BitmapRequest) -> BitmapPlacement? {
        guard case .success(let page) = result else { return nil }
        if request.renderer == .pdfplumber,
           warnings.contains(where: { ($0.code == .boxClipped || $0.code == .boxEmpty) && $0.message.hasPrefix(PageBox.crop.rawValue + " ") }) {
            return nil
        }
        return try? BitmapPlacement(page: page, request: request)
    }
}
