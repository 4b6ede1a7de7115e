// SPDX-License-Identifier: Apache-2.0
import class Foundation.JSONDecoder
import class Foundation.JSONEncoder
import class Foundation.JSONSerialization
import class Foundation.NSNull
import struct Foundation.Data
import PageGeometry
import Testing
import PageInfoTestSupport

// Unit tests for the core value types: PageRotation, PageBoxes.effective, PageInfo (size,
// raw ↔ page transforms, Codable), Rect and AffineTransform. PagePlacement (page ↔ view) is
// covered by the PagePlacement* suites and is not repeated here.
//
// Every expected value is worked out by hand in the comment next to it, from ISO 32000-2
// (§7.7.3.3 /Rotate, §7.9.5 rectangles, §14.11.2 page boundaries) and the formulas in
// PageInfo's documentation:
//
//     CropBox [x0 y0 x1 y1], raw (x, y) → page:
//       rotation   0: (x − x0, y − y0)
//       rotation  90: (y − y0, x1 − x)
//       rotation 180: (x1 − x, y1 − y)
//       rotation 270: (y1 − y, x − x0)

// MARK: - Helpers (file-private so they cannot clash with other files of this target)

/// A PDF rectangle array `[x0 y0 x1 y1]`, written the way the spec writes it.
private func pdf(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Rect { Rect(pdfArray: x0, y0, x1, y1) }

/// The formulas of PageInfo's documentation, written out independently of the implementation.
private func handRawToPage(_ p: Point, crop: Rect, rotation: PageRotation) -> Point {
    let x0 = crop.minX, y0 = crop.minY, x1 = crop.maxX, y1 = crop.maxY
    switch rotation {
    case .degrees0: return Point(x: p.x - x0, y: p.y - y0)
    case .degrees90: return Point(x: p.y - y0, y: x1 - p.x)
    case .degrees180: return Point(x: x1 - p.x, y: y1 - p.y)
    case .degrees270: return Point(x: y1 - p.y, y: p.x - x0)
    }
}

// MARK: - PageRotation

@Suite("PageRotation")
struct PageRotationTests {
    /// (raw /Rotate, expected clockwise degrees). Multiples of 90 are reduced mod 360 into
    /// 0…270; anything else is invalid and, by our documented policy (pdf.js, PyMuPDF), 0.
    static let cases: [(Int, Int)] = [
        (0, 0), (90, 90), (180, 180), (270, 270),
        (-90, 270),   // −90 + 360
        (-180, 180),  // −180 + 360
        (-270, 90),   // −270 + 360
        (-360, 0),
        (-450, 270),  // −450 + 720
        (360, 0), (450, 90), (540, 180), (720, 0),
        (990, 270),   // 990 − 720
        (-630, 90),   // −630 + 720
        (45, 0), (-45, 0), (1, 0), (89, 0), (91, 0), (135, 0), (-1, 0), (359, 0),
    ]

    @Test("normalizing reduces multiples of 90 mod 360 and maps other values to 0", arguments: cases)
    func normalizing(raw: Int, expected: Int) {
        #expect(PageRotation(normalizing: raw).degrees == expected, "raw \(raw)")
        #expect(PageRotation(normalizing: raw).rawValue == expected, "raw \(raw)")
    }

    @Test("normalizing does not overflow at the ends of Int")
    func extremes() {
        // Int.max = 2^63 − 1 ≡ 7 (mod 90): not a quarter turn → 0.
        #expect(PageRotation(normalizing: .max) == .degrees0)
        // Int.min = −2^63 ≡ −8 (mod 90) → 0.
        #expect(PageRotation(normalizing: .min) == .degrees0)
        // 2^63 ≡ 8 (mod 360), so Int.max − 97 = 2^63 − 98 ≡ 8 − 98 = −90 ≡ 270 (mod 360); a multiple of 90.
        #expect(PageRotation(normalizing: .max - 97) == .degrees270)
        // Int.min + 98 = −(2^63 − 98) ≡ −270 ≡ 90 (mod 360).
        #expect(PageRotation(normalizing: .min + 98) == .degrees90)
    }

    @Test("quarter turns swap width and height")
    func quarterTurn() {
        #expect(!PageRotation.degrees0.isQuarterTurn)
        #expect(PageRotation.degrees90.isQuarterTurn)
        #expect(!PageRotation.degrees180.isQuarterTurn)
        #expect(PageRotation.degrees270.isQuarterTurn)
    }

    @Test("adding and inverse")
    func addingAndInverse() {
        #expect(PageRotation.degrees90.adding(.degrees270) == .degrees0)
        #expect(PageRotation.degrees180.adding(.degrees270) == .degrees90)   // 450 → 90
        #expect(PageRotation.degrees270.adding(.degrees270) == .degrees180)  // 540 → 180
        #expect(PageRotation.degrees90.inverse == .degrees270)
        #expect(PageRotation.degrees270.inverse == .degrees90)
        #expect(PageRotation.degrees180.inverse == .degrees180)
        #expect(PageRotation.degrees0.inverse == .degrees0)
        for r in PageRotation.allCases { #expect(r.adding(r.inverse) == .degrees0) }
    }

    /// Clockwise as displayed, in a y-up space: at 90° the raw +x axis (pointing right) ends up
    /// pointing down, (1, 0) → (0, −1), and raw +y (up) points right, (0, 1) → (1, 0).
    @Test("transform of each quarter turn, by hand")
    func transforms() {
        let t0 = PageRotation.degrees0.transform
        #expect(t0 == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))

        // 90: (x, y) → (y, −x): x' = 0·x + 1·y, y' = −1·x + 0·y → a 0, b −1, c 1, d 0.
        let t90 = PageRotation.degrees90.transform
        #expect(t90 == AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0))
        #expect(t90.apply(to: Point(x: 1, y: 0)) == Point(x: 0, y: -1))
        #expect(t90.apply(to: Point(x: 0, y: 1)) == Point(x: 1, y: 0))
        #expect(t90.apply(to: Point(x: 3, y: 5)) == Point(x: 5, y: -3))

        // 180: (x, y) → (−x, −y).
        let t180 = PageRotation.degrees180.transform
        #expect(t180 == AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0))
        #expect(t180.apply(to: Point(x: 3, y: 5)) == Point(x: -3, y: -5))

        // 270 (= 90 counter-clockwise): (x, y) → (−y, x): a 0, b 1, c −1, d 0.
        let t270 = PageRotation.degrees270.transform
        #expect(t270 == AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
        #expect(t270.apply(to: Point(x: 1, y: 0)) == Point(x: 0, y: 1))
        #expect(t270.apply(to: Point(x: 0, y: 1)) == Point(x: -1, y: 0))
        #expect(t270.apply(to: Point(x: 3, y: 5)) == Point(x: -5, y: 3))

        // Composition agrees with adding the angles, and every transform is a rotation (det 1).
        for r in PageRotation.allCases {
            #expect(r.transform.determinant == 1)
            for s in PageRotation.allCases {
                #expect(r.transform.concatenating(s.transform) == r.adding(s).transform, "\(r) then \(s)")
            }
        }
    }
}

// MARK: - PageBoxes.effective

@Suite("PageBoxes.effective (ISO 32000-2 §14.11.2)")
struct PageBoxesEffectiveTests {
    static let letter = Rect(x: 0, y: 0, width: 612, height: 792)

    @Test("only a MediaBox: every box is the MediaBox")
    func defaults() {
        let b = PageBoxes.effective(mediaBox: pdf(0, 0, 595, 842))
        let a4 = Rect(x: 0, y: 0, width: 595, height: 842)
        #expect(b == PageBoxes(mediaBox: a4, cropBox: a4, bleedBox: a4, trimBox: a4, artBox: a4))
        #expect(b == PageBoxes(uniform: a4))
    }

    @Test("reversed corners are normalized (§7.9.5)")
    func reversedCorners() {
        // [612 792 0 0] given as a rectangle with negative width and height.
        let media = Rect(x: 612, y: 792, width: -612, height: -792)
        // CropBox [500 700 100 100] → [100 100 500 700].
        let crop = Rect(x: 500, y: 700, width: -400, height: -600)
        // TrimBox [400 600 200 200] → [200 200 400 600].
        let trim = Rect(x: 400, y: 600, width: -200, height: -400)
        let b = PageBoxes.effective(mediaBox: media, cropBox: crop, trimBox: trim)
        #expect(b.mediaBox == Rect(x: 0, y: 0, width: 612, height: 792))
        #expect(b.cropBox == Rect(x: 100, y: 100, width: 400, height: 600))
        #expect(b.trimBox == Rect(x: 200, y: 200, width: 200, height: 400))
        #expect(b.bleedBox == b.cropBox)
        #expect(b.artBox == b.cropBox)
        // Rect(pdfArray:) normalizes the same way.
        #expect(pdf(612, 792, 0, 0) == Rect(x: 0, y: 0, width: 612, height: 792))
        #expect(pdf(10, 0, 0, 10) == Rect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test("a CropBox partly outside the MediaBox is reduced to the intersection")
    func cropPartlyOutside() {
        // [300 400 700 900] ∩ [0 0 612 792] = [300 400 612 792] → 312 × 392.
        let b = PageBoxes.effective(mediaBox: Self.letter, cropBox: pdf(300, 400, 700, 900))
        #expect(b.cropBox == Rect(x: 300, y: 400, width: 312, height: 392))
        // Sticking out on the negative side: [−50 −60 100 200] → [0 0 100 200].
        let c = PageBoxes.effective(mediaBox: Self.letter, cropBox: pdf(-50, -60, 100, 200))
        #expect(c.cropBox == Rect(x: 0, y: 0, width: 100, height: 200))
    }

    /// Poppler first resets an axis on which the CropBox is wider than the MediaBox to the
    /// MediaBox's whole range (giving 0 0 612 100 here); the spec says "intersection", and we
    /// follow the spec.
    @Test("a CropBox wider than the MediaBox, with an offset origin: plain intersection, not Poppler's clamp")
    func cropWiderThanMedia() {
        // [300 0 1000 100] ∩ [0 0 612 792] = [300 0 612 100] → x 300, width 312.
        let b = PageBoxes.effective(mediaBox: Self.letter, cropBox: pdf(300, 0, 1000, 100))
        #expect(b.cropBox == Rect(x: 300, y: 0, width: 312, height: 100))
        // Taller too: [10 10 602 582] on MediaBox [0 0 300 300] → [10 10 300 300] (Poppler: 0 0 300 300).
        let c = PageBoxes.effective(mediaBox: pdf(0, 0, 300, 300), cropBox: pdf(10, 10, 602, 582))
        #expect(c.cropBox == Rect(x: 10, y: 10, width: 290, height: 290))
        // Bigger on every side: exactly the MediaBox.
        let d = PageBoxes.effective(mediaBox: Self.letter, cropBox: pdf(-10, -10, 700, 900))
        #expect(d.cropBox == Self.letter)
    }

    @Test("a CropBox that does not overlap the MediaBox in any area falls back to the MediaBox")
    func disjointCrop() {
        let b = PageBoxes.effective(mediaBox: Self.letter, cropBox: pdf(700, 800, 900, 1000))
        #expect(b.cropBox == Self.letter)
        #expect(b == PageBoxes(uniform: Self.letter))
        // Touching along an edge only (zero-area overlap) is no overlap either.
        let e = PageBoxes.effective(mediaBox: Self.letter, cropBox: pdf(612, 0, 700, 792))
        #expect(e.cropBox == Self.letter)
        // Touching at a corner.
        let f = PageBoxes.effective(mediaBox: Self.letter, cropBox: pdf(-100, -100, 0, 0))
        #expect(f.cropBox == Self.letter)
    }

    @Test("a zero-area CropBox falls back to the MediaBox")
    func zeroAreaCrop() {
        #expect(PageBoxes.effective(mediaBox: Self.letter, cropBox: pdf(100, 100, 100, 500)).cropBox == Self.letter)
        #expect(PageBoxes.effective(mediaBox: Self.letter, cropBox: pdf(100, 100, 500, 100)).cropBox == Self.letter)
        #expect(PageBoxes.effective(mediaBox: Self.letter, cropBox: .zero).cropBox == Self.letter)
    }

    @Test("a missing or zero-area MediaBox becomes US Letter 0 0 612 792")
    func missingMedia() {
        #expect(PageBoxes.effective(mediaBox: nil) == PageBoxes(uniform: Self.letter))
        #expect(PageBoxes.effective(mediaBox: .zero) == PageBoxes(uniform: Self.letter))
        #expect(PageBoxes.effective(mediaBox: pdf(0, 0, 0, 500)) == PageBoxes(uniform: Self.letter))
        #expect(PageBoxes.effective(mediaBox: pdf(10, 10, 300, 10)) == PageBoxes(uniform: Self.letter))
        #expect(PageBoxes.defaultMediaBox == Self.letter)
        // The default MediaBox still clips: CropBox [100 100 700 200] → [100 100 612 200].
        let b = PageBoxes.effective(mediaBox: nil, cropBox: pdf(100, 100, 700, 200))
        #expect(b.mediaBox == Self.letter)
        #expect(b.cropBox == Rect(x: 100, y: 100, width: 512, height: 100))
    }

    @Test("a MediaBox with a negative origin is kept, and clips like any other")
    func negativeOrigin() {
        // MediaBox [−100 −200 512 592]; CropBox [−150 −250 0 0] → [−100 −200 0 0].
        let b = PageBoxes.effective(mediaBox: pdf(-100, -200, 512, 592), cropBox: pdf(-150, -250, 0, 0))
        #expect(b.mediaBox == Rect(x: -100, y: -200, width: 612, height: 792))
        #expect(b.cropBox == Rect(x: -100, y: -200, width: 100, height: 200))
    }

    @Test("Bleed/Trim/ArtBox default to the effective CropBox")
    func otherBoxesDefaultToCrop() {
        // The CropBox is clipped first; the defaults are the clipped CropBox.
        let b = PageBoxes.effective(mediaBox: Self.letter, cropBox: pdf(300, 400, 700, 900))
        let crop = Rect(x: 300, y: 400, width: 312, height: 392)
        #expect(b.bleedBox == crop && b.trimBox == crop && b.artBox == crop)
        // A disjoint CropBox fell back to the MediaBox, so the defaults are the MediaBox.
        let d = PageBoxes.effective(mediaBox: Self.letter, cropBox: pdf(700, 800, 900, 1000))
        #expect(d.bleedBox == Self.letter && d.trimBox == Self.letter && d.artBox == Self.letter)
    }

    @Test("Bleed/Trim/ArtBox are clipped to the MediaBox, not to the CropBox")
    func otherBoxesClippedToMedia() {
        let media = pdf(0, 0, 600, 800), crop = pdf(10, 10, 590, 790)
        // BleedBox [0 0 600 800] is larger than the CropBox but inside the MediaBox: kept whole.
        // TrimBox [−10 −10 610 810] → [0 0 600 800]. ArtBox [550 750 700 900] → [550 750 600 800].
        let b = PageBoxes.effective(mediaBox: media, cropBox: crop, bleedBox: pdf(0, 0, 600, 800),
                                    trimBox: pdf(-10, -10, 610, 810), artBox: pdf(550, 750, 700, 900))
        #expect(b.cropBox == Rect(x: 10, y: 10, width: 580, height: 780))
        #expect(b.bleedBox == Rect(x: 0, y: 0, width: 600, height: 800))
        #expect(b.trimBox == Rect(x: 0, y: 0, width: 600, height: 800))
        #expect(b.artBox == Rect(x: 550, y: 750, width: 50, height: 50))
    }

    @Test("a disjoint or zero-area Bleed/Trim/ArtBox falls back to the CropBox")
    func otherBoxesFallBack() {
        let media = pdf(0, 0, 600, 800), crop = pdf(10, 10, 590, 790)
        let cropRect = Rect(x: 10, y: 10, width: 580, height: 780)
        let b = PageBoxes.effective(mediaBox: media, cropBox: crop, bleedBox: pdf(700, 0, 800, 100),
                                    trimBox: pdf(100, 100, 100, 300), artBox: pdf(600, 800, 700, 900))
        #expect(b.bleedBox == cropRect)  // disjoint
        #expect(b.trimBox == cropRect)   // zero width
        #expect(b.artBox == cropRect)    // touches the MediaBox only at its corner
    }

    @Test("fractional coordinates survive clipping")
    func fractional() {
        // A4 MediaBox [0 0 595.276 841.89]; CropBox [10.5 20.25 700 900] → [10.5 20.25 595.276 841.89]:
        // width 595.276 − 10.5 = 584.776, height 841.89 − 20.25 = 821.64.
        let b = PageBoxes.effective(mediaBox: pdf(0, 0, 595.276, 841.89), cropBox: pdf(10.5, 20.25, 700, 900))
        #expect(b.cropBox.isApproximatelyEqual(to: Rect(x: 10.5, y: 20.25, width: 584.776, height: 821.64), absoluteTolerance: 1e-9))
        // Entirely inside: the exact values are kept (no x + w − x rounding).
        let c = PageBoxes.effective(mediaBox: pdf(0, 0, 900, 900), cropBox: Rect(x: 20, y: 100, width: 841.89, height: 595.276))
        #expect(c.cropBox == Rect(x: 20, y: 100, width: 841.89, height: 595.276))
    }

    @Test("the subscript reads and writes each box")
    func subscriptByKind() {
        var b = PageBoxes(mediaBox: pdf(0, 0, 1, 1), cropBox: pdf(0, 0, 2, 2), bleedBox: pdf(0, 0, 3, 3),
                          trimBox: pdf(0, 0, 4, 4), artBox: pdf(0, 0, 5, 5))
        #expect(b[.media].width == 1 && b[.crop].width == 2 && b[.bleed].width == 3 && b[.trim].width == 4 && b[.art].width == 5)
        b[.trim] = pdf(0, 0, 9, 9)
        #expect(b.trimBox.width == 9 && b.bleedBox.width == 3 && b.artBox.width == 5)
        #expect(PageBox.allCases.map(\.rawValue) == ["MediaBox", "CropBox", "BleedBox", "TrimBox", "ArtBox"])
    }
}

// MARK: - PageInfo

@Suite("PageInfo geometry")
struct PageInfoGeometryTests {
    /// The crop box of Fixtures/rotations.pdf: [20 30 420 630], 400 × 600, offset from the origin.
    static let crop = pdf(20, 30, 420, 630)

    @Test("size is the CropBox, swapped at 90 and 270")
    func size() {
        #expect(makePage(crop: Self.crop, rotation: .degrees0).size == Size(width: 400, height: 600))
        #expect(makePage(crop: Self.crop, rotation: .degrees90).size == Size(width: 600, height: 400))
        #expect(makePage(crop: Self.crop, rotation: .degrees180).size == Size(width: 400, height: 600))
        #expect(makePage(crop: Self.crop, rotation: .degrees270).size == Size(width: 600, height: 400))
        #expect(makePage(crop: Self.crop, rotation: .degrees90).pageBounds == Rect(x: 0, y: 0, width: 600, height: 400))
        // The size comes from the CropBox, not the MediaBox.
        let boxes = PageBoxes.effective(mediaBox: pdf(0, 0, 500, 700), cropBox: Self.crop)
        #expect(PageInfo(index: 0, boxes: boxes, rotation: .degrees270).size == Size(width: 600, height: 400))
    }

    @Test("the raw-rotation initializer normalizes and keeps the raw value")
    func rawRotationInit() {
        let boxes = PageBoxes(uniform: Self.crop)
        let minus90 = PageInfo(index: 4, boxes: boxes, rawRotation: -90)
        #expect(minus90.rotation == .degrees270 && minus90.rawRotation == -90)
        #expect(minus90.size == Size(width: 600, height: 400))
        let odd = PageInfo(index: 6, boxes: boxes, rawRotation: 45)
        #expect(odd.rotation == .degrees0 && odd.rawRotation == 45)
        #expect(odd.size == Size(width: 400, height: 600))
        let turn = PageInfo(index: 5, boxes: boxes, rawRotation: 450)
        #expect(turn.rotation == .degrees90 && turn.rawRotation == 450)
        // Without a raw value, the raw value is the rotation itself.
        #expect(PageInfo(index: 0, boxes: boxes, rotation: .degrees180).rawRotation == 180)
        #expect(PageInfo(index: 0, boxes: boxes, rotation: .degrees180).userUnit == 1)
        #expect(PageInfo(index: 0, boxes: boxes, rotation: .degrees180).label == nil)
    }

    @Test("physical size multiplies by UserUnit")
    func physicalSize() {
        // 400 × 600 at 90° displays as 600 × 400; UserUnit 2 → 1200 × 800 (1/72 inch).
        let p = makePage(crop: Self.crop, rotation: .degrees90, userUnit: 2)
        #expect(p.size == Size(width: 600, height: 400))
        #expect(p.physicalSize == Size(width: 1200, height: 800))
    }

    /// Each rotation's rawToPage coefficients, worked out from the formulas with
    /// x0 = 20, y0 = 30, x1 = 420, y1 = 630.
    @Test("rawToPage coefficients for each rotation, by hand")
    func rawToPageCoefficients() {
        // 0: (x − 20, y − 30).
        #expect(makePage(crop: Self.crop, rotation: .degrees0).rawToPage
            == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -20, ty: -30))
        // 90: x' = y − 30 (a 0, c 1, tx −30); y' = 420 − x (b −1, d 0, ty 420).
        #expect(makePage(crop: Self.crop, rotation: .degrees90).rawToPage
            == AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: -30, ty: 420))
        // 180: x' = 420 − x, y' = 630 − y.
        #expect(makePage(crop: Self.crop, rotation: .degrees180).rawToPage
            == AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 420, ty: 630))
        // 270: x' = 630 − y (a 0, c −1, tx 630); y' = x − 20 (b 1, d 0, ty −20).
        #expect(makePage(crop: Self.crop, rotation: .degrees270).rawToPage
            == AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 630, ty: -20))
        // The rotation part alone is the pure rotation.
        for r in PageRotation.allCases {
            let p = makePage(crop: Self.crop, rotation: r)
            #expect(p.rotationTransform == r.transform)
            let t = p.rawToPage
            #expect(AffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: 0, ty: 0) == r.transform)
        }
    }

    /// (rotation, raw point, page point), each page point computed by hand.
    static let points: [(PageRotation, Point, Point)] = [
        // 0: (x − 20, y − 30)
        (.degrees0, Point(x: 20, y: 30), Point(x: 0, y: 0)),
        (.degrees0, Point(x: 420, y: 630), Point(x: 400, y: 600)),
        (.degrees0, Point(x: 100, y: 200), Point(x: 80, y: 170)),
        // 90: (y − 30, 420 − x)
        (.degrees90, Point(x: 20, y: 30), Point(x: 0, y: 400)),
        (.degrees90, Point(x: 420, y: 30), Point(x: 0, y: 0)),
        (.degrees90, Point(x: 420, y: 630), Point(x: 600, y: 0)),
        (.degrees90, Point(x: 100, y: 200), Point(x: 170, y: 320)),
        // 180: (420 − x, 630 − y)
        (.degrees180, Point(x: 20, y: 30), Point(x: 400, y: 600)),
        (.degrees180, Point(x: 420, y: 630), Point(x: 0, y: 0)),
        (.degrees180, Point(x: 100, y: 200), Point(x: 320, y: 430)),
        // 270: (630 − y, x − 20)
        (.degrees270, Point(x: 20, y: 30), Point(x: 600, y: 0)),
        (.degrees270, Point(x: 20, y: 630), Point(x: 0, y: 0)),
        (.degrees270, Point(x: 420, y: 630), Point(x: 0, y: 400)),
        (.degrees270, Point(x: 100, y: 200), Point(x: 430, y: 80)),
        // Outside the crop box the mapping simply extends: 90, raw (0, 0) → (0 − 30, 420 − 0).
        (.degrees90, Point(x: 0, y: 0), Point(x: -30, y: 420)),
    ]

    @Test("rawToPage and pageToRaw map hand-computed points", arguments: points)
    func rawToPagePoints(rotation: PageRotation, raw: Point, expected: Point) {
        let p = makePage(crop: Self.crop, rotation: rotation)
        #expect(p.pagePoint(fromRaw: raw) == expected)
        #expect(p.rawToPage.apply(to: raw) == expected)
        #expect(p.rawPoint(fromPage: expected) == raw)
        #expect(p.pageToRaw.apply(to: expected) == raw)
    }

    @Test("a negative-origin, fractional crop box against the formulas")
    func negativeOriginFractional() {
        // CropBox [−100.5 −200.25 511.75 591.5] (612.25 × 791.75).
        let crop = pdf(-100.5, -200.25, 511.75, 591.5)
        let raw = Point(x: 12.5, y: -7.25)
        // 0: (12.5 + 100.5, −7.25 + 200.25) = (113, 193)
        // 90: (−7.25 + 200.25, 511.75 − 12.5) = (193, 499.25)
        // 180: (511.75 − 12.5, 591.5 + 7.25) = (499.25, 598.75)
        // 270: (591.5 + 7.25, 12.5 + 100.5) = (598.75, 113)
        let expected: [PageRotation: Point] = [
            .degrees0: Point(x: 113, y: 193), .degrees90: Point(x: 193, y: 499.25),
            .degrees180: Point(x: 499.25, y: 598.75), .degrees270: Point(x: 598.75, y: 113),
        ]
        for r in PageRotation.allCases {
            let p = makePage(crop: crop, rotation: r)
            #expect(p.pagePoint(fromRaw: raw).isApproximatelyEqual(to: expected[r]!, absoluteTolerance: 1e-9), "\(r)")
            #expect(p.pagePoint(fromRaw: raw).isApproximatelyEqual(to: handRawToPage(raw, crop: crop, rotation: r), absoluteTolerance: 1e-9), "\(r)")
            #expect(p.rawPoint(fromPage: expected[r]!).isApproximatelyEqual(to: raw, absoluteTolerance: 1e-9), "\(r)")
        }
    }

    @Test("the four CropBox corners map onto the corners of 0…w × 0…h")
    func cornersMapToPageBounds() {
        for r in PageRotation.allCases {
            let p = makePage(crop: Self.crop, rotation: r)
            let w = p.size.width, h = p.size.height
            let images = Set(Self.crop.corners.map { p.pagePoint(fromRaw: $0) })
            #expect(images == [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)], "\(r)")
            // And the whole box: crop ↔ page bounds.
            #expect(p.pageRect(fromRaw: Self.crop) == p.pageBounds, "\(r)")
            #expect(p.rawRect(fromPage: p.pageBounds) == Self.crop, "\(r)")
        }
        // Which raw corner becomes the displayed lower-left (origin): 0 → (x0, y0),
        // 90 → (x1, y0), 180 → (x1, y1), 270 → (x0, y1).
        let origin: [PageRotation: Point] = [
            .degrees0: Point(x: 20, y: 30), .degrees90: Point(x: 420, y: 30),
            .degrees180: Point(x: 420, y: 630), .degrees270: Point(x: 20, y: 630),
        ]
        for (r, corner) in origin {
            #expect(makePage(crop: Self.crop, rotation: r).rawPoint(fromPage: .zero) == corner, "\(r)")
        }
    }

    @Test("pageToRaw inverts rawToPage: random boxes, points and rotations (seeded)")
    func roundTrip() {
        var rng = SeededGenerator(seed: 0xC0FF_EE01)
        for i in 0..<2000 {
            let rotation = PageRotation.allCases[i % 4]
            let x0 = Double.random(in: -5000...5000, using: &rng), y0 = Double.random(in: -5000...5000, using: &rng)
            let crop = Rect(x: x0, y: y0, width: Double.random(in: 1...14_400, using: &rng),
                            height: Double.random(in: 1...14_400, using: &rng))
            let p = makePage(crop: crop, rotation: rotation)
            let raw = Point(x: Double.random(in: -20_000...20_000, using: &rng), y: Double.random(in: -20_000...20_000, using: &rng))
            // Magnitudes up to ~4·10⁴; 1e-9 relative to that.
            let tol = 1e-9 * 40_000
            let pagePoint = p.pagePoint(fromRaw: raw)
            #expect(pagePoint.isApproximatelyEqual(to: handRawToPage(raw, crop: crop, rotation: rotation), absoluteTolerance: tol), "case \(i)")
            #expect(p.rawPoint(fromPage: pagePoint).isApproximatelyEqual(to: raw, absoluteTolerance: tol), "case \(i)")
            #expect(p.rawToPage.concatenating(p.pageToRaw).isApproximatelyEqual(to: .identity, absoluteTolerance: tol), "case \(i)")
            #expect(p.pageToRaw.concatenating(p.rawToPage).isApproximatelyEqual(to: .identity, absoluteTolerance: tol), "case \(i)")
            // Corners onto corners, for random boxes too.
            let s = p.size
            for corner in crop.corners {
                let q = p.pagePoint(fromRaw: corner)
                #expect((q.x.isApproximatelyEqual(to: 0, absoluteTolerance: tol) || q.x.isApproximatelyEqual(to: s.width, absoluteTolerance: tol)) && (q.y.isApproximatelyEqual(to: 0, absoluteTolerance: tol) || q.y.isApproximatelyEqual(to: s.height, absoluteTolerance: tol)),
                        "case \(i) corner \(corner) → \(q)")
            }
        }
    }
}

// MARK: - PageInfo Codable

@Suite("PageInfo Codable")
struct PageInfoCodableTests {
    static let sample = PageInfo(
        index: 7, label: "A-3",
        boxes: PageBoxes(mediaBox: pdf(0, 0, 595.276, 841.89), cropBox: pdf(10.5, 20.25, 585.125, 830.75),
                         bleedBox: pdf(12, 22, 583, 828), trimBox: pdf(28.3465, 28.3465, 566.9295, 813.5435),
                         artBox: pdf(100, 100, 200, 200)),
        rawRotation: -90, userUnit: 2)

    static func object(_ page: PageInfo) throws -> [String: Any] {
        let data = try JSONEncoder().encode(page)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("encode then decode gives the same value")
    func roundTrip() throws {
        let data = try JSONEncoder().encode(Self.sample)
        let back = try JSONDecoder().decode(PageInfo.self, from: data)
        #expect(back == Self.sample)
        #expect(back.rawRotation == -90 && back.rotation == .degrees270 && back.userUnit == 2 && back.label == "A-3")

        // Without a label.
        let unlabelled = PageInfo(index: 0, boxes: PageBoxes(uniform: pdf(0, 0, 612, 792)), rotation: .degrees0)
        let back2 = try JSONDecoder().decode(PageInfo.self, from: try JSONEncoder().encode(unlabelled))
        #expect(back2 == unlabelled)
    }

    @Test("the encoded object has exactly the documented keys")
    func keys() throws {
        let o = try Self.object(Self.sample)
        #expect(Set(o.keys) == ["index", "label", "rotation", "rotationRaw", "userUnit", "mediaBox", "cropBox",
                                "bleedBox", "trimBox", "artBox", "size", "transform"])
        for box in ["mediaBox", "cropBox", "bleedBox", "trimBox", "artBox"] {
            let r = try #require(o[box] as? [String: Any], "\(box)")
            #expect(Set(r.keys) == ["x", "y", "width", "height"], "\(box)")
        }
        #expect(Set(try #require(o["size"] as? [String: Any]).keys) == ["width", "height"])
        #expect(Set(try #require(o["transform"] as? [String: Any]).keys) == ["a", "b", "c", "d", "tx", "ty"])
        // A missing label is an explicit null, not an absent key.
        let unlabelled = try Self.object(PageInfo(index: 0, boxes: PageBoxes(uniform: pdf(0, 0, 612, 792)), rotation: .degrees0))
        #expect(unlabelled.keys.contains("label"))
        #expect(unlabelled["label"] is NSNull)
    }

    @Test("the encoded values: rotation, rotationRaw, boxes, size and transform")
    func values() throws {
        let o = try Self.object(Self.sample)
        #expect(o["index"] as? Int == 7)
        #expect(o["label"] as? String == "A-3")
        #expect(o["rotation"] as? Int == 270)
        #expect(o["rotationRaw"] as? Int == -90)
        #expect(o["userUnit"] as? Double == 2)
        let crop = try #require(o["cropBox"] as? [String: Double])
        // [10.5 20.25 585.125 830.75] → x 10.5, y 20.25, width 574.625, height 810.5.
        #expect(crop == ["x": 10.5, "y": 20.25, "width": 574.625, "height": 810.5])
        // Displayed size at 270: 810.5 × 574.625.
        #expect(try #require(o["size"] as? [String: Double]) == ["width": 810.5, "height": 574.625])
        // 270: (y1 − y, x − x0) with x0 10.5, y1 830.75 → a 0, b 1, c −1, d 0, tx 830.75, ty −10.5.
        #expect(try #require(o["transform"] as? [String: Double])
            == ["a": 0, "b": 1, "c": -1, "d": 0, "tx": 830.75, "ty": -10.5])
    }

    @Test("decoding: size and transform are derived and ignored; rotationRaw and userUnit have defaults")
    func decodingDefaults() throws {
        let json = """
            {"index": 2, "label": null, "rotation": 90,
             "mediaBox": {"x": 0, "y": 0, "width": 612, "height": 792},
             "cropBox": {"x": 0, "y": 0, "width": 612, "height": 792},
             "bleedBox": {"x": 0, "y": 0, "width": 612, "height": 792},
             "trimBox": {"x": 0, "y": 0, "width": 612, "height": 792},
             "artBox": {"x": 0, "y": 0, "width": 612, "height": 792},
             "size": {"width": 1, "height": 1},
             "transform": {"a": 9, "b": 9, "c": 9, "d": 9, "tx": 9, "ty": 9}}
            """
        let p = try JSONDecoder().decode(PageInfo.self, from: Data(json.utf8))
        #expect(p.index == 2 && p.label == nil && p.rotation == .degrees90)
        #expect(p.rawRotation == 90)
        #expect(p.userUnit == 1)
        #expect(p.size == Size(width: 792, height: 612))
        // 90 with CropBox [0 0 612 792]: (y, 612 − x).
        #expect(p.rawToPage == AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 612))
    }
}

// MARK: - Rect

@Suite("Rect")
struct RectTests {
    @Test("standardized")
    func standardized() {
        #expect(Rect(x: 10, y: 20, width: -5, height: -8).standardized == Rect(x: 5, y: 12, width: 5, height: 8))
        #expect(Rect(x: 10, y: 20, width: -5, height: 8).standardized == Rect(x: 5, y: 20, width: 5, height: 8))
        #expect(Rect(x: 10, y: 20, width: 5, height: -8).standardized == Rect(x: 10, y: 12, width: 5, height: 8))
        #expect(Rect(x: 10, y: 20, width: 5, height: 8).standardized == Rect(x: 10, y: 20, width: 5, height: 8))
        #expect(Rect(x: -3, y: -4, width: 0, height: 0).standardized == Rect(x: -3, y: -4, width: 0, height: 0))
        let r = Rect(x: 10, y: 20, width: -5, height: -8)
        #expect(r.minX == 5 && r.maxX == 10 && r.minY == 12 && r.maxY == 20)
    }

    @Test("isEmpty means zero area")
    func isEmpty() {
        #expect(Rect(x: 1, y: 1, width: 0, height: 5).isEmpty)
        #expect(Rect(x: 1, y: 1, width: 5, height: 0).isEmpty)
        #expect(Rect.zero.isEmpty)
        #expect(!Rect(x: 1, y: 1, width: -5, height: -5).isEmpty)
    }

    @Test("intersection edge cases")
    func intersection() {
        let a = Rect(x: 0, y: 0, width: 100, height: 100)
        // Overlap: [50 50 100 100].
        #expect(a.intersection(Rect(x: 50, y: 50, width: 100, height: 100)) == Rect(x: 50, y: 50, width: 50, height: 50))
        // Commutative.
        #expect(Rect(x: 50, y: 50, width: 100, height: 100).intersection(a) == Rect(x: 50, y: 50, width: 50, height: 50))
        // Identical.
        #expect(a.intersection(a) == a)
        // Containment, both ways: the inner rectangle.
        let inner = Rect(x: 10.1, y: 20.2, width: 30.3, height: 40.4)
        #expect(a.intersection(inner) == inner)
        #expect(inner.intersection(a) == inner)
        // Shared edge or corner only: no area → nil.
        #expect(a.intersection(Rect(x: 100, y: 0, width: 50, height: 100)) == nil)
        #expect(a.intersection(Rect(x: 0, y: 100, width: 100, height: 50)) == nil)
        #expect(a.intersection(Rect(x: 100, y: 100, width: 5, height: 5)) == nil)
        // Disjoint.
        #expect(a.intersection(Rect(x: 200, y: 200, width: 5, height: 5)) == nil)
        #expect(!a.intersects(Rect(x: 200, y: 200, width: 5, height: 5)))
        // A zero-area rectangle inside: no area → nil, in either order.
        let line = Rect(x: 10, y: 10, width: 0, height: 50)
        #expect(a.intersection(line) == nil)
        #expect(line.intersection(a) == nil)
        #expect(Rect.zero.intersection(Rect.zero) == nil)
        // Unstandardized input gives a standardized result: [100 100 −60 −60] is [40 40 100 100].
        #expect(a.intersection(Rect(x: 100, y: 100, width: -60, height: -60)) == Rect(x: 40, y: 40, width: 60, height: 60))
        #expect(Rect(x: 120, y: 120, width: -60, height: -60).intersection(a) == Rect(x: 60, y: 60, width: 40, height: 40))
        // Negative coordinates.
        #expect(Rect(x: -50, y: -50, width: 100, height: 100).intersection(Rect(x: -100, y: 0, width: 75, height: 10))
            == Rect(x: -50, y: 0, width: 25, height: 10))
        // Area.
        #expect(a.intersectionArea(Rect(x: 50, y: 50, width: 100, height: 100)) == 2500)
        #expect(a.intersectionArea(Rect(x: 500, y: 50, width: 100, height: 100)) == 0)
    }

    @Test("contains: edges are inside")
    func contains() {
        let a = Rect(x: 0, y: 0, width: 100, height: 100)
        #expect(a.contains(a))
        #expect(a.contains(Rect(x: 0, y: 0, width: 100, height: 50)))
        #expect(a.contains(Rect(x: 10, y: 10, width: 0, height: 0)))
        #expect(!a.contains(Rect(x: 50, y: 50, width: 51, height: 10)))
        #expect(!a.contains(Rect(x: -0.001, y: 0, width: 10, height: 10)))
        #expect(!Rect(x: 10, y: 10, width: 10, height: 10).contains(a))
        // Unstandardized: [100 100 −100 −100] is the same square.
        #expect(Rect(x: 100, y: 100, width: -100, height: -100).contains(Rect(x: 1, y: 1, width: 98, height: 98)))
        #expect(a.contains(Rect(x: 100, y: 100, width: -100, height: -100)))

        for corner in a.corners { #expect(a.contains(corner), "\(corner)") }
        #expect(a.contains(Point(x: 100, y: 50)))
        #expect(a.contains(Point(x: 50, y: 50)))
        #expect(!a.contains(Point(x: 100.0001, y: 50)))
        #expect(!a.contains(Point(x: 50, y: -0.0001)))
        #expect(Rect(x: 100, y: 100, width: -100, height: -100).contains(Point(x: 0, y: 0)))
    }

    @Test("corners, centre and pdfArray")
    func misc() {
        let r = pdf(300, 400, 100, 0)
        #expect(r == Rect(x: 100, y: 0, width: 200, height: 400))
        #expect(r.corners == [Point(x: 100, y: 0), Point(x: 300, y: 0), Point(x: 300, y: 400), Point(x: 100, y: 400)])
        #expect(r.center == Point(x: 200, y: 200))
        #expect(Rect(corner: Point(x: 5, y: 9), opposite: Point(x: 1, y: 2)) == Rect(x: 1, y: 2, width: 4, height: 7))
    }
}

// MARK: - Size, descriptions and formatCompact

@Suite("Size and text forms")
struct SizeAndDescriptionTests {
    @Test("Size: transposed and aspect ratio")
    func size() {
        #expect(Size(width: 400, height: 600).transposed == Size(width: 600, height: 400))
        #expect(Size(width: 400, height: 800).aspectRatio == 0.5)
        #expect(Size(width: 1, height: 0).aspectRatio.isInfinite)
    }

    /// formatCompact's contract (the one number rule, `NumberText`): no trailing noise, never
    /// "612.0" or "-0"; integral values up to 2^53 as integers; anything else rounded to 10⁻⁹ and
    /// then in Swift's shortest round-trip form (see NumberTextTests for the rounding).
    @Test("formatCompact", arguments: [
        (612.0, "612"), (595.276, "595.276"), (-0.5, "-0.5"), (0.0, "0"), (-0.0, "0"), (-612.0, "-612"),
        (1e15, "1000000000000000"), (9_007_199_254_740_991, "9007199254740991"), (1e20, "1e+20"), (0.1, "0.1"),
    ])
    func compact(value: Double, expected: String) {
        #expect(formatCompact(value) == expected, "\(value)")
    }

    @Test("descriptions use the compact numbers")
    func descriptions() {
        #expect(Point(x: 1, y: -2.5).description == "(1, -2.5)")
        #expect(Size(width: 595.276, height: 841.89).description == "595.276x841.89")
        #expect(Rect(x: 0, y: -0.0, width: 612, height: 792).description == "0,0,612,792")
        #expect(PageRotation.degrees270.description == "270")
        #expect(AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: -30, ty: 420).description
            == "[a: 0, b: -1, c: 1, d: 0, tx: -30, ty: 420]")
    }
}

// MARK: - AffineTransform

@Suite("AffineTransform")
struct AffineTransformTests {
    @Test("a singular transform has no inverse")
    func singular() {
        // det = 1·4 − 2·2 = 0.
        #expect(AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6).inverted() == nil)
        #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
        #expect(AffineTransform(scaleX: 3, y: 0).inverted() == nil)
        #expect(AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0).inverted() == nil)
        // Not finite.
        #expect(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted() == nil)
        #expect(AffineTransform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted() == nil)
    }

    @Test("inverse of invertible transforms, by hand")
    func inverse() throws {
        #expect(AffineTransform.identity.inverted() == .identity)
        // translate(10, −20)⁻¹ = translate(−10, 20).
        #expect(AffineTransform(translationX: 10, y: -20).inverted() == AffineTransform(translationX: -10, y: 20))
        // scale(2, 4)⁻¹ = scale(0.5, 0.25).
        #expect(AffineTransform(scaleX: 2, y: 4).inverted() == AffineTransform(scaleX: 0.5, y: 0.25))
        // (x, y) → (2x + 10, 4y − 8); inverse (x, y) → ((x − 10)/2, (y + 8)/4) = (0.5x − 5, 0.25y + 2).
        let t = AffineTransform(a: 2, b: 0, c: 0, d: 4, tx: 10, ty: -8)
        #expect(t.inverted() == AffineTransform(a: 0.5, b: 0, c: 0, d: 0.25, tx: -5, ty: 2))
        // A general (sheared) transform: t · t⁻¹ ≈ identity.
        let g = AffineTransform(a: 1.5, b: 0.25, c: -0.75, d: 2, tx: 3, ty: -4)
        let gi = try #require(g.inverted())
        #expect(g.concatenating(gi).isApproximatelyEqual(to: .identity, absoluteTolerance: 1e-12))
        #expect(gi.concatenating(g).isApproximatelyEqual(to: .identity, absoluteTolerance: 1e-12))
        #expect(g.determinant == 1.5 * 2 - 0.25 * -0.75)
    }

    @Test("concatenating applies the receiver first: translate then scale ≠ scale then translate")
    func order() {
        let translate = AffineTransform(translationX: 10, y: 20)
        let scale = AffineTransform(scaleX: 2, y: 3)
        // Translate, then scale: (x, y) → ((x + 10)·2, (y + 20)·3) = (2x + 20, 3y + 60).
        let ts = translate.concatenating(scale)
        #expect(ts == AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 20, ty: 60))
        #expect(ts.apply(to: Point(x: 1, y: 1)) == Point(x: 22, y: 63))
        // Scale, then translate: (2x + 10, 3y + 20).
        let st = scale.concatenating(translate)
        #expect(st == AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 20))
        #expect(st.apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 23))
        #expect(ts != st)
        // The helpers read the same way.
        #expect(translate.scaledAfter(x: 2, y: 3) == ts)
        #expect(scale.translatedAfter(x: 10, y: 20) == st)

        // Rotate 90° clockwise (x, y) → (y, −x), then translate by (5, 0): (y + 5, −x).
        let r = PageRotation.degrees90.transform
        #expect(r.concatenating(AffineTransform(translationX: 5, y: 0)).apply(to: Point(x: 1, y: 2)) == Point(x: 7, y: -1))
        // Translate first, then rotate: (x + 5, y) → (y, −x − 5).
        #expect(AffineTransform(translationX: 5, y: 0).concatenating(r).apply(to: Point(x: 1, y: 2)) == Point(x: 2, y: -6))
    }

    @Test("apply to a rectangle and a size")
    func applyRectAndSize() {
        // 90° then translate: [0 0 10 20] → corners (y, −x) span x 0…20, y −10…0.
        let r = PageRotation.degrees90.transform
        #expect(r.apply(to: Rect(x: 0, y: 0, width: 10, height: 20)) == Rect(x: 0, y: -10, width: 20, height: 10))
        // Sizes are vectors: no translation, signs kept.
        #expect(r.apply(to: Size(width: 10, height: 20)) == Size(width: 20, height: -10))
        #expect(AffineTransform(translationX: 100, y: 100).apply(to: Size(width: 3, height: 4)) == Size(width: 3, height: 4))
    }
}
