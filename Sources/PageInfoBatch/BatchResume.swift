// SPDX-License-Identifier: GPL-2.0-or-later
import PageGeometry
import PageInfoGrammar
import PageInfoSystem
import PageInfoEncoding
import SystemPackage
import PageInfoRecords

#if canImport(Glibc)
import Glibc
#endif

/// What an earlier, interrupted run left in its JSON-lines output (`--format jsonl` or
/// `columns`), for `--resume`: the files already done, and their counts.
package struct ResumeState: Sendable {
    /// File names (raw bytes) that already have their file record, with how many times.
    package var done: [[UInt8]: Int] = [:]
    /// The outcome of those files, for the summary and the exit status.
    package var tally = BatchTally()

    /// `names` without the files already done (a name listed twice and done once is read once
    /// more), in their order.
    package func remaining(_ names: [[UInt8]]) -> [[UInt8]] {
        var done = self.done
        return names.filter { name in
            guard let n = done[name], n > 0 else { return true }
            done[name] = n - 1
            return false
        }
    }

    /// Refuses, before anything is cut, a non-empty output whose first line is not a pageinfo
    /// JSON-lines record (the output of a csv, json or table run, or another file named by
    /// mistake): a usage failure (64) that leaves the file as it is.
    package static func refuseUnlessJSONLines(fd: FileDescriptor, name: String) throws(BatchError) {
        var head = [UInt8](repeating: 0, count: 11)
        let output = OpenFile(fd, path: name)
        let n: Int
        switch head.withUnsafeMutableBytes({ buffer in Result { () throws(SystemCallError) in try output.read(into: buffer, atOffset: 0) } }) {
        case .success(let count): n = count
        case .failure(let error): throw .resumeUnreadable(path: name, reason: error.reason)
        }
        guard n > 0 else { return }
        if n < head.count || !head.elementsEqual(Array("{\"record\":\"".utf8)) {
            throw .resumeNotJSONLines(path: name)
        }
    }

    /// Reads the output file from the start and cuts it after the last complete file record,
    /// dropping a file whose records were only partly written (a kill or a full disk in the
    /// middle of one write). Records of a file always end with its file record, so what is
    /// kept is whole files.
    ///
    /// A line longer than ``maxLineBytes`` is no file record pageinfo wrote: it is not kept in
    /// memory, and counts as a cut or garbage line (kept only when a file record follows it).
    package static func prepare(fd: FileDescriptor) throws(BatchError) -> ResumeState {
        try prepare(fd: fd, maxLineBytes: maxLineBytes)
    }

    /// What the run that resumes writes for each file, so that an output written by another
    /// command or other options is refused rather than continued (its files would keep their
    /// page records, or lack them, and the mix would be taken as done).
    package struct Expectation: Sendable {
        /// `pages` (page records before each file record) or `info` (file records only).
        package var withPages: Bool
        /// `--pages`, or `nil` for every page.
        package var ranges: PageRangeList?
        /// `--strict`: a file with a warning or a page error is `failed` (code `strict`).
        package var strict: Bool
        /// `--dpi`, `--bitmap-size`, `--fit`, `--renderer`: the bitmap each page record
        /// describes, or nil for none.
        package var bitmap: BitmapRequest?
        /// `--frames`: the libraries whose frames each page record carries, or none.
        package var frames: [LibraryFrame]

        /// `--format columns`: a file's page records come as chunk records
        /// (`{"record":"pages",…}`), not one a line (`--format jsonl`).
        package var columns: Bool
        /// Whose words the mismatches (``BatchError/resumeMismatch(_:)``) use for the settings
        /// they name: the library's (`strict`, `ranges`, `frames`) unless the CLI asks for its
        /// options (`--strict`, `--pages`, `--frames`).
        package var wording: Wording
        /// `annotations`: each page's annotation records after its page record, and an
        /// `annotationCount` in each file record.
        package var annotations: Bool
        /// `annotations --view`: the view size each annotation record's `view` object gives, or nil
        /// for records without one.
        package var view: Size?
        /// `outline`: outline records before each file record, and an `outlineCount` in it.
        package var outline: Bool

        /// What a run with these reading options writes.
        package init(withPages: Bool, ranges: PageRangeList?, strict: Bool = false, bitmap: BitmapRequest? = nil,
                    frames: [LibraryFrame] = [], columns: Bool = false, wording: Wording = .library,
                    annotations: Bool = false, view: Size? = nil, outline: Bool = false) {
            self.annotations = annotations
            self.view = view
            self.outline = outline
            self.withPages = withPages
            self.ranges = ranges
            self.strict = strict
            self.bitmap = bitmap
            self.frames = LibraryFrame.canonical(frames)
            self.columns = columns
            self.wording = wording
        }

        /// The name of `setting` in ``wording``.
        private func name(_ setting: Setting) -> String { wording.name(setting) }

        /// How an annotation record's view object begins in this run's output: `,"view":{"size":`
        /// and the size; nil when the run writes none.
        var viewStart: [UInt8]? {
            guard let view else { return nil }
            var w = ByteWriter()
            w.append(",\"view\":{\"size\":"); w.append(json: view)
            return w.bytes
        }

        /// Why an annotation record (one line) cannot come from this run, or nil: the run lists
        /// annotations, and the record's view object is this run's `view` (or there is none, as
        /// this run asks for none).
        func annotationMismatch(_ line: [UInt8], viewStart: [UInt8]?) -> String? {
            guard annotations else {
                return "its files list annotation records (pageinfo annotations), which this run does not write"
            }
            // (Inside a JSON string a quote is escaped: `,"view":{` is only ever the member.)
            let has = line.firstRange(of: Array(",\"view\":{".utf8)) != nil
            guard let viewStart else {
                return has ? "its annotation records carry view rectangles (\(name(.view))), which this run does not ask for" : nil
            }
            if line.firstRange(of: viewStart) != nil { return nil }
            return has ? "its annotation records are for another view than this run's \(name(.view)) \(ValueGrammar.sizeArgument(view ?? Size(width: 0, height: 0)))"
                : "its annotation records carry no view rectangles, which this run asks for (\(name(.view)))"
        }

        /// Why `record`, closing a file whose `annotations` annotation records and `outline`
        /// outline records came before it, cannot come from this run, or nil: an `annotations`
        /// run's file records say how many annotation records preceded them
        /// (`annotationCount`), an `outline` run's how many outline records (`outlineCount`),
        /// and other runs' neither.
        func countMismatch(_ record: FileRecordFields, annotations seen: Int, outline outlineSeen: Int) -> String? {
            let name = FileName(raw: record.file).text
            if outline {
                guard let count = record.outlineCount else {
                    return "\(name) has no outlineCount: the records were not written by an outline run, as this one is"
                }
                if count != outlineSeen { return "\(name) has \(outlineSeen) outline records where its file record says \(count)" }
            } else if record.outlineCount != nil {
                return "\(name) has an outlineCount: the records were written by an outline run, which this one is not"
            }
            if annotations {
                guard let count = record.annotationCount else {
                    return "\(name) has no annotationCount: the records were not written by an annotations run, as this one is"
                }
                if count != seen { return "\(name) has \(seen) annotation records where its file record says \(count)" }
            } else if record.annotationCount != nil {
                return "\(name) has an annotationCount: the records were written by an annotations run, which this one is not"
            }
            return nil
        }

        /// How a page record's frames object begins in this run's output: `,"frames":{"` and its
        /// first library's name; nil when the run writes none.
        var framesStart: [UInt8]? {
            guard let first = frames.first else { return nil }
            return Array(",\"frames\":{\"\(first.rawValue)\":".utf8)
        }

        /// Why a page record (one line) does not carry the frames this run writes, or nil: with
        /// none asked for it has no `frames` member; with some, its frames object begins as
        /// ``framesStart`` says and holds exactly this run's libraries (each written as
        /// `"name":{"rawToFrame"` or `"name":null`), or the record is a page error (which has none).
        func framesMismatch(_ line: [UInt8]) -> String? {
            // (Inside a JSON string a quote is escaped: `,"frames":{` is only ever the member,
            // and `"pymupdf":{"rawToFrame"` only ever a member of it.)
            let member = Array(",\"frames\":{".utf8)
            let has = line.firstRange(of: member) != nil
            guard let start = framesStart else {
                return has ? "its page records carry frames (\(name(.frames))), which this run does not ask for" : nil
            }
            if !has {
                if line.firstRange(of: Array(",\"error\":{".utf8)) != nil { return nil }
                return "its page records carry no frames, which this run asks for (\(name(.frames)) \(FrameOptions.argument(for: frames)))"
            }
            let matches = line.firstRange(of: start) != nil && LibraryFrame.allCases.allSatisfy { library in
                let written = line.firstRange(of: Array("\"\(library.rawValue)\":{\"rawToFrame\":".utf8)) != nil
                    || line.firstRange(of: Array("\"\(library.rawValue)\":null".utf8)) != nil
                return written == frames.contains(library)
            }
            return matches ? nil : "its page records carry other frames than this run's \(name(.frames)) \(FrameOptions.argument(for: frames))"
        }

        /// How a page record's bitmap object begins in this run's output: its renderer, its
        /// resolution or fit and the size asked for (`requestedWidth`, `requestedHeight`: two
        /// runs with `contain` and other sizes are told apart, though their pages' sizes may
        /// agree), and with `fill` its pixel size (exactly the one asked); nil when the run
        /// writes none.
        var bitmapStart: [UInt8]? {
            guard let bitmap else { return nil }
            var w = ByteWriter()
            w.append(",\"bitmap\":{"); w.append(membersOf: bitmap)
            if case .pixelSize(let width, let height, .fill) = bitmap.target {
                w.append(",\"width\":"); w.append(int: width)
                w.append(",\"height\":"); w.append(int: height)
            }
            w.append(",")
            return w.bytes
        }

        /// The box this run's bitmaps show, as a page record's `renderedBox` member and as a
        /// chunk's column value: output written before the renderers were named for their
        /// calls' defaults lacks it, and its `pdftoppm` was another image (the CropBox), so such
        /// records are another bitmap.
        var renderedBoxMember: [UInt8]? {
            bitmap.map { Array(",\"renderedBox\":\"\($0.renderer.renderedBox.rawValue)\",".utf8) }
        }

        /// Why a page record (one line) does not describe the bitmap this run writes, or nil:
        /// with no bitmap asked for it has no `bitmap` member; with one, its bitmap begins as
        /// ``bitmapStart`` says, or is null (a side below one pixel), or the record is a page
        /// error (which has none).
        func bitmapMismatch(_ line: [UInt8], start: [UInt8]?) -> String? {
            // (Inside a JSON string a quote is escaped: `,"bitmap":` is only ever the member.)
            let member = Array(",\"bitmap\":".utf8)
            let has = line.firstRange(of: member) != nil
            guard let start else {
                return has ? "its page records describe a bitmap (\(name(.dpi)) or \(name(.bitmapSize))), which this run does not ask for" : nil
            }
            if line.firstRange(of: Array(",\"bitmap\":null,".utf8)) != nil { return nil }
            if line.firstRange(of: start) != nil, let box = renderedBoxMember, line.firstRange(of: box) != nil { return nil }
            if !has && line.firstRange(of: Array(",\"error\":{".utf8)) != nil { return nil }
            return has ? "its page records describe another bitmap than this run's \(name(.dpi)), \(name(.bitmapSize)), \(name(.fit)) and \(name(.renderer))"
                : "its page records describe no bitmap, which this run asks for (\(name(.dpi)) or \(name(.bitmapSize)))"
        }

        /// ``bitmapStart``'s members, each with its value as the page record writes it: what
        /// every row of a chunk record's `bitmap` columns holds where the bitmap is not null.
        func bitmapMembers(start: [UInt8]?) -> [(name: String, text: [UInt8])]? {
            guard let start else { return nil }
            // `,"bitmap":{"renderer":…,` → `{"renderer":…}`
            let object = Array(start.dropFirst(Array(",\"bitmap\":".utf8).count).dropLast()) + [UInt8(ascii: "}")]
            var members: [(name: String, text: [UInt8])] = []
            var p = JSONParser(object)
            try? p.object(path: "bitmap") { (p: inout JSONParser, key: String) throws(JSONReadError) in
                members.append((key, try PageChunkFields.valueText(&p)))
            }
            return members
        }

        /// Why a chunk record does not describe the bitmap this run writes, or is not what this
        /// run writes at all, or nil (as ``bitmapMismatch(_:start:)`` for a page record): every
        /// row has `members`' values, or a null bitmap (a side below one pixel, or a page error).
        func chunkMismatch(_ chunk: PageChunkFields, members: [(name: String, text: [UInt8])]?) -> String? {
            guard columns else {
                return "its page records are chunks (\(name(.columns))), which this run writes one a line (\(name(.jsonLines)))"
            }
            return chunkBitmapMismatch(chunk, members: members) ?? chunkFramesMismatch(chunk)
        }

        /// Why a chunk record does not carry the frames this run writes, or nil (as
        /// ``framesMismatch(_:)`` for a page record): its `frames` object holds exactly this
        /// run's libraries, or it has none and this run asks for none.
        func chunkFramesMismatch(_ chunk: PageChunkFields) -> String? {
            guard let written = chunk.frames else {
                return frames.isEmpty ? nil : "its page records carry no frames, which this run asks for (\(name(.frames)) \(FrameOptions.argument(for: frames)))"
            }
            if frames.isEmpty { return "its page records carry frames (\(name(.frames))), which this run does not ask for" }
            return written == frames.map(\.rawValue) ? nil
                : "its page records carry other frames than this run's \(name(.frames)) \(FrameOptions.argument(for: frames))"
        }

        /// The bitmap half of ``chunkMismatch(_:members:)``.
        private func chunkBitmapMismatch(_ chunk: PageChunkFields, members: [(name: String, text: [UInt8])]?) -> String? {
            guard let members else {
                return chunk.bitmap == nil ? nil : "its page records describe a bitmap (\(name(.dpi)) or \(name(.bitmapSize))), which this run does not ask for"
            }
            guard let bitmap = chunk.bitmap else { return "its page records describe no bitmap, which this run asks for (\(name(.dpi)) or \(name(.bitmapSize)))" }
            let null = Array("null".utf8)
            let box = renderedBoxMember.map { Array($0.dropFirst(",\"renderedBox\":".utf8.count).dropLast()) }
            for row in 0..<chunk.indexes.count where bitmap["renderer"]?[row] != null {
                for (name, text) in members + [("renderedBox", box ?? [])] where bitmap[name]?[row] != text {
                    return "its page records describe another bitmap than this run's \(self.name(.dpi)), \(self.name(.bitmapSize)), \(self.name(.fit)) and \(self.name(.renderer))"
                }
            }
            return nil
        }

        /// Why a file record (and the page records before it, `pageWarnings` of them with
        /// warnings) cannot come from a run with ``strict`` as this one has it, or nil. With
        /// `--strict` no file is `partial`, and no file read is `ok` with a warning of its own
        /// or on a page it wrote; without it no file fails with `strict`, and no file that has
        /// pages is `failed` at all (only `--strict` fails a file it read: a file it failed whose
        /// `--pages` are also out of range has that error's code, `page-out-of-range`, but keeps
        /// its page count). Two cases cannot be told apart: what `info` writes does not show its
        /// pages' warnings, so an `ok` file whose only warnings are on pages; and a document of
        /// no page that `--strict` failed for a warning of its own while its `--pages` were out
        /// of range (`failed`, `page-out-of-range`, 0 pages, as a damaged one without `--strict`).
        func strictMismatch(_ record: FileRecordFields, pageWarnings: Int) -> String? {
            let name = FileName(raw: record.file).text
            if !strict {
                return record.failedByStrict ? "\(name) failed by \(self.name(.strict)), which this run does not give" : nil
            }
            if record.status == .partial || (record.status == .ok && (record.hasWarnings || pageWarnings > 0)) {
                return "\(name) is \(record.status.rawValue) with warnings or page errors, which this run's \(self.name(.strict)) fails"
            }
            return nil
        }

        /// The 0-based `index` of each page record this run writes before the file record of
        /// a file of `pageCount` pages, in order (the `--pages` items in the order given, each
        /// clipped to the document; none for `info`).
        func pageIndexes(pageCount: Int) -> [Int] {
            guard withPages else { return [] }
            guard let ranges else { return Array(0..<pageCount) }
            return ranges.items.flatMap { item in
                (item.first - 1)..<Swift.max(item.first - 1, Swift.min(item.last ?? pageCount, pageCount))
            }
        }

        /// Why the page records of `record`'s file (their `index`es, -1 for one that could not
        /// be read) are not the ones this run writes for it, or nil. `--pages` that go past the
        /// file's pages add no record but give it the error `page-out-of-range`: the record has
        /// it exactly when this run's `--pages` go past its page count.
        func pageRecordMismatch(_ indexes: [Int], record: FileRecordFields) -> String? {
            let pageCount = record.pageCount, name = FileName(raw: record.file).text
            let beyond = ranges.map { (try? $0.indexRanges(pageCount: pageCount)) == nil } ?? false  // (it throws past the end)
            if beyond != (record.errorCode == .pageOutOfRange) {
                return beyond ? "\(name) has no page-out-of-range error where this run's \(self.name(.pages)) go past its \(pageCount) page\(pageCount == 1 ? "" : "s")"
                    : "\(name) has a page-out-of-range error, which this run's \(self.name(.pages)) do not give it"
            }
            let wanted = pageIndexes(pageCount: pageCount)
            if indexes == wanted { return nil }
            guard indexes.count == wanted.count else {
                return "\(name) has \(indexes.count) page record\(indexes.count == 1 ? "" : "s") where this run writes \(wanted.count)"
            }
            let k = indexes.indices.first { indexes[$0] != wanted[$0] } ?? 0
            func page(_ index: Int) -> String { index < 0 ? "an unreadable page record" : "page \(index + 1)" }
            return "\(name) has \(page(indexes[k])) as its page record \(k + 1), where this run writes page \(wanted[k] + 1)"
        }
    }

    /// ``prepare(fd:)``, first checking every complete file record against `expectation`: a
    /// file read (not failed, or failed only by `--strict`: its code, or a page count above 0) must have the page records this run
    /// would write for it. A mismatch is a usage failure (64) before anything is cut.
    package static func prepare(fd: FileDescriptor, expecting expectation: Expectation) throws(BatchError) -> ResumeState {
        try prepare(fd: fd, maxLineBytes: maxLineBytes, expecting: expectation)
    }

    /// How every page record pageinfo writes begins.
    static let pageRecordStart = Array("{\"record\":\"page\"".utf8)
    /// How every chunk record of page records (`--format columns`) begins.
    static let chunkRecordStart = Array("{\"record\":\"pages\"".utf8)
    /// How every annotation record (`pageinfo annotations`) begins.
    static let annotationRecordStart = Array("{\"record\":\"annotation\"".utf8)
    /// How every outline record (`pageinfo outline`) begins.
    static let outlineRecordStart = Array("{\"record\":\"outline\"".utf8)
    /// How a page record without warnings ends (`warnings` is always its last member).
    static let noPageWarningsEnd = Array(",\"warnings\":[]}".utf8)

    /// The longest line ``prepare(fd:)`` reads as a record (64 MiB: a file record holds a name
    /// of at most 1 MiB, `\udcXX`-escaped, and a message naming it; a chunk record of
    /// `--format columns` holds at most 1,024 pages (4,096 from earlier versions), labels of at most 1,000 bytes each).
    package static let maxLineBytes = 64 << 20

    static func prepare(fd: FileDescriptor, maxLineBytes: Int, expecting expectation: Expectation? = nil) throws(BatchError) -> ResumeState {
        var state = ResumeState()
        var pageIndexes: [Int] = []  // the `index` of each page record since the last file record (-1: unreadable)
        var pageWarnings = 0    // of them, those with warnings
        var annotationRecords = 0, outlineRecords = 0  // since the last file record
        let viewStart = expectation?.viewStart
        var mismatch: String?
        let bitmapStart = expectation?.bitmapStart
        let bitmapMembers = expectation?.bitmapMembers(start: bitmapStart)
        var line: [UInt8] = []
        var lineLength = 0      // the whole line's length; `line` holds it only up to maxLineBytes
        var offset = 0          // file offset of `line`'s start
        var keep = 0            // bytes to keep: the end of the last complete file record
        var position = 0
        let output = OpenFile(fd, path: "the output file")
        do { try output.seek(to: .start) } catch { throw failure("cannot read it", error) }
        do {
            try output.readChunks(chunkSize: 1 << 20) { chunk in
                var start = 0
                func take(_ part: Slice<UnsafeRawBufferPointer>) {
                    lineLength += part.count
                    if lineLength <= maxLineBytes { line += part } else { line.removeAll() }
                }
                for i in 0..<chunk.count where chunk[i] == 0x0A {
                    take(chunk[start..<i])
                    if lineLength <= maxLineBytes, line.starts(with: Self.chunkRecordStart) {
                        if let pages = PageChunkFields(line) {
                            if let expectation, mismatch == nil, let why = expectation.chunkMismatch(pages, members: bitmapMembers) {
                                mismatch = "page records \(pageIndexes.count + 1) to \(pageIndexes.count + pages.indexes.count) of a file: \(why)"
                                return false
                            }
                            pageIndexes += pages.indexes
                            pageWarnings += pages.rowsWithWarnings
                        } else {
                            // (A chunk that cannot be read counts as one unreadable page record.)
                            pageIndexes.append(-1)
                            pageWarnings += 1
                        }
                    } else if lineLength <= maxLineBytes, line.starts(with: Self.pageRecordStart) {
                        pageIndexes.append(expectation == nil ? 0 : Self.pageIndex(line))
                        if let expectation, mismatch == nil, expectation.columns {
                            mismatch = "page record \(pageIndexes.count) of a file: its page records are one a line (\(expectation.wording.name(.jsonLines))), which this run writes in chunks (\(expectation.wording.name(.columns)))"
                            return false
                        }
                        if let expectation, mismatch == nil,
                           let why = expectation.bitmapMismatch(line, start: bitmapStart) ?? expectation.framesMismatch(line) {
                            mismatch = "page record \(pageIndexes.count) of a file: \(why)"
                            return false
                        }
                        if !line.suffix(Self.noPageWarningsEnd.count).elementsEqual(Self.noPageWarningsEnd) { pageWarnings += 1 }
                    } else if lineLength <= maxLineBytes, line.starts(with: Self.annotationRecordStart) {
                        annotationRecords += 1
                        if let expectation, mismatch == nil, let why = expectation.annotationMismatch(line, viewStart: viewStart) {
                            mismatch = "annotation record \(annotationRecords) of a file: \(why)"
                            return false
                        }
                    } else if lineLength <= maxLineBytes, line.starts(with: Self.outlineRecordStart) {
                        outlineRecords += 1
                        if let expectation, mismatch == nil, !expectation.outline {
                            mismatch = "outline record \(outlineRecords) of a file: its files list outline records (pageinfo outline), which this run does not write"
                            return false
                        }
                    } else if lineLength <= maxLineBytes, let record = FileRecordFields(line) {
                        if let expectation, mismatch == nil {
                            mismatch = expectation.countMismatch(record, annotations: annotationRecords, outline: outlineRecords)
                            // A file read, whose page records were written: not failed, or failed by --strict.
                            if mismatch == nil, record.status != .failed || record.failedByStrict {
                                mismatch = expectation.pageRecordMismatch(pageIndexes, record: record)
                            }
                            if mismatch == nil {
                                mismatch = expectation.strictMismatch(record, pageWarnings: pageWarnings)
                            }
                            if mismatch != nil { return false }
                        }
                        pageIndexes.removeAll(keepingCapacity: true)
                        pageWarnings = 0
                        annotationRecords = 0
                        outlineRecords = 0
                        state.done[record.file, default: 0] += 1
                        state.tally.add(status: record.status, error: record.errorCode, pages: record.pageCount)
                        keep = offset + lineLength + 1
                    }
                    offset += lineLength + 1
                    line.removeAll(keepingCapacity: lineLength <= maxLineBytes)
                    lineLength = 0
                    start = i + 1
                }
                take(chunk[start..<chunk.count])
                position += chunk.count
                return true
            }
        } catch {
            throw failure("cannot read it", error)
        }
        if let mismatch {
            throw .resumeMismatch(mismatch)
        }
        if keep != position {
            do { try output.truncate(toSize: keep) } catch { throw failure("cannot cut its incomplete last file", error) }
        }
        do { try output.seek(to: .end) } catch { throw failure("cannot append to it", error) }
        return state
    }

    /// The `index` of the page record `line`, or -1 when it is not a JSON object with a
    /// whole-number `index` (read with the package's one JSON reader). The reading stops at
    /// `index`, which pageinfo writes third, after `record` and `file`. Checking a finished
    /// output of 200,000 page records (`pages --files-from LIST -o OUT --resume`, 2026-11-25,
    /// the 2-core VM) took 0.16 s counting the records, 1.46 s parsing them whole, 0.27 s so.
    static func pageIndex(_ line: [UInt8]) -> Int {
        var index = -1
        var p = JSONParser(line)
        do {
            try p.object(path: "") { (p: inout JSONParser, key: String) throws(JSONReadError) in
                guard key == "index" else { _ = try p.value(); return }
                guard case .number(let n) = try p.value() else { throw JSONReadError(detail: "index is not a number") }
                guard n >= 0, n < Double(Int32.max), n == n.rounded() else { throw JSONReadError(detail: "index is not a page index") }
                index = Int(n)
                throw JSONReadError(detail: Self.indexFound)  // (the rest is not needed)
            }
        } catch {
            return error.detail == Self.indexFound ? index : -1
        }
        return -1
    }

    /// Stops ``pageIndex(_:)``'s reading once it has the index.
    private static let indexFound = "index found"

    private static func failure(_ what: String, _ error: SystemCallError) -> BatchError {
        .resumeFile(what: what, reason: error.reason)
    }
}

/// The fields of a file record that resume needs, read from one JSON line with the package's
/// one JSON reader (`JSONParser`, its depth limit; names in its raw-bytes mode, so a name that
/// is not UTF-8 comes back as the bytes it was written from).
struct FileRecordFields {
    var file: [UInt8]
    var status: DocumentOutcome.Status
    var errorCode: FileErrorCode?
    var pageCount: Int
    /// Whether its own `warnings` (the file's, not its pages') are not empty.
    var hasWarnings: Bool
    /// Its `annotationCount` (an `annotations` run's) and `outlineCount` (an `outline` run's), if any.
    var annotationCount: Int?
    var outlineCount: Int?

    /// Whether only `--strict` can have written it: failed with the code `strict`, or failed
    /// with pages read (every other failure reads none; `--strict` with `--pages` out of range
    /// gives the range's code, `page-out-of-range`, but keeps the page count).
    var failedByStrict: Bool { errorCode == .strict || (status == .failed && pageCount > 0) }

    /// Parses `line` when it is a complete JSON object whose `record` is `"file"`.
    init?(_ line: [UInt8]) {
        var record: String?, file: [UInt8]?, status: String?, code: String?, pages = 0, warnings = 0
        var annotationCount: Int?, outlineCount: Int?
        func count(_ p: inout JSONParser, _ key: String) throws(JSONReadError) -> Int {
            guard case .number(let n) = try p.value() else { throw JSONReadError(detail: "\(key) is not a number") }
            return Int(min(max(n.rounded(.towardZero), -1), Double(Int32.max)))
        }
        var p = JSONParser(line)
        do {
            try p.object(path: "") { (p: inout JSONParser, key: String) throws(JSONReadError) in
                switch key {
                // When `record` is repeated, the first counts: a line that starts as a page record
                // is one, as prepare(fd:) reads it by its start, whatever follows.
                case "record":
                    let value = try p.string()
                    if record == nil { record = value }
                case "file": file = try p.stringBytes()
                case "status": status = try p.string()
                // A count beyond 2^31 - 1 (or below 0) is none pageinfo wrote; clamped, the
                // tally's sum of counts cannot overflow.
                case "pageCount":
                    guard case .number(let n) = try p.value() else { throw JSONReadError(detail: "pageCount is not a number") }
                    pages = Int(min(max(n.rounded(.towardZero), 0), Double(Int32.max)))
                case "annotationCount": annotationCount = try count(&p, key)
                case "outlineCount": outlineCount = try count(&p, key)
                case "warnings":
                    guard case .array(let list) = try p.value() else { throw JSONReadError(detail: "warnings is not an array") }
                    warnings = list.count
                case "error":
                    p.skipSpace()
                    if p.peek == UInt8(ascii: "{") {
                        try p.object(path: "error") { (p: inout JSONParser, key: String) throws(JSONReadError) in
                            if key == "code" { code = try p.string() } else { _ = try p.value() }
                        }
                    } else {
                        _ = try p.value()
                    }
                default: _ = try p.value()
                }
            }
            try p.end()
        } catch {
            return nil
        }
        guard record == "file", let file, let status, let s = DocumentOutcome.Status(rawValue: status) else { return nil }
        self.file = file
        self.status = s
        self.errorCode = code.flatMap { FileErrorCode(rawValue: $0) }
        self.pageCount = pages
        self.hasWarnings = warnings > 0
        self.annotationCount = annotationCount
        self.outlineCount = outlineCount
    }
}

/// What resume needs of a chunk record of page records (`--format columns`, docs/records.md),
/// read from one JSON line with the package's one JSON reader: its rows' `index`es, how many
/// rows have warnings, and the texts of its `bitmap` leaves.
struct PageChunkFields {
    /// Each row's `index` (-1 where it is not a page index).
    var indexes: [Int]
    /// How many rows have warnings (an array that is not empty, or anything but an array).
    var rowsWithWarnings: Int
    /// The `bitmap` columns that are arrays (`renderer`, `dpi`, `fit`, `width`…), each row's
    /// value as written (`"pdftoppm"`, `150`, `null`); nil when the chunk has no `bitmap`.
    var bitmap: [String: [[UInt8]]]?
    /// The libraries of the chunk's `frames` object, in order; nil when it has none.
    var frames: [String]?

    /// Parses `line` when it is a complete JSON object whose `record` is `"pages"`, whose
    /// `count` is its number of rows, and whose `columns` hold `index` and `warnings` of that
    /// many rows (and `bitmap` arrays of that many, if any).
    init?(_ line: [UInt8]) {
        var record: String?, count: Double?, indexes: [Int]?, withWarnings: Int?, bitmap: [String: [[UInt8]]]?
        var frames: [String]?
        var p = JSONParser(line)
        do {
            try p.object(path: "") { (p: inout JSONParser, key: String) throws(JSONReadError) in
                switch key {
                case "record":
                    let value = try p.string()
                    if record == nil { record = value }
                case "count": count = try p.number()
                case "columns":
                    try p.object(path: "columns") { (p: inout JSONParser, key: String) throws(JSONReadError) in
                        switch key {
                        case "index":
                            var list: [Int] = []
                            try p.array(path: "index") { (p: inout JSONParser, _: Int) throws(JSONReadError) in
                                guard case .number(let n) = try p.value(), n >= 0, n < Double(Int32.max), n == n.rounded() else { list.append(-1); return }
                                list.append(Int(n))
                            }
                            indexes = list
                        case "warnings":
                            var n = 0
                            try p.array(path: "warnings") { (p: inout JSONParser, _: Int) throws(JSONReadError) in
                                if case .array(let list) = try p.value(), list.isEmpty { return }
                                n += 1
                            }
                            withWarnings = n
                        case "bitmap":
                            var members: [String: [[UInt8]]] = [:]
                            try p.object(path: "bitmap") { (p: inout JSONParser, key: String) throws(JSONReadError) in
                                p.skipSpace()
                                guard p.peek == UInt8(ascii: "[") else { _ = try p.value(); return }
                                var texts: [[UInt8]] = []
                                try p.array(path: key) { (p: inout JSONParser, _: Int) throws(JSONReadError) in texts.append(try Self.valueText(&p)) }
                                members[key] = texts
                            }
                            bitmap = members
                        case "frames":
                            var names: [String] = []
                            try p.object(path: "frames") { (p: inout JSONParser, key: String) throws(JSONReadError) in
                                names.append(key)
                                _ = try p.value()
                            }
                            frames = names
                        default: _ = try p.value()
                        }
                    }
                default: _ = try p.value()
                }
            }
            try p.end()
        } catch {
            return nil
        }
        guard record == "pages", let count, let indexes, let withWarnings, Double(indexes.count) == count,
              bitmap?.values.allSatisfy({ $0.count == indexes.count }) ?? true else { return nil }
        self.indexes = indexes
        self.rowsWithWarnings = withWarnings
        self.bitmap = bitmap
        self.frames = frames
    }

    /// Reads the value at `p` and returns its text as written.
    static func valueText(_ p: inout JSONParser) throws(JSONReadError) -> [UInt8] {
        p.skipSpace()
        let start = p.offset
        _ = try p.value()
        return Array(p.bytes[start..<p.offset])
    }
}
