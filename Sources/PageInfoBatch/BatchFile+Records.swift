// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoEncoding
import PageInfoSystem
import PageInfoReading
import PageInfoRecords

// Typed records from a batch. A worker is another process: its records cross the pipe as the
// JSON lines `pageinfo pages --format jsonl` prints, and they are decoded here, in the
// coordinator, by the package's one JSON reader (JSONParser), only when a caller asks. The bytes
// path the CLI uses (BatchFile.records, written out as they came) is untouched and pays nothing.
// What comes back is what the records say: the numbers of a page record are the file's own (its
// boxes, clipped or normalized by min/max; /Rotate; /UserUnit) as the one number rule prints them
// (rounded to 9 decimals below 10^7, then Swift's shortest round-trip form), read back by
// JSONParser as the nearest Double; size and transform are computed again from them by PageInfo.
// They equal DocumentReader's Doubles within 5e-10 (Poppler's parse of `28.3465` is not always the
// nearest Double, which the rule's rounding hides), and equal exactly what
// `pageinfo pages --format jsonl` prints. A lossless second channel (raw Doubles from the worker)
// would be a second number form beside the one rule, for differences below a billionth of a point.

/// Why a batch file's records could not be decoded into typed records.
public struct BatchRecordsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The batch wrote another format than JSON lines (``BatchOutput/format``); only JSON
        /// lines carry every field.
        case notJSONLines(PageListFormat)
        /// A line is not a record of `docs/records.md` (a broken or foreign worker): the
        /// detail says which field, at which line.
        case invalidRecord(line: Int, detail: String)
        /// The batch wrote annotation or outline records (``BatchOutput/listsAnnotations``,
        /// ``BatchOutput/listsOutline``), which `DocumentRecords` does not hold: `record` names them.
        case notDocumentRecords(record: String)
    }

    /// The file whose records these are, as the batch names it.
    public var file: String
    /// What went wrong.
    public var reason: Reason

    /// An error about `file`.
    public init(file: String, reason: Reason) {
        self.file = file
        self.reason = reason
    }

    /// One line for a person, naming the file.
    public var description: String {
        switch reason {
        case .notJSONLines(let format):
            "\(file): the batch wrote its records as \(format.rawValue), and only JSON lines (jsonl) decode into typed records; make the batch with BatchOutput(format: .jsonl)"
        case .invalidRecord(let line, let detail):
            "\(file): record \(line) is not a pageinfo record (\(detail)); was the worker a pageinfo of another version?"
        case .notDocumentRecords(let record):
            "\(file): the batch wrote \(record) records, which DocumentRecords does not hold; read them from BatchFile.records (JSON lines, docs/records.md)"
        }
    }
}

/// One file of a batch as typed records: what ``BatchRun/nextDocument()`` returns.
public struct BatchDocument: Sendable {
    /// The file's position in the names the batch was given.
    public var index: Int
    /// The file's name, raw bytes, as given.
    public var name: [UInt8]
    /// Its records: the values `DocumentReader.records(_:)` returns for the same file, with
    /// numbers as the records print them (within 5e-10 of the reader's:
    /// ``BatchFile/documentRecords()``) and a `message` when the batch
    /// ``BatchConfiguration/includesMessages``. A file that could not be read at all has the
    /// failed file record that `DocumentReader.records(_:)` throws as an error instead.
    public var records: DocumentRecords
}

extension BatchFile {
    /// The file's records decoded into the types `DocumentReader` returns (`DocumentSummary`,
    /// `PageEntry`, `DocumentOutcome`), from the JSON lines the worker wrote. Numbers are those
    /// the records print (the number rule rounds to 9 decimals below 10⁷), so they equal
    /// `DocumentReader`'s within 5e-10 and `pageinfo pages --format jsonl`'s exactly.
    ///
    /// The file record's `file` is the name as given (its repaired text when it is not UTF-8).
    /// A file that could not be read at all has a `failed` outcome and no entries, and its
    /// summary holds only its name.
    ///
    /// - Throws: ``BatchRecordsError``: the batch's format is not JSON lines, it wrote
    ///   annotation or outline records, or a line is not a pageinfo record.
    public func documentRecords() throws(BatchRecordsError) -> DocumentRecords {
        let file = FileName(raw: name).text
        guard format == .jsonl else { throw BatchRecordsError(file: file, reason: .notJSONLines(format)) }
        // A record's start or a member's name cannot occur inside a string (JSON escapes its
        // quotes), and the file record of such a batch has its count even with no such record.
        for (kind, text) in [("annotation", "{\"record\":\"annotation\""), ("annotation", "\"annotationCount\":"),
                             ("outline", "{\"record\":\"outline\""), ("outline", "\"outlineCount\":")]
        where records.firstRange(of: Array(text.utf8)) != nil {
            throw BatchRecordsError(file: file, reason: .notDocumentRecords(record: kind))
        }
        var decoder = RecordDecoder(file: file)
        var line = 0
        var start = records.startIndex
        while start < records.endIndex {
            let end = records[start...].firstIndex(of: UInt8(ascii: "\n")) ?? records.endIndex
            line += 1
            do { try decoder.decode(Array(records[start..<end])) } catch {
                throw BatchRecordsError(file: file, reason: .invalidRecord(line: line, detail: error.detail))
            }
            start = end < records.endIndex ? records.index(after: end) : end
        }
        guard let outcome = decoder.outcome else {
            throw BatchRecordsError(file: file, reason: .invalidRecord(line: line, detail: "no file record"))
        }
        return DocumentRecords(summary: decoder.summary, entries: decoder.entries, outcome: outcome,
                               exitStatus: ExitStatus(outcome), message: message.isEmpty ? nil : message)
    }
}

extension BatchRun {
    /// The next file done, as typed records (``BatchFile/documentRecords()``): progress events
    /// are passed over; `nil` once every file is done. In input order unless the configuration
    /// says otherwise.
    ///
    /// ```swift
    /// let run = BatchRun(names: ["a.pdf", "b.pdf"])
    /// while let document = try run.nextDocument() {
    ///     print(document.records.summary.file, document.records.entries.count, document.records.outcome.status)
    /// }
    /// ```
    ///
    /// - Throws: what ``next()`` throws (a worker cannot be started, waiting for the workers
    ///   fails), or ``BatchRecordsError`` when a file's records do not decode.
    public func nextDocument() throws -> BatchDocument? {
        while let event = try next() {
            guard case .file(let file) = event else { continue }
            return BatchDocument(index: file.index, name: file.name, records: try file.documentRecords())
        }
        return nil
    }
}

/// Decodes one file's JSON lines, record by record.
private struct RecordDecoder {
    var summary: DocumentSummary
    var entries: [PageEntry] = []
    var outcome: DocumentOutcome?

    init(file: String) { summary = DocumentSummary(file: file) }

    mutating func decode(_ line: [UInt8]) throws(JSONReadError) {
        var parser = JSONParser(line)
        guard case .object(let members) = try parser.value() else { throw JSONReadError(detail: "not a JSON object") }
        try parser.end()
        let record = Members(members, path: "")
        switch try record.string("record") {
        case "page": entries.append(try page(record))
        case "file": try file(record)
        case let other: throw JSONReadError(detail: "record: \(other) is neither page nor file")
        }
    }

    private func page(_ r: Members) throws(JSONReadError) -> PageEntry {
        let index = try r.int("index")
        let label = try r.optionalString("label")
        let warnings = try r.warnings()
        if let error = r.member("error") {
            let e = try Members.object(error, path: "error")
            let code = try e.string("code")
            guard let known = PageReadError.Code(rawValue: code) else { throw JSONReadError(detail: "error.code: \(code) is no page error code") }
            return PageEntry(index: index, label: label, result: .failure(PageReadError(known, try e.string("message"))), warnings: warnings)
        }
        let boxes = PageBoxes(mediaBox: try r.rect("mediaBox"), cropBox: try r.rect("cropBox"), bleedBox: try r.rect("bleedBox"),
                              trimBox: try r.rect("trimBox"), artBox: try r.rect("artBox"))
        let page = PageInfo(index: index, label: label, boxes: boxes, rawRotation: try r.int("rotationRaw"), userUnit: try r.number("userUnit"))
        return PageEntry(index: index, label: label, result: .success(page), warnings: warnings)
    }

    private mutating func file(_ r: Members) throws(JSONReadError) {
        // A file that opened starts with its document fields; one that did not has none.
        if r.member("pdfVersion") != nil {
            summary.pdfVersion = try r.optionalString("pdfVersion")
            summary.encrypted = try r.bool("encrypted")
            summary.hasPageLabels = try r.bool("hasPageLabels")
            if let layout = try r.optionalString("pageLayout") {
                guard let known = PDFPageLayout(rawValue: layout) else { throw JSONReadError(detail: "pageLayout: \(layout) is no page layout") }
                summary.pageLayout = known
            }
            if let direction = try r.optionalString("direction") {
                guard let known = ReadingDirection(rawValue: direction) else { throw JSONReadError(detail: "direction: \(direction) is no direction") }
                summary.direction = known
            }
        }
        let statusText = try r.string("status")
        guard let status = DocumentOutcome.Status(rawValue: statusText) else { throw JSONReadError(detail: "status: \(statusText) is no status") }
        var failure: DocumentOutcome.Failure?
        if let error = r.member("error"), !error.isNull {
            let e = try Members.object(error, path: "error")
            failure = DocumentOutcome.Failure(code: try e.string("code"), message: try e.string("message"))
        }
        outcome = DocumentOutcome(status: status, pageCount: try r.int("pageCount"), pageErrors: try r.int("pageErrors"),
                                  countClaimed: try r.optionalInt("countClaimed"), error: failure, warnings: try r.warnings(),
                                  bytes: try r.optionalInt("bytes"), seconds: try r.optionalNumber("seconds"))
    }
}

/// An object's members, read by name with errors that name the field.
private struct Members {
    var members: [(String, JSONValue)]
    var path: String

    init(_ members: [(String, JSONValue)], path: String) {
        self.members = members
        self.path = path
    }

    static func object(_ value: JSONValue, path: String) throws(JSONReadError) -> Members {
        guard case .object(let m) = value else { throw JSONReadError(detail: "\(path): expected an object") }
        return Members(m, path: path + ".")
    }

    func member(_ key: String) -> JSONValue? { members.first { $0.0 == key }?.1 }

    func required(_ key: String) throws(JSONReadError) -> JSONValue {
        guard let value = member(key) else { throw JSONReadError(detail: "\(path)\(key): missing") }
        return value
    }

    func string(_ key: String) throws(JSONReadError) -> String {
        guard case .string(let s) = try required(key) else { throw JSONReadError(detail: "\(path)\(key): expected a string") }
        return s
    }

    func optionalString(_ key: String) throws(JSONReadError) -> String? {
        if try required(key).isNull { return nil }
        return try string(key)
    }

    func bool(_ key: String) throws(JSONReadError) -> Bool {
        guard case .bool(let b) = try required(key) else { throw JSONReadError(detail: "\(path)\(key): expected true or false") }
        return b
    }

    func number(_ key: String) throws(JSONReadError) -> Double {
        guard case .number(let n) = try required(key) else { throw JSONReadError(detail: "\(path)\(key): expected a number") }
        return n
    }

    func optionalNumber(_ key: String) throws(JSONReadError) -> Double? {
        if try required(key).isNull { return nil }
        return try number(key)
    }

    func int(_ key: String) throws(JSONReadError) -> Int {
        let n = try number(key)
        guard let i = Int(exactly: n) else { throw JSONReadError(detail: "\(path)\(key): \(n) is not a whole number") }
        return i
    }

    func optionalInt(_ key: String) throws(JSONReadError) -> Int? {
        if try required(key).isNull { return nil }
        return try int(key)
    }

    func rect(_ key: String) throws(JSONReadError) -> Rect {
        let r = try Members.object(try required(key), path: path + key)
        return Rect(x: try r.number("x"), y: try r.number("y"), width: try r.number("width"), height: try r.number("height"))
    }

    func warnings() throws(JSONReadError) -> [ReadWarning] {
        guard case .array(let items) = try required("warnings") else { throw JSONReadError(detail: "\(path)warnings: expected an array") }
        var warnings: [ReadWarning] = []
        for (i, item) in items.enumerated() {
            let w = try Members.object(item, path: "\(path)warnings[\(i)]")
            let code = try w.string("code")
            guard let known = ReadWarning.Code(rawValue: code) else { throw JSONReadError(detail: "\(path)warnings[\(i)].code: \(code) is no warning code") }
            warnings.append(ReadWarning(known, try w.string("message")))
        }
        return warnings
    }
}
