// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoRecords

/// How the PDFs of a check are paired with their goldens: one golden per PDF in the same order,
/// or a folder of goldens matched by file name (``GoldenFile/path(forPDF:in:)``).
package enum GoldenPairing: Hashable, Sendable {
    /// One golden path per PDF, in the same order.
    case files([String])
    /// A folder of goldens: `book.pdf` → `DIR/book.golden.json`.
    case directory(String)

    /// Why PDFs and goldens cannot be paired.
    package enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// Neither goldens nor a folder were given.
        case noGoldens
        /// The counts of PDFs and goldens differ.
        case countMismatch(files: Int, goldens: Int)
        /// Two PDFs of the same name would share one golden in the folder.
        case sharedGolden(first: String, second: String, golden: String)

        /// One line for a person, saying what to change, in the library's wording (``message(_:)``).
        package var description: String { message(.library) }

        /// One line for a person, saying which setting to change, named in `wording`.
        package func message(_ wording: Wording) -> String {
            let golden = wording.name(.golden)
            return switch self {
            case .noGoldens where wording == .commandLine:
                "give the golden of each file with \(golden) GOLDEN.json, or a folder of them with \(wording.name(.goldenDirectory)) DIR"
            case .noGoldens:
                "give the golden of each file (\(golden)), or a folder of them (\(wording.name(.goldenDirectory)))"
            case .countMismatch(let files, let goldens) where wording == .commandLine:
                "\(files) file\(files == 1 ? "" : "s") but \(goldens) \(golden) value\(goldens == 1 ? "" : "s"); give one \(golden) per file, in the same order"
            case .countMismatch(let files, let goldens):
                "\(files) file\(files == 1 ? "" : "s") but \(goldens) golden\(goldens == 1 ? "" : "s") (\(golden)); give one golden per file, in the same order"
            case .sharedGolden(let first, let second, let golden):
                "'\(first)' and '\(second)' would share the golden \(golden); check them in separate runs"
            }
        }
    }

    /// Each PDF with its golden, in the order of `pdfs`.
    package func pairs(_ pdfs: [String]) throws(Problem) -> [(pdf: String, golden: String)] {
        switch self {
        case .directory(let directory):
            let pairs = pdfs.map { ($0, GoldenFile.path(forPDF: $0, in: directory)) }
            var seen: [String: String] = [:]
            for (pdf, golden) in pairs {
                if let other = seen[golden] { throw .sharedGolden(first: other, second: pdf, golden: golden) }
                seen[golden] = pdf
            }
            return pairs
        case .files(let goldens):
            guard !goldens.isEmpty else { throw .noGoldens }
            guard goldens.count == pdfs.count else { throw .countMismatch(files: pdfs.count, goldens: goldens.count) }
            return Array(zip(pdfs, goldens))
        }
    }
}
