// SPDX-License-Identifier: GPL-2.0-or-later
import ArgumentParser
import PageGeometry
import PageInfoEncoding

// `pageinfo convert`: from the view options to one `PagePlacement`, and the placement as the
// first line of `--format json`.

extension ConvertCommand {
    /// The placement the view options describe (``PageGeometry/ViewRequest``), or `nil` when no
    /// view is involved; a degenerate value is a usage error naming its option.
    func makePlacement(_ info: PageInfo) throws -> PagePlacement? {
        do { return try request.placement(of: info) } catch {
            let option = switch error {
            case .invalidViewSize: dpi == nil ? "--view: " : "page \(page) at --dpi \(formatCompact(dpi ?? 0)): "
            case .invalidViewport: "--viewport: "
            case .invalidZoomScale: "--zoom: "
            case .invalidCenter: "--center: "
            case .invalidResolution: "--dpi: "
            default: "page \(page): "
            }
            throw ValidationError(option + error.commandLineMessage)
        }
    }
}
