// SPDX-License-Identifier: Apache-2.0
import func Foundation.pow
import PageGeometry
import Testing
import PageInfoTestSupport

/// Property tests over random pages (all four rotations, crop boxes with negative and offset
/// origins and widely varying sizes), random view sizes and random placements (aspect fit,
/// explicit viewports beyond the page, zoom + centre, page frames). The generator is seeded,
/// so every run checks the same cases; a failure message names the case.
@Suite("PagePlacement properties")
struct PagePlacementPropertyTests {
    static let caseCount = 4000
    /// Round trips must be exact to 1e-9 relative to the largest coordinate involved.
    static let tolerance = 1e-9

    struct Case: CustomStringConvertible {
        var page: PageInfo
        var placement: PagePlacement
        var kind: String
        var description: String {
            "\(kind): crop \(page.cropBox) rot \(page.rotation) view \(placement.viewSize) viewport \(placement.viewport)"
        }
        /// Scale of the numbers in play: crop box, view and page-frame coordinates.
        var magnitude: Double {
            Swift.max(PageGeometryTests.magnitude(page.cropBox), PageGeometryTests.magnitude(placement.pageFrame),
                      PageGeometryTests.magnitude(placement.viewBounds), PageGeometryTests.magnitude(placement.viewport))
        }
    }

    static func randomCrop(_ rng: inout SeededGenerator) -> Rect {
        // Origins from −5000 to 5000 (negative and offset), sizes from 0.5 pt to 14 400 pt
        // (the largest page size the spec allows at UserUnit 1), log-uniform.
        let w = 0.5 * pow(2, Double.random(in: 0...14.8, using: &rng))
        let h = 0.5 * pow(2, Double.random(in: 0...14.8, using: &rng))
        let x = Double.random(in: -5000...5000, using: &rng), y = Double.random(in: -5000...5000, using: &rng)
        return Rect(x: x, y: y, width: w, height: h)
    }

    static func randomViewSize(_ rng: inout SeededGenerator) -> Size {
        Size(width: Double.random(in: 1...4000, using: &rng), height: Double.random(in: 1...4000, using: &rng))
    }

    static func makeCases() -> [Case] {
        var rng = SeededGenerator(seed: 0x5EED_0003)
        var cases: [Case] = []
        for i in 0..<caseCount {
            let rotation = PageRotation.allCases[i % 4]
            let page = makePage(crop: randomCrop(&rng), rotation: rotation)
            let size = page.size
            let view = randomViewSize(&rng)
            let placement: PagePlacement
            let kind: String
            switch i % 5 {
            case 0:
                kind = "fit"
                placement = try! PagePlacement(page: page, viewSize: view)
            case 1:
                kind = "viewport"
                // Anywhere from well left/below the page to beyond it; 1% to 300% of its width.
                let w = size.width * Double.random(in: 0.01...3, using: &rng)
                let h = size.height * Double.random(in: 0.01...3, using: &rng)
                let vp = Rect(x: Double.random(in: -size.width...(2 * size.width), using: &rng),
                              y: Double.random(in: -size.height...(2 * size.height), using: &rng), width: w, height: h)
                placement = try! PagePlacement(page: page, viewSize: view, viewport: vp)
            case 2:
                kind = "zoom"
                let c = Point(x: Double.random(in: -0.5...1.5, using: &rng) * size.width,
                              y: Double.random(in: -0.5...1.5, using: &rng) * size.height)
                placement = try! PagePlacement(page: page, viewSize: view, zoomScale: Double.random(in: 0.1...20, using: &rng), center: c)
            case 3:
                kind = "frame"
                let s = Double.random(in: 0.01...20, using: &rng)
                let frame = Rect(x: Double.random(in: -2000...2000, using: &rng), y: Double.random(in: -2000...2000, using: &rng),
                                 width: size.width * s, height: size.height * s)
                placement = try! PagePlacement(page: page, viewSize: view, pageFrame: frame)
            default:
                kind = "stretch"
                placement = try! PagePlacement(stretching: page, toFill: view)
            }
            cases.append(Case(page: page, placement: placement, kind: kind))
        }
        return cases
    }

    static let cases = makeCases()

    /// Random points spread over and around the crop box (raw space).
    static func rawPoints(for page: PageInfo, _ rng: inout SeededGenerator) -> [Point] {
        let c = page.cropBox
        return (0..<4).map { _ in
            Point(x: c.minX + c.width * Double.random(in: -1...2, using: &rng),
                  y: c.minY + c.height * Double.random(in: -1...2, using: &rng))
        }
    }

    @Test func rawToViewToRawIsIdentity() {
        var rng = SeededGenerator(seed: 1)
        var failures = 0
        for k in Self.cases {
            for p in Self.rawPoints(for: k.page, &rng) {
                let v = k.placement.viewPoint(fromRaw: p)
                let back = k.placement.rawPoint(fromView: v)
                let mag = Swift.max(k.magnitude, magnitude(p), magnitude(v))
                if !back.isApproximatelyEqual(to: p, absoluteTolerance: Self.tolerance * Swift.max(1, mag)) {
                    failures += 1
                    if failures < 5 { Issue.record("\(k): raw \(p) → view \(v) → raw \(back)") }
                }
            }
        }
        #expect(failures == 0)
    }

    @Test func pageToViewToPageIsIdentity() {
        var rng = SeededGenerator(seed: 2)
        var failures = 0
        for k in Self.cases {
            let s = k.placement.pageSize
            for _ in 0..<4 {
                let p = Point(x: s.width * Double.random(in: -1...2, using: &rng), y: s.height * Double.random(in: -1...2, using: &rng))
                let v = k.placement.viewPoint(fromPage: p)
                let back = k.placement.pagePoint(fromView: v)
                let mag = Swift.max(k.magnitude, magnitude(p), magnitude(v))
                if !back.isApproximatelyEqual(to: p, absoluteTolerance: Self.tolerance * Swift.max(1, mag)) {
                    failures += 1
                    if failures < 5 { Issue.record("\(k): page \(p) → view \(v) → page \(back)") }
                }
                // And view → page → view, through the generic API.
                let vp = Point(x: Double.random(in: -1000...5000, using: &rng), y: Double.random(in: -1000...5000, using: &rng))
                let again = k.placement.convert(k.placement.convert(vp, from: .view, to: .raw), from: .raw, to: .view)
                if !again.isApproximatelyEqual(to: vp, absoluteTolerance: Self.tolerance * Swift.max(1, Swift.max(k.magnitude, magnitude(vp)))) {
                    failures += 1
                    if failures < 5 { Issue.record("\(k): view \(vp) → raw → view \(again)") }
                }
            }
        }
        #expect(failures == 0)
    }

    /// The crop box's four corners land on the page frame's four corners, each on the right one:
    /// the displayed top-left corner is raw (x0, y1) at 0°, (x0, y0) at 90°, (x1, y0) at 180°
    /// and (x1, y1) at 270°; the others follow clockwise.
    @Test func cropCornersMapToPageFrameCorners() {
        var failures = 0
        for k in Self.cases {
            let c = k.page.cropBox, f = k.placement.pageFrame
            // Raw corners in displayed clockwise order starting at the displayed top-left.
            let ll = Point(x: c.minX, y: c.minY), lr = Point(x: c.maxX, y: c.minY)
            let ur = Point(x: c.maxX, y: c.maxY), ul = Point(x: c.minX, y: c.maxY)
            let clockwiseFromTopLeft: [Point] = switch k.page.rotation {
            case .degrees0: [ul, ur, lr, ll]
            case .degrees90: [ll, ul, ur, lr]
            case .degrees180: [lr, ll, ul, ur]
            case .degrees270: [ur, lr, ll, ul]
            }
            let viewCorners = [Point(x: f.minX, y: f.minY), Point(x: f.maxX, y: f.minY),
                               Point(x: f.maxX, y: f.maxY), Point(x: f.minX, y: f.maxY)]
            for (raw, expected) in zip(clockwiseFromTopLeft, viewCorners) {
                let got = k.placement.viewPoint(fromRaw: raw)
                if !got.isApproximatelyEqual(to: expected, absoluteTolerance: Self.tolerance * Swift.max(1, k.magnitude)) {
                    failures += 1
                    if failures < 5 { Issue.record("\(k): corner \(raw) → \(got), expected \(expected)") }
                }
            }
            // The whole crop box maps onto the page frame, and page bounds likewise.
            if !k.placement.viewRect(fromRaw: c).isApproximatelyEqual(to: f, absoluteTolerance: Self.tolerance * Swift.max(1, k.magnitude))
                || !k.placement.viewRect(fromPage: k.placement.pageBounds).isApproximatelyEqual(to: f, absoluteTolerance: Self.tolerance * Swift.max(1, k.magnitude)) {
                failures += 1
                if failures < 5 { Issue.record("\(k): crop box → \(k.placement.viewRect(fromRaw: c)), frame \(f)") }
            }
        }
        #expect(failures == 0)
    }

    /// A viewport equal to the page's bounds, in a view of the page's aspect ratio, is the view's
    /// bounds — whatever the rotation, crop offset or scale.
    @Test func pageBoundsViewportInMatchingViewIsViewBounds() throws {
        var rng = SeededGenerator(seed: 3)
        for i in 0..<Self.caseCount {
            let page = makePage(crop: Self.randomCrop(&rng), rotation: PageRotation.allCases[i % 4])
            let k = Double.random(in: 0.01...50, using: &rng)
            let view = Size(width: page.size.width * k, height: page.size.height * k)
            let p = try PagePlacement(page: page, viewSize: view, viewport: page.pageBounds)
            let mag = Swift.max(magnitude(page.cropBox), view.width, view.height)
            #expect(p.convert(page.pageBounds, from: .page, to: .view).isApproximatelyEqual(to: p.viewBounds, absoluteTolerance: Self.tolerance * Swift.max(1, mag)),
                    "crop \(page.cropBox) rot \(page.rotation) view \(view)")
            #expect(p.viewRect(fromRaw: page.cropBox).isApproximatelyEqual(to: p.viewBounds, absoluteTolerance: Self.tolerance * Swift.max(1, mag)))
            // Zoom 1: the page fits exactly, so the viewport is the page and the zoom is 1.
            #expect(abs(p.zoomScale - 1) <= 1e-12)
            #expect(p.visibleRect.isApproximatelyEqual(to: page.pageBounds, absoluteTolerance: Self.tolerance * Swift.max(1, mag)))
        }
    }

    /// Page frame → viewport → page frame is the identity for any frame; viewport → page frame →
    /// viewport is the identity for viewports of the view's aspect ratio, and gives the visible
    /// rectangle (same centre and width) for the others.
    @Test func viewportAndPageFrameInvertEachOther() throws {
        var rng = SeededGenerator(seed: 4)
        var failures = 0
        for k in Self.cases where k.kind != "stretch" {
            let size = k.placement.pageSize, view = k.placement.viewSize
            let frame = k.placement.pageFrame
            let viewport = try PagePlacement.viewport(pageSize: size, viewSize: view, pageFrame: frame)
            let frameAgain = try PagePlacement.pageFrame(pageSize: size, viewSize: view, viewport: viewport)
            let mag = Swift.max(k.magnitude, magnitude(viewport))
            if !frameAgain.isApproximatelyEqual(to: frame, absoluteTolerance: Self.tolerance * Swift.max(1, mag)) {
                failures += 1
                if failures < 5 { Issue.record("\(k): frame \(frame) → \(viewport) → \(frameAgain)") }
            }
            // A viewport of the view's aspect ratio, random centre and width.
            let w = size.width * Double.random(in: 0.05...4, using: &rng)
            let vp = Rect(x: Double.random(in: -size.width...size.width, using: &rng),
                          y: Double.random(in: -size.height...size.height, using: &rng),
                          width: w, height: w * view.height / view.width)
            let f = try PagePlacement.pageFrame(pageSize: size, viewSize: view, viewport: vp)
            let vpAgain = try PagePlacement.viewport(pageSize: size, viewSize: view, pageFrame: f)
            let mag2 = Swift.max(k.magnitude, magnitude(vp), magnitude(f))
            if !vpAgain.isApproximatelyEqual(to: vp, absoluteTolerance: Self.tolerance * Swift.max(1, mag2)) {
                failures += 1
                if failures < 5 { Issue.record("\(k): viewport \(vp) → \(f) → \(vpAgain)") }
            }
            // The frame-built placement maps like the viewport-built one.
            let byFrame = try PagePlacement(page: k.page, viewSize: view, pageFrame: f)
            let byViewport = try PagePlacement(page: k.page, viewSize: view, viewport: vp)
            let probe = k.page.cropBox.center
            if !byFrame.viewPoint(fromRaw: probe).isApproximatelyEqual(to: byViewport.viewPoint(fromRaw: probe), absoluteTolerance: Self.tolerance * Swift.max(1, mag2)) {
                failures += 1
                if failures < 5 { Issue.record("\(k): frame- and viewport-built placements differ") }
            }
        }
        #expect(failures == 0)
    }

    /// The visible rectangle keeps the viewport's centre and width and has the view's aspect ratio.
    @Test func visibleRectKeepsCentreAndWidth() {
        for k in Self.cases where k.kind == "viewport" {
            let v = k.placement.viewport, r = k.placement.visibleRect
            let mag = Swift.max(k.magnitude, magnitude(r))
            #expect(r.center.isApproximatelyEqual(to: v.center, absoluteTolerance: Self.tolerance * Swift.max(1, mag)), "\(k)")
            #expect(abs(r.width - v.width) <= Self.tolerance * mag, "\(k)")
            #expect(abs(r.width / r.height - k.placement.viewSize.aspectRatio) <= 1e-9 * k.placement.viewSize.aspectRatio, "\(k)")
        }
    }

    /// zoomScale reports the zoom a placement was built with, and rebuilding from the viewport
    /// reproduces the placement.
    @Test func zoomScaleAndViewportRebuild() throws {
        var rng = SeededGenerator(seed: 5)
        for i in 0..<1000 {
            let page = makePage(crop: Self.randomCrop(&rng), rotation: PageRotation.allCases[i % 4])
            let z = Double.random(in: 0.05...50, using: &rng)
            let view = Self.randomViewSize(&rng)
            let p = try PagePlacement(page: page, viewSize: view, zoomScale: z,
                                      center: Point(x: page.size.width * 0.3, y: page.size.height * 0.7))
            #expect(abs(p.zoomScale - z) <= 1e-12 * z)
            let q = try PagePlacement(page: page, viewSize: view, viewport: p.viewport)
            #expect(abs(q.zoomScale - z) <= 1e-9 * z)
            #expect(q.pageToView.isApproximatelyEqual(to: p.pageToView, absoluteTolerance: 1e-9 * Swift.max(1, magnitude(p.pageFrame))))
        }
    }

    /// Converted rectangles are standardized and contain the images of their corners.
    @Test func rectanglesAreStandardized() {
        var rng = SeededGenerator(seed: 6)
        for k in Self.cases {
            let c = k.page.cropBox
            // A rectangle given with negative size (the "other" corner first).
            let r = Rect(x: c.maxX, y: c.maxY, width: -c.width * Double.random(in: 0.1...1, using: &rng),
                         height: -c.height * Double.random(in: 0.1...1, using: &rng))
            for (from, to) in [(CoordinateSpace.raw, CoordinateSpace.view), (.view, .page), (.page, .raw), (.raw, .page)] {
                let out = k.placement.convert(r, from: from, to: to)
                #expect(out.width >= 0 && out.height >= 0 && out == out.standardized, "\(k) \(from)→\(to)")
            }
        }
    }
}
