// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageGeometry

/// A fixture's golden file (`Fixtures/NAME.golden.json`), typed. scripts/make_fixtures.py computes
/// it from the parameters the PDF was built with (an independent implementation of the spec's
/// rules), and scripts/check_fixtures_with_pdfinfo.py cross-checks it with pdfinfo and qpdf; it is
/// never copied from our own output.
public struct FixtureGolden: Decodable, Sendable {
    /// The PDF's file name in `Fixtures/`.
    public var file: String
    public var expect: Expectation
    public var password: String?
    public var pageCount: Int?
    /// /PageLayout and /ViewerPreferences /Direction as the JSON output names them, nil when absent.
    public var pageLayout: String?
    public var direction: String?
    /// How the fixture was built.
    public var description: String
    public var pages: [Page]

    /// What opening the fixture must do.
    public enum Expectation: String, Decodable, Sendable {
        case opens
        case needsPassword = "needs_password"
        case notPDF = "not_pdf"
        case malformed
    }

    /// One page, as `pageinfo pages --format json` prints it (without the transform).
    public struct Page: Decodable, Sendable {
        public var index: Int
        public var label: String?
        /// Normalized to 0, 90, 180 or 270.
        public var rotation: Int
        /// As written (or inherited); 0 when absent.
        public var rotationRaw: Int
        public var userUnit: Double
        /// The effective boxes, in raw PDF user space (points).
        public var mediaBox, cropBox, bleedBox, trimBox, artBox: Rect
        /// The displayed size in points.
        public var size: Size

        /// A box by its PageGeometry name.
        public func box(_ box: PageBox) -> Rect {
            PageBoxes(mediaBox: mediaBox, cropBox: cropBox, bleedBox: bleedBox, trimBox: trimBox, artBox: artBox)[box]
        }
    }

    /// The fixture's absolute path.
    public var path: String { Paths.fixture(file) }
    /// Whether it opens, with `password` when it needs one.
    public var opens: Bool { expect == .opens || expect == .needsPassword }

    /// Reads `Fixtures/NAME.golden.json`, e.g. `FixtureGolden.load("mixed")`.
    public static func load(_ name: String) throws -> FixtureGolden {
        let url = Paths.fixtures.appendingPathComponent("\(name).golden.json")
        return try JSONDecoder().decode(FixtureGolden.self, from: Data(contentsOf: url))
    }

    /// The names of every golden file (`mixed`, `rotations`, …), sorted.
    public static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: Paths.fixtures.path)) ?? []
        return files.filter { $0.hasSuffix(".golden.json") }.map { String($0.dropLast(".golden.json".count)) }.sorted()
    }()
}
