// SPDX-License-Identifier: Apache-2.0
import PageGeometry

extension ViewRequest.Parameter {
    /// The `pageinfo convert` option that gives this parameter (`--view`, `--dpi`, …).
    package var convertOption: String {
        switch self {
        case .viewSize: "--view"
        case .dotsPerInch: "--dpi"
        case .fit: "--fit"
        case .viewport: "--viewport"
        case .zoomScale: "--zoom"
        case .center: "--center"
        case .renderer: "--renderer"
        }
    }
}

extension ViewRequest.Conflict {
    /// The rule broken, in `pageinfo convert`'s words: its options by name, and the spaces it
    /// was asked to convert `from` and `to`.
    package func convertMessage(from: CoordinateSpace, to: CoordinateSpace) -> String {
        switch self {
        case .outsideViewSpace(let p):
            "\(p.convertOption) places the view, and neither --from \(from.rawValue) nor --to \(to.rawValue) is view space: leave it out, or convert from or to view"
        case .viewportWithZoom: "--viewport cannot be combined with --zoom or --center: give either the visible rectangle or a zoom and centre"
        case .resolutionWithViewSize: "--dpi derives the view's size from the page: give --dpi or --view, not both"
        case .resolutionWithViewport: "--dpi maps the whole page as pdftoppm renders it; it cannot be combined with --viewport, --zoom or --center"
        case .stretchedFlatViewport(let v): "--viewport \(v): --fit fill stretches it onto the view, so its height must be positive (at least 10^-9)"
        case .stretchedWithZoom: "--fit fill stretches the page (or --viewport) onto the view; it cannot be combined with --zoom or --center"
        case .viewSpaceWithoutSize(let fromView): "converting \(fromView ? "from" : "to") view space needs --view WIDTHxHEIGHT, the view's size (or --dpi D)"
        case .withoutViewSize(let p): "\(p.convertOption) needs --view WIDTHxHEIGHT, the view's size"
        case .rendererWithoutResolution: "--renderer names the image of a resolution: give --dpi D with it"
        case .rendererWithFit: "--renderer places the page in its image as that call does; it cannot be combined with --fit"
        }
    }
}
