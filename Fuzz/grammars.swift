// SPDX-License-Identifier: GPL-2.0-or-later
// The argument grammars of the command line, the real parsers (PageInfoGrammar, and PageRangeList): page
// ranges (--pages), sizes (--view, --container), points (--offset, --center), rectangles and
// viewports (--viewport), insets (--insets), lengths, zooms, resolutions, page counts and page
// numbers, and convert's ITEMs. Every parser gets the same text. Invariants: a value that parses
// meets the grammar's own limits; re-printed (Swift's shortest round-trip text, and the number
// rule's text) it parses to the same value (the rounded value for the number rule); blanks
// around a number change nothing; a page range list's index ranges lie inside the document.
@testable import PageInfoCommand
import PageGeometry
import PageInfoGrammar
import PageInfoEncoding

private func text(_ v: Double) -> String { v == 0 ? "0" : "\(v)" }  // "-0.0" is a size's 0 too
private func same(_ a: Double, _ b: Double) -> Bool { a == b }

/// `parse` of each re-printed form gives back `value` (exactly, or rounded by the number rule).
private func reparse<T>(_ name: String, _ value: T, _ numbers: [Double], _ separator: String,
                        _ parse: (String) throws -> T, _ components: (T) -> [Double]) {
    let exact = numbers.map(text).joined(separator: separator)
    guard let again = try? parse(exact) else { require(false, "\(name): \(numbers) re-printed as '\(exact)' does not parse"); return }
    require(components(again).elementsEqual(numbers, by: same), "\(name): '\(exact)' parses to \(components(again)), not \(numbers)")
    let rule = numbers.map(formatCompact).joined(separator: separator)
    if let rounded = try? parse(rule) {
        require(components(rounded).elementsEqual(numbers.map(NumberText.rounded), by: same),
                "\(name): '\(rule)' parses to \(components(rounded)), not the rounded \(numbers)")
    }
    // Blanks around each number.
    let spaced = numbers.map { " \(text($0))\t" }.joined(separator: separator)
    if name != "size", let s = try? parse(spaced) {
        require(components(s).elementsEqual(numbers, by: same), "\(name): '\(spaced)' parses to \(components(s))")
    }
}

private func checkLimits(_ name: String, _ values: [Double]) {
    for v in values { require(v.isFinite && abs(v) <= InputLimits.magnitude, "\(name): \(v) beyond the limits") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let s = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)

    // --pages
    if let list = try? PageRangeList(s) {
        require(!list.items.isEmpty, "pages: '\(s)' has no items")
        for item in list.items {
            require(item.first >= 1 && (item.last.map { $0 >= item.first } ?? true), "pages: '\(s)' gives \(item)")
        }
        let printed = list.items.map { i in i.last == nil ? "\(i.first)-" : (i.last == i.first ? "\(i.first)" : "\(i.first)-\(i.last!)") }
            .joined(separator: ",")
        let again = try? PageRangeList(printed)
        require(again?.items == list.items, "pages: '\(s)' re-printed as '\(printed)' parses to \(String(describing: again?.items))")
        for count in [0, 1, 7, list.items.map(\.first).max()!, Int.max] {
            if let ranges = try? list.indexRanges(pageCount: count) {
                require(ranges.count == list.items.count, "pages: \(ranges.count) ranges for \(list.items.count) items")
                for r in ranges { require(r.lowerBound >= 0 && r.upperBound <= count && !r.isEmpty, "pages: '\(s)' in \(count) pages gives \(r)") }
            } else {
                require(list.items.contains { $0.first > count || ($0.last ?? 0) > count }, "pages: '\(s)' refused for \(count) pages")
            }
        }
    }

    // Sizes, points, rectangles, viewports, insets.
    if let v = try? ValueGrammar.size(s) {
        require(v.width > 0 && v.height > 0, "size: '\(s)' gives \(v)")
        checkLimits("size", [v.width, v.height])
        reparse("size", v, [v.width, v.height], "x", ValueGrammar.size) { [$0.width, $0.height] }
        reparse("size", v, [v.width, v.height], ",", ValueGrammar.size) { [$0.width, $0.height] }
    }
    if let p = try? ValueGrammar.point(s) {
        checkLimits("point", [p.x, p.y])
        reparse("point", p, [p.x, p.y], ",", ValueGrammar.point) { [$0.x, $0.y] }
    }
    if let r = try? ValueGrammar.rect(s) {
        let values = [r.x, r.y, r.width, r.height]
        checkLimits("rect", values)
        reparse("rect", r, values, ",", ValueGrammar.rect) { [$0.x, $0.y, $0.width, $0.height] }
        let v = try? ValueGrammar.viewport(s)
        // A viewport's width must be printable: a magnitude of at least InputLimits.smallestLength.
        require((v != nil) == InputLimits.isPrintable(length: r.width), "viewport: '\(s)' with width \(r.width): \(String(describing: v))")
    }
    if let e = try? ValueGrammar.insets(s) {
        let values = [e.top, e.left, e.bottom, e.right]
        checkLimits("insets", values)
        require(values.allSatisfy { $0 >= 0 }, "insets: '\(s)' gives \(values)")
        reparse("insets", e, values, ",", ValueGrammar.insets) { [$0.top, $0.left, $0.bottom, $0.right] }
    }

    // Single numbers.
    if let v = try? ValueGrammar.length(s) {
        require(v >= 0, "length: \(v)"); checkLimits("length", [v])
        reparse("length", v, [v], "", ValueGrammar.length) { [$0] }
    }
    if let z = try? ValueGrammar.zoom(s) {
        require(InputLimits.zoom.contains(z), "zoom: \(z)")
        reparse("zoom", z, [z], "", ValueGrammar.zoom) { [$0] }
    }
    if let d = try? ValueGrammar.dotsPerInch(s) {
        require(InputLimits.dotsPerInch.contains(d), "dpi: \(d)")
        reparse("dpi", d, [d], "", ValueGrammar.dotsPerInch) { [$0] }
    }
    if let n = try? ValueGrammar.pageCount(s) {
        require((0...InputLimits.pageCount).contains(n), "page count: \(n)")
        require((try? ValueGrammar.pageCount("\(n)")) == n, "page count: \(n) re-printed")
    }
    if let n = try? ValueGrammar.pageNumber(s) {
        require(n >= 1, "page number: \(n)")
        require((try? ValueGrammar.pageNumber("\(n)")) == n, "page number: \(n) re-printed")
    }

    // convert's ITEMs: the same text as a point or rectangle.
    if let item = ConvertItem(s) {
        switch item {
        case .point(let p):
            checkLimits("item", [p.x, p.y])
            guard case .point(let q)? = ConvertItem("\(text(p.x)),\(text(p.y))") else { require(false, "item: \(p) re-printed"); break }
            require(p == q, "item: \(p) re-printed parses to \(q)")
            if let v = try? ValueGrammar.point(s) { require(v == p, "item \(p) and --offset \(v) read '\(s)' differently") }
        case .rect(let r):
            let values = [r.x, r.y, r.width, r.height]
            checkLimits("item", values)
            guard case .rect(let q)? = ConvertItem(values.map(text).joined(separator: ",")) else { require(false, "item: \(r) re-printed"); break }
            require(q == r, "item: \(r) re-printed parses to \(q)")
            if let v = try? ValueGrammar.rect(s) { require(v == r, "item \(r) and --viewport \(v) read '\(s)' differently") }
        }
    }
    return 0
}
