// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoRecords

// CSV: one row per page record and per file record (docs/records.md), RFC 4180 quoting.
extension PageListEncoder {

    static let boxNames: [(PageBox, StaticString)] = [
        (.media, "mediaBox"), (.crop, "cropBox"), (.bleed, "bleedBox"), (.trim, "trimBox"), (.art, "artBox"),
    ]
    /// Geometry columns after `label`: rotation, rotationRaw, userUnit, width, height, the boxes, the transform.
    static let geometryColumnCount = 5 + 5 * 4 + 6
    /// The `bitmap.*` columns, after the transform, only when the records carry a bitmap.
    static let bitmapColumns: [StaticString] = [
        "bitmap.renderer", "bitmap.dpi", "bitmap.fit", "bitmap.requestedWidth", "bitmap.requestedHeight", "bitmap.width", "bitmap.height", "bitmap.scaleX", "bitmap.scaleY",
        "bitmap.renderedBox", "bitmap.pageFrame.x", "bitmap.pageFrame.y", "bitmap.pageFrame.width", "bitmap.pageFrame.height",
        "bitmap.rawToPixel.a", "bitmap.rawToPixel.b", "bitmap.rawToPixel.c", "bitmap.rawToPixel.d", "bitmap.rawToPixel.tx", "bitmap.rawToPixel.ty",
        "bitmap.pixelToRaw.a", "bitmap.pixelToRaw.b", "bitmap.pixelToRaw.c", "bitmap.pixelToRaw.d", "bitmap.pixelToRaw.tx", "bitmap.pixelToRaw.ty",
        "bitmap.rawToNormalized.a", "bitmap.rawToNormalized.b", "bitmap.rawToNormalized.c", "bitmap.rawToNormalized.d", "bitmap.rawToNormalized.tx", "bitmap.rawToNormalized.ty",
        "bitmap.normalizedToRaw.a", "bitmap.normalizedToRaw.b", "bitmap.normalizedToRaw.c", "bitmap.normalizedToRaw.d", "bitmap.normalizedToRaw.tx", "bitmap.normalizedToRaw.ty",
    ]
    /// The `frames.<library>.*` columns of one frame, after its prefix: `rawToFrame.a` … `.ty`,
    /// then `frameToRaw.a` … `.ty`.
    static let frameColumns: [StaticString] = [
        "rawToFrame.a", "rawToFrame.b", "rawToFrame.c", "rawToFrame.d", "rawToFrame.tx", "rawToFrame.ty",
        "frameToRaw.a", "frameToRaw.b", "frameToRaw.c", "frameToRaw.d", "frameToRaw.tx", "frameToRaw.ty",
    ]
    /// The geometry columns of this output: the bitmap's and the frames' too when it has them.
    var geometryColumns: Int {
        Self.geometryColumnCount + (bitmap == nil ? 0 : Self.bitmapColumns.count) + frames.count * Self.frameColumns.count
    }

    mutating func writeCSVHeader() {
        out.append("record,file,index,page,label,rotation,rotationRaw,userUnit,width,height")
        for (_, name) in Self.boxNames {
            for field: StaticString in ["x", "y", "width", "height"] {
                out.append(","); out.append(name); out.append("."); out.append(field)
            }
        }
        out.append(",transform.a,transform.b,transform.c,transform.d,transform.tx,transform.ty")
        if bitmap != nil { for name in Self.bitmapColumns { out.append(","); out.append(name) } }
        for library in frames {
            for name in Self.frameColumns { out.append(",frames."); out.append(library.rawValue); out.append("."); out.append(name) }
        }
        out.append(",status,error,errorMessage,warnings,pageCount\n")
    }

    mutating func appendCSVWarnings(_ warnings: [ReadWarning]) {
        out.append(",")
        guard !warnings.isEmpty else { return }
        out.append(csvField: warnings.map(\.code.rawValue).joined(separator: ";"))
    }

    mutating func writeCSVRow(_ entry: PageEntry) {
        out.append("page,")
        out.append(csvField: file)
        out.append(","); out.append(int: entry.index)
        out.append(","); out.append(int: entry.index + 1)
        out.append(","); if let label = entry.label { out.append(csvField: label) }
        switch entry.result {
        case .success(let page):
            out.append(","); out.append(int: page.rotation.rawValue)
            out.append(","); out.append(int: page.rawRotation)
            out.append(","); out.append(number: page.userUnit)
            let size = page.size
            out.append(","); out.append(number: size.width)
            out.append(","); out.append(number: size.height)
            for (box, _) in Self.boxNames {
                let r = page.boxes[box]
                out.append(","); out.append(number: r.x)
                out.append(","); out.append(number: r.y)
                out.append(","); out.append(number: r.width)
                out.append(","); out.append(number: r.height)
            }
            let t = page.rawToPage
            for v in [t.a, t.b, t.c, t.d, t.tx, t.ty] { out.append(","); out.append(number: v) }
            if let bitmap { writeCSVBitmap(entry.bitmap(for: bitmap)) }
            for library in frames { writeCSVFrame(PageFrame(page: page, library: library)) }
            out.append(",ok,,")
        case .failure(let error):
            for _ in 0..<geometryColumns { out.append(",") }
            out.append(",error,"); out.append(error.code.rawValue)
            out.append(","); out.append(csvField: error.message)
        }
        appendCSVWarnings(entry.warnings)
        out.append(",\n")
    }

    /// The `bitmap.*` cells of a page row; all empty when the page has no bitmap (JSON's null).
    mutating func writeCSVBitmap(_ placement: BitmapPlacement?) {
        guard let b = placement else {
            for _ in Self.bitmapColumns { out.append(",") }
            return
        }
        out.append(","); out.append(b.renderer.rawValue)
        out.append(","); if let d = b.request.dotsPerInch { out.append(number: d) }
        out.append(","); if let fit = b.request.fit { out.append(fit.rawValue) }
        out.append(","); if let r = b.request.requestedPixelSize { out.append(int: r.width) }
        out.append(","); if let r = b.request.requestedPixelSize { out.append(int: r.height) }
        out.append(","); out.append(int: b.pixelWidth)
        out.append(","); out.append(int: b.pixelHeight)
        out.append(","); out.append(number: b.scaleX)
        out.append(","); out.append(number: b.scaleY)
        out.append(","); out.append(b.renderer.renderedBox.rawValue)
        let f = b.pageFrame
        for v in [f.x, f.y, f.width, f.height] { out.append(","); out.append(number: v) }
        for t in [b.rawToPixel, b.pixelToRaw, b.rawToNormalized, b.normalizedToRaw] {
            for v in [t.a, t.b, t.c, t.d, t.tx, t.ty] { out.append(","); out.append(number: v) }
        }
    }

    /// The `frames.<library>.*` cells of a page row; all empty when the frame is singular (JSON's null).
    mutating func writeCSVFrame(_ frame: PageFrame?) {
        guard let f = frame else {
            for _ in Self.frameColumns { out.append(",") }
            return
        }
        for t in [f.rawToFrame, f.frameToRaw] {
            for v in [t.a, t.b, t.c, t.d, t.tx, t.ty] { out.append(","); out.append(number: v) }
        }
    }

    /// The file row: the file, the page (or annotation) row's columns empty, then the outcome.
    mutating func writeCSVFileRow(_ o: DocumentOutcome) {
        out.append("file,")
        out.append(csvField: file)
        let empty = listsOutline ? Self.outlineCSVColumns : listsAnnotations ? 4 + annotationColumns : 3 + geometryColumns
        for _ in 0..<empty { out.append(",") }
        out.append(","); out.append(o.status.rawValue)
        out.append(","); if let e = o.error { out.append(csvField: e.code) }
        out.append(","); if let e = o.error { out.append(csvField: e.message) }
        appendCSVWarnings(o.warnings)
        out.append(","); out.append(int: o.pageCount)
        out.append("\n")
    }

}
