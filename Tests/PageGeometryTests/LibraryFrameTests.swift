// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoTestSupport
import Testing

/// `LibraryFrame` and `PageFrame`: raw PDF space ↔ the frames of PyMuPDF, pdfplumber,
/// pdfminer.six, pypdfium2 and pypdf. Expected values are worked out by hand from each library's
/// convention as its source states it (pdfminer's `process_page` matrices, pdfplumber's
/// `_normalize_box`/`_invert_box`/`process_object`, MuPDF's page transform), not from this
/// package's output; `scripts/check_frames.py` checks the same conventions against the libraries.
///
/// The page: MediaBox [−100 −200 500 600] (600 × 800), CropBox [−50 −120 400 500] (450 × 620),
/// and the raw point P = (150, 250).
@Suite("LibraryFrame: raw ↔ the Python libraries' frames")
struct LibraryFrameTests {
    static let media = Rect(x: -100, y: -200, width: 600, height: 800)
    static let crop = Rect(x: -50, y: -120, width: 450, height: 620)
    static let p = Point(x: 150, y: 250)

    static func page(rawRotation: Int, userUnit: Double = 1) -> PageInfo {
        PageInfo(index: 0, boxes: PageBoxes(mediaBox: media, cropBox: crop, bleedBox: crop, trimBox: crop, artBox: crop),
                 rawRotation: rawRotation, userUnit: userUnit)
    }

    /// pdfminer: the MediaBox turned by /Rotate, its corner at the origin, y up.
    /// 0: (x − mx0, y − my0) = (250, 450); 90: (y − my0, mx1 − x) = (450, 350);
    /// 180: (mx1 − x, my1 − y) = (350, 350); 270: (my1 − y, x − mx0) = (350, 250).
    /// pdfplumber: 0: (x, H − y) = (150, 550), H = 800; 90: (y, x − 2·mx0) = (250, 350);
    /// 180: (mx0 + mx1 − x, y − 2·my0) = (250, 650); 270: (my0 + my1 − y, mx1 − mx0 − x) = (150, 450).
    /// PyMuPDF: unrotated, (x − cx0, cy1 − y) = (200, 250) at every rotation.
    @Test("P in each frame, every rotation", arguments: [
        (0, LibraryFrame.pdfminer, Point(x: 250, y: 450)), (90, .pdfminer, Point(x: 450, y: 350)),
        (180, .pdfminer, Point(x: 350, y: 350)), (270, .pdfminer, Point(x: 350, y: 250)),
        (0, .pdfplumber, Point(x: 150, y: 550)), (90, .pdfplumber, Point(x: 250, y: 350)),
        (180, .pdfplumber, Point(x: 250, y: 650)), (270, .pdfplumber, Point(x: 150, y: 450)),
        (0, .pymupdf, Point(x: 200, y: 250)), (90, .pymupdf, Point(x: 200, y: 250)),
        (180, .pymupdf, Point(x: 200, y: 250)), (270, .pymupdf, Point(x: 200, y: 250)),
        (-90, .pdfminer, Point(x: 350, y: 250)), (450, .pdfplumber, Point(x: 250, y: 350)),
        (0, .pypdfium2, p), (90, .pypdfium2, p), (270, .pypdf, p), (180, .pypdf, p),
    ] as [(Int, LibraryFrame, Point)])
    func pointInFrame(rotation: Int, library: LibraryFrame, expected: Point) throws {
        let frame = try #require(PageFrame(page: Self.page(rawRotation: rotation), library: library))
        #expect((frame.framePoint(fromRaw: Self.p)).isApproximatelyEqual(to: expected, absoluteTolerance: 1e-9), "\(frame.framePoint(fromRaw: Self.p))")
        #expect((frame.rawPoint(fromFrame: expected)).isApproximatelyEqual(to: Self.p, absoluteTolerance: 1e-9))
    }

    /// /UserUnit: only MuPDF scales by it. At u = 2, PyMuPDF's (x − cx0, cy1 − y) doubles to
    /// (400, 500); the others are those of u = 1.
    @Test("/UserUnit 2 scales PyMuPDF's frame only")
    func userUnit() throws {
        for rotation in [0, 90, 180, 270] {
            let page = Self.page(rawRotation: rotation, userUnit: 2)
            #expect((LibraryFrame.pymupdf.rawToFrame(for: page).apply(to: Self.p)).isApproximatelyEqual(to: Point(x: 400, y: 500), absoluteTolerance: 1e-9))
            for library in [LibraryFrame.pdfplumber, .pdfminer, .pypdfium2, .pypdf] {
                #expect(library.rawToFrame(for: page) == library.rawToFrame(for: Self.page(rawRotation: rotation)), "\(library) \(rotation)")
            }
        }
    }

    /// The whole matrices, coefficient by coefficient (`X = a·x + c·y + tx`, `Y = b·x + d·y + ty`):
    /// PyMuPDF at u = 2: X = 2(x + 50), Y = 2(500 − y): (2, 0, 0, −2, 100, 1000), which is also
    /// what PyMuPDF 2.0's own `Page.transformation_matrix` printed for that page unrotated;
    /// pdfminer at 90: X = y + 200, Y = 500 − x: (0, −1, 1, 0, 200, 500);
    /// pdfplumber at 0: X = x, Y = 800 − y: (1, 0, 0, −1, 0, 800);
    /// pdfplumber at 90: X = y, Y = x + 200: (0, 1, 1, 0, 0, 200).
    @Test("whole matrices", arguments: [
        (LibraryFrame.pymupdf, 0, 2.0, AffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 100, ty: 1000)),
        (.pymupdf, 270, 2.0, AffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 100, ty: 1000)),
        (.pdfminer, 90, 1.0, AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 200, ty: 500)),
        (.pdfplumber, 0, 1.0, AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 800)),
        (.pdfplumber, 90, 1.0, AffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 200)),
        (.pypdf, 90, 2.0, .identity), (.pypdfium2, 180, 0.5, .identity),
    ] as [(LibraryFrame, Int, Double, AffineTransform)])
    func matrices(library: LibraryFrame, rotation: Int, userUnit: Double, expected: AffineTransform) throws {
        let frame = try #require(PageFrame(page: Self.page(rawRotation: rotation, userUnit: userUnit), library: library))
        #expect((frame.rawToFrame).isApproximatelyEqual(to: expected, absoluteTolerance: 1e-9), "\(frame.rawToFrame)")
    }

    /// A /Rotate that is not a multiple of 90: PyMuPDF's `Page.rotation` is 0, so it does not
    /// unrotate, and MuPDF turns the page to the nearest quarter turn: 45 → 90, where P is
    /// (y − cy0, x − cx0) = (370, 200); 135 → 180, (cx1 − x, y − cy0) = (250, 370); 315 and −45
    /// → 0, (200, 250). pdfminer and pdfplumber use 0 (P as at /Rotate 0).
    @Test("odd /Rotate: PyMuPDF follows MuPDF's snapped turn", arguments: [
        (45, Point(x: 370, y: 200)), (135, Point(x: 250, y: 370)), (315, Point(x: 200, y: 250)), (-45, Point(x: 200, y: 250)),
        (765, Point(x: 370, y: 200)),
    ] as [(Int, Point)])
    func oddRotate(rotation: Int, expected: Point) {
        let page = Self.page(rawRotation: rotation)
        #expect(page.rotation == .degrees0)
        #expect((LibraryFrame.pymupdf.rawToFrame(for: page).apply(to: Self.p)).isApproximatelyEqual(to: expected, absoluteTolerance: 1e-9))
        #expect((LibraryFrame.pdfminer.rawToFrame(for: page).apply(to: Self.p)).isApproximatelyEqual(to: Point(x: 250, y: 450), absoluteTolerance: 1e-9))
        #expect((LibraryFrame.pdfplumber.rawToFrame(for: page).apply(to: Self.p)).isApproximatelyEqual(to: Point(x: 150, y: 550), absoluteTolerance: 1e-9))
    }

    /// PyMuPDF's page corners: the CropBox's top-left raw corner (cx0, cy1) is (0, 0) and its
    /// bottom-right (cx1, cy0) is (w, h) unrotated, u·450 × u·620; a box maps to a box.
    @Test("boxes: the CropBox in PyMuPDF's frame is 0 0 u·w u·h")
    func cropBoxInPyMuPDF() throws {
        for u in [0.5, 1, 2] {
            let frame = try #require(PageFrame(page: Self.page(rawRotation: 90, userUnit: u), library: .pymupdf))
            #expect((frame.frameRect(fromRaw: Self.crop)).isApproximatelyEqual(to: Rect(x: 0, y: 0, width: 450 * u, height: 620 * u), absoluteTolerance: 1e-9))
            #expect((frame.rawRect(fromFrame: Rect(x: 0, y: 0, width: 450 * u, height: 620 * u))).isApproximatelyEqual(to: Self.crop, absoluteTolerance: 1e-9))
        }
    }

    /// frameToRaw ∘ rawToFrame and rawToFrame ∘ frameToRaw are the identity for every library, on
    /// random pages (boxes anywhere, every /Rotate in −720…720, /UserUnit 10⁻³ to 10³).
    @Test("round trips are the identity")
    func roundTrips() throws {
        var rng = SeededGenerator(seed: 0x5EED_F4A3)
        for _ in 0..<500 {
            let mx = Double.random(in: -5000...5000, using: &rng), my = Double.random(in: -5000...5000, using: &rng)
            let media = Rect(x: mx, y: my, width: Double.random(in: 1...3000, using: &rng), height: Double.random(in: 1...3000, using: &rng))
            let crop = Rect(x: media.x + Double.random(in: 0...0.4, using: &rng) * media.width,
                            y: media.y + Double.random(in: 0...0.4, using: &rng) * media.height,
                            width: media.width * Double.random(in: 0.1...0.6, using: &rng),
                            height: media.height * Double.random(in: 0.1...0.6, using: &rng))
            let page = PageInfo(index: 0, boxes: PageBoxes(mediaBox: media, cropBox: crop, bleedBox: crop, trimBox: crop, artBox: crop),
                                rawRotation: Int.random(in: -720...720, using: &rng),
                                userUnit: [0.001, 0.5, 1, 1, 2, 75.5, 1000].randomElement(using: &rng)!)
            for library in LibraryFrame.allCases {
                let frame = try #require(PageFrame(page: page, library: library))
                let scale = Swift.max(1, abs(mx), abs(my)) * Swift.max(1, page.userUnit)
                #expect((frame.rawToFrame.concatenating(frame.frameToRaw)).isApproximatelyEqual(to: .identity, absoluteTolerance: 1e-12 * scale))
                #expect((frame.frameToRaw.concatenating(frame.rawToFrame)).isApproximatelyEqual(to: .identity, absoluteTolerance: 1e-12 * scale))
                let q = Point(x: Double.random(in: crop.minX...crop.maxX, using: &rng), y: Double.random(in: crop.minY...crop.maxY, using: &rng))
                #expect((frame.rawPoint(fromFrame: frame.framePoint(fromRaw: q))).isApproximatelyEqual(to: q, absoluteTolerance: 1e-9 * scale))
                // Every frame is an axis-aligned map: a quarter turn or a flip, times a scale.
                let t = frame.rawToFrame
                #expect((t.b == 0 && t.c == 0) || (t.a == 0 && t.d == 0), "\(library): \(t)")
            }
        }
    }

    /// The worked point of the CoordinateSpaces article: page 2 of rotations.pdf (all boxes
    /// [20 30 420 630], /Rotate 90); PyMuPDF ignores /Rotate: raw (120, 80) → (120 − 20, 630 − 80).
    @Test("CoordinateSpaces article: raw (120, 80) in PyMuPDF's frame is (100, 550)")
    func articleExample() throws {
        let page = PageInfo(index: 1, boxes: PageBoxes(uniform: Rect(x: 20, y: 30, width: 400, height: 600)), rawRotation: 90)
        let frame = try #require(PageFrame(page: page, library: .pymupdf))
        #expect(frame.framePoint(fromRaw: Point(x: 120, y: 80)) == Point(x: 100, y: 550))
    }

    @Test("canonical order: each once, in allCases order")
    func canonical() {
        #expect(LibraryFrame.canonical([.pypdf, .pymupdf, .pypdf, .pdfminer]) == [.pymupdf, .pdfminer, .pypdf])
        #expect(LibraryFrame.canonical(LibraryFrame.allCases.reversed()) == LibraryFrame.allCases)
        #expect(LibraryFrame.allCases.map(\.description) == ["pymupdf", "pdfplumber", "pdfminer", "pypdfium2", "pypdf", "docling",
                                                             "docling-topleft", "textract", "documentai", "azure"])
    }

    /// The pipelines' frames of P, worked out from their definitions. The displayed page is
    /// 450 × 620 at 0 and 180, 620 × 450 at 90 and 270; P in page space (docling's
    /// BOTTOMLEFT cells) is 0: (x − cx0, y − cy0) = (200, 370); 90: (y − cy0, cx1 − x) =
    /// (370, 250); 180: (cx1 − x, cy1 − y) = (250, 250); 270: (cy1 − y, x − cx0) = (250, 200).
    /// TOPLEFT is (X, h − Y); Textract and Document AI (X / w, (h − Y) / h); Azure
    /// (X / 72, (h − Y) / 72), inches.
    @Test("P in each pipeline's frame, every rotation", arguments: [
        (0, LibraryFrame.docling, Point(x: 200, y: 370)), (90, .docling, Point(x: 370, y: 250)),
        (180, .docling, Point(x: 250, y: 250)), (270, .docling, Point(x: 250, y: 200)),
        (0, .doclingTopLeft, Point(x: 200, y: 250)), (90, .doclingTopLeft, Point(x: 370, y: 200)),
        (180, .doclingTopLeft, Point(x: 250, y: 370)), (270, .doclingTopLeft, Point(x: 250, y: 250)),
        (0, .textract, Point(x: 200.0 / 450, y: 250.0 / 620)), (90, .textract, Point(x: 370.0 / 620, y: 200.0 / 450)),
        (180, .documentAI, Point(x: 250.0 / 450, y: 370.0 / 620)), (270, .documentAI, Point(x: 250.0 / 620, y: 250.0 / 450)),
        (0, .azure, Point(x: 200.0 / 72, y: 250.0 / 72)), (90, .azure, Point(x: 370.0 / 72, y: 200.0 / 72)),
        (180, .azure, Point(x: 250.0 / 72, y: 370.0 / 72)), (270, .azure, Point(x: 250.0 / 72, y: 250.0 / 72)),
    ] as [(Int, LibraryFrame, Point)])
    func pointInPipelineFrame(rotation: Int, frame library: LibraryFrame, expected: Point) throws {
        for unit in [1.0, 2.0] {   // /UserUnit changes none of them
            let frame = try #require(PageFrame(page: Self.page(rawRotation: rotation, userUnit: unit), library: library))
            #expect(frame.framePoint(fromRaw: Self.p).isApproximatelyEqual(to: expected, absoluteTolerance: 1e-12), "\(frame.framePoint(fromRaw: Self.p))")
            #expect(frame.rawPoint(fromFrame: expected).isApproximatelyEqual(to: Self.p, absoluteTolerance: 1e-9))
        }
    }

    /// The displayed page's corners: its top-left is (0, 0) in every top-left frame, its
    /// bottom-right (1, 1) in the ratios and (w/72, h/72) in inches, whatever /Rotate turned.
    @Test("the displayed page's corners in the pipelines' frames", arguments: [0, 90, 180, 270])
    func pipelineCorners(rotation: Int) throws {
        let page = Self.page(rawRotation: rotation)
        let (w, h) = (page.size.width, page.size.height)
        let pageToRaw = try #require(page.rawToPage.inverted())
        let topLeft = pageToRaw.apply(to: Point(x: 0, y: h)), bottomRight = pageToRaw.apply(to: Point(x: w, y: 0))
        for (library, far) in [(LibraryFrame.textract, Point(x: 1, y: 1)), (.documentAI, Point(x: 1, y: 1)),
                               (.azure, Point(x: w / 72, y: h / 72)), (.doclingTopLeft, Point(x: w, y: h))] {
            let m = library.rawToFrame(for: page)
            #expect(m.apply(to: topLeft).isApproximatelyEqual(to: .zero, absoluteTolerance: 1e-12), "\(library) \(rotation)")
            #expect(m.apply(to: bottomRight).isApproximatelyEqual(to: far, absoluteTolerance: 1e-12), "\(library) \(rotation)")
        }
    }

    /// /UserUnit 0 (no page pageinfo reads has it) makes PyMuPDF's frame singular: no PageFrame.
    @Test("a singular frame is no PageFrame")
    func singular() {
        let page = PageInfo(index: 0, boxes: PageBoxes(uniform: Self.crop), rotation: .degrees0, userUnit: 0)
        #expect(PageFrame(page: page, library: .pymupdf) == nil)
        #expect(PageFrame(page: page, library: .pdfminer) != nil)
        // An empty CropBox has no ratios; its inches and points are still a frame.
        let flat = PageInfo(index: 0, boxes: PageBoxes(uniform: Rect(x: 10, y: 10, width: 100, height: 0)), rotation: .degrees0)
        #expect(PageFrame(page: flat, library: .textract) == nil && PageFrame(page: flat, library: .documentAI) == nil)
        #expect(PageFrame(page: flat, library: .azure) != nil && PageFrame(page: flat, library: .doclingTopLeft) != nil)
    }
}
