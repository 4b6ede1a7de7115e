// SPDX-License-Identifier: Apache-2.0
import DocumentLayout
import PageGeometry

/// An annotation's /F flags (ISO 32000-2 §12.5.3, Table 167), by bit.
public struct AnnotationFlags: OptionSet, Hashable, Sendable {
    /// The /F integer's bits (ISO 32000-2 Table 167: bit 1, Invisible, is `1 << 0`).
    public var rawValue: UInt32
    /// Flags from /F's bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Bit 1: not shown when no handler for the subtype is available.
    public static let invisible = AnnotationFlags(rawValue: 1 << 0)
    /// Bit 2: neither shown nor printed.
    public static let hidden = AnnotationFlags(rawValue: 1 << 1)
    /// Bit 3: printed.
    public static let print = AnnotationFlags(rawValue: 1 << 2)
    /// Bit 4: its appearance is not scaled with the page's zoom (the upper-left corner stays).
    public static let noZoom = AnnotationFlags(rawValue: 1 << 3)
    /// Bit 5: its appearance is not turned with the page's /Rotate (the upper-left corner stays).
    public static let noRotate = AnnotationFlags(rawValue: 1 << 4)
    /// Bit 6: not shown on screen (may be printed).
    public static let noView = AnnotationFlags(rawValue: 1 << 5)
    /// Bit 7: no interaction.
    public static let readOnly = AnnotationFlags(rawValue: 1 << 6)
    /// Bit 8: cannot be deleted or have its properties changed.
    public static let locked = AnnotationFlags(rawValue: 1 << 7)
    /// Bit 9: the meaning of ``noView`` is inverted for certain events.
    public static let toggleNoView = AnnotationFlags(rawValue: 1 << 8)
    /// Bit 10: its contents cannot be changed.
    public static let lockedContents = AnnotationFlags(rawValue: 1 << 9)

    /// Every flag with its name as the records spell it (ISO 32000's names), in bit order.
    public static let named: [(name: String, flag: AnnotationFlags)] = [
        ("Invisible", .invisible), ("Hidden", .hidden), ("Print", .print), ("NoZoom", .noZoom), ("NoRotate", .noRotate),
        ("NoView", .noView), ("ReadOnly", .readOnly), ("Locked", .locked), ("ToggleNoView", .toggleNoView),
        ("LockedContents", .lockedContents),
    ]

    /// The names of the flags set, in bit order (bits past the ten the spec defines are not named).
    public var names: [String] { Self.named.filter { contains($0.flag) }.map(\.name) }
}

/// The appearance an annotation shows (§12.5.5): the form /AP /N names (picked by /AS).
public struct AnnotationAppearance: Hashable, Sendable {
    /// The /AS state that picked the form, when /N is a dictionary of states.
    public var state: String?
    /// The form's /BBox, in form space.
    public var bbox: Rect
    /// The form's /Matrix: form space → the space the BBox is mapped from.
    public var matrix: AffineTransform

    /// An appearance of form `bbox` and `matrix`, picked by `state`.
    public init(state: String? = nil, bbox: Rect, matrix: AffineTransform = .identity) {
        self.state = state
        self.bbox = bbox
        self.matrix = matrix
    }
}

/// What activating a link or widget does (/A, §12.6.4).
public struct AnnotationAction: Hashable, Sendable {
    /// The kinds pageinfo reads further; any other /S is ``other``.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `target` is the URI.
        case uri = "URI"
        /// A destination in this file (``Annotation/destination``).
        case goTo = "GoTo"
        /// A destination in another file: `target` is the file; the destination's page is a number.
        case goToRemote = "GoToR"
        /// `target` is the action's name (NextPage, PrevPage, FirstPage, LastPage…).
        case named = "Named"
        /// A script: named only, never read or run.
        case javaScript = "JavaScript"
        /// `target` is the file to launch.
        case launch = "Launch"
        /// Another action; ``AnnotationAction/type`` holds its /S.
        case other
    }
    /// The kind of action.
    public var kind: Kind
    /// /S as written.
    public var type: String
    /// The URI, file or name, by ``kind``.
    public var target: String?

    /// An action of `kind`, /S `type`, with its `target`.
    public init(kind: Kind, type: String, target: String? = nil) {
        self.kind = kind
        self.type = type
        self.target = target
    }
}

/// Where a link or outline entry goes: a destination (§12.3.2) with its page resolved.
public struct LinkDestination: Hashable, Sendable {
    /// The target page in this document (0-based), or `nil` when it is in another file or no page of this one.
    public var pageIndex: Int?
    /// A page given as a number: for GoToR, the 0-based page of the other file.
    public var remotePage: Int?
    /// How the page is to be shown; coordinates in the target page's raw space. `nil` when the
    /// destination is only a name: another file's (GoToR), or one this file does not define
    /// (`destination-unresolved`).
    public var fit: DestinationFit?
    /// The name the destination was given by (a named destination), or `nil`.
    public var name: String?

    /// A destination to page `pageIndex` (or `remotePage` of another file), shown as `fit`.
    public init(pageIndex: Int?, remotePage: Int? = nil, fit: DestinationFit?, name: String? = nil) {
        self.pageIndex = pageIndex
        self.remotePage = remotePage
        self.fit = fit
        self.name = name
    }

    /// The destination as DocumentLayout takes it (to restore as DocumentLayout's `ViewState`), when its page is in this document.
    public var destination: Destination? {
        guard let pageIndex, let fit else { return nil }
        return Destination(pageIndex: pageIndex, fit: fit)
    }
}

/// A form field a widget belongs to (§12.7.4).
public struct FormField: Hashable, Sendable {
    /// The fully qualified name: the partial names (/T) from the root field down, joined by ".".
    public var name: String?
    /// /FT, inherited: Btn, Tx, Ch or Sig.
    public var type: String?

    /// A field of fully qualified `name` and `type`.
    public init(name: String?, type: String?) {
        self.name = name
        self.type = type
    }
}

/// One element of a page's /Annots (ISO 32000-2 §12.5), as read. Every rectangle and point is
/// in the page's **raw** PDF space (points); map it with PageGeometry's `PageInfo` transforms.
/// What could not be read is `nil` (never guessed) and says why in ``warnings``.
public struct Annotation: Hashable, Sendable {
    /// The 0-based position in the page's /Annots.
    public var index: Int
    /// The annotation's object number, `nil` when written in place.
    public var object: Int?
    /// /Subtype (Link, Widget, Text, Highlight, Popup…), `nil` when missing.
    public var subtype: String?
    /// /Rect, corners normalized (raw space), `nil` when unreadable.
    public var rect: Rect?
    /// /F.
    public var flags: AnnotationFlags
    /// /QuadPoints (links and text markup), four points per quadrilateral, raw space.
    public var quadPoints: [Point]
    /// /BS /W, else /Border's width, as written (`nil`: not written; the spec's default is 1).
    public var borderWidth: Double?
    /// /NM.
    public var name: String?
    /// /M, as written (a PDF date or free text).
    public var modified: String?
    /// /Contents (clipped to 4,000 bytes).
    public var contents: String?
    /// The appearance in effect, `nil` when there is none (or it is unusable: see ``warnings``).
    public var appearance: AnnotationAppearance?
    /// The position in this page's /Annots of the annotation's /Popup, or `nil`.
    public var popup: Int?
    /// For a popup, the position of the annotation it belongs to (/Parent), or `nil`.
    public var parent: Int?
    /// For a widget, its field.
    public var field: FormField?
    /// /A, the action.
    public var action: AnnotationAction?
    /// A link's /Dest, or a GoTo / GoToR action's /D.
    public var destination: LinkDestination?
    /// What was repaired or ignored.
    public var warnings: [ReadWarning]

    /// An annotation at position `index` of /Annots; every other field optional.
    public init(index: Int, object: Int? = nil, subtype: String? = nil, rect: Rect? = nil, flags: AnnotationFlags = [],
                quadPoints: [Point] = [], borderWidth: Double? = nil, name: String? = nil, modified: String? = nil,
                contents: String? = nil, appearance: AnnotationAppearance? = nil, popup: Int? = nil, parent: Int? = nil,
                field: FormField? = nil, action: AnnotationAction? = nil, destination: LinkDestination? = nil,
                warnings: [ReadWarning] = []) {
        self.index = index
        self.object = object
        self.subtype = subtype
        self.rect = rect
        self.flags = flags
        self.quadPoints = quadPoints
        self.borderWidth = borderWidth
        self.name = name
        self.modified = modified
        self.contents = contents
        self.appearance = appearance
        self.popup = popup
        self.parent = parent
        self.field = field
        self.action = action
        self.destination = destination
        self.warnings = warnings
    }

    /// Where the appearance is drawn on `page` at zoom 1, in raw space: ``rect`` with the form
    /// mapped onto it (§12.5.5), turned upright about its upper-left corner when the annotation
    /// is NoRotate and the page is turned (§12.5.3). `nil` without a rectangle or an appearance,
    /// or when the form's transformed BBox has no area.
    public func drawnRect(on page: PageInfo) -> Rect? {
        guard let rect, let appearance,
              let drawn = AppearancePlacement.drawnRect(rect: rect, bbox: appearance.bbox, matrix: appearance.matrix) else { return nil }
        return flags.contains(.noRotate) ? AppearancePlacement.noRotateRect(drawn, rotation: page.rotation) : drawn
    }
}

/// A page's annotations, with what was wrong with its /Annots as a whole.
public struct PageAnnotations: Hashable, Sendable {
    /// The annotations read, in /Annots order.
    public var annotations: [Annotation]
    /// The elements /Annots lists (more than ``annotations`` when clipped at the reader's limit).
    public var listed: Int
    /// Page-level problems: /Annots not an array, more elements than the limit.
    public var warnings: [ReadWarning]
    /// The geometry of the pages this page's destinations target (in this document), by
    /// 0-based index; a target page that could not be read is absent.
    public var targets: [Int: PageInfo]

    /// A page's `annotations`, of `listed` elements, with page-level `warnings` and the
    /// geometry of the pages its destinations target.
    public init(annotations: [Annotation] = [], listed: Int = 0, warnings: [ReadWarning] = [], targets: [Int: PageInfo] = [:]) {
        self.annotations = annotations
        self.listed = listed
        self.warnings = warnings
        self.targets = targets
    }
}
