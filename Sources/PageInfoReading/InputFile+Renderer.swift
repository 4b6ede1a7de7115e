// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoPoppler
import PageInfoRecords

extension InputFile {
    /// A renderer (`draw`, `sheet`) for `name` as ``open(_:password:maxStreamMiB:pinned:)``
    /// opens it: a regular file in place, a stream (`-`, a pipe, a device) through its spooled
    /// copy, so a stream is never read twice. Open the document first, `pinned`: its errors are
    /// the precise ones (not a PDF, encrypted, …), and the renderer then reads the very file the
    /// document was read from (the spooled copy, or the pinned descriptor), even if its name has
    /// been replaced since.
    ///
    /// - Throws: `ExitFailure`: the stream cannot be read or spooled (66, as
    ///   for ``open(_:password:maxStreamMiB:pinned:)``), or Poppler's renderer cannot open it (65; the
    ///   message adds that the document, opened first, was read through repairs the renderer
    ///   does not make); the message names `name`, never the spooled copy's path.
    public static func renderer(_ name: String, password: String?, maxStreamMiB: Int = defaultMaxStreamMiB) throws(ExitFailure) -> PageRenderer {
        let seekable: String
        do { seekable = try seekablePath(name, maxStreamMiB: maxStreamMiB) } catch { throw ExitFailure(error) }
        do { return try PageRenderer(path: seekable, password: password, name: name) } catch {
            // (Poppler's errBadCatalog and errDamaged: the document, opened first, was read
            // through pageinfo's own repairs; other codes mean the file changed in between.)
            var repairs = ""
            if case .cannotOpen(_, let code) = error, code == 2 || code == 3 { repairs = "; " + rendererLacksRepairs }
            throw ExitFailure(error.description + repairs, status: error.exitStatus)
        }
    }

    /// Why the renderer fails where the geometry reads: the note `draw` and `sheet` add to a
    /// renderer's failure on a file pageinfo reads through its own repairs.
    public static let rendererLacksRepairs =
        "pageinfo reads its pages through repairs Poppler's renderer does not make (`pageinfo pages` lists them, with their warnings)"
}
