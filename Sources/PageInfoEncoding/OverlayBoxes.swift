// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoGrammar

/// One box a user gives to draw (`pageinfo draw --overlay BOXES`): its rectangle in the file's
/// frame (``PageGeometry/BoxFrame``), corners normalized, an optional label and the 1-based page
/// it belongs to (nil: every page drawn).
package struct OverlayBox: Hashable, Sendable {
    /// `x0, y0, x1, y1` in the boxes' frame as a rectangle (its corners normalized).
    package var rect: Rect
    package var label: String?
    package var page: Int?

    package init(rect: Rect, label: String? = nil, page: Int? = nil) {
        self.rect = rect.standardized
        self.label = label
        self.page = page
    }
}

/// Why a boxes file cannot be drawn; ``description`` is one line naming the place.
package struct OverlayBoxesError: Error, Hashable, Sendable, CustomStringConvertible {
    package let description: String
}

/// The boxes files `draw --overlay` reads: JSON or CSV of boxes `x0, y0, x1, y1` with labels.
///
/// - JSON (the first character `[` or `{`): an array, or an object whose `boxes` is one, of
///   boxes, each an array of 4 numbers or an object with `box` (or `bbox`) `[x0, y0, x1, y1]` or
///   the members `x0`, `y0`, `x1`, `y1`, and optionally `label` (or `text`, a string) and
///   `page` (1-based). What `pdf_pageinfo`'s `Page.draw` writes.
/// - CSV (RFC 4180): a header naming `x0`, `y0`, `x1`, `y1` and optionally `label` and `page`,
///   in any order (other columns are ignored), then one box per row.
///
/// Numbers are finite and within ±``PageInfoGrammar/InputLimits/magnitude``; at most
/// ``maxBoxes`` boxes, labels of at most ``maxLabelBytes`` bytes.
package enum OverlayBoxes {
    /// The largest boxes file read (bytes).
    package static let maxFileBytes = 64 << 20
    /// The most boxes one file may hold.
    package static let maxBoxes = 100_000
    /// The longest label kept (longer ones are cut, with "…").
    package static let maxLabelBytes = 200

    /// The boxes of `bytes`, a JSON or CSV file's content.
    package static func parse(_ bytes: [UInt8]) throws(OverlayBoxesError) -> [OverlayBox] {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { throw OverlayBoxesError(description: "no boxes: the file is empty") }
        let boxes = bytes[start] == UInt8(ascii: "[") || bytes[start] == UInt8(ascii: "{")
            ? try json(bytes) : try csv(bytes[start...])
        guard !boxes.isEmpty else { throw OverlayBoxesError(description: "no boxes in the file") }
        return boxes
    }

    static func checked(_ v: Double, _ place: String) throws(OverlayBoxesError) -> Double {
        guard v.isFinite, abs(v) <= InputLimits.magnitude else {
            throw OverlayBoxesError(description: "\(place): \(v) is not a finite number within ±\(formatCompact(InputLimits.magnitude))")
        }
        return v
    }

    static func label(_ text: String) -> String {
        guard text.utf8.count > maxLabelBytes else { return text }
        var cut = ""
        for c in text { if cut.utf8.count + String(c).utf8.count > maxLabelBytes - 3 { break }; cut.append(c) }
        return cut + "…"
    }

    static func page(_ v: Double, _ place: String) throws(OverlayBoxesError) -> Int {
        guard v == v.rounded(), v >= 1, v <= Double(Int32.max) else {
            throw OverlayBoxesError(description: "\(place): page \(formatCompact(v)) is not a page number (1, 2, …)")
        }
        return Int(v)
    }

    // MARK: JSON

    /// The boxes of a JSON text, read one element at a time: a bad box or one past
    /// ``maxBoxes`` stops the reading there.
    static func json(_ bytes: [UInt8]) throws(OverlayBoxesError) -> [OverlayBox] {
        var parser = JSONParser(bytes)
        var boxes: [OverlayBox] = []
        var problem: OverlayBoxesError?   // (a box's own error, kept apart from the text's)
        var sawBoxes = false
        func elements(_ p: inout JSONParser) throws(JSONReadError) {
            sawBoxes = true
            try p.array(path: "boxes") { (q: inout JSONParser, i: Int) throws(JSONReadError) in
                guard i < maxBoxes else {
                    problem = OverlayBoxesError(description: "more than \(maxBoxes) boxes: at most \(maxBoxes) are drawn")
                    throw JSONReadError(detail: "")
                }
                let item = try q.value()
                do throws(OverlayBoxesError) { boxes.append(try box(item, place: "box \(i)")) } catch {
                    problem = error
                    throw JSONReadError(detail: "")
                }
            }
        }
        do {
            parser.skipSpace()
            if parser.peek == UInt8(ascii: "{") {
                try parser.object(path: "boxes file") { (p: inout JSONParser, key: String) throws(JSONReadError) in
                    if key == "boxes" && !sawBoxes { try elements(&p) } else { _ = try p.value() }
                }
                if !sawBoxes { throw OverlayBoxesError(description: "an object of boxes needs a \"boxes\" array") }
            } else {
                try elements(&parser)
            }
            try parser.end()
        } catch let error as JSONReadError {
            throw problem ?? OverlayBoxesError(description: error.description)
        } catch let error as OverlayBoxesError {
            throw error
        } catch {
            throw OverlayBoxesError(description: "\(error)")
        }
        return boxes
    }

    static func corners(_ values: [JSONValue], _ place: String) throws(OverlayBoxesError) -> Rect {
        var n: [Double] = []
        for v in values { if case .number(let d) = v { n.append(try checked(d, place)) } }
        guard values.count == 4, n.count == 4 else {
            throw OverlayBoxesError(description: "\(place): a box is 4 numbers x0, y0, x1, y1")
        }
        return Rect(x: n[0], y: n[1], width: n[2] - n[0], height: n[3] - n[1])
    }

    static func box(_ item: JSONValue, place: String) throws(OverlayBoxesError) -> OverlayBox {
        switch item {
        case .array(let values):
            return OverlayBox(rect: try corners(values, place))
        case .object(let members):
            func member(_ names: String...) -> JSONValue? {
                members.first(where: { names.contains($0.0) })?.1
            }
            let rect: Rect
            if case .array(let values)? = member("box", "bbox") {
                rect = try corners(values, place)
            } else {
                var n: [Double] = []
                for key in ["x0", "y0", "x1", "y1"] {
                    guard case .number(let d)? = member(key) else {
                        throw OverlayBoxesError(description: "\(place): needs \"box\": [x0, y0, x1, y1] or the members x0, y0, x1, y1")
                    }
                    n.append(try checked(d, "\(place).\(key)"))
                }
                rect = Rect(x: n[0], y: n[1], width: n[2] - n[0], height: n[3] - n[1])
            }
            var text: String?
            switch member("label", "text") {
            case .string(let s)?: text = label(s)
            case .number(let d)?: text = formatCompact(d)
            case nil, .null?: text = nil
            default: throw OverlayBoxesError(description: "\(place).label: expected a string")
            }
            var number: Int?
            switch member("page") {
            case .number(let d)?: number = try page(d, "\(place).page")
            case nil, .null?: number = nil
            default: throw OverlayBoxesError(description: "\(place).page: expected a page number")
            }
            return OverlayBox(rect: rect, label: text, page: number)
        default:
            throw OverlayBoxesError(description: "\(place): expected [x0, y0, x1, y1] or an object with \"box\"")
        }
    }

    // MARK: CSV

    /// The fields of RFC 4180 records (quoted fields may hold commas, quotes doubled and line
    /// breaks), one array per record; empty lines are skipped.
    static func records(_ bytes: ArraySlice<UInt8>) throws(OverlayBoxesError) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field: [UInt8] = []
        var quoted = false, i = bytes.startIndex, line = 1
        func endField() { row.append(String(decoding: field, as: UTF8.self)); field.removeAll(keepingCapacity: true) }
        func endRow() {
            endField()
            if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
            row = []
        }
        while i < bytes.endIndex {
            let c = bytes[i]
            if quoted {
                if c == UInt8(ascii: "\"") {
                    if i + 1 < bytes.endIndex, bytes[i + 1] == UInt8(ascii: "\"") { field.append(c); i += 1 } else { quoted = false }
                } else {
                    if c == 0x0A { line += 1 }
                    field.append(c)
                }
            } else if c == UInt8(ascii: "\"") && field.isEmpty {
                quoted = true
            } else if c == UInt8(ascii: ",") {
                endField()
            } else if c == 0x0A {
                endRow()
                line += 1
                guard rows.count <= maxBoxes + 1 else { throw OverlayBoxesError(description: "more than \(maxBoxes) boxes: at most \(maxBoxes) are drawn") }
            } else if c != 0x0D {
                field.append(c)
            }
            i += 1
        }
        if quoted { throw OverlayBoxesError(description: "line \(line): a quoted field is not closed") }
        if !field.isEmpty || !row.isEmpty { endRow() }
        guard rows.count <= maxBoxes + 1 else { throw OverlayBoxesError(description: "more than \(maxBoxes) boxes: at most \(maxBoxes) are drawn") }
        return rows
    }

    static func csv(_ bytes: ArraySlice<UInt8>) throws(OverlayBoxesError) -> [OverlayBox] {
        let rows = try records(bytes)
        guard let header = rows.first?.map({ $0.trimmingSpaces.lowercased() }) else {
            throw OverlayBoxesError(description: "no boxes: the file is empty")
        }
        var column: [String: Int] = [:]
        for (i, name) in header.enumerated() where column[name] == nil { column[name] = i }
        let needed = ["x0", "y0", "x1", "y1"]
        guard needed.allSatisfy({ column[$0] != nil }) else {
            throw OverlayBoxesError(description: "not a boxes file: CSV needs a header naming x0, y0, x1, y1 (and optionally label, page); JSON starts with [ or {")
        }
        var boxes: [OverlayBox] = []
        for (r, fields) in rows.dropFirst().enumerated() {
            let place = "row \(r + 2)"
            func field(_ name: String) -> String? {
                guard let i = column[name], i < fields.count else { return nil }
                return fields[i]
            }
            var n: [Double] = []
            for key in needed {
                let text = field(key)?.trimmingSpaces ?? ""
                guard let d = Double(text), !text.isEmpty else {
                    throw OverlayBoxesError(description: "\(place): \(key) \"\(text)\" is not a number")
                }
                n.append(try checked(d, "\(place) \(key)"))
            }
            let text = field("label").flatMap { $0.isEmpty ? nil : label($0) }
            var number: Int?
            if let p = field("page")?.trimmingSpaces, !p.isEmpty {
                guard let d = Double(p) else { throw OverlayBoxesError(description: "\(place): page \"\(p)\" is not a page number") }
                number = try page(d, "\(place)")
            }
            boxes.append(OverlayBox(rect: Rect(x: n[0], y: n[1], width: n[2] - n[0], height: n[3] - n[1]), label: text, page: number))
        }
        return boxes
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return String(s)
    }
}
