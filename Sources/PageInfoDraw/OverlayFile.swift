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

    /// The file's boxes of page `number` (1-based; those naming no page, or this one) on `page`,
    /// in raw PDF space, named for the legend by the file's last path component.
    package func set(on page: PageInfo, number: Int) throws(OverlayFileError) -> OverlaySet {
        let toRaw: AffineTransform
        do { toRaw = try frame.frameToRaw(on: page) } catch { throw .frame(path: path, frame: frame, page: number, problem: error) }
        let name = Self.displayName(path)
        let mine = boxes.filter { $0.page == nil || $0.page == number }
        return OverlaySet(name: name, frame: frame.description, boxes: mine.map { (toRaw.apply(to: $0.rect), $0.label) })
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
    /// The frame has no matrix on that page (an image of 0 pixels, the ratios of an empty page).
    case frame(path: String, frame: BoxFrame, page: Int, problem: PlacementError)

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
