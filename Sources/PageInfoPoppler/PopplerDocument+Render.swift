// SPDX-License-Identifier: GPL-2.0-or-later
internal import CPageInfoPoppler
internal import PageInfoSystem
import PageGeometry

/// Renders regions of a PDF's pages into RGB pixels with Poppler's own rasterizer (Splash, as
/// `pdftoppm` uses it), which lives in libpoppler itself: no glib, cairo or X11.
///
/// It opens the file a second time, independently of any ``PopplerDocument``; open a
/// `PopplerDocument` first to read the geometry and to get a precise error when the file cannot
/// be opened. Not thread-safe: use one renderer from one thread at a time.
package final class PageRenderer {
    private let handle: OpaquePointer
    /// The path the renderer reads.
    package let path: String
    /// What errors call the file (the path unless `init` was given a name).
    package let name: String

    /// Opens `path` for rendering; `password` is tried as the owner and the user password.
    /// `name`: what errors call the file, when `path` is not what the user named (a stream's
    /// copy, a descriptor's `/proc/self/fd/N`); the path itself by default.
    package init(path: String, password: String? = nil, name: String? = nil) throws(RenderError) {
        let file: OpenFile, status: FileStatus
        do { (file, status) = try PopplerDocument.openForReading(path, shownAs: name ?? path) } catch {
            // What Poppler said of a file it could not open (its errOpenFile).
            throw .cannotOpen(path: name ?? path, popplerErrorCode: 1)
        }
        var code: Int32 = 0
        // The document owns the descriptor from here on, whatever the result.
        guard let handle = pi_render_open_descriptor(file.rawValue, Int64(status.size), password, &code) else {
            throw .cannotOpen(path: name ?? path, popplerErrorCode: Int(code))
        }
        self.handle = handle
        self.path = path
        self.name = name ?? path
    }

    /// The number of pages the renderer counts in the page tree, which it alone goes through
    /// (Poppler takes the root's /Count once it accepts it): 0 when Poppler rejects the /Count
    /// (0, or more than the file's objects), whatever ``PopplerDocument`` reads. Pages below this
    /// count may still fail to load (a kid written in place, and every page after it).
    package var pageCount: Int { Int(pi_render_page_count(handle)) }

    deinit { pi_render_close(handle) }

    /// The pixels of page `index` (0-based): the rectangle `region` of raw PDF user space
    /// (points), turned clockwise by `rotation`, stretched onto `width × height` pixels (region
    /// corners on the bitmap's corners, as `PagePlacement.init(stretching:viewport:toFill:)` of PageGeometry
    /// maps it), on white paper, annotations included.
    ///
    /// - Returns: `width × height × 3` bytes, R G B, rows from the top.
    package func render(pageIndex index: Int, region: Rect, rotation: PageRotation, width: Int, height: Int)
        throws(RenderError) -> [UInt8]
    {
        let r = region.standardized
        guard width > 0, height > 0, width <= Int(Int32.max) / 3 / max(1, height), r.width > 0, r.height > 0 else {
            throw .invalidRequest("a \(width)x\(height) image of the region \(r)")
        }
        var pixels = [UInt8](repeating: 255, count: width * height * 3)
        let status = pixels.withUnsafeMutableBufferPointer { buf in
            pi_render_page(handle, Int32(index), pi_render_rect(x0: r.minX, y0: r.minY, x1: r.maxX, y1: r.maxY),
                           Int32(rotation.rawValue), Int32(width), Int32(height), buf.baseAddress!)
        }
        switch status {
        case PI_RENDER_OK: return pixels
        case PI_RENDER_BAD_PAGE:
            let count = pageCount
            throw index >= count ? .pageNotInTree(path: name, index: index, treePageCount: count) : .pageUnreadable(path: name, index: index)
        case PI_RENDER_OUT_OF_MEMORY: throw .outOfMemory(width: width, height: height)
        default: throw .invalidRequest("a \(width)x\(height) image of the region \(r), rotation \(rotation)")
        }
    }
}

/// Why a page could not be rendered. The description is one line a person can act on.
package enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Poppler could not open the file for rendering (open it with ``PopplerDocument`` for the reason).
    case cannotOpen(path: String, popplerErrorCode: Int)
    /// Poppler cannot load the page.
    case pageUnreadable(path: String, index: Int)
    /// The page is not among the `treePageCount` pages the renderer counts in the page tree
    /// (``PageRenderer/pageCount``).
    case pageNotInTree(path: String, index: Int, treePageCount: Int)
    /// Poppler could not allocate the bitmap.
    case outOfMemory(width: Int, height: Int)
    /// An empty region, a size that is not positive, or a bitmap too large to address.
    case invalidRequest(String)

    /// One line a person can act on, naming the file or the size.
    package var description: String {
        switch self {
        case let .cannotOpen(path, code): "\(path): Poppler cannot open it for rendering: \(Self.popplerReason(code))"
        case let .pageUnreadable(path, index): "\(path): page \(index + 1) cannot be rendered: Poppler's renderer cannot load it from the page tree"
        case let .pageNotInTree(path, index, count):
            "\(path): page \(index + 1) cannot be rendered: Poppler's renderer finds "
                + (count == 0 ? "no pages" : "only \(count) page\(count == 1 ? "" : "s")") + " through the file's page tree"
        case let .outOfMemory(w, h): "not enough memory for a \(w)x\(h) bitmap"
        case let .invalidRequest(what): "cannot render \(what)"
        }
    }

    /// What Poppler's error code at opening (`errBadCatalog`, `errDamaged`, … of its
    /// `ErrorCodes.h`) means, for a person.
    static func popplerReason(_ code: Int) -> String {
        switch code {
        case 1: "it cannot open the file (error 1)"
        case 2: "its catalog or page tree is missing or broken (error 2)"
        case 3: "the file is damaged beyond its repair (error 3)"
        case 4: "the file is encrypted and the password does not open it (error 4)"
        default: "error \(code)"
        }
    }
}
