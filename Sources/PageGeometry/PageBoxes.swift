// SPDX-License-Identifier: Apache-2.0
/// The five page boundaries of ISO 32000-2 §14.11.2.
@frozen
public enum PageBox: String, Hashable, Sendable, Codable, CaseIterable {
    /// The MediaBox: the extent of the medium the page is printed on.
    case media = "MediaBox"
    /// The CropBox: the region that is displayed or printed.
    case crop = "CropBox"
    /// The BleedBox: the region to which content is clipped in production.
    case bleed = "BleedBox"
    /// The TrimBox: the intended size of the finished page.
    case trim = "TrimBox"
    /// The ArtBox: the extent of the page's meaningful content.
    case art = "ArtBox"
}

/// A page's five effective boxes, in raw PDF user space (points, before /UserUnit), each
/// standardized (x, y the lower-left corner, non-negative size).
///
/// "Effective" means after the spec's defaults and clipping: CropBox defaults to MediaBox;
/// BleedBox, TrimBox and ArtBox default to the CropBox; each is reduced to its intersection
/// with the MediaBox. ``effective(mediaBox:cropBox:bleedBox:trimBox:artBox:)`` applies these
/// rules to raw entries; the Poppler reader reads the raw entries and uses it too.
@frozen
public struct PageBoxes: Hashable, Sendable, Codable {
    /// The effective MediaBox in raw PDF user space (points).
    public var mediaBox: Rect
    /// The effective CropBox in raw space (points): the displayed region, inside the MediaBox.
    public var cropBox: Rect
    /// The effective BleedBox in raw space (points), inside the MediaBox.
    public var bleedBox: Rect
    /// The effective TrimBox in raw space (points), inside the MediaBox.
    public var trimBox: Rect
    /// The effective ArtBox in raw space (points), inside the MediaBox.
    public var artBox: Rect

    /// Five boxes taken as given (raw space, points); use
    /// ``effective(mediaBox:cropBox:bleedBox:trimBox:artBox:)`` to apply the spec's rules.
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

    /// Applies ISO 32000-2 §14.11.2 to raw box entries (`nil` = absent; MediaBox and CropBox
    /// already resolved through the Pages tree, since only they are inheritable):
    ///
    /// 1. corners are normalized (§7.9.5);
    /// 2. a missing or zero-area MediaBox becomes US Letter, 0 0 612 792 (what Poppler, pdfium and
    ///    MuPDF do for such non-conforming files);
    /// 3. the CropBox defaults to the MediaBox and is reduced to its intersection with it;
    /// 4. BleedBox, TrimBox and ArtBox default to the effective CropBox and are reduced to their
    ///    intersection with the MediaBox.
    ///
    /// Where the spec leaves a gap (a box that does not overlap the MediaBox in any area, or a
    /// zero-area box), the box falls back to its default: the MediaBox for the CropBox, as
    /// pdfium does when it places a page; the effective CropBox for the other three. A page
    /// therefore always has a displayed area. Poppler differs in two places, and we follow the
    /// spec: it clamps a CropBox wider (taller) than the MediaBox to the MediaBox's whole range
    /// on that axis before clipping, and it leaves a disjoint CropBox as a zero-size box.
    public static func effective(mediaBox: Rect?, cropBox: Rect? = nil, bleedBox: Rect? = nil,
                                 trimBox: Rect? = nil, artBox: Rect? = nil) -> PageBoxes {
        let media = (mediaBox?.standardized).flatMap { $0.isEmpty ? nil : $0 } ?? defaultMediaBox
        let crop = cropBox.flatMap { $0.standardized.intersection(media) } ?? media
        func clip(_ r: Rect?) -> Rect { r.flatMap { $0.standardized.intersection(media) } ?? crop }
        return PageBoxes(mediaBox: media, cropBox: crop,
                         bleedBox: clip(bleedBox), trimBox: clip(trimBox), artBox: clip(artBox))
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
