// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// The first line of `pageinfo convert --format json`: the page, the placement and the one
/// transform used, then the opening of the `items` array — `{"file", "page", "from", "to",
/// "rotation", "userUnit", "pageSize", "cropBox", "renderer", "view", "viewport", "scale", "verticalScale",
/// "zoomScale", "pageFrame", "visiblePageFrame", "transform", "items":[` and a newline. The
/// items follow, one per line, and `]}` closes the document. Lengths in points (page) and view
/// units (view); `pageFrame` is the whole page in view space and `visiblePageFrame`
/// (`PagePlacement.visiblePageFrame`) the part of the view it covers, `null` when it covers
/// none; the transform is `{a,b,c,d,tx,ty}` with x' = a·x + c·y + tx and y' = b·x + d·y + ty.
package struct ConversionHeaderJSON: JSONWritable {
    /// The file name to report.
    package var file: String
    /// The page's geometry.
    package var page: PageInfo
    /// The space converted from.
    package var from: CoordinateSpace
    /// The space converted to.
    package var to: CoordinateSpace
    /// The placement in a view, or nil when no view is involved (`view` … `visiblePageFrame` are
    /// `null`).
    package var placement: PagePlacement?
    /// With `--dpi`: the renderer whose image view space is (`"renderer"`, null otherwise).
    package var renderer: BitmapRenderer?
    /// The transform applied to every item.
    package var transform: AffineTransform

    /// The header for converting items of `page` of `file` with `transform`.
    package init(file: String, page: PageInfo, from: CoordinateSpace, to: CoordinateSpace,
                placement: PagePlacement?, renderer: BitmapRenderer? = nil, transform: AffineTransform) {
        self.renderer = renderer
        self.file = file
        self.page = page
        self.from = from
        self.to = to
        self.placement = placement
        self.transform = transform
    }

    /// Appends the header line described above, up to and including `"items":[` and its newline.
    package func writeJSON(to out: inout ByteWriter) {
        let p = placement
        out.append(byte: UInt8(ascii: "{"))
        out.append(fileField: file, first: true)
        out.append(field: "page", page.index + 1)
        out.append(field: "from", from.rawValue)
        out.append(field: "to", to.rawValue)
        out.append(field: "rotation", page.rotation.degrees)
        out.append(field: "userUnit", page.userUnit)
        out.append(field: "pageSize", page.size)
        out.append(field: "cropBox", page.cropBox)
        out.append(field: "renderer", renderer?.rawValue)
        out.append(field: "view", p?.viewSize)
        out.append(field: "viewport", p?.viewport)
        out.append(field: "scale", p?.scale)
        out.append(field: "verticalScale", p?.verticalScale)
        out.append(field: "zoomScale", p?.zoomScale)
        out.append(field: "pageFrame", p?.pageFrame)
        out.append(field: "visiblePageFrame", p?.visiblePageFrame)
        out.append(field: "transform", transform)
        out.append(",\"items\":[\n")
    }
}
