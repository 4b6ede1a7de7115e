// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoGrammar

/// The options of the commands that draw the user's boxes files (`draw`, `inspect`): the files,
/// their frames, and the image that boxes in pixels or normalized ratios are of.
struct OverlayOptions: ParsableArguments {
    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("Draw your boxes from this file too: JSON or CSV of x0,y0,x1,y1 with labels (and pages), in the frame --frame names (repeatable: one colour per file).",
                               valueName: "file"))
    var overlay: [String] = []

    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("The frame of the --overlay boxes (and of draw's --region): raw (or pdf), page, pixels, normalized, or a library's or pipeline's (pymupdf … azure). Once for all, or once per --overlay in order.",
                               valueName: "frame"))
    var frame: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("The resolution of the image that boxes in pixels or normalized are of (inspect: also the readout's pixels, default 300); the picture's own is --scale.", valueName: "dpi"))
    var dpi: String?

    @Option(name: .customLong("bitmap-size"), parsing: .unconditional, help: ArgumentHelp("Instead of --dpi: that image's size in pixels.", valueName: "WxH"))
    var bitmapSize: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --bitmap-size: contain (default) or fill.", valueName: "fit"))
    var fit: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The call that made that image: pdftoppm-cropbox (default), pdftoppm, pdf2image, … as pages --renderer (inspect: the one shown first; the report can switch).", valueName: "renderer"))
    var renderer: String?

    /// The image options and frames read together (``PageInfoGrammar/FrameOptions/boxesRequest(frames:overlays:region:dpi:bitmapSize:fit:renderer:defaultDPI:)``).
    func request(region: Bool, defaultDPI: String? = nil) throws -> (bitmap: BitmapRequest?, overlays: [BoxFrame], region: BoxFrame?) {
        do {
            return try FrameOptions.boxesRequest(frames: frame, overlays: overlay.count, region: region, dpi: dpi, bitmapSize: bitmapSize,
                                                 fit: fit, renderer: renderer, defaultDPI: defaultDPI)
        } catch { throw ValidationError(error.description) }
    }
}
