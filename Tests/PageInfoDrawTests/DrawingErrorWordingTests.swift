// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoDraw
import Testing

/// The drawing library's errors are typed (the size, the container, the viewport given) and
/// name them in the library's terms; `pageinfo draw` and `sheet` name their options instead.
@Suite struct DrawingErrorWordingTests {
    @Test("sizes, containers and viewports: typed, and no option name in the library's line")
    func libraryWording() {
        let errors: [DrawingError] = [
            .invalidSize(.scale(0)), .invalidSize(.width(-3)), .containerTooSmall(Size(width: 1, height: 1)),
            .viewportOutside(viewport: Rect(x: 5000, y: 5000, width: 10, height: 10), page: Size(width: 400, height: 600)),
        ]
        for error in errors { #expect(!error.description.contains("--"), "\(error.description)") }
        #expect(DrawingError.invalidSize(.scale(0)).description == "scale: 0.0 must be a positive number (1 = one pixel per point)")
        #expect(DrawingError.invalidSize(.width(-3)).description == "width: -3 must be a positive number of pixels")
        #expect(errors[3].description.hasPrefix("the viewport 5000,5000,10,10 lies wholly outside the page (page space 0…400 x 0…600 pt)"))
    }
}
