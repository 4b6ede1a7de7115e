// SPDX-License-Identifier: GPL-2.0-or-later
import Foundation
import PageGeometry
import PageInfoDraw
import PageInfoPoppler
import PageInfoTestSupport
import Testing


extension Paths {
    /// The independent PNG decoder (Python's zlib).
    static let pngDecoder = packageRoot.appendingPathComponent("scripts/png_to_rgb.py").path
}

/// The target's seeded generator is the shared one.
typealias SeededRNG = SeededGenerator

/// Decodes PNG bytes with `scripts/png_to_rgb.py` (Python's zlib, independent of our encoder):
/// the image, or a failure message; throws ``ExternalTool/Missing`` without python3.
func decodeWithPython(_ png: [UInt8]) throws -> RGBImage {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pageinfo-draw-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = dir.appendingPathComponent("in.png"), output = dir.appendingPathComponent("out.rgb")
    try Data(png).write(to: input)
    let decoded = try ProcessRunner.run(try ExternalTool.python3.require().path, arguments: [Paths.pngDecoder, input.path, output.path])
    guard decoded.termination == .exit(0) else { throw DecodeFailure(message: "\(Paths.pngDecoder) \(decoded.termination): \(decoded.stderrText)") }
    let dims = decoded.stdoutText.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    let pixels = [UInt8](try Data(contentsOf: output))
    return RGBImage(width: dims[0], height: dims[1], pixels: pixels)
}

struct DecodeFailure: Error, CustomStringConvertible { var message: String; var description: String { message } }

/// Colours are compared with a tolerance for the rasterizer's colour conversion (0.92 → 234 or 235).
func near(_ a: RGBColor?, _ b: RGBColor, tolerance: Int = 3) -> Bool {
    guard let a else { return false }
    return abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
        && abs(Int(a.blue) - Int(b.blue)) <= tolerance
}
