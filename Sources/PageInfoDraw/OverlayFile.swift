// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoEncoding
import PageInfoRecords
import PageInfoSystem

/// A boxes file given to `draw` (`--overlay BOXES --frame F`): read and parsed
/// once (``PageInfoEncoding/OverlayBoxes``), then, for each page drawn, its boxes of that page
/// mapped to raw space through the frame's matrix.
package struct OverlayFile: Sendable {
    /// The path as given.
    package let path: String
    /// The frame of the file's numbers.
    package let frame: BoxFrame
    /// The file's boxes, in its frame.
    package let boxes: [OverlayBox]

    /// Reads and parses the file at `path`, whose numbers are in `frame`.
    package init(path: String, frame: BoxFrame) throws(OverlayFileError) {
        let bytes: [UInt8]
        do { bytes = try OpenFile.readFile(path, limit: OverlayBoxes.maxFileBytes) } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        do { boxes = try OverlayBoxes.parse(bytes) } catch { throw .notBoxes(path: path, problem: error.description) }
        self.path = path
        self.frame = frame
    }

    /// The file's boxes of the page of `entry` (those naming no page, or this one), in raw PDF
    /// space through ``PageInfoRecords/PageEntry/frameToRaw(_:)``, named for the legend by the
    /// file's last path component.
    package func set(on entry: PageEntry) throws(OverlayFileError) -> OverlaySet {
        let number = entry.index + 1
        let toRaw: AffineTransform
        do { toRaw = try entry.frameToRaw(frame) } catch { throw .frame(path: path, frame: frame, page: number, problem: error) }
        let name = Self.displayName(path)
        let mine = boxes.filter { $0.page == nil || $0.page == number }
        return OverlaySet(name: name, frame: frame.description, boxes: mine.map { (toRaw.apply(to: $0.rect), $0.label) })
    }
}

/// Why a frame has no matrix on a page.
package enum FrameProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The matrix cannot be built (``PageGeometry/PlacementError``).
    case placement(PlacementError)
    /// The page record's bitmap of this image is null: pdfplumber cuts a page whose CropBox as
    /// written reaches past the MediaBox (or misses it) by that CropBox, which the page's
    /// effective boxes no longer hold, so its pixels are not modelled.
    case noBitmap(BitmapRenderer)
    /// The position is a page error: it has no geometry.
    case pageError

    package var description: String {
        switch self {
        case .placement(let e): e.description(namingFillAs: "convert --fit fill")
        case .noBitmap(let r):
            "the image \(r.rawValue) makes of this page is not modelled (its CropBox as written reaches past the MediaBox, and \(r.rawValue) cuts by it; pages records \"bitmap\": null)"
        case .pageError: "the page could not be read"
        }
    }
}

extension PageEntry {
    /// `frame`'s matrix to raw space on this page, as its records give it: an image frame whose
    /// bitmap the page record holds as null (``bitmap(for:)``) has none.
    package func frameToRaw(_ frame: BoxFrame) throws(FrameProblem) -> AffineTransform {
        guard let page else { throw .pageError }
        switch frame {
        case .pixels(let request), .normalized(let request):
            guard bitmap(for: request) != nil else {
                do { _ = try BitmapPlacement(page: page, request: request) } catch { throw .placement(error) }
                throw .noBitmap(request.renderer)
            }
        case .raw, .page, .producer: break
        }
        do { return try frame.frameToRaw(on: page) } catch { throw .placement(error) }
    }
}

extension OverlayFile {
    /// What a legend calls the file at `path`: its last path component.
    package static func displayName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
}

/// Why a boxes file cannot be drawn.
package enum OverlayFileError: Error, Sendable, CustomStringConvertible {
    /// The file cannot be read (the system's reason).
    case unreadable(path: String, reason: String)
    /// The file is not boxes (``PageInfoEncoding/OverlayBoxesError``'s line).
    case notBoxes(path: String, problem: String)
    /// The frame has no matrix on that page (an image of 0 pixels, the ratios of an empty page,
    /// an image the page record has no bitmap of).
    case frame(path: String, frame: BoxFrame, page: Int, problem: FrameProblem)

    /// 66 when the file cannot be read, 65 when it is not boxes, 64 for a frame with no matrix
    /// on the page.
    package var exitStatus: ExitStatus {
        switch self {
        case .unreadable: .cannotOpen
        case .notBoxes: .malformed
        case .frame: .usage
        }
    }

    /// `--overlay PATH: …`, one line.
    package var description: String {
        switch self {
        case let .unreadable(path, reason): "--overlay \(path): \(reason)"
        case let .notBoxes(path, problem): "--overlay \(path): \(problem)"
        case let .frame(path, frame, page, problem): "--overlay \(path) in the \(frame) frame: page \(page): \(problem)"
        }
    }
}
