// SPDX-License-Identifier: Apache-2.0
/// A page's /Rotate, normalized to a quarter turn: the number of degrees by which the page
/// is rotated **clockwise** when displayed (ISO 32000-2 §7.7.3.3, Table 31).
@frozen
public enum PageRotation: Int, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Not rotated.
    case degrees0 = 0
    /// A quarter turn clockwise as displayed.
    case degrees90 = 90
    /// A half turn.
    case degrees180 = 180
    /// Three quarter turns clockwise (a quarter turn counter-clockwise).
    case degrees270 = 270

    /// Normalizes a raw /Rotate value.
    ///
    /// Multiples of 90 are reduced modulo 360 into 0…270 (−90 → 270, 450 → 90, −450 → 270).
    /// The spec requires a multiple of 90; for any other value the engines disagree (pdf.js and
    /// PyMuPDF use 0, MuPDF the nearest quarter turn, pdfium truncates, Poppler keeps the odd
    /// angle). **Policy:** such a value is invalid and treated as absent, i.e. `.degrees0`, as
    /// pdf.js and PyMuPDF do. Keep the raw value (``PageInfo/rawRotation``) to tell.
    @inlinable public init(normalizing raw: Int) {
        guard raw % 90 == 0 else { self = .degrees0; return }
        let m = ((raw % 360) + 360) % 360
        self = PageRotation(rawValue: m)!
    }

    /// The rotation in degrees, clockwise, 0…270.
    @inlinable public var degrees: Int { rawValue }

    /// Whether the displayed width and height are swapped against the unrotated box.
    @inlinable public var isQuarterTurn: Bool { self == .degrees90 || self == .degrees270 }

    /// The combined rotation of `self` followed by `other` (both clockwise).
    @inlinable public func adding(_ other: PageRotation) -> PageRotation {
        PageRotation(rawValue: (rawValue + other.rawValue) % 360)!
    }

    /// The rotation that undoes this one.
    @inlinable public var inverse: PageRotation { PageRotation(rawValue: (360 - rawValue) % 360)! }

    /// The linear part of a clockwise rotation by this angle in a y-up space, as a transform
    /// about the origin: 90° maps (x, y) to (y, −x).
    @inlinable public var transform: AffineTransform {
        switch self {
        case .degrees0: return .identity
        case .degrees90: return AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0)
        case .degrees180: return AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
        case .degrees270: return AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        }
    }

    /// The angle in degrees, e.g. `90`.
    public var description: String { "\(rawValue)" }
}
