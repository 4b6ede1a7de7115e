// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoRecords

// JSON objects for the geometry types, with the field names of the README's schema.
extension ByteWriter {
    /// `{"x","y","width","height"}`.
    package mutating func append(json r: Rect) {
        append("{\"x\":"); append(number: r.x)
        append(",\"y\":"); append(number: r.y)
        append(",\"width\":"); append(number: r.width)
        append(",\"height\":"); append(number: r.height)
        append("}")
    }

    /// `{"width","height"}`.
    package mutating func append(json s: Size) {
        append("{\"width\":"); append(number: s.width)
        append(",\"height\":"); append(number: s.height)
        append("}")
    }

    /// `{"a","b","c","d","tx","ty"}` (x' = a·x + c·y + tx, y' = b·x + d·y + ty).
    package mutating func append(json t: AffineTransform) {
        append("{\"a\":"); append(number: t.a)
        append(",\"b\":"); append(number: t.b)
        append(",\"c\":"); append(number: t.c)
        append(",\"d\":"); append(number: t.d)
        append(",\"tx\":"); append(number: t.tx)
        append(",\"ty\":"); append(number: t.ty)
        append("}")
    }
}
