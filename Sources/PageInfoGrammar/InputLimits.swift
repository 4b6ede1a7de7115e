// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// The largest inputs the geometry and layout grammars accept. Each limit keeps every result a
/// finite `Double` and the memory of a layout small; `pageinfo --help` and the README state them.
package enum InputLimits {
    /// The most pages a layout is made for (a page count, or a document's pages): the product
    /// targets 100,000 pages; 10,000,000 sizes are 160 MB.
    package static let pageCount = 10_000_000
    /// The largest magnitude of a length or coordinate (points or view units): view and page
    /// sizes, spacing, insets, points, rectangles, offsets, convert's items.
    package static let magnitude = 1e12
    /// Whether `value`'s magnitude is at most ``magnitude`` (false for NaN and infinities): the
    /// one test of a number the grammars read, and of a result they must read back.
    package static func isWithinMagnitude(_ value: Double) -> Bool { abs(value) <= magnitude }
    /// The smallest size a length that must be positive may have (a view, container or page
    /// size, a viewport's width): 10⁻⁹, the resolution of every number pageinfo prints
    /// (`NumberText.resolution`). A smaller one would be printed as 0.
    package static let smallestLength = NumberText.resolution
    /// Whether `length`'s magnitude is at least ``smallestLength`` (false for NaN): the one test
    /// of a length that must not be printed as 0 (a viewport's signed width or height).
    package static func isPrintable(length: Double) -> Bool { abs(length) >= smallestLength }
    /// The range of a zoom scale (1 = the fitted page or layout; no unit).
    package static let zoom = 1e-6...1e6
    /// The range of a resolution, in dots per inch.
    package static let dotsPerInch = 1e-3...1e5
}
