// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoEncoding

extension GeometrySnapshot {
    /// Reads a golden: the JSON document `pageinfo pages FILE --format json` prints.
    ///
    /// Lenient, so that any saved output is a golden and goldens outlive format changes:
    /// unknown keys are ignored; `record`, `warnings`, `status`, `error`, `countClaimed`,
    /// `rotationRaw`, `userUnit` (1), `size` (derived from the CropBox and rotation), `index`
    /// (the position) and `label` (`null`, see ``PageSnapshot/label``) may be missing; a page
    /// with an `error` object is an unreadable page and needs no geometry. An array of
    /// documents (`pages` with several files) is accepted when it holds one document, or one
    /// whose `file` has the same last path component as `file`.
    ///
    /// The golden is read as a stream, one page at a time (a 100,000-page golden is ~47 MB of
    /// JSON): memory grows with the pages' snapshots, not with a tree of the whole document.
    ///
    /// - Throws: ``GoldenFormatError`` naming the first thing that is not a golden.
    package init(goldenJSON bytes: [UInt8], file: String? = nil) throws(GoldenFormatError) {
        do { self = try Self.decode(bytes, file: file) } catch { throw GoldenFormatError(detail: error.detail) }
    }

    private static func decode(_ bytes: [UInt8], file: String?) throws(JSONReadError) -> GeometrySnapshot {
        var parser = JSONParser(bytes)
        parser.skipSpace()
        let documents: [GeometrySnapshot]
        if parser.peek == UInt8(ascii: "[") {
            var list: [GeometrySnapshot] = []
            try parser.array(path: "the document") { (parser: inout JSONParser, index: Int) throws(JSONReadError) in
                list.append(try document(&parser, path: "[\(index)]"))
            }
            documents = list
        } else {
            documents = [try document(&parser, path: "")]
        }
        try parser.end()
        return try Self.choose(documents, file: file)
    }

    /// How many documents a golden holds: an array's length, else 1 (`nil` when it is not one).
    static func documentCount(goldenJSON bytes: [UInt8]) -> Int? {
        var parser = JSONParser(bytes)
        parser.skipSpace()
        guard parser.peek == UInt8(ascii: "[") else { return 1 }
        var count = 0
        do {
            try parser.array(path: "the document") { (parser: inout JSONParser, _: Int) throws(JSONReadError) in
                _ = try parser.value()
                count += 1
            }
        } catch { return nil }
        return count
    }

    private static func choose(_ documents: [GeometrySnapshot], file: String?) throws(JSONReadError) -> GeometrySnapshot {
        if documents.count == 1 { return documents[0] }
        let name = file.map(lastComponent)
        let matching = documents.filter { doc in doc.file.map(lastComponent) == name }
        guard name != nil, matching.count == 1 else {
            throw JSONReadError(detail: "an array of \(documents.count) documents, and not exactly one of them is for '\(name ?? "?")'")
        }
        return matching[0]
    }

    /// One document object, its `pages` decoded as they stream past.
    private static func document(_ parser: inout JSONParser, path: String) throws(JSONReadError) -> GeometrySnapshot {
        var members: [(String, JSONValue)] = []
        var pages: [PageSnapshot] = []
        var hasPages = false
        try parser.object(path: path.isEmpty ? "the document" : path) { (parser: inout JSONParser, key: String) throws(JSONReadError) in
            guard key == "pages" else {
                members.append((key, try parser.value()))
                return
            }
            hasPages = true
            let pagesPath = path.isEmpty ? "pages" : "\(path).pages"
            if parser.peek == UInt8(ascii: "n") { _ = try parser.value(); return }  // null: no pages
            guard parser.peek == UInt8(ascii: "[") else { throw JSONReadError(detail: "\(pagesPath): expected an array") }
            try parser.array(path: pagesPath) { (parser: inout JSONParser, index: Int) throws(JSONReadError) in
                func pagePath() -> String { "\(pagesPath)[\(index)]" }
                guard case .object(let object) = try parser.value() else {
                    throw JSONReadError(detail: "\(pagePath()): expected an object")
                }
                pages.append(try page(JSONObject(object, parent: pagesPath, key: "[\(index)]"), position: index))
            }
        }
        // Without `pages` (an `info` record, a file record of jsonl) nothing would be compared;
        // only the record of a file that failed (an `error`, no pages) may leave it out.
        let failed = members.contains { member in
            guard member.0 == "error" else { return false }
            if case .null = member.1 { return false }
            return true
        }
        guard hasPages || failed else {
            throw JSONReadError(detail: "\(path.isEmpty ? "" : path + ".")pages: missing (a golden is what `pageinfo pages FILE --format json` prints; `info` and jsonl file records hold no pages)")
        }
        let fields = JSONObject(members, parent: "", key: path)
        return GeometrySnapshot(file: try fields.string("file"), pageCount: try fields.int("pageCount"),
                                countClaimed: try fields.int("countClaimed"), error: try fields.error("error"),
                                pages: pages)
    }

    private static func page(_ o: JSONObject, position: Int) throws(JSONReadError) -> PageSnapshot {
        let index = try o.int("index") ?? position
        let label = try o.string("label")
        if let error = try o.error("error") { return PageSnapshot(index: index, label: label, content: .error(error)) }
        let rotation = try o.required(o.int("rotation"), "rotation")
        let boxes = PageBoxes(mediaBox: try o.required(o.rect("mediaBox"), "mediaBox"),
                              cropBox: try o.required(o.rect("cropBox"), "cropBox"),
                              bleedBox: try o.required(o.rect("bleedBox"), "bleedBox"),
                              trimBox: try o.required(o.rect("trimBox"), "trimBox"),
                              artBox: try o.required(o.rect("artBox"), "artBox"))
        let crop = boxes.cropBox.standardized.size
        let derived = rotation % 180 == 0 ? crop : crop.transposed
        return PageSnapshot(index: index, label: label, content: .geometry(PageSnapshot.Geometry(
            rotation: rotation, rotationRaw: try o.int("rotationRaw"), userUnit: try o.double("userUnit") ?? 1,
            boxes: boxes, size: try o.size("size") ?? derived)))
    }
}

/// A golden file that is not the JSON `pageinfo pages --format json` prints.
public struct GoldenFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and where, e.g. `pages[3].cropBox: missing`.
    public var detail: String
    /// `not a pageinfo golden: ` and the ``detail``.
    public var description: String { "not a pageinfo golden: \(detail)" }
}

func lastComponent(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
}

// MARK: - Typed access with paths for the messages

/// A decoded JSON object and where it is in the document (built only for error messages).
private struct JSONObject {
    var members: [(String, JSONValue)]
    let parent: String
    let key: String

    init(_ members: [(String, JSONValue)], parent: String, key: String) {
        self.members = members; self.parent = parent; self.key = key
    }

    /// `pages[3]`, `pages[3].cropBox`.
    var path: String {
        if parent.isEmpty { return key }
        return key.hasPrefix("[") ? parent + key : "\(parent).\(key)"
    }

    func path(_ member: String) -> String { path.isEmpty ? member : "\(path).\(member)" }

    func required<T>(_ value: T?, _ key: String) throws(JSONReadError) -> T {
        guard let value else { throw JSONReadError(detail: "\(path(key)): missing") }
        return value
    }

    /// The value (the last one when a key is repeated), `nil` when absent or `null`.
    private func value(_ key: String) -> JSONValue? {
        guard let v = members.last(where: { $0.0 == key })?.1, !v.isNull else { return nil }
        return v
    }

    func double(_ key: String) throws(JSONReadError) -> Double? {
        guard let v = value(key) else { return nil }
        guard case .number(let d) = v else { throw JSONReadError(detail: "\(path(key)): expected a number") }
        return d
    }

    func int(_ key: String) throws(JSONReadError) -> Int? {
        guard let d = try double(key) else { return nil }
        guard d == d.rounded(), abs(d) < 1e15 else { throw JSONReadError(detail: "\(path(key)): expected a whole number") }
        return Int(d)
    }

    func string(_ key: String) throws(JSONReadError) -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw JSONReadError(detail: "\(path(key)): expected a string") }
        return s
    }

    func object(_ key: String) throws(JSONReadError) -> JSONObject? {
        guard let v = value(key) else { return nil }
        guard case .object(let o) = v else { throw JSONReadError(detail: "\(path(key)): expected an object") }
        return JSONObject(o, parent: path, key: key)
    }

    func rect(_ key: String) throws(JSONReadError) -> Rect? {
        guard let o = try object(key) else { return nil }
        return Rect(x: try o.required(o.double("x"), "x"), y: try o.required(o.double("y"), "y"),
                    width: try o.required(o.double("width"), "width"), height: try o.required(o.double("height"), "height"))
    }

    func size(_ key: String) throws(JSONReadError) -> Size? {
        guard let o = try object(key) else { return nil }
        return Size(width: try o.required(o.double("width"), "width"), height: try o.required(o.double("height"), "height"))
    }

    /// `{"code", "message"}`; `nil` when absent or `null`.
    func error(_ key: String) throws(JSONReadError) -> SnapshotError? {
        guard let o = try object(key) else { return nil }
        return SnapshotError(code: try o.string("code") ?? "error", message: try o.string("message") ?? "")
    }
}
