// SPDX-License-Identifier: GPL-2.0-or-later

internal import CPageInfoPoppler
import DocumentLayout
import PageGeometry
import PageInfoRecords

extension PageCursor {
    /// The annotations of the page ``next()`` returned last, or `nil` when that was a page error
    /// (or nothing was returned yet). Read through the shim's own bounded reader of /Annots
    /// (at most 100,000 per page; see ``ReadWarning/Code/annotationsClipped``).
    public func annotations() -> PageAnnotations? {
        var summary = pi_annotations_summary()
        guard let list = pi_page_cursor_annotations(handle, &summary) else { return nil }
        defer { pi_annotation_list_close(list) }
        let count = pi_annotation_list_count(list)
        var raw = [pi_annotation](repeating: pi_annotation(), count: count)
        var annotations: [Annotation] = []
        annotations.reserveCapacity(count)
        var positionOfObject: [Int32: Int] = [:]
        for i in 0..<count {
            pi_annotation_list_get(list, i, &raw[i])
            if raw[i].object_number > 0, positionOfObject[raw[i].object_number] == nil { positionOfObject[raw[i].object_number] = i }
        }
        for i in 0..<count {
            annotations.append(Self.annotation(raw[i], index: i, positionOfObject: positionOfObject))
        }
        var warnings: [ReadWarning] = []
        if summary.not_array {
            warnings.append(ReadWarning(.annotsInvalid, "/Annots is not an array; no annotation was read"))
        }
        if summary.clipped {
            warnings.append(ReadWarning(.annotationsClipped, "/Annots lists \(summary.listed) elements; only the first \(PI_MAX_ANNOTATIONS) were read"))
        }
        return PageAnnotations(annotations: annotations, listed: Int(summary.listed), warnings: warnings)
    }

    /// A shim text as a string, `nil` when absent.
    static func text(_ t: pi_text) -> String? {
        t.bytes.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: t.length), as: UTF8.self) }
    }

    private static func rect(_ r: pi_rect) -> Rect { Rect(x: r.x0, y: r.y0, width: r.x1 - r.x0, height: r.y1 - r.y0) }

    private static let problemWarnings: [(pi_annotation_problem, ReadWarning.Code, String)] = [
        (PI_ANNOT_NOT_DICTIONARY, .annotationNotDictionary, "is not a dictionary"),
        (PI_ANNOT_RECT_INVALID, .annotationRectInvalid, "has no /Rect of four finite numbers within ±10⁹ pt; no rectangle is reported"),
        (PI_ANNOT_RECT_REVERSED, .annotationRectReversed, "has a /Rect with reversed corners (normalized)"),
        (PI_ANNOT_SUBTYPE_MISSING, .annotationSubtypeMissing, "has no /Subtype name"),
        (PI_ANNOT_FLAGS_INVALID, .annotationFlagsInvalid, "has an /F that is not an integer; no flags are read"),
        (PI_ANNOT_REPEATED, .annotationRepeated, "is listed earlier in this page's /Annots too"),
        (PI_ANNOT_QUADS_INVALID, .quadPointsInvalid, "has /QuadPoints that are not finite numbers in groups of 8; they are ignored"),
        (PI_ANNOT_QUADS_CLIPPED, .quadPointsClipped, "has more /QuadPoints numbers than are kept (\(PI_MAX_QUAD_NUMBERS) an annotation, \(PI_MAX_PAGE_QUAD_NUMBERS) a page); those past the limit are dropped"),
        (PI_ANNOT_TEXT_CLIPPED, .textClipped, "has a text entry longer than \(PI_MAX_TEXT_BYTES) bytes (clipped), or text past the page's \(PI_MAX_PAGE_TEXT_BYTES / (1 << 20)) MiB (not read)"),
        (PI_ANNOT_STATE_MISSING, .appearanceStateMissing, "has appearance states in /AP /N but no /AS; the one Poppler draws is reported (the only state, else /Off)"),
        (PI_ANNOT_APPEARANCE_INVALID, .appearanceInvalid, "has an /AP /N that is not a form with a valid /BBox and /Matrix; no appearance is reported"),
        (PI_ANNOT_FIELD_LOOP, .fieldLoop, "has a /Parent chain that loops or is deeper than \(PI_MAX_FIELD_DEPTH); the field name is built from the part read"),
        (PI_ANNOT_ACTION_INVALID, .actionInvalid, "has an /A that is not an action dictionary with an /S name"),
        (PI_ANNOT_DEST_INVALID, .destinationInvalid, "has a destination that is not a destination array; none is reported"),
        (PI_ANNOT_DEST_UNRESOLVED, .destinationUnresolved, "names a destination that /Dests and the /Names tree do not hold"),
        (PI_ANNOT_DEST_PAGE_UNKNOWN, .destinationPageUnknown, "has a destination whose page is no page of this document"),
        (PI_ANNOT_DEST_PAGE_NUMBER, .destinationPageNumber, "has a destination that names its page by number, not by reference (read as a 0-based index)"),
    ]

    /// The warnings of `problems` (pi_annotation_problem bits) for the record `who` names
    /// ("annotation 3 (object 12)"), in the table's order; `wording` replaces a code's text.
    static func warnings(_ problems: UInt32, who: String, wording: [ReadWarning.Code: String] = [:]) -> [ReadWarning] {
        problemWarnings.filter { problems & $0.0.rawValue != 0 }.map { ReadWarning($0.1, "\(who) \(wording[$0.1] ?? $0.2)") }
    }

    /// The action of a link's fields, `nil` without one (kinds pageinfo does not read further are ``AnnotationAction/Kind/other``).
    static func action(_ a: pi_annotation) -> AnnotationAction? {
        guard a.action != PI_ACTION_NONE, let type = text(a.action_type) else { return nil }
        let kind = AnnotationAction.Kind(rawValue: type).flatMap { $0 == .other ? nil : $0 } ?? .other
        return AnnotationAction(kind: kind, type: type, target: text(a.action_target))
    }

    private static func annotation(_ a: pi_annotation, index: Int, positionOfObject: [Int32: Int]) -> Annotation {
        var result = Annotation(index: index, object: a.object_number > 0 ? Int(a.object_number) : nil)
        // (Built only for a warning: most annotations have none.)
        func who() -> String { "annotation \(index + 1)" + (a.object_number > 0 ? " (object \(a.object_number))" : "") }
        if a.problems != 0 { result.warnings = warnings(a.problems, who: who()) }
        if a.problems & PI_ANNOT_NOT_DICTIONARY.rawValue != 0 { return result }
        result.subtype = text(a.subtype)
        result.rect = a.has_rect ? rect(a.rect) : nil
        result.flags = AnnotationFlags(rawValue: a.flags)
        if let q = a.quad_points {
            result.quadPoints = stride(from: 0, to: a.quad_point_count - 1, by: 2).map { Point(x: q[$0], y: q[$0 + 1]) }
        }
        result.borderWidth = a.has_border_width ? a.border_width : nil
        result.name = text(a.name)
        result.modified = text(a.modified)
        result.contents = text(a.contents)
        if a.has_appearance {
            let m = a.appearance_matrix
            let appearance = AnnotationAppearance(state: text(a.appearance_state), bbox: rect(a.appearance_bbox),
                                                  matrix: AffineTransform(a: m.0, b: m.1, c: m.2, d: m.3, tx: m.4, ty: m.5))
            result.appearance = appearance
            if let r = result.rect, AppearancePlacement.formToRaw(rect: r, bbox: appearance.bbox, matrix: appearance.matrix) == nil {
                result.warnings.append(ReadWarning(.appearanceEmpty, "\(who()): its appearance's /BBox through /Matrix, or its /Rect, has no area; where it is drawn is undefined"))
            }
        }
        result.popup = a.popup_object > 0 ? positionOfObject[a.popup_object] : nil
        if result.subtype == "Popup", a.parent_object > 0 { result.parent = positionOfObject[a.parent_object] }
        if result.subtype == "Widget", a.field_name.bytes != nil || a.field_type.bytes != nil {
            result.field = FormField(name: text(a.field_name), type: text(a.field_type))
        }
        result.action = action(a)
        result.destination = destination(a.destination)
        return result
    }

    /// A destination from the shim's fields (only its name when it could not be resolved), or
    /// `nil` when there is none.
    static func destination(_ d: pi_destination) -> LinkDestination? {
        func value(_ i: Int) -> Double? {
            if d.null_mask & (1 << i) != 0 { return nil }
            return withUnsafeBytes(of: d.values) { $0.load(fromByteOffset: i * MemoryLayout<Double>.stride, as: Double.self) }
        }
        let fit: DestinationFit?
        switch d.kind {
        case PI_DEST_XYZ: fit = .xyz(left: value(0), top: value(1), zoom: value(2))
        case PI_DEST_FIT: fit = .fit
        case PI_DEST_FIT_H: fit = .fitH(top: value(0))
        case PI_DEST_FIT_V: fit = .fitV(left: value(0))
        case PI_DEST_FIT_R:
            let l = value(0) ?? 0, b = value(1) ?? 0, r = value(2) ?? 0, t = value(3) ?? 0
            fit = .fitR(Rect(x: min(l, r), y: min(b, t), width: abs(r - l), height: abs(t - b)))
        case PI_DEST_FIT_B: fit = .fitB
        case PI_DEST_FIT_BH: fit = .fitBH(top: value(0))
        case PI_DEST_FIT_BV: fit = .fitBV(left: value(0))
        default:
            // Only a name: another file's (GoToR), or one this file does not define.
            guard d.name.bytes != nil else { return nil }
            fit = nil
        }
        return LinkDestination(pageIndex: d.page_index >= 0 ? Int(d.page_index) : nil,
                               remotePage: d.remote_page >= 0 ? Int(d.remote_page) : nil, fit: fit,
                               name: text(d.name))
    }
}
