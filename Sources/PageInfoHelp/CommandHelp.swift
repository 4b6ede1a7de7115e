// SPDX-License-Identifier: Apache-2.0
/// The long help of every `pageinfo` command: the text `--help` prints after the usage and
/// `docs/man/pageinfo.1` is generated from (each command's `discussion`). Kept apart from the
/// option declarations so the executable only declares options and calls the libraries; the
/// abstracts and the one-line help of each option stay beside the options they describe.
///
/// The examples marked "check it by hand" are worked out from the fixtures' known geometry
/// and run by the end-to-end tests.
package enum CommandHelp {
    /// The input limits every geometry command states (indented, wrapped at 72 columns).
    static let inputLimits = """
          Numbers must be finite; lengths and coordinates at most 10^12 in
          magnitude, sizes at least 10^-9 (below, they print as 0), zoom scales
          between 10^-6 and 10^6, --dpi at most 100000, page counts at most
          10,000,000. A value beyond them is a usage error (exit 64).
        """

    /// `pageinfo --help`: the spaces, the exit codes and their order.
    package static let pageinfo = """
        Boxes are in raw PDF user space (points, 1/72 inch before /UserUnit); "page space" is the \
        displayed page (CropBox after /Rotate) with its origin at the lower-left; "view space" has its \
        origin at the top-left, y down. The PageGeometry documentation (make docs) has the diagrams and formulas.

        EXIT CODES
          0   success: every file ok
          1   check: a compared value differs
          2   partial: a file opened but some pages are page errors (or were recovered
              by scanning the file's objects); every readable page is reported
          64  usage error: a bad option, number, page range or page number
          65  a file is not a PDF, is damaged beyond reading, or fails --strict
          66  a file cannot be opened (missing, unreadable, a directory)
          70  batch mode: a worker crashed, timed out or ran out of memory on a file,
              or is another version of pageinfo
          74  output could not be written
          77  a file is encrypted and no password, or a wrong one, was given
          130, 143  batch mode interrupted (rerun with --resume)
        With several files, every file is processed and the exit code is the worst outcome, \
        in the order 74 > 64 > 70 > 77 > 66 > 65 > 2 > 1 > 0. Records: docs/records.md.
        """

    /// `pageinfo annotations --help`.
    package static let annotations = """
        Every element of each page's /Annots (ISO 32000-2 §12.5), read by pageinfo's own bounded \
        reader through Poppler's object parser. "rect" is /Rect in raw PDF space (points, corners \
        normalized); "drawnRect" is where the appearance is drawn (§12.5.5: the form's /BBox \
        through its /Matrix mapped onto /Rect, so /Rect itself; for a NoRotate annotation on a \
        turned page, /Rect turned upright about its upper-left corner, §12.5.3, as pdftoppm, pdfium \
        and MuPDF draw it), null when the annotation has no appearance. "pageRect" and \
        "drawnPageRect" are the same in page space; --view adds view-space rectangles (a NoZoom \
        annotation keeps its size at 100 % there), --dpi or --bitmap-size pixel rectangles as the \
        renderer draws them (renderers scale NoZoom appearances with the resolution), --frames \
        each library's.

        RECORDS
          jsonl: each page record, then one {"record":"annotation"} line per annotation (page, \
        index, object, subtype, rect, drawnRect, pageRect, drawnPageRect, flags, quadPoints, \
        borderWidth, name, modified, contents, appearance, popup, parent, field, action, \
        destination, warnings), then the file record; json: an "annotations" array in each page \
        record; csv: a row per annotation (and a "page" row for a page error or page warnings). \
        A destination has its target page's 0-based "page" (named destinations resolved through \
        /Dests and the /Names tree), its "kind" (XYZ, Fit, FitH, FitV, FitR, FitB, FitBH, FitBV) \
        and its numbers in the target page's raw space, null where the file gives null \
        ("unchanged"). Actions are named, never run. Limits: 100,000 annotations a page, 8,192 \
        /QuadPoints numbers, 4,000 bytes of text; what is damaged is left out with a warning. \
        Each file record's "annotationCount" says how many annotation records it has.

        BATCH MODE
          As for pages: --files-from, -r, --jobs, -o and --resume read many files in isolated \
        workers (jsonl by default); --resume continues only an annotations output with the same \
        options.

        EXAMPLES
          pageinfo annotations Fixtures/annotations/annotations.pdf
          pageinfo annotations -r archive/ --view 800x600 -o annotations.jsonl
          pageinfo annotations --format jsonl --dpi 300 --view 800x600 file.pdf | jq -c 'select(.record == "annotation")'
          pageinfo annotations --format csv --frames pymupdf,pdfplumber file.pdf > annotations.csv
        """

    /// `pageinfo outline --help`.
    package static let outline = """
        The document outline (bookmarks, ISO 32000-2 §12.3.3), read by pageinfo's own bounded \
        reader through Poppler's object parser: every item in order (an item, then its children, \
        then its next sibling), its "level" (0 for the top), "title", whether it is "open" (its \
        /Count is positive: its children shown), /Count as written, and where it goes: its \
        "action" and "destination", exactly as `pageinfo annotations` writes a link's (the target \
        page's 0-based "page", named destinations resolved through /Dests and the /Names tree, the \
        numbers in the target page's raw space, and "pagePoint"/"pageRect" in its page space).

        RECORDS
          jsonl: one {"record":"outline"} line per entry (index, level, title, open, count, \
        object, action, destination, warnings), then the file record; json: an "outline" array in \
        the document object; csv: a row per entry and the file row. The table indents each title \
        by its level, marks an item with children "-" when open and "+" when closed, and shows \
        its target (an arrow and "page 3 XYZ", pages 1-based; or "URI https://example.org"). Limits: 64 levels, 100,000 \
        items, 4,000 bytes a title; an item met again cuts the /First or /Next chain that loops \
        to it; a /Count that does not match the item's children is warned, never trusted. Each file \
        record's "outlineCount" says how many outline records it has.

        BATCH MODE
          As for pages: --files-from, -r, --jobs, -o and --resume read many files in isolated \
        workers (jsonl by default); --resume continues only an outline output.

        EXAMPLES
          pageinfo outline Fixtures/annotations/annotations.pdf
          pageinfo outline --files-from list.txt -o outline.jsonl --resume
          pageinfo outline --format jsonl file.pdf | jq -c 'select(.record == "outline") | [.level, .title, .destination.page]'
        """

    /// `pageinfo pages --help`.
    package static let pages = """
        Boxes are effective boxes in raw PDF user space (points): CropBox defaults to MediaBox, \
        Bleed/Trim/ArtBox default to CropBox, each is clipped to the MediaBox (ISO 32000-2 §14.11.2). \
        "size" is the displayed size: the CropBox, width and height swapped at 90° and 270°. \
        "transform" maps raw user space to page space (origin at the lower-left of the displayed page).

        TABLE
          The default table fits 80 columns: page, label, rotation, displayed size, \
        CropBox corners, and DIFFERS: a letter for each box that differs from the CropBox \
        (M media, B bleed, T trim, A art) and U for a /UserUnit other than 1. --wide prints \
        all five boxes in full and UNIT, the /UserUnit as JSON prints it (1e-09 … 1000000). Lengths are the numbers JSON prints rounded to 2 \
        decimals, a tie to the even digit (585.125 shows 585.12, as in pdfinfo -box).

        EXAMPLES
          pageinfo pages Fixtures/mixed.pdf
          pageinfo pages --pages 1-3,7,10- --format json book.pdf
          pageinfo pages --format jsonl *.pdf | jq -c 'select(.record == "page" and .rotation != 0)'
          pageinfo pages --format csv --password secret Fixtures/encrypted.pdf > pages.csv

        RECORDS
          Every position of the page tree is reported in order, at its real index: a page, or a \
        page error (json/jsonl/csv: a record with an "error" object and no geometry; table: a row \
        saying why). Pages carry "warnings" (box clipped, reversed corners, invalid /Rotate…). \
        jsonl ends each file with a {"record":"file"} line (status ok/partial/failed, pageCount as \
        walked, countClaimed, document warnings); json puts the same fields in the document \
        object; csv adds a "file" row. Schema: docs/records.md and docs/records.schema.json.

        COLUMNS
          --format columns is jsonl with each file's page records gathered into lines of at most \
        1024 pages, {"record":"pages","file":...,"count":N,"columns":{...}}, read several times \
        faster by Python's json. "columns" holds every member of the page records but record and \
        file, in their order, as an array of N values, one per page; an object (mediaBox, size, \
        transform, bitmap, error) becomes an object of such arrays, "cropBox":{"x":[...],"y":[...],...}. \
        A page without the member (a page error's geometry, a page's "error") has null there, in \
        every leaf of an object. The file records, and the numbers, are jsonl's; --resume continues it.
          pageinfo pages --format columns Fixtures/rotations.pdf | jq -c 'select(.record == "pages") | .columns.rotation'
          [0,90,180,270,270,90,0,0,180,0]

        BITMAPS
          --dpi D adds to each page record a "bitmap" object: the page rendered at D dpi, its \
        pixel "width" and "height", "scaleX"/"scaleY" (pixels per point), "renderedBox" \
        (cropBox or mediaBox), "pageFrame" (where the page lies in the image, pixels) and \
        "rawToPixel", the matrix from raw PDF space to pixel space (origin at the top-left \
        corner of pixel 0,0, y down), with its inverse "pixelToRaw", and "rawToNormalized" / \
        "normalizedToRaw", the same divided by the width and height (the image's ratios, as \
        Textract, Document AI and YOLO give boxes of an image). Renderers differ in the \
        box they draw, how they round and whether they apply /UserUnit, so --renderer names \
        the call that made the image, with its defaults: pdftoppm-cropbox (the default: \
        pdftoppm -r D -cropbox, the displayed page) and pdf2image-cropbox \
        (convert_from_path(f, dpi=D, use_cropbox=True)) ceil(w·D/72), D/72 px per point from \
        the top-left; pdftoppm (pdftoppm -r D) and pdf2image (convert_from_path(f, dpi=D)) \
        the same rule on the MEDIABOX: on a cropped page the image is larger than the page \
        and the page lies inside it; ghostscript (gs -sDEVICE=png16m -rD, the MediaBox) and \
        ghostscript-cropbox (with -dUseCropBox) round(w·u·D/72) with u the /UserUnit, from \
        the bottom-left; pdfium (pypdfium2's render(scale=D/72)) ceil(w·(D/72)) with w its \
        32-bit width, the page stretched onto the bitmap (US Letter at 150 dpi: 1275x1651, \
        pdftoppm 1275x1650); mupdf (PyMuPDF's get_pixmap(dpi=D)) ceil(w·u·D/72 − 0.001); \
        pdfplumber (to_image(resolution=D)) pdfium's render, cut by a row or column where \
        the MediaBox differs from the CropBox. On a /Rotate that is not a multiple of 90 each \
        turns the page its own way (Poppler 0, pdfium and Ghostscript truncate, MuPDF rounds: \
        45 → 90), and so does the bitmap. \
        --bitmap-size WxH instead sizes the bitmap in pixels: --fit contain \
        (default) the page alone, as large as fits in WxH at one scale (no letterbox), the \
        pixel size ceil(w·s − 1e-6) × ceil(h·s − 1e-6): render the page into exactly that \
        width × height, as with fill; --fit fill exactly WxH, each axis stretched. In csv the bitmap is the bitmap.* columns. A page \
        whose bitmap would have a side of 0 or over 2147483647 pixels has "bitmap": null.
          pageinfo pages --dpi 150 --format jsonl Fixtures/rotations.pdf --pages 2 | jq -c 'select(.bitmap) | .bitmap'
          {"renderer":"pdftoppm-cropbox","dpi":150,"fit":null,"requestedWidth":null,"requestedHeight":null,"width":1250,"height":834,...}
          pageinfo pages --dpi 200 --renderer pdf2image --format jsonl scan.pdf    # images from pdf2image's defaults
          pageinfo pages --bitmap-size 1024x1024 --fit fill --renderer pdfium --format csv a.pdf

        FRAMES
          --frames LIST (comma-separated, or all) adds to each page record a "frames" object: for \
        each Python library or pipeline named, "rawToFrame", the matrix from raw PDF space to the \
        coordinates that software reports on the page, and its inverse "frameToRaw", so that a box \
        from its API \
        maps to PDF points (and on to pixels with a bitmap's rawToPixel) by a matrix alone. \
        pymupdf: get_text("words"), get_drawings(): the unrotated page, origin at the CropBox's \
        top-left, y down, times /UserUnit (Page.rect is the rotated page). pdfplumber: chars, \
        extract_words(), rects as x0, top, x1, bottom: the page turned by /Rotate, y down from \
        the MediaBox's height. pdfminer: LTChar/LTRect bbox: the MediaBox turned by /Rotate, its \
        corner at 0,0, y up. pypdfium2 (get_charbox, page objects' bounds) and pypdf (the \
        extract_text visitor's tm x cm): raw PDF space. docling (docling-parse's cells, \
        coord_origin BOTTOMLEFT): page space, the displayed page from its bottom-left corner; \
        docling-topleft (coord_origin TOPLEFT): the same from its top-left corner, y down. Given \
        the PDF itself: textract (BoundingBox, Polygon) and documentai (normalizedVertices), \
        ratios of the displayed page from its top-left corner; azure (Document Intelligence's \
        polygons, unit inch), inches from it (for these three, which box the service renders is \
        an assumption docs/records.md names). Boxes a service or an OCR engine found on an image \
        you rendered are in that image's bitmap: rawToPixel or rawToNormalized. The object \
        lists them in that order, each \
        once, whatever order LIST gives; in csv they are the frames.LIBRARY.rawToFrame.a ... \
        frameToRaw.ty columns. Page errors carry none. docs/records.md, "Frames", has each \
        library's rules as measured (versions, /Rotate that is not a multiple of 90, bugs).
          pageinfo pages --frames pymupdf --format jsonl Fixtures/rotations.pdf --pages 2 | jq -c 'select(.frames) | .frames.pymupdf'
          {"rawToFrame":{"a":1,"b":0,"c":0,"d":-1,"tx":-20,"ty":630},"frameToRaw":{...}}
          pageinfo pages --frames all --dpi 300 --format jsonl scan.pdf

        BATCH MODE
          find archive -name '*.pdf' -print0 | pageinfo pages --files-from - -0 --jobs 2 -o out.jsonl
          Each file is read in a worker process; -o with --resume continues after a kill. Every \
        other option applies as in process: the output (JSON lines by default, or the --format \
        given) and the exit code are what `pageinfo pages FILE…` gives for the same files. See \
        the "Batch mode" options below and the README.

        EXIT CODES
          0 every file ok; 2 partial: a file opened but some pages are page errors (the others \
        are reported); 64 usage error (bad option, page list or page past the end); 65 not a PDF, \
        damaged (no page can be found), or --strict and a warning or page error (a valid, empty \
        page tree is 0 pages, exit 0); 66 cannot open the file; \
        77 encrypted and no or a wrong password; 74 the output could not be written; 70 (batch) a \
        worker crashed, timed out, ran out of memory or is another version; 130/143 (batch) interrupted.
        Every file is processed; each file that is not ok prints one line on stderr naming it, and \
        the exit code is the worst outcome (74 > 64 > 70 > 77 > 66 > 65 > 2 > 0).
        """

    /// `pageinfo info --help`.
    package static let info = """
        The page count is that of the page tree as walked, the same as `pageinfo pages` reports \
        (never the /Count the file claims; when they differ, both are shown). Page geometry and \
        labels are not read, except with --strict, which reads them for their warnings (as \
        `pages --strict` fails on them) and prints none. json and jsonl print the file record \
        of docs/records.md.

        EXAMPLES
          pageinfo info Fixtures/mixed.pdf
          pageinfo info --format json *.pdf

        EXIT CODES
          As `pageinfo pages`: 0 ok, 2 partial (page errors), 64 usage, 65 damaged or not a PDF, \
        66 cannot open, 74 output not written, 77 encrypted.
        """

    /// `pageinfo convert --help`: the spaces, the view options, worked examples.
    package static let convert = """
        SPACES
          raw   the page's PDF user space (points, y up): boxes, content, links.
          page  the displayed page (CropBox after /Rotate): origin at its
                lower-left corner, y up, 0…width × 0…height points.
          view  a view of --view WxH units: origin at its top-left, y down.

        The view shows --viewport (a rectangle of page space) scaled to fill the \
        view's width, centred. Without it the page is aspect-fitted and centred \
        (zoom 1). --zoom Z --center x,y shows the page Z times its fitted size \
        with page point x,y at the view's centre. That is --fit contain, the \
        default. --fit fill stretches the page (or --viewport) onto the whole \
        view, each axis scaled on its own: how pdfium (FPDF_PageToDevice) and \
        MuPDF map a page into a W×H bitmap.

        --dpi D instead of --view maps the page as `pdftoppm -r D -cropbox` \
        renders it: a view of ceil(width·D/72) × ceil(height·D/72) pixels \
        (rounded up, never to nearest, as pdftoppm 22.12 does), the page at \
        exactly D/72 pixels per point from the top-left corner, so the last \
        column and row may lie partly outside the page. --dpi D --fit fill \
        stretches the page onto that bitmap; --dpi D --fit contain centres it. \
        --dpi D --renderer R makes view space the image another call makes, \
        as pages --renderer names it: pdf2image and pdftoppm (their defaults, \
        the MediaBox: on a cropped page the page lies inside a larger image), \
        ghostscript, pdfium, mupdf, pdfplumber and the -cropbox forms; the \
        JSON header's "renderer" says which.

        ITEMs are points x,y or rectangles x,y,width,height (negative numbers \
        are fine: -5,3). Rectangles come out standardized: origin at the \
        smallest corner, positive size. Without ITEMs, items are read from \
        stdin, one per line, and each line is answered as soon as it is read \
        (output is flushed whenever stdin has nothing more yet, so pageinfo \
        can run as a coprocess). Text output is one converted item per line \
        in the input's form, so it can be piped back in. --format json \
        prints one document: a first line with the placement and the \
        transform used, {a,b,c,d,tx,ty} with x' = a·x + c·y + tx and y' = \
        b·x + d·y + ty, then one line per item ({"input","output"}), then \
        "]}". Numbers are rounded to 10^-9. In the first line, "viewport" is \
        the page-space rectangle the view is built from, "pageFrame" the \
        whole page in view units and "visiblePageFrame" the part of the view \
        the page covers (null when none): a --viewport of another shape than \
        the view, or beyond the page, shows more or less than itself, and \
        the rest of the view is empty.

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

        STRETCHED AND PIXEL EXAMPLES (check them by hand)
          Page 1 is displayed 400 × 600 pt (/Rotate 0): raw (120, 80) is
          page (120 − 20, 80 − 30) = (100, 50).

          $ pageinfo convert Fixtures/rotations.pdf --page 1 \\
                --from raw --to view --view 300x300 --fit fill 120,80
          75,275

          x scale 300/400 = 0.75, y scale 300/600 = 0.5:
          (100 × 0.75, (600 − 50) × 0.5) = (75, 275)

          $ pageinfo convert Fixtures/rotations.pdf --page 2 \\
                --from raw --to view --dpi 144 120,80
          100,200

          600 × 400 pt at 144 dpi: a 1200 × 800 pixel image, 2 px/pt;
          page (50, 300) → (50 × 2, (400 − 300) × 2) = (100, 200)

        MORE EXAMPLES
          pageinfo convert doc.pdf --page 3 --from raw --to page 72,72,144,36
          pageinfo convert doc.pdf --page 1 --from view --to raw \\
              --view 1024x768 --zoom 2 --center 300,400 512,384
          pageinfo convert doc.pdf --page 1 --from raw --to view \\
              --view 800x600 --format json < points.txt

        LIMITS
        \(inputLimits)
          ITEMs are held to the same limits, and a conversion whose result
          overflows a Double is a usage error.

        EXIT CODES
          0 ok; 64 usage error (page out of range, malformed number or item, \
        zero-size view, --viewport with --zoom/--center, view space without \
        --view or --dpi, a value beyond the limits, a result that overflows); \
        65 not a PDF or damaged; 66 cannot open the file, or reading the ITEMs \
        on stdin failed (EIO, a directory…); 74 the output could not be written; 77 \
        encrypted and no or a wrong password.
        """

    /// `pageinfo spreads --help`.
    package static let spreads = """
        single  one page per spread.
        double  pairs from the first page: (0,1) (2,3) …; the last spread
                may hold one page.
        book    the first page alone as the cover, then pairs: (0) (1,2)
                (3,4) …; the last spread may hold one page.

        Page indexes are 0-based. "slots" lists a spread's pages from left to right as displayed: \
        with --binding rtl the lower index is on the right. In double and book mode a lone page keeps \
        an empty slot (null) where its partner would be: a left-to-right book's cover is a right-hand \
        page, a lone last page a left-hand one.

        With a FILE, each spread also gets its natural "size" and "pageFrames" (spread coordinates, \
        origin top-left, y down, points): every page is scaled to the tallest page's height in the \
        spread and placed side by side; an empty slot is as wide as the page beside it. Without \
        --mode/--binding the document's /PageLayout and /ViewerPreferences /Direction decide: \
        SinglePage, OneColumn → single; TwoColumnLeft, TwoPageLeft → double; TwoColumnRight, \
        TwoPageRight → book; /Direction R2L → rtl; absent → single, ltr. "pageLayout" and \
        "direction" report what the document says (omitted when it says nothing).

        EXAMPLES
          $ pageinfo spreads --page-count 5 --mode book
          {"pageCount":5,"spreadMode":"book","binding":"ltr","spreadCount":3,
           "spreads":[{"index":0,"pages":[0],"slots":[null,0]},
           {"index":1,"pages":[1,2],"slots":[1,2]},
           {"index":2,"pages":[3,4],"slots":[3,4]}]}
          (one line, wrapped here)

          Fixtures/mixed.pdf says /PageLayout /TwoPageRight, /Direction /R2L:
          $ pageinfo spreads Fixtures/mixed.pdf
          → book mode, rtl: spread 1 has "slots": [2, 1]; page 2
            (1190.551×841.89) and page 1 (595.276×841.89) side by side at
            their common height 841.89, "size": 1785.827 × 841.89.

        OUTPUT
          One line of compact JSON, fields in this order: file, pageLayout,
          direction (these three only with a FILE, the last two only when
          the document has them), pageCount, spreadMode, binding,
          spreadCount, spreads [{index, pages, slots, size, pageFrames
          [{index, frame}]}] (size and pageFrames only with a FILE). The
          spreads are written as they are computed, so memory stays small
          for any page count.

        LIMITS
        \(inputLimits)

        EXIT CODES
          0 ok; 64 usage error (FILE and --page-count both or neither, a
          bad option, more than 10,000,000 pages); 65 not a PDF or
          damaged, or page sizes whose frames overflow; 66 cannot open the
          file; 74 the output could not be written; 77 encrypted and no or
          a wrong password.
        """

    /// `pageinfo layout --help`.
    package static let layout = """
        Frames are in content coordinates: the scroll view's content at zoom 1, origin at its \
        top-left corner, y down, in view units.

        continuous   spreads stacked with --spacing between them and --insets around the strip; \
        each spread is scaled to the view's width (vertical) or height (horizontal) minus the insets. \
        Zoom applies to the whole document.
        per-spread   spread i fills page i of a paginated scroll view (a cell the size of the view, \
        i·(view + spacing) along the axis), aspect-fitted and centred inside the cell minus the insets. \
        Zoom applies to one spread.

        Pages of a spread are scaled to the tallest page's height and placed side by side (right to \
        left with --binding rtl); a lone page in double/book mode keeps an empty slot beside it. \
        Without --mode/--spread/--binding, the document's /PageLayout and /Direction decide \
        (TwoPageRight → per-spread book; *Column* → continuous; R2L → rtl; absent → continuous single ltr).

        With --visible x,y,w,h only the spreads intersecting that rectangle are listed, and \
        "visible" gives the dominant page (largest visible area; ties go to the lowest page index, \
        null when no page is visible) and the fractional spread index of the rectangle's origin. \
        Page indexes in the output are 0-based.

        EXAMPLE (check it by hand)
          rotations.pdf: page 1 is 400×600 pt, page 2 600×400. In a 200x300
          view each page is scaled to the width 200: page 1 → 200×300 at y 0,
          page 2 → 200×133.33 at y 300 + 10. The rectangle y 250…350 shows 50
          units of page 1 and 40 of page 2, so page index 0 dominates; y 250
          is 250/310 of the way through slot 0 (spread 0 + the spacing).

          $ pageinfo layout Fixtures/rotations.pdf --view 200x300 \\
              --spacing 10 --visible 0,250,200,100
          {"file":"Fixtures/rotations.pdf","pageCount":10,…,"spreads":[
           {"index":0,"frame":{"x":0,"y":0,"width":200,"height":300},…},
           {"index":1,"frame":{"x":0,"y":310,"width":200,
            "height":133.333333333},…}],"visible":{…,"dominantPage":0,
           "fractionalSpreadIndex":0.806451613}}
          (one line, wrapped here)

        OUTPUT
          One line of compact JSON, fields in this order: file, pageCount,
          viewSize, scrollMode, axis, spreadMode, binding, spacing,
          contentInsets, zoomScope, minimumZoomScale, maximumZoomScale,
          contentSize, spreadCount, spreads [{index, frame, pages [{index,
          frame}]}], visible {rect, dominantPage, fractionalSpreadIndex}
          (only with --visible). Numbers are rounded to 10^-9.

        LIMITS
        \(inputLimits)

        EXIT CODES
          0 ok; 64 usage error (bad size, number or option, a value beyond
          the limits, a document of more than 10,000,000 pages); 65 not a
          PDF or damaged, or page sizes whose frames overflow; 66 cannot
          open the file; 74 the output could not be written; 77 encrypted
          and no or a wrong password.
        """

    /// `pageinfo viewstate --help`.
    package static let viewState = """
        A view state is {"pageIndex":N,"viewport":{"x":…,"y":…,"width":…,"height":…}}: the dominant \
        page (0-based) and, only when the view is zoomed in, the rectangle of that page's page space \
        (points, origin at the displayed page's lower-left corner, y up) that the view shows. Without \
        a viewport the key is omitted. Capture in one view size and restore in any other: the \
        viewport keeps its centre and width, so turning a device and turning it back returns to the \
        same place.

        EXAMPLE
          $ pageinfo viewstate capture doc.pdf --view 768x1024 --zoom 2 \\
              --offset 0,500 > state.json
          $ pageinfo viewstate restore doc.pdf --view 1024x768 --state - \\
              < state.json

        OUTPUT
          One line of compact JSON each; numbers rounded to 10^-9.

        LIMITS
        \(inputLimits)
          The numbers of a --state viewport are held to the same limits.

        EXIT CODES
          0 ok; 64 usage error (bad size, number, option or --state, a page
          index outside the document, a value beyond the limits); 65 not a
          PDF or damaged, or page sizes whose frames overflow; 66 cannot
          open the file; 74 the output could not be written; 77 encrypted
          and no or a wrong password.
        """

    /// `pageinfo viewstate capture --help`.
    package static let viewStateCapture = """
        The scroll view shows the document laid out as 'pageinfo layout' does (same options), \
        zoomed by --zoom, scrolled to --offset (in zoomed content units, as UIScrollView and most \
        scroll views report it): it shows the content rectangle (offset / zoom, view / zoom). \
        The page is the dominant one (largest visible area; ties to the lowest index). A viewport \
        is captured only when --zoom is above --min-zoom (default 1). The output is one line of \
        JSON that 'viewstate restore --state' accepts.

        EXAMPLE (check it by hand)
          rotations.pdf: page 1 is 400×600 pt; in a 400x600 view it is at
          scale 1. Zoom 2 at offset 200,300 shows the content rectangle
          (100, 150, 200, 300), inside page 1. Page space has y up from
          the page's bottom (600), so the viewport is
          (100, 600 − 150 − 300, 200, 300).

          $ pageinfo viewstate capture Fixtures/rotations.pdf \\
              --view 400x600 --zoom 2 --offset 200,300
          {"pageIndex":0,"viewport":{"x":100,"y":150,"width":200,"height":300}}
        """

    /// `pageinfo viewstate restore --help`.
    package static let viewStateRestore = """
        The document is laid out as 'pageinfo layout' does (same options) for --view. The output \
        gives "zoomScale" (clamped to --min-zoom…--max-zoom, default 1…10), "contentOffset" (zoomed \
        content units), "visibleRect" (content coordinates at zoom 1), "spreadIndex", "visibleViewport" \
        (what the view shows of the state's page, in its page space) and, for per-spread layouts, \
        "pagingOffset" (the paging scroll view) and "spreadZoomOffset" (the spread's zooming scroll \
        view). Without a viewport the view goes to the page's spread at zoom 1.

        The viewport keeps its centre and width: in a view with a wider aspect ratio less is \
        visible above and below (aspect fill), in a narrower one more (aspect fit).

        --mirror prepares the state for a second screen that must show everything the source shows \
        (presenter mode): when --view is wider than the source, the viewport is widened by \
        width·(viewRatio/sourceRatio − 1) around its centre; otherwise it is unchanged. The source's \
        ratio is --source-view's, or the viewport's own (a captured viewport has its view's ratio). \
        Unless --min-zoom is given, the mirror may zoom out below 1 to show it all.

        --state takes the JSON text, or - to read it from stdin. pageIndex and viewport (and x, y, \
        width, height in it) are its only keys: any other key, or one given twice, is a usage \
        error naming it, rather than ignored (a misspelt "viewPort" would restore a different view).

        EXAMPLE (check it by hand)
          The state captured above, restored into a 600x400 view: page 1
          (400×600) is scaled to 600×900. The viewport keeps width 200
          and centre (200, 300); the view's ratio 1.5 makes it 200 ×
          133.33 (aspect fill: less is visible). Zoom = 600 px / 200 pt
          ÷ layout scale 1.5 = 2; the centre is at content (300, 450).

          $ pageinfo viewstate restore Fixtures/rotations.pdf \\
              --view 600x400 --state \\
              '{"pageIndex":0,"viewport":{"x":100,"y":150,"width":200,"height":300}}'
          {"state":{"pageIndex":0,"viewport":{"x":100,"y":150,"width":200,
           "height":300}},"spreadIndex":0,"zoomScale":2,"contentOffset":
           {"x":300,"y":700},"visibleRect":{"x":150,"y":350,"width":300,
           "height":200},"visibleViewport":{"x":100,"y":233.333333333,
           "width":200,"height":133.333333333}}
          (one line, wrapped here)

        OUTPUT
          One line of compact JSON, fields in this order: state (the state
          applied), mirroredFrom (with --mirror), spreadIndex, zoomScale,
          contentOffset, visibleRect, visibleViewport (omitted when the
          page has no area), pagingOffset and spreadZoomOffset (per-spread
          layouts only).
        """

    /// `pageinfo thumbnails --help`.
    package static let thumbnails = """
        The size aims at about 10 thumbnails on screen with a whole number of columns and the same \
        horizontal and vertical spacing, rounded down so they always fit:

          approxWidth = √(containerWidth · containerHeight / 10 · pageAspectRatio)
          columns     = round(containerWidth / approxWidth), at least 1
          width       = (containerWidth − spacing · (columns − 1)) / columns
          itemWidth   = ⌊width⌋
          itemHeight  = ⌊width / pageAspectRatio⌋

        For a document of mixed page sizes the most common aspect ratio is used (ties: the one that \
        comes first). "visibleRows" counts rows at least partly visible at the top of the grid, \
        "fullyVisibleRows" those entirely visible, both at most "totalRows".

        EXAMPLE (check it by hand)
          A US Letter page (612×792, ratio 0.7727) in an iPhone-sized
          375x667 container, spacing 10: approxWidth = √(25012.5 · 0.7727)
          = 139.02; columns = round(375 / 139.02 = 2.70) = 3;
          width = (375 − 20) / 3 = 118.33 → 118;
          height = 118.33 / 0.7727 = 153.14 → 153.

          $ pageinfo thumbnails --page-size 612x792 --container 375x667 \\
              --spacing 10
          {"pageSize":{"width":612,"height":792},"aspectRatio":0.772727273,
           "containerSize":{"width":375,"height":667},"spacing":10,
           "columns":3,"itemSize":{"width":118,"height":153},
           "visibleRows":5,"fullyVisibleRows":4}
          (one line, wrapped here)

          $ pageinfo thumbnails Fixtures/labels.pdf --container 1024x768 \\
              --spacing 10
          (13 Letter pages: 4 columns of 248×321, 4 rows in all)

        OUTPUT
          One line of compact JSON, fields in this order: file, pageCount
          (these two only with a FILE), pageSize, aspectRatio,
          containerSize, spacing, columns, itemSize, visibleRows,
          fullyVisibleRows, totalRows (only with a FILE).

        LIMITS
        \(inputLimits)

        EXIT CODES
          0 ok; 64 usage error (FILE and --page-size both or neither, a bad
          size or number, a value beyond the limits); 65 not a PDF or
          damaged, or no page with a usable size; 66 cannot open the file;
          74 the output could not be written; 77 encrypted and no or a
          wrong password.
        """

    /// `pageinfo check --help`: the golden format, the report, examples.
    package static let check = """
        A golden is what `pageinfo pages FILE --format json` prints, so any saved output is one. \
        Box coordinates (raw PDF user space) and the displayed size are compared within --tolerance \
        points (default 0.01 pt, pdfinfo's precision); rotation and rotationRaw are compared exactly, \
        whatever the tolerance; userUnit within 1e-9; labels exactly (null and "" differ; a golden \
        page without a label key is read as null). Goldens are read leniently: unknown keys are \
        ignored, later additions to the format are optional, and a page with an "error" object \
        matches a page error with the same code.

        Pages are aligned like lines in diff: equal pages at both ends are matched (equal in the \
        --fields compared, or in every field with --fields count alone), and what is left over is \
        a page added or removed. A golden written with `pages --pages` compares each \
        of its pages with the current page of the same index.

        REPORT
          One line per difference, then a summary line:
            book.pdf: page 3 (iii): cropBox.width 612 → 611.5 (−0.5 pt)
            book.pdf: page count 10 → 11 (+1)
            book.pdf: page 11 (xi): added (612 x 792 pt)
            FAILED: 3 differences in 1 of 1 file (tolerance 0.01 pt)
          --format json prints one JSON document for tools; --format junit prints JUnit XML \
        (a test suite per file, a test case per page) for CI systems.

        FIELDS
          --fields takes a comma-separated list of: boxes (the five boxes), rotation (rotation, \
        rotationRaw), size (displayed size), label, userUnit, count (page count, pages added or \
        removed). Default: all of them.

        GOLDENS
          --golden GOLDEN.json once per FILE, paired in order; or --golden-dir DIR, where the \
        golden of book.pdf is DIR/book.golden.json. --update (or the environment variable \
        PAGEINFO_UPDATE_GOLDEN=1) rewrites each golden from its FILE, atomically (a temporary file \
        in the same directory, renamed over the old one), after printing what changed; a golden \
        that already holds exactly that output is left untouched. Without --update, a missing \
        golden is an error. PAGEINFO_UPDATE_GOLDEN takes 1, true, yes or on (any case) for on and \
        0, false, no, off or empty for off; any other value is a usage error (64).

        EXAMPLES
          Record a golden, then compare (exit 0, or 1 when something moved):
            pageinfo pages book.pdf --format json > book.golden.json
            pageinfo check book.pdf --golden book.golden.json
          Looser, and only boxes and rotation:
            pageinfo check book.pdf --golden book.golden.json --tolerance 0.5 \\
              --fields boxes,rotation
          A fixture folder, as JUnit XML for CI; then re-record after a wanted change:
            pageinfo check fixtures/*.pdf --golden-dir goldens --format junit >out.xml
            pageinfo check fixtures/*.pdf --golden-dir goldens --update

        EXIT CODES
          0 every compared value is within the tolerance; 1 something differs (like diff and cmp); \
        64 usage error; 65 a FILE is not a PDF or is damaged, or a golden is not a golden; 66 a FILE \
        or golden cannot be opened; 77 encrypted and no or a wrong --password; 74 the output or a \
        golden could not be written. Every file is checked; each failure prints one line on stderr, \
        and the exit code is the worst: 74, 64, 77, 66, 65, 1, 0.
        """

    /// `pageinfo draw --help`.
    package static let draw = """
        The page is rendered by Poppler (its own rasterizer, as pdftoppm) and the \
        overlays are placed with the same conversion as 'pageinfo convert':

          MediaBox blue, CropBox green, BleedBox magenta, TrimBox red, ArtBox
          cyan (later boxes on top; the legend says "= CropBox" when two are
          equal); the chosen space's origin and axes in black, the other
          space's in brown; the viewport in orange with arrows along which
          its width and height grow; a legend band below the page with the
          page number, label, rotation and every box's corners.

        SPACES
          page  the displayed page: the CropBox after /Rotate, with page space's
                origin at its lower-left corner (the default).
          raw   the unrotated MediaBox: PDF user space as written, origin (0,0)
                where the file's numbers start, so boxes outside the CropBox
                and the effect of /Rotate are visible.

        SIZE
          --scale S: S pixels per point (default 1 = 72 dpi); the image is
          ⌈w·S⌉ × ⌈h·S⌉ pixels, rounded up as pdftoppm does. --width PX: PX
          pixels wide, the height ⌈h·PX/w⌉. The region is stretched to fill
          the image exactly: page-image pixel (X, Y) covers view points
          X…X+1, Y…Y+1 of that placement. The picture adds a grey margin of
          24 pixels (48 from 1000 pixels wide) around the page image and the
          legend band below it. The whole picture, margin and legend included,
          is limited to 30000 pixels a side and 100 megapixels. A --viewport
          wholly outside the page and its margin is a usage error.

        YOUR BOXES
          --overlay BOXES draws the boxes of a file over the page, one colour
          per file (pink, violet, teal, amber), each label above its box (the
          first 500). BOXES is JSON, an array (or {"boxes": [...]}) of
          [x0,y0,x1,y1] or {"box": [x0,y0,x1,y1], "label": "...", "page": N},
          or CSV with a header naming x0,y0,x1,y1 and optionally label, page;
          boxes naming another page are left out. --frame F says what the
          numbers are: raw (or pdf), page, a library's or pipeline's frame
          (pymupdf, pdfplumber, pdfminer, pypdfium2, pypdf, docling,
          docling-topleft, textract, documentai, azure: pages --frames), or an
          image of the page, pixels or normalized (its ratios), named as pages
          names a bitmap: --dpi D (or --bitmap-size WxH, --fit) and --renderer
          R, the call that made the image (pdftoppm-cropbox by default;
          pdf2image's defaults are pdf2image). Give --frame once for every
          file, or once per --overlay, in order. These options describe the
          boxes' image only; the picture's size is --scale or --width.
          --region x,y,w,h draws only that rectangle of the page, given in
          --frame's frame and turned as the page is. --bare writes the page's
          render alone (PNG: no board, boxes, axes or legend, so neither
          --boxes nor --viewport; --overlay boxes still drawn), the pixels
          Poppler renders for that region.
          --boxes none leaves the page's boxes out.

        OUTPUT
          -o OUT.png: the picture. -o OUT.svg: the rendered page embedded as a
          PNG image, the overlays as <rect>, <line> and <circle> elements with
          ids (MediaBox … ArtBox, page-origin, page-x, viewport, …) in view
          coordinates, for reading and diffing; your boxes are <rect
          class="overlay-K"> (K the file, from 0) with their label as <title>.

        EXAMPLE (check it by hand)
          Page 2 of Fixtures/rotations.pdf: MediaBox 500×700, CropBox
          [20 30 420 630], /Rotate 90.
          $ pageinfo draw Fixtures/rotations.pdf --page 2 --space raw -o raw.png
            a 500×700 px page image: the CropBox is the green frame from
            (20, 70) to (420, 670) px (raw y 630 is 700 − 630 = 70 px from the
            top); page space's origin (brown) is at raw (420, 30), px (420, 670),
            its x axis pointing up and its y axis pointing left.
          $ pageinfo draw Fixtures/rotations.pdf --page 2 -o page.png \\
                --viewport 100,50,200,150
            a 600×400 px page image: page origin at the bottom-left
            (0, 400 px); the viewport spans px (100, 200) to (300, 350).
          $ pageinfo draw Fixtures/words/words.pdf --page 2 -o ocr.png \\
                --overlay detections.json --frame pixels --dpi 150 --renderer pdf2image
            boxes x0,y0,x1,y1 a model found on pdf2image's default 150-dpi image
            of page 2 (the MediaBox, 792×959 px), drawn on the displayed page.

        EXIT CODES
          0 ok; 64 usage error (page out of range, a bad number, an output
        name not ending in .png or .svg, an image beyond the size limit, a \
        --frame or image option nothing uses or one missing); 65 not a PDF \
        or damaged, or a BOXES file that is not boxes; 66 cannot open the \
        file or a BOXES file; 70 not enough memory \
        for the bitmap; 74 the output could not be written; 77 encrypted and \
        no or a wrong password.
        """

    /// `pageinfo inspect --help`.
    package static let inspect = """
        One HTML file that works offline (every picture, style and script inlined; \
        its Content-Security-Policy lets nothing be fetched). Each page shows \
        Poppler's render of its whole MediaBox, turned as the page is displayed, \
        the area outside the CropBox shaded; the five boxes, the origins and axes of \
        raw and page space and each --overlay file as layers that switch on and off, \
        with the colours and legend of 'pageinfo draw'; and its rotation, /UserUnit, \
        label and warnings. A page error, or a page Poppler cannot render, is \
        listed with its message, and the other pages are shown.

        UNDER THE POINTER
          The readout gives the point in raw PDF space, page space, view space,
          the pixels of an image (--dpi D, default 300, of --renderer R,
          default pdftoppm-cropbox, as pages --dpi D --renderer R records it;
          the report can switch to any renderer at that resolution), its
          normalized ratios, and every library's and pipeline's frame (pages
          --frames all). Click (or Enter on a focused page; arrow keys move
          the probe, Shift for 10 pixels) pins a point; a dragged rectangle is
          given in every frame and can be copied as JSON. The readout element
          ([data-readout]) carries the numbers as data-raw-x, data-raw-y,
          data-page-x, data-page-y, data-view-x, data-pixel-x, data-pymupdf-x
          (one pair per frame) and the page as data-page-index (0-based, the records' index), so
          scripts read them too. Each page carries its record as pages --format
          json --frames all with the same --dpi (or --bitmap-size, --fit) and
          --renderer writes it, and the script only applies the
          record's matrices: the numbers are those 'pageinfo convert' gives.
          --view WxH makes view space a view of that size, each page fitted as
          convert --view fits it (default: each page's own size, one unit a
          point, origin top-left).

        YOUR BOXES
          --overlay BOXES --frame F as for 'pageinfo draw' (JSON or CSV, one
          colour per file, labels drawn; pixels and normalized are of --dpi D
          and --renderer R). In the browser, a boxes file dropped on a page
          (or picked under "Add boxes") is drawn in the frame chosen there.

        LIMITS
          Each picture at most 30000 pixels a side and 100 megapixels; all of
          them at most 400 megapixels (checked before anything is rendered);
          the report at most 256 MiB of HTML. --scale S sets the pictures'
          pixels per point (default 1.5).

        EXAMPLE (check it by hand)
          $ pageinfo inspect Fixtures/rotations.pdf --pages 2 --scale 1 -o r.html
          Page 2: MediaBox 500x700, CropBox [20 30 420 630], /Rotate 90. The
          picture is the MediaBox turned, 700x500 px; raw (0,0) is its top-left
          corner, raw x pointing down. Pointing at picture pixel (80, 120)
          reads raw (120, 80), page (50, 300) (that is (y - 30, 420 - x)),
          view (50, 100), and pixel (208.33, 416.67) of the 300-dpi image
          (600x400 pt at 300/72 px per point: (50, 400 - 300) x 4.1667).

        EXIT CODES
          0 ok; 64 usage error (a page range past the end, a bad number, an \
        output name not ending in .html, stdout a terminal without -o, a picture \
        or report beyond the limits (the line names the page), a --frame or image option missing or one \
        nothing uses); 65 not a PDF or damaged, or a BOXES file that is not boxes; \
        66 cannot open the file or a BOXES file; 70 not enough memory for a \
        bitmap; 74 the output could not be written; 77 encrypted and no or a \
        wrong password.
        """

    /// `pageinfo sheet --help`.
    package static let sheet = """
        The grid is the one 'pageinfo thumbnails' computes for the pages given: \
        about 10 items in the container, a whole number of columns, the same \
        horizontal and vertical spacing, item sizes rounded down, for the most \
        common page aspect ratio. Each page is aspect-fitted into its item, \
        outlined, and captioned with its page label (its number when the \
        document has no labels). The sheet is as wide as the container and as \
        tall as all rows; an orange dashed line marks the container's bottom \
        edge, and a legend band below gives the grid's numbers.

        EXAMPLE (check it by hand)
          $ pageinfo sheet Fixtures/labels.pdf -o sheet.png --container 375x667
          13 Letter pages: 3 columns of 118×153 px, spacing 10 (as
          'pageinfo thumbnails --page-size 612x792 --container 375x667
          --spacing 10' says), 5 rows: a 375×805 px sheet (5·153 + 4·10)
          plus the legend, captions i, ii, iii, iv, A-1, …

        A sheet, legend included, is limited to 30000 pixels a side and 100 \
        megapixels: use --pages for long documents.

        EXIT CODES
          0 ok; 64 usage error (a bad page list or size, an output name not \
        ending in .png, a sheet beyond the size limit); 65 not a PDF or \
        damaged; 66 cannot open the file; 70 not enough memory for a bitmap; \
        74 the output could not be written; 77 encrypted and no or a wrong \
        password.
        """

    /// `pageinfo worker --help` (batch mode's hidden child process).
    package static let worker = """
        Batch mode (`pages`/`info` with --files-from, -r, --jobs, -o …) starts its workers \
        as 'PATH worker ARGS…' (PATH: --worker, default this pageinfo) and talks to them over \
        pipes; a person never needs to run it. Other programs may (the Spark job does): the \
        protocol is that of PageInfoBatch's WorkerProtocol.

        PROTOCOL
          stdin: frames of a little-endian UInt32 length and that many bytes. The first \
        frame is the configuration (0: no password, or 1 and the password's bytes); each \
        later frame is a file name (raw bytes), or, with the length's high bit set, a bytes \
        request: the name's length (UInt32), the name, then the file's bytes.
          stdout: with --hello, first the hello: the bytes FF 50 49 57, the length of the \
        version (one byte) and the version (such as 0.1.0), written before the arguments are \
        read; the coordinator refuses a worker of another version. Then for each file, in the \
        order asked, a 12-byte header (payload length, page count, status 0 ok / 1 partial / \
        2 failed, error code, message length) and the payload: the file's records in the \
        --format given, its file record last, then the message (with --messages).
          The worker reads each file as `pageinfo pages` (or `info`) does in process, with \
        the same page ranges and --strict; it exits 0 when stdin ends, and dies with its \
        coordinator.

        EXIT CODES
          0 stdin ended; 64 a bad argument; 86 the --max-memory limit was reached (the \
        coordinator records the file as failed, memory).
        """
}
