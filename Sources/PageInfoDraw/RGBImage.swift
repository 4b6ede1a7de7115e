// SPDX-License-Identifier: Apache-2.0
/// An 8-bit RGB colour.
@frozen
package struct RGBColor: Hashable, Sendable, CustomStringConvertible {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    @inlinable package init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red; self.green = green; self.blue = blue
    }

    /// `0xRRGGBB`.
    @inlinable package init(hex: UInt32) {
        self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
    }

    package static let white = RGBColor(hex: 0xFFFFFF)
    package static let black = RGBColor(hex: 0x000000)

    /// `#rrggbb`, as SVG and CSS write it.
    package var description: String {
        let digits = Array("0123456789abcdef")
        var s = "#"
        for v in [red, green, blue] { s.append(digits[Int(v >> 4)]); s.append(digits[Int(v & 15)]) }
        return s
    }

    /// This colour laid over `base` with opacity `alpha` (0…1).
    @inlinable package func blended(over base: RGBColor, alpha: Double) -> RGBColor {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Double(a) * alpha + Double(b) * (1 - alpha)).rounded().clamped(0, 255))
        }
        return RGBColor(red: mix(red, base.red), green: mix(green, base.green), blue: mix(blue, base.blue))
    }
}

extension Double {
    @inlinable func clamped(_ lo: Double, _ hi: Double) -> Double { Swift.min(Swift.max(self, lo), hi) }
}

/// A raster image of 8-bit RGB pixels, rows top to bottom: pixel (x, y) has its top-left
/// corner at view point (x, y) and covers the unit square to (x + 1, y + 1). This is view space
/// in pixels, the space ``PagePlacement``'s `rawToView` and `pageToView` map into.
package struct RGBImage: Hashable, Sendable {
    /// Width in pixels (> 0).
    package let width: Int
    /// Height in pixels (> 0).
    package let height: Int
    /// `width × height × 3` bytes: R, G, B of each pixel, row by row from the top.
    package var pixels: [UInt8]

    /// An image filled with `color`.
    package init(width: Int, height: Int, color: RGBColor = .white) {
        precondition(width > 0 && height > 0, "an image needs a positive size")
        self.width = width
        self.height = height
        var row = [UInt8]()
        row.reserveCapacity(width * 3)
        for _ in 0..<width { row.append(color.red); row.append(color.green); row.append(color.blue) }
        var all = [UInt8]()
        all.reserveCapacity(width * height * 3)
        for _ in 0..<height { all.append(contentsOf: row) }
        self.pixels = all
    }

    /// An image over existing RGB bytes (`width × height × 3`, rows from the top).
    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 3, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour of pixel (x, y); `nil` outside the image.
    package func pixel(x: Int, y: Int) -> RGBColor? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 3
        return RGBColor(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2])
    }

    /// Sets pixel (x, y), blending with opacity `alpha`; pixels outside the image are ignored.
    @inlinable package mutating func setPixel(x: Int, y: Int, _ color: RGBColor, alpha: Double = 1) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let i = (y * width + x) * 3
        if alpha >= 1 {
            pixels[i] = color.red; pixels[i + 1] = color.green; pixels[i + 2] = color.blue
        } else {
            let base = RGBColor(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2])
            let c = color.blended(over: base, alpha: alpha)
            pixels[i] = c.red; pixels[i + 1] = c.green; pixels[i + 2] = c.blue
        }
    }

    /// Fills the pixels `x0..<x1 × y0..<y1` (clipped to the image).
    package mutating func fill(x0: Int, y0: Int, x1: Int, y1: Int, _ color: RGBColor, alpha: Double = 1) {
        let xa = Swift.max(0, x0), xb = Swift.min(width, x1), ya = Swift.max(0, y0), yb = Swift.min(height, y1)
        guard xa < xb, ya < yb else { return }
        for y in ya..<yb { for x in xa..<xb { setPixel(x: x, y: y, color, alpha: alpha) } }
    }

    /// Copies `image` with its top-left corner at (x, y), clipped to this image.
    package mutating func draw(_ image: RGBImage, x: Int, y: Int) {
        let xa = Swift.max(0, x), xb = Swift.min(width, x + image.width)
        guard xa < xb else { return }
        for sy in 0..<image.height {
            let dy = y + sy
            guard dy >= 0, dy < height else { continue }
            let src = (sy * image.width + (xa - x)) * 3, dst = (dy * width + xa) * 3
            let n = (xb - xa) * 3
            pixels.withUnsafeMutableBufferPointer { d in
                image.pixels.withUnsafeBufferPointer { s in
                    for k in 0..<n { d[dst + k] = s[src + k] }
                }
            }
        }
    }
}
