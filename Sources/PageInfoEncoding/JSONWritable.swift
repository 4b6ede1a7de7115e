// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry

// The one JSON style of `convert`, `spreads`, `layout`, `viewstate` and `thumbnails`: compact
// (no spaces), fields in a fixed order (the order each `writeJSON` writes them), one document
// per line, numbers by the one rule (`NumberText` of PageGeometry, through
// ``ByteWriter/append(number:)``), written straight into a `ByteWriter`. An optional field that
// is absent is omitted unless its documentation says `null`.

/// A value that writes itself as JSON.
package protocol JSONWritable {
    /// Appends the value's JSON text to `out`.
    func writeJSON(to out: inout ByteWriter)
}

extension ByteWriter {
    /// `"name":value`, after a comma unless it is the object's first field.
    package mutating func append<Value: JSONWritable>(field name: StaticString, _ value: Value, first: Bool = false) {
        if !first { append(byte: UInt8(ascii: ",")) }
        append(byte: UInt8(ascii: "\""))
        append(name)
        append("\":")
        value.writeJSON(to: &self)
    }

    /// `"file":"NAME"`, after a comma unless it is the object's first field: the name of the
    /// file read, spelled exactly when ``exactFileName`` is set (``append(jsonNamingFile:)``).
    package mutating func append(fileField file: String, first: Bool = false) {
        if !first { append(byte: UInt8(ascii: ",")) }
        append("\"file\":")
        append(jsonNamingFile: file)
    }

    /// ``append(field:_:first:)`` when `value` is not `nil`; nothing otherwise.
    package mutating func append<Value: JSONWritable>(optionalField name: StaticString, _ value: Value?) {
        if let value { append(field: name, value) }
    }
}

extension Int: JSONWritable {
    /// The decimal digits.
    package func writeJSON(to out: inout ByteWriter) { out.append(int: self) }
}

extension Double: JSONWritable {
    /// By the one number rule (``ByteWriter/append(number:)``); NaN and infinities as `null`.
    package func writeJSON(to out: inout ByteWriter) { out.append(number: self) }
}

extension String: JSONWritable {
    /// A string literal with RFC 8259's escapes.
    package func writeJSON(to out: inout ByteWriter) { out.append(jsonString: self) }
}

extension Optional: JSONWritable where Wrapped: JSONWritable {
    /// `null` when absent.
    package func writeJSON(to out: inout ByteWriter) {
        if let value = self { value.writeJSON(to: &out) } else { out.append("null") }
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    /// `[…]`, the elements separated by commas.
    package func writeJSON(to out: inout ByteWriter) {
        out.append(byte: UInt8(ascii: "["))
        for (i, element) in enumerated() {
            if i > 0 { out.append(byte: UInt8(ascii: ",")) }
            element.writeJSON(to: &out)
        }
        out.append(byte: UInt8(ascii: "]"))
    }
}

extension Point: JSONWritable {
    /// `{"x","y"}`.
    package func writeJSON(to out: inout ByteWriter) {
        out.append(byte: UInt8(ascii: "{"))
        out.append(field: "x", x, first: true)
        out.append(field: "y", y)
        out.append(byte: UInt8(ascii: "}"))
    }
}

extension Size: JSONWritable {
    /// `{"width","height"}`.
    package func writeJSON(to out: inout ByteWriter) { out.append(json: self) }
}

extension Rect: JSONWritable {
    /// `{"x","y","width","height"}`.
    package func writeJSON(to out: inout ByteWriter) { out.append(json: self) }
}

extension AffineTransform: JSONWritable {
    /// `{"a","b","c","d","tx","ty"}`.
    package func writeJSON(to out: inout ByteWriter) { out.append(json: self) }
}

extension EdgeInsets: JSONWritable {
    /// `{"top","left","bottom","right"}`.
    package func writeJSON(to out: inout ByteWriter) {
        out.append(byte: UInt8(ascii: "{"))
        out.append(field: "top", top, first: true)
        out.append(field: "left", left)
        out.append(field: "bottom", bottom)
        out.append(field: "right", right)
        out.append(byte: UInt8(ascii: "}"))
    }
}

extension ViewState: JSONWritable {
    /// `{"pageIndex":3,"viewport":{"x","y","width","height"}}`, the viewport omitted when absent.
    package func writeJSON(to out: inout ByteWriter) {
        out.append(byte: UInt8(ascii: "{"))
        out.append(field: "pageIndex", pageIndex, first: true)
        out.append(optionalField: "viewport", viewport)
        out.append(byte: UInt8(ascii: "}"))
    }
}
