// SPDX-License-Identifier: GPL-2.0-or-later
import DocumentLayout
import PageGeometry
import PageInfoOutput
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

// The one JSON style of `convert`, `spreads`, `layout`, `viewstate` and `thumbnails`: compact
// (no spaces), fields in a fixed order (the order each `writeJSON` writes them), one document
// per line, numbers by the one rule (`PageGeometry.NumberText`, through
// `ByteWriter.append(number:)`), written straight into a `ByteWriter`. An optional field that
// is absent is omitted unless its documentation says `null`.

/// A value that writes itself as JSON.
protocol JSONWritable {
    func writeJSON(to out: inout ByteWriter)
}

extension ByteWriter {
    /// `"name":value`, after a comma unless it is the object's first field.
    mutating func append<Value: JSONWritable>(field name: StaticString, _ value: Value, first: Bool = false) {
        if !first { append(byte: UInt8(ascii: ",")) }
        append(byte: UInt8(ascii: "\""))
        append(name)
        append("\":")
        value.writeJSON(to: &self)
    }

    /// ``append(field:_:first:)`` when `value` is not `nil`; nothing otherwise.
    mutating func append<Value: JSONWritable>(optionalField name: StaticString, _ value: Value?) {
        if let value { append(field: name, value) }
    }
}

extension Int: JSONWritable {
    func writeJSON(to out: inout ByteWriter) { out.append(int: self) }
}

extension Double: JSONWritable {
    func writeJSON(to out: inout ByteWriter) { out.append(number: self) }
}

extension String: JSONWritable {
    func writeJSON(to out: inout ByteWriter) { out.append(jsonString: self) }
}

extension Optional: JSONWritable where Wrapped: JSONWritable {
    /// `null` when absent.
    func writeJSON(to out: inout ByteWriter) {
        if let value = self { value.writeJSON(to: &out) } else { out.append("null") }
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    func writeJSON(to out: inout ByteWriter) {
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
    func writeJSON(to out: inout ByteWriter) {
        out.append(byte: UInt8(ascii: "{"))
        out.append(field: "x", x, first: true)
        out.append(field: "y", y)
        out.append(byte: UInt8(ascii: "}"))
    }
}

extension Size: JSONWritable {
    /// `{"width","height"}`.
    func writeJSON(to out: inout ByteWriter) { out.append(json: self) }
}

extension Rect: JSONWritable {
    /// `{"x","y","width","height"}`.
    func writeJSON(to out: inout ByteWriter) { out.append(json: self) }
}

extension AffineTransform: JSONWritable {
    /// `{"a","b","c","d","tx","ty"}`.
    func writeJSON(to out: inout ByteWriter) { out.append(json: self) }
}

extension EdgeInsets: JSONWritable {
    /// `{"top","left","bottom","right"}`.
    func writeJSON(to out: inout ByteWriter) {
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
    func writeJSON(to out: inout ByteWriter) {
        out.append(byte: UInt8(ascii: "{"))
        out.append(field: "pageIndex", pageIndex, first: true)
        out.append(optionalField: "viewport", viewport)
        out.append(byte: UInt8(ascii: "}"))
    }
}

// MARK: - Writing to stdout

/// Stdout for one command: everything goes through one ``ByteWriter``, and ``finish()`` turns
/// a failed write into exit 74 with one line.
struct StandardOutput: ~Copyable {
    var out = ByteWriter(fd: STDOUT_FILENO)

    /// Writes everything buffered; throws exit 74 when any write failed (a full disk, a closed
    /// pipe).
    mutating func finish() throws {
        out.flush()
        if out.writeFailed {
            let reason = String(cString: strerror(errno))
            throw CommandFailure("cannot write the output: \(reason)", code: ExitStatus.ioError)
        }
    }

    /// Prints `document` and a newline after checking every number: the line is formatted in
    /// memory and written only when no number in it is NaN or infinite; otherwise nothing is
    /// printed and `failure()` is thrown. For documents of bounded size (`thumbnails`,
    /// `viewstate`).
    static func printLine(_ document: some JSONWritable, failure: () -> CommandFailure) throws {
        var line = ByteWriter()
        document.writeJSON(to: &line)
        line.append(byte: UInt8(ascii: "\n"))
        guard line.nonFiniteNumbers == 0 else { throw failure() }
        var stdout = StandardOutput()
        stdout.out.bytes = line.bytes
        try stdout.finish()
    }
}

extension Point {
    /// True when both coordinates are finite.
    var isFinite: Bool { x.isFinite && y.isFinite }
}

extension Size {
    /// True when width and height are finite.
    var isFinite: Bool { width.isFinite && height.isFinite }
}

extension Rect {
    /// True when origin and size are finite.
    var isFinite: Bool { origin.isFinite && size.isFinite }
}
