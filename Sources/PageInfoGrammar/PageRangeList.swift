// SPDX-License-Identifier: Apache-2.0
/// A list of 1-based page ranges as qpdf and mutool take them: `1-3,7,10-`.
///
/// Grammar: comma-separated items, each `N` (one page), `N-M` (N through M, N ≤ M) or `N-`
/// (N through the last page). Page numbers start at 1. Pages are visited in the order given;
/// a page named twice is printed twice.
public struct PageRangeList: Hashable, Sendable, CustomStringConvertible {
    /// One item: first page and optional last page (nil = to the end), both 1-based.
    public struct Item: Hashable, Sendable {
        /// The first page (1-based).
        public var first: Int
        /// The last page (1-based, inclusive), or nil for the document's last page.
        public var last: Int?

        /// The pages `first` through `last` (nil: to the end).
        public init(first: Int, last: Int?) { self.first = first; self.last = last }
    }

    /// The items in the order given. Read-only, as ``description`` is: the two always agree
    /// (batch workers are given the text).
    public private(set) var items: [Item]
    /// The text the list was parsed from.
    public let description: String

    /// Why a range list is malformed or does not fit a document.
    public struct ParseError: Error, CustomStringConvertible {
        /// One line naming the bad item or page.
        public var description: String
    }

    /// Parses `text`; throws a ``ParseError`` naming the bad item.
    public init(_ text: String) throws(ParseError) {
        description = text
        items = []
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        for raw in parts {
            let part = raw.trimmingSpaces
            guard !part.isEmpty else { throw ParseError(description: "empty item in page list '\(text)'") }
            func number(_ s: Substring) throws(ParseError) -> Int {
                guard let n = Int(s), n >= 1 else {
                    throw ParseError(description: "'\(part)' in page list '\(text)': page numbers are whole numbers from 1")
                }
                return n
            }
            if let dash = part.firstIndex(of: "-") {
                let a = part[..<dash], b = part[part.index(after: dash)...]
                guard !a.isEmpty else {
                    throw ParseError(description: "'\(part)' in page list '\(text)': a range needs a first page, e.g. 1-\(b)")
                }
                let first = try number(a)
                if b.isEmpty { items.append(Item(first: first, last: nil)); continue }
                let last = try number(b)
                guard last >= first else {
                    throw ParseError(description: "'\(part)' in page list '\(text)': the range is reversed; write \(last)-\(first)")
                }
                items.append(Item(first: first, last: last))
            } else {
                let n = try number(part)
                items.append(Item(first: n, last: n))
            }
        }
    }

    /// The 0-based index ranges for a document of `pageCount` pages, in order; throws when an
    /// item names a page past the end.
    public func indexRanges(pageCount: Int) throws(ParseError) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for item in items {
            let last = item.last ?? pageCount
            guard item.first <= pageCount, last <= pageCount else {
                let bad = item.first > pageCount ? item.first : last
                throw ParseError(description: "page \(bad) is out of range: the document has \(pageCount) page\(pageCount == 1 ? "" : "s")")
            }
            result.append((item.first - 1)..<last)
        }
        return result
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
