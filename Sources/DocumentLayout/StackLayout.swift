// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// A layout of a document's spreads in one scrolling direction, in **content coordinates**:
/// the scroll view's content at zoom scale 1, origin at its top-left corner, x right, y down,
/// in view units.
///
/// **Continuous** (``ScrollMode/continuous``): spreads are stacked along the axis with
/// ``Configuration/spacing`` between them and ``Configuration/contentInsets`` around the whole
/// strip. Vertically, each spread is scaled to fill the view's width minus the left and right
/// insets; horizontally, to fill the view's height minus the top and bottom insets.
///
/// **Per spread** (``ScrollMode/perSpread``): spread *i* owns the *i*-th page of a paginated
/// scroll view — a cell the size of the view starting at `i · (viewExtent + spacing)` along the
/// axis — and is aspect-fitted and centred inside that cell minus the content insets. The
/// spacing is the gap between two cells (the paging interval is `viewExtent + spacing`).
///
/// Storage is two `Double`s per spread (four in per-spread mode), built in one O(n) pass;
/// page frames are derived on demand from the page sizes, which the layout shares with the
/// caller's array (no copy). All queries are O(1) or O(log n), plus the size of the answer.
public struct StackLayout: Sendable {
    /// Everything that shapes a layout except the page sizes and the view size.
    @frozen
    public struct Configuration: Hashable, Sendable, Codable {
        /// Continuous or per-spread scrolling.
        public var scrollMode: ScrollMode
        /// The axis spreads are stacked and scrolled along.
        public var axis: ScrollAxis
        /// How pages are grouped into spreads.
        public var spreadMode: SpreadMode
        /// The order of the two pages of a spread.
        public var binding: SpreadBinding
        /// The gap between two spreads (continuous) or two cells (per spread), view units, ≥ 0.
        public var spacing: Double
        /// Insets of the content (continuous: around the strip; per spread: inside each cell).
        public var contentInsets: EdgeInsets
        /// The smallest zoom scale a restore may produce (default 1: the fitted layout).
        public var minimumZoomScale: Double
        /// The largest zoom scale a restore may produce (default 10).
        public var maximumZoomScale: Double

        /// A configuration; the defaults are a continuous, vertical, single-page layout without spacing
        /// or insets, zoom between 1 and 10.
        public init(scrollMode: ScrollMode = .continuous, axis: ScrollAxis = .vertical,
                    spreadMode: SpreadMode = .single, binding: SpreadBinding = .leftToRight,
                    spacing: Double = 0, contentInsets: EdgeInsets = .zero,
                    minimumZoomScale: Double = 1, maximumZoomScale: Double = 10) {
            self.scrollMode = scrollMode; self.axis = axis
            self.spreadMode = spreadMode; self.binding = binding
            self.spacing = spacing; self.contentInsets = contentInsets
            self.minimumZoomScale = minimumZoomScale; self.maximumZoomScale = maximumZoomScale
        }
    }

    /// The displayed size of every page (`PageInfo.size` of PageGeometry), in points.
    public let pageSizes: [Size]
    /// The size of the scroll view, view units.
    public let viewSize: Size
    /// Scroll mode, axis, spreads, spacing, insets and zoom limits the layout was built with.
    public let configuration: Configuration
    /// The page ↔ spread mapping.
    public let spreads: SpreadMapping
    /// The size of the scroll view's content at zoom scale 1.
    public let contentSize: Size

    /// Start of each spread's frame along the scroll axis (content coordinates).
    @usableFromInline let axisStarts: [Double]
    /// Length of each spread's frame along the scroll axis.
    @usableFromInline let axisExtents: [Double]
    /// Per spread only: start and length of each frame across the axis (empty when continuous).
    @usableFromInline let crossStarts: [Double]
    @usableFromInline let crossExtents: [Double]
    /// Continuous only: the common start and length across the axis.
    @usableFromInline let uniformCrossStart: Double
    @usableFromInline let uniformCrossExtent: Double
    /// The available content box (view minus insets), used to fit spreads.
    @usableFromInline let available: Size

    /// Lays out `pageSizes` for a view of `viewSize`. O(n) time, O(n) memory.
    ///
    /// Negative spacing is treated as 0, and insets larger than the view leave no room (spreads
    /// of zero size). Pages whose width or height is not positive and finite take no room.
    public init(pageSizes: [Size], viewSize: Size, configuration: Configuration = Configuration()) {
        var config = configuration
        config.spacing = config.spacing.isFinite ? Swift.max(0, config.spacing) : 0
        let mapping = SpreadMapping(pageCount: pageSizes.count, mode: config.spreadMode, binding: config.binding)
        let insets = config.contentInsets
        let vertical = config.axis == .vertical
        let available = Size(width: Swift.max(0, viewSize.width - insets.left - insets.right),
                             height: Swift.max(0, viewSize.height - insets.top - insets.bottom))
        let strip = switch config.scrollMode {
        case .continuous:
            StackLayout.continuousStrip(mapping: mapping, pageSizes: pageSizes, viewSize: viewSize,
                                        available: available, insets: insets, spacing: config.spacing, vertical: vertical)
        case .perSpread:
            StackLayout.perSpreadStrip(mapping: mapping, pageSizes: pageSizes, viewSize: viewSize,
                                       available: available, insets: insets, spacing: config.spacing, vertical: vertical)
        }

        self.pageSizes = pageSizes
        self.viewSize = viewSize
        self.configuration = config
        self.spreads = mapping
        self.contentSize = strip.contentSize
        self.axisStarts = strip.starts
        self.axisExtents = strip.extents
        self.crossStarts = strip.crossStarts
        self.crossExtents = strip.crossExtents
        self.uniformCrossStart = vertical ? insets.left : insets.top
        self.uniformCrossExtent = vertical ? available.width : available.height
        self.available = available
    }

    /// Convenience initializer taking the configuration's fields directly.
    public init(pageSizes: [Size], viewSize: Size, scrollMode: ScrollMode = .continuous, axis: ScrollAxis = .vertical,
                spreadMode: SpreadMode = .single, binding: SpreadBinding = .leftToRight,
                spacing: Double = 0, contentInsets: EdgeInsets = .zero,
                minimumZoomScale: Double = 1, maximumZoomScale: Double = 10) {
        self.init(pageSizes: pageSizes, viewSize: viewSize,
                  configuration: Configuration(scrollMode: scrollMode, axis: axis, spreadMode: spreadMode, binding: binding,
                                               spacing: spacing, contentInsets: contentInsets,
                                               minimumZoomScale: minimumZoomScale, maximumZoomScale: maximumZoomScale))
    }

    /// The same document and configuration laid out for another view size (e.g. after rotation).
    public func withViewSize(_ size: Size) -> StackLayout {
        StackLayout(pageSizes: pageSizes, viewSize: size, configuration: configuration)
    }

    /// The scale from a spread's natural size (``SpreadGeometry/size``) to its frame.
    @inlinable
    static func fitScale(_ natural: Size, available: Size, mode: ScrollMode, vertical: Bool) -> Double {
        guard natural.width > 0, natural.height > 0 else { return 0 }
        switch mode {
        case .continuous:
            return vertical ? available.width / natural.width : available.height / natural.height
        case .perSpread:
            return Swift.min(available.width / natural.width, available.height / natural.height)
        }
    }

    // MARK: - Basic properties

    /// The number of pages.
    @inlinable public var pageCount: Int { pageSizes.count }
    /// The number of spreads.
    @inlinable public var spreadCount: Int { axisStarts.count }
    /// The configuration's scroll mode.
    @inlinable public var scrollMode: ScrollMode { configuration.scrollMode }
    /// The configuration's scroll axis.
    @inlinable public var axis: ScrollAxis { configuration.axis }
    /// The smallest zoom scale a restore may produce.
    @inlinable public var minimumZoomScale: Double { configuration.minimumZoomScale }
    /// The largest zoom scale a restore may produce.
    @inlinable public var maximumZoomScale: Double { configuration.maximumZoomScale }

    /// What zooming applies to: the whole document when continuous, one spread when per spread.
    @inlinable public var zoomScope: ZoomScope { scrollMode == .continuous ? .document : .spread }
    /// `true` when zoom applies to the whole document (continuous), `false` when to one spread.
    @inlinable public var zoomAppliesToWholeDocument: Bool { zoomScope == .document }
}
