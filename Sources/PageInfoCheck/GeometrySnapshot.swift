// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry

/// The page geometry of one document as `pageinfo check` compares it: what a golden file
/// records, or what the PDF holds now.
///
/// A golden is the document `pageinfo pages FILE --format json` prints (docs/records.md), so any
/// saved output is a golden. `init(goldenJSON:file:)` reads it leniently: unknown keys are ignored,
/// and fields added to the record format later (`record`, `warnings`, `status`, `error`,
/// `countClaimed`) are optional, so old goldens keep working.
public struct GeometrySnapshot: Sendable, Hashable {
    /// The `file` the golden names (informational: never compared, paths differ between machines).
    public var file: String?
    /// The page count the document reports (`pageCount`); the number of ``pages`` when absent.
    public var pageCount: Int
    /// The /Count the root Pages node claims, when known (`countClaimed`).
    public var countClaimed: Int?
    /// The file-level error, when the golden records a file that could not be read.
    public var error: SnapshotError?
    /// The pages, in document order.
    public var pages: [PageSnapshot]

    /// A snapshot from its parts; `pageCount` defaults to the number of `pages`.
    public init(file: String? = nil, pageCount: Int? = nil, countClaimed: Int? = nil,
                error: SnapshotError? = nil, pages: [PageSnapshot]) {
        self.file = file
        self.pageCount = pageCount ?? pages.count
        self.countClaimed = countClaimed
        self.error = error
        self.pages = pages
    }

    /// The snapshot of pages read from a PDF (`pageCount` is the number of pages given).
    public init(file: String?, pages: [PageInfo], countClaimed: Int? = nil) {
        self.init(file: file, pageCount: pages.count, countClaimed: countClaimed,
                  pages: pages.map(PageSnapshot.init(_:)))
    }
}

/// One page of a ``GeometrySnapshot``: its geometry, or the error that kept it from being read.
public struct PageSnapshot: Sendable, Hashable {
    /// 0-based position in the document.
    public var index: Int
    /// The page label, `nil` when the document has no /PageLabels (JSON `null`).
    ///
    /// A golden page without a `label` key is read as `nil`: `pageinfo pages` always writes the
    /// key, so only a golden written by hand or another tool lacks it, and "no label recorded"
    /// is taken to mean "no label". `""` (a label range without /S or /P) is a label, and
    /// differs from `nil`. To leave labels out of a comparison, leave `label` out of the fields.
    public var label: String?
    /// What was read.
    public var content: Content

    /// What a page of a snapshot holds: its geometry, or the page error a golden records.
    public enum Content: Sendable, Hashable {
        /// The page's geometry.
        case geometry(Geometry)
        /// The page could not be read (a page record with an `error` object and no geometry).
        case error(SnapshotError)
    }

    /// The compared geometry of a page, as `pageinfo pages --format json` prints it.
    public struct Geometry: Sendable, Hashable {
        /// /Rotate normalized to 0, 90, 180 or 270 (compared exactly, whatever the tolerance).
        public var rotation: Int
        /// /Rotate as written, when known (compared exactly, whatever the tolerance).
        public var rotationRaw: Int?
        /// /UserUnit (1/72 inch per unit).
        public var userUnit: Double
        /// The five effective boxes in raw PDF user space, points.
        public var boxes: PageBoxes
        /// The displayed size in points (page space): the CropBox, swapped at 90° and 270°.
        public var size: Size

        /// Geometry from its parts: rotation in degrees, boxes in raw space and size in page space
        /// (points); `rotationRaw` defaults to `rotation`.
        public init(rotation: Int, rotationRaw: Int?, userUnit: Double, boxes: PageBoxes, size: Size) {
            self.rotation = rotation; self.rotationRaw = rotationRaw; self.userUnit = userUnit
            self.boxes = boxes; self.size = size
        }
    }

    /// A page at `index` (0-based) with its label and content.
    public init(index: Int, label: String?, content: Content) {
        self.index = index; self.label = label; self.content = content
    }

    /// The snapshot of a page read from a PDF; `size` is derived from its CropBox and rotation.
    public init(_ page: PageInfo) {
        self.init(index: page.index, label: page.label, content: .geometry(Geometry(
            rotation: page.rotation.rawValue, rotationRaw: page.rawRotation, userUnit: page.userUnit,
            boxes: page.boxes, size: page.size)))
    }

    /// The geometry, or `nil` for a page error.
    public var geometry: Geometry? {
        if case .geometry(let g) = content { return g }
        return nil
    }
}

/// An error recorded for a file or a page: `{"code": …, "message": …}` (docs/records.md).
/// Only `code` is compared; the message is for people and may be reworded.
public struct SnapshotError: Sendable, Hashable, CustomStringConvertible {
    /// The stable code, e.g. `page-not-dictionary`.
    public var code: String
    /// One line for a person.
    public var message: String

    /// An error with its stable code and one-line message.
    public init(code: String, message: String) { self.code = code; self.message = message }

    /// `code: message`, or the code alone when there is no message.
    public var description: String { message.isEmpty ? code : "\(code): \(message)" }
}
