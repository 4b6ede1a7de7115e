// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoDraw
import PageInfoPoppler
import PageInfoReading
import PageInfoRecords

/// Why a page could not be rendered: Poppler's failure, and what the reader says of the page
/// when Poppler's renderer cannot reach it through the page tree.
package struct RenderFailure: Error, Sendable {
    package var error: RenderError
    /// How pageinfo read the page (a /Count it does not trust, a page found only by scanning the
    /// file's objects, …: ``PageInfoReading/PopplerDocument/renderFailureExplanation(_:pageIndex:)``), if anything.
    package var explanation: String?

    /// The line a command prints: the renderer's message, then the explanation.
    package var commandLineMessage: String {
        error.message(.commandLine) + (explanation.map { "; " + $0 } ?? "")
    }
    /// The exit status of the renderer's failure.
    package var exitStatus: ExitStatus { error.kind.exitStatus }
}

extension PageRenderer {
    /// Page `index` of `document` rendered into an ``PageInfoDraw/RGBImage``: the raw rectangle
    /// `region`, turned by `rotation`, stretched onto `width × height` pixels
    /// (``render(pageIndex:region:rotation:width:height:)``).
    package func image(of document: PopplerDocument, index: Int, region: Rect, rotation: PageRotation,
                       width: Int, height: Int) throws(RenderFailure) -> RGBImage {
        do {
            return RGBImage(width: width, height: height,
                            pixels: try render(pageIndex: index, region: region, rotation: rotation, width: width, height: height))
        } catch {
            throw RenderFailure(error: error, explanation: document.renderFailureExplanation(error, pageIndex: index))
        }
    }
}
