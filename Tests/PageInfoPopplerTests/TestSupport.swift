import Foundation
import PageGeometry

/// Locations of the bundled fixtures and of the shared corpus, found from this file's path
/// (never from undocumented resource paths).
enum Paths {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Fixtures")
    static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
}

/// Loosely typed JSON access for manifests and golden files.
typealias JSONObject = [String: Any]

func loadJSON(_ url: URL) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(contentsOf: url))
}

extension Dictionary where Key == String, Value == Any {
    func double(_ key: String) -> Double? { (self[key] as? NSNumber)?.doubleValue }
    func int(_ key: String) -> Int? { (self[key] as? NSNumber)?.intValue }
    func string(_ key: String) -> String? { self[key] as? String }
    func object(_ key: String) -> JSONObject? { self[key] as? JSONObject }
    func array(_ key: String) -> [Any]? { self[key] as? [Any] }
    /// A `{"x","y","width","height"}` object as a Rect.
    func rect(_ key: String) -> Rect? {
        guard let o = object(key), let x = o.double("x"), let y = o.double("y"),
              let w = o.double("width"), let h = o.double("height") else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }
}

/// Whether two rectangles agree within `tolerance` in every coordinate.
func approximatelyEqual(_ a: Rect, _ b: Rect, tolerance: Double = 0.01) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}
