// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry
import PageInfoGrammar
import PageInfoEncoding
import Testing

/// The value grammars: what each accepts, the value it gives and the message of what it refuses.
/// The messages are the ones `pageinfo` prints after the option's name (its end-to-end tests pin
/// them through the command line).
@Suite("ValueGrammar")
struct ValueGrammarTests {
    private func message<T>(_ parse: (String) throws(GrammarError) -> T, _ text: String) -> String? {
        do { _ = try parse(text); return nil } catch { return error.description }
    }

    @Test("numbers: finite, blanks around allowed, within ±10^12")
    func numbers() throws {
        #expect(try ValueGrammar.number(" 12.5\t") == 12.5)
        #expect(try ValueGrammar.number("-1e12") == -1e12)
        #expect(message(ValueGrammar.number, "1e13") == "10000000000000 is beyond the limit of ±10^12")
        #expect(message(ValueGrammar.number, "1e300") == "1e+300 is beyond the limit of ±10^12")
        #expect(message(ValueGrammar.number, "nan") == "'nan' is not a finite number")
        #expect(message(ValueGrammar.number, "inf") == "'inf' is not a finite number")
        #expect(message(ValueGrammar.number, "") == "'' is not a finite number")
        #expect(throws: GrammarError.beyondMagnitude(2e12)) { try ValueGrammar.number("2e12") }
    }

    @Test("sizes: WxH, WXH or W,H, positive")
    func sizes() throws {
        #expect(try ValueGrammar.size("800x600") == Size(width: 800, height: 600))
        #expect(try ValueGrammar.size("800X600.5") == Size(width: 800, height: 600.5))
        #expect(try ValueGrammar.size("3,4") == Size(width: 3, height: 4))
        #expect(message(ValueGrammar.size, "800") == "expected WIDTHxHEIGHT, e.g. 800x600")
        #expect(message(ValueGrammar.size, "0x600") == "the width and height must be positive (at least 10^-9), e.g. 800x600")
        // Below 10^-9 a size would print as 0 (the number rule's resolution); 10^-9 itself is fine.
        #expect(message(ValueGrammar.size, "1e-300x600") == "the width and height must be positive (at least 10^-9), e.g. 800x600")
        #expect(message(ValueGrammar.size, "600x9.9e-10") == "the width and height must be positive (at least 10^-9), e.g. 800x600")
        #expect((try? ValueGrammar.size("1e-9x600")) == Size(width: 1e-9, height: 600))
        #expect(message(ValueGrammar.size, "1x2x3") == "expected WIDTHxHEIGHT, e.g. 800x600")
        #expect(message(ValueGrammar.size, "ax3") == "'a' is not a finite number")
    }

    @Test("points, rectangles, viewports and insets")
    func tuples() throws {
        #expect(try ValueGrammar.point("-5, 3") == Point(x: -5, y: 3))
        #expect(message(ValueGrammar.point, "1,2,3") == "expected x,y")
        #expect(try ValueGrammar.rect("1,2,-3,4") == Rect(x: 1, y: 2, width: -3, height: 4))
        #expect(message(ValueGrammar.rect, "1,2") == "expected x,y,width,height")
        #expect(try ValueGrammar.viewport("0,0,-1,0") == Rect(x: 0, y: 0, width: -1, height: 0))
        #expect(message(ValueGrammar.viewport, "5,5,0,10") == "zero width (or below 10^-9); the view needs a width of page space to show")
        #expect(message(ValueGrammar.viewport, "5,5,-1e-12,10") == "zero width (or below 10^-9); the view needs a width of page space to show")
        #expect(try ValueGrammar.insets("1,2,3,4") == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(message(ValueGrammar.insets, "1,2,-3,4") == "insets must not be negative")
        #expect(message(ValueGrammar.insets, "1,2,3") == "expected top,left,bottom,right")
    }

    @Test("lengths, zooms, resolutions: their own ranges")
    func bounded() throws {
        #expect(try ValueGrammar.length("0") == 0)
        #expect(message(ValueGrammar.length, "-0.5") == "must be 0 or more")
        #expect(try ValueGrammar.zoom("1e6") == 1e6)
        #expect(try ValueGrammar.zoom("1e-6") == 1e-6)
        #expect(message(ValueGrammar.zoom, "0") == "a zoom scale must be between 10^-6 and 10^6 (1 = fitted)")
        #expect(message(ValueGrammar.zoom, "2e6") == "a zoom scale must be between 10^-6 and 10^6 (1 = fitted)")
        #expect(try ValueGrammar.dotsPerInch("144") == 144)
        #expect(message(ValueGrammar.dotsPerInch, "100001") == "a resolution must be between 0.001 and 100000 dpi")
    }

    @Test("page counts and page numbers")
    func pages() throws {
        #expect(try ValueGrammar.pageCount("0") == 0)
        #expect(try ValueGrammar.pageCount("10000000") == InputLimits.pageCount)
        #expect(message(ValueGrammar.pageCount, "10000001") == "at most 10000000 pages (layout commands handle up to 10,000,000)")
        #expect(message(ValueGrammar.pageCount, "-1") == "expected a page count, 0 or more")
        #expect(message(ValueGrammar.pageCount, "1.5") == "expected a page count, 0 or more")
        #expect(try ValueGrammar.pageNumber("3") == 3)
        #expect(message(ValueGrammar.pageNumber, "0") == "pages are numbered from 1, got 0")
        #expect(message(ValueGrammar.pageNumber, "x") == "expected a page number")
    }

    @Test("box lists: short or full names, any case, in order, each once")
    func boxes() throws {
        #expect(try ValueGrammar.boxes("trim,MEDIA,CropBox,trim") == [.trim, .media, .crop])
        #expect(message(ValueGrammar.boxes, "crop,paper") == "'paper' is not a box; use media, crop, bleed, trim or art (or none alone)")
        #expect(message(ValueGrammar.boxes, "") == "'' is not a box; use media, crop, bleed, trim or art (or none alone)")
    }
}

@Suite("ConvertItem")
struct ConvertItemTests {
    @Test("points and rectangles, blanks around numbers")
    func parsing() throws {
        #expect(ConvertItem("120,80") == .point(Point(x: 120, y: 80)))
        #expect(ConvertItem(" -5 ,\t3\r") == .point(Point(x: -5, y: 3)))
        #expect(ConvertItem("1,2,3,4") == .rect(Rect(x: 1, y: 2, width: 3, height: 4)))
        for bad in ["", "1", "1,2,3", "1,2,3,4,5", "a,b", "1,,2", "1e13,0", "nan,1"] {
            #expect(ConvertItem(bad) == nil, "\(bad)")
        }
        #expect(try ConvertItem.parse("7,8") == .point(Point(x: 7, y: 8)))
    }

    @Test("the message says what is wrong")
    func problems() {
        #expect(GrammarError.malformedItem("1e13,0").description == "'1e13,0' has a number beyond the limit of ±10^12")
        #expect(GrammarError.malformedItem("a,b").description == "'a,b' is not a point x,y or a rectangle x,y,width,height of finite numbers")
        #expect(GrammarError.malformedItem("--wat").description == "unknown option or malformed item '--wat'")
        let long = String(repeating: "9", count: 70)
        #expect(ConvertItem.problem(long) == "'\(String(repeating: "9", count: 60))…' is not a point x,y or a rectangle x,y,width,height of finite numbers")
    }

    @Test("applying a transform; rectangles come out standardized; text round trip")
    func applying() throws {
        let t = AffineTransform(a: 2, b: 0, c: 0, d: -1, tx: 10, ty: 100)
        #expect(ConvertItem.point(Point(x: 1, y: 2)).applying(t) == .point(Point(x: 12, y: 98)))
        #expect(ConvertItem.rect(Rect(x: 0, y: 0, width: 5, height: 10)).applying(t)
                == .rect(Rect(x: 10, y: 90, width: 10, height: 10)))
        let huge = AffineTransform(a: 1e300, b: 0, c: 0, d: 1e300, tx: 0, ty: 0)
        #expect(!ConvertItem.point(Point(x: 1e12, y: 0)).applying(huge).isFinite)
        var out = ByteWriter()
        ConvertItem.rect(Rect(x: 0.1 + 0.2, y: -0.5, width: 612, height: 1e-10)).writeText(to: &out)
        #expect(out.string == "0.3,-0.5,612,0")
        #expect(ConvertItem(out.string) == .rect(Rect(x: 0.3, y: -0.5, width: 612, height: 0)))
        #expect(ConvertItem.point(Point(x: 25, y: 50)).textForMessage == "25,50")
    }
}
