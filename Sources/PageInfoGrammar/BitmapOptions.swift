// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// The text of `pageinfo pages`'s bitmap options — `--dpi D`, `--bitmap-size WxH`,
/// `--fit contain|fill`, `--renderer NAME` (``PageGeometry/BitmapRenderer``'s names) — and the one `BitmapRequest`
/// they describe: read by the command and by batch mode's workers, written for the workers by
/// ``arguments(for:)``, so that both read the same options the same way.
package enum BitmapOptions {
    /// Why the options do not describe a bitmap; ``description`` is one line naming the option.
    package struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// One line for a person, starting with the option's name.
        package let description: String
    }

    /// The renderer assumed without `--renderer`: `pdftoppm -cropbox`, the displayed page (the
    /// CropBox, what viewers show and what pdfium, MuPDF, pdfplumber and pdf2image's
    /// `use_cropbox=True` render) drawn by Poppler, the engine pageinfo reads with.
    package static let defaultRenderer = BitmapRenderer.pdftoppmCropBox

    /// The renderers' names, as `--renderer` takes them, for messages and help.
    package static let rendererNames = BitmapRenderer.allCases.map(\.rawValue).joined(separator: ", ")
    /// The fit assumed with `--bitmap-size` and without `--fit`: the whole page, undistorted.
    package static let defaultFit = PageFit.contain

    /// A pixel size `WxH` (or `WXH`): two whole numbers of pixels, each 1 to
    /// `BitmapPlacement.maximumPixels`.
    package static func pixelSize(_ text: String) throws(Problem) -> (width: Int, height: Int) {
        let parts = text.split(separator: text.contains("x") ? "x" : "X", omittingEmptySubsequences: false)
        let range = 1...BitmapPlacement.maximumPixels
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), parts.allSatisfy({ $0.first != "+" }) else {
            throw Problem(description: "--bitmap-size \(text): expected WIDTHxHEIGHT in whole pixels, e.g. 1240x1754")
        }
        guard range.contains(w), range.contains(h) else {
            throw Problem(description: "--bitmap-size \(text): the width and height must be 1 to \(BitmapPlacement.maximumPixels) pixels")
        }
        return (w, h)
    }

    /// The request the options' texts describe (each nil when not given), or nil when neither
    /// `--dpi` nor `--bitmap-size` is given. A value that does not parse, both `--dpi` and
    /// `--bitmap-size`, `--fit` without `--bitmap-size`, or `--renderer` without either is a
    /// ``Problem``: nothing is ignored.
    package static func request(dpi: String?, bitmapSize: String?, fit: String?, renderer: String?) throws(Problem) -> BitmapRequest? {
        if dpi != nil && bitmapSize != nil {
            throw Problem(description: "--dpi and --bitmap-size both size the bitmap: give one of them")
        }
        if fit != nil && bitmapSize == nil {
            throw Problem(description: "--fit applies only with --bitmap-size WxH (at --dpi D the page is never fitted)")
        }
        if renderer != nil && dpi == nil && bitmapSize == nil {
            throw Problem(description: "--renderer applies only with --dpi D or --bitmap-size WxH")
        }
        var chosen = defaultRenderer
        if let renderer {
            guard let r = BitmapRenderer(rawValue: renderer) else {
                throw Problem(description: "--renderer \(renderer): give one of \(rendererNames)")
            }
            chosen = r
        }
        if let dpi {
            let d: Double
            do { d = try ValueGrammar.dotsPerInch(dpi) } catch { throw Problem(description: "--dpi \(dpi): \(error.description)") }
            return BitmapRequest(.dotsPerInch(d), renderer: chosen)
        }
        guard let bitmapSize else { return nil }
        guard chosen.drawsIntoPixelSize else {
            throw Problem(description: "--renderer \(chosen.rawValue) takes --dpi D, not --bitmap-size: how that call draws into a pixel size is not modelled; "
                          + "give --dpi, or one of \(BitmapRenderer.pixelSizeRendererNames)")
        }
        let size = try pixelSize(bitmapSize)
        var chosenFit = defaultFit
        if let fit {
            guard let f = PageFit(rawValue: fit) else { throw Problem(description: "--fit \(fit): give contain or fill") }
            chosenFit = f
        }
        return BitmapRequest(.pixelSize(width: size.width, height: size.height, fit: chosenFit), renderer: chosen)
    }

    /// The options that describe `request` (what ``request(dpi:bitmapSize:fit:renderer:)``
    /// reads back to an equal request): `--dpi D` with the shortest text that is exactly D, or
    /// `--bitmap-size WxH --fit F`, then `--renderer R`.
    package static func arguments(for request: BitmapRequest) -> [String] {
        var arguments: [String]
        switch request.target {
        case .dotsPerInch(let d): arguments = ["--dpi", d.description]
        case .pixelSize(let w, let h, let fit): arguments = ["--bitmap-size", "\(w)x\(h)", "--fit", fit.rawValue]
        }
        return arguments + ["--renderer", request.renderer.rawValue]
    }
}
