// SPDX-License-Identifier: Apache-2.0
/// The geometry of one PDF page, normalized once at construction.
///
/// Three coordinate spaces meet here:
/// - **raw**: the page's PDF user space, where its boxes, content, annotations and
///   destinations live (points; multiply by ``userUnit`` for physical size in 1/72 inch).
/// - **page** (normalized): origin at the lower-left corner of the *displayed* page (the
///   effective CropBox after /Rotate), x right, y up, spanning `0…size.width × 0…size.height`.
/// - **view**: top-left origin, y down, scaled; see ``PagePlacement``.
///
/// For a CropBox `[x0 y0 x1 y1]`, ``rawToPage`` maps (x, y) to:
///
///     rotation   0: (x − x0, y − y0)
///     rotation  90: (y − y0, x1 − x)
///     rotation 180: (x1 − x, y1 − y)
///     rotation 270: (y1 − y, x − x0)
public struct PageInfo: Hashable, Sendable {
    /// 0-based page index in the document.
    public var index: Int
    /// The page label from the document's /PageLabels, or `nil` when the document has none.
    public var label: String?
    /// The five effective boxes in raw PDF user space.
    public var boxes: PageBoxes
    /// /Rotate normalized to a quarter turn (see ``PageRotation/init(normalizing:)``).
    public var rotation: PageRotation
    /// /Rotate as written in the file (or inherited), before normalization; 0 when absent.
    public var rawRotation: Int
    /// /UserUnit of the page dictionary (points per default user-space unit ÷ 1/72 inch); 1 when absent.
    public var userUnit: Double

    /// A page from its effective boxes (raw space, points) and its normalized rotation;
    /// `rawRotation` defaults to the rotation's degrees, `userUnit` to 1.
    public init(index: Int, label: String? = nil, boxes: PageBoxes, rotation: PageRotation,
                rawRotation: Int? = nil, userUnit: Double = 1) {
        self.index = index
        self.label = label
        self.boxes = boxes
        self.rotation = rotation
        self.rawRotation = rawRotation ?? rotation.rawValue
        self.userUnit = userUnit
    }

    /// Builds a page from a raw /Rotate value, normalizing it with ``PageRotation/init(normalizing:)``.
    public init(index: Int, label: String? = nil, boxes: PageBoxes, rawRotation: Int, userUnit: Double = 1) {
        self.init(index: index, label: label, boxes: boxes, rotation: PageRotation(normalizing: rawRotation),
                  rawRotation: rawRotation, userUnit: userUnit)
    }

    /// The effective CropBox in raw space: the region that is displayed.
    @inlinable public var cropBox: Rect { boxes.cropBox }

    /// The displayed size in points (page space units): the CropBox, width and height
    /// swapped at 90° and 270°. Multiply by ``userUnit`` for the physical size in 1/72 inch.
    public var size: Size {
        let s = boxes.cropBox.standardized.size
        return rotation.isQuarterTurn ? s.transposed : s
    }

    /// The displayed size in physical units of 1/72 inch (``size`` × ``userUnit``).
    public var physicalSize: Size { Size(width: size.width * userUnit, height: size.height * userUnit) }

    /// The page's bounds in page space: `(0, 0, size.width, size.height)`.
    public var pageBounds: Rect { Rect(origin: .zero, size: size) }

    /// The pure rotation (no translation) that turns raw directions into displayed directions:
    /// a clockwise quarter-turn rotation in y-up space, 90° mapping (x, y) to (y, −x).
    public var rotationTransform: AffineTransform { rotation.transform }

    /// Raw PDF user space → normalized page space (see the type's documentation for formulas).
    public var rawToPage: AffineTransform {
        let rotated = rotation.transform.apply(to: boxes.cropBox.standardized)
        return rotation.transform.translatedAfter(x: -rotated.minX, y: -rotated.minY)
    }

    /// Normalized page space → raw PDF user space; the inverse of ``rawToPage``.
    public var pageToRaw: AffineTransform {
        // rawToPage is a quarter turn R followed by a translation t, so its inverse is the
        // translation by −t followed by Rᵀ: a quarter turn's inverse is its transpose, exactly
        // (coefficients 0 and ±1), the same numbers `inverted()` gives, with nothing that can fail.
        let r = rotation.transform, t = rawToPage
        return AffineTransform(translationX: -t.tx, y: -t.ty)
            .concatenating(AffineTransform(a: r.a, b: r.c, c: r.b, d: r.d, tx: 0, ty: 0))
    }

    /// Maps a point from raw space to page space.
    public func pagePoint(fromRaw p: Point) -> Point { rawToPage.apply(to: p) }
    /// Maps a point from page space to raw space.
    public func rawPoint(fromPage p: Point) -> Point { pageToRaw.apply(to: p) }
    /// Maps a rectangle from raw space to page space (standardized).
    public func pageRect(fromRaw r: Rect) -> Rect { rawToPage.apply(to: r) }
    /// Maps a rectangle from page space to raw space (standardized).
    public func rawRect(fromPage r: Rect) -> Rect { pageToRaw.apply(to: r) }
}

// MARK: - Codable

extension PageInfo: Codable {
    private enum CodingKeys: String, CodingKey {
        case index, label, rotation, rotationRaw, userUnit
        case mediaBox, cropBox, bleedBox, trimBox, artBox, size, transform
    }

    /// Decodes the page object that `pageinfo pages --format json` prints. `size` and
    /// `transform` are derived values and are ignored on input; `rotationRaw` defaults to `rotation`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let rotation = try c.decode(PageRotation.self, forKey: .rotation)
        self.init(
            index: try c.decode(Int.self, forKey: .index),
            label: try c.decodeIfPresent(String.self, forKey: .label),
            boxes: PageBoxes(mediaBox: try c.decode(Rect.self, forKey: .mediaBox),
                             cropBox: try c.decode(Rect.self, forKey: .cropBox),
                             bleedBox: try c.decode(Rect.self, forKey: .bleedBox),
                             trimBox: try c.decode(Rect.self, forKey: .trimBox),
                             artBox: try c.decode(Rect.self, forKey: .artBox)),
            rotation: rotation,
            rawRotation: try c.decodeIfPresent(Int.self, forKey: .rotationRaw),
            userUnit: try c.decodeIfPresent(Double.self, forKey: .userUnit) ?? 1)
    }

    /// Encodes the page record's geometry fields, `size` and `transform` included (points).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(index, forKey: .index)
        try c.encode(label, forKey: .label)
        try c.encode(rotation, forKey: .rotation)
        try c.encode(rawRotation, forKey: .rotationRaw)
        try c.encode(userUnit, forKey: .userUnit)
        try c.encode(boxes.mediaBox, forKey: .mediaBox)
        try c.encode(boxes.cropBox, forKey: .cropBox)
        try c.encode(boxes.bleedBox, forKey: .bleedBox)
        try c.encode(boxes.trimBox, forKey: .trimBox)
        try c.encode(boxes.artBox, forKey: .artBox)
        try c.encode(size, forKey: .size)
        try c.encode(rawToPage, forKey: .transform)
    }
}
