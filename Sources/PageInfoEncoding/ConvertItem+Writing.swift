// SPDX-License-Identifier: Apache-2.0
// A convert item written back, as text (the form the item grammar reads) and as JSON.
import PageGeometry
import PageInfoGrammar

extension ConvertItem {
    /// Writes `x,y` or `x,y,w,h`, numbers by the one number rule: the form ``init(_:)`` reads.
    package func writeText(to out: inout ByteWriter) {
        switch self {
        case .point(let p):
            out.append(number: p.x); out.append(byte: UInt8(ascii: ",")); out.append(number: p.y)
        case .rect(let r):
            out.append(number: r.x); out.append(byte: UInt8(ascii: ",")); out.append(number: r.y)
            out.append(byte: UInt8(ascii: ",")); out.append(number: r.width)
            out.append(byte: UInt8(ascii: ",")); out.append(number: r.height)
        }
    }
}

extension ConvertItem: JSONWritable {
    /// `{"x","y"}` or `{"x","y","width","height"}`.
    package func writeJSON(to out: inout ByteWriter) {
        switch self {
        case .point(let p): p.writeJSON(to: &out)
        case .rect(let r): r.writeJSON(to: &out)
        }
    }
}
