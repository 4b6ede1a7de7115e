// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoGrammar
import PageInfoOutput

extension ConvertItem: JSONWritable {
    /// `{"x","y"}` or `{"x","y","width","height"}`.
    func writeJSON(to out: inout ByteWriter) {
        switch self {
        case .point(let p): p.writeJSON(to: &out)
        case .rect(let r): r.writeJSON(to: &out)
        }
    }
}
