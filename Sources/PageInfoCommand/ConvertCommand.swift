import ArgumentParser
import PageGeometry
import PageInfoOutput
import PageInfoPoppler

#if canImport(Glibc)
import Glibc
#endif

/// `pageinfo convert`: points and rectangles between raw PDF, page and view space.
///
/// A thin shell over ``PageGeometry/PagePlacement``: it reads one page's geometry, builds the
/// placement from the options, takes the one transform between the two spaces and applies it to
/// every item, streaming stdin when no items are given.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert points and rectangles between raw PDF space, page space and view space.",
        discussion: """
            SPACES
              raw   the page's PDF user space (points, y up): boxes, content, links.
              page  the displayed page (CropBox after /Rotate): origin at its
                    lower-left corner, y up, 0…width × 0…height points.
              view  a view of --view WxH units: origin at its top-left, y down.

            The view shows --viewport (a rectangle of page space) scaled to fill the \
            view's width, centred. Without it the page is aspect-fitted and centred \
            (zoom 1). --zoom Z --center x,y shows the page Z times its fitted size \
            with page point x,y at the view's centre.

            ITEMs are points x,y or rectangles x,y,width,height (negative numbers \
            are fine: -5,3). Rectangles come out standardized: origin at the \
            smallest corner, positive size. Without ITEMs, items are read from \
            stdin, one per line, and results are written as they come. Text output \
            is one converted item per line in the input's form, so it can be piped \
            back in. --format json adds the placement and the transform used, \
            {a,b,c,d,tx,ty} with x' = a·x + c·y + tx and y' = b·x + d·y + ty.

            EXAMPLE (check it by hand)
              Page 2 of Fixtures/rotations.pdf has CropBox [20 30 420 630] and
              /Rotate 90, so it is displayed 600 × 400 pt. A 300x200 view shows
              it at scale 300/600 = 0.5.

              $ pageinfo convert Fixtures/rotations.pdf --page 2 \\
                    --from raw --to view --view 300x200 120,80
              25,50

              raw (120, 80) → page (y − 30, 420 − x) = (50, 300)     (/Rotate 90)
                            → view (50 × 0.5, (400 − 300) × 0.5) = (25, 50)
              (view y grows downwards: page y 300 is 400 − 300 = 100 pt below the top.)

            MORE EXAMPLES
              pageinfo convert doc.pdf --page 3 --from raw --to page 72,72,144,36
              pageinfo convert doc.pdf --page 1 --from view --to raw \\
                  --view 1024x768 --zoom 2 --center 300,400 512,384
              pageinfo convert doc.pdf --page 1 --from raw --to view \\
                  --view 800x600 --format json < points.txt

            EXIT CODES
              0 ok; 64 usage error (page out of range, malformed number or item, \
            zero-size view, --viewport with --zoom/--center, view space without \
            --view); 65 not a PDF or damaged; 66 cannot open the file; 77 encrypted \
            and no or a wrong password.
            """
    )

    enum Space: String, ExpressibleByArgument, CaseIterable {
        case raw, page, view
        var coordinateSpace: CoordinateSpace {
            switch self {
            case .raw: .raw
            case .page: .page
            case .view: .view
            }
        }
    }

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var document: DocumentOptions

    @Option(help: ArgumentHelp("The page, 1-based.", valueName: "n"))
    var page: Int

    @Option(help: ArgumentHelp("The space of the ITEMs: raw, page or view.", valueName: "space"))
    var from: Space

    @Option(help: ArgumentHelp("The space to convert to: raw, page or view.", valueName: "space"))
    var to: Space

    @Option(help: ArgumentHelp("The view's size in view units, e.g. 800x600 (needed for view space).", valueName: "WxH"))
    var view: String?

    @Option(help: ArgumentHelp("The rectangle of page space the view shows (points), fitted to the view's width and centred.",
                               valueName: "x,y,w,h"))
    var viewport: String?

    @Option(help: ArgumentHelp("Zoom relative to the aspect-fitted page (1 = the page fits the view).", valueName: "z"))
    var zoom: Double?

    @Option(help: ArgumentHelp("The page-space point (points) at the view's centre with --zoom (default: the page's centre).",
                               valueName: "x,y"))
    var center: String?

    @Option(help: ArgumentHelp("Output format: text or json.", valueName: "format"))
    var format: Format = .text

    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("Points x,y or rectangles x,y,w,h; read from stdin, one per line, when none are given.",
                                 valueName: "item"))
    var items: [String] = []

    // MARK: - Options → a request

    /// Everything the options say, parsed and checked before the file is opened.
    struct Request {
        var viewSize: Size?
        var viewport: Rect?
        var zoom: Double?
        var center: Point?
        var items: [Item]
    }

    func makeRequest() throws -> Request {
        guard page >= 1 else { throw ValidationError("--page: pages are numbered from 1, got \(page)") }
        if viewport != nil && (zoom != nil || center != nil) {
            throw ValidationError("--viewport cannot be combined with --zoom or --center: give either the visible rectangle or a zoom and centre")
        }
        let viewSize = try view.map { try parseSize($0, what: "--view") }
        let viewportRect = try viewport.map { text in
            let v = try parseNumbers(text, count: 4, what: "--viewport", form: "x,y,width,height")
            return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        }
        if let viewportRect, viewportRect.width == 0 {
            throw ValidationError("--viewport: '\(viewport!)' has zero width; the view needs a width of page space to show")
        }
        if let zoom, !(zoom > 0 && zoom.isFinite) {
            throw ValidationError("--zoom: \(formatCompact(zoom)) must be a positive number (1 = the page fits the view)")
        }
        let centerPoint = try center.map { try parsePoint($0, what: "--center") }
        if viewSize == nil {
            if from == .view || to == .view {
                throw ValidationError("converting \(from == .view ? "from" : "to") view space needs --view WIDTHxHEIGHT, the view's size")
            }
            if viewport != nil || zoom != nil || center != nil {
                throw ValidationError("--\(viewport != nil ? "viewport" : zoom != nil ? "zoom" : "center") needs --view WIDTHxHEIGHT, the view's size")
            }
        }
        // `.allUnrecognized` keeps negative numbers such as -5,3 as items; it also keeps a
        // "--" terminator, which only ends the options.
        var itemTexts = items[...]
        if let i = itemTexts.firstIndex(of: "--") { itemTexts.remove(at: i) }
        let parsed = try itemTexts.map { text -> Item in
            guard let item = Item(text) else { throw ValidationError(Item.problem(text)) }
            return item
        }
        if parsed.isEmpty && isatty(STDIN_FILENO) != 0 {
            throw ValidationError("no ITEM given: pass points x,y or rectangles x,y,w,h as arguments or one per line on stdin")
        }
        return Request(viewSize: viewSize, viewport: viewportRect, zoom: zoom, center: centerPoint, items: parsed)
    }

    func validate() throws { _ = try makeRequest() }

    // MARK: - Running

    func run() throws {
        let request = try makeRequest()
        let doc = try openDocument(document.file, password: document.password)
        let info = try readPage(doc, pageNumber: page)
        let placement = try makePlacement(info, request)
        let transform = placement?.transform(from: from.coordinateSpace, to: to.coordinateSpace)
            ?? Self.rawPageTransform(info, from: from.coordinateSpace, to: to.coordinateSpace)

        var out = ByteWriter(fd: STDOUT_FILENO)
        if format == .json { writeHeader(&out, info: info, placement: placement, transform: transform) }
        var count = 0
        func emit(_ item: Item) {
            if format == .json {
                out.append(count == 0 ? "\n" : ",\n")
                out.append("{\"input\":"); item.writeJSON(&out)
                out.append(",\"output\":"); item.applying(transform).writeJSON(&out)
                out.append(byte: UInt8(ascii: "}"))
            } else {
                item.applying(transform).writeText(&out)
                out.append(byte: UInt8(ascii: "\n"))
            }
            count += 1
            out.flushIfNeeded()
        }
        if request.items.isEmpty {
            var failure: String?
            LineReader(fd: STDIN_FILENO).forEachLine { line, number in
                // Blank lines (and a final line without a newline) are skipped quietly.
                if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }) {
                    return true
                }
                guard let item = Item(bytes: line) else {
                    failure = "stdin line \(number): " + Item.problem(String(decoding: line, as: UTF8.self))
                    return false
                }
                emit(item)
                return true
            }
            if let failure {
                if format == .json { out.append("\n") }
                out.flush()
                throw ValidationError(failure)
            }
        } else {
            for item in request.items { emit(item) }
        }
        if format == .json { out.append("\n]}\n") }
        out.flush()
        if out.writeFailed { throw CommandFailure("could not write the output", code: ExitStatus.ioError) }
    }

    /// The placement the view options describe, or `nil` when no view is involved.
    func makePlacement(_ info: PageInfo, _ request: Request) throws -> PagePlacement? {
        guard let viewSize = request.viewSize else { return nil }
        do {
            if request.zoom != nil || request.center != nil {
                return try PagePlacement(page: info, viewSize: viewSize, zoomScale: request.zoom ?? 1, center: request.center)
            }
            return try PagePlacement(page: info, viewSize: viewSize, viewport: request.viewport)
        } catch {
            let option = switch error {
            case .invalidViewSize: "--view: "
            case .invalidViewport: "--viewport: "
            case .invalidZoomScale: "--zoom: "
            case .invalidCenter: "--center: "
            default: "page \(page): "
            }
            throw ValidationError(option + error.description)
        }
    }

    /// Raw ↔ page without a view: the page's own transform.
    static func rawPageTransform(_ info: PageInfo, from: CoordinateSpace, to: CoordinateSpace) -> AffineTransform {
        switch (from, to) {
        case (.raw, .page): info.rawToPage
        case (.page, .raw): info.pageToRaw
        default: .identity
        }
    }

    /// `{"file", "page", "from", "to", "rotation", "userUnit", "pageSize", "cropBox", "view",
    /// "viewport", "scale", "zoomScale", "pageFrame", "transform", "items": [` — items follow.
    func writeHeader(_ out: inout ByteWriter, info: PageInfo, placement: PagePlacement?, transform: AffineTransform) {
        out.append("{\"file\":"); out.append(jsonString: document.file)
        out.append(",\"page\":"); out.append(int: page)
        out.append(",\"from\":\""); out.append(from.rawValue)
        out.append("\",\"to\":\""); out.append(to.rawValue)
        out.append("\",\"rotation\":"); out.append(int: info.rotation.degrees)
        out.append(",\"userUnit\":"); out.append(number: info.userUnit)
        out.append(",\"pageSize\":"); out.append(json: info.size)
        out.append(",\"cropBox\":"); out.append(json: info.cropBox)
        out.append(",\"view\":")
        if let p = placement { out.append(json: p.viewSize) } else { out.append("null") }
        out.append(",\"viewport\":")
        if let p = placement { out.append(json: p.viewport) } else { out.append("null") }
        out.append(",\"scale\":")
        if let p = placement { out.append(number: p.scale) } else { out.append("null") }
        out.append(",\"zoomScale\":")
        if let p = placement { out.append(number: p.zoomScale) } else { out.append("null") }
        out.append(",\"pageFrame\":")
        if let p = placement { out.append(json: p.pageFrame) } else { out.append("null") }
        out.append(",\"transform\":"); out.append(json: transform)
        out.append(",\"items\":[")
    }
}

// MARK: - Items

extension ConvertCommand {
    /// One ITEM: a point `x,y` or a rectangle `x,y,w,h`.
    enum Item {
        case point(Point)
        case rect(Rect)

        /// Parses `x,y` or `x,y,w,h` (spaces around numbers allowed); `nil` when malformed or not finite.
        init?(_ text: some StringProtocol) {
            let bytes = Array(text.utf8)
            guard let item = bytes.withUnsafeBufferPointer({ Item(bytes: $0) }) else { return nil }
            self = item
        }

        /// Parses one line's bytes without building a String for the whole line.
        init?(bytes: UnsafeBufferPointer<UInt8>) {
            var values: (Double, Double, Double, Double) = (0, 0, 0, 0)
            var count = 0
            var start = 0
            let n = bytes.count
            while true {
                var end = start
                while end < n && bytes[end] != UInt8(ascii: ",") { end += 1 }
                guard count < 4, let v = Item.number(bytes, start, end) else { return nil }
                switch count {
                case 0: values.0 = v
                case 1: values.1 = v
                case 2: values.2 = v
                default: values.3 = v
                }
                count += 1
                if end == n { break }
                start = end + 1
            }
            switch count {
            case 2: self = .point(Point(x: values.0, y: values.1))
            case 4: self = .rect(Rect(x: values.0, y: values.1, width: values.2, height: values.3))
            default: return nil
            }
        }

        /// A finite Double from `bytes[start..<end]`, blanks around it allowed.
        private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
            var s = start, e = end
            func blank(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\r") }
            while s < e && blank(bytes[s]) { s += 1 }
            while e > s && blank(bytes[e - 1]) { e -= 1 }
            guard e > s, e - s < 64 else { return nil }
            // Numbers are short: this String fits inline (no allocation) up to 15 bytes.
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[s..<e]), as: UTF8.self)
            guard let v = Double(text), v.isFinite else { return nil }
            return v
        }

        /// The one-line explanation for a malformed item.
        static func problem(_ text: String) -> String {
            let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
            if text.hasPrefix("--") { return "unknown option or malformed item '\(shown)'" }
            return "'\(shown)' is not a point x,y or a rectangle x,y,width,height of finite numbers"
        }

        /// The item mapped by `t`; a rectangle comes out standardized.
        func applying(_ t: AffineTransform) -> Item {
            switch self {
            case .point(let p): .point(t.apply(to: p))
            case .rect(let r): .rect(t.apply(to: r.standardized))
            }
        }

        /// `x,y` or `x,y,w,h`.
        func writeText(_ out: inout ByteWriter) {
            switch self {
            case .point(let p):
                out.append(number: p.x); out.append(byte: UInt8(ascii: ",")); out.append(number: p.y)
            case .rect(let r):
                out.append(number: r.x); out.append(byte: UInt8(ascii: ",")); out.append(number: r.y)
                out.append(byte: UInt8(ascii: ",")); out.append(number: r.width)
                out.append(byte: UInt8(ascii: ",")); out.append(number: r.height)
            }
        }

        /// `{"x","y"}` or `{"x","y","width","height"}`.
        func writeJSON(_ out: inout ByteWriter) {
            switch self {
            case .point(let p):
                out.append("{\"x\":"); out.append(number: p.x); out.append(",\"y\":"); out.append(number: p.y); out.append("}")
            case .rect(let r):
                out.append(json: r)
            }
        }
    }
}


// MARK: - Reading stdin

extension ConvertCommand {
    /// Reads a file descriptor in 64 KiB blocks and hands out its lines (without the newline) as
    /// byte buffers, so thousands of lines cost no per-line String or allocation.
    struct LineReader {
        let fd: Int32

        /// Calls `body(line, lineNumber)` for each line (1-based numbers) until it returns false or
        /// the input ends. A last line without a newline is included.
        func forEachLine(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            var filled = 0, lineNumber = 0
            while true {
                if filled == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) } // a very long line
                let n = buffer.withUnsafeMutableBytes { raw in read(fd, raw.baseAddress! + filled, raw.count - filled) }
                if n < 0 && errno == EINTR { continue }
                let atEnd = n <= 0
                if n > 0 { filled += n }
                var consumed = 0
                let keepGoing = buffer.withUnsafeBufferPointer { all -> Bool in
                    var start = 0
                    for i in 0..<filled where all[i] == UInt8(ascii: "\n") {
                        lineNumber += 1
                        if !body(UnsafeBufferPointer(rebasing: all[start..<i]), lineNumber) { return false }
                        start = i + 1
                    }
                    consumed = start
                    if atEnd && start < filled {
                        lineNumber += 1
                        if !body(UnsafeBufferPointer(rebasing: all[start..<filled]), lineNumber) { return false }
                        consumed = filled
                    }
                    return true
                }
                if !keepGoing || atEnd { return }
                if consumed > 0 {
                    buffer.withUnsafeMutableBufferPointer { b in
                        let rest = filled - consumed
                        if rest > 0 { b.baseAddress!.update(from: b.baseAddress! + consumed, count: rest) }
                    }
                    filled -= consumed
                }
            }
        }
    }
}
