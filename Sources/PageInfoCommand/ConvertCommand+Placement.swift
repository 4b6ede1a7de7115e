// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoOutput

// `pageinfo convert`: from the view options to one `PagePlacement`, and the placement as the
// first line of `--format json`.

extension ConvertCommand {
    /// The placement the view options describe, or `nil` when no view is involved.
    func makePlacement(_ info: PageInfo) throws -> PagePlacement? {
        do {
            if let dpi {
                guard let fit else { return try PagePlacement(page: info, dotsPerInch: dpi) }
                let bitmap = PagePlacement.bitmapSize(pageSize: info.size, dotsPerInch: dpi)
                return try PagePlacement(page: info, viewSize: bitmap, fit: fit)
            }
            guard let view else { return nil }
            if zoom != nil || center != nil {
                return try PagePlacement(page: info, viewSize: view, zoomScale: zoom ?? 1, center: center)
            }
            return try PagePlacement(page: info, viewSize: view, viewport: viewport, fit: fit ?? .contain)
        } catch {
            let option = switch error {
            case .invalidViewSize: dpi == nil ? "--view: " : "page \(page) at --dpi \(formatCompact(dpi ?? 0)): "
            case .invalidViewport: "--viewport: "
            case .invalidZoomScale: "--zoom: "
            case .invalidCenter: "--center: "
            case .invalidResolution: "--dpi: "
            default: "page \(page): "
            }
            throw ValidationError(option + error.description)
        }
    }

    /// Raw ↔ page without a view: the page's own transform.
    static func rawPageTransform(_ info: PageInfo, from: CoordinateSpace, to: CoordinateSpace) -> AffineTransform {
        switch (from, to) {
        case (.raw, .page): info.rawToPage
        case (.page, .raw): info.pageToRaw
        default: .identity
        }
    }
}
