// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry
import PageInfoRecords

// `pageinfo annotations`: each page's annotation records (docs/records.md, *Annotation records*)
// after its page record (JSON lines), inside it (JSON), or as the rows (CSV and the table).
extension PageListEncoder {
    /// Where the annotations of `entry`'s page land: the view and bitmap placements of the page.
    func placements(of entry: PageEntry, page: PageInfo) -> (view: PagePlacement?, bitmap: BitmapPlacement?) {
        let view = annotationView.flatMap { try? PagePlacement(page: page, viewSize: $0) }
        return (view, bitmap.flatMap { entry.bitmap(for: $0) })
    }

    /// The annotation records of one page, one JSON object each, `between` them and `after` each.
    mutating func writeAnnotationRecords(_ entry: PageEntry, file: String?, between: StaticString, after last: StaticString) {
        guard let page = entry.page, let annotations = entry.annotations?.annotations else { return }
        let (view, bitmapPlacement) = placements(of: entry, page: page)
        for a in annotations {
            if a.index > 0 { out.append(between) }
            writeAnnotationRecord(a, page: page, pageIndex: entry.index, file: file, view: view, bitmap: bitmapPlacement,
                                  targets: entry.annotations?.targets ?? [:])
            out.append(last)
        }
    }

    /// One annotation record.
    mutating func writeAnnotationRecord(_ a: Annotation, page: PageInfo, pageIndex: Int, file: String?,
                                        view: PagePlacement?, bitmap bitmapPlacement: BitmapPlacement?, targets: [Int: PageInfo]) {
        let g = a.geometry(on: page, view: view, bitmap: bitmapPlacement, frames: frames)
        recordsInDocument += 1
        out.append("{\"record\":\"annotation\",")
        if let file { out.append("\"file\":"); out.append(jsonNamingFile: file); out.append(",") }
        out.append("\"page\":"); out.append(int: pageIndex)
        out.append(",\"index\":"); out.append(int: a.index)
        out.append(",\"object\":"); appendOptional(a.object)
        out.append(",\"subtype\":"); out.append(jsonString: a.subtype)
        out.append(",\"rect\":"); appendOptional(a.rect)
        out.append(",\"drawnRect\":"); appendOptional(a.drawnRect(on: page))
        out.append(",\"pageRect\":"); appendOptional(g.pageRect)
        out.append(",\"drawnPageRect\":"); appendOptional(g.drawnPageRect)
        out.append(",\"flags\":[")
        for (i, name) in a.flags.names.enumerated() { if i > 0 { out.append(",") }; out.append(jsonString: name) }
        out.append("],\"quadPoints\":[")
        for (i, p) in a.quadPoints.enumerated() {
            out.append(i == 0 ? "{\"x\":" : ",{\"x\":"); out.append(number: p.x); out.append(",\"y\":"); out.append(number: p.y); out.append("}")
        }
        out.append("],\"borderWidth\":"); if let w = a.borderWidth { out.append(number: w) } else { out.append("null") }
        out.append(",\"name\":"); out.append(jsonString: a.name)
        out.append(",\"modified\":"); out.append(jsonString: a.modified)
        out.append(",\"contents\":"); out.append(jsonString: a.contents)
        out.append(",\"appearance\":")
        if let ap = a.appearance {
            out.append("{\"state\":"); out.append(jsonString: ap.state)
            out.append(",\"bbox\":"); out.append(json: ap.bbox)
            out.append(",\"matrix\":"); out.append(json: ap.matrix)
            out.append("}")
        } else { out.append("null") }
        out.append(",\"popup\":"); appendOptional(a.popup)
        out.append(",\"parent\":"); appendOptional(a.parent)
        out.append(",\"field\":")
        if let f = a.field {
            out.append("{\"name\":"); out.append(jsonString: f.name); out.append(",\"type\":"); out.append(jsonString: f.type); out.append("}")
        } else { out.append("null") }
        out.append(",\"action\":"); appendAction(a.action)
        out.append(",\"destination\":")
        if let d = a.destination { appendDestination(d, geometry: destinationGeometry(d, targets)) } else { out.append("null") }
        if let annotationView {
            out.append(",\"view\":{\"size\":"); out.append(json: annotationView)
            out.append(",\"rect\":"); appendOptional(g.viewRect)
            out.append(",\"drawnRect\":"); appendOptional(g.drawnViewRect); out.append("}")
        }
        if bitmap != nil {
            out.append(",\"bitmap\":")
            if bitmapPlacement != nil {
                out.append("{\"rect\":"); appendOptional(g.pixelRect)
                out.append(",\"drawnRect\":"); appendOptional(g.drawnPixelRect); out.append("}")
            } else { out.append("null") }
        }
        if !frames.isEmpty {
            out.append(",\"frames\":{")
            for (i, f) in g.frames.enumerated() {
                out.append(i == 0 ? "\"" : ",\""); out.append(f.library.rawValue)
                out.append("\":{\"rect\":"); appendOptional(f.rect)
                out.append(",\"drawnRect\":"); appendOptional(f.drawnRect); out.append("}")
            }
            out.append("}")
        }
        out.append(",\"warnings\":"); out.append(json: a.warnings)
        out.append("}")
    }

    /// `{"type","target"}`, or `null` without an action.
    mutating func appendAction(_ action: AnnotationAction?) {
        guard let action else { out.append("null"); return }
        out.append("{\"type\":"); out.append(jsonString: action.type)
        out.append(",\"target\":"); out.append(jsonString: action.target); out.append("}")
    }

    /// Where `d` points on its target page (from the page's `targets`), with the view state in
    /// the view asked for; `nil` when the target page was not read.
    func destinationGeometry(_ d: LinkDestination, _ targets: [Int: PageInfo]) -> DestinationGeometry? {
        d.pageIndex.flatMap { targets[$0] }.map { d.geometry(on: $0, viewSize: annotationView) }
    }

    /// `{"page","remotePage","kind","left","bottom","right","top","zoom","name","pagePoint","pageRect"}`
    /// and `"viewState"` with a view: the numbers of the kind in raw space, `null` where the
    /// destination gives none ("unchanged") or the kind has none; then the target page's page
    /// space.
    mutating func appendDestination(_ d: LinkDestination, geometry g: DestinationGeometry?) {
        let (kind, values) = Self.destinationValues(d.fit)
        out.append("{\"page\":"); appendOptional(d.pageIndex)
        out.append(",\"remotePage\":"); appendOptional(d.remotePage)
        out.append(",\"kind\":")
        if let kind { out.append("\""); out.append(kind); out.append("\"") } else { out.append("null") }
        for (key, value) in zip([",\"left\":", ",\"bottom\":", ",\"right\":", ",\"top\":", ",\"zoom\":"] as [StaticString], values) {
            out.append(key); if let value { out.append(number: value) } else { out.append("null") }
        }
        out.append(",\"name\":"); out.append(jsonString: d.name)
        out.append(",\"pagePoint\":")
        if let p = g?.pagePoint { out.append("{\"x\":"); out.append(number: p.x); out.append(",\"y\":"); out.append(number: p.y); out.append("}") } else { out.append("null") }
        out.append(",\"pageRect\":"); appendOptional(g?.pageRect)
        if annotationView != nil {
            out.append(",\"viewState\":"); if let state = g?.viewState { state.writeJSON(to: &out) } else { out.append("null") }
        }
        out.append("}")
    }

    mutating func appendOptional(_ r: Rect?) { if let r { out.append(json: r) } else { out.append("null") } }
    mutating func appendOptional(_ i: Int?) { if let i { out.append(int: i) } else { out.append("null") } }
}

// CSV and the table: one row per annotation.
extension PageListEncoder {
    static let annotationRectColumns: [StaticString] = ["rect", "drawnRect", "pageRect", "drawnPageRect"]
    static let annotationTextColumns: [StaticString] = [
        "flags", "quadPoints", "borderWidth", "name", "contents", "appearance.state", "popup", "parent", "field.name", "field.type",
        "action.type", "action.target", "destination.page", "destination.remotePage", "destination.kind", "destination.left",
        "destination.bottom", "destination.right", "destination.top", "destination.zoom", "destination.name",
        "destination.pagePoint.x", "destination.pagePoint.y", "destination.pageRect.x", "destination.pageRect.y",
        "destination.pageRect.width", "destination.pageRect.height",
    ]

    /// The columns between `subtype` and `status` of an annotation CSV.
    var annotationColumns: Int {
        4 * Self.annotationRectColumns.count + Self.annotationTextColumns.count + (annotationView == nil ? 0 : 13)
            + (bitmap == nil ? 0 : 8) + frames.count * 8
    }

    mutating func writeCSVAnnotationHeader() {
        out.append("record,file,page,index,object,subtype")
        func rectHeader(_ prefix: String) {
            for field: StaticString in ["x", "y", "width", "height"] { out.append(","); out.append(prefix); out.append("."); out.append(field) }
        }
        for name in Self.annotationRectColumns { rectHeader(name.description) }
        for name in Self.annotationTextColumns { out.append(","); out.append(name) }
        if annotationView != nil {
            rectHeader("view.rect"); rectHeader("view.drawnRect")
            out.append(",destination.viewState.pageIndex"); rectHeader("destination.viewState.viewport")
        }
        if bitmap != nil { rectHeader("bitmap.rect"); rectHeader("bitmap.drawnRect") }
        for library in frames {
            rectHeader("frames.\(library.rawValue).rect"); rectHeader("frames.\(library.rawValue).drawnRect")
        }
        out.append(",status,error,errorMessage,warnings,pageCount\n")
    }

    /// A page's rows: a `page` row when the page is a page error or has warnings, then one
    /// `annotation` row per annotation.
    mutating func writeCSVAnnotationRows(_ entry: PageEntry) {
        if entry.error != nil || !entry.warnings.isEmpty {
            out.append("page,"); out.append(csvField: file)
            out.append(","); out.append(int: entry.index); out.append(",,,")
            for _ in 0..<annotationColumns { out.append(",") }
            if let error = entry.error {
                out.append(",error,"); out.append(error.code.rawValue); out.append(","); out.append(csvField: error.message)
            } else { out.append(",ok,,") }
            appendCSVWarnings(entry.warnings)
            out.append(",\n")
        }
        guard let page = entry.page, let annotations = entry.annotations?.annotations else { return }
        let (view, bitmapPlacement) = placements(of: entry, page: page)
        for a in annotations {
            let g = a.geometry(on: page, view: view, bitmap: bitmapPlacement, frames: frames)
            out.append("annotation,"); out.append(csvField: file)
            out.append(","); out.append(int: entry.index)
            out.append(","); out.append(int: a.index)
            out.append(","); if let o = a.object { out.append(int: o) }
            out.append(","); if let s = a.subtype { out.append(csvField: s) }
            for r in [a.rect, a.drawnRect(on: page), g.pageRect, g.drawnPageRect] { appendCSVRect(r) }
            out.append(","); out.append(csvField: a.flags.names.joined(separator: ";"))
            out.append(",")
            for (i, p) in a.quadPoints.enumerated() {
                if i > 0 { out.append(" ") }
                out.append(number: p.x); out.append(" "); out.append(number: p.y)
            }
            out.append(","); if let w = a.borderWidth { out.append(number: w) }
            for text in [a.name, a.contents, a.appearance?.state] { out.append(","); if let text { out.append(csvField: text) } }
            for i in [a.popup, a.parent] { out.append(","); if let i { out.append(int: i) } }
            for text in [a.field?.name, a.field?.type, a.action?.type, a.action?.target] { out.append(","); if let text { out.append(csvField: text) } }
            let target = a.destination.flatMap { destinationGeometry($0, entry.annotations?.targets ?? [:]) }
            appendCSVDestination(a.destination, geometry: target)
            if annotationView != nil {
                appendCSVRect(g.viewRect); appendCSVRect(g.drawnViewRect)
                out.append(","); if let state = target?.viewState { out.append(int: state.pageIndex) }
                appendCSVRect(target?.viewState?.viewport)
            }
            if bitmap != nil { appendCSVRect(g.pixelRect); appendCSVRect(g.drawnPixelRect) }
            for f in g.frames { appendCSVRect(f.rect); appendCSVRect(f.drawnRect) }
            out.append(",ok,,")
            appendCSVWarnings(a.warnings)
            out.append(",\n")
        }
    }

    mutating func appendCSVRect(_ r: Rect?) {
        guard let r else { out.append(",,,,"); return }
        for v in [r.x, r.y, r.width, r.height] { out.append(","); out.append(number: v) }
    }

    /// The 15 `destination.*` columns (`page` … `pageRect.height`), empty without a destination.
    mutating func appendCSVDestination(_ d: LinkDestination?, geometry g: DestinationGeometry?) {
        guard let d else { for _ in 0..<15 { out.append(",") }; return }
        out.append(","); if let p = d.pageIndex { out.append(int: p) }
        out.append(","); if let p = d.remotePage { out.append(int: p) }
        let (kind, values) = Self.destinationValues(d.fit)
        out.append(","); if let kind { out.append(kind) }
        for v in values { out.append(","); if let v { out.append(number: v) } }
        out.append(","); if let n = d.name { out.append(csvField: n) }
        for v in [g?.pagePoint?.x, g?.pagePoint?.y] { out.append(","); if let v { out.append(number: v) } }
        appendCSVRect(g?.pageRect)
    }

    /// A destination's kind and its numbers as left, bottom, right, top, zoom (raw space).
    static func destinationValues(_ fit: DestinationFit?) -> (StaticString?, [Double?]) {
        guard let fit else { return (nil, [nil, nil, nil, nil, nil]) }
        return switch fit {
        case .xyz(let l, let t, let z): ("XYZ", [l, nil, nil, t, z])
        case .fit: ("Fit", [nil, nil, nil, nil, nil])
        case .fitH(let t): ("FitH", [nil, nil, nil, t, nil])
        case .fitV(let l): ("FitV", [l, nil, nil, nil, nil])
        case .fitR(let r): ("FitR", [r.minX, r.minY, r.maxX, r.maxY, nil])
        case .fitB: ("FitB", [nil, nil, nil, nil, nil])
        case .fitBH(let t): ("FitBH", [nil, nil, nil, t, nil])
        case .fitBV(let l): ("FitBV", [l, nil, nil, nil, nil])
        }
    }

    /// A link's action and destination as the table shows them: `URI https://…`, `GoToR
    /// other.pdf`, `→ page 3 XYZ` (1-based), `→ 'name' (unresolved)`.
    static func linkText(action: AnnotationAction?, destination: LinkDestination?) -> [String] {
        var what: [String] = []
        if let action { what.append(action.target.map { "\(action.type) \($0)" } ?? action.type) }
        if let d = destination {
            let target = if let p = d.pageIndex { "page \(p + 1)" } else if let p = d.remotePage { "page \(p + 1) of the other file" } else { "?" }
            if let kind = Self.destinationValues(d.fit).0 { what.append("→ \(target) \(kind)") }
            else { what.append("→ \(d.name.map { "'\($0)'" } ?? "?")\(action?.kind == .goToRemote ? " in the other file" : " (unresolved)")") }
        }
        return what
    }

    mutating func writeTableAnnotationHeader() {
        out.append(" PAGE    #  SUBTYPE     RECT (raw) [x0 y0 x1 y1]     FLAGS            WHAT\n")
    }

    /// A page's rows in the table: one per annotation, warnings under each; a page error's row.
    mutating func writeTableAnnotationRows(_ entry: PageEntry) {
        func pageNumber() {
            let start = out.count
            out.append(int: entry.index + 1)
            pad(from: start, to: 0)
            let digits = out.count - start
            if digits < 5 { out.insertSpaces(5 - digits, at: start) }
        }
        guard let page = entry.page else {
            pageNumber(); out.append("        page error: "); out.append(entry.error?.message ?? ""); out.append("\n")
            writeTableWarnings(entry.warnings)
            return
        }
        if !entry.warnings.isEmpty {
            // The page's own warnings (its boxes, its /Annots as a whole), under a row of its own.
            pageNumber(); out.append("    -  (page)\n")
            writeTableWarnings(entry.warnings)
        }
        for a in entry.annotations?.annotations ?? [] {
            pageNumber()
            var start = out.count
            out.append(int: a.index + 1)
            let digits = out.count - start
            if digits < 5 { out.insertSpaces(5 - digits, at: start) }
            out.append("  ")
            start = out.count
            out.append(a.subtype ?? "-")
            pad(from: start, to: 12)
            if let r = a.rect { writeCorners(r, width: 29) } else { start = out.count; out.append("-"); pad(from: start, to: 29) }
            start = out.count
            let flags = a.flags.names.joined(separator: ",")
            out.append(flags.isEmpty ? "-" : flags)
            pad(from: start, to: 16)
            // WHAT: the field, the action, the destination and a NoRotate turn, one space apart.
            var what: [String] = []
            if let f = a.field, let name = f.name { what.append("field \(name)") }
            what += Self.linkText(action: a.action, destination: a.destination)
            if a.flags.contains(.noRotate), page.rotation.degrees != 0, a.drawnRect(on: page) != nil { what.append("(drawn upright: NoRotate)") }
            out.append(" ")
            out.append(what.joined(separator: " "))
            out.trimTrailingSpaces()
            out.append("\n")
            writeTableWarnings(a.warnings)
        }
    }
}
