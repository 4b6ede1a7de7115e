// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoEncoding

/// The groups of values `pageinfo check` compares (`--fields boxes,rotation,size,label,userUnit,count`).
public struct CheckFields: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The set's bits, one per field.
    public let rawValue: Int
    /// A set from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The five effective boxes, each `x`, `y`, `width`, `height` in raw PDF user space, within the tolerance.
    public static let boxes = CheckFields(rawValue: 1 << 0)
    /// `rotation` and `rotationRaw`, exactly: no tolerance ever hides a rotation change.
    public static let rotation = CheckFields(rawValue: 1 << 1)
    /// The displayed `size` (`width`, `height`, points, page space), within the tolerance.
    public static let size = CheckFields(rawValue: 1 << 2)
    /// The page `label`, exactly (`null` and `""` differ).
    public static let label = CheckFields(rawValue: 1 << 3)
    /// `userUnit`, within 10⁻⁹ (the precision `pageinfo` prints).
    public static let userUnit = CheckFields(rawValue: 1 << 4)
    /// The page count (`pageCount`, and `countClaimed` when both sides have it), and pages added or removed.
    public static let count = CheckFields(rawValue: 1 << 5)
    /// Every group.
    public static let all: CheckFields = [.boxes, .rotation, .size, .label, .userUnit, .count]

    /// The names `--fields` takes, in the order they are listed.
    package static let names: [(String, CheckFields)] = [
        ("boxes", .boxes), ("rotation", .rotation), ("size", .size),
        ("label", .label), ("userUnit", .userUnit), ("count", .count),
    ]

    /// Parses a comma-separated list of names (`boxes,rotation`); `all` selects every group.
    /// Returns `nil` and the offending name when a name is unknown or the list is empty.
    package static func parse(_ text: String) -> Result<CheckFields, FieldListError> {
        var fields: CheckFields = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.filter { $0 != " " }
            if name == "all" { fields.formUnion(.all); continue }
            guard let match = names.first(where: { $0.0.lowercased() == name.lowercased() }) else {
                return .failure(FieldListError(name: String(name)))
            }
            fields.formUnion(match.1)
        }
        return fields.isEmpty ? .failure(FieldListError(name: "")) : .success(fields)
    }

    /// `boxes,rotation,…` in the documented order.
    public var description: String {
        Self.names.filter { contains($0.1) }.map(\.0).joined(separator: ",")
    }
}

/// An unknown name in a `--fields` list.
package struct FieldListError: Error, Sendable, CustomStringConvertible {
    /// The name that was not recognized (empty for an empty list).
    package var name: String
    /// One line naming the valid fields.
    package var description: String {
        let valid = CheckFields.names.map(\.0).joined(separator: ", ")
        return name.isEmpty ? "empty field list; name some of: \(valid)"
            : "unknown field '\(name)'; the fields are \(valid) (or all)"
    }
}

/// Compares the geometry of a document with a golden snapshot and lists every difference, as
/// `pageinfo check` does.
///
/// ```swift
/// let expectation = GeometryExpectation(tolerance: 0.01)
/// for difference in expectation.differences(golden: golden, current: current) {
///     print(difference)    // page 3 (iii): cropBox.width 612 → 611.5 (−0.5 pt)
/// }
/// ```
///
/// Rules:
/// - Box coordinates (raw PDF user space) and the displayed size (page space) match when they
///   differ by at most ``tolerance`` points (plus 10⁻⁹, the precision `pageinfo` prints, so that
///   a tolerance of 0.01 accepts 612 → 612.01 although their binary difference is 0.0100000…1).
/// - `rotation` and `rotationRaw` are integers compared exactly: a rotation change is always
///   reported, whatever the tolerance (a square page turned by 90° has the same boxes and size).
/// - `userUnit` matches within 10⁻⁹; labels match exactly (`nil`/`null` differs from `""`).
/// - A page error matches a page error with the same `code`; a page error against geometry is
///   one ``GeometryDifference/Kind-swift.enum/pageError`` difference.
/// - Pages: a golden holding all its pages (as many as its `pageCount`: what `pageinfo pages`
///   writes) is aligned with the current pages like `diff` aligns lines: equal pages at the
///   start and at the end are matched (equal in the fields compared, or in every field when
///   only `count` is), the pages between are compared in order, and what is
///   left over is a page added or removed. A golden holding only some pages (written with
///   `--pages`) compares each of its pages with the current page of the same `index`.
public struct GeometryExpectation: Sendable, Hashable {
    /// The documented default tolerance: 0.01 pt (pdfinfo's precision, 1/7200 inch).
    public static let defaultTolerance = 0.01
    /// The precision `pageinfo` prints numbers with; added to every tolerance.
    public static let printingPrecision = 1e-9

    /// The largest difference, in points, that still matches, for box coordinates and sizes.
    public var tolerance: Double
    /// What is compared.
    public var fields: CheckFields

    /// - Precondition: `tolerance` is finite and ≥ 0.
    public init(tolerance: Double = GeometryExpectation.defaultTolerance, fields: CheckFields = .all) {
        precondition(tolerance >= 0 && tolerance.isFinite, "tolerance must be finite and non-negative")
        self.tolerance = tolerance
        self.fields = fields
    }

    /// Every difference between `golden` and `current`, in page order, document-level
    /// differences first. Empty when the document matches.
    public func differences(golden: GeometrySnapshot, current: GeometrySnapshot) -> [GeometryDifference] {
        var result: [GeometryDifference] = []
        if let error = golden.error, golden.pages.isEmpty {
            result.append(GeometryDifference(kind: .fileError, pageIndex: nil, label: nil, field: "error",
                                             expected: .string(error.description), actual: .none))
        }
        if fields.contains(.count) {
            if golden.pageCount != current.pageCount {
                result.append(GeometryDifference(kind: .pageCount, pageIndex: nil, label: nil, field: "pageCount",
                                                 expected: .number(Double(golden.pageCount)),
                                                 actual: .number(Double(current.pageCount)),
                                                 delta: Double(current.pageCount - golden.pageCount)))
            }
            if let was = golden.countClaimed, let now = current.countClaimed, was != now {
                result.append(GeometryDifference(kind: .pageCount, pageIndex: nil, label: nil, field: "countClaimed",
                                                 expected: .number(Double(was)), actual: .number(Double(now)),
                                                 delta: Double(now - was)))
            }
        }
        // A golden of every page in order (indexes 0, 1, 2…) is compared like diff, so an added
        // or removed page is one difference; any other (`pages --pages 3,1`, a page twice, a
        // hand-edited order) by each page's `index`.
        if golden.pages.count == golden.pageCount, golden.pages.enumerated().allSatisfy({ $0.offset == $0.element.index }) {
            compareInOrder(golden.pages, current.pages, into: &result)
        } else {
            compareByIndex(golden.pages, current.pages, into: &result)
        }
        return result
    }

    /// The differences between two pages (the golden's first); empty when they match.
    public func differences(golden g: PageSnapshot, current c: PageSnapshot) -> [GeometryDifference] {
        var result: [GeometryDifference] = []
        comparePage(g, c, into: &result)
        return result
    }

    // MARK: - Pages

    private func compareInOrder(_ golden: [PageSnapshot], _ current: [PageSnapshot],
                                into result: inout [GeometryDifference]) {
        guard fields.contains(.count) else {
            for i in 0..<min(golden.count, current.count) { comparePage(golden[i], current[i], into: &result) }
            return
        }
        // Like diff: match equal pages at both ends, compare the middle in order, and report
        // what is left over as pages added or removed.
        var prefix = 0
        if golden.count != current.count {
            while prefix < min(golden.count, current.count), matches(golden[prefix], current[prefix]) { prefix += 1 }
        }
        var suffix = 0
        if golden.count != current.count {
            let limit = min(golden.count, current.count) - prefix
            while suffix < limit, matches(golden[golden.count - 1 - suffix], current[current.count - 1 - suffix]) {
                suffix += 1
            }
        }
        let goldenMiddle = prefix..<(golden.count - suffix), currentMiddle = prefix..<(current.count - suffix)
        let common = min(goldenMiddle.count, currentMiddle.count)
        for k in 0..<common {
            comparePage(golden[prefix + k], current[prefix + k], into: &result)
        }
        for i in (goldenMiddle.lowerBound + common)..<goldenMiddle.upperBound {
            result.append(removed(golden[i], index: i))
        }
        for i in (currentMiddle.lowerBound + common)..<currentMiddle.upperBound {
            result.append(added(current[i], index: i))
        }
    }

    private func compareByIndex(_ golden: [PageSnapshot], _ current: [PageSnapshot],
                                into result: inout [GeometryDifference]) {
        for g in golden {
            if g.index >= 0, g.index < current.count {
                comparePage(g, current[g.index], into: &result)
            } else if fields.contains(.count) {
                result.append(removed(g, index: g.index))
            }
        }
    }

    /// Whether two pages are the same page for aligning (`compareInOrder`): equal in the page
    /// fields compared, or in all of them when only `count` is (with no page field to tell
    /// pages apart, every page matched and the leftover was always named as the last page).
    private func matches(_ g: PageSnapshot, _ c: PageSnapshot) -> Bool {
        var scratch: [GeometryDifference] = []
        let alignment = fields.subtracting(.count).isEmpty ? GeometryExpectation(tolerance: tolerance, fields: .all) : self
        alignment.comparePage(g, c, into: &scratch)
        return scratch.isEmpty
    }

    private func removed(_ page: PageSnapshot, index: Int) -> GeometryDifference {
        GeometryDifference(kind: .pageRemoved, pageIndex: index, label: page.label, field: "page",
                           expected: .string(Self.summary(of: page)), actual: .none)
    }

    private func added(_ page: PageSnapshot, index: Int) -> GeometryDifference {
        GeometryDifference(kind: .pageAdded, pageIndex: index, label: page.label, field: "page",
                           expected: .none, actual: .string(Self.summary(of: page)))
    }

    /// `612 x 792 pt`, `612 x 792 pt, rotation 90`, or the error code of an unreadable page.
    static func summary(of page: PageSnapshot) -> String {
        switch page.content {
        case .error(let e): return "unreadable: \(e.code)"
        case .geometry(let g):
            var s = "\(formatCompact(g.size.width)) x \(formatCompact(g.size.height)) pt"
            if g.rotation != 0 { s += ", rotation \(g.rotation)" }
            return s
        }
    }

    // MARK: - One page

    private func comparePage(_ g: PageSnapshot, _ c: PageSnapshot, into result: inout [GeometryDifference]) {
        let index = g.index, label = g.label
        func add(_ field: String, _ expected: GeometryDifference.Value, _ actual: GeometryDifference.Value,
                 delta: Double? = nil, unit: String? = nil, kind: GeometryDifference.Kind = .changed) {
            result.append(GeometryDifference(kind: kind, pageIndex: index, label: label, field: field,
                                             expected: expected, actual: actual, delta: delta, unit: unit))
        }
        switch (g.content, c.content) {
        case (.error(let was), .error(let now)):
            if was.code != now.code { add("error", .string(was.code), .string(now.code), kind: .pageError) }
        case (.error(let was), .geometry):
            add("error", .string(was.code), .none, kind: .pageError)
        case (.geometry, .error(let now)):
            add("error", .none, .string(now.description), kind: .pageError)
        case (.geometry(let was), .geometry(let now)):
            compareGeometry(was, now, add: add)
        }
        // A page error may carry no label (the record format makes it optional): labels are
        // compared between pages that were both read.
        if fields.contains(.label), g.geometry != nil, c.geometry != nil, g.label != c.label {
            add("label", g.label.map { .string($0) } ?? .null, c.label.map { .string($0) } ?? .null)
        }
    }

    private func compareGeometry(
        _ was: PageSnapshot.Geometry, _ now: PageSnapshot.Geometry,
        add: (String, GeometryDifference.Value, GeometryDifference.Value, Double?, String?, GeometryDifference.Kind) -> Void
    ) {
        let bound = tolerance + Self.printingPrecision
        func number(_ field: String, _ a: Double, _ b: Double, within: Double, unit: String?) {
            if !a.isApproximatelyEqual(to: b, absoluteTolerance: within) {
                add(field, .number(a), .number(b), b - a, unit, .changed)
            }
        }
        if fields.contains(.rotation) {
            if was.rotation != now.rotation {
                add("rotation", .number(Double(was.rotation)), .number(Double(now.rotation)), nil, nil, .changed)
            }
            if let a = was.rotationRaw, let b = now.rotationRaw, a != b {
                add("rotationRaw", .number(Double(a)), .number(Double(b)), nil, nil, .changed)
            }
        }
        if fields.contains(.size), !was.size.isApproximatelyEqual(to: now.size, absoluteTolerance: bound) {
            number("size.width", was.size.width, now.size.width, within: bound, unit: "pt")
            number("size.height", was.size.height, now.size.height, within: bound, unit: "pt")
        }
        if fields.contains(.boxes) {
            for (box, name) in Self.boxNames {
                let a = was.boxes[box], b = now.boxes[box]
                guard !a.isApproximatelyEqual(to: b, absoluteTolerance: bound) else { continue }
                number("\(name).x", a.x, b.x, within: bound, unit: "pt")
                number("\(name).y", a.y, b.y, within: bound, unit: "pt")
                number("\(name).width", a.width, b.width, within: bound, unit: "pt")
                number("\(name).height", a.height, b.height, within: bound, unit: "pt")
            }
        }
        if fields.contains(.userUnit) {
            number("userUnit", was.userUnit, now.userUnit, within: Self.printingPrecision, unit: nil)
        }
    }

    static let boxNames: [(PageBox, String)] = [
        (.media, "mediaBox"), (.crop, "cropBox"), (.bleed, "bleedBox"), (.trim, "trimBox"), (.art, "artBox"),
    ]
}
