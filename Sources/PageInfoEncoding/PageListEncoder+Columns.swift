// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoRecords
import PageInfoSystem

// `--format columns` (docs/records.md, "Columns"): JSON lines in which a file's page records
// come as chunk records, struct of arrays, and every other record is the jsonl record.
//
//     {"record":"pages","file":"a.pdf","count":N,"columns":{"index":[…N],"label":[…N],…}}
//
// `columns` has every member a jsonl page record of the run can have but `record` and `file`,
// in jsonl's order (the geometry, then `bitmap` and `frames` when the run asks for them, `error`,
// `warnings`):
// a scalar or array member is an array of N values (each what the jsonl record holds, `null`
// where it has no such member); an object member is an object of the same member names,
// recursively, whose leaves are arrays of N values, `null` in every leaf of a row whose record
// has that object null or absent. No object of the records has all its members null, so a row
// whose leaves are all null had a null or absent object. Every value is written by the
// ByteWriter calls the jsonl record is written with (one number rule, one string escape).

extension PageListEncoder {
    /// The most page records one chunk record of `--format columns` holds. A file's pages are
    /// written as chunks of this many, the last one smaller; a chunk never spans two files.
    package static let columnChunkPages = 1024

    /// How many page records the encoder holds (`--format columns`; 0 in the other formats):
    /// those of the chunk being gathered (fewer than ``columnChunkPages``) and of the full chunk
    /// being encoded, if any. What it holds in memory beyond its writer's buffer.
    package var bufferedPages: Int { columnRows.count + (encodingChunk?.rows.count ?? 0) }

    /// How often (in rows gathered) the encoder looks whether the chunk being encoded is done.
    private static let finishedCheckRows = 64

    /// Whether full chunks are encoded on a thread of their own: not under an address-space
    /// limit (a batch worker's `--max-memory`), against which the thread's stack and malloc
    /// arena would count; such a process encodes them as it gathers them.
    private static let encodesChunksAside = !ResourceLimits.limitsAddressSpace

    /// Adds a page record to the chunk being gathered. A full chunk is encoded on a thread of
    /// its own while the reader walks on (``ChunkEncoding``; one at a time); its bytes join the
    /// output, whole and in order, as soon as they are ready, and always before anything else.
    mutating func gatherColumnRow(_ entry: PageEntry) {
        if columnRows.isEmpty { columnRows.reserveCapacity(Self.columnChunkPages) }
        columnRows.append(entry)
        if columnRows.count == Self.columnChunkPages {
            guard Self.encodesChunksAside else { return writeColumnChunk() }
            appendEncodedChunk()
            encodingChunk = ChunkEncoding(columnRows, file: file, bitmap: bitmap, frames: frames,
                                          exactFileName: out.exactFileName)
            columnRows = []
        } else if columnRows.count % Self.finishedCheckRows == 0, encodingChunk?.work.isFinished == true {
            appendEncodedChunk()
        }
    }

    /// Appends the chunk being encoded, once it is done (nothing when there is none).
    mutating func appendEncodedChunk() {
        guard let chunk = encodingChunk else { return }
        encodingChunk = nil
        chunk.work.wait()
        out.append(contentsOf: chunk.out)
        out.flushIfNeeded()
    }

    /// Writes the page records gathered so far (after the chunk being encoded) as chunk
    /// records: before a file record and at the end of the output.
    mutating func writeColumnChunk() {
        appendEncodedChunk()
        guard !columnRows.isEmpty else { return }
        Self.writeChunk(columnRows, file: file, bitmap: bitmap, frames: frames, to: &out)
        columnRows.removeAll(keepingCapacity: true)
        out.flushIfNeeded()
    }

    /// A full chunk's record, encoded into memory on a thread of its own: `pageinfo pages
    /// --format columns` on a big file spends about 15 % of its time encoding chunks, which a
    /// second core does while the first walks the page tree. Only full chunks go there: a file
    /// of fewer pages than a chunk starts no thread.
    final class ChunkEncoding: @unchecked Sendable {
        /// The rows, read by the encoding thread only until ``work`` is done.
        let rows: [PageEntry]
        /// The chunk record, written by the encoding thread; read once ``work`` is done. (Room
        /// for 256 bytes a page: a page of the benchmark's mix takes about 190.)
        var out: ByteWriter
        private(set) var work: BackgroundWork!

        init(_ rows: [PageEntry], file: String, bitmap: BitmapRequest?, frames: [LibraryFrame], exactFileName: FileName?) {
            self.rows = rows
            out = ByteWriter(capacity: 256 * rows.count)
            out.exactFileName = exactFileName
            work = BackgroundWork { [self] in
                PageListEncoder.writeChunk(self.rows, file: file, bitmap: bitmap, frames: frames, to: &self.out)
            }
        }
    }

    /// One chunk record: `rows` (1 to ``columnChunkPages``) of the file `file`.
    private static func writeChunk(_ rows: [PageEntry], file: String, bitmap: BitmapRequest?, frames: [LibraryFrame],
                                   to out: inout ByteWriter) {
        let g = GatheredPages(rows, bitmap: bitmap, frames: frames)
        out.append("{\"record\":\"pages\",\"file\":"); out.append(jsonNamingFile: file)
        out.append(",\"count\":"); out.append(int: rows.count)
        out.append(",\"columns\":{")
        column("index", every: rows, first: true, &out) { $0.append(int: $1.index) }
        column("label", every: rows, &out) { $0.append(jsonString: $1.label) }
        column("rotation", g.rotation, &out) { $0.append(int: $1) }
        column("rotationRaw", g.rawRotation, &out) { $0.append(int: $1) }
        column("userUnit", g.userUnit, &out) { $0.append(number: $1) }
        rectColumns("mediaBox", g.mediaBox, &out)
        rectColumns("cropBox", g.cropBox, &out)
        rectColumns("bleedBox", g.bleedBox, &out)
        rectColumns("trimBox", g.trimBox, &out)
        rectColumns("artBox", g.artBox, &out)
        out.append(",\"size\":{")
        column("width", g.size, first: true, &out) { $0.append(number: $1.width) }
        column("height", g.size, &out) { $0.append(number: $1.height) }
        out.append("}")
        transformColumns("transform", g.transform, &out)
        if bitmap != nil {
            let bitmaps = g.bitmap
            out.append(",\"bitmap\":{")
            column("renderer", bitmaps, first: true, &out) { $0.append(jsonString: $1.request.renderer.rawValue) }
            column("dpi", bitmaps, &out) { out, b in if let d = b.request.dotsPerInch { out.append(number: d) } else { out.append("null") } }
            column("fit", bitmaps, &out) { $0.append(jsonString: $1.request.fit?.rawValue) }
            column("requestedWidth", bitmaps, &out) { out, b in if let r = b.request.requestedPixelSize { out.append(int: r.width) } else { out.append("null") } }
            column("requestedHeight", bitmaps, &out) { out, b in if let r = b.request.requestedPixelSize { out.append(int: r.height) } else { out.append("null") } }
            column("width", bitmaps, &out) { $0.append(int: $1.pixelWidth) }
            column("height", bitmaps, &out) { $0.append(int: $1.pixelHeight) }
            column("scaleX", bitmaps, &out) { $0.append(number: $1.scaleX) }
            column("scaleY", bitmaps, &out) { $0.append(number: $1.scaleY) }
            column("renderedBox", bitmaps, &out) { $0.append(jsonString: $1.renderer.renderedBox.rawValue) }
            rectColumns("pageFrame", bitmaps.map { $0?.pageFrame }, &out)
            transformColumns("rawToPixel", bitmaps.map { $0?.rawToPixel }, &out)
            transformColumns("pixelToRaw", bitmaps.map { $0?.pixelToRaw }, &out)
            transformColumns("rawToNormalized", bitmaps.map { $0?.rawToNormalized }, &out)
            transformColumns("normalizedToRaw", bitmaps.map { $0?.normalizedToRaw }, &out)
            out.append("}")
        }
        if !frames.isEmpty {
            out.append(",\"frames\":{")
            for (i, library) in frames.enumerated() {
                out.append(i == 0 ? "\"" : ",\""); out.append(library.rawValue); out.append("\":{")
                let column = g.frames[i]
                transformColumns("rawToFrame", column.map { $0?.rawToFrame }, first: true, &out)
                transformColumns("frameToRaw", column.map { $0?.frameToRaw }, &out)
                out.append("}")
            }
            out.append("}")
        }
        out.append(",\"error\":{")
        column("code", g.error, first: true, &out) { $0.append(jsonString: $1.code.rawValue) }
        column("message", g.error, &out) { $0.append(jsonString: $1.message) }
        out.append("}")
        column("warnings", every: rows, &out) { $0.append(json: $1.warnings) }
        out.append("}}\n")
    }

    /// The members of a chunk's rows that a page error lacks (and a page's `error`), each as an
    /// array with `nil` for a row that has none, gathered in one pass: each page is copied once,
    /// not once per column.
    private struct GatheredPages {
        var rotation: [Int?] = [], rawRotation: [Int?] = [], userUnit: [Double?] = []
        var mediaBox: [Rect?] = [], cropBox: [Rect?] = [], bleedBox: [Rect?] = [], trimBox: [Rect?] = [], artBox: [Rect?] = []
        var size: [Size?] = [], transform: [AffineTransform?] = []
        /// With a bitmap request: as the page record, none on a page error and nil where the bitmap cannot be made.
        var bitmap: [BitmapPlacement?] = []
        /// With `--frames`: for each library in the run's order, each row's frame (nil on a page
        /// error, and where the frame's matrix is singular, as the page record's `null`).
        var frames: [[PageFrame?]] = []
        var error: [PageReadError?] = []

        init(_ rows: [PageEntry], bitmap request: BitmapRequest?, frames libraries: [LibraryFrame]) {
            let n = rows.count
            rotation.reserveCapacity(n); rawRotation.reserveCapacity(n); userUnit.reserveCapacity(n)
            mediaBox.reserveCapacity(n); cropBox.reserveCapacity(n); bleedBox.reserveCapacity(n)
            trimBox.reserveCapacity(n); artBox.reserveCapacity(n); size.reserveCapacity(n)
            transform.reserveCapacity(n); error.reserveCapacity(n)
            if request != nil { bitmap.reserveCapacity(n) }
            frames = libraries.map { _ in [PageFrame?](repeating: nil, count: n) }
            for (r, row) in rows.enumerated() {
                switch row.result {
                case .success(let page):
                    rotation.append(page.rotation.rawValue); rawRotation.append(page.rawRotation); userUnit.append(page.userUnit)
                    mediaBox.append(page.boxes.mediaBox); cropBox.append(page.boxes.cropBox); bleedBox.append(page.boxes.bleedBox)
                    trimBox.append(page.boxes.trimBox); artBox.append(page.boxes.artBox)
                    size.append(page.size); transform.append(page.rawToPage)
                    if let request { bitmap.append(row.bitmap(for: request)) }
                    for (i, library) in libraries.enumerated() { frames[i][r] = PageFrame(page: page, library: library) }
                    error.append(nil)
                case .failure(let e):
                    rotation.append(nil); rawRotation.append(nil); userUnit.append(nil)
                    mediaBox.append(nil); cropBox.append(nil); bleedBox.append(nil); trimBox.append(nil); artBox.append(nil)
                    size.append(nil); transform.append(nil)
                    if request != nil { bitmap.append(nil) }
                    error.append(e)
                }
            }
        }
    }

    /// `"name":[v₀,v₁,…]` (after a comma unless `first`): `value` writes each row's value. The
    /// writer may flush after each column, so a chunk written here is never held whole in a
    /// writer to a file descriptor (a chunk encoded aside, ``ChunkEncoding``, is held whole in
    /// memory, and written from there).
    private static func column<Row>(_ name: StaticString, every rows: [Row], first: Bool = false, _ out: inout ByteWriter,
                                    _ value: (inout ByteWriter, Row) -> Void) {
        out.append(first ? "\"" : ",\""); out.append(name); out.append("\":[")
        for i in rows.indices {
            if i > 0 { out.append(byte: UInt8(ascii: ",")) }
            value(&out, rows[i])
        }
        out.append("]")
        out.flushIfNeeded()
    }

    /// ``column(_:every:first:_:_:)`` of rows that may have no value: `null` for those.
    private static func column<Row>(_ name: StaticString, _ rows: [Row?], first: Bool = false, _ out: inout ByteWriter,
                                    _ value: (inout ByteWriter, Row) -> Void) {
        column(name, every: rows, first: first, &out) { out, row in
            if let row { value(&out, row) } else { out.append("null") }
        }
    }

    /// A rectangle's columns: `"name":{"x":[…],"y":[…],"width":[…],"height":[…]}`, as
    /// `ByteWriter.append(json: Rect)` writes one rectangle.
    private static func rectColumns(_ name: StaticString, _ rects: [Rect?], _ out: inout ByteWriter) {
        out.append(",\""); out.append(name); out.append("\":{")
        column("x", rects, first: true, &out) { $0.append(number: $1.x) }
        column("y", rects, &out) { $0.append(number: $1.y) }
        column("width", rects, &out) { $0.append(number: $1.width) }
        column("height", rects, &out) { $0.append(number: $1.height) }
        out.append("}")
    }

    /// A matrix's columns: `"name":{"a":[…],"b":[…],"c":[…],"d":[…],"tx":[…],"ty":[…]}`, as
    /// `ByteWriter.append(json: AffineTransform)` writes one matrix.
    private static func transformColumns(_ name: StaticString, _ transforms: [AffineTransform?], first: Bool = false,
                                         _ out: inout ByteWriter) {
        out.append(first ? "\"" : ",\""); out.append(name); out.append("\":{")
        column("a", transforms, first: true, &out) { $0.append(number: $1.a) }
        column("b", transforms, &out) { $0.append(number: $1.b) }
        column("c", transforms, &out) { $0.append(number: $1.c) }
        column("d", transforms, &out) { $0.append(number: $1.d) }
        column("tx", transforms, &out) { $0.append(number: $1.tx) }
        column("ty", transforms, &out) { $0.append(number: $1.ty) }
        out.append("}")
    }
}
