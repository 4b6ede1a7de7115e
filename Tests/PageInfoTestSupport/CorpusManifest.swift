// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// `MANIFEST.json` of the shared corpus, typed (field definitions: the corpus's README.md).
/// Values are the reference tools' (pdfinfo's when Poppler opens the file, else pdfium's),
/// never ours.
public struct CorpusManifest: Decodable, Sendable {
    public var description: String?
    public var files: [Entry]

    /// What Poppler does with a file.
    public enum Expectation: String, Decodable, Sendable {
        case opens
        /// Opens; Poppler prints warnings.
        case opensWithWarnings = "opens_with_warnings"
        /// A known-malformed file that Poppler repairs and opens.
        case opensAfterRepair = "opens_after_repair"
        /// Opens only with `password`.
        case needsPassword = "needs_password"
        /// Poppler refuses it.
        case rejectedMalformed = "rejected_malformed"
    }

    /// One corpus file.
    public struct Entry: Decodable, Sendable, CustomStringConvertible {
        /// The file name inside the corpus folder.
        public var file: String
        public var expected: Expectation
        /// The geometry and structure cases it exercises (`rotate_90`, `page_labels`, …).
        public var cases: [String]
        /// The user password, when the file needs one.
        public var password: String?
        public var passwordOwner: String?
        /// Poppler's page count; nil when Poppler rejects the file.
        public var pageCount: Int?
        /// The page count each tool that opened the file reports (pdfinfo, pdfium, mupdf, pypdf).
        public var pageCountByTool: [String: Int]
        public var hasPageLabels: Bool
        public var pages: [Page]

        /// The file's absolute path in the corpus.
        public var path: String { Paths.corpusFile(file) }
        /// Whether Poppler opens it (with its password, if any).
        public var opens: Bool { expected != .rejectedMalformed }
        public var description: String { file }

        enum CodingKeys: String, CodingKey {
            case file, expected, cases, password, pages
            case passwordOwner = "password_owner", pageCount = "page_count", hasPageLabels = "has_page_labels"
            case pageCountByTool = "page_count_by_tool"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            file = try c.decode(String.self, forKey: .file)
            expected = try c.decode(Expectation.self, forKey: .expected)
            cases = try c.decodeIfPresent([String].self, forKey: .cases) ?? []
            password = try c.decodeIfPresent(String.self, forKey: .password)
            passwordOwner = try c.decodeIfPresent(String.self, forKey: .passwordOwner)
            pageCount = try c.decodeIfPresent(Int.self, forKey: .pageCount)
            pageCountByTool = try c.decodeIfPresent([String: Int].self, forKey: .pageCountByTool) ?? [:]
            hasPageLabels = try c.decodeIfPresent(Bool.self, forKey: .hasPageLabels) ?? false
            pages = try c.decodeIfPresent([Page].self, forKey: .pages) ?? []
        }
    }

    /// One page, 0-based `index`. The boxes are effective (defaulted, clipped to the MediaBox),
    /// in raw PDF user space, printed by pdfinfo with 2 decimals; absent only for a page no tool
    /// could read.
    public struct Page: Decodable, Sendable {
        public var index: Int
        /// The tool the values come from: `pdfinfo`, or `pdfium` when Poppler cannot open the file.
        public var primary: String?
        public var mediaBox, cropBox, bleedBox, trimBox, artBox: Rect?
        /// /Rotate normalized to 0, 90, 180 or 270.
        public var rotation: Int?
        /// /Rotate as written (-90, 540, …).
        public var rotationRaw: Int?
        /// Width and height of the effective CropBox after rotation (3 decimals).
        public var displayedSize: Size?
        /// PDFium's page label; nil when there is none (an empty label is written as null too).
        public var label: String?
        /// The raw → view mapping sample; nil when the CropBox has no area.
        public var view: View?

        enum CodingKeys: String, CodingKey {
            case index, primary, label, view
            case mediaBox = "mediabox", cropBox = "cropbox", bleedBox = "bleedbox", trimBox = "trimbox", artBox = "artbox"
            case rotation = "rotate", rotationRaw = "rotate_raw", displayedSize = "displayed_size"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            index = try c.decode(Int.self, forKey: .index)
            primary = try c.decodeIfPresent(String.self, forKey: .primary)
            mediaBox = try c.decodeIfPresent(Rect.self, forKey: .mediaBox)
            cropBox = try c.decodeIfPresent(Rect.self, forKey: .cropBox)
            bleedBox = try c.decodeIfPresent(Rect.self, forKey: .bleedBox)
            trimBox = try c.decodeIfPresent(Rect.self, forKey: .trimBox)
            artBox = try c.decodeIfPresent(Rect.self, forKey: .artBox)
            rotation = try c.decodeIfPresent(Int.self, forKey: .rotation)
            rotationRaw = try c.decodeIfPresent(Int.self, forKey: .rotationRaw)
            displayedSize = try c.decodeIfPresent([Double].self, forKey: .displayedSize).map(Size.init(pair:))
            label = try c.decodeIfPresent(String.self, forKey: .label)
            view = try c.decodeIfPresent(View.self, forKey: .view)
        }

        /// A box by its PageGeometry name.
        public func box(_ box: PageBox) -> Rect? {
            switch box {
            case .media: mediaBox
            case .crop: cropBox
            case .bleed: bleedBox
            case .trim: trimBox
            case .art: artBox
            }
        }
    }

    /// Where the five raw points (CropBox corners lower-left, lower-right, upper-right, upper-left,
    /// and its centre) land in a device of `deviceSize` (displayed size × 2, rounded to integers),
    /// origin top-left, y down, per engine.
    public struct View: Decodable, Sendable {
        public var deviceSize: Size
        /// The five points, in raw PDF user space.
        public var pagePoints: [Point]
        /// The corpus README's formula.
        public var reference: [Point]
        /// pdfium's `FPDF_PageToDevice`, exact.
        public var pdfium: [Point]?
        /// MuPDF's page transform scaled to the device.
        public var mupdf: [Point]?
        /// Which engines agree with `reference` within 0.05.
        public var agrees: Agreement

        public struct Agreement: Decodable, Sendable {
            public var pdfiumVsReference: Bool?
            public var mupdfPageToDeviceVsReference: Bool?

            enum CodingKeys: String, CodingKey {
                case pdfiumVsReference = "pdfium_vs_reference"
                case mupdfPageToDeviceVsReference = "mupdf_page_to_device_vs_reference"
            }
        }

        enum CodingKeys: String, CodingKey {
            case reference, pdfium, mupdf, agrees
            case deviceSize = "device_size", pagePoints = "page_points"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            deviceSize = Size(pair: try c.decode([Double].self, forKey: .deviceSize))
            pagePoints = try c.decode([[Double]].self, forKey: .pagePoints).map(Point.init(pair:))
            reference = try c.decode([[Double]].self, forKey: .reference).map(Point.init(pair:))
            pdfium = try c.decodeIfPresent([[Double]].self, forKey: .pdfium)?.map(Point.init(pair:))
            mupdf = try c.decodeIfPresent([[Double]].self, forKey: .mupdf)?.map(Point.init(pair:))
            agrees = try c.decode(Agreement.self, forKey: .agrees)
        }
    }
}

extension Point {
    /// `[x, y]`, as the manifest writes points.
    init(pair: [Double]) { self.init(x: pair[0], y: pair[1]) }
}

extension Size {
    /// `[width, height]`, as the manifest writes sizes.
    init(pair: [Double]) { self.init(width: pair[0], height: pair[1]) }
}
