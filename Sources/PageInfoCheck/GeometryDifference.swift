// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoEncoding

/// One difference between a golden and the current geometry of a document: one line of the
/// report `pageinfo check` prints, e.g. `page 3 (iii): cropBox.width 612 → 611.5 (−0.5 pt)`.
public struct GeometryDifference: Sendable, Hashable, CustomStringConvertible {
    /// What kind of change this is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A page's value changed (a box coordinate, the size, rotation, UserUnit or label).
        case changed
        /// A page that was read became an error, or the other way round, or its error code changed.
        case pageError
        /// The current document has a page the golden does not.
        case pageAdded
        /// The golden has a page the current document does not.
        case pageRemoved
        /// The document's page count (`pageCount`) or claimed /Count (`countClaimed`) changed.
        case pageCount
        /// The golden records a file that could not be read, and it reads now.
        case fileError
    }

    /// A value on either side of a difference.
    public enum Value: Sendable, Hashable, CustomStringConvertible {
        /// A number (points for boxes and size).
        case number(Double)
        /// A string (a label, an error code, a page summary such as `612 x 792 pt`).
        case string(String)
        /// JSON `null` (a label the document does not have, an unknown count).
        case null
        /// Nothing on this side (a page added or removed).
        case none

        /// The value as the text report prints it: numbers without float noise, strings quoted.
        public var description: String {
            switch self {
            case .number(let v): formatCompact(v)
            case .string(let s): quoted(s)
            case .null: "null"
            case .none: "none"
            }
        }
    }

    /// What kind of change this is.
    public var kind: Kind
    /// The 0-based page the difference is about, `nil` for the document itself. Pages are
    /// numbered as in the golden, except for ``Kind-swift.enum/pageAdded``, numbered as now.
    public var pageIndex: Int?
    /// The label of that page (the golden's; the current one for an added page).
    public var label: String?
    /// The field, as in the JSON record: `cropBox.width`, `size.height`, `rotation`,
    /// `rotationRaw`, `userUnit`, `label`, `error`, `pageCount`, `countClaimed`; `page` for a
    /// page added or removed.
    public var field: String
    /// The golden's value.
    public var expected: Value
    /// The current value.
    public var actual: Value
    /// `actual − expected` for numeric fields (points for boxes and size).
    public var delta: Double?
    /// The unit of the values and delta (`pt` for boxes and size), or `nil`.
    public var unit: String?

    /// A difference; `delta` is `actual − expected` for numbers, in `unit`.
    public init(kind: Kind, pageIndex: Int?, label: String?, field: String, expected: Value, actual: Value,
                delta: Double? = nil, unit: String? = nil) {
        self.kind = kind; self.pageIndex = pageIndex; self.label = label; self.field = field
        self.expected = expected; self.actual = actual; self.delta = delta; self.unit = unit
    }

    /// `page 3 (iii)`, `page 3` without a label, `document` for document-level differences.
    public var subject: String { Self.pageName(index: pageIndex, label: label) }

    /// The page as the report names it: 1-based, with its label in parentheses when it has one.
    public static func pageName(index: Int?, label: String?) -> String {
        guard let index else { return "document" }
        if let label, !label.isEmpty { return "page \(index + 1) (\(printable(label)))" }
        return "page \(index + 1)"
    }

    /// The report line without the subject: `cropBox.width 612 → 611.5 (−0.5 pt)`.
    public var change: String {
        switch kind {
        case .pageAdded:
            if case .string(let what) = actual { return "added (\(what))" }
            return "added"
        case .pageRemoved:
            if case .string(let what) = expected { return "removed (was \(what))" }
            return "removed"
        case .fileError:
            return "the golden records an error (\(plain(expected))); the file reads now"
        case .pageError:
            switch (expected, actual) {
            case (.string(let was), .none): return "reads now; the golden records an error (\(was))"
            case (.none, .string(let now)): return "cannot be read now (\(now)); the golden has its geometry"
            default: return "error \(plain(expected)) → \(plain(actual))"
            }
        case .changed, .pageCount:
            let name = field == "pageCount" ? "page count" : field
            var line = "\(name) \(expected) → \(actual)"
            if let delta {
                line += " (\(formatSigned(delta))\(unit.map { " \($0)" } ?? ""))"
            }
            return line
        }
    }

    /// The whole report line: `page 3 (iii): cropBox.width 612 → 611.5 (−0.5 pt)`, or for the
    /// document, the change alone: `page count 10 → 11 (+1)`.
    public var description: String { pageIndex == nil ? change : "\(subject): \(change)" }

    private func plain(_ value: Value) -> String {
        if case .string(let s) = value { return printable(s) }
        return value.description
    }
}

// MARK: - Text helpers

/// A delta with its sign: `+0.5`, `−0.5` (U+2212 MINUS SIGN, as typeset), `0`.
func formatSigned(_ value: Double) -> String {
    let text = formatCompact(value)
    if text == "0" { return text }
    if text.hasPrefix("-") { return "\u{2212}" + text.dropFirst() }
    return "+" + text
}

/// A string in double quotes, with control characters, quotes and backslashes escaped as in JSON,
/// so that a label can never break a report line.
func quoted(_ s: String) -> String {
    var out = ByteWriter()
    out.append(jsonString: s)
    return out.string
}

/// A label for a report line: control characters shown as escapes, nothing else changed.
func printable(_ s: String) -> String {
    guard s.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return s }
    let q = quoted(s)
    return String(q.dropFirst().dropLast())
}
