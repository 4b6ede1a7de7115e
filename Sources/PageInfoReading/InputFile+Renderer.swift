// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoPoppler
import PageInfoRecords

/// Why a renderer could not be opened for a document that opened: the source could not be read
/// again (a stream that cannot be spooled), or Poppler's renderer refuses the file.
package enum RendererOpenError: ClassifiedError, Sendable {
    /// The source could not be made seekable (66, as for the document's own open).
    case source(PageInfoError)
    /// Poppler's renderer cannot open the file; `lacksRepairs`: the document, opened first, was
    /// read through pageinfo's own repairs, which the renderer does not make (Poppler's
    /// errBadCatalog and errDamaged; other codes mean the file changed in between).
    case renderer(RenderError, lacksRepairs: Bool)

    /// The broad kind of the failure: the source's, or the renderer's.
    package var kind: FailureKind {
        switch self {
        case .source(let error): error.kind
        case .renderer(let error, _): error.kind
        }
    }

    /// One line naming the file (never a spooled copy's path), with the note on repairs, in the
    /// library's words.
    package var description: String { message(.library) }

    /// One line naming the file, with the note on repairs; the settings a source's error names
    /// (the password, the stream limit) in `wording`.
    package func message(_ wording: Wording) -> String {
        switch self {
        case .source(let error): error.message(wording)
        case .renderer(let error, let lacksRepairs): error.description + (lacksRepairs ? "; " + InputFile.rendererLacksRepairs : "")
        }
    }
}

extension InputFile {
    /// A renderer (`draw`, `sheet`) for `source` as ``open(_:password:maxStreamMiB:pinned:)``
    /// opens it: a regular file in place, a stream (standard input, a pipe, a device) through its
    /// spooled copy, so a stream is never read twice. Open the document first, `pinned`: its
    /// errors are the precise ones (not a PDF, encrypted, …), and the renderer then reads the very
    /// file the document was read from (the spooled copy, or the pinned descriptor), even if its
    /// name has been replaced since.
    ///
    /// - Throws: ``RendererOpenError``: the stream cannot be read or spooled (66, as for
    ///   ``open(_:password:maxStreamMiB:pinned:)``), or Poppler's renderer cannot open it (65; the
    ///   description adds that the document, opened first, was read through repairs the
    ///   renderer does not make); the message names the source, never the spooled copy's path.
    package static func renderer(_ source: DocumentSource, password: String?,
                                maxStreamMiB: Int = defaultMaxStreamMiB) throws(RendererOpenError) -> PageRenderer {
        guard let input = Input(source) else {
            throw .source(.unreadable(path: source.name, reason: "bytes in memory have no path for Poppler's renderer; write them to a file"))
        }
        let seekable: String
        do { seekable = try seekablePath(input, maxStreamMiB: maxStreamMiB) } catch { throw .source(error) }
        do { return try PageRenderer(path: seekable, password: password, name: input.name) } catch {
            var lacksRepairs = false
            if case .cannotOpen(_, let code) = error, code == 2 || code == 3 { lacksRepairs = true }
            throw .renderer(error, lacksRepairs: lacksRepairs)
        }
    }

    /// Why the renderer fails where the geometry reads: the note `draw` and `sheet` add to a
    /// renderer's failure on a file pageinfo reads through its own repairs.
    package static let rendererLacksRepairs =
        "pageinfo reads its pages through repairs Poppler's renderer does not make (`pageinfo pages` lists them, with their warnings)"
}

extension PopplerDocument {
    /// Why Poppler's renderer could not render page `index` that this reader reads, when the
    /// reader knows (`nil` otherwise): a page found by scanning the file's objects, a page tree
    /// or a kid written in place, or, for a page missing from Poppler's tree, the reader's
    /// repairs. What the reader says about the page, and the pages before it, explains why
    /// Poppler's tree lacks it: one walk of at most `index + 1` positions.
    package func renderFailureExplanation(_ error: RenderError, pageIndex index: Int) -> String? {
        switch error {
        case .pageNotInTree, .pageUnreadable:
            var entry: PageEntry?, firstDirect: Int?
            let cursor = makePageCursor(from: 0)
            while let next = cursor.next(), next.index <= index {
                if next.index == index { entry = next; break }
                if firstDirect == nil, next.warnings.contains(where: { $0.code == .kidDirect }) { firstDirect = next.index }
            }
            let warned = { (code: ReadWarning.Code) in entry?.warnings.contains { $0.code == code } == true }
            if warned(.pageRecovered) {
                return "pageinfo found this page by scanning the file's objects, outside the page tree (`pageinfo pages` says page-recovered)"
            } else if facts.pagesWrittenInPlace {
                return "the catalog lists the page tree as a dictionary written in place, which Poppler's page tree does not load (`pageinfo pages` says pages-direct)"
            } else if warned(.kidDirect) {
                return "the page tree lists it as a dictionary written in place, which Poppler's page tree does not load (`pageinfo pages` says kid-direct)"
            } else if let direct = firstDirect {
                return "Poppler's page tree stops at page \(direct + 1), which the tree lists as a dictionary written in place (`pageinfo pages` says kid-direct), "
                    + "so it loads no page after it"
            } else if case .pageNotInTree = error {
                return InputFile.rendererLacksRepairs
            }
            return nil
        case .cannotOpen, .outOfMemory, .invalidRequest: return nil
        }
    }
}

extension DocumentReader {
    /// Opens one document for a command that reads it whole (layouts, pictures, conversions),
    /// with this reader's password and stream limit: a path, raw path, descriptor or standard
    /// input through ``InputFile`` (bytes in memory directly), and a damaged document in which no
    /// page can be found refused as `pages` fails it (`PageInfoError.noPageFound(path:reason:)`,
    /// 65), never laid out as an empty document.
    ///
    /// `forRendering`: ``renderer(_:)`` will open it again, and must read the same file (the
    /// document is opened `pinned`: ``InputFile/open(_:password:maxStreamMiB:pinned:)``).
    package func openDocument(_ source: DocumentSource, forRendering: Bool = false) throws(PageInfoError) -> PopplerDocument {
        let document = try InputFile.open(source, password: password, maxStreamMiB: maxStreamMiB, pinned: forRendering)
        if let error = document.noPageFound() { throw error }
        return document
    }

    /// The renderer for a document ``openDocument(_:forRendering:)`` opened `forRendering`
    /// (``InputFile/renderer(_:password:maxStreamMiB:)``).
    package func renderer(_ source: DocumentSource) throws(RendererOpenError) -> PageRenderer {
        try InputFile.renderer(source, password: password, maxStreamMiB: maxStreamMiB)
    }
}
