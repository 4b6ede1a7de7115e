#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Library truth for `pageinfo pages --frames`: each page record's frameToRaw must map
where PyMuPDF, pdfplumber, pdfminer.six, pypdfium2, pypdf and docling-parse say they see things
back to where they are on the page.

On generated pages (pikepdf: /Rotate 0, 90, 180, 270 and 45, 135, -90, 450; a CropBox inside the
MediaBox, an offset one, and a MediaBox with a negative origin; /UserUnit 1, 2 and 0.5) and on
corpus files (../shared/corpus or $PAGEINFO_CORPUS: qpdf-boxes.pdf, pdfium-cropped_text.pdf,
pymupdf-test-2812.pdf, qpdf-fxo-red-rotate.pdf, each page's content kept inside q … Q), marks are
drawn at chosen raw points: three glyphs of a Type 3 font whose one glyph is the unit square
(6, 9 and 12 pt, so every library's box of it is exactly the square, whatever its rules for
ascent and descent), mapped to U+2588 by a ToUnicode CMap, and three filled rectangles of one
colour (5x9, 8x13, 11x17 pt). Each library is then asked, through its own API, where it sees
them:

  pymupdf     Page.get_text("words"), get_drawings() (fill colour); and, for the documented
              relations, the words turned by Page.rotation_matrix against the record's MuPDF
              bitmap at 72 dpi, Page.rect turned back by derotation_matrix (the CropBox), and
              Page.transformation_matrix
  pdfplumber  Page.chars, extract_words(), rects (x0, top, x1, bottom); Page.bbox (the MediaBox)
  pdfminer    LTChar and LTRect .bbox (extract_pages); LTPage.bbox (the MediaBox)
  pypdfium2   PdfTextPage.get_charbox, page objects' get_bounds (text and paths); get_cropbox
  pypdf       extract_text's visitor_text (the origin tm x cm), visitor_operand_before's `re`
              (its rectangle through cm); page.cropbox
  docling     docling-parse's PdfDocument pages (DoclingPdfParser().load, as docling's backend
              loads them): char_cells and word_cells (coord_origin BOTTOMLEFT, the docling frame)
              and the char cells' rect.to_top_left_origin(page_height=dimension.height), as
              docling turns them (the docling-topleft frame)

and every box (or pypdf's origin) must come back through the record's frames.<library>.frameToRaw
to the raw one within 0.5 pt, each of its edges (the marks are paired by size, so a turned, flipped
or scaled frame cannot match the wrong mark).

Expected differences, each checked to still be there (so that a fix is noticed):
  - pymupdf-transformation-matrix: PyMuPDF's Page.transformation_matrix is the frame's
    rawToFrame on a page without /Rotate, but (1, 0, 0, -1, 0, CropBox height) on a rotated one,
    ignoring the CropBox's origin and /UserUnit (cf. pymupdf/PyMuPDF#979; the frame is that of
    its text and drawings, which the maintainer documents as the unrotated page, #619, #4850).
  - pymupdf-rotation-matrix-userunit: on a rotated page of /UserUnit u != 1, Page.rotation_matrix
    and derotation_matrix are made from the CropBox's size in points, not the u-times-larger
    Page.rect, so they do not turn the frame into Page.rect's space (no issue found upstream).
  - pdfminer-reversed-mediabox: pdfminer.six (and pdfplumber on it) takes a MediaBox written
    with reversed corners ([W H 0 0], which ISO 32000 allows and pageinfo normalizes with
    box-reversed) as written, so its boxes are off the page; no issue found upstream.
  - docling-odd-rotation: on a /Rotate that is not a multiple of 90 (45, 135) docling-parse
    turns the page by that angle; no quarter-turn frame is that (pageinfo, as Poppler, reads 0).
A known bug that the matrix captures is not a difference: pdfplumber flips y about the MediaBox's
height instead of its top edge (jsvine/pdfplumber#1332, open), and the frame is what it reports.

Usage: check_frames.py PAGEINFO [--self-test]
  --self-test: the checks must refuse planted errors (a frameToRaw shifted by 1 pt, the /Rotate
  90 frame on a /Rotate 270 page, PyMuPDF's frame without /UserUnit, pdfplumber's frame as its
  open fix #1381 would make it, pdfminer's frame for pypdfium2, the MediaBox where pdfminer's
  frame has it for a reversed MediaBox) before the real run is trusted.
Run by `make test` (`make check-frames`) with the venv of `make oracle-deps`. Exits 1 naming every
failure; 2 when a library or the corpus is missing and CI=true (without CI it says so and skips
what it cannot do).
"""

import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import oracle_deps  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIBRARIES = ["pymupdf", "pdfplumber", "pdfminer", "pypdfium2", "pypdf", "docling", "docling-topleft"]
TOLERANCE = 0.5   # points, each edge of each box
GLYPH = "\u2588"
COLOUR = (0.13, 0.57, 0.29)   # the rectangles' fill (DeviceRGB)
# Marks, in fractions of the CropBox: glyphs (fx, fy, size) and rectangles (fx, fy, width, height).
GLYPHS = [(0.22, 0.31, 6.0), (0.71, 0.24, 9.0), (0.2, 0.75, 12.0)]
RECTS = [(0.6, 0.7, 5.0, 9.0), (0.4, 0.5, 8.0, 13.0), (0.8, 0.85, 11.0, 17.0)]

# The generated pages: (MediaBox, CropBox or None, /Rotate, /UserUnit or None).
PLAIN, OFFSET, NEGATIVE = [0, 0, 612, 792], [40, 60, 560, 700], [-100, -200, 500, 600]
CASES = ([(PLAIN, None, r, None) for r in (0, 90, 180, 270)]
         + [(PLAIN, OFFSET, r, None) for r in (0, 90, 180, 270)]
         + [(NEGATIVE, [-50, -120, 400, 500], r, None) for r in (0, 90, 180, 270)]
         + [(NEGATIVE, None, r, None) for r in (0, 90, 180, 270)]
         + [(NEGATIVE, [-50, -120, 400, 500], r, 2) for r in (0, 90, 180, 270)]
         + [(PLAIN, OFFSET, r, 0.5) for r in (90, 270)]
         + [(NEGATIVE, [-50, -120, 400, 500], r, None) for r in (45, 135, -90, 450)]
         + [(NEGATIVE, [-50, -120, 400, 500], 45, 2)])
# Pages whose MediaBox is written with reversed corners (the expected pdfminer difference).
REVERSED = [([612, 792, 0, 0], None, 0, None), ([500, 600, -100, -200], None, 90, None)]
CORPUS_FILES = ["qpdf-boxes.pdf", "pdfium-cropped_text.pdf", "pymupdf-test-2812.pdf", "qpdf-fxo-red-rotate.pdf"]


def corpus_dir():
    return os.environ.get("PAGEINFO_CORPUS") or os.path.join(os.path.dirname(ROOT), "shared", "corpus")


# --------------------------------------------------------------------------------------------
# Pages and marks (pikepdf)
# --------------------------------------------------------------------------------------------

def square_font(pdf):
    """A Type 3 font whose code 0x41 is the unit square (FontBBox, d1 and the descriptor's
    Ascent/Descent all say 0..1 em), mapped to U+2588 by its ToUnicode CMap."""
    from pikepdf import Dictionary, Name
    glyph = pdf.make_stream(b"1000 0 0 0 1000 1000 d1 0 0 1000 1000 re f")
    cmap = pdf.make_stream(
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CIDSystemInfo << /Registry (Adobe) "
        b"/Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def "
        b"1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfchar <41> <2588> endbfchar "
        b"endcmap CMapName currentdict /CMap defineresource pop end end")
    descriptor = pdf.make_indirect(Dictionary(Type=Name.FontDescriptor, FontName=Name("/PageinfoSquare"), Flags=4,
                                              FontBBox=[0, 0, 1000, 1000], ItalicAngle=0, Ascent=1000, Descent=0,
                                              CapHeight=1000, StemV=80))
    return pdf.make_indirect(Dictionary(
        Type=Name.Font, Subtype=Name.Type3, FontBBox=[0, 0, 1000, 1000], FontMatrix=[0.001, 0, 0, 0.001, 0, 0],
        CharProcs=Dictionary(sq=glyph), Encoding=Dictionary(Type=Name.Encoding, Differences=[65, Name.sq]),
        FirstChar=65, LastChar=65, Widths=[1000], Resources=Dictionary(), ToUnicode=cmap, FontDescriptor=descriptor))


def marks(crop):
    """The marks of a page whose effective CropBox is `crop` ({x, y, width, height}): glyphs as
    (x, y, size) with (x, y) the glyph's origin, its lower-left corner; rectangles as (x, y, w, h)."""
    glyphs = [(crop["x"] + fx * crop["width"], crop["y"] + fy * crop["height"], s) for fx, fy, s in GLYPHS]
    rects = [(crop["x"] + fx * crop["width"], crop["y"] + fy * crop["height"], w, h) for fx, fy, w, h in RECTS]
    return glyphs, rects


def mark_ops(glyphs, rects):
    ops = [b"q %g %g %g rg" % COLOUR]
    ops += [b"%.4f %.4f %g %g re f" % r for r in rects]
    ops += [b"BT /PIFrameSq %g Tf 1 0 0 1 %.4f %.4f Tm (A) Tj ET" % (s, x, y) for x, y, s in glyphs]
    return b" ".join(ops + [b"Q"])


def generated(dst, cases):
    """A PDF of `cases` (MediaBox, CropBox, /Rotate, /UserUnit), each page a grey frame only."""
    import pikepdf
    from pikepdf import Dictionary, Name
    pdf = pikepdf.new()
    for media, crop, rotate, unit in cases:
        box = crop or media
        frame = b"0.9 g %g %g %g %g re f" % (min(box[0], box[2]), min(box[1], box[3]), abs(box[2] - box[0]), abs(box[3] - box[1]))
        page = pikepdf.Page(Dictionary(Type=Name.Page, MediaBox=media, Rotate=rotate, Contents=pdf.make_stream(frame),
                                       Resources=Dictionary()))
        if crop:
            page.obj.CropBox = crop
        if unit:
            page.obj.UserUnit = unit
        pdf.pages.append(page)
    pdf.save(dst)


def mark(src, dst, crops):
    """A copy of `src` whose page i has the marks of `crops[i]` (its effective CropBox), drawn after
    its own content, which is wrapped in q … Q."""
    import pikepdf
    from pikepdf import Dictionary, Name
    with pikepdf.open(src) as pdf:
        font = square_font(pdf)
        for i, crop in crops.items():
            page = pdf.pages[i]
            # The page's own copies of its (maybe inherited, maybe shared) resources and fonts.
            node, inherited = page.obj, None
            while node is not None and inherited is None:
                inherited = node.get(Name.Resources)
                node = node.get(Name.Parent)
            resources = Dictionary({k: v for k, v in (inherited or Dictionary()).items()})
            fonts = resources.get(Name.Font)
            resources.Font = Dictionary({k: v for k, v in (fonts or Dictionary()).items()})
            resources.Font.PIFrameSq = font
            page.obj.Resources = resources
            page.contents_add(pikepdf.Stream(pdf, b"q"), prepend=True)
            page.contents_add(pikepdf.Stream(pdf, b"Q " + mark_ops(*marks(crop))), prepend=False)
        pdf.save(dst)


# --------------------------------------------------------------------------------------------
# What each library reports: per page, per API, [(kind, size key, box or point)] in its frame
# --------------------------------------------------------------------------------------------

def near(colour, target=COLOUR):
    """Whether a colour as a library gives it (a tuple, a list, a number, None) is `target`."""
    if not isinstance(colour, (tuple, list)) or len(colour) != 3:
        return False
    return all(isinstance(a, (int, float)) and abs(a - b) < 0.01 for a, b in zip(colour, target))


def see_pymupdf(path):
    import pymupdf
    seen = {}
    doc = pymupdf.open(path)
    for i, page in enumerate(doc):
        words = [("glyph", (w[2] - w[0]) * (w[3] - w[1]), (w[0], w[1], w[2], w[3])) for w in page.get_text("words") if w[4] == GLYPH]
        drawings = [("rect", d["rect"].width * d["rect"].height, tuple(d["rect"])) for d in page.get_drawings()
                    if d.get("fill") is not None and near(d["fill"])]
        rm = page.rotation_matrix
        turned = []
        for kind, area, (x0, y0, x1, y1) in words:
            r = pymupdf.Rect(x0, y0, x1, y1) * rm
            turned.append((kind, area, tuple(r)))
        unrotated = page.rect * page.derotation_matrix
        t = page.transformation_matrix
        seen[i] = {"pymupdf get_text(words)": words, "pymupdf get_drawings": drawings,
                   "rotated": turned, "cropbox": tuple(unrotated),
                   "transformation_matrix": (t.a, t.b, t.c, t.d, t.e, t.f), "rotation": page.rotation}
    doc.close()
    return seen


def see_pdfplumber(path):
    import pdfplumber
    seen = {}
    with pdfplumber.open(path) as pdf:
        for i, page in enumerate(pdf.pages):
            chars = [("glyph", (c["x1"] - c["x0"]) * (c["bottom"] - c["top"]), (c["x0"], c["top"], c["x1"], c["bottom"]))
                     for c in page.chars if c["text"] == GLYPH]
            words = [("glyph", (w["x1"] - w["x0"]) * (w["bottom"] - w["top"]), (w["x0"], w["top"], w["x1"], w["bottom"]))
                     for w in page.extract_words() if w["text"] == GLYPH]
            rects = [("rect", (r["x1"] - r["x0"]) * (r["bottom"] - r["top"]), (r["x0"], r["top"], r["x1"], r["bottom"]))
                     for r in page.rects if near(r.get("non_stroking_color"))]
            seen[i] = {"pdfplumber chars": chars, "pdfplumber extract_words": words, "pdfplumber rects": rects,
                       "mediabox": tuple(page.bbox)}
    return seen


def see_pdfminer(path):
    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LTChar, LTContainer, LTRect

    def walk(items):
        for item in items:
            if isinstance(item, (LTChar, LTRect)):
                yield item
            elif isinstance(item, LTContainer):
                yield from walk(item)
    seen = {}
    for i, layout in enumerate(extract_pages(path)):
        chars, rects = [], []
        for item in walk(layout):
            x0, y0, x1, y1 = item.bbox
            if isinstance(item, LTChar) and item.get_text() == GLYPH:
                chars.append(("glyph", (x1 - x0) * (y1 - y0), item.bbox))
            elif isinstance(item, LTRect) and near(item.non_stroking_color):
                rects.append(("rect", (x1 - x0) * (y1 - y0), item.bbox))
        seen[i] = {"pdfminer LTChar": chars, "pdfminer LTRect": rects, "mediabox": tuple(layout.bbox)}
    return seen


def see_pypdfium2(path):
    import ctypes
    import pypdfium2
    import pypdfium2.raw as pdfium_c
    seen = {}
    doc = pypdfium2.PdfDocument(path)
    try:
        for i in range(len(doc)):
            page = doc[i]
            text = page.get_textpage()
            charboxes = []
            for k in range(text.count_chars()):
                if pdfium_c.FPDFText_GetUnicode(text, k) == ord(GLYPH):
                    l, b, r, t = text.get_charbox(k)
                    charboxes.append(("glyph", (r - l) * (t - b), (l, b, r, t)))
            objects = []
            for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_TEXT, pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=1, textpage=text):
                l, b, r, t = obj.get_bounds()
                if obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT:
                    if obj.extract().strip() == GLYPH:   # (pdfium's text may end in a space it made)
                        objects.append(("glyph", (r - l) * (t - b), (l, b, r, t)))
                else:
                    c = [ctypes.c_uint() for _ in range(4)]
                    pdfium_c.FPDFPageObj_GetFillColor(obj, *c)
                    if near(tuple(v.value / 255 for v in c[:3])):
                        objects.append(("rect", (r - l) * (t - b), (l, b, r, t)))
            seen[i] = {"pypdfium2 get_charbox": charboxes, "pypdfium2 get_bounds": objects, "cropbox": tuple(page.get_cropbox())}
            text.close()
            page.close()
    finally:
        doc.close()
    return seen


def see_pypdf(path):
    import pypdf
    seen = {}
    reader = pypdf.PdfReader(path)
    for i, page in enumerate(reader.pages):
        origins, rects, fill = [], [], [None]

        def text(t, cm, tm, font, size):
            if t.strip() == GLYPH:
                # The origin: tm × cm, row vectors.
                origins.append(("origin", float(size), (tm[4] * cm[0] + tm[5] * cm[2] + cm[4], tm[4] * cm[1] + tm[5] * cm[3] + cm[5])))

        def before(op, args, cm, tm):
            if op == b"rg":
                fill[0] = tuple(float(a) for a in args)
            elif op == b"re" and near(fill[0]):
                x, y, w, h = (float(a) for a in args)
                corners = [(px * cm[0] + py * cm[2] + cm[4], px * cm[1] + py * cm[3] + cm[5]) for px, py in ((x, y), (x + w, y + h))]
                rects.append(("rect", abs(w * h), (corners[0][0], corners[0][1], corners[1][0], corners[1][1])))
        page.extract_text(visitor_text=text, visitor_operand_before=before)
        seen[i] = {"pypdf visitor_text": origins, "pypdf visitor_operand_before re": rects, "cropbox": tuple(float(v) for v in page.cropbox)}
    return seen


def docling_pages(path, cache={}):
    """docling-parse's pages of `path`, as docling's PDF backend asks for them: each page's
    (dimension height, char cells, word cells), each cell (text, its four corners)."""
    if path not in cache:
        from docling_parse.pdf_parser import DoclingPdfParser
        doc = DoclingPdfParser(loglevel="fatal").load(path_or_stream=path)
        pages = {}
        for number, page in doc.iterate_pages():
            pages[number - 1] = (page.dimension.height, [(c.text, c.rect) for c in page.char_cells],
                                 [(c.text, c.rect) for c in page.word_cells])
        doc.unload()
        cache[path] = pages
    return cache[path]


def corner_box(r):
    """A docling BoundingRectangle's four corners (in its order, which follows the text's
    direction) as x0, y0, x1, y1."""
    xs, ys = (r.r_x0, r.r_x1, r.r_x2, r.r_x3), (r.r_y0, r.r_y1, r.r_y2, r.r_y3)
    return (min(xs), min(ys), max(xs), max(ys))


def glyph_items(boxes):
    return [("glyph", (b[2] - b[0]) * (b[3] - b[1]), b) for b in boxes]


def see_docling(path):
    seen = {}
    for i, (_, chars, words) in docling_pages(path).items():
        seen[i] = {api: glyph_items(corner_box(r) for t, r in cells if t == GLYPH)
                   for api, cells in (("docling-parse char_cells", chars), ("docling-parse word_cells", words))}
    return seen


def see_docling_topleft(path):
    """The cells as docling's backend turns them: rect.to_top_left_origin(page_height=dimension.height)."""
    seen = {}
    for i, (height, chars, _) in docling_pages(path).items():
        seen[i] = {"docling char_cells .to_top_left_origin": glyph_items(
            corner_box(r.to_top_left_origin(page_height=height)) for t, r in chars if t == GLYPH)}
    return seen


SEERS = {"pymupdf": see_pymupdf, "pdfplumber": see_pdfplumber, "pdfminer": see_pdfminer, "pypdfium2": see_pypdfium2, "pypdf": see_pypdf, "docling": see_docling,
         "docling-topleft": see_docling_topleft}


# --------------------------------------------------------------------------------------------
# The checks
# --------------------------------------------------------------------------------------------

def apply(m, x, y):
    return m["a"] * x + m["c"] * y + m["tx"], m["b"] * x + m["d"] * y + m["ty"]


def raw_box(m, box):
    """A box (two opposite corners) of a frame, mapped through `m`: the raw bounding box x0, y0, x1, y1."""
    x0, y0, x1, y1 = box
    pts = [apply(m, x, y) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
    return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)


def expected_items(glyphs, rects, kind):
    """The marks as raw boxes (or origins for pypdf's text), sorted by size."""
    if kind == "glyph":
        return sorted(((s * s, (x, y, x + s, y + s)) for x, y, s in glyphs))
    if kind == "origin":
        return sorted(((s, (x, y)) for x, y, s in glyphs))
    return sorted(((w * h, (x, y, x + w, y + h)) for x, y, w, h in rects))


WORST = [0.0]


def check_api(where, api, items, frame, glyphs, rects):
    """Problems between one API's items (its frame) and the marks, through frame's frameToRaw."""
    if not items:
        return ["%s: %s reports none of the marks" % (where, api)]
    problems = []
    for kind in sorted({it[0] for it in items}):
        problems += check_kind(where, api, kind, [it for it in items if it[0] == kind], frame, glyphs, rects)
    return problems


def check_kind(where, api, kind, items, frame, glyphs, rects):
    problems = []
    wanted = expected_items(glyphs, rects, kind)
    if len(items) != len(wanted):
        return ["%s: %s reports %d %s marks, %d drawn" % (where, api, len(items), kind, len(wanted))]
    inverse = frame["frameToRaw"]
    for (_, box), (_, _, seen) in zip(wanted, sorted(items, key=lambda it: it[1])):
        got = apply(inverse, *seen) if kind == "origin" else raw_box(inverse, seen)
        error = max(abs(a - b) for a, b in zip(got, box))
        WORST[0] = max(WORST[0], error)
        if error > TOLERANCE:
            problems.append("%s: %s sees %s at %s in its frame; frameToRaw gives raw %s, the mark is at %s (off by %.3f pt)"
                            % (where, api, kind, fmt(seen), fmt(got), fmt(box), error))
    return problems


def check_box(where, what, frame, seen, box):
    """A page box a library reports in its frame, mapped back, against pageinfo's raw one."""
    got = raw_box(frame["frameToRaw"], seen)
    want = (box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"])
    error = max(abs(a - b) for a, b in zip(got, want))
    WORST[0] = max(WORST[0], error)
    return [] if error <= TOLERANCE else ["%s: %s %s in its frame; frameToRaw gives raw %s, pageinfo's is %s"
                                          % (where, what, fmt(seen), fmt(got), fmt(want))]


def fmt(values):
    return "(" + ", ".join("%.2f" % v for v in values) + ")"


def same_matrix(m, t):
    return all(abs(m[k] - v) < 1e-6 for k, v in zip(("a", "b", "c", "d", "tx", "ty"), t))


def check_page(where, record, seen, reversed_media=False):
    """Every check of one page: returns (problems, expected differences seen, checks made)."""
    problems, differences, checks = [], [], 0
    glyphs, rects = marks(record["cropBox"])
    frames = record["frames"]
    for library in LIBRARIES:
        obs = seen[library]
        frame = frames[library]
        skip = reversed_media and library in ("pdfminer", "pdfplumber")
        if library.startswith("docling") and record["rotationRaw"] % 90 != 0:
            # docling-parse turns the page by the angle itself (the expected difference).
            worst = WORST[0]
            matches = not any(check_api(where, api, items, frame, glyphs, rects) for api, items in obs.items())
            WORST[0] = worst
            if matches:
                problems.append("%s: %s matches on /Rotate %d: the expected difference docling-odd-rotation is gone "
                                "(update docs/records.md)" % (where, library, record["rotationRaw"]))
            else:
                differences.append("docling-odd-rotation")
            checks += 1
            continue
        for api, items in obs.items():
            if not isinstance(items, list) or api == "rotated":
                continue
            if skip:
                worst = WORST[0]
                matches = not check_api(where, api, items, frame, glyphs, rects)
                WORST[0] = worst   # (the largest distance is that of the checks that must pass)
                if matches:
                    problems.append("%s: %s matches on a reversed MediaBox: the expected difference "
                                    "pdfminer-reversed-mediabox is gone (update docs/records.md)" % (where, api))
                else:
                    differences.append("pdfminer-reversed-mediabox")
                checks += 1
                continue
            problems += check_api(where, api, items, frame, glyphs, rects)
            checks += 1
        if skip or library.startswith("docling"):
            continue   # (docling-parse's page dimension is no box of the page on a rotated page)
        if library in ("pdfplumber", "pdfminer"):
            problems += check_box(where, library + " page MediaBox (bbox)", frame, obs["mediabox"], record["mediaBox"])
            checks += 1
        elif library == "pymupdf":
            # The rotated page (Page.rect's space) is MuPDF's bitmap at 72 dpi, and rotation_matrix
            # turns the frame into it; but on a rotated page of /UserUnit u != 1 PyMuPDF's
            # (de)rotation matrices use the CropBox's size unscaled (the expected difference).
            pixels = {"frameToRaw": record["bitmap"]["pixelToRaw"]}
            worst = WORST[0]
            turned = (check_box(where, "pymupdf Page.rect × derotation_matrix", frame, obs["cropbox"], record["cropBox"])
                      + check_api(where, "pymupdf words × rotation_matrix (vs bitmap mupdf 72 dpi)", obs["rotated"], pixels, glyphs, rects))
            if obs["rotation"] != 0 and record["userUnit"] != 1:
                WORST[0] = worst
                if turned:
                    differences.append("pymupdf-rotation-matrix-userunit")
                else:
                    problems.append("%s: PyMuPDF's rotation_matrix and derotation_matrix now agree on a rotated page of /UserUnit %g: "
                                    "the expected difference pymupdf-rotation-matrix-userunit is gone (update docs/records.md)"
                                    % (where, record["userUnit"]))
            else:
                problems += turned
            # transformation_matrix: the frame unrotated; on a rotated page the known difference.
            agrees = same_matrix(frame["rawToFrame"], obs["transformation_matrix"])
            crop, unit = record["cropBox"], record["userUnit"]
            expect_difference = obs["rotation"] != 0 and (unit != 1 or crop["x"] != 0 or crop["y"] != 0)
            if expect_difference and agrees:
                problems.append("%s: PyMuPDF's transformation_matrix now agrees on a rotated page: the expected difference "
                                "pymupdf-transformation-matrix is gone (update docs/records.md)" % where)
            elif expect_difference:
                differences.append("pymupdf-transformation-matrix")
            elif not agrees:
                problems.append("%s: PyMuPDF's transformation_matrix %s is not the frame's rawToFrame %s"
                                % (where, fmt(obs["transformation_matrix"]), json.dumps(frame["rawToFrame"])))
            checks += 3
        else:
            box = obs["cropbox"]
            problems += check_box(where, library + " CropBox", frame, (min(box[0], box[2]), min(box[1], box[3]),
                                                                       max(box[0], box[2]), max(box[1], box[3])), record["cropBox"])
            checks += 1
    return problems, differences, checks


def records(binary, path):
    out = subprocess.run([binary, "pages", "--format", "jsonl", "--frames", "all", "--dpi", "72", "--renderer", "mupdf", path],
                         check=True, capture_output=True).stdout
    return [r for r in map(json.loads, out.splitlines()) if r["record"] == "page"]


def prepare(binary, work, corpus):
    """[(name, marked path, [page records], reversed MediaBox?)] for the generated files and the corpus files found."""
    sources = []
    for name, cases, reversed_media in (("generated.pdf", CASES, False), ("reversed-mediabox.pdf", REVERSED, True)):
        src = os.path.join(work, name)
        generated(src, cases)
        sources.append((name, src, reversed_media))
    for name in corpus:
        sources.append((name, os.path.join(corpus_dir(), name), False))
    prepared = []
    for name, src, reversed_media in sources:
        base = records(binary, src)
        marked = os.path.join(work, "marked-" + name)
        mark(src, marked, {p["index"]: p["cropBox"] for p in base if "cropBox" in p})
        prepared.append((name, marked, records(binary, marked), reversed_media))
    return prepared


def observe(prepared):
    return {name: {library: SEERS[library](path) for library in LIBRARIES} for name, path, _, _ in prepared}


def run(prepared, seen):
    problems, differences, checks, pages = [], set(), 0, 0
    for name, _, recs, reversed_media in prepared:
        for record in recs:
            if "frames" not in record:
                problems.append("%s page %d: no frames in the record" % (name, record["index"] + 1))
                continue
            i = record["index"]
            where = "%s page %d (/Rotate %d, /UserUnit %g)" % (name, i + 1, record["rotationRaw"], record["userUnit"])
            p, d, c = check_page(where, record, {lib: seen[name][lib][i] for lib in LIBRARIES}, reversed_media)
            problems += p
            differences.update(d)
            checks += c
            pages += 1
    return problems, differences, checks, pages


def self_test(prepared, seen):
    """The checks must refuse planted errors; returns the failures of the self-test."""
    failures = []
    generated_records = {r["index"]: r for r in prepared[0][2]}
    reversed_records = {r["index"]: r for r in prepared[1][2]}
    obs = {lib: seen["generated.pdf"][lib] for lib in LIBRARIES}

    def page(i, library=None, frame=None, records=generated_records, observed=obs, reversed_media=False):
        record = json.loads(json.dumps(records[i]))
        if library:
            record["frames"][library] = frame
        return check_page("self-test page %d" % (i + 1), record, {lib: observed[lib][i] for lib in LIBRARIES}, reversed_media)[0]

    def refused(description, problems):
        refused.count += 1
        if not problems:
            failures.append("self-test: %s was accepted" % description)

    refused.count = 0
    # The cases (CASES order): 8-11 NEGATIVE + crop at /Rotate 0/90/180/270, 16-19 the same at
    # /UserUnit 2, 22 at /Rotate 45, 26 at /Rotate 45 and /UserUnit 2.
    for i in (8, 9, 10, 11, 17, 22, 26):
        if page(i):
            failures.append("self-test: the unplanted page %d fails: %s" % (i + 1, page(i)[0]))
    r = generated_records
    for library in LIBRARIES:
        shifted = json.loads(json.dumps(r[9]["frames"][library]))
        shifted["frameToRaw"]["tx"] += 1
        refused("%s's frameToRaw shifted by 1 pt" % library, page(9, library, shifted))
    refused("pdfminer's /Rotate 90 frame on a /Rotate 270 page", page(11, "pdfminer", r[9]["frames"]["pdfminer"]))
    refused("pdfplumber's /Rotate 90 frame on a /Rotate 270 page", page(11, "pdfplumber", r[9]["frames"]["pdfplumber"]))
    refused("PyMuPDF's frame without /UserUnit on a /UserUnit 2 page", page(17, "pymupdf", r[9]["frames"]["pymupdf"]))
    refused("PyMuPDF's unrotated frame on /Rotate 45 (which MuPDF turns 90)", page(22, "pymupdf", r[8]["frames"]["pymupdf"]))
    refused("pdfminer's frame for pypdfium2", page(8, "pypdfium2", r[8]["frames"]["pdfminer"]))
    refused("pdfminer's frame for pypdf", page(8, "pypdf", r[8]["frames"]["pdfminer"]))
    refused("docling's BOTTOMLEFT frame for its TOPLEFT cells", page(9, "docling-topleft", r[9]["frames"]["docling"]))
    refused("pdfminer's frame for docling on an offset CropBox", page(9, "docling", r[9]["frames"]["pdfminer"]))
    # pdfplumber's frame as its open fix (#1381) would make it: y flipped about the MediaBox's top
    # (Y = my1 - y at /Rotate 0), not its height; on MediaBox [-100 -200 500 600] that is 200 pt away.
    fixed = {"rawToFrame": {"a": 1, "b": 0, "c": 0, "d": -1, "tx": 0, "ty": 600},
             "frameToRaw": {"a": 1, "b": 0, "c": 0, "d": -1, "tx": 0, "ty": 600}}
    refused("pdfplumber's frame as its fix #1381 would make it", page(8, "pdfplumber", fixed))
    # A reversed MediaBox: the frame where pdfminer has its page ([612 792 0 0] taken as written:
    # X = x - 612, Y = y - 792) must be refused by the expected-difference check, which says it is gone.
    as_written = {"rawToFrame": {"a": 1, "b": 0, "c": 0, "d": 1, "tx": -612, "ty": -792},
                  "frameToRaw": {"a": 1, "b": 0, "c": 0, "d": 1, "tx": 612, "ty": 792}}
    robs = {lib: seen["reversed-mediabox.pdf"][lib] for lib in LIBRARIES}
    refused("pdfminer's frame of a MediaBox taken as written (the expected difference gone)",
            page(0, "pdfminer", as_written, records=reversed_records, observed=robs, reversed_media=True))
    return failures, refused.count


def main():
    args = [a for a in sys.argv[1:] if a != "--self-test"]
    if len(args) != 1:
        print(__doc__.strip().splitlines()[0] + "\nusage: check_frames.py PAGEINFO [--self-test]", file=sys.stderr)
        return 64
    ci = os.environ.get("CI") == "true"
    status = oracle_deps.refuse_or_skip("check_frames", oracle_deps.missing(("pikepdf", "pymupdf", "pdfplumber", "pdfminer", "pypdfium2", "pypdf", "docling_parse")))
    if status is not None:
        return status
    corpus = [n for n in CORPUS_FILES if os.path.exists(os.path.join(corpus_dir(), n))]
    if len(corpus) != len(CORPUS_FILES):
        message = "check_frames: the corpus (%s) lacks %s" % (corpus_dir(), ", ".join(sorted(set(CORPUS_FILES) - set(corpus))))
        if ci:
            print(message + "; under CI=true that is a failure", file=sys.stderr)
            return 2
        print(message + "; checking the generated pages only", file=sys.stderr)
    with tempfile.TemporaryDirectory() as work:
        prepared = prepare(args[0], work, corpus if "--self-test" not in sys.argv else [])
        seen = observe(prepared)
        if "--self-test" in sys.argv:
            failures, planted = self_test(prepared, seen)
            for f in failures:
                print(f, file=sys.stderr)
            print("check_frames --self-test: %s" % ("FAILED" if failures else "%d planted errors refused" % planted))
            return 1 if failures else 0
        problems, differences, checks, pages = run(prepared, seen)
    for p in problems:
        print(p, file=sys.stderr)
    print("check_frames: %d pages (%d generated, %d reversed-MediaBox, %d of the corpus: %s), %d checks over %s: %s; "
          "largest distance %.6f pt; expected differences seen: %s"
          % (pages, len(CASES), len(REVERSED), pages - len(CASES) - len(REVERSED), ", ".join(corpus) or "none", checks,
             ", ".join(LIBRARIES), "%d problems" % len(problems) if problems else "every box back on its mark within %g pt" % TOLERANCE,
             WORST[0], ", ".join(sorted(differences)) or "none"))
    if {"pymupdf-transformation-matrix", "pymupdf-rotation-matrix-userunit", "pdfminer-reversed-mediabox"} - differences:
        print("check_frames: an expected difference was not seen at all", file=sys.stderr)
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
