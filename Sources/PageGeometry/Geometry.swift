// SPDX-License-Identifier: Apache-2.0
// Plain value types for 2-D geometry in Double precision.
//
// These mirror CoreGraphics' CGPoint/CGSize/CGRect/CGAffineTransform so that code on Apple
// platforms can bridge trivially, but they have no dependency on CoreGraphics or Foundation,
// so the same geometry runs unchanged on Linux. Units and coordinate space are whatever the
// value is said to be in by the API that produces it (PDF points in raw or page space, view
// units in view space).

/// A point. The coordinate space is given by the API that produced it.
@frozen
public struct Point: Hashable, Sendable, Codable {
    /// The horizontal coordinate, in the units of the point's space (points or view units).
    public var x: Double
    /// The vertical coordinate (up in raw and page space, down in view space).
    public var y: Double

    /// A point at (`x`, `y`) in the caller's space.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The origin (0, 0).
    public static let zero = Point(x: 0, y: 0)
}

/// A width and height. Negative values are allowed but most APIs return standardized sizes.
@frozen
public struct Size: Hashable, Sendable, Codable {
    /// The horizontal extent, in the units of the size's space (points or view units).
    public var width: Double
    /// The vertical extent, in the same units as ``width``.
    public var height: Double

    /// A size of `width` × `height` in the caller's units.
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// A size of 0 × 0.
    public static let zero = Size(width: 0, height: 0)

    /// `width / height`; infinite or NaN for a zero height.
    @inlinable public var aspectRatio: Double { width / height }

    /// The size with width and height exchanged (what a quarter turn does to a size).
    @inlinable public var transposed: Size { Size(width: height, height: width) }
}

/// An axis-aligned rectangle given by its origin (x, y) and size.
///
/// In PDF spaces (y up) the origin is the lower-left corner; in view space (y down) it is
/// the top-left corner. Either way it is the corner with the smallest coordinates once the
/// rectangle is ``standardized``.
@frozen
public struct Rect: Hashable, Sendable, Codable {
    /// The corner the size is measured from: the lower-left in PDF spaces (y up), the top-left in
    /// view space (y down), once ``standardized``.
    public var origin: Point
    /// The width and height, in the same units as ``origin``; negative only before ``standardized``.
    public var size: Size

    /// A rectangle from its origin and size, as given (not standardized).
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }

    /// A rectangle from its origin (`x`, `y`) and size, as given (not standardized).
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// The rectangle spanned by two opposite corners, in any order (ISO 32000 §7.9.5: a PDF
    /// rectangle array may give any two diagonally opposite corners).
    @inlinable public init(corner p: Point, opposite q: Point) {
        self.init(x: Swift.min(p.x, q.x), y: Swift.min(p.y, q.y),
                  width: abs(q.x - p.x), height: abs(q.y - p.y))
    }

    /// The rectangle of a PDF rectangle array `[llx lly urx ury]`, corners normalized.
    @inlinable public init(pdfArray x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        self.init(corner: Point(x: x0, y: y0), opposite: Point(x: x1, y: y1))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// ``origin``'s x.
    @inlinable public var x: Double { origin.x }
    /// ``origin``'s y.
    @inlinable public var y: Double { origin.y }
    /// ``size``'s width (negative only before ``standardized``).
    @inlinable public var width: Double { size.width }
    /// ``size``'s height (negative only before ``standardized``).
    @inlinable public var height: Double { size.height }
    /// The smallest x of the rectangle, whatever the sign of its width.
    @inlinable public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
    /// The largest x of the rectangle, whatever the sign of its width.
    @inlinable public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
    /// The smallest y of the rectangle (the bottom edge in PDF spaces, the top edge in view space).
    @inlinable public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
    /// The largest y of the rectangle (the top edge in PDF spaces, the bottom edge in view space).
    @inlinable public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
    /// The x of the rectangle's centre.
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The y of the rectangle's centre.
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// The rectangle's centre, (``midX``, ``midY``).
    @inlinable public var center: Point { Point(x: midX, y: midY) }

    /// The same rectangle with non-negative width and height and the origin at its minimum corner.
    @inlinable public var standardized: Rect {
        if size.width >= 0 && size.height >= 0 { return self }
        return Rect(x: minX, y: minY, width: abs(size.width), height: abs(size.height))
    }

    /// True when the rectangle encloses no area.
    @inlinable public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// The overlap of two rectangles, standardized; `nil` when they do not overlap in a
    /// region of positive area.
    @inlinable public func intersection(_ other: Rect) -> Rect? {
        // Containment keeps the inner rectangle's exact values (no x + w − x rounding noise).
        if other.contains(self.standardized), !isEmpty { return standardized }
        if self.contains(other.standardized), !other.isEmpty { return other.standardized }
        let x0 = Swift.max(minX, other.minX), x1 = Swift.min(maxX, other.maxX)
        let y0 = Swift.max(minY, other.minY), y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Area of the overlap with `other`, 0 when they do not overlap.
    @inlinable public func intersectionArea(_ other: Rect) -> Double {
        guard let r = intersection(other) else { return 0 }
        return r.width * r.height
    }

    /// True when `other` overlaps this rectangle in a region of positive area.
    @inlinable public func intersects(_ other: Rect) -> Bool { intersection(other) != nil }

    /// True when `other` lies entirely inside this rectangle (edges may touch).
    @inlinable public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// True when `point` lies inside or on the edge of the rectangle.
    @inlinable public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// The four corners in the order (minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY).
    @inlinable public var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }

    /// A copy moved by (dx, dy).
    @inlinable public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// A copy grown by `dx` on the left and right and `dy` at the top and bottom (negative shrinks).
    @inlinable public func insetBy(dx: Double, dy: Double) -> Rect {
        let s = standardized
        return Rect(x: s.x + dx, y: s.y + dy, width: s.width - 2 * dx, height: s.height - 2 * dy)
    }
}

extension Rect {
    private enum CodingKeys: String, CodingKey { case x, y, width, height }

    /// Decodes `{"x","y","width","height"}`, the form of the JSON records.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(x: try c.decode(Double.self, forKey: .x), y: try c.decode(Double.self, forKey: .y),
                  width: try c.decode(Double.self, forKey: .width), height: try c.decode(Double.self, forKey: .height))
    }

    /// Encodes `{"x","y","width","height"}`, the form of the JSON records.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
    }
}
