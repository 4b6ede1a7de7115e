import FoundationEssentials  // JSONDecoder without ICU (the CLI avoids full Foundation)
import PageGeometry

extension GeometrySnapshot {
    /// Reads a golden: the JSON document `pageinfo pages FILE --format json` prints.
    ///
    /// Lenient, so that any saved output is a golden and goldens outlive format changes:
    /// unknown keys are ignored; `record`, `warnings`, `status`, `error`, `countClaimed`,
    /// `rotationRaw`, `userUnit` (1), `size` (derived from the CropBox and rotation), `index`
    /// (the position) and `label` (`null`, see ``PageSnapshot/label``) may be missing; a page
    /// with an `error` object is an unreadable page and needs no geometry. An array of
    /// documents (`pages` with several files) is accepted when it holds one document, or one
    /// whose `file` has the same last path component as `file`.
    ///
    /// - Throws: ``GoldenFormatError`` naming the first thing that is not a golden.
    public init(goldenJSON bytes: [UInt8], file: String? = nil) throws(GoldenFormatError) {
        let decoder = JSONDecoder()
        let data = Data(bytes)
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        do {
            if first == UInt8(ascii: "[") {
                let documents = try decoder.decode([GoldenDocumentJSON].self, from: data)
                self = try Self.choose(documents, file: file).snapshot
            } else {
                self = try decoder.decode(GoldenDocumentJSON.self, from: data).snapshot
            }
        } catch let error as GoldenFormatError {
            throw error
        } catch let error as DecodingError {
            throw GoldenFormatError(detail: Self.describe(error))
        } catch {
            throw GoldenFormatError(detail: "\(error)")
        }
    }

    private static func choose(_ documents: [GoldenDocumentJSON], file: String?) throws(GoldenFormatError) -> GoldenDocumentJSON {
        if documents.count == 1 { return documents[0] }
        let name = file.map(lastComponent)
        let matching = documents.filter { doc in doc.file.map(lastComponent) == name }
        guard name != nil, matching.count == 1 else {
            throw GoldenFormatError(detail: "an array of \(documents.count) documents, and not exactly one of them is for '\(name ?? "?")'")
        }
        return matching[0]
    }

    /// `pages[3].cropBox: missing`, `pages[2].rotation: expected a number`.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            var text = ""
            for key in keys {
                if let i = key.intValue { text += "[\(i)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
            }
            return text.isEmpty ? "the document" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(describe(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(describe(type)), found null"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "not valid JSON" }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Double.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default: String(describing: type).hasPrefix("Array<") ? "an array" : "an object"
        }
    }
}

/// A golden file that is not the JSON `pageinfo pages --format json` prints.
public struct GoldenFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and where, e.g. `pages[3].cropBox: missing`.
    public var detail: String
    public var description: String { "not a pageinfo golden: \(detail)" }
}

func lastComponent(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
}

// MARK: - The JSON shapes (docs/records.md), every later addition optional

private struct GoldenDocumentJSON: Decodable {
    var file: String?
    var pageCount: Int?
    var countClaimed: Int?
    var error: ErrorJSON?
    var pages: [GoldenPageJSON]?

    var snapshot: GeometrySnapshot {
        get throws(GoldenFormatError) {
            var pages: [PageSnapshot] = []
            pages.reserveCapacity(self.pages?.count ?? 0)
            for (position, page) in (self.pages ?? []).enumerated() {
                pages.append(try page.snapshot(position: position))
            }
            return GeometrySnapshot(file: file, pageCount: pageCount, countClaimed: countClaimed,
                                    error: error?.snapshotError, pages: pages)
        }
    }
}

private struct ErrorJSON: Decodable {
    var code: String?
    var message: String?
    var snapshotError: SnapshotError { SnapshotError(code: code ?? "error", message: message ?? "") }
}

private struct BoxJSON: Decodable {
    var x, y, width, height: Double
    var rect: Rect { Rect(x: x, y: y, width: width, height: height) }
}

private struct SizeJSON: Decodable {
    var width, height: Double
}

private struct GoldenPageJSON: Decodable {
    var index: Int?
    var label: String?
    var error: ErrorJSON?
    var rotation: Int?
    var rotationRaw: Int?
    var userUnit: Double?
    var mediaBox, cropBox, bleedBox, trimBox, artBox: BoxJSON?
    var size: SizeJSON?

    func snapshot(position: Int) throws(GoldenFormatError) -> PageSnapshot {
        let index = self.index ?? position
        if let error { return PageSnapshot(index: index, label: label, content: .error(error.snapshotError)) }
        func required<T>(_ value: T?, _ name: String) throws(GoldenFormatError) -> T {
            guard let value else { throw GoldenFormatError(detail: "pages[\(position)].\(name): missing") }
            return value
        }
        let rotation = try required(self.rotation, "rotation")
        let boxes = PageBoxes(mediaBox: try required(mediaBox, "mediaBox").rect,
                              cropBox: try required(cropBox, "cropBox").rect,
                              bleedBox: try required(bleedBox, "bleedBox").rect,
                              trimBox: try required(trimBox, "trimBox").rect,
                              artBox: try required(artBox, "artBox").rect)
        let crop = boxes.cropBox.standardized.size
        let derived = rotation % 180 == 0 ? crop : crop.transposed
        return PageSnapshot(index: index, label: label, content: .geometry(PageSnapshot.Geometry(
            rotation: rotation, rotationRaw: rotationRaw, userUnit: userUnit ?? 1, boxes: boxes,
            size: size.map { Size(width: $0.width, height: $0.height) } ?? derived)))
    }
}
