// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageGeometry
import PageInfoPoppler
import PageInfoTestSupport
import Testing

/// Every file of ../shared/corpus against MANIFEST.json: page counts, the five boxes of every
/// page within 0.01 pt of pdfinfo's values, rotation, raw rotation, labels, and the expected
/// behaviour of encrypted and malformed files.
@Suite("Corpus manifest", .requiresCorpus)
struct CorpusTests {
    static var fileNames: [String] { Corpus.entries.map(\.file) }

    static func entry(_ name: String) -> CorpusManifest.Entry { Corpus.entry(name)! }

    @Test("The manifest is present and lists the corpus")
    func manifestIsPresent() throws {
        #expect(try Corpus.loadManifest().files.count >= 40, "\(Corpus.manifestURL.path) lists the corpus")
    }

    /// Where the manifest records that the reference tools disagree, we assert pdfinfo's value
    /// because it is the spec's, and the other tools' differ for reasons the spec rules out:
    /// - pdfium's FPDFPage_Get*Box read only the page dictionary, as written: boxes inherited
    ///   from the Pages tree are missing (pdfium-rectangles_multi_pages, pdfium-bug_602650,
    ///   pdfjs-issue6069, pdfium-empty_xref, pdfium-rectangles_object_zero report 612×792) and
    ///   boxes larger than the MediaBox are not clipped (pdfjs-issue1155r, pdfjs-issue9713).
    ///   §7.7.3.4 makes MediaBox/CropBox inheritable and §14.11.2 clips every box to the MediaBox.
    /// - MuPDF multiplies the displayed size by /UserUnit (qpdf-fxo-red-rotate pages 2, 6, 10,
    ///   14); we keep sizes in points, like every box, and report `userUnit` beside them.
    /// - MuPDF and pypdf report unclipped CropBoxes; MuPDF turns a malformed CropBox into US
    ///   Letter (pdfjs-boundingBox_invalid page 2, pdfium-rectangles_object_zero), where the
    ///   spec's default is the MediaBox.
    ///
    /// Deliberate differences from pdfinfo, decided from the spec (see PageBoxes.effective):
    /// pdfjs-boundingBox_invalid.pdf page 3 has MediaBox [0 0 600 800] and a CropBox
    /// [600 800 1000 1000] that does not overlap it. Poppler clips it to a zero-size box at
    /// (600, 800), which would leave nothing to display; the spec's intersection is empty, and we
    /// fall back to the MediaBox, as pdfium does when it maps the page to a device (its
    /// FPDF_PageToDevice uses the MediaBox when CropBox ∩ MediaBox is empty). Bleed/Trim/ArtBox
    /// default to that CropBox.
    static let deliberateBoxDifferences: [String: [Int: Rect]] = [
        "pdfjs-boundingBox_invalid.pdf": [2: Rect(x: 0, y: 0, width: 600, height: 800)],
    ]

    @Test("Geometry of every page matches pdfinfo", arguments: fileNames)
    func geometry(file: String) throws {
        let entry = Self.entry(file)
        guard entry.opens else { return }
        let document = try PopplerDocument(path: entry.path, password: entry.password)
        #expect(document.pageCount == entry.pageCount)
        let pages = try document.pages()
        let manifestPages = entry.pages
        #expect(pages.count == manifestPages.count)
        let hasLabels = entry.hasPageLabels
        #expect(document.hasPageLabels == hasLabels)

        for (page, m) in zip(pages, manifestPages) {
            let where_ = "\(file) page \(page.index + 1)"
            for key in PageBox.allCases {
                let ours = page.boxes[key]
                var reference = try #require(m.box(key), "\(where_): \(key) missing in manifest")
                if key != .media, let override = Self.deliberateBoxDifferences[file]?[page.index] {
                    reference = override
                }
                #expect(ours.isApproximatelyEqual(to: reference, absoluteTolerance: 0.01), "\(where_) \(key): ours \(ours), manifest \(reference)")
            }
            #expect(page.rotation.rawValue == m.rotation, "\(where_) rotation")
            if let raw = m.rotationRaw {
                #expect(page.rawRotation == raw, "\(where_) raw rotation")
            }
            if let displayed = m.displayedSize, Self.deliberateBoxDifferences[file]?[page.index] == nil {
                #expect(abs(page.size.width - displayed.width) <= 0.01, "\(where_) width")
                #expect(abs(page.size.height - displayed.height) <= 0.01, "\(where_) height")
            }
            // Labels: the manifest holds PDFium's label and writes an empty label as null. The spec
            // (ISO 32000-2 §12.4.2) gives a page in a range with neither /S nor /P the empty label
            // "", which is what we report; a document without /PageLabels has nil everywhere.
            let label = m.label
            if hasLabels {
                #expect((page.label ?? "") == (label ?? ""), "\(where_) label: ours \(String(describing: page.label)), manifest \(String(describing: label))")
            } else {
                #expect(page.label == nil, "\(where_) label must be nil without /PageLabels")
            }
        }
    }

    /// Sequential reads use our own walk of the page tree; random access uses Poppler's Catalog.
    /// Both must give the same pages on every file, including repaired and anomalous trees.
    @Test("Sequential walk and random access agree", arguments: fileNames)
    func walkMatchesCatalog(file: String) throws {
        let entry = Self.entry(file)
        guard entry.opens else { return }
        let path = entry.path
        let walked = try PopplerDocument(path: path, password: entry.password).pages()
        let random = try PopplerDocument(path: path, password: entry.password)
        // Visit in reverse so that no read is sequential from page 0.
        for index in (0..<random.pageCount).reversed() {
            #expect(try random.page(at: index) == walked[index], "\(file) page \(index + 1)")
        }
    }

    @Test("Encrypted files need their password", arguments: fileNames.filter { entry($0).expected == .needsPassword })
    func encrypted(file: String) throws {
        let path = Paths.corpusFile(file)
        #expect(throws: PageInfoError.passwordRequired(path: path)) { try PopplerDocument(path: path) }
        #expect(throws: PageInfoError.wrongPassword(path: path)) { try PopplerDocument(path: path, password: "not-the-password") }
        let document = try PopplerDocument(path: path, password: Self.entry(file).password)
        #expect(document.isEncrypted)
        if let owner = Self.entry(file).passwordOwner {
            #expect(try PopplerDocument(path: path, password: owner).pageCount == document.pageCount)
        }
    }

    @Test("A file with an empty user password opens without one")
    func emptyUserPassword() throws {
        let document = try PopplerDocument(path: Paths.corpusFile("pdfjs-issue7665.pdf"))
        #expect(document.isEncrypted)
        #expect(document.pageCount == 1)
    }

    /// Files Poppler refuses to open: either no page can be found (malformed), or the object scan
    /// recovers as many pages as the engine that found the most (MuPDF opens
    /// parser_rebuildxref_error_notrailer.pdf with 1 page), each marked as recovered.
    @Test("Files Poppler rejects are malformed, or their pages are recovered by the object scan",
          arguments: fileNames.filter { entry($0).expected == .rejectedMalformed })
    func rejected(file: String) throws {
        let path = Paths.corpusFile(file)
        let counts = Array(Self.entry(file).pageCountByTool.values)
        do {
            let document = try PopplerDocument(path: path)
            #expect(document.pageCount == counts.max(), "\(file): \(document.pageCount) pages, the tools found \(counts)")
            let cursor = document.makePageCursor()
            while let entry = cursor.next() {
                #expect(entry.warnings.contains { $0.code == .pageRecovered }, "\(file) page \(entry.index + 1)")
            }
            #expect(document.documentWarnings(after: cursor.summary).contains { $0.code == .pagesRecovered })
        } catch {
            #expect(error.kind == .malformed, "\(error)")
            #expect(counts.allSatisfy { $0 == 0 }, "\(file): no page found, but a tool found \(counts)")
        }
    }

    /// Damaged files (Poppler rejects or repairs them) on which at least two of pdfium,
    /// MuPDF and pypdf find pages are read, page 1 with the manifest's five boxes (pdfinfo's, or
    /// pdfium's where Poppler fails) to 0.01 pt. The five files that needed object-stream
    /// recovery are not in this corpus (its damaged files all read already); the rule covers
    /// them wherever the corpus holds them.
    static var damagedFilesOthersRead: [String] {
        Corpus.entries.filter { e in
            [.rejectedMalformed, .opensAfterRepair].contains(e.expected)
                && ["pdfium", "mupdf", "pypdf"].filter { (e.pageCountByTool[$0] ?? 0) > 0 }.count >= 2
                && e.pages.first?.mediaBox != nil
        }.map(\.file)
    }

    @Test("Damaged files two other engines read give their page 1", arguments: damagedFilesOthersRead)
    func damagedPageOne(file: String) throws {
        let entry = Self.entry(file)
        let document = try PopplerDocument(path: entry.path, password: entry.password)
        let page = try document.page(at: 0)
        let m = try #require(entry.pages.first)
        for key in PageBox.allCases {
            let reference = try #require(m.box(key), "\(file): \(key) missing in manifest")
            #expect(page.boxes[key].isApproximatelyEqual(to: reference, absoluteTolerance: 0.01), "\(file) \(key): ours \(page.boxes[key]), manifest \(reference)")
        }
    }

    @Test("Documents open from memory exactly as from a file")
    func bytes() throws {
        let url = Paths.corpus.appendingPathComponent("qpdf-boxes.pdf")
        let fromFile = try PopplerDocument(path: url.path).pages()
        let fromBytes = try PopplerDocument(bytes: [UInt8](try Data(contentsOf: url))).pages()
        #expect(fromFile == fromBytes)
    }
}
