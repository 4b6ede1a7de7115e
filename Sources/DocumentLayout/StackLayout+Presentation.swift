// SPDX-License-Identifier: Apache-2.0
import PageGeometry

extension StackLayout.Configuration {
    /// A configuration whose scroll mode, spread mode and binding are the ones given, or else
    /// what the document asks for (`presentation`: its /PageLayout and /Direction, see
    /// ``DocumentPresentation/init(pageLayout:direction:)``); the other settings as in
    /// ``init(scrollMode:axis:spreadMode:binding:spacing:contentInsets:minimumZoomScale:maximumZoomScale:)``
    /// (spacing and insets in view units).
    public init(presentation: DocumentPresentation, scrollMode: ScrollMode? = nil, axis: ScrollAxis = .vertical,
                spreadMode: SpreadMode? = nil, binding: SpreadBinding? = nil, spacing: Double = 0,
                contentInsets: EdgeInsets = .zero, minimumZoomScale: Double = 1, maximumZoomScale: Double = 10) {
        self.init(scrollMode: scrollMode ?? presentation.scrollMode, axis: axis, spreadMode: spreadMode ?? presentation.spreadMode,
                  binding: binding ?? presentation.binding, spacing: spacing, contentInsets: contentInsets,
                  minimumZoomScale: minimumZoomScale, maximumZoomScale: maximumZoomScale)
    }
}
