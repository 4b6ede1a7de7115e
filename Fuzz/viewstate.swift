// SPDX-License-Identifier: GPL-2.0-or-later
// View state JSON as `viewstate restore --state` reads it (ValueGrammar.viewState: the one JSON
// reader, then the limits), and what restore does with it, in three layouts.
// Invariants: an accepted state's viewport is finite and within ±10^12; written back by the
// command's writer it reads as the same state, rounded by the number rule, and writing that
// gives the same bytes; through JSONEncoder it reads back exactly; a restore that succeeds names
// a spread of the layout and a zoom within its limits; the mirror fit keeps the page.
import DocumentLayout
import PageGeometry
import PageInfoGrammar
import PageInfoEncoding
import Foundation

private let sizes = [Size(width: 612, height: 792), Size(width: 792, height: 612), Size(width: 0, height: 300),
                     Size(width: 1e-9, height: 1e12), Size(width: 595.276, height: 841.89)]
private let layouts = [
    StackLayout(pageSizes: sizes, viewSize: Size(width: 768, height: 1024)),
    StackLayout(pageSizes: sizes, viewSize: Size(width: 1024, height: 768), configuration: .init(
        scrollMode: .perSpread, axis: .horizontal, spreadMode: .book, binding: .rightToLeft, spacing: 8,
        contentInsets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), minimumZoomScale: 0, maximumZoomScale: 1e6)),
    StackLayout(pageSizes: [], viewSize: Size(width: 1, height: 1)),
]

private func rounded(_ s: ViewState) -> ViewState {
    ViewState(pageIndex: s.pageIndex, viewport: s.viewport.map {
        Rect(x: NumberText.rounded($0.x), y: NumberText.rounded($0.y), width: NumberText.rounded($0.width), height: NumberText.rounded($0.height))
    })
}

private func written(_ s: ViewState) -> String {
    var out = ByteWriter()
    s.writeJSON(to: &out)
    return out.string
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let state = try? ValueGrammar.viewState(text) else { return 0 }
    if let v = state.viewport {
        for value in [v.x, v.y, v.width, v.height] {
            require(value.isFinite && abs(value) <= InputLimits.magnitude, "viewport value \(value) accepted")
        }
    }
    let json = written(state)
    requireValidJSON(Array(json.utf8), "written state")
    guard let again = try? ValueGrammar.viewState(json) else { require(false, "\(json) is refused"); return 0 }
    require(again == rounded(state), "\(json) reads as \(again), not \(rounded(state))")
    require(written(again) == json, "writing \(again) gives \(written(again)), not \(json)")
    let encoded = try? JSONEncoder().encode(state)
    let decoded = encoded.flatMap { try? JSONDecoder().decode(ViewState.self, from: $0) }
    require(decoded == state, "JSONEncoder round trip gives \(String(describing: decoded)) for \(state)")

    for (n, layout) in layouts.enumerated() {
        let mirrored = state.aspectFittedForMirroring(destinationViewSize: layout.viewSize)
        require(mirrored.pageIndex == state.pageIndex, "mirroring changed the page")
        for s in [state, mirrored] {
            guard let position = try? layout.restore(s) else { continue }
            require((0..<layout.pageCount).contains(s.pageIndex), "layout \(n): page \(s.pageIndex) restored")
            require(position.spreadIndex >= 0 && position.spreadIndex < layout.spreadCount, "layout \(n): spread \(position.spreadIndex)")
            let z = position.zoomScale
            require(!z.isFinite || (z >= layout.configuration.minimumZoomScale && z <= layout.configuration.maximumZoomScale),
                    "layout \(n): zoom \(z) outside the limits")
            _ = layout.viewport(ofPage: s.pageIndex, visibleRect: position.visibleRect)
            if position.visibleRect.isFinite, position.visibleRect.width > 0 {
                _ = layout.captureViewState(visibleRect: position.visibleRect)
            }
        }
    }
    return 0
}
