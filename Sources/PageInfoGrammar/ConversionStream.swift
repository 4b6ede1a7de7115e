// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoSystem
import PageInfoEncoding

/// Convert items (points `x,y` and rectangles `x,y,w,h`) mapped by one transform and written as
/// they come: what `pageinfo convert` does after it has read its page, from its arguments or
/// streaming lines from a `LineReader`.
///
/// The numbers are in the transform's spaces (points for raw and page space, view units for a
/// view); rectangles come out standardized. The text form is one converted item per line, in
/// the input's form; the JSON form is one `{"input":…,"output":…}` line per item, comma-separated,
/// after a header the caller writes (`ConversionHeaderJSON`) and before the
/// `]}` of ``finish(to:)``.
///
/// Lives beside ``ConvertItem`` (PageInfoGrammar, which depends on PageInfoEncoding) rather than in
/// PageInfoEncoding, which cannot see the item grammar.
package struct ConversionStream: Sendable {
    /// The output's form.
    package enum Format: String, Sendable, Hashable, CaseIterable {
        /// One converted item per line, `x,y` or `x,y,w,h`: it can be piped back in.
        case text
        /// One JSON object per item, in the array the header opens.
        case json
    }

    /// Why a stream stopped before the end of its items.
    package enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// An item that is not an item, or whose result overflows a `Double`: the message
        /// names it (and its stdin line), e.g. `stdin line 3: '1,x' is not a point x,y or …`.
        case item(String)
        /// Reading the items failed (`EIO`, `EISDIR`, a line longer than the reader allows).
        case read(LineReader.ReadError)

        /// `stdin line 3: …` for an item; `cannot read the items on stdin: read: Is a
        /// directory` for a read error.
        package var description: String {
            switch self {
            case .item(let message): message
            case .read(.failed(let failure)): "cannot read the items on stdin: \(failure.call): \(failure.reason)"
            case .read(let error): "cannot read the items on stdin: \(error.description)"
            }
        }
    }

    /// The transform applied to every item.
    package let transform: AffineTransform
    /// The output's form.
    package let format: Format
    /// Items written so far.
    package private(set) var count = 0

    /// A stream that maps items by `transform` and writes them in `format`.
    package init(transform: AffineTransform, format: Format) {
        self.transform = transform
        self.format = format
    }

    /// Converts and writes one item; returns why it cannot be written (a result beyond what a
    /// `Double` holds, or beyond ``InputLimits/magnitude``, which could not be read back),
    /// writing nothing then.
    package mutating func write(_ item: ConvertItem, to out: inout ByteWriter) -> String? {
        let result = item.applying(transform)
        guard result.isFinite else { return "converting \(item.textForMessage) gives a number beyond what a Double holds" }
        // (What convert prints, it reads back: the other direction gets this line again.)
        guard result.isWithinInputLimits else {
            return "converting \(item.textForMessage) gives \(result.textForMessage), beyond 10^12 in magnitude, the largest coordinate pageinfo reads back; "
                + "convert a point nearer the page, or change the view options that magnify it"
        }
        if format == .json {
            if count > 0 { out.append(byte: UInt8(ascii: ",")) }
            out.append("{\"input\":"); item.writeJSON(to: &out)
            out.append(",\"output\":"); result.writeJSON(to: &out)
            out.append("}\n")
        } else {
            result.writeText(to: &out)
            out.append(byte: UInt8(ascii: "\n"))
        }
        count += 1
        out.flushIfNeeded()
        return nil
    }

    /// Writes `items` in order, stopping at the first that cannot be written.
    package mutating func write(_ items: [ConvertItem], to out: inout ByteWriter) -> Problem? {
        for item in items {
            if let problem = write(item, to: &out) { return .item(problem) }
        }
        return nil
    }

    /// Reads items from `reader`, one per line, converting and writing each as soon as it is
    /// read; blank lines (spaces, tabs, a carriage return) are skipped. Unless the input is a
    /// regular file, `out` is flushed whenever the next read may wait, so a coprocess gets each
    /// answer at once. Stops at the first line that is not an item or cannot be converted
    /// (``Problem/item(_:)``, naming the `stdin line`) or at a read error (``Problem/read(_:)``,
    /// after the lines before it).
    package mutating func write(linesOf reader: LineReader, to out: inout ByteWriter) -> Problem? {
        let interactive = !reader.isRegularFile
        var failure: String?
        do {
            try reader.forEachLine(willWait: { if interactive { out.flush() } }) { line, number in
                if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }) {
                    return true
                }
                guard let item = ConvertItem(bytes: line) else {
                    failure = "stdin line \(number): " + ConvertItem.problem(String(decoding: line, as: UTF8.self))
                    return false
                }
                if let problem = write(item, to: &out) { failure = "stdin line \(number): " + problem }
                return failure == nil
            }
        } catch {
            return .read(error)
        }
        return failure.map(Problem.item)
    }

    /// Closes the output: the JSON form's `]}` and a newline (nothing for text). Call it even
    /// after a problem, so the JSON document stays whole.
    package func finish(to out: inout ByteWriter) {
        if format == .json { out.append("]}\n") }
    }
}
