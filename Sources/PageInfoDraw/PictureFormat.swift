// SPDX-License-Identifier: Apache-2.0
/// The file format of a picture, chosen by the output file's extension.
package enum PictureFormat: String, CaseIterable, Hashable, Sendable {
    /// A PNG image (``PNGEncoder``).
    case png
    /// An SVG document with the page embedded as a PNG image (``SVGWriter``).
    case svg

    /// An output name whose extension is not one of the formats allowed.
    package struct NameError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The file name as given.
        package var fileName: String
        /// The formats that were allowed.
        package var allowed: [PictureFormat]

        /// An error for `fileName` when only `allowed` formats may be written.
        package init(fileName: String, allowed: [PictureFormat]) { self.fileName = fileName; self.allowed = allowed }

        /// `'out.gif' should end in .png or .svg: the extension chooses the format`.
        package var description: String {
            let names = allowed.map { ".\($0.rawValue)" }.sorted().joined(separator: " or ")
            return "'\(fileName)' should end in \(names): the extension chooses the format"
        }
    }

    /// The format `fileName` asks for by its extension (`.png`, `.svg`, any case), among
    /// `allowed`; a name that is only the extension is refused.
    package init(fileName: String, allowed: [PictureFormat] = PictureFormat.allCases) throws(NameError) {
        let lower = fileName.lowercased()
        guard let format = allowed.first(where: { lower.hasSuffix(".\($0.rawValue)") && lower.count > $0.rawValue.count + 1 }) else {
            throw NameError(fileName: fileName, allowed: allowed)
        }
        self = format
    }
}
