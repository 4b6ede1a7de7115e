// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// The text of `pageinfo pages --frames LIST`: the libraries and pipelines whose coordinate frames each
/// page record carries (`LibraryFrame` of PageGeometry). Read by the command and by batch mode's
/// workers, written for the workers by ``argument(for:)``, so that both read it the same way.
package enum FrameOptions {
    /// Why the text does not name frames; ``description`` is one line naming the option and the
    /// valid names.
    package struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// One line for a person, starting with the option's name.
        package let description: String
    }

    /// The word that stands for every frame.
    package static let all = "all"

    /// The valid names, as a usage message lists them.
    static var validNames: String {
        LibraryFrame.allCases.map(\.rawValue).joined(separator: ", ") + ", or \(all)"
    }

    /// The frames `text` names — comma-separated frame names (`LibraryFrame`'s raw
    /// values) or `all` — in canonical order (`LibraryFrame.canonical(_:)`),
    /// each once; nil when the option is not given. An empty list or name, or a name that is not
    /// a frame, is a ``Problem`` listing the valid names.
    package static func frames(_ text: String?) throws(Problem) -> [LibraryFrame]? {
        guard let text else { return nil }
        var asked: [LibraryFrame] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            if name == all[...] {
                asked += LibraryFrame.allCases
            } else if let frame = LibraryFrame(rawValue: String(name)) {
                asked.append(frame)
            } else {
                let what = name.isEmpty ? "an empty name" : "unknown frame '\(name)'"
                throw Problem(description: "--frames \(text): \(what); give a comma-separated list of \(validNames)")
            }
        }
        return LibraryFrame.canonical(asked)
    }

    /// The names ``boxFrame(_:bitmap:)`` takes, for messages and help.
    package static let boxFrameNames = "raw (or pdf), page, pixels, normalized, "
        + LibraryFrame.allCases.map(\.rawValue).joined(separator: ", ")

    /// The frame a user's boxes are in, by name (`--frame F`): `raw` (or `pdf`, as Python says),
    /// `page`, `pixels` and `normalized` (of the image `bitmap` describes, which they need), or a
    /// ``PageGeometry/LibraryFrame`` name.
    package static func boxFrame(_ name: String, bitmap: BitmapRequest?) throws(Problem) -> BoxFrame {
        switch name {
        case "raw", "pdf": return .raw
        case "page": return .page
        case "pixels", "normalized":
            guard let bitmap else {
                throw Problem(description: "--frame \(name): the boxes are of an image; say which with --dpi D (or --bitmap-size WxH) and --renderer R, the call that made it")
            }
            return name == "pixels" ? .pixels(bitmap) : .normalized(bitmap)
        default:
            guard let frame = LibraryFrame(rawValue: name) else {
                throw Problem(description: "--frame \(name): unknown frame; give one of \(boxFrameNames)")
            }
            return .producer(frame)
        }
    }

    /// The frames of `draw`'s `--overlay` files (one per file, in order) and of its `--region`,
    /// from the `--frame` names given (once for all, or once per file) and the image options'
    /// bitmap: a `--frame` that nothing uses, one missing, counts that do not pair, or image
    /// options without an image frame are a ``Problem``; nothing is ignored. A command whose
    /// image options describe more than the boxes' frame (`inspect`'s readout) says
    /// `bitmapUsedElsewhere` (and has no `--region`).
    package static func overlayFrames(_ names: [String], overlays: Int, region: Bool, bitmap: BitmapRequest?,
                                      bitmapUsedElsewhere: Bool = false) throws(Problem) -> (overlays: [BoxFrame], region: BoxFrame?) {
        if overlays == 0 && !region {
            if !names.isEmpty {
                throw Problem(description: bitmapUsedElsewhere ? "--frame names the frame of --overlay boxes: give --overlay, or leave --frame out"
                              : "--frame names the frame of --overlay boxes or of --region: give one of them, or leave --frame out")
            }
        } else if names.isEmpty {
            throw Problem(description: "\(overlays == 0 ? "--region" : "--overlay") needs --frame F, the frame its numbers are in: \(boxFrameNames)")
        }
        if names.count > 1 && names.count != overlays {
            throw Problem(description: "--frame is given \(names.count) times for \(overlays) --overlay files: give it once for all, or once per --overlay")
        }
        if names.count > 1 && region { throw Problem(description: "--region is in the frame --frame names: give --frame once with --region") }
        var frames: [BoxFrame] = []
        for name in names { frames.append(try boxFrame(name, bitmap: bitmap)) }
        let ofImage = frames.contains { if case .pixels = $0 { true } else if case .normalized = $0 { true } else { false } }
        if bitmap != nil && !ofImage && !bitmapUsedElsewhere {
            throw Problem(description: "--dpi, --bitmap-size and --renderer describe the image of --frame pixels or normalized (the picture's size is --scale or --width)")
        }
        let perFile = overlays == 0 ? [] : (frames.count == 1 ? Array(repeating: frames[0], count: overlays) : frames)
        return (perFile, region ? frames.first : nil)
    }

    /// The image options and `--frame` names of a command that draws boxes files (`draw`,
    /// `inspect`), read together: the bitmap `--dpi`, `--bitmap-size`, `--fit` and `--renderer`
    /// describe (``BitmapOptions/request(dpi:bitmapSize:fit:renderer:)``; at `defaultDPI` when a
    /// command's readout needs one and neither size is given) and the frames of the files and of
    /// `--region` (``overlayFrames(_:overlays:region:bitmap:bitmapUsedElsewhere:)``).
    package static func boxesRequest(frames names: [String], overlays: Int, region: Bool, dpi: String?, bitmapSize: String?, fit: String?,
                                     renderer: String?, defaultDPI: String? = nil) throws(Problem)
        -> (bitmap: BitmapRequest?, overlays: [BoxFrame], region: BoxFrame?) {
        let bitmap: BitmapRequest?
        do { bitmap = try BitmapOptions.request(dpi: dpi ?? (bitmapSize == nil ? defaultDPI : nil), bitmapSize: bitmapSize, fit: fit, renderer: renderer) }
        catch { throw Problem(description: error.description) }
        let frames = try overlayFrames(names, overlays: overlays, region: region, bitmap: bitmap, bitmapUsedElsewhere: defaultDPI != nil)
        return (bitmap, frames.overlays, frames.region)
    }

    /// The option's value for `frames` (what ``frames(_:)`` reads back to the same frames): their
    /// names in canonical order, comma-separated.
    package static func argument(for frames: [LibraryFrame]) -> String {
        LibraryFrame.canonical(frames).map(\.rawValue).joined(separator: ",")
    }
}
