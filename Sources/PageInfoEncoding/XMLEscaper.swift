// SPDX-License-Identifier: Apache-2.0

/// The package's one XML escaper: text content and attribute values for XML 1.0, as the SVG
/// writer (`pageinfo draw -o OUT.svg`) and `pageinfo check --format junit` write them.
///
/// One rule, with the two differences XML itself makes between text and attribute values:
/// - `&`, `<` and `>` are written `&amp;`, `&lt;` and `&gt;` everywhere.
/// - An attribute value is always written in double quotes (``attribute(_:)`` adds them), so
///   `"` is written `&quot;` in it; tab, line feed and carriage return are written `&#9;`,
///   `&#10;` and `&#13;`, which attribute-value normalization would otherwise turn into spaces.
///   In text a quote is plain text, and `'` needs no escape in either (it never delimits).
/// - In text, tab and line feed are written as they are; carriage return is written `&#13;`,
///   which end-of-line handling would otherwise turn into a line feed.
/// - A character XML 1.0 cannot hold at all (a control character other than tab, line feed
///   and carriage return; U+FFFE; U+FFFF) is replaced by U+FFFD REPLACEMENT CHARACTER, so the
///   document stays well-formed whatever a file name or page label holds.
package enum XMLEscaper {
    /// `s` as XML text content (between tags).
    package static func text(_ s: String) -> String { escape(s, attribute: false) }

    /// `s` as an XML attribute value, in its double quotes: `name=` + this.
    package static func attribute(_ s: String) -> String { "\"" + escape(s, attribute: true) + "\"" }

    private static func escape(_ s: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\t" where attribute: out += "&#9;"
            case "\n" where attribute: out += "&#10;"
            case "\r": out += "&#13;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                if v < 0x20 || v == 0xFFFE || v == 0xFFFF { out += "\u{FFFD}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
