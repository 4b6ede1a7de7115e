// SPDX-License-Identifier: Apache-2.0
import PageGeometry

/// How pages are grouped into spreads: the pages a viewer always shows side by side.
@frozen
public enum SpreadMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// One page per spread.
    case single
    /// Pairs from page 0: (0,1), (2,3), …; the last spread holds one page when the count is odd.
    case double
    /// Page 0 alone as the cover, then pairs: (0), (1,2), (3,4), …; the last spread holds one
    /// page when the count is even.
    case book
}

/// Which edge the spine is on, i.e. the reading order of the pages inside a spread.
@frozen
public enum SpreadBinding: String, Hashable, Sendable, Codable, CaseIterable {
    /// Left-to-right reading: the lower page index is on the left (/Direction /L2R).
    case leftToRight = "ltr"
    /// Right-to-left reading: the lower page index is on the right (/Direction /R2L).
    case rightToLeft = "rtl"
}

/// The mapping between pages and spreads for a page count, a ``SpreadMode`` and a
/// ``SpreadBinding``.
///
/// Everything is O(1) arithmetic; nothing is stored per page.
///
/// ```swift
/// let spreads = SpreadMapping(pageCount: 5, mode: .book)
/// spreads.spreadCount            // 3: (0) (1,2) (3,4)
/// spreads.spreadIndex(forPage: 2) // 1
/// spreads.pageRange(forSpread: 1) // 1..<3
/// ```
@frozen
public struct SpreadMapping: Hashable, Sendable, Codable {
    /// The number of pages in the document (≥ 0).
    public var pageCount: Int
    /// How pages are grouped: single, double or book.
    public var mode: SpreadMode
    /// Left-to-right or right-to-left: the order of the two slots of a spread.
    public var binding: SpreadBinding

    /// A mapping for `pageCount` pages (must not be negative).
    public init(pageCount: Int, mode: SpreadMode = .single, binding: SpreadBinding = .leftToRight) {
        precondition(pageCount >= 0, "pageCount must not be negative")
        self.pageCount = pageCount
        self.mode = mode
        self.binding = binding
    }

    /// The number of spreads: `n` (single), `⌈n/2⌉` (double), `1 + ⌈(n−1)/2⌉` (book, n ≥ 1).
    @inlinable public var spreadCount: Int {
        switch mode {
        case .single: return pageCount
        case .double: return (pageCount + 1) / 2
        case .book: return pageCount == 0 ? 0 : 1 + pageCount / 2
        }
    }

    /// The spread that holds `page` (0-based). `page` must be in `0..<pageCount`.
    @inlinable public func spreadIndex(forPage page: Int) -> Int {
        precondition(page >= 0 && page < pageCount, "page index \(page) out of range 0..<\(pageCount)")
        switch mode {
        case .single: return page
        case .double: return page / 2
        case .book: return (page + 1) / 2
        }
    }

    /// The pages of `spread`, ascending (1 or 2 pages). `spread` must be in `0..<spreadCount`.
    @inlinable public func pageRange(forSpread spread: Int) -> Range<Int> {
        precondition(spread >= 0 && spread < spreadCount, "spread index \(spread) out of range 0..<\(spreadCount)")
        let first: Int, last: Int
        switch mode {
        case .single: first = spread; last = spread + 1
        case .double: first = 2 * spread; last = 2 * spread + 2
        case .book: first = spread == 0 ? 0 : 2 * spread - 1; last = spread == 0 ? 1 : 2 * spread + 1
        }
        return first..<Swift.min(last, pageCount)
    }

    /// The number of display slots in every spread: 1 for single, 2 for double and book.
    @inlinable public var slotsPerSpread: Int { mode == .single ? 1 : 2 }

    /// Where the pages of `spread` sit, as slots in display order from left to right.
    ///
    /// In ``SpreadMode/double`` and ``SpreadMode/book`` every spread has two slots, even one
    /// that holds a single page (the book cover, or the last page of an incomplete pair): the
    /// empty slot is `nil`. This keeps a lone page at the same scale and on the same side as it
    /// would be in a printed book — the cover of a left-to-right book is a right-hand page, the
    /// lone last page is a left-hand page — instead of blowing it up to the width of a pair.
    /// Right-to-left binding mirrors the order. In ``SpreadMode/single`` there is one slot.
    @inlinable public func slots(forSpread spread: Int) -> SpreadSlots {
        let pages = pageRange(forSpread: spread)
        if mode == .single { return SpreadSlots(left: pages.lowerBound, right: nil, count: 1) }
        // Reading order: (first of the pair, second of the pair).
        let first: Int?, second: Int?
        if pages.count == 2 {
            first = pages.lowerBound; second = pages.lowerBound + 1
        } else if mode == .book && spread == 0 {
            first = nil; second = pages.lowerBound // the cover is the second (right-hand in LTR) page
        } else {
            first = pages.lowerBound; second = nil // a lone last page starts a pair
        }
        return binding == .leftToRight
            ? SpreadSlots(left: first, right: second, count: 2)
            : SpreadSlots(left: second, right: first, count: 2)
    }
}

/// The display slots of one spread, left to right: one slot in single mode, two otherwise;
/// a slot without a page is `nil`.
@frozen
public struct SpreadSlots: Hashable, Sendable {
    /// The page in the left (or only) slot.
    public var left: Int?
    /// The page in the right slot; always `nil` when ``count`` is 1.
    public var right: Int?
    /// 1 or 2.
    public var count: Int

    /// Slots holding the given pages (0-based indexes, `nil` for an empty slot); `count` is 1 or 2.
    @inlinable public init(left: Int?, right: Int?, count: Int) {
        self.left = left; self.right = right; self.count = count
    }
}

// MARK: - Spread geometry

/// A page placed in a spread or a layout: its index and its frame (y-down coordinates).
@frozen
public struct PlacedPage: Hashable, Sendable {
    /// 0-based page index.
    public var page: Int
    /// The page's frame, x right, y down.
    public var frame: Rect

    /// A page index (0-based) and its frame (view units, y down).
    @inlinable public init(page: Int, frame: Rect) { self.page = page; self.frame = frame }
}

/// The arrangement of one spread's pages at natural scale, in spread coordinates: origin at
/// the spread's top-left corner, x right, y down, in the pages' points scaled to the common
/// height.
///
/// **Rule.** The common height is the tallest page's height in the spread. Each page is scaled
/// uniformly by `commonHeight / its own height` and the pages are placed side by side with no
/// gap, in the order of ``SpreadMapping/slots(forSpread:)`` (right-to-left binding reverses
/// the reading order). An empty slot (book cover, lone last page) reserves the same width as
/// the page beside it, as if an identical page sat there. A page whose width or height is not
/// positive and finite has zero height and zero width in the spread.
@frozen
public struct SpreadGeometry: Hashable, Sendable {
    /// The spread's natural size: scaled page widths plus any empty slot, × the common height.
    public var size: Size
    /// The pages in display order, left to right, with frames in spread coordinates (1 or 2).
    public var pages: SpreadPages

    /// The geometry of `spread` given every page's displayed size (`PageInfo.size` of PageGeometry).
    @inlinable
    public init(spread: Int, mapping: SpreadMapping, pageSizes: [Size]) {
        precondition(pageSizes.count == mapping.pageCount, "pageSizes.count must equal the mapping's pageCount")
        self.init(slots: mapping.slots(forSpread: spread), pageSizes: pageSizes)
    }

    /// The geometry of the given slots; `pageSizes[i]` is page i's displayed size.
    @inlinable
    public init(slots: SpreadSlots, pageSizes: [Size]) {
        let l = slots.left.map { pageSizes[$0] }, r = slots.right.map { pageSizes[$0] }
        let hl = l.map(SpreadGeometry.usableHeight) ?? 0, hr = r.map(SpreadGeometry.usableHeight) ?? 0
        let height = Swift.max(hl, hr)
        let wl = l.map { SpreadGeometry.width(of: $0, scaledTo: height) } ?? 0
        let wr = r.map { SpreadGeometry.width(of: $0, scaledTo: height) } ?? 0
        // An empty slot beside a page reserves that page's width.
        let leftSlot = slots.left == nil && slots.count == 2 ? wr : wl
        let rightSlot = slots.right == nil && slots.count == 2 ? wl : wr
        var pages = SpreadPages()
        if let p = slots.left { pages.append(PlacedPage(page: p, frame: Rect(x: 0, y: 0, width: wl, height: height))) }
        if let p = slots.right { pages.append(PlacedPage(page: p, frame: Rect(x: leftSlot, y: 0, width: wr, height: height))) }
        self.size = Size(width: slots.count == 2 ? leftSlot + rightSlot : wl, height: height)
        self.pages = pages
    }

    /// The natural size of a spread alone, without building its page list (the hot path of layout).
    @inlinable
    static func naturalSize(slots: SpreadSlots, pageSizes: [Size]) -> Size {
        let l = slots.left.map { pageSizes[$0] }, r = slots.right.map { pageSizes[$0] }
        let height = Swift.max(l.map(usableHeight) ?? 0, r.map(usableHeight) ?? 0)
        let wl = l.map { width(of: $0, scaledTo: height) } ?? 0
        let wr = r.map { width(of: $0, scaledTo: height) } ?? 0
        if slots.count == 1 { return Size(width: wl, height: height) }
        return Size(width: slots.left == nil || slots.right == nil ? 2 * (wl + wr) : wl + wr, height: height)
    }

    @inlinable static func usableHeight(_ s: Size) -> Double {
        s.height.isFinite && s.height > 0 && s.width.isFinite && s.width > 0 ? s.height : 0
    }

    @inlinable static func width(of s: Size, scaledTo h: Double) -> Double {
        let ph = usableHeight(s)
        return ph > 0 ? s.width * (h / ph) : 0
    }
}

/// Up to two placed pages stored inline (no allocation), in display order left to right.
@frozen
public struct SpreadPages: RandomAccessCollection, Hashable, Sendable {
    @usableFromInline var first: PlacedPage?
    @usableFromInline var second: PlacedPage?

    /// An empty collection; the layout appends up to two pages.
    @inlinable public init() {}

    @inlinable mutating func append(_ p: PlacedPage) {
        if first == nil { first = p } else { precondition(second == nil); second = p }
    }

    /// Always 0.
    @inlinable public var startIndex: Int { 0 }
    /// The number of pages held: 0, 1 or 2.
    @inlinable public var endIndex: Int { first == nil ? 0 : (second == nil ? 1 : 2) }
    /// The `i`th page in display order, left to right (`i` in `0..<endIndex`).
    @inlinable public subscript(i: Int) -> PlacedPage {
        precondition(i >= 0 && i < endIndex, "index out of range")
        return i == 0 ? first! : second!
    }
}
