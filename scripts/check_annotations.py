#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Renderer and library truth for `pageinfo annotations`.

Renderers: each page of Fixtures/annotations/annotations.pdf (appearances filled edge to edge on
/Rotate 0, 90, 180, 270 pages, an offset CropBox, a negative-origin MediaBox, /UserUnit 2, a form
/Matrix that turns and scales its BBox, NoRotate notes, a NoZoom and a Hidden square) and of the
corpus files that carry annotations is rendered with and without annotations, each renderer
called as users call it: pdftoppm -r D (the MediaBox; -hide-annotations), pypdfium2's
page.render(scale=D/72) (draw_annots=False) and PyMuPDF's page.get_pixmap(dpi=D)
(annots=False), at 72 and 150 dpi. With `pageinfo annotations --dpi D --renderer R` (pdftoppm,
pdfium, mupdf) for the same call:

  - every pixel that changes lies inside an annotation's predicted pixel rectangle, grown by
    1 px: `bitmap.drawnRect` where the annotation has an appearance and is not Hidden, else
    `bitmap.rect` (renderers may draw what the file gives no appearance for, a Link's border,
    inside /Rect);
  - on the fixture, where each appearance fills its BBox, the changed pixels inside each
    predicted rectangle reach its four edges within 1 px (a NoRotate note drawn upright, a
    turned form mapped onto /Rect);
  - a Hidden annotation changes no pixel, and on the fixture one reported without an appearance
    (a Link, a Popup) does not have its rectangle filled;

Libraries: through each record's frames, the rectangles other libraries report for the same
annotations equal ours within 0.01 pt: pypdfium2's FPDFAnnot_GetRect (raw), PyMuPDF's
annot.rect (pymupdf frame) and page.get_links() "from" (pymupdf frame), pypdf's /Annots /Rect
(raw), pdfplumber's page.annots x0/top/x1/bottom (pdfplumber frame); and the links' targets:
PyMuPDF's get_links() page, and "to" point for XYZ destinations, through the target page's own
pymupdf frame.

Outline: `pageinfo outline` gives, on the fixture and on the corpus files with an outline, the
entries PyMuPDF's doc.get_toc(simple=False) gives, in the same order: the same titles, levels
(PyMuPDF's are 1-based), object numbers, target pages (named destinations resolved), URIs, and
open or closed ("collapse") for each item with children.

Usage: check_annotations.py PAGEINFO [--self-test]
  --self-test: planted errors must be refused first: predicted rectangles shifted by 3 px, a
  drawn square reported without an appearance, a NoRotate note predicted unturned, a Hidden
  square reported as drawn, a library rectangle off by 1 pt, outline levels off by one.
Run by `make test` (`make check-annotations`) with the venv of `make oracle-deps`. Exits 1 naming
every failure; 2 when a module is missing and CI=true (without CI it says so and skips: exit 0).
"""

import functools
import io
import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import oracle_deps  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURE = os.path.join(ROOT, "Fixtures", "annotations", "annotations.pdf")
CORPUS = os.environ.get("PAGEINFO_CORPUS", os.path.join(os.path.dirname(ROOT), "shared", "corpus"))
CORPUS_FILES = ["pdfium-annots.pdf", "pymupdf-test-3820.pdf"]
# Corpus files with an outline that MuPDF reads whole (qpdf-badlin1.pdf it reads after a repair
# that loses the items' object numbers; qpdf-append-xref-loop.pdf's it does not read at all).
OUTLINE_CORPUS_FILES = ["pdfium-page_labels.pdf", "pdfjs-issue16278.pdf", "pymupdf-mupdf_explored.pdf", "pymupdf-test-3820.pdf"]
RENDERERS = ["pdftoppm", "pdfium", "mupdf"]
DPIS = [72, 150]


@functools.lru_cache(maxsize=None)
def records(binary, path, dpi, renderer):
    """The page records and their annotation records, as `pageinfo annotations` prints them
    (kept: callers make changed copies, never change them)."""
    out = subprocess.run([binary, "annotations", "--format", "jsonl", "--dpi", str(dpi), "--renderer", renderer,
                          "--frames", "pymupdf,pdfplumber", path], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("%s annotations %s: exit %d: %s" % (binary, path, out.returncode, out.stderr.strip()))
    pages = {}
    for line in out.stdout.splitlines():
        r = json.loads(line)
        if r["record"] == "page":
            pages[r["index"]] = dict(r, annotations=[])
        elif r["record"] == "annotation":
            pages[r["page"]]["annotations"].append(r)
    return pages


@functools.lru_cache(maxsize=16)
def render(renderer, path, index, dpi, annotations):
    """The page as an RGB array (uint8, rows × columns × 3), with or without annotations, as each
    renderer is called. Kept for the self-test, which checks one render pair several times."""
    import numpy as np
    from PIL import Image
    if renderer == "pdftoppm":
        hide = [] if annotations else ["-hide-annotations"]
        # (PPM, pdftoppm's default, on standard output: a PNG's compression cost 3.5× the render.)
        ppm = subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(index + 1), "-l", str(index + 1)] + hide + [path],
                             capture_output=True, check=True).stdout
        return np.asarray(Image.open(io.BytesIO(ppm)).convert("RGB"))
    if renderer == "pdfium":
        import pypdfium2
        doc = pypdfium2.PdfDocument(path)
        # (Form widgets are drawn only once forms are initialized, as pypdfium2's docs tell
        # users who render forms to do.)
        doc.init_forms()
        try:
            return np.asarray(doc[index].render(scale=dpi / 72, draw_annots=annotations, may_draw_forms=annotations)
                              .to_pil().convert("RGB"))
        finally:
            doc.close()
    import pymupdf
    doc = pymupdf.open(path)
    try:
        pix = doc[index].get_pixmap(dpi=dpi, annots=annotations)
        return np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, pix.n)[:, :, :3].copy()
    finally:
        doc.close()


def pixel_box(r, grow=0.0):
    return (r["x"] - grow, r["y"] - grow, r["x"] + r["width"] + grow, r["y"] + r["height"] + grow)


def predicted(annotation):
    """The pixel rectangle where a renderer may change pixels for this annotation, whether its
    appearance fills it (an edge check applies), or None for one that must change nothing."""
    b = annotation.get("bitmap") or {}
    if "Hidden" in annotation["flags"]:
        return None, False
    if annotation["drawnRect"] is not None and b.get("drawnRect"):
        return b["drawnRect"], True
    return b.get("rect"), False


def pixels_within(box, shape):
    """The rows and columns of the pixels whose centres (i + 0.5, j + 0.5) lie in `box`
    (x0, y0, x1, y1, edges included), as slices of an array of `shape`."""
    x0, y0, x1, y1 = box
    h, w = shape
    columns = slice(max(0, math.ceil(x0 - 0.5)), max(0, min(w, math.floor(x1 - 0.5) + 1)))
    rows = slice(max(0, math.ceil(y0 - 0.5)), max(0, min(h, math.floor(y1 - 0.5) + 1)))
    return rows, columns


def check_page(where, page, changed, fills):
    """Problems of one render pair: changed pixels outside the predictions, edges not reached."""
    import numpy as np
    problems = []
    allowed = np.zeros_like(changed)
    for a in page["annotations"]:
        rect, fill = predicted(a)
        if rect is None:
            continue
        grown = pixels_within(pixel_box(rect, 1.0), changed.shape)
        allowed[grown] = True
        if not fill and fills:
            # No appearance reported (a Link, a Popup): a renderer may draw a border, never
            # fill the rectangle, which would be an appearance the record missed.
            px0, py0, px1, py1 = pixel_box(rect)
            interior = changed[pixels_within((px0 + 2, py0 + 2, px1 - 2, py1 - 2), changed.shape)]
            if interior.size and interior.sum() > 0.5 * interior.size:
                problems.append("%s annotation %d (%s): its rectangle is filled, but the record reports no appearance"
                                % (where, a["index"] + 1, a["subtype"]))
        if fill and fills:
            iy, ix = np.nonzero(changed[grown])
            px0, py0, px1, py1 = pixel_box(rect)
            if len(ix) == 0:
                problems.append("%s annotation %d (%s): nothing drawn in its predicted %s" % (where, a["index"] + 1, a["subtype"], rect))
                continue
            rows, columns = grown
            found = (columns.start + ix.min(), rows.start + iy.min(), columns.start + ix.max() + 1, rows.start + iy.max() + 1)
            if max(abs(found[0] - px0), abs(found[1] - py0), abs(found[2] - px1), abs(found[3] - py1)) > 1.0:
                problems.append("%s annotation %d (%s): drawn at px %s, predicted %s" % (where, a["index"] + 1, a["subtype"], found, (px0, py0, px1, py1)))
    stray = changed & ~allowed
    if stray.any():
        sy, sx = np.nonzero(stray)
        problems.append("%s: %d changed pixels outside every predicted rectangle, within px (%d,%d)-(%d,%d)"
                        % (where, len(sx), sx.min(), sy.min(), sx.max() + 1, sy.max() + 1))
    return problems


def renders(binary, cases=None):
    """Every (file, renderer, dpi) render pair: (where, page record, changed mask, fills)."""
    import numpy as np
    files = [(FIXTURE, True)] + [(os.path.join(CORPUS, f), False) for f in CORPUS_FILES]
    for path, fills in files:
        if not os.path.exists(path):
            raise RuntimeError("%s: missing" % path)
        for renderer in RENDERERS:
            for dpi in DPIS:
                if cases is not None and (os.path.basename(path), renderer, dpi) not in cases:
                    continue
                pages = records(binary, path, dpi, renderer)
                for index, page in sorted(pages.items()):
                    if not page["annotations"]:
                        continue
                    with_annots = render(renderer, path, index, dpi, True)
                    without = render(renderer, path, index, dpi, False)
                    if with_annots.shape != without.shape:
                        raise RuntimeError("%s page %d: renders of different sizes" % (path, index + 1))
                    changed = np.abs(with_annots.astype(np.int16) - without).max(axis=2) > 24
                    where = "%s page %d, %s at %d dpi" % (os.path.basename(path), index + 1, renderer, dpi)
                    yield where, page, changed, fills


def library_rects(path):
    """What pypdfium2, PyMuPDF, pypdf and pdfplumber report per page: lists aligned with /Annots
    order where the library keeps it (pypdfium2, pypdf), else lists to match by nearest rect."""
    import pdfplumber
    import pymupdf
    import pypdf
    import pypdfium2
    import pypdfium2.raw as c
    out = {}
    pdf = pypdfium2.PdfDocument(path)
    mu = pymupdf.open(path)
    py = pypdf.PdfReader(path)
    with pdfplumber.open(path) as plumber:
        for i in range(len(pdf)):
            page = pdf[i]
            rects = []
            for k in range(c.FPDFPage_GetAnnotCount(page)):
                annot = c.FPDFPage_GetAnnot(page, k)
                r = c.FS_RECTF()
                ok = c.FPDFAnnot_GetRect(annot, r)
                rects.append((r.left, r.bottom, r.right, r.top) if ok else None)
                c.FPDFPage_CloseAnnot(annot)
            raw_annots = py.pages[i].get("/Annots")
            pypdf_rects = []
            for ref in (raw_annots.get_object() if raw_annots is not None else []):
                d = ref.get_object()
                r = d.get("/Rect") if hasattr(d, "get") else None
                pypdf_rects.append(tuple(float(v) for v in r) if r is not None and len(r) == 4 else None)
            mp = mu[i]
            out[i] = {
                "pypdfium2": rects,
                "pypdf": pypdf_rects,
                "pymupdf": [tuple(a.rect) for a in mp.annots()] + [tuple(a.rect) for a in mp.widgets()],
                "pymupdf-links": [(tuple(l["from"]), l.get("page"), l.get("to"), l["kind"]) for l in mp.get_links()],
                "pdfplumber": [(a["x0"], a["top"], a["x1"], a["bottom"]) for a in plumber.pages[i].annots],
            }
    return out


def corners(r):
    return (r["x"], r["y"], r["x"] + r["width"], r["y"] + r["height"])


def near(a, b, tol=0.01):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def displayed(page, r):
    """A page-space rectangle on the displayed page with a top-left origin, scaled by /UserUnit
    as MuPDF scales pages: x0, top, x1, bottom."""
    unit, height = page["userUnit"], page["size"]["height"]
    return (r["x"] * unit, (height - r["y"] - r["height"]) * unit, (r["x"] + r["width"]) * unit, (height - r["y"]) * unit)


def link_target(target, d):
    """Where PyMuPDF's get_links() puts an XYZ destination's (left, top): for an explicit
    destination, the point on the displayed target page (top-left origin, /Rotate applied,
    /UserUnit too, as MuPDF scales pages by it); for a named one, the raw point as written, not
    turned or flipped (pymupdf/PyMuPDF#3412, open: "'to' point coordinate is not based on
    top-left origin")."""
    if d["name"] is not None:
        return d["left"], d["top"]
    t = target["transform"]
    px = t["a"] * d["left"] + t["c"] * d["top"] + t["tx"]
    py = t["b"] * d["left"] + t["d"] * d["top"] + t["ty"]
    unit = target["userUnit"]
    return px * unit, (target["size"]["height"] - py) * unit


def check_libraries(binary, path, planted_offset=0.0):
    """Problems where a library's rectangle is not ours through its frame."""
    import pymupdf
    problems = []
    pages = records(binary, path, 72, "pdftoppm-cropbox")
    libs = library_rects(path)
    compared = 0
    for index, page in sorted(pages.items()):
        lib = libs[index]
        ours = [a for a in page["annotations"]]
        where = "%s page %d" % (os.path.basename(path), index + 1)
        # pypdfium2 and pypdf keep /Annots order; a raw /Rect normalized is ours.
        for name in ("pypdfium2", "pypdf"):
            if len(lib[name]) != len(ours):
                problems.append("%s: %s lists %d annotations, pageinfo %d" % (where, name, len(lib[name]), len(ours)))
                continue
            for a, r in zip(ours, lib[name]):
                if a["rect"] is None or r is None:
                    continue
                x0, y0, x1, y1 = r
                norm = (min(x0, x1) + planted_offset, min(y0, y1), max(x0, x1), max(y0, y1))
                compared += 1
                if not near(norm, corners(a["rect"])):
                    problems.append("%s annotation %d: %s %s, pageinfo %s" % (where, a["index"] + 1, name, norm, corners(a["rect"])))
        # PyMuPDF and pdfplumber: each of their rectangles must be one of ours through the frame.
        # PyMuPDF's annot.rect and link "from" on a /UserUnit 2 page turned by 270° lie the
        # page's unscaled width (300 pt) left of its own page.rect frame (measured on
        # annotations.pdf page 7; its page.rect and get_text() agree with the frame): a named
        # difference, not compared.
        mupdf_user_unit_bug = page["userUnit"] != 1 and page["rotation"] != 0
        for name, frame in (("pymupdf", "pymupdf"), ("pdfplumber", "pdfplumber")):
            if name == "pymupdf" and mupdf_user_unit_bug:
                continue
            # (MuPDF reports a NoRotate annotation's rect where it draws it: our drawnRect.)
            mine = [corners(a["frames"][frame][key]) for a in ours for key in ("rect", "drawnRect") if a["frames"][frame][key]]
            for r in lib[name]:
                compared += 1
                if not any(near(r, m) for m in mine):
                    problems.append("%s: %s reports %s, which no annotation's %s-frame rect is" % (where, name, r, frame))
        links = [a for a in ours if a["subtype"] == "Link" and a["rect"] is not None]
        for (frm, target, to, kind) in ([] if mupdf_user_unit_bug else lib["pymupdf-links"]):
            compared += 1
            # get_links()' "from" is on the displayed page (top-left origin, /Rotate applied),
            # where annot.rect is unrotated: our pageRect, flipped, in MuPDF's units.
            match = [a for a in links if near(frm, displayed(page, a["pageRect"]))]
            if not match:
                problems.append("%s: PyMuPDF link from %s matches no link's pymupdf rect" % (where, frm))
                continue
            d = match[0]["destination"]
            if kind == pymupdf.LINK_GOTOR:
                # A page of another file: PyMuPDF's "page" is the number the action gives.
                if d is None or d["remotePage"] != target:
                    problems.append("%s: PyMuPDF GoToR link from %s goes to page %s, pageinfo %s" % (where, frm, target, d and d["remotePage"]))
            elif match[0]["action"] is not None and match[0]["action"]["type"] == "Named":
                # A Named action (NextPage…): PyMuPDF resolves it against this page (a GoTo to
                # page + 1); pageinfo names the action, whose target is the viewer's business.
                if match[0]["action"]["target"] == "NextPage" and target != index + 1:
                    problems.append("%s: PyMuPDF resolves NextPage from %s to page %s" % (where, frm, target))
            elif target is not None and target >= 0:
                if d is None or d["page"] != target:
                    problems.append("%s: PyMuPDF link from %s goes to page %s, pageinfo %s" % (where, frm, target, d and d["page"]))
                elif d["kind"] == "XYZ" and d["left"] is not None and d["top"] is not None and to is not None:
                    x, y = link_target(pages.get(target) or records(binary, path, 72, "pdftoppm-cropbox")[target], d)
                    if not near((to.x, to.y), (x, y), 0.01):
                        problems.append("%s: PyMuPDF link from %s points to %s, pageinfo (%g, %g)" % (where, frm, (to.x, to.y), x, y))
    return problems, compared


def check_outline(binary, path, mutate=None):
    """Problems where PyMuPDF's table of contents is not `pageinfo outline`'s entries."""
    import pymupdf
    out = subprocess.run([binary, "outline", "--format", "jsonl", path], capture_output=True, text=True)
    if out.returncode != 0:
        return ["%s outline %s: exit %d: %s" % (binary, path, out.returncode, out.stderr.strip())], 0
    ours = [r for r in map(json.loads, out.stdout.splitlines()) if r["record"] == "outline"]
    if mutate:
        ours = [mutate(r) for r in ours]
    toc = pymupdf.open(path).get_toc(simple=False)
    where = os.path.basename(path)
    problems = []
    if len(toc) != len(ours):
        return ["%s: PyMuPDF lists %d outline items, pageinfo %d" % (where, len(toc), len(ours))], 0
    compared = 0
    for i, (e, (level, title, _, dest)) in enumerate(zip(ours, toc)):
        has_children = i + 1 < len(ours) and ours[i + 1]["level"] > e["level"]
        theirs = {"level": level, "title": title, "object": dest.get("xref"), "uri": dest.get("uri"),
                  "page": dest.get("page") if dest.get("kind") in (pymupdf.LINK_GOTO, pymupdf.LINK_NAMED) else None,
                  "open": (not dest["collapse"]) if has_children and "collapse" in dest else None}
        mine = {"level": e["level"] + 1, "title": e["title"], "object": e["object"],
                "uri": e["action"]["target"] if e["action"] and e["action"]["type"] == "URI" else None,
                "page": e["destination"]["page"] if e["destination"] else None,
                "open": e["open"] if has_children else None}
        compared += 1
        if theirs != mine:
            problems.append("%s outline entry %d: PyMuPDF %s, pageinfo %s" % (where, i + 1, theirs, mine))
    return problems, compared


def run(binary, cases=None, mutate=None):
    problems, pairs = [], 0
    for where, page, changed, fills in renders(binary, cases):
        if mutate:
            page = mutate(where, page)
        problems += check_page(where, page, changed, fills)
        pairs += 1
    return problems, pairs


def self_test(binary):
    failures = []
    case = {("annotations.pdf", "pdftoppm", 72)}
    problems, pairs = run(binary, case)
    if problems or pairs == 0:
        return ["self-test: the unplanted case fails: %s" % (problems or "no render pair")]

    def shifted(where, page):
        return dict(page, annotations=[dict(a, bitmap={"rect": dict(a["bitmap"]["rect"], x=a["bitmap"]["rect"]["x"] + 3),
                                                       "drawnRect": a["bitmap"]["drawnRect"] and dict(a["bitmap"]["drawnRect"], x=a["bitmap"]["drawnRect"]["x"] + 3)})
                                       for a in page["annotations"]])

    def unturned(where, page):
        return dict(page, annotations=[dict(a, bitmap=dict(a["bitmap"], drawnRect=a["bitmap"]["rect"])) if "NoRotate" in a["flags"] else a
                                       for a in page["annotations"]])

    def hidden_drawn(where, page):
        return dict(page, annotations=[dict(a, flags=[f for f in a["flags"] if f != "Hidden"]) for a in page["annotations"]])

    def hidden_quiet(where, page):
        return dict(page, annotations=[dict(a, flags=a["flags"] + ["Hidden"]) if a["subtype"] == "Square" else a for a in page["annotations"]])

    def appearance_missed(where, page):
        return dict(page, annotations=[dict(a, drawnRect=None) if a["subtype"] == "Square" else a for a in page["annotations"]])

    for description, mutate, cases in (("rectangles shifted by 3 px", shifted, case),
                                       ("a drawn Square reported without an appearance", appearance_missed, case),
                                       ("a NoRotate note predicted unturned", unturned, {("annotations.pdf", "pdftoppm", 72)}),
                                       ("a Square marked Hidden though drawn", hidden_quiet, case)):
        problems, _ = run(binary, cases, mutate)
        if not problems:
            failures.append("self-test: %s was accepted" % description)
    # The Hidden square of page 1 must never be predicted as a filled edge-to-edge appearance
    # that is drawn: treating it as shown makes its (absent) pixels miss its edges.
    problems, _ = run(binary, case, hidden_drawn)
    if not any("Square" in p and "nothing drawn" in p for p in problems):
        failures.append("self-test: a Hidden square reported as drawn was accepted")
    problems, _ = check_libraries(binary, FIXTURE, planted_offset=1.0)
    if not problems:
        failures.append("self-test: library rectangles off by 1 pt were accepted")
    problems, compared = check_outline(binary, FIXTURE)
    if problems or compared == 0:
        failures.append("self-test: the unplanted outline fails: %s" % (problems or "no outline entry"))
    problems, _ = check_outline(binary, FIXTURE, mutate=lambda r: dict(r, level=r["level"] + 1))
    if not problems:
        failures.append("self-test: outline levels off by one were accepted")
    return failures


def main():
    args = [a for a in sys.argv[1:] if a != "--self-test"]
    if len(args) != 1:
        print(__doc__.strip().splitlines()[0] + "\nusage: check_annotations.py PAGEINFO [--self-test]", file=sys.stderr)
        return 64
    status = oracle_deps.refuse_or_skip("check_annotations", oracle_deps.missing(("numpy", "pypdfium2", "pymupdf", "pypdf", "pdfplumber", "PIL"), ("pdftoppm",)))
    if status is not None:
        return status
    binary = args[0]
    if "--self-test" in sys.argv:
        failures = self_test(binary)
        for f in failures:
            print(f, file=sys.stderr)
        print("check_annotations --self-test: %s" % ("FAILED" if failures else "7 planted errors refused"))
        return 1 if failures else 0
    problems, pairs = run(binary)
    compared = 0
    for path in [FIXTURE] + [os.path.join(CORPUS, f) for f in CORPUS_FILES]:
        p, n = check_libraries(binary, path)
        problems += p
        compared += n
    entries = 0
    for path in [FIXTURE] + [os.path.join(CORPUS, f) for f in OUTLINE_CORPUS_FILES]:
        p, n = check_outline(binary, path)
        problems += p
        entries += n
    for p in problems:
        print(p, file=sys.stderr)
    print("check_annotations: %d render pairs (%s × %s dpi, with and without annotations) of %s and %s; %d rectangles and links "
          "compared with pypdfium2, pypdf, PyMuPDF and pdfplumber; %d outline entries of it and %s with PyMuPDF's get_toc: %s"
          % (pairs, "/".join(RENDERERS), "/".join(map(str, DPIS)), os.path.basename(FIXTURE), ", ".join(CORPUS_FILES), compared, entries,
             ", ".join(OUTLINE_CORPUS_FILES),
             "%d problems" % len(problems) if problems else "every changed pixel where predicted, every edge within 1 px, every rectangle within 0.01 pt, every outline entry alike"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
