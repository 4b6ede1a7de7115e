// SPDX-License-Identifier: GPL-2.0-or-later
import PageInfoTestSupport
import Foundation
import PageGeometry
import PageInfoCheck

/// Fixture and corpus folders, found from this file's path.
enum CheckPaths {
    // The shared paths and corpus rule (../shared/corpus or $PAGEINFO_CORPUS).
    static var packageRoot: URL { Paths.packageRoot }
    static var fixtures: URL { Paths.fixtures }
    static var corpus: URL { Paths.corpus }

    /// Every `*.pdf` of a folder, sorted; empty when the folder is missing.
    static func pdfs(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".pdf") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// A fresh temporary folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A page snapshot: all five boxes `crop` unless `media` or `others` (bleed, trim and art) are
/// given; size derived from the CropBox and rotation (the CropBox, swapped at 90° and 270°,
/// worked out here, not by PageInfo) unless given.
func pageSnapshot(_ index: Int, label: String? = nil, crop: Rect = Rect(x: 0, y: 0, width: 612, height: 792),
                  media: Rect? = nil, others: Rect? = nil, rotation: Int = 0, rotationRaw: Int? = nil,
                  userUnit: Double = 1, size: Size? = nil) -> PageSnapshot {
    let media = media ?? crop, others = others ?? crop
    let derived = rotation == 90 || rotation == 270 ? Size(width: crop.height, height: crop.width) : crop.size
    return PageSnapshot(index: index, label: label, content: .geometry(PageSnapshot.Geometry(
        rotation: rotation, rotationRaw: rotationRaw ?? rotation, userUnit: userUnit,
        boxes: PageBoxes(mediaBox: media, cropBox: crop, bleedBox: others, trimBox: others, artBox: others),
        size: size ?? derived)))
}

/// A document of `pages`.
func document(_ pages: [PageSnapshot], pageCount: Int? = nil) -> GeometrySnapshot {
    GeometrySnapshot(file: "test.pdf", pageCount: pageCount, pages: pages)
}

