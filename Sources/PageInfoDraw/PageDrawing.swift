// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoRecords
import PageInfoEncoding

/// The space a ``PageDrawing`` shows.
///
/// - ``raw``: the page's PDF user space over its **unrotated MediaBox**, so boxes outside the
///   CropBox are visible; the origin and axes drawn are raw (0, 0), x right, y up.
/// - ``page``: the displayed page (the CropBox after /Rotate); the origin and axes drawn are the
///   normalized page space's, at the displayed lower-left corner.
@frozen
package enum DrawingSpace: String, Hashable, Sendable, CaseIterable {
    case raw, page
}

/// How large to draw: pixels per point, or a width in pixels.
@frozen
package enum DrawingSize: Hashable, Sendable {
    /// `s` pixels per point (1 = 72 dpi).
    case scale(Double)
    /// The image's width in pixels; the height follows the region's aspect ratio.
    case width(Int)
}

/// Why a drawing cannot be made.
package enum DrawingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The image would exceed ``DrawingLimits``.
    case tooLarge(width: Int, height: Int)
    /// A scale or width that is zero, negative or not finite (the size given).
    case invalidSize(DrawingSize)
    /// The container is too small to hold a thumbnail.
    case containerTooSmall(Size)
    /// The placement could not be built (a page or viewport the conversion rejects).
    case placement(PlacementError)
    /// The viewport (page space, points) lies wholly outside the picture: the page image and
    /// its margin (the displayed page is `page` points large).
    case viewportOutside(viewport: Rect, page: Size)
    /// The region to draw (raw space, points) is empty, not finite, or does not meet the
    /// MediaBox.
    case regionOutside(region: Rect, mediaBox: Rect)

    /// One line in the library's terms (the `DrawingSize`, the container, the viewport); the
    /// CLI names its options instead (`--scale`, `--container`, `--viewport`).
    package var description: String {
        switch self {
        case let .tooLarge(w, h):
            "the picture would be at least \(Self.pixels(w)) x \(Self.pixels(h)) pixels, more than the limit of \(DrawingLimits.maxSide) pixels a side and "
                + "\(DrawingLimits.maxPixels / 1_000_000) megapixels"
        case let .invalidSize(.scale(s)): "scale: \(s) must be a positive number (1 = one pixel per point)"
        case let .invalidSize(.width(px)): "width: \(px) must be a positive number of pixels"
        case let .containerTooSmall(s): "the container \(s) is too small for a thumbnail; give a larger container"
        case let .placement(e): e.description
        case let .viewportOutside(v, page):
            "the viewport \(Self.viewportText(v)) lies wholly outside the page (page space 0…\(PageDrawing.number(page.width)) x 0…\(PageDrawing.number(page.height)) pt) and the margin around it: "
                + "nothing of it would be drawn; give a viewport on the page"
        case let .regionOutside(r, media):
            "the region [\(PageDrawing.number(r.minX)) \(PageDrawing.number(r.minY)) \(PageDrawing.number(r.maxX)) \(PageDrawing.number(r.maxY))] (raw space) "
                + "has no area or does not meet the MediaBox [\(PageDrawing.number(media.minX)) \(PageDrawing.number(media.minY)) "
                + "\(PageDrawing.number(media.maxX)) \(PageDrawing.number(media.maxY))]: give a rectangle on the page"
        }
    }

    /// A viewport as `x,y,width,height`, compactly.
    package static func viewportText(_ v: Rect) -> String {
        "\(PageDrawing.number(v.x)),\(PageDrawing.number(v.y)),\(PageDrawing.number(v.width)),\(PageDrawing.number(v.height))"
    }

    /// A side in pixels; `Int.max` stands for one too large to count.
    static func pixels(_ n: Int) -> String { n == Int.max ? "more than \(DrawingLimits.maxSide * 10)" : "\(n)" }
}

/// The largest image `draw` and `sheet` make: 30,000 pixels a side and 100 megapixels (300 MB of
/// RGB in memory), far above any screen, well below what exhausts a machine.
package enum DrawingLimits {
    package static let maxSide = 30_000
    package static let maxPixels = 100_000_000

    static func check(width: Int, height: Int) throws(DrawingError) {
        guard width <= maxSide, height <= maxSide, width * height <= maxPixels else {
            throw .tooLarge(width: width, height: height)
        }
    }
}

/// The overlay colours, one per box, documented in the README and drawn in the legend.
package enum OverlayPalette {
    package static func color(for box: PageBox) -> RGBColor {
        switch box {
        case .media: RGBColor(hex: 0x1F4FE0)   // blue
        case .crop: RGBColor(hex: 0x00A030)    // green
        case .bleed: RGBColor(hex: 0xD000D0)   // magenta
        case .trim: RGBColor(hex: 0xE01010)    // red
        case .art: RGBColor(hex: 0x00A8C0)     // cyan
        }
    }
    /// The chosen space's origin and axes.
    package static let axes = RGBColor(hex: 0x111111)
    /// The other space's origin and axes.
    package static let otherAxes = RGBColor(hex: 0x8A5A00)
    /// The viewport, as the seeds draw it.
    package static let viewport = RGBColor(hex: 0xFF8000)
    /// The colours of the user's box files, in turn (pink, violet, teal, amber), apart from the
    /// page boxes' and the viewport's.
    static let overlays = [RGBColor(hex: 0xFF1F8E), RGBColor(hex: 0x7A2BE2), RGBColor(hex: 0x006D5B), RGBColor(hex: 0xB86E00)]
    /// How many colours the files of boxes take in turn.
    package static var overlayCount: Int { overlays.count }
    /// The colour of the `i`th (0-based) file of boxes.
    package static func overlay(_ i: Int) -> RGBColor { overlays[i % overlays.count] }
}

/// A box as drawn: which one, its rectangle in raw space and in view space (pixels).
package struct DrawnBox: Hashable, Sendable {
    package var kind: PageBox
    /// The effective box in raw PDF user space (points).
    package var raw: Rect
    /// The same box in the drawing's view space (pixels, top-left origin, y down).
    package var view: Rect
    /// An earlier drawn box with the same rectangle, if any (the legend says "= CropBox").
    package var sameAs: PageBox?
}

/// An origin and its two axes in view space (pixels): where (0, 0) of a space is, and the
/// direction in which its x and y grow.
package struct DrawnAxes: Hashable, Sendable {
    /// `raw` or `page`.
    package var space: CoordinateSpace
    /// The space's (0, 0) in view space (pixels); may lie outside the image.
    package var origin: Point
    /// Unit vectors in view space along the space's +x and +y.
    package var xDirection: Point, yDirection: Point

    /// The end of an axis drawn `length` pixels from the origin along `direction` (view space).
    func end(of direction: Point, length: Double) -> Point {
        Point(x: origin.x + direction.x * length, y: origin.y + direction.y * length)
    }
}

/// A viewport (page space) as drawn: the rectangle, and the arrows along which its width and
/// height grow, from its page-space origin corner (as the seeds draw a viewport's dimensions).
package struct DrawnViewport: Hashable, Sendable {
    /// The viewport in page space (points, standardized).
    package var page: Rect
    /// The same rectangle in view space (pixels).
    package var view: Rect
    /// The viewport's page-space origin (its lower-left corner in page space), in view space.
    package var origin: Point
    /// The end of the width arrow (page (x + w, y)) and of the height arrow (page (x, y + h)), view space.
    package var widthEnd: Point, heightEnd: Point
}

/// A file of the user's boxes to draw over the page (`draw --overlay BOXES --frame F`): its
/// name and frame for the legend, and its boxes already mapped to raw PDF space.
package struct OverlaySet: Hashable, Sendable {
    /// The file's name as given, for the legend.
    package var name: String
    /// The frame its boxes were given in, as the legend says it (`pixels of pdf2image at 150 dpi`).
    package var frame: String
    /// Each box in raw PDF user space (points), with its label.
    package var boxes: [(raw: Rect, label: String?)]

    package init(name: String, frame: String, boxes: [(raw: Rect, label: String?)]) {
        self.name = name
        self.frame = frame
        self.boxes = boxes
    }

    /// The annotations of a page as a set to draw (`draw --annotations`): each one's drawn
    /// rectangle (where its appearance lands; /Rect for one without an appearance), labelled
    /// with its subtype; an annotation without a readable /Rect is left out (its warning says so).
    package static func annotations(_ annotations: PageAnnotations, on page: PageInfo) -> OverlaySet {
        OverlaySet(name: "annotations", frame: "drawn rectangles, raw", boxes: annotations.annotations.compactMap { a in
            (a.drawnRect(on: page) ?? a.rect).map { (raw: $0, label: a.subtype ?? "?") }
        })
    }

    package static func == (a: OverlaySet, b: OverlaySet) -> Bool {
        a.name == b.name && a.frame == b.frame && a.boxes.elementsEqual(b.boxes, by: { $0.raw == $1.raw && $0.label == $1.label })
    }
    package func hash(into h: inout Hasher) { h.combine(name); h.combine(frame); h.combine(boxes.count) }
}

/// A user's box as drawn: its rectangle in view space (pixels), its label and its file's colour.
package struct DrawnOverlayBox: Hashable, Sendable {
    /// The box in raw PDF user space (points).
    package var raw: Rect
    /// The same box in the drawing's view space (pixels, top-left origin, y down).
    package var view: Rect
    package var label: String?
    /// Which ``OverlaySet`` (0-based) it came from; its colour is ``OverlayPalette/overlay(_:)``.
    package var set: Int
}

/// Everything `pageinfo draw` puts in a picture, computed once from a ``PageInfo`` with
/// ``PagePlacement`` (the conversion `pageinfo convert` uses), and then rasterized
/// (``OverlayRenderer``) or written as SVG (``SVGWriter``): the size of the page image, the
/// region Poppler renders into it, and the overlays in view space.
package struct PageDrawing: Hashable, Sendable {
    package let page: PageInfo
    package let space: DrawingSpace
    /// Maps raw (and, for ``DrawingSpace/page``, page) space onto the image's pixels: the region
    /// stretched onto `pixelWidth × pixelHeight`, exactly as the renderer maps it.
    package let placement: PagePlacement
    /// The page image's size in pixels (the legend band is extra, below it).
    package let pixelWidth: Int, pixelHeight: Int
    /// The rectangle of raw space that fills the image: the MediaBox (raw) or the CropBox (page).
    package let region: Rect
    /// The clockwise quarter turn applied to `region` (0 for raw space, the page's /Rotate for page space).
    package let rotation: PageRotation
    package let boxes: [DrawnBox]
    /// The chosen space's origin and axes.
    package let axes: DrawnAxes
    /// The other space's origin and axes (page space in a raw drawing, raw space in a page drawing).
    package let otherAxes: DrawnAxes
    package let viewport: DrawnViewport?
    /// The user's boxes (``OverlaySet``), in the order of their files and of each file.
    package let overlays: [DrawnOverlayBox]
    /// Lines of the legend, each with the colour of its swatch (`nil`: text only).
    package let legend: [(text: String, color: RGBColor?)]
    /// The ``legend`` as drawn: wrapped to the picture's width
    /// (``OverlayRenderer/legendRows(_:pictureWidth:textScale:)``).
    package let legendRows: [OverlayRenderer.LegendRow]

    package static func == (a: PageDrawing, b: PageDrawing) -> Bool {
        a.page == b.page && a.space == b.space && a.placement == b.placement && a.pixelWidth == b.pixelWidth
            && a.pixelHeight == b.pixelHeight && a.boxes == b.boxes && a.viewport == b.viewport && a.overlays == b.overlays
    }
    package func hash(into h: inout Hasher) { h.combine(page); h.combine(space); h.combine(pixelWidth); h.combine(pixelHeight) }

    /// Lays out a drawing of `page`.
    ///
    /// - Parameters:
    ///   - space: raw (the unrotated MediaBox) or page (the displayed page).
    ///   - size: `.scale(s)`: the image is `⌈w·s⌉ × ⌈h·s⌉` pixels for a region of w × h points
    ///     (as `pdftoppm -r 72s` sizes it); `.width(px)`: px wide, `⌈h·px/w⌉` high. The region is
    ///     then stretched to fill the image exactly, so its corners are the image's corners.
    ///   - boxes: the boxes to draw, in drawing order (later ones on top).
    ///   - viewport: a rectangle of page space (points) to draw, or `nil`.
    ///   - overlays: the user's boxes, each file in its colour.
    ///   - region: the rectangle of raw space (points) to draw instead of the whole MediaBox (raw)
    ///     or CropBox (page), turned as the space turns it; it must meet the MediaBox.
    ///   - legendNamesRegion: whether the legend gives the region (false where the picture
    ///     always shows the same box, as `inspect`'s MediaBox).
    /// - Throws: ``DrawingError`` for a bad size or an image beyond ``DrawingLimits``.
    package init(page: PageInfo, space: DrawingSpace, size: DrawingSize, boxes: [PageBox] = PageBox.allCases,
                viewport: Rect? = nil, overlays: [OverlaySet] = [], region requested: Rect? = nil,
                legendNamesRegion: Bool = true) throws(DrawingError) {
        self.page = page
        self.space = space
        var shown: PageInfo
        switch space {
        case .raw:
            // The unrotated MediaBox as if it were the displayed page: its raw → view mapping is
            // the plain flip of PDF space, origin at the MediaBox's top-left corner.
            shown = PageInfo(index: page.index, label: page.label, boxes: PageBoxes(uniform: page.boxes.mediaBox),
                             rotation: .degrees0)
        case .page:
            shown = page
        }
        if let requested {
            let r = requested.standardized, media = page.boxes.mediaBox
            guard r.width > 0, r.height > 0, r.width.isFinite, r.height.isFinite,
                  r.minX < media.maxX, media.minX < r.maxX, r.minY < media.maxY, media.minY < r.maxY else {
                throw .regionOutside(region: r, mediaBox: media)
            }
            // The region is the displayed page of this drawing: raw → view stretches it onto the image.
            shown.boxes = PageBoxes(uniform: r)
        }
        region = shown.cropBox
        rotation = shown.rotation
        let displayed = shown.size
        let (w, h) = try Self.pixelSize(for: displayed, size: size)
        pixelWidth = w
        pixelHeight = h
        do {
            placement = try PagePlacement(stretching: shown, toFill: Size(width: Double(w), height: Double(h)))
        } catch {
            throw .placement(error)
        }

        // Boxes: raw rectangles → view, through the same placement.
        var drawn: [DrawnBox] = []
        for kind in boxes {
            let raw = page.boxes[kind]
            let same = drawn.first(where: { $0.raw == raw })?.kind
            drawn.append(DrawnBox(kind: kind, raw: raw, view: placement.viewRect(fromRaw: raw), sameAs: same))
        }
        self.boxes = drawn

        var overlayBoxes: [DrawnOverlayBox] = []
        for (i, set) in overlays.enumerated() {
            for b in set.boxes {
                overlayBoxes.append(DrawnOverlayBox(raw: b.raw, view: placement.viewRect(fromRaw: b.raw), label: b.label, set: i))
            }
        }
        self.overlays = overlayBoxes

        // Origins and axes. Raw points go through `placement` directly; page-space points of the
        // real page go page → raw with the page's own transform first (in a raw drawing the
        // placement's page space is the MediaBox's, not the page's).
        let rawToView = placement.rawToView
        let pageToRaw = page.pageToRaw
        func axes(_ s: CoordinateSpace, _ toRaw: AffineTransform) -> DrawnAxes {
            let o = rawToView.apply(to: toRaw.apply(to: Point.zero))
            let x = rawToView.apply(to: toRaw.apply(to: Point(x: 1, y: 0)))
            let y = rawToView.apply(to: toRaw.apply(to: Point(x: 0, y: 1)))
            return DrawnAxes(space: s, origin: o, xDirection: Self.unit(x, from: o), yDirection: Self.unit(y, from: o))
        }
        let rawAxes = axes(.raw, .identity), pageAxes = axes(.page, pageToRaw)
        self.axes = space == .raw ? rawAxes : pageAxes
        self.otherAxes = space == .raw ? pageAxes : rawAxes

        if let v = viewport?.standardized {
            let toView = pageToRaw.concatenating(rawToView)
            // (The picture shows view space from -margin to the page image's size + margin.)
            let seen = toView.apply(to: v), m = Double(OverlayRenderer.margin(imageWidth: w))
            guard seen.maxX >= -m, seen.minX <= Double(w) + m, seen.maxY >= -m, seen.minY <= Double(h) + m else {
                throw .viewportOutside(viewport: v, page: page.size)
            }
            self.viewport = DrawnViewport(
                page: v, view: toView.apply(to: v), origin: toView.apply(to: v.origin),
                widthEnd: toView.apply(to: Point(x: v.maxX, y: v.minY)),
                heightEnd: toView.apply(to: Point(x: v.minX, y: v.maxY)))
        } else {
            self.viewport = nil
        }

        // The legend.
        var legend: [(String, RGBColor?)] = []
        let labelText = page.label.map { " label \"\($0)\"" } ?? ""
        legend.append(("page \(page.index + 1)\(labelText)  rotation \(Self.rotationText(page))  \(space.rawValue) space", nil))
        legend.append(("\(w)x\(h) px = \(Self.number(displayed.width))x\(Self.number(displayed.height)) pt at "
                       + "\(Self.number(placement.scale)) px/pt", nil))
        if let requested, legendNamesRegion {
            let r = requested.standardized
            legend.append(("region [\(Self.number(r.minX)) \(Self.number(r.minY)) \(Self.number(r.maxX)) \(Self.number(r.maxY))] (raw)", nil))
        }
        for b in drawn {
            let r = b.raw
            var line = "\(b.kind.rawValue) [\(Self.number(r.minX)) \(Self.number(r.minY)) \(Self.number(r.maxX)) \(Self.number(r.maxY))]"
            if let same = b.sameAs { line += " = \(same.rawValue)" }
            legend.append((line, OverlayPalette.color(for: b.kind)))
        }
        func originLine(_ a: DrawnAxes, _ what: String) -> String {
            let inside = a.origin.x >= 0 && a.origin.y >= 0 && a.origin.x <= Double(w) && a.origin.y <= Double(h)
            return "\(what) origin (0,0) at px \(Self.number(a.origin.x)),\(Self.number(a.origin.y))"
                + (inside ? "" : " (off the image)") + ", x \(Self.direction(a.xDirection)), y \(Self.direction(a.yDirection))"
        }
        legend.append((originLine(self.axes, self.axes.space.rawValue), OverlayPalette.axes))
        if Self.coincide(self.axes, self.otherAxes) {
            legend.append(("\(self.otherAxes.space.rawValue) origin and axes = \(self.axes.space.rawValue)'s", OverlayPalette.otherAxes))
        } else {
            legend.append((originLine(self.otherAxes, self.otherAxes.space.rawValue), OverlayPalette.otherAxes))
        }
        // The labels drawn are the first maxOverlayLabels of all files, in order.
        var labelsLeft = OverlayRenderer.maxOverlayLabels
        for (i, set) in overlays.enumerated() {
            let labels = set.boxes.count { $0.label != nil }, drawnLabels = Swift.min(labels, labelsLeft)
            labelsLeft -= drawnLabels
            let cut = drawnLabels < labels ? ", \(drawnLabels) of its \(labels) labels drawn" : ""
            legend.append(("\(set.name): \(set.boxes.count) box\(set.boxes.count == 1 ? "" : "es") (\(set.frame))\(cut)",
                           OverlayPalette.overlay(i)))
        }
        if let v = self.viewport {
            legend.append(("viewport \(Self.number(v.page.x)),\(Self.number(v.page.y)),\(Self.number(v.page.width)),"
                           + "\(Self.number(v.page.height)) (page space), arrows: width, height", OverlayPalette.viewport))
        }
        self.legend = legend
        legendRows = OverlayRenderer.legendRows(legend, pictureWidth: pixelWidth + 2 * OverlayRenderer.margin(imageWidth: pixelWidth),
                                                textScale: OverlayRenderer.textScale(imageWidth: pixelWidth))
        // The whole picture, margins and legend band included, stays within the limits.
        try DrawingLimits.check(width: pictureSize.width, height: pictureSize.height)
    }

    /// A page's rotation in degrees (`unit` after the number), and its /Rotate as written when that
    /// differs (`90 (/Rotate -270)`).
    package static func rotationText(_ page: PageInfo, unit: String = "") -> String {
        let r = page.rotation.rawValue
        return page.rawRotation == r ? "\(r)\(unit)" : "\(r)\(unit) (/Rotate \(page.rawRotation))"
    }

    /// The image size for a region displayed `displayed` points large.
    static func pixelSize(for displayed: Size, size: DrawingSize) throws(DrawingError) -> (Int, Int) {
        func ceilPixels(_ v: Double) -> Double { Swift.max(1, (v - 1e-9).rounded(.up)) }
        let w: Double, h: Double
        switch size {
        case .scale(let s):
            guard s > 0, s.isFinite else { throw .invalidSize(size) }
            w = ceilPixels(displayed.width * s)
            h = ceilPixels(displayed.height * s)
        case .width(let px):
            guard px > 0 else { throw .invalidSize(size) }
            w = Double(px)
            h = ceilPixels(displayed.height * Double(px) / displayed.width)
        }
        guard w.isFinite, h.isFinite, w <= Double(DrawingLimits.maxSide), h <= Double(DrawingLimits.maxSide) else {
            throw .tooLarge(width: w.isFinite && w < 1e15 ? Int(w) : Int.max, height: h.isFinite && h < 1e15 ? Int(h) : Int.max)
        }
        try DrawingLimits.check(width: Int(w), height: Int(h))
        return (Int(w), Int(h))
    }

    static func unit(_ p: Point, from o: Point) -> Point {
        let dx = p.x - o.x, dy = p.y - o.y
        let n = (dx * dx + dy * dy).squareRoot()
        return n > 0 ? Point(x: dx / n, y: dy / n) : Point(x: 0, y: 0)
    }

    static func direction(_ d: Point) -> String {
        if d.x > 0.5 { return "right" }
        if d.x < -0.5 { return "left" }
        return d.y > 0 ? "down" : "up"
    }

    /// Numbers in the legend and in SVG: at most 4 decimals, by the one number rule (its step 5:
    /// the number JSON prints, rounded a tie to even, never `-0`), as the table rounds to 2.
    package static func number(_ v: Double) -> String { formatCompact(v, decimals: 4) }

    /// Whether raw and page space have the same origin and axes in this drawing (a page with no
    /// /Rotate whose CropBox starts at (0, 0)); the other space's axes are then not drawn.
    package var axesCoincide: Bool { Self.coincide(axes, otherAxes) }

    static func coincide(_ a: DrawnAxes, _ b: DrawnAxes) -> Bool {
        func same(_ p: Point, _ q: Point) -> Bool { abs(p.x - q.x) < 0.5 && abs(p.y - q.y) < 0.5 }
        return same(a.origin, b.origin) && same(a.xDirection, b.xDirection) && same(a.yDirection, b.yDirection)
    }

    /// The height of the legend band below the page image and its margin, in pixels.
    package var legendHeight: Int {
        OverlayRenderer.legendHeight(rows: legendRows.count, textScale: OverlayRenderer.textScale(imageWidth: pixelWidth))
    }

    /// The margin around the page image in the finished picture, in pixels.
    package var margin: Int { OverlayRenderer.margin(imageWidth: pixelWidth) }
    /// The picture's size in pixels: the page image, its margin on every side and the legend band.
    package var pictureSize: (width: Int, height: Int) { (pixelWidth + 2 * margin, pixelHeight + 2 * margin + legendHeight) }
    /// The length of the drawn axes in pixels: a sixth of the page image's smaller side, 24…120.
    package var axisLength: Double { Double(max(24, min(120, min(pixelWidth, pixelHeight) / 6))) }
}

extension DrawingError {
    /// The line in the words of the options the values came from (`--scale`, `--width`,
    /// `--container`, `--viewport`, `--region`), as `draw`, `sheet` and `inspect` print it; a
    /// picture too large says which options make it `smaller` (`"a smaller --scale or --width"`).
    package func commandLineMessage(smaller: String? = nil) -> String {
        switch self {
        case let .invalidSize(.scale(s)): "--scale: \(s) must be a positive number (1 = one pixel per point)"
        case let .invalidSize(.width(px)): "--width: \(px) must be a positive number of pixels"
        case let .containerTooSmall(s): "the container \(s) is too small for a thumbnail; give a larger --container"
        case let .viewportOutside(v, _):
            "--viewport \(Self.viewportText(v))" + description.dropFirst("the viewport \(Self.viewportText(v))".count)
        case let .placement(e): e.description(namingFillAs: "convert --fit fill")
        case .regionOutside: "--region: " + description.dropFirst("the region ".count)
        case .tooLarge: description + (smaller.map { "; use " + $0 } ?? "")
        }
    }
}
