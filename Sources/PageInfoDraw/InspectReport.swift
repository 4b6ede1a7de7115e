// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry
import PageInfoEncoding
import PageInfoRecords

/// The limits of one `pageinfo inspect` report, so that a report stays one a browser opens: at
/// most 400 megapixels of page pictures in all (checked before anything is rendered) and at most
/// 256 MiB of HTML (checked as each page is added). Each page's picture is also held to
/// ``DrawingLimits``.
package enum InspectLimits {
    package static let maxPixels = 400_000_000
    package static let maxBytes = 256 << 20
}

/// Why a report cannot be written.
package enum InspectError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The pages' pictures would hold more than ``InspectLimits/maxPixels`` pixels.
    case tooManyPixels(pixels: Int, pages: Int)
    /// The report passed ``InspectLimits/maxBytes`` after `pages` pages.
    case tooLarge(pages: Int)

    /// One line, in the library's terms (the picture scale, the pages).
    package var description: String {
        switch self {
        case let .tooManyPixels(pixels, pages):
            "the pictures of \(pages) page\(pages == 1 ? "" : "s") would hold \(pixels / 1_000_000) megapixels, "
                + "more than a report's limit of \(InspectLimits.maxPixels / 1_000_000)"
        case let .tooLarge(pages):
            "the report passed its limit of \(InspectLimits.maxBytes >> 20) MiB after \(pages) page\(pages == 1 ? "" : "s")"
        }
    }
}

/// `pageinfo inspect`: one self-contained HTML file (no network: every picture, style and script
/// inlined, and a Content-Security-Policy that lets nothing be fetched) showing each page's
/// render with its five boxes, origins and axes as layers, and a readout of the point under the
/// pointer in every space and frame pageinfo knows.
///
/// The page's script does no geometry: each page carries its record exactly as
/// `pageinfo pages --format json --dpi D --frames all` writes it, the bitmap object of every
/// renderer at that resolution, the picture's raw ↔ picture matrices (``PageDrawing``'s
/// placement) and the view's (``PagePlacement``, as `convert --view` builds it), and the script
/// only applies them.
package struct InspectReport: ~Copyable {
    /// The pixels the readout shows and `--overlay` boxes in pixels are of.
    package let bitmap: BitmapRequest
    /// The view size of view space, or nil for each page's own size (one unit a point).
    package let viewSize: Size?
    var out = ByteWriter(capacity: 1 << 20)
    var pagesWritten = 0

    /// The renderers whose bitmaps each page carries: every one that draws `bitmap`'s target.
    var renderers: [BitmapRenderer] {
        switch bitmap.target {
        case .dotsPerInch: BitmapRenderer.allCases
        case .pixelSize: BitmapRenderer.allCases.filter(\.drawsIntoPixelSize)
        }
    }

    /// A report of `file` (its name as shown), whose readout's pixels are `bitmap`'s, and whose
    /// view space is a view of `viewSize` (nil: each page's own size).
    /// `overlays` are the `--overlay` files' names and frames, one layer each.
    package init(file: String, bitmap: BitmapRequest, viewSize: Size?, overlays: [(name: String, frame: String)] = []) {
        self.bitmap = bitmap
        self.viewSize = viewSize
        let title = "pageinfo inspect: " + file
        out.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
        out.append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n")
        out.append("<meta name=\"generator\" content=\"pageinfo \(PageInfoVersion.current)\">\n")
        out.append("<title>\(XMLEscaper.text(title))</title>\n<style>\n\(InspectAssets.style)</style>\n</head>\n<body>\n")
        out.append("<header><h1>\(XMLEscaper.text(file))</h1>\n")
        out.append("<script type=\"application/json\" id=\"pageinfo-report\">")
        var header = ByteWriter()
        header.append("{\"file\":"); header.append(jsonString: file)
        header.append(",\"version\":"); header.append(jsonString: PageInfoVersion.current)
        header.append(",\"bitmap\":{"); header.append(membersOf: bitmap); header.append("}")
        header.append(",\"renderers\":[")
        for (i, r) in renderers.enumerated() { if i > 0 { header.append(",") }; header.append(jsonString: r.rawValue) }
        header.append("],\"frames\":[")
        for (i, f) in LibraryFrame.allCases.enumerated() { if i > 0 { header.append(",") }; header.append(jsonString: f.rawValue) }
        // (The colours of the boxes files, in turn: a file added in the browser takes the next.)
        header.append("],\"overlays\":"); header.append(int: overlays.count)
        header.append(",\"overlayColors\":[")
        for i in 0..<OverlayPalette.overlayCount { if i > 0 { header.append(",") }; header.append(jsonString: OverlayPalette.overlay(i).description) }
        header.append("]}")
        Self.appendScriptJSON(header.bytes, to: &out)
        out.append("</script>\n")
        let size = switch bitmap.target {
        case .dotsPerInch(let d): "at \(formatCompact(d)) dpi"
        case let .pixelSize(w, h, fit): "of \(w)×\(h) px (\(fit.rawValue))"
        }
        out.append(InspectAssets.controls(renderers: renderers.map(\.rawValue), chosen: bitmap.renderer.rawValue, bitmap: size, overlays: overlays))
        out.append("</header>\n<main>\n")
    }

    /// Checks, before anything is rendered, that the `pixels` of `pages` pictures stay within
    /// ``InspectLimits/maxPixels``.
    package static func checkPixels(_ pixels: Int, pages: Int) throws(InspectError) {
        if pixels > InspectLimits.maxPixels { throw .tooManyPixels(pixels: pixels, pages: pages) }
    }

    /// Adds the page of `entry`: `drawing` (laid out over the page's MediaBox, turned as the page
    /// is displayed) over `pageImage`, Poppler's render of `drawing.region`.
    package mutating func append(_ entry: PageEntry, drawing: PageDrawing, pageImage: RGBImage) throws(InspectError) {
        let page = drawing.page
        let w = drawing.pixelWidth, h = drawing.pixelHeight, n = PageDrawing.number
        let number = entry.index + 1
        var heading = "Page \(number)"
        if let label = entry.label { heading += " · label “\(label)”" }
        heading += " · rotation \(PageDrawing.rotationText(page, unit: "°")) · UserUnit \(n(page.userUnit)) · \(n(page.size.width)) × \(n(page.size.height)) pt"
        out.append("<section class=\"page\" data-page-index=\"\(entry.index)\" aria-labelledby=\"page-\(entry.index)-title\">\n")
        out.append("<h2 id=\"page-\(entry.index)-title\">\(XMLEscaper.text(heading))</h2>\n")
        appendWarnings(entry.warnings)
        let t = OverlayRenderer.strokeWidth(imageWidth: w)
        out.append("<svg class=\"picture\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" ")
        out.append("tabindex=\"0\" role=\"img\" aria-label=\"\(XMLEscaper.text("Page \(number): point to read coordinates; arrow keys move the probe, Enter pins it"))\">\n")
        out.append("<image width=\"\(w)\" height=\"\(h)\" preserveAspectRatio=\"none\" href=\"data:image/png;base64,")
        out.append(Base64.encode(PNGEncoder.encode(pageImage)))
        out.append("\"/>\n")
        if let crop = drawing.boxes.first(where: { $0.kind == .crop })?.view {
            out.append("<path data-layer=\"outside\" fill=\"#000\" fill-opacity=\"0.3\" fill-rule=\"evenodd\" d=\"M0,0H\(w)V\(h)H0Z ")
            out.append("M\(n(crop.minX)),\(n(crop.minY))H\(n(crop.maxX))V\(n(crop.maxY))H\(n(crop.minX))Z\"/>\n")
        }
        for b in drawing.boxes {
            let v = b.view
            out.append("<rect data-layer=\"\(b.kind.rawValue)\" x=\"\(n(v.minX))\" y=\"\(n(v.minY))\" width=\"\(n(v.width))\" height=\"\(n(v.height))\" ")
            out.append("fill=\"none\" stroke=\"\(OverlayPalette.color(for: b.kind))\" stroke-width=\"\(t)\" shape-rendering=\"crispEdges\"/>\n")
        }
        out.append("<g data-layer=\"axes\" font-family=\"monospace\" font-size=\"12\">\n")
        for style in OverlayRenderer.axesStyles(drawing) {
            let a = style.axes, o = a.origin, name = a.space.rawValue
            out.append("<g stroke=\"\(style.color)\" fill=\"\(style.color)\" stroke-width=\"\(style.width)\" data-axes=\"\(name)\">")
            for (axis, d) in [("x", a.xDirection), ("y", a.yDirection)] {
                let e = a.end(of: d, length: style.length)
                out.append("<line x1=\"\(n(o.x))\" y1=\"\(n(o.y))\" x2=\"\(n(e.x))\" y2=\"\(n(e.y))\"/>")
                // (Labels kept on the picture: an axis may point out of it.)
                let tx = min(max(e.x + 3, 2), Double(w) - 50), ty = min(max(e.y - 3, 12), Double(h) - 2)
                out.append("<text stroke=\"none\" x=\"\(n(tx))\" y=\"\(n(ty))\">\(name) \(axis)</text>")
            }
            out.append("<circle cx=\"\(n(o.x))\" cy=\"\(n(o.y))\" r=\"\(style.width + 2)\" stroke=\"white\" stroke-width=\"1\"/>")
            out.append("<text stroke=\"none\" x=\"\(n(o.x + 5))\" y=\"\(n(o.y + 14))\">\(name) 0,0</text></g>\n")
        }
        out.append("</g>\n")
        appendOverlays(drawing, strokeWidth: t)
        out.append("<g class=\"probe\" aria-hidden=\"true\"></g>\n</svg>\n")
        out.append("<ul class=\"legend\">")
        for line in drawing.legend {
            let swatch = line.color.map { "<span class=\"swatch\" style=\"background:\($0)\"></span>" } ?? "<span class=\"swatch\"></span>"
            out.append("<li>\(swatch)\(XMLEscaper.text(line.text))</li>")
        }
        out.append("</ul>\n<script type=\"application/json\" class=\"page-data\">")
        Self.appendScriptJSON(pageData(entry, drawing: drawing), to: &out)
        out.append("</script>\n</section>\n")
        try finishPage()
    }

    /// Adds a position of the page tree that is a page error, or a page that could not be
    /// rendered (`reason`): its number, label and message.
    package mutating func appendFailedPage(_ entry: PageEntry, reason: String? = nil) throws(InspectError) {
        out.append("<section class=\"page failed\" data-page-index=\"\(entry.index)\">\n<h2>Page \(entry.index + 1)")
        if let label = entry.label { out.append(" · label “\(XMLEscaper.text(label))”") }
        out.append(reason == nil ? " · not read</h2>\n" : " · not rendered</h2>\n")
        out.append("<p class=\"error\" role=\"alert\">")
        out.append(XMLEscaper.text(reason ?? entry.error.map { "\($0.code.rawValue): \($0.message)" } ?? ""))
        out.append("</p>\n")
        appendWarnings(entry.warnings)
        out.append("</section>\n")
        try finishPage()
    }

    /// The whole report.
    package consuming func finish() -> [UInt8] {
        out.append("</main>\n<script>\n\(InspectAssets.script)</script>\n</body></html>\n")
        return out.bytes
    }

    mutating func finishPage() throws(InspectError) {
        pagesWritten += 1
        if out.count > InspectLimits.maxBytes { throw .tooLarge(pages: pagesWritten) }
    }

    mutating func appendWarnings(_ warnings: [ReadWarning]) {
        guard !warnings.isEmpty else { return }
        out.append("<ul class=\"warnings\" aria-label=\"warnings\">")
        for w in warnings { out.append("<li><code>\(w.code.rawValue)</code> \(XMLEscaper.text(w.message))</li>") }
        out.append("</ul>\n")
    }

    /// The `--overlay` boxes: one layer per file, each box with its raw rectangle (points) in
    /// `data-raw-x0` … `data-raw-y1`, the first ``OverlayRenderer/maxOverlayLabels`` labels drawn
    /// and every label in the box's title.
    mutating func appendOverlays(_ drawing: PageDrawing, strokeWidth t: Int) {
        let n = PageDrawing.number
        var labelsLeft = OverlayRenderer.maxOverlayLabels
        var current = -1
        for b in drawing.overlays {
            if b.set != current {
                if current >= 0 { out.append("</g>\n") }
                current = b.set
                out.append("<g data-layer=\"overlay-\(b.set)\" fill=\"none\" stroke=\"\(OverlayPalette.overlay(b.set))\" stroke-width=\"\(t)\" font-family=\"monospace\" font-size=\"11\">\n")
            }
            let v = b.view, r = b.raw
            out.append("<rect data-overlay-box x=\"\(n(v.minX))\" y=\"\(n(v.minY))\" width=\"\(n(v.width))\" height=\"\(n(v.height))\"")
            for (name, value) in [("x0", r.minX), ("y0", r.minY), ("x1", r.maxX), ("y1", r.maxY)] {
                out.append(" data-raw-\(name)=\""); out.append(number: value); out.append("\"")
            }
            out.append(b.label.map { "><title>\(XMLEscaper.text($0))</title></rect>" } ?? "/>")
            if let label = b.label, labelsLeft > 0 {
                labelsLeft -= 1
                out.append("<text stroke=\"none\" fill=\"\(OverlayPalette.overlay(b.set))\" x=\"\(n(v.minX))\" y=\"\(n(v.minY - 2))\">\(XMLEscaper.text(label))</text>")
            }
            out.append("\n")
        }
        if current >= 0 { out.append("</g>\n") }
    }

    /// What the page's script reads: `{"record","bitmaps","picture","view","pageToRaw"}`.
    func pageData(_ entry: PageEntry, drawing: PageDrawing) -> [UInt8] {
        var record = PageListEncoder(format: .json, bitmap: bitmap, frames: LibraryFrame.allCases, out: ByteWriter())
        record.writePageRecord(entry, file: nil)
        var d = ByteWriter()
        d.append("{\"record\":"); d.append(contentsOf: record.out)
        d.append(",\"bitmaps\":{")
        for (i, r) in renderers.enumerated() {
            if i > 0 { d.append(",") }
            d.append(jsonString: r.rawValue); d.append(":")
            if let b = entry.bitmap(for: BitmapRequest(bitmap.target, renderer: r)) { d.append(json: b) } else { d.append("null") }
        }
        d.append("},\"picture\":{\"width\":"); d.append(int: drawing.pixelWidth)
        d.append(",\"height\":"); d.append(int: drawing.pixelHeight)
        d.append(",\"rawToPicture\":"); d.append(json: drawing.placement.rawToView)
        d.append(",\"pictureToRaw\":"); d.append(json: drawing.placement.viewToRaw)
        d.append(",\"strokeWidth\":"); d.append(int: OverlayRenderer.strokeWidth(imageWidth: drawing.pixelWidth))
        d.append("},\"view\":")
        let page = drawing.page
        if let view = try? PagePlacement(page: page, viewSize: viewSize ?? page.size) {
            d.append("{\"width\":"); d.append(number: view.viewSize.width)
            d.append(",\"height\":"); d.append(number: view.viewSize.height)
            d.append(",\"rawToView\":"); d.append(json: view.rawToView)
            d.append(",\"viewToRaw\":"); d.append(json: view.viewToRaw)
            d.append("}")
        } else {
            d.append("null")
        }
        d.append(",\"pageToRaw\":"); d.append(json: page.pageToRaw)
        d.append("}")
        return d.bytes
    }

    /// JSON inside a `<script>` element: every `<` written `\u003c` (valid in JSON strings, and
    /// never outside them), so no `</script>` or `<!--` in a label or file name ends the element.
    static func appendScriptJSON(_ bytes: [UInt8], to out: inout ByteWriter) {
        var start = 0
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "<") {
            bytes[start..<i].withUnsafeBufferPointer { out.append(buffer: $0) }
            out.append("\\u003c")
            start = i + 1
        }
        bytes[start...].withUnsafeBufferPointer { out.append(buffer: $0) }
    }
}
