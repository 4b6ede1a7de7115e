// SPDX-License-Identifier: Apache-2.0
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PageInfoEncoding
import Testing

/// The one XML escaper (SVG and JUnit). Expected bytes follow XML 1.0 (§2.2 characters, §2.4
/// character data, §3.3.3 attribute-value normalization, §2.11 end-of-line handling); a
/// parser (libxml2, through FoundationXML) must read every value back.
@Suite("XMLEscaper: the one XML escaper")
struct XMLEscaperTests {
    @Test("markup characters: & < > everywhere, the double quote in attribute values only, the apostrophe nowhere")
    func markup() {
        #expect(XMLEscaper.text(#"a<b & "c"> d's"#) == #"a&lt;b &amp; "c"&gt; d's"#)
        #expect(XMLEscaper.attribute(#"a<b & "c"> d's"#) == #""a&lt;b &amp; &quot;c&quot;&gt; d's""#)
        #expect(XMLEscaper.text("") == "" && XMLEscaper.attribute("") == #""""#)
        #expect(XMLEscaper.text("page 3 (iii) → ü 😀") == "page 3 (iii) → ü 😀")
    }

    @Test("white space: kept in text (CR as a reference), references in attribute values")
    func whiteSpace() {
        #expect(XMLEscaper.text("a\tb\nc\rd") == "a\tb\nc&#13;d")
        #expect(XMLEscaper.attribute("a\tb\nc\rd") == #""a&#9;b&#10;c&#13;d""#)
    }

    @Test("characters XML 1.0 cannot hold become U+FFFD; others stay")
    func forbidden() {
        #expect(XMLEscaper.text("\u{0}\u{1}\u{8}\u{B}\u{C}\u{1F}") == String(repeating: "\u{FFFD}", count: 6))
        #expect(XMLEscaper.attribute("x\u{1B}[31my") == "\"x\u{FFFD}[31my\"")
        #expect(XMLEscaper.text("\u{FFFE}\u{FFFF}") == "\u{FFFD}\u{FFFD}")
        // Allowed: DEL, C1 controls (discouraged, not forbidden), U+FFFD itself, the last planes.
        #expect(XMLEscaper.text("\u{7F}\u{85}\u{FFFD}\u{10FFFF}") == "\u{7F}\u{85}\u{FFFD}\u{10FFFF}")
    }

    #if canImport(FoundationXML)
    @Test("a parser reads attribute values and text back exactly (forbidden characters as U+FFFD)")
    func roundTrip() throws {
        let values = ["plain", #"a<b & "c"> d's"#, "tab\there", "two\nlines\r\nand CR\rtoo", "  spaced  ", "bell\u{7}", "]]> end",
                      "&amp; already", "\u{FFFF}", "ü → 😀"]
        for value in values {
            let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<r v=\(XMLEscaper.attribute(value))>\(XMLEscaper.text(value))</r>\n"
            let root = try #require(try XMLDocument(data: Data(xml.utf8)).rootElement(), "\(xml)")
            let expected = String(String.UnicodeScalarView(value.unicodeScalars.map {
                ($0.value < 0x20 && !["\t", "\n", "\r"].contains($0)) || $0.value == 0xFFFF ? "\u{FFFD}" : $0
            }))
            #expect(root.attribute(forName: "v")?.stringValue == expected, "attribute of \(value.debugDescription)")
            #expect(root.stringValue == expected, "text of \(value.debugDescription)")
        }
    }
    #endif
}
