// SPDX-License-Identifier: Apache-2.0
import Foundation
import PageGeometry
#if canImport(Testing)
import Testing
#endif

/// A damaged fixture's golden file (`Fixtures/damaged/NAME.golden.json`), typed.
/// scripts/make_damaged_fixtures.py writes each from how it built the file: every position of
/// the page tree (a page's CropBox, rotation, label and warnings, or its page error), the
/// document's warnings, the status, the file error code and the exit status. It is never copied
/// from our own output.
public struct DamagedFixtureGolden: Decodable, Sendable {
    /// One position of the page tree.
    public struct Page: Decodable, Sendable {
        /// 0-based, as walked.
        public var index: Int
        /// The page error's code (`kid-missing`…); `nil` for a page.
        public var error: String?
        /// `[x, y, width, height]`, raw PDF points; `nil` for a page error.
        public var cropBox: [Double]?
        /// Normalized to 0, 90, 180 or 270; `nil` for a page error.
        public var rotation: Int?
        public var label: String?
        /// The codes of the position's warnings.
        public var warnings: [String]
        /// The page's /UserUnit where the fixture pins it (1 when absent).
        public var userUnit: Double?

        /// ``cropBox`` as a rectangle.
        public var cropRect: Rect? {
            guard let box = cropBox, box.count == 4 else { return nil }
            return Rect(x: box[0], y: box[1], width: box[2], height: box[3])
        }
    }

    /// The PDF's file name in `Fixtures/damaged/`.
    public var file: String
    /// `ok`, `partial` or `failed`.
    public var status: String
    /// The exit status `pageinfo pages` gives it (0, 2, 65…).
    public var exit: Int32
    /// Positions of the page tree as walked.
    public var pageCount: Int?
    /// The /Count the root /Pages node claims, `nil` when absent.
    public var countClaimed: Int?
    /// The codes of the document's warnings.
    public var documentWarnings: [String]
    /// The file error's code of a failed file.
    public var errorCode: String?
    public var pages: [Page]
    /// The Poppler release (major.minor) this outcome is from, when another release repairs
    /// the file otherwise; such a golden is compared on that release only.
    public var poppler: String?

    /// The fixture's absolute path.
    public var path: String { Paths.fixture("damaged/" + file) }

    /// Whether a strict reading passes it: ok, and no warning anywhere.
    public var isClean: Bool { status == "ok" && documentWarnings.isEmpty && pages.allSatisfy { $0.warnings.isEmpty } }

    /// Warning codes whose presence depends on how a Poppler release repairs a file.
    public static let popplerDependent: Set<String> = ["xref-repaired", "poppler-diagnostic"]

    /// Every golden of `Fixtures/damaged/`, sorted by file name (one that does not decode is
    /// left out: count them to see it).
    public static let all: [DamagedFixtureGolden] = {
        let dir = Paths.fixtures.appendingPathComponent("damaged")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".golden.json") }.sorted().compactMap {
            try? JSONDecoder().decode(DamagedFixtureGolden.self, from: Data(contentsOf: dir.appendingPathComponent($0)))
        }
    }()

    /// The warnings a golden lists that Poppler `version` (`26.07.0`) need not give for `file`
    /// (a name under `Fixtures/damaged/`): the rows of scripts/poppler_compat_allowed.tsv
    /// (release, file, code, reason) for that release, the one list of the differences between
    /// releases that `make poppler-compat` accepts, each with why.
    public static func allowedMissing(_ file: String, onPoppler version: String) -> Set<String> {
        let release = version.split(separator: ".").prefix(2).joined(separator: ".")
        let path = Paths.packageRoot.appendingPathComponent("scripts/poppler_compat_allowed.tsv").path
        let rows = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        return Set(rows.filter { $0.count >= 3 && $0[0] == release && $0[1] == "Fixtures/damaged/" + file }.map { $0[2] })
    }

    /// The goldens whose outcome Poppler `version` (`22.12.0`) gives: every one without ``poppler``.
    public static func comparable(onPoppler version: String) -> [DamagedFixtureGolden] {
        all.filter { g in g.poppler.map { version.hasPrefix($0 + ".") } ?? true }
    }
}

#if canImport(Testing)
extension DamagedFixtureGolden: CustomTestStringConvertible {
    public var testDescription: String { file }
}
#endif
