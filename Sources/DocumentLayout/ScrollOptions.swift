// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// How the scroll view moves through the document.
@frozen
public enum ScrollMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// All spreads in one long strip; each spread is fitted to the view's width (vertical axis)
    /// or height (horizontal axis). Zoom applies to the whole document.
    case continuous
    /// One spread per page of a paginated scroll view; each spread is aspect-fitted into the
    /// view. Zoom applies to one spread at a time.
    case perSpread = "per-spread"
}

/// The direction in which spreads are stacked and scrolled.
@frozen
public enum ScrollAxis: String, Hashable, Sendable, Codable, CaseIterable {
    /// Spreads stacked top to bottom.
    case vertical
    /// Spreads stacked left to right, in spread order.
    case horizontal
}

/// What a pinch zooms: the whole document (one zooming scroll view) or the current spread only
/// (one zooming scroll view per spread, inside the paging one) — PSPDFKit's `spreadBasedZooming`.
@frozen
public enum ZoomScope: String, Hashable, Sendable, Codable {
    /// One zooming scroll view for the whole document (continuous layouts).
    case document
    /// One zooming scroll view per spread, inside the paging one (per-spread layouts).
    case spread
}

/// Insets in view units (y down: `top` is the edge at the smallest y).
@frozen
public struct EdgeInsets: Hashable, Sendable, Codable {
    /// The insets of the four edges, in view units (`top` is the edge at the smallest y).
    public var top: Double, left: Double, bottom: Double, right: Double

    /// Insets per edge, in view units; 0 by default.
    @inlinable public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// The same inset on all four edges.
    @inlinable public init(all v: Double) { self.init(top: v, left: v, bottom: v, right: v) }

    /// No inset on any edge.
    public static let zero = EdgeInsets()
}
