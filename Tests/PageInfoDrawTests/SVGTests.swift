// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PageGeometry
@testable import PageInfoDraw
import PageInfoPoppler
import PageInfoTestSupport
import Testing

/// Parses the SVG `draw` writes and checks its vector overlays against the conversion API and
/// against numbers derived by hand.
@Suite("SVG output")
struct SVGTests {
    /// Every element's attributes by id.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [String: [String: String]] = [:]
        var root: [String: String] = [:]
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if name == "svg" { root = attributes }
            if let id = attributes["id"] { elements[id] = attributes.merging(["element": name]) { a, _ in a } }
        }
    }

    static func parse(_ svg: String) throws -> Collector {
        let parser = XMLParser(data: Data(svg.utf8))
        let c = Collector()
        parser.delegate = c
        #expect(parser.parse(), "the SVG is well-formed XML")
        return c
    }

    static func rect(_ e: [String: String]?) -> Rect? {
        guard let e, let x = Double(e["x"] ?? ""), let y = Double(e["y"] ?? ""), let w = Double(e["width"] ?? ""),
              let h = Double(e["height"] ?? "") else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }

    static func close(_ a: Rect?, _ b: Rect, _ tol: Double = 1e-4) -> Bool {
        a?.isApproximatelyEqual(to: b, absoluteTolerance: tol) ?? false
    }

    @Test("every box rect is PagePlacement's view rectangle, for each space and rotation", arguments: [1, 2, 3, 4], DrawingSpace.allCases)
    func boxesMatchPlacement(page number: Int, space: DrawingSpace) throws {
        let path = Paths.fixture("boxes.pdf")
        // boxes.pdf page 5 has five different boxes; rotations.pdf pages 1–4 cover the rotations.
        for (file, index) in [("boxes.pdf", 4), ("rotations.pdf", number - 1)] {
            let p = file == "boxes.pdf" ? path : Paths.fixture(file)
            let info = try PopplerDocument(path: p).page(at: index)
            let drawing = try PageDrawing(page: info, space: space, size: .scale(0.75), viewport: Rect(x: 10, y: 20, width: 100, height: 50))
            let image = RGBImage(width: drawing.pixelWidth, height: drawing.pixelHeight)
            let svg = try Self.parse(SVGWriter.svg(drawing, pageImage: image))
            // The conversion API, built independently here: the drawn region stretched onto the image.
            let shown = space == .raw
                ? PageInfo(index: info.index, boxes: PageBoxes(uniform: info.boxes.mediaBox), rotation: .degrees0) : info
            let placement = try PagePlacement(stretching: shown, toFill: Size(width: Double(drawing.pixelWidth), height: Double(drawing.pixelHeight)))
            for kind in PageBox.allCases {
                #expect(Self.close(Self.rect(svg.elements[kind.rawValue]), placement.viewRect(fromRaw: info.boxes[kind])),
                        "\(file) page \(index + 1) \(space) \(kind)")
            }
            let viewportRaw = info.rawRect(fromPage: Rect(x: 10, y: 20, width: 100, height: 50))
            #expect(Self.close(Self.rect(svg.elements["viewport"]), placement.viewRect(fromRaw: viewportRaw)))
            #expect(svg.elements["page"]?["width"] == "\(drawing.pixelWidth)")
            #expect(svg.elements["page"]?["height"] == "\(drawing.pixelHeight)")
            #expect(svg.elements["page"]?["xlink:href"]?.hasPrefix("data:image/png;base64,iVBORw0KGgo") == true)
        }
    }

    @Test("rotations.pdf page 2 (/Rotate 90) in raw space, by hand")
    func byHand() throws {
        let info = try PopplerDocument(path: Paths.fixture("rotations.pdf")).page(at: 1)
        let drawing = try PageDrawing(page: info, space: .raw, size: .scale(1))
        let svg = try Self.parse(SVGWriter.svg(drawing, pageImage: RGBImage(width: 500, height: 700)))
        // CropBox [20 30 420 630] in a 500×700 MediaBox: x 20, y 700 − 630 = 70, 400 × 600.
        #expect(Self.close(Self.rect(svg.elements["CropBox"]), Rect(x: 20, y: 70, width: 400, height: 600)))
        #expect(Self.close(Self.rect(svg.elements["MediaBox"]), Rect(x: 0, y: 0, width: 500, height: 700)))
        // Raw origin at (0, 700); page origin at raw (420, 30) → (420, 670), page x pointing up, page y left.
        #expect(svg.elements["raw-origin"]?["cx"] == "0" && svg.elements["raw-origin"]?["cy"] == "700")
        #expect(svg.elements["page-origin"]?["cx"] == "420" && svg.elements["page-origin"]?["cy"] == "670")
        let px = try #require(svg.elements["page-x"]), py = try #require(svg.elements["page-y"])
        #expect(px["x1"] == px["x2"] && Double(px["y2"]!)! < 670)   // up
        #expect(py["y1"] == py["y2"] && Double(py["x2"]!)! < 420)   // left
        // The picture: page image plus margin on each side plus the legend band.
        let m = drawing.margin
        #expect(svg.root["width"] == "\(500 + 2 * m)")
        #expect(svg.elements["view"]?["transform"] == "translate(\(m) \(m))")
    }

    /// The `labels` group's text elements: each one's text, colour, position and the chip (the
    /// `rect` just before it).
    final class LabelCollector: NSObject, XMLParserDelegate {
        struct Label { var text = "", fill = "", x = 0.0, y = 0.0; var chip: Rect? }
        var labels: [Label] = []
        private var depth = 0, inText = false, chip: Rect?
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if name == "g" { depth = attributes["id"] == "labels" ? 1 : depth > 0 ? depth + 1 : 0 }
            guard depth > 0 else { return }
            if name == "rect" { chip = SVGTests.rect(attributes) }
            if name == "text" {
                labels.append(Label(fill: attributes["fill"] ?? "", x: Double(attributes["x"] ?? "") ?? .nan,
                                    y: Double(attributes["y"] ?? "") ?? .nan, chip: chip))
                inText = true
            }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { if inText { labels[labels.count - 1].text += string } }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { inText = false }
            if name == "g", depth > 0 { depth -= 1 }
        }
    }

    @Test("the SVG has the PNG's labels, where the PNG puts them: axis names, origins' 0,0, the viewport's w and h",
          arguments: DrawingSpace.allCases)
    func labels(space: DrawingSpace) throws {
        let info = try PopplerDocument(path: Paths.fixture("rotations.pdf")).page(at: 1)
        let drawing = try PageDrawing(page: info, space: space, size: .scale(1), viewport: Rect(x: 40, y: 60, width: 120, height: 90))
        let svgText = SVGWriter.svg(drawing, pageImage: RGBImage(width: drawing.pixelWidth, height: drawing.pixelHeight))
        let parser = XMLParser(data: Data(svgText.utf8))
        let collector = LabelCollector()
        parser.delegate = collector
        #expect(parser.parse())
        let svg = collector.labels
        #expect(svg.map(\.text).sorted() == ["h", "page 0,0", "page x", "page y", "raw 0,0", "raw x", "raw y", "w"])
        // The PNG's chips and colours, in the order drawn.
        var png: [(OverlayRenderer.LabelBounds, RGBColor)] = []
        _ = OverlayRenderer.render(drawing, pageImage: RGBImage(width: drawing.pixelWidth, height: drawing.pixelHeight), labels: &png)
        try #require(png.count == svg.count)
        for (label, (chip, color)) in zip(svg, png) {
            #expect(label.fill == "\(color)" && Self.close(label.chip, Rect(x: Double(chip.x0), y: Double(chip.y0),
                                                                       width: Double(chip.x1 - chip.x0), height: Double(chip.y1 - chip.y0))),
                    "\(label.text): \(String(describing: label.chip)) against the PNG's \(chip)")
            // The text starts one pixel inside its chip; its baseline is the glyphs' bottom row.
            #expect(label.x == Double(chip.x0 + 1) && label.y == Double(chip.y1 - 1), "\(label.text)")
        }
        // By hand (scale 1, so text scale 1): page 2 is /Rotate 90 with MediaBox 500×700 and
        // CropBox [20 30 420 630]. In raw space the raw origin is at view (0, 700) and the page
        // origin at raw (420, 30), view (420, 670), page x up; in page space (600 × 400) the page
        // origin is at view (0, 400) and the raw origin off the page, page x right.
        let m = Double(drawing.margin), len = drawing.axisLength
        func center(_ text: String) throws -> Point {
            let r = try #require(svg.first { $0.text == text }?.chip, "\(text)")
            return Point(x: r.midX, y: r.midY)
        }
        let (pageOrigin, pageX): (Point, Point) = space == .raw
            ? (Point(x: 420, y: 670), Point(x: 0, y: -1)) : (Point(x: 0, y: 400), Point(x: 1, y: 0))
        // The other space's axes are three quarters as long; a label is 10 px past its arrow's tip.
        let pageLen = (space == .page ? len : len * 0.75) + 10
        let pageXLabel = try center("page x")
        let expected = Point(x: pageOrigin.x + pageX.x * pageLen + m, y: pageOrigin.y + pageX.y * pageLen + m)
        #expect(abs(pageXLabel.x - expected.x) <= 1 && abs(pageXLabel.y - expected.y) <= 1, "\(pageXLabel) against \(expected)")
        // "0,0" sits beside its origin on the side away from both axes: for page space (x right,
        // y up, in view terms right and up) that is left of and below the origin.
        let pageZero = try center("page 0,0")
        #expect(pageZero.y > pageOrigin.y + m, "\(pageZero) is below the page origin")
        #expect(space == .page ? pageZero.x < pageOrigin.x + m + 12 : pageZero.x > pageOrigin.x + m, "\(pageZero)")
        // In raw space the raw axes are the main ones: raw x points right from view (0, 700), its
        // label 10 px past the arrow's tip.
        if space == .raw {
            let rawX = try center("raw x")
            #expect(abs(rawX.x - (len + 10 + m)) <= 1 && abs(rawX.y - (700 + m)) <= 1, "\(rawX)")
        }
        // The viewport's "w" and "h" sit at the middles of its arrows, from its page-space origin
        // corner (x 40, y 60) along page x to x 160 and along page y to y 150, each drawn in view
        // space by the conversion API (checked against PagePlacement by the other tests).
        let placement = try PagePlacement(stretching: space == .raw ? PageInfo(index: 1, boxes: PageBoxes(uniform: info.boxes.mediaBox), rotation: .degrees0) : info,
                                          toFill: Size(width: Double(drawing.pixelWidth), height: Double(drawing.pixelHeight)))
        func view(_ x: Double, _ y: Double) -> Point { placement.viewPoint(fromRaw: info.rawPoint(fromPage: Point(x: x, y: y))) }
        for (text, a, b) in [("w", view(40, 60), view(160, 60)), ("h", view(40, 60), view(40, 150))] {
            let c = try center(text), mid = Point(x: (a.x + b.x) / 2 + m, y: (a.y + b.y) / 2 + m)
            #expect(abs(c.x - mid.x) <= 1 && abs(c.y - mid.y) <= 1, "\(text) at \(c), its arrow's middle at \(mid)")
        }
    }

    /// The title's text as an XML parser reads it.
    final class TitleReader: NSObject, XMLParserDelegate {
        var inTitle = false, title = ""
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) { inTitle = name == "title" }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) { inTitle = false }
        func parser(_ parser: XMLParser, foundCharacters string: String) { if inTitle { title += string } }
    }

    @Test("a label XML must escape, or cannot hold, comes back from the SVG as written (U+0001 as U+FFFD)")
    func escaping() throws {
        let page = PageInfo(index: 0, label: "a<b & \"c\" > d's\u{1}", boxes: PageBoxes(uniform: Rect(x: 0, y: 0, width: 200, height: 100)),
                            rotation: .degrees0)
        let drawing = try PageDrawing(page: page, space: .page, size: .scale(1))
        let svg = SVGWriter.svg(drawing, pageImage: RGBImage(width: drawing.pixelWidth, height: drawing.pixelHeight))
        #expect(svg.contains("<title>page 1 label \"a&lt;b &amp; \"c\" &gt; d's\u{FFFD}\"  rotation 0  page space</title>"))
        let parser = XMLParser(data: Data(svg.utf8))
        let reader = TitleReader()
        parser.delegate = reader
        #expect(parser.parse(), "the SVG is well-formed XML")
        #expect(reader.title == "page 1 label \"a<b & \"c\" > d's\u{FFFD}\"  rotation 0  page space")
    }
}

/// The legend's and SVG's numbers follow the one number rule (NumberText's step 5, ties to even
/// on the number JSON prints); they were rounded on the double, halves away from zero.
@Suite("Drawing numbers")
struct DrawingNumberTests {
    @Test("4 decimals by the number rule: ties to even, never -0, no float noise")
    func fourDecimals() {
        #expect(PageDrawing.number(612) == "612")
        #expect(PageDrawing.number(0.1 + 0.2) == "0.3")
        #expect(PageDrawing.number(1.00015) == "1.0002")   // a tie, 1 odd: up
        #expect(PageDrawing.number(1.00025) == "1.0002")   // a tie, 2 even: stays (was 1.0003)
        #expect(PageDrawing.number(0.00005) == "0")        // a tie, 0 even (was 0.0001)
        #expect(PageDrawing.number(-0.00004) == "0")       // never -0
        #expect(PageDrawing.number(-2.71828) == "-2.7183")
        #expect(PageDrawing.number(999.99995) == "1000")   // a tie, carried
    }
}
