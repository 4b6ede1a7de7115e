#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fixtures/words/: pages with words at known raw points, for the OCR and pipeline round trips.

words.pdf has six pages, each a few upper-case words in Courier-Bold (every glyph 0.6 em wide, so a
word's extent follows from its length) set upright as the page is displayed: on a page of
/Rotate r the text runs at r degrees counter-clockwise in raw space, which /Rotate turns back to
horizontal. One word per page lies in the MediaBox outside the CropBox, where only renders of
the MediaBox (pdftoppm's, pdf2image's and Ghostscript's defaults) show it.

  page 1-4  MediaBox [0 0 460 380], CropBox [60 50 400 330], /Rotate 0, 90, 180, 270
  page 5    MediaBox [-230 -190 230 190] (negative origin), CropBox [-170 -140 170 140], /Rotate 90
  page 6    MediaBox [0 0 230 190], CropBox [20 15 210 175], /UserUnit 2, /Rotate 270

words.json, the golden, is derived from how the pages were built: for each page its boxes and,
per word, the text, its origin (the baseline's start) and angle in raw space, the font size,
whether it lies inside the CropBox, and its centre and raw bounding box (the word's advance
width by its cap height, Courier's 562/1000 em; the letters chosen have no descenders), which
is where an OCR engine puts the word's box.

The same words as four services would report them for words.pdf, written in each format's
documented structure with the numbers derived from where the words were put on the displayed
page (each word's box its advance width by its cap height), under the assumptions
docs/records.md names (the displayed CropBox, /Rotate applied, /UserUnit ignored):

  textract.json    AWS Textract DetectDocumentText: DocumentMetadata and PAGE, LINE and WORD
                   Blocks with Geometry.BoundingBox and Polygon as ratios of the page (the
                   structure of "DetectDocumentText - Response Syntax", AWS Textract API docs)
  documentai.json  Google Document AI Document: text, pages[].dimension (a 150-dpi page image)
                   and tokens whose layout has a textAnchor and normalizedVertices (the
                   structure of the "Document" reference, Document AI REST docs)
  azure.json       Azure Document Intelligence analyzeResult (v4, prebuilt-read): pages with
                   unit inch, width, height and words whose polygon is 8 numbers (the structure
                   of "AnalyzeResult", Document Intelligence REST docs)
  docling.json     a DoclingDocument (schema 1.x): pages with size, texts with prov bbox l, t, r,
                   b and coord_origin BOTTOMLEFT (docling-core's DoclingDocument model)

Usage: python3 scripts/make_word_fixtures.py [OUTDIR]   (default: Fixtures/words)
"""

import io
import json
import math
import os
import sys

sys.dont_write_bytecode = True  # keep scripts/ free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pdfgen  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ADVANCE = 0.6      # Courier: every glyph's width, in em
CAP_HEIGHT = 0.562  # Courier's CapHeight, in em

# Each page: MediaBox, CropBox, /Rotate, /UserUnit, and its words as (text, fx, fy, size) with
# (fx, fy) the word's centre in fractions of the displayed CropBox (from its top-left corner),
# and one margin word as (text, raw centre x, raw centre y, size).
STANDARD = ([0, 0, 460, 380], [60, 50, 400, 330])
WORDS = [("NORTH", 0.3, 0.25, 24), ("MAPLE", 0.7, 0.45, 20), ("RIVER", 0.35, 0.7, 22), ("STONE", 0.7, 0.85, 18)]
PAGES = [
    (STANDARD[0], STANDARD[1], 0, None, WORDS, ("EDGE", 230, 25, 16)),
    (STANDARD[0], STANDARD[1], 90, None, WORDS, ("EDGE", 30, 190, 16)),
    (STANDARD[0], STANDARD[1], 180, None, WORDS, ("EDGE", 230, 355, 16)),
    (STANDARD[0], STANDARD[1], 270, None, WORDS, ("EDGE", 430, 190, 16)),
    ([-230, -190, 230, 190], [-170, -140, 170, 140], 90, None, WORDS, ("EDGE", -200, 0, 16)),
    ([0, 0, 230, 190], [20, 15, 210, 175], 270, 2, [("NORTH", 0.3, 0.25, 14), ("MAPLE", 0.7, 0.5, 12),
                                                   ("RIVER", 0.4, 0.8, 13)], None),
]


def displayed_to_raw(crop, rotate, fx, fy):
    """A point of the displayed CropBox given in fractions from its top-left corner → raw."""
    x0, y0, x1, y1 = crop
    w, h = x1 - x0, y1 - y0
    # The raw point that /Rotate (clockwise) turns to the displayed (fx, fy).
    if rotate == 0:
        return x0 + fx * w, y1 - fy * h
    if rotate == 90:
        return x0 + fy * w, y0 + fx * h
    if rotate == 180:
        return x1 - fx * w, y0 + fy * h
    return x1 - fy * w, y1 - fx * h   # 270


def word(text, cx, cy, size, angle):
    """A word centred on raw (cx, cy), its baseline at `angle` degrees: origin, box, ops."""
    width, cap = ADVANCE * size * len(text), CAP_HEIGHT * size
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    c, s = round(c), round(s)   # (quarter turns only: exact)
    # Origin = centre − R·(width/2, cap/2).
    ox = cx - (c * width / 2 - s * cap / 2)
    oy = cy - (s * width / 2 + c * cap / 2)
    corners = [(ox + c * u - s * v, oy + s * u + c * v) for u, v in ((0, 0), (width, 0), (width, cap), (0, cap))]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    f = pdfgen.fmt_number
    ops = "BT /F1 %s Tf %s %s %s %s %s %s Tm (%s) Tj ET" % (f(size), c, s, -s, c, f(ox), f(oy), text)
    return {"text": text, "origin": [ox, oy], "angle": angle % 360, "size": size,
            "center": [cx, cy], "box": [min(xs), min(ys), max(xs), max(ys)]}, ops


def displayed_size(crop, rotate):
    w, h = crop[2] - crop[0], crop[3] - crop[1]
    return (h, w) if rotate in (90, 270) else (w, h)


def displayed_words(page):
    """Each word of a page spec as (text, left, top, width, height) on the displayed page, in
    points from its top-left corner: what the services are assumed to report."""
    media, crop, rotate, unit, words, margin = page
    width, height = displayed_size(crop, rotate)
    out = []
    for text, fx, fy, size in words:
        ww, cap = ADVANCE * size * len(text), CAP_HEIGHT * size
        out.append((text, fx * width - ww / 2, fy * height - cap / 2, ww, cap))
    return (width, height), out


def r6(v):
    return round(v, 6)


def services():
    """The four results of the words inside each CropBox, as JSON-ready values."""
    textract_blocks, docai_pages, azure_pages, texts, docling_pages = [], [], [], [], {}
    text = ""
    for number, page in enumerate(PAGES, start=1):
        (w, h), words = displayed_words(page)
        textract_blocks.append({"BlockType": "PAGE", "Id": "page-%d" % number, "Page": number,
                                "Geometry": {"BoundingBox": {"Width": 1, "Height": 1, "Left": 0, "Top": 0},
                                             "Polygon": [{"X": 0, "Y": 0}, {"X": 1, "Y": 0}, {"X": 1, "Y": 1}, {"X": 0, "Y": 1}]}})
        tokens, azure_words = [], []
        for k, (word_text, left, top, ww, hh) in enumerate(words):
            l, t, r, b = left / w, top / h, (left + ww) / w, (top + hh) / h
            corners = [(l, t), (r, t), (r, b), (l, b)]
            for kind in ("LINE", "WORD"):
                textract_blocks.append({"BlockType": kind, "Id": "%s-%d-%d" % (kind.lower(), number, k), "Page": number,
                                        "Confidence": 99.5, "Text": word_text,
                                        "Geometry": {"BoundingBox": {"Width": r6(r - l), "Height": r6(b - t), "Left": r6(l), "Top": r6(t)},
                                                     "Polygon": [{"X": r6(x), "Y": r6(y)} for x, y in corners]}})
            start = len(text)
            text += word_text + "\n"
            tokens.append({"layout": {"textAnchor": {"textSegments": [{"startIndex": str(start), "endIndex": str(start + len(word_text))}]},
                                      "confidence": 0.99, "orientation": "PAGE_UP",
                                      "boundingPoly": {"normalizedVertices": [{"x": r6(x), "y": r6(y)} for x, y in corners]}}})
            azure_words.append({"content": word_text, "confidence": 0.995, "span": {"offset": start, "length": len(word_text)},
                                "polygon": [r6(v / 72) for x, y in corners for v in (x * w, y * h)]})
            texts.append({"self_ref": "#/texts/%d" % len(texts), "label": "text", "text": word_text, "orig": word_text,
                          "prov": [{"page_no": number, "charspan": [0, len(word_text)],
                                    "bbox": {"l": r6(left), "t": r6(h - top), "r": r6(left + ww), "b": r6(h - top - hh),
                                             "coord_origin": "BOTTOMLEFT"}}]})
        docai_pages.append({"pageNumber": number, "dimension": {"width": math.ceil(w * 150 / 72), "height": math.ceil(h * 150 / 72),
                                                                 "unit": "pixels"}, "tokens": tokens})
        azure_pages.append({"pageNumber": number, "angle": 0, "width": r6(w / 72), "height": r6(h / 72), "unit": "inch",
                            "words": azure_words})
        docling_pages[str(number)] = {"size": {"width": w, "height": h}, "page_no": number}
    return {
        "textract.json": {"DocumentMetadata": {"Pages": len(PAGES)}, "Blocks": textract_blocks,
                          "DetectDocumentTextModelVersion": "1.0"},
        "documentai.json": {"mimeType": "application/pdf", "text": text, "pages": docai_pages},
        "azure.json": {"status": "succeeded", "analyzeResult": {"apiVersion": "2024-11-30", "modelId": "prebuilt-read",
                                                                "content": text, "pages": azure_pages}},
        "docling.json": {"schema_name": "DoclingDocument", "version": "1.3.0", "name": "words", "texts": texts,
                         "pages": docling_pages},
    }


def build():
    pages, goldens = [], []
    for media, crop, rotate, unit, words, margin in PAGES:
        placed, ops = [], ["0 g"]
        for text, fx, fy, size in words:
            cx, cy = displayed_to_raw(crop, rotate, fx, fy)
            g, op = word(text, cx, cy, size, rotate)
            g["insideCropBox"] = True
            placed.append(g)
            ops.append(op)
        if margin:
            text, cx, cy, size = margin
            g, op = word(text, cx, cy, size, rotate)
            g["insideCropBox"] = False
            placed.append(g)
            ops.append(op)
        attrs = {"MediaBox": media, "CropBox": crop, "Rotate": rotate}
        if unit:
            attrs["UserUnit"] = unit
        pages.append(pdfgen.Page(attrs, contents=pdfgen.Stream("\n".join(ops) + "\n")))
        goldens.append({"index": len(goldens), "mediaBox": media, "cropBox": crop, "rotation": rotate,
                        "userUnit": unit or 1, "words": placed})
    root = pdfgen.Pages(pages, {"Resources": {"Font": {"F1": {
        "Type": pdfgen.Name("Font"), "Subtype": pdfgen.Name("Type1"), "BaseFont": pdfgen.Name("Courier-Bold"),
        "Encoding": pdfgen.Name("WinAnsiEncoding")}}}})
    buf = io.BytesIO()
    pdfgen.write_document(buf, root, seed="words")
    return buf.getvalue(), {
        "file": "words.pdf",
        "description": "Words at known raw points on rotated, cropped, offset and /UserUnit 2 pages "
                       "(scripts/make_word_fixtures.py): each word's centre and raw box, its advance "
                       "width by Courier's cap height.",
        "pages": goldens}


def main(argv):
    outdir = argv[1] if len(argv) > 1 else os.path.join(ROOT, "Fixtures", "words")
    os.makedirs(outdir, exist_ok=True)
    pdf, golden = build()
    with open(os.path.join(outdir, "words.pdf"), "wb") as f:
        f.write(pdf)
    with open(os.path.join(outdir, "words.json"), "w") as f:
        f.write(json.dumps(golden, indent=2) + "\n")
    for name, result in services().items():
        with open(os.path.join(outdir, name), "w") as f:
            f.write(json.dumps(result, indent=1) + "\n")
    print(os.path.join(outdir, "words.pdf"))


if __name__ == "__main__":
    main(sys.argv)
