/// The five page boundaries of ISO 32000-2 §14.11.2.
@frozen
public enum PageBox: String, Hashable, Sendable, Codable, CaseIterable {
    case media = "MediaBox"
    case crop = "CropBox"
    case bleed = "BleedBox"
    case trim = "TrimBox"
    case art = "ArtBox"
}

/// A page's five effective boxes, in raw PDF user space (points, before /UserUnit), each
/// standardized (x, y the lower-left corner, non-negative size).
///
/// "Effective" means after the spec's defaults and clipping: CropBox defaults to MediaBox;
/// BleedBox, TrimBox and ArtBox default to the CropBox; each is reduced to its intersection
/// with the MediaBox. ``effective(mediaBox:cropBox:bleedBox:trimBox:artBox:)`` applies these
/// rules to raw entries; the Poppler reader returns Poppler's own effective boxes.
@frozen
public struct PageBoxes: Hashable, Sendable, Codable {
    public var mediaBox: Rect
    public var cropBox: Rect
    public var bleedBox: Rect
    public var trimBox: Rect
    public var artBox: Rect

    public init(mediaBox: Rect, cropBox: Rect, bleedBox: Rect, trimBox: Rect, artBox: Rect) {
        self.mediaBox = mediaBox; self.cropBox = cropBox
        self.bleedBox = bleedBox; self.trimBox = trimBox; self.artBox = artBox
    }

    /// All five boxes equal to `box` (a page with only a MediaBox).
    public init(uniform box: Rect) {
        self.init(mediaBox: box, cropBox: box, bleedBox: box, trimBox: box, artBox: box)
    }

    /// The US Letter MediaBox (0 0 612 792) that readers use when a page has none.
    public static let defaultMediaBox = Rect(x: 0, y: 0, width: 612, height: 792)

    /// Applies ISO 32000-2 §14.11.2 to raw box entries (already resolved through inheritance
    /// for MediaBox and CropBox; `nil` = absent): defaults, corner normalization and clipping
    /// to the MediaBox. A box that does not overlap the MediaBox at all becomes an empty
    /// rectangle at the MediaBox's nearest corner rather than a negative one.
    public static func effective(mediaBox: Rect?, cropBox: Rect? = nil, bleedBox: Rect? = nil,
                                 trimBox: Rect? = nil, artBox: Rect? = nil) -> PageBoxes {
        let media = (mediaBox?.standardized).flatMap { $0.isEmpty ? nil : $0 } ?? defaultMediaBox
        func clip(_ r: Rect) -> Rect {
            if let i = r.standardized.intersection(media) { return i }
            let s = r.standardized
            let x = min(max(s.minX, media.minX), media.maxX), y = min(max(s.minY, media.minY), media.maxY)
            return Rect(x: x, y: y, width: 0, height: 0)
        }
        let crop = cropBox.map(clip) ?? media
        return PageBoxes(mediaBox: media, cropBox: crop,
                         bleedBox: bleedBox.map(clip) ?? crop,
                         trimBox: trimBox.map(clip) ?? crop,
                         artBox: artBox.map(clip) ?? crop)
    }

    /// The box of the given kind.
    public subscript(box: PageBox) -> Rect {
        get {
            switch box {
            case .media: mediaBox
            case .crop: cropBox
            case .bleed: bleedBox
            case .trim: trimBox
            case .art: artBox
            }
        }
        set {
            switch box {
            case .media: mediaBox = newValue
            case .crop: cropBox = newValue
            case .bleed: bleedBox = newValue
            case .trim: trimBox = newValue
            case .art: artBox = newValue
            }
        }
    }
}
