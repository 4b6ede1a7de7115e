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
    case document
    case spread
}

/// Insets in view units (y down: `top` is the edge at the smallest y).
@frozen
public struct EdgeInsets: Hashable, Sendable, Codable {
    public var top: Double, left: Double, bottom: Double, right: Double

    @inlinable public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// The same inset on all four edges.
    @inlinable public init(all v: Double) { self.init(top: v, left: v, bottom: v, right: v) }

    public static let zero = EdgeInsets()
}

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
        public var scrollMode: ScrollMode
        public var axis: ScrollAxis
        public var spreadMode: SpreadMode
        public var binding: SpreadBinding
        /// The gap between two spreads (continuous) or two cells (per spread), view units, ≥ 0.
        public var spacing: Double
        /// Insets of the content (continuous: around the strip; per spread: inside each cell).
        public var contentInsets: EdgeInsets
        /// The smallest zoom scale a restore may produce (default 1: the fitted layout).
        public var minimumZoomScale: Double
        /// The largest zoom scale a restore may produce (default 10).
        public var maximumZoomScale: Double

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

    /// The displayed size of every page (``PageInfo/size``), in points.
    public let pageSizes: [Size]
    /// The size of the scroll view, view units.
    public let viewSize: Size
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
        let n = mapping.spreadCount
        let insets = config.contentInsets
        let vertical = config.axis == .vertical
        let available = Size(width: Swift.max(0, viewSize.width - insets.left - insets.right),
                             height: Swift.max(0, viewSize.height - insets.top - insets.bottom))
        let spacing = config.spacing

        var starts = [Double](repeating: 0, count: n)
        var extents = [Double](repeating: 0, count: n)
        var crossStarts: [Double] = [], crossExtents: [Double] = []
        let contentSize: Size
        switch config.scrollMode {
        case .continuous:
            var position = vertical ? insets.top : insets.left
            starts.withUnsafeMutableBufferPointer { starts in
                extents.withUnsafeMutableBufferPointer { extents in
                    for i in 0..<n {
                        let natural = SpreadGeometry.naturalSize(slots: mapping.slots(forSpread: i), pageSizes: pageSizes)
                        let scale = StackLayout.fitScale(natural, available: available, mode: .continuous, vertical: vertical)
                        let extent = vertical ? natural.height * scale : natural.width * scale
                        starts[i] = position
                        extents[i] = extent
                        position = (position + extent) + spacing
                    }
                }
            }
            let strip = n == 0 ? 0 : (starts[n - 1] + extents[n - 1]) - (vertical ? insets.top : insets.left)
            contentSize = vertical
                ? Size(width: viewSize.width, height: insets.top + strip + insets.bottom)
                : Size(width: insets.left + strip + insets.right, height: viewSize.height)
        case .perSpread:
            crossStarts = [Double](repeating: 0, count: n)
            crossExtents = [Double](repeating: 0, count: n)
            let stride = (vertical ? viewSize.height : viewSize.width) + spacing
            for i in 0..<n {
                let natural = SpreadGeometry.naturalSize(slots: mapping.slots(forSpread: i), pageSizes: pageSizes)
                let scale = StackLayout.fitScale(natural, available: available, mode: .perSpread, vertical: vertical)
                let w = natural.width * scale, h = natural.height * scale
                let cell = Double(i) * stride
                if vertical {
                    starts[i] = cell + insets.top + (available.height - h) / 2
                    extents[i] = h
                    crossStarts[i] = insets.left + (available.width - w) / 2
                    crossExtents[i] = w
                } else {
                    starts[i] = cell + insets.left + (available.width - w) / 2
                    extents[i] = w
                    crossStarts[i] = insets.top + (available.height - h) / 2
                    crossExtents[i] = h
                }
            }
            let length = n == 0 ? 0 : Double(n) * stride - spacing
            contentSize = vertical ? Size(width: viewSize.width, height: length) : Size(width: length, height: viewSize.height)
        }

        self.pageSizes = pageSizes
        self.viewSize = viewSize
        self.configuration = config
        self.spreads = mapping
        self.contentSize = contentSize
        self.axisStarts = starts
        self.axisExtents = extents
        self.crossStarts = crossStarts
        self.crossExtents = crossExtents
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
    @inlinable public var scrollMode: ScrollMode { configuration.scrollMode }
    @inlinable public var axis: ScrollAxis { configuration.axis }
    @inlinable public var minimumZoomScale: Double { configuration.minimumZoomScale }
    @inlinable public var maximumZoomScale: Double { configuration.maximumZoomScale }

    /// What zooming applies to: the whole document when continuous, one spread when per spread.
    @inlinable public var zoomScope: ZoomScope { scrollMode == .continuous ? .document : .spread }
    /// `true` when zoom applies to the whole document (continuous), `false` when to one spread.
    @inlinable public var zoomAppliesToWholeDocument: Bool { zoomScope == .document }

    // MARK: - Frames

    /// The frame of `spread` in content coordinates (zoom 1, y down). O(1).
    @inlinable public func frame(ofSpread spread: Int) -> Rect {
        precondition(spread >= 0 && spread < spreadCount, "spread index \(spread) out of range 0..<\(spreadCount)")
        let a = axisStarts[spread], al = axisExtents[spread]
        let c: Double, cl: Double
        if crossStarts.isEmpty { c = uniformCrossStart; cl = uniformCrossExtent } else { c = crossStarts[spread]; cl = crossExtents[spread] }
        return axis == .vertical ? Rect(x: c, y: a, width: cl, height: al) : Rect(x: a, y: c, width: al, height: cl)
    }

    /// The pages of `spread` with their frames in content coordinates, in display order (left
    /// to right): the spread's ``SpreadGeometry`` scaled into ``frame(ofSpread:)``. A page that
    /// is alone in a one-slot spread has exactly the spread's frame, and every page of non-zero
    /// size has exactly the spread's y and height; x positions inside a two-slot spread are
    /// scaled (and may differ from the spread's edges by rounding). O(1), no allocation.
    @inlinable public func pages(inSpread spread: Int) -> SpreadPages {
        let frame = frame(ofSpread: spread)
        let slots = spreads.slots(forSpread: spread)
        let geometry = SpreadGeometry(slots: slots, pageSizes: pageSizes)
        let natural = geometry.size
        let scale = natural.height > 0 ? frame.height / natural.height : 0
        var placed = SpreadPages()
        for p in geometry.pages {
            let f: Rect
            if p.frame.height == natural.height && natural.height > 0 {
                f = slots.count == 1 ? frame
                    : Rect(x: frame.x + p.frame.x * scale, y: frame.y, width: p.frame.width * scale, height: frame.height)
            } else {
                f = Rect(x: frame.x + p.frame.x * scale, y: frame.y, width: p.frame.width * scale, height: p.frame.height * scale)
            }
            placed.append(PlacedPage(page: p.page, frame: f))
        }
        return placed
    }

    /// The frame of `page` in content coordinates (zoom 1, y down). O(1).
    @inlinable public func frame(ofPage page: Int) -> Rect {
        let spread = spreads.spreadIndex(forPage: page)
        for p in pages(inSpread: spread) where p.page == page { return p.frame }
        preconditionFailure("page \(page) missing from its spread")
    }

    /// The bounds of the cell that spread `spread` is fitted into (per spread: one page of the
    /// paginated scroll view; continuous: the spread's frame widened to the full content across
    /// the axis). Content coordinates.
    public func cell(ofSpread spread: Int) -> Rect {
        let frame = frame(ofSpread: spread)
        let vertical = axis == .vertical
        switch scrollMode {
        case .continuous:
            return vertical ? Rect(x: 0, y: frame.y, width: contentSize.width, height: frame.height)
                            : Rect(x: frame.x, y: 0, width: frame.width, height: contentSize.height)
        case .perSpread:
            let start = slotStart(spread)
            return vertical ? Rect(x: 0, y: start, width: viewSize.width, height: viewSize.height)
                            : Rect(x: start, y: 0, width: viewSize.width, height: viewSize.height)
        }
    }

    // MARK: - Visible range

    /// The spreads whose frames overlap `rect` (content coordinates) in a region of positive
    /// area, ascending. O(log n) to find them by binary search over the frames' starts and ends
    /// along the axis, then O(1) per candidate; no allocation.
    @inlinable public func spreads(intersecting rect: Rect) -> IntersectingSpreads {
        IntersectingSpreads(layout: self, rect: rect.standardized, candidates: candidateSpreads(alongAxisOf: rect))
    }

    /// The contiguous range of spreads whose frames overlap `rect`'s extent along the scroll
    /// axis (ignoring the other axis). Continuous layouts: exactly ``spreads(intersecting:)``
    /// when `rect` overlaps the content across the axis. O(log n).
    @inlinable public func candidateSpreads(alongAxisOf rect: Rect) -> Range<Int> {
        let r = rect.standardized
        let lower = axis == .vertical ? r.minY : r.minX
        let upper = axis == .vertical ? r.maxY : r.maxX
        return axisStarts.withUnsafeBufferPointer { starts in
            axisExtents.withUnsafeBufferPointer { extents in
                // Both the starts and the ends (start + extent) are non-decreasing.
                let first = StackLayout.partitionPoint(starts.count) { starts[$0] + extents[$0] > lower }
                let end = StackLayout.partitionPoint(starts.count) { starts[$0] >= upper }
                return first..<Swift.max(first, end)
            }
        }
    }

    /// The first index in `0..<count` for which `predicate` holds, given that it is false and
    /// then true (a monotone predicate); `count` when it never holds.
    @inlinable static func partitionPoint(_ count: Int, _ predicate: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = low + (high - low) / 2
            if predicate(mid) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    // MARK: - Dominant page

    /// The page with the largest visible area inside `visibleRect` (content coordinates), or
    /// `nil` when no page overlaps it. **Ties** (exactly equal areas) go to the lowest page
    /// index. O(log n + k) for k visible spreads.
    public func dominantPage(in visibleRect: Rect) -> Int? {
        let rect = visibleRect.standardized
        var best: Int? = nil, bestArea = 0.0
        for spread in spreads(intersecting: rect) {
            for p in pages(inSpread: spread) {
                let area = p.frame.intersectionArea(rect)
                guard area > 0 else { continue }
                if area > bestArea || (area == bestArea && p.page < best!) { best = p.page; bestArea = area }
            }
        }
        return best
    }

    /// The page nearest to the centre of `rect`: the dominant page when one is visible,
    /// otherwise the first page of the spread at the centre's fractional index. `nil` only for
    /// an empty document.
    public func dominantOrNearestPage(in rect: Rect) -> Int? {
        guard pageCount > 0 else { return nil }
        if let p = dominantPage(in: rect) { return p }
        let r = rect.standardized
        let centre = axis == .vertical ? Point(x: 0, y: r.midY) : Point(x: r.midX, y: 0)
        let spread = Swift.min(spreadCount - 1, Int(fractionalSpreadIndex(forContentOffset: centre)))
        return spreads.pageRange(forSpread: spread).lowerBound
    }

    // MARK: - Fractional spread index

    /// Where spread `i`'s slot begins along the axis, as a content offset; `i` in `0...spreadCount`.
    ///
    /// Continuous: the spread's frame start minus the leading inset, so that slot 0 begins at
    /// offset 0 and each slot spans its spread plus the following spacing. Per spread: `i` times
    /// the paging interval. Non-decreasing in `i`.
    @inlinable func slotStart(_ i: Int) -> Double {
        let vertical = axis == .vertical
        switch scrollMode {
        case .perSpread:
            return Double(i) * ((vertical ? viewSize.height : viewSize.width) + configuration.spacing)
        case .continuous:
            let leading = vertical ? configuration.contentInsets.top : configuration.contentInsets.left
            if i < spreadCount { return axisStarts[i] - leading }
            return (axisStarts[i - 1] + axisExtents[i - 1]) + configuration.spacing - leading
        }
    }

    /// The fractional spread index at a content offset (zoom 1; only the component along the
    /// axis is used): `i + t` when the offset lies the fraction `t` into spread `i`'s slot
    /// (``contentOffset(forFractionalSpreadIndex:)`` describes the slots). Clamped to
    /// `0…spreadCount`. O(log n). The inverse of ``contentOffset(forFractionalSpreadIndex:)``.
    public func fractionalSpreadIndex(forContentOffset offset: Point) -> Double {
        let n = spreadCount
        guard n > 0 else { return 0 }
        let o = axis == .vertical ? offset.y : offset.x
        let first = slotStart(0), last = slotStart(n)
        if !(o > first) { return 0 }
        if o >= last { return Double(n) }
        // The last slot whose start is ≤ o.
        let i = StackLayout.partitionPoint(n) { slotStart($0) > o } - 1
        let s0 = slotStart(i), s1 = slotStart(i + 1)
        return s1 > s0 ? Double(i) + (o - s0) / (s1 - s0) : Double(i)
    }

    /// The content offset (zoom 1) that puts the fractional spread index `index` at the
    /// leading edge (top or left) of the view: `slotStart(i) + t · slotLength(i)` for
    /// `index = i + t`. A slot is a spread plus the spacing after it (continuous; slot 0 starts
    /// at offset 0, so the leading inset stays visible above the first spread) or one page of
    /// the paginated scroll view (per spread). `index` is clamped to `0…spreadCount`. The offset
    /// is not clamped to the scrollable range (the last spreads may not reach the leading edge).
    /// O(1).
    public func contentOffset(forFractionalSpreadIndex index: Double) -> Point {
        let n = spreadCount
        guard n > 0, index.isFinite else { return .zero }
        let f = Swift.min(Swift.max(index, 0), Double(n))
        let i = Swift.min(Int(f), n - 1)
        let s0 = slotStart(i), s1 = slotStart(i + 1)
        let o = s0 + (f - Double(i)) * (s1 - s0)
        return axis == .vertical ? Point(x: 0, y: o) : Point(x: o, y: 0)
    }

    // MARK: - Zoom and scrolling

    /// The visible rectangle in content coordinates (zoom 1) of a scroll view showing this
    /// layout at `zoomScale` with `contentOffset` (in zoomed content units, as UIScrollView and
    /// most scroll views report it): `(offset / zoom, viewSize / zoom)`.
    ///
    /// For per-spread layouts, where each spread zooms in its own inner scroll view, describe
    /// the position the same way: `contentOffset = cellOrigin · zoom + innerOffset` (see
    /// ``ScrollPosition/innerContentOffset``).
    @inlinable public func visibleRect(contentOffset: Point, zoomScale: Double) -> Rect {
        Rect(x: contentOffset.x / zoomScale, y: contentOffset.y / zoomScale,
             width: viewSize.width / zoomScale, height: viewSize.height / zoomScale)
    }

    /// `zoomScale` clamped to `minimumZoomScale…maximumZoomScale`.
    @inlinable public func clampedZoomScale(_ zoomScale: Double) -> Double {
        Swift.min(Swift.max(zoomScale, minimumZoomScale), maximumZoomScale)
    }
}

/// The spreads whose frames intersect a rectangle, ascending. A lazy, allocation-free view of
/// a ``StackLayout`` query; see ``StackLayout/spreads(intersecting:)``.
public struct IntersectingSpreads: Sequence, Sendable {
    public let layout: StackLayout
    /// The query rectangle, standardized, in content coordinates.
    public let rect: Rect
    /// The spreads that overlap `rect` along the scroll axis; the sequence is the subset whose
    /// frames also overlap across the axis.
    public let candidates: Range<Int>

    @inlinable init(layout: StackLayout, rect: Rect, candidates: Range<Int>) {
        self.layout = layout; self.rect = rect; self.candidates = candidates
    }

    public struct Iterator: IteratorProtocol {
        @usableFromInline let layout: StackLayout
        @usableFromInline let rect: Rect
        @usableFromInline var cursor: Int
        @usableFromInline let end: Int

        @inlinable init(layout: StackLayout, rect: Rect, range: Range<Int>) {
            self.layout = layout; self.rect = rect; self.cursor = range.lowerBound; self.end = range.upperBound
        }

        @inlinable public mutating func next() -> Int? {
            while cursor < end {
                let i = cursor
                cursor += 1
                if layout.frame(ofSpread: i).intersects(rect) { return i }
            }
            return nil
        }
    }

    @inlinable public func makeIterator() -> Iterator { Iterator(layout: layout, rect: rect, range: candidates) }
    @inlinable public var underestimatedCount: Int { 0 }
}
