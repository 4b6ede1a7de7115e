// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoGrammar

/// What `pageinfo draw`'s picture options ask for, checked before any file is opened; a
/// problem is one line naming the options (`--scale`, `--bare`, …), for a usage error.
package struct DrawingRequest: Sendable {
    /// The picture format `-o`'s extension names.
    package var format: PictureFormat
    /// `--scale` (pixels per point, default 1) or `--width` (pixels).
    package var size: DrawingSize
    /// `--viewport`: a rectangle of page space (points) with area, or nil.
    package var viewport: Rect?
    /// `--boxes`, in order (default: all five).
    package var boxes: [PageBox]

    /// A problem with the options: `description` is the line to print.
    package struct Problem: Error, CustomStringConvertible {
        package var description: String
    }

    /// Reads the options: `output` (-o), `scale`, `width`, `viewport`, `boxes` (as written),
    /// `bare` and `region` (checked for area only: its frame is the caller's).
    package init(output: String, scale: Double?, width: Int?, viewport: Rect?, boxes: String?, bare: Bool,
                 region: Rect?) throws(Problem) {
        do { format = try PictureFormat(fileName: output) } catch { throw Problem(description: "-o: \(error.description)") }
        if scale != nil && width != nil { throw Problem(description: "give --scale or --width, not both") }
        if let width {
            guard width > 0 else { throw Problem(description: "--width: \(width) must be a positive number of pixels") }
            size = .width(width)
        } else {
            let s = scale ?? 1
            guard s > 0, s.isFinite else { throw Problem(description: "--scale: \(formatCompact(s)) must be a positive number of pixels per point") }
            size = .scale(s)
        }
        if let viewport, !(viewport.width > 0 && viewport.height > 0) {
            throw Problem(description: "--viewport: the rectangle must have a positive width and height")
        }
        self.viewport = viewport
        do { self.boxes = try boxes.map(ValueGrammar.boxes) ?? PageBox.allCases } catch {
            throw Problem(description: "--boxes: \(error.description)")
        }
        if bare && format != .png { throw Problem(description: "--bare writes the page's render as PNG: give -o FILE.png") }
        if bare && (viewport != nil || boxes != nil) {
            throw Problem(description: "--bare draws the render and the --overlay boxes only: leave out \(viewport != nil ? "--viewport" : "--boxes")")
        }
        if let region, !(region.width > 0 && region.height > 0) {
            throw Problem(description: "--region: the rectangle must have a positive width and height")
        }
    }
}
