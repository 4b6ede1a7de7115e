#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Renderer truth for `pageinfo pages --dpi D --renderer R`: the bitmap object must say what
each renderer, called as users call it, really draws — pdftoppm with and without -cropbox,
pdf2image with its defaults and with use_cropbox=True, Ghostscript (png16m) with and without
-dUseCropBox, pypdfium2, PyMuPDF and pdfplumber's to_image.

On the fixtures that hold each case — Fixtures/rotations.pdf (/Rotate 0, 90, 180, 270, 450, -90…
around an offset CropBox [20 30 420 630]), Fixtures/boxes.pdf (CropBoxes with a negative origin,
[-100 -200 …] and [-300 -100 …], and a fractional offset one, [10.5 20.25 …]) and
Fixtures/userunit.pdf (/UserUnit 2, 1 and 0.5), and odd-rotate.pdf, made here from rotations.pdf
with /Rotate values that are not multiples of 90 (135, 225, 315, -45, -135, 100, 46, 44, 765, 190),
which each renderer turns its own way — a copy of each page gets three opaque black
squares of different sizes (6, 10 and 14 pt) centred on chosen raw points inside the CropBox, and
an 8 pt one in its widest crop margin (pikepdf; the page's own content wrapped in q … Q, the marks
appended), which pdftoppm's and pdf2image's MediaBox renders must show where rawToPixel says. Each
page is rendered marked and unmarked with every renderer at 72 and 150 dpi (and 300 dpi for
boxes.pdf and edge-sizes.pdf: FIXTURE_DPIS says why), and (pdftoppm
with and without -cropbox, pdfium, MuPDF) with `--bitmap-size 500x700 --fit fill` and `640x640` (contain: the record's
pixel size, drawn as fill) through each renderer's own way to draw into a size (see render());
edge-sizes.pdf (generated) adds sizes whose rounding float noise decides; each square is found in the difference of the two renders (8-connected
components, told apart by their areas), and its centroid weighted by the darkening. For every
page, renderer and resolution:

  - the render's pixel size equals the record's bitmap width × height for that renderer;
  - rawToPixel of each raw point lands within 1 px of its square's centroid;
  - pixelToRaw of the centroid lands within 72/D pt of the point (for a pixel size, within one
    pixel of that bitmap in points).

pdftoppm and pdfium ignore /UserUnit and MuPDF applies it; on /Rotate 45 pdftoppm draws the page
unrotated, pdfium truncates to 0 and MuPDF snaps to 90: the records' renderer conventions model
that, and these pages check it (this script found MuPDF's turn of /Rotate 45, which PyMuPDF's own
Page.rotation reports as 0).

Usage: check_bitmap_placement.py PAGEINFO [--self-test]
  --self-test: the checks must reject planted errors (a matrix shifted by 2 px, the pdftoppm
  bitmap of a /UserUnit 2 page held against MuPDF's and Ghostscript's renders, pdfium's 1651-row
  Letter held against pdftoppm's 1650, a /Rotate 90 matrix for a 270 page, a fill bitmap against
  a contain render, the CropBox bitmap against pdf2image's default MediaBox render) before the
  real run is trusted.
Run by `make test` (`make check-bitmaps`) with the venv of `make oracle-deps`. Exits 1 naming every
failure; 2 when a renderer is missing and CI=true (without CI it says so and skips: exit 0).
"""

import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import oracle_deps  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = ["rotations.pdf", "boxes.pdf", "userunit.pdf", "odd-rotate.pdf", "edge-sizes.pdf"]
# edge-sizes.pdf (generated): sizes whose w·s or w·D/72 lies on a whole number, where a renderer's
# own rounding depends on float noise (found by review): 960 x 540 and 1000 x 750 in 640x640
# contain (360 and 480 px high), a 590.4 pt side (CropBox 10…600.4) at 150 dpi (pdfium: 1231, its
# 32-bit width), /Rotate 90, and 100.08 pt at 300 dpi (pdfium: 418).
EDGE_SIZES = [([0, 0, 960, 540], None, 0), ([0, 0, 1000, 750], None, 0),
              ([0, 0, 700, 400], [10, 20, 600.4, 320], 90), ([0, 0, 100.08, 300], None, 0)]
# odd-rotate.pdf is generated (in a scratch folder) from rotations.pdf: its pages get these /Rotate
# values, which are not multiples of 90 and which the renderers turn each their own way.
ODD_ROTATE = [135, 225, 315, -45, -135, 100, 46, 44, 765, 190]
DPIS = [72, 150, 300]
# 300 dpi only where it can find what 72 and 150 cannot, so the other fixtures' 300-dpi renders
# (half of this check's time, 52 s of 162 s measured: userunit.pdf's /UserUnit 2 pages alone 18 s)
# are not made: boxes.pdf's fractional CropBox origin (10.5, 20.25), whose 0.25 pt only the 300-dpi
# tolerance (72/300 = 0.24 pt) resolves, and edge-sizes.pdf's 100.08 pt page, whose width only
# 300 dpi puts on a whole number. A turn, a flip or a /UserUnit scale is wrong by far more than a
# pixel at 72 dpi already.
FIXTURE_DPIS = {"boxes.pdf": DPIS, "edge-sizes.pdf": DPIS}
# --bitmap-size requests: (W, H, fit). contain is drawn as fill onto the pixel size the record gives.
SIZES = [(500, 700, "fill"), (640, 640, "contain")]
RENDERERS = ["pdftoppm-cropbox", "pdftoppm", "pdf2image", "pdf2image-cropbox", "ghostscript", "ghostscript-cropbox",
             "pdfium", "mupdf", "pdfplumber"]
# The renderers whose defaults draw the whole MediaBox with its content: their renders also show a
# mark in the crop margin, outside the page, which must land where rawToPixel says too.
# (Ghostscript's MediaBox image leaves the margin blank: it clips the content to the CropBox.)
MARGIN_RENDERERS = {"pdftoppm", "pdf2image"}
# The renderers whose drawing into a pixel size is modelled (--bitmap-size).
SIZED_RENDERERS = ["pdftoppm-cropbox", "pdftoppm", "pdfium", "mupdf"]
MARGIN_MARK = 8.0   # side of the mark in the crop margin, points
# Each mark: (fraction of the CropBox's width, of its height, side in points). Placed off-centre and
# sized differently so that a flipped or turned mapping cannot match the wrong square.
MARKS = [(0.22, 0.31, 6.0), (0.71, 0.24, 10.0), (0.2, 0.75, 14.0)]
THRESHOLD = 24   # darkening (of 255) that counts as part of a square


# --------------------------------------------------------------------------------------------
# Marking
# --------------------------------------------------------------------------------------------

def raw_points(crop):
    """The marks' centres in raw space, inside the effective CropBox {x, y, width, height}."""
    return [(crop["x"] + fx * crop["width"], crop["y"] + fy * crop["height"], side) for fx, fy, side in MARKS]


def margin_point(media, crop):
    """A mark's centre in the widest crop margin (raw space), or None when no margin holds one."""
    margins = [(crop["x"] - media["x"], "left"), (media["x"] + media["width"] - crop["x"] - crop["width"], "right"),
               (crop["y"] - media["y"], "bottom"), (media["y"] + media["height"] - crop["y"] - crop["height"], "top")]
    width, side = max(margins)
    if width < MARGIN_MARK + 4:
        return None
    mid_x, mid_y = crop["x"] + crop["width"] / 2, crop["y"] + crop["height"] / 2
    return {"left": (media["x"] + width / 2, mid_y), "right": (crop["x"] + crop["width"] + width / 2, mid_y),
            "bottom": (mid_x, media["y"] + width / 2), "top": (mid_x, crop["y"] + crop["height"] + width / 2)}[side] + (MARGIN_MARK,)


def odd_rotate(dst):
    """rotations.pdf with ODD_ROTATE as the pages' /Rotate."""
    import pikepdf
    with pikepdf.open(os.path.join(ROOT, "Fixtures", "rotations.pdf")) as pdf:
        for page, rotate in zip(pdf.pages, ODD_ROTATE):
            page.obj.Rotate = rotate
        pdf.save(dst)


def edge_sizes(dst):
    """A PDF of the EDGE_SIZES pages (MediaBox, CropBox or None, /Rotate), each with a grey frame."""
    import pikepdf
    pdf = pikepdf.new()
    for media, crop, rotate in EDGE_SIZES:
        box = crop or media
        frame = b"0.8 g %g %g %g %g re f" % (box[0], box[1], box[2] - box[0], box[3] - box[1])
        page = pikepdf.Page(pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=media,
                                               Contents=pdf.make_stream(frame), Rotate=rotate))
        if crop:
            page.obj.CropBox = crop
        pdf.pages.append(page)
    pdf.save(dst)


def mark(src, dst, pages):
    """A copy of `src` whose page i (0-based) has black squares centred on `pages[i]`'s points."""
    import pikepdf
    with pikepdf.open(src) as pdf:
        for i, points in pages.items():
            page = pdf.pages[i]
            ops = b"Q q 0 g " + b" ".join(b"%.6f %.6f %.6f %.6f re f" % (x - s / 2, y - s / 2, s, s) for x, y, s in points) + b" Q"
            page.contents_add(pikepdf.Stream(pdf, b"q"), prepend=True)
            page.contents_add(pikepdf.Stream(pdf, ops), prepend=False)
        pdf.save(dst)


# --------------------------------------------------------------------------------------------
# Rendering: a gray image as a numpy array (rows × columns, 0 black … 255 white)
# --------------------------------------------------------------------------------------------

def pnm(path):
    """A PGM file (P5) as a numpy array."""
    import numpy as np
    data = open(path, "rb").read()
    # P5 header: magic, width, height, maxval, one whitespace byte; a '#' starts a comment to the
    # end of its line (Ghostscript writes one after the magic).
    fields, at = [], 0
    while len(fields) < 4:
        while data[at:at + 1].isspace() or data[at:at + 1] == b"#":
            if data[at:at + 1] == b"#":
                at = data.index(b"\n", at)
            at += 1
        start = at
        while not data[at:at + 1].isspace():
            at += 1
        fields.append(data[start:at])
    w, h = int(fields[1]), int(fields[2])
    return np.frombuffer(data, dtype=np.uint8, count=w * h, offset=at + 1).reshape(h, w)


def gray(image):
    """A PIL image as a gray numpy array."""
    import numpy as np
    return np.array(image.convert("L"))


# The programs a render starts (pdftoppm, pdf2image's pdfinfo and pdftoppm, Ghostscript) draw a
# whole document in one run at a resolution, as users mostly call them: each page's image is the
# one a run for that page alone draws, and a run per page cost a start-up and a parse each
# (Ghostscript's start-up alone is about 0.1 s). The last two documents' pages are kept (a page
# is rendered unmarked, then marked).
WHOLE_DOCUMENT = {"pdftoppm", "pdftoppm-cropbox", "pdf2image", "pdf2image-cropbox", "ghostscript", "ghostscript-cropbox"}
RENDERED = {}


def pdftoppm_size(renderer, size):
    """pdftoppm's options for a gray render into `size` (W, H, "fill"), with -cropbox for
    pdftoppm-cropbox."""
    if size[2] != "fill":
        raise ValueError("contain is drawn as fill onto the record's size")
    crop = ["-cropbox"] if renderer == "pdftoppm-cropbox" else []
    # Without -scale-dimension-before-rotation pdftoppm applies W and H to the unrotated
    # page, so a /Rotate 90 page comes out H×W (checked: 700x500 for 500x700).
    return ["-scale-to-x", str(size[0]), "-scale-to-y", str(size[1]), "-scale-dimension-before-rotation"] + crop + ["-gray"]


def render(renderer, path, index, dpi, work, size=None, every_page=False):
    """The page at `dpi`, called as users call each renderer (its defaults but for the
    resolution: pdftoppm and pdf2image without -cropbox/use_cropbox, gs with -sDEVICE=png16m (its pixels, GHOSTSCRIPT_DEVICE);
    these draw the whole document, render_document()), or with `size` = (W, H, fit) into a
    bitmap of W×H pixels as that renderer's own API does it: fill, exactly W×H (pdftoppm
    -scale-to-x W -scale-to-y H -scale-dimension-before-rotation; pdfium FPDF_RenderPageBitmap
    into a W×H bitmap; MuPDF a matrix of W and H over its page rectangle). (contain is drawn as
    fill onto the record's pixel size: the caller passes that size.) `every_page`: every page is
    drawn into this same size, so pdftoppm draws them all in one run."""
    if renderer in WHOLE_DOCUMENT and (size is None or (every_page and renderer in ("pdftoppm", "pdftoppm-cropbox"))):
        key = (renderer, path, dpi, size)
        if key not in RENDERED:
            while len(RENDERED) >= 2:
                RENDERED.pop(next(iter(RENDERED)))
            RENDERED[key] = render_document(renderer, path, dpi, work, size)
        pages = RENDERED[key]
        if index >= len(pages) or pages[index] is None:
            raise RuntimeError("%s drew no page %d of %s" % (renderer, index + 1, path))
        return pages[index]
    if renderer in ("pdftoppm", "pdftoppm-cropbox"):
        out = os.path.join(work, "r")
        subprocess.run(["pdftoppm"] + pdftoppm_size(renderer, size) + ["-f", str(index + 1), "-l", str(index + 1),
                        "-singlefile", path, out], check=True)
        return pnm(out + ".pgm")
    if renderer == "pdfplumber":
        import pdfplumber
        with pdfplumber.open(path) as pdf:
            return gray(pdf.pages[index].to_image(resolution=dpi).original)
    import numpy as np
    if renderer == "pdfium":
        import pypdfium2
        import pypdfium2.raw as pdfium_c
        doc = pypdfium2.PdfDocument(path)
        try:
            page = doc[index]
            if size is not None and size[2] == "fill":
                bitmap = pypdfium2.PdfBitmap.new_native(size[0], size[1], pdfium_c.FPDFBitmap_Gray)
                bitmap.fill_rect((255, 255, 255, 255), 0, 0, size[0], size[1])
                pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, 0, size[0], size[1], 0, pdfium_c.FPDF_ANNOT)
            else:
                w, h = page.get_size()
                scale = dpi / 72 if size is None else min(size[0] / w, size[1] / h)
                bitmap = page.render(scale=scale, grayscale=True)
            a = bitmap.to_numpy()
            return np.array(a if a.ndim == 2 else a[:, :, 0])
        finally:
            doc.close()
    import pymupdf
    doc = pymupdf.open(path)
    try:
        page = doc[index]
        if size is None:
            pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY, alpha=False)
        else:
            w, h = page.rect.width, page.rect.height
            sx, sy = size[0] / w, size[1] / h
            pix = page.get_pixmap(matrix=pymupdf.Matrix(sx, sy), colorspace=pymupdf.csGRAY, alpha=False)
        return np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.stride)[:, :pix.width]
    finally:
        doc.close()


def render_document(renderer, path, dpi, work, size=None):
    """Every page of the document at `dpi`, or (pdftoppm) into `size`, by one run of a
    WHOLE_DOCUMENT renderer."""
    import glob
    import shutil
    out = tempfile.mkdtemp(dir=work)
    try:
        if renderer in ("pdf2image", "pdf2image-cropbox"):
            import pdf2image
            return [gray(im) for im in pdf2image.convert_from_path(path, dpi=dpi, use_cropbox=renderer == "pdf2image-cropbox")]
        if renderer in ("pdftoppm", "pdftoppm-cropbox"):
            crop = ["-cropbox"] if renderer == "pdftoppm-cropbox" else []
            scaling = ["-r", str(dpi)] + crop + ["-gray"] if size is None else pdftoppm_size(renderer, size)
            subprocess.run(["pdftoppm"] + scaling + [path, os.path.join(out, "r")], check=True)
            # (r-1.pgm …, the numbers padded to the page count's digits: by number; a page
            # pdftoppm did not write is a gap, never the next page moved up)
            files = {int(f.rsplit("-", 1)[1][:-4]): f for f in glob.glob(os.path.join(out, "r-*.pgm"))}
            return [pnm(files[n]) if n in files else None for n in range(1, max(files, default=0) + 1)]
        return [gray(im) for im in ghostscript_pages(path, dpi, renderer == "ghostscript-cropbox", GHOSTSCRIPT_DEVICE, out)]
    finally:
        shutil.rmtree(out)


# Users ask Ghostscript for PNG (-sDEVICE=png16m); its ppmraw device is the same 24-bit raster
# written without PNG's compression, a third of the time (0.30 s against 0.97 s for boxes.pdf at
# 150 dpi). The pixels are png16m's: main() checks that on one document before it relies on it.
GHOSTSCRIPT_DEVICE = "ppmraw"


def ghostscript_pages(path, dpi, cropbox, device, out):
    """Every page of the document as Ghostscript's `device` draws it at `dpi`, as RGB PIL images."""
    import glob
    from PIL import Image
    crop = ["-dUseCropBox"] if cropbox else []
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=" + device, "-r%s" % dpi] + crop
                   + ["-o", os.path.join(out, device + "-%05d.img"), path], check=True, capture_output=True)
    images = []
    for f in sorted(glob.glob(os.path.join(out, device + "-*.img"))):
        with Image.open(f) as im:
            images.append(im.convert("RGB"))
    return images


def ghostscript_devices_differ(path, dpi, work):
    """Pages whose GHOSTSCRIPT_DEVICE pixels are not png16m's (a list of page numbers), with and
    without -dUseCropBox."""
    import shutil
    out = tempfile.mkdtemp(dir=work)
    try:
        differ = []
        for cropbox in (False, True):
            png = ghostscript_pages(path, dpi, cropbox, "png16m", out)
            ours = ghostscript_pages(path, dpi, cropbox, GHOSTSCRIPT_DEVICE, out)
            if len(png) != len(ours):
                differ.append("page count %d, not %d" % (len(ours), len(png)))
            differ += ["page %d%s" % (n, " (-dUseCropBox)" if cropbox else "") for n, (a, b) in enumerate(zip(png, ours), 1)
                       if a.size != b.size or a.tobytes() != b.tobytes()]
        return differ
    finally:
        shutil.rmtree(out)


def squares(plain, marked):
    """The marks found in the difference, as [(area, (cx, cy))] sorted by area, centroids in pixel
    space (pixel (i, j)'s centre is (i + 0.5, j + 0.5)), weighted by how much darker each pixel got."""
    import numpy as np
    diff = plain.astype(np.int16) - marked.astype(np.int16)
    ys, xs = np.nonzero(diff > THRESHOLD)
    todo = set(zip(ys.tolist(), xs.tolist()))
    found = []
    while todo:
        seed = todo.pop()
        stack, component = [seed], [seed]
        while stack:
            y, x = stack.pop()
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    n = (y + dy, x + dx)
                    if n in todo:
                        todo.remove(n)
                        stack.append(n)
                        component.append(n)
        # The weights: every darkened pixel in the component's box grown by one (its anti-aliased rim).
        cy = [p[0] for p in component]
        cx = [p[1] for p in component]
        y0, y1, x0, x1 = max(min(cy) - 1, 0), min(max(cy) + 2, diff.shape[0]), max(min(cx) - 1, 0), min(max(cx) + 2, diff.shape[1])
        weights = np.clip(diff[y0:y1, x0:x1], 0, None).astype(np.float64)
        total = weights.sum()
        gy, gx = np.mgrid[y0:y1, x0:x1]
        found.append((len(component), (float((weights * (gx + 0.5)).sum() / total), float((weights * (gy + 0.5)).sum() / total))))
    return sorted(found)


def apply(m, x, y):
    return m["a"] * x + m["c"] * y + m["tx"], m["b"] * x + m["d"] * y + m["ty"]


# --------------------------------------------------------------------------------------------
# The check of one render against one bitmap object
# --------------------------------------------------------------------------------------------

WORST = {"pixels": 0.0, "points": 0.0}
PLANTED = 0   # planted errors the self-test tried   # the largest distances seen: rawToPixel in px, pixelToRaw in px at the resolution


def check(where, bitmap, points, size, found, dpi):
    """Problems (one line each) between a bitmap record and what a renderer drew."""
    problems = []
    h, w = size
    if (bitmap["width"], bitmap["height"]) != (w, h):
        problems.append("%s: the render is %dx%d px, the record says %dx%d" % (where, w, h, bitmap["width"], bitmap["height"]))
    if len(found) != len(points):
        return problems + ["%s: %d marks found in the render, %d drawn" % (where, len(found), len(points))]
    # Squares sorted by area are the marks sorted by side.
    for (x, y, side), (area, (cx, cy)) in zip(sorted(points, key=lambda p: p[2]), found):
        px, py = apply(bitmap["rawToPixel"], x, y)
        WORST["pixels"] = max(WORST["pixels"], abs(px - cx), abs(py - cy))
        if abs(px - cx) > 1 or abs(py - cy) > 1:
            problems.append("%s: raw (%g, %g) (the %g pt mark) → pixel (%.3f, %.3f) by rawToPixel, its square's centroid is (%.3f, %.3f)"
                            % (where, x, y, side, px, py, cx, cy))
        rx, ry = apply(bitmap["pixelToRaw"], cx, cy)
        WORST["points"] = max(WORST["points"], abs(rx - x) * dpi / 72, abs(ry - y) * dpi / 72)
        if abs(rx - x) > 72 / dpi or abs(ry - y) > 72 / dpi:
            problems.append("%s: pixelToRaw of the centroid (%.3f, %.3f) is raw (%.4f, %.4f), the mark is at (%g, %g): more than 72/%d pt"
                            % (where, cx, cy, rx, ry, x, y, dpi))
    return problems


def records(binary, path, dpi, renderer, size=None):
    asked = ["--dpi", str(dpi)] if size is None else ["--bitmap-size", "%dx%d" % size[:2], "--fit", size[2]]
    out = subprocess.run([binary, "pages", "--format", "jsonl"] + asked + ["--renderer", renderer, path],
                         check=True, capture_output=True).stdout
    return [r for r in map(json.loads, out.splitlines()) if r["record"] == "page"]


def run(binary, work, cases=None):
    """Renders every case; returns (problems, [(where, bitmap, points, size, found, dpi)], count)."""
    problems, seen, checked = [], [], 0
    for name in FIXTURES:
        src = os.path.join(ROOT, "Fixtures", name)
        if name == "odd-rotate.pdf":
            src = os.path.join(work, name)
            odd_rotate(src)
        elif name == "edge-sizes.pdf":
            src = os.path.join(work, name)
            edge_sizes(src)
        base = [p for p in records(binary, src, 72, "pdftoppm-cropbox") if "cropBox" in p]
        pages = {p["index"]: raw_points(p["cropBox"]) for p in base}
        margins = {p["index"]: margin_point(p["mediaBox"], p["cropBox"]) for p in base}
        marked = os.path.join(work, "marked-" + name)
        mark(src, marked, {i: pages[i] + ([margins[i]] if margins[i] else []) for i in pages})
        for dpi, size in [(d, None) for d in FIXTURE_DPIS.get(name, [72, 150])] + [(None, s) for s in SIZES]:
            for renderer in RENDERERS if size is None else SIZED_RENDERERS:
                for page in records(binary, src, dpi, renderer, size):
                    i = page["index"]
                    if page["bitmap"] is None:
                        # pdfplumber cuts by the CropBox as written; where that reaches past the
                        # MediaBox the record has no bitmap (and says so), and nothing is drawn.
                        clipped = any(w["code"] in ("box-clipped", "box-empty") and w["message"].startswith("CropBox ")
                                      for w in page.get("warnings", []))
                        if not (renderer == "pdfplumber" and clipped):
                            problems.append("%s page %d %s: the record has no bitmap" % (name, i + 1, renderer))
                        continue
                    case = (name, i, dpi or "%dx%d %s" % size, renderer)
                    if cases is not None and case not in cases:
                        continue
                    where = "%s page %d (/Rotate %d, /UserUnit %g) %s %s" % (
                        name, i + 1, page["rotationRaw"], page["userUnit"], renderer, "%d dpi" % dpi if dpi else "--bitmap-size " + case[2])
                    # contain decides the pixel size; the page is then drawn onto exactly it, as fill.
                    drawn = size if size is None or size[2] == "fill" else (page["bitmap"]["width"], page["bitmap"]["height"], "fill")
                    every_page = size is not None and size[2] == "fill"
                    plain = render(renderer, src, i, dpi, work, drawn, every_page)
                    ink = render(renderer, marked, i, dpi, work, drawn, every_page)
                    # The inverse's tolerance: one pixel of this bitmap, in points (the larger
                    # axis's); a resolution of its own for a bitmap of a given size.
                    b = page["bitmap"]
                    resolution = dpi if dpi is not None else 72 * min(b["scaleX"], b["scaleY"])
                    if plain.shape != ink.shape:
                        problems.append("%s: marked and unmarked renders differ in size" % where)
                        continue
                    found = squares(plain, ink)
                    # pdftoppm's and pdf2image's MediaBox renders show the mark in the crop margin too.
                    points = pages[i] + ([margins[i]] if margins[i] and renderer in MARGIN_RENDERERS else [])
                    problems += check(where, page["bitmap"], points, plain.shape, found, resolution)
                    seen.append((where, page["bitmap"], points, plain.shape, found, resolution, case))
                    checked += 1
    return problems, seen, checked


def self_test(binary, work):
    """The checks must reject planted errors; returns the failures of the self-test."""
    cases = {("userunit.pdf", 0, 72, "mupdf"), ("userunit.pdf", 0, 72, "pdftoppm-cropbox"),
             ("rotations.pdf", 1, 72, "pdf2image"), ("rotations.pdf", 1, 72, "pdftoppm-cropbox"),
             ("userunit.pdf", 0, 72, "ghostscript"), ("userunit.pdf", 0, 72, "pdftoppm"), ("rotations.pdf", 3, 150, "pdftoppm-cropbox"),
             ("rotations.pdf", 1, 150, "pdftoppm-cropbox"), ("boxes.pdf", 2, 150, "pdftoppm-cropbox"), ("boxes.pdf", 2, 150, "pdfium"),
             ("rotations.pdf", 1, "640x640 contain", "pdfium"), ("rotations.pdf", 1, "500x700 fill", "pdfium")}
    problems, seen, _ = run(binary, work, cases)
    failures = ["the unplanted case fails: " + p for p in problems]
    by = {s[6]: s for s in seen}
    if len(by) != len(cases):
        return failures + ["self-test: %d of %d cases rendered" % (len(by), len(cases))]

    def planted(description, case, bitmap, size=None):
        global PLANTED
        PLANTED += 1
        where, _, points, shape, found, dpi, _ = by[case]
        if not check(where, bitmap, points, size or shape, found, dpi):
            failures.append("self-test: %s was accepted" % description)

    where, b, points, shape, found, dpi, _ = by[("rotations.pdf", 3, 150, "pdftoppm-cropbox")]
    shifted = dict(b, rawToPixel=dict(b["rawToPixel"], tx=b["rawToPixel"]["tx"] + 2))
    planted("rawToPixel shifted by 2 px", ("rotations.pdf", 3, 150, "pdftoppm-cropbox"), shifted)
    wrong_inverse = dict(b, pixelToRaw=dict(b["pixelToRaw"], ty=b["pixelToRaw"]["ty"] + 4 * 72 / 150))
    planted("pixelToRaw shifted by 4 px", ("rotations.pdf", 3, 150, "pdftoppm-cropbox"), wrong_inverse)
    # Page 2 is /Rotate 90, page 4 /Rotate 270, same CropBox: the 90° bitmap for the 270° render.
    planted("the /Rotate 90 matrix for a /Rotate 270 page", ("rotations.pdf", 3, 150, "pdftoppm-cropbox"), by[("rotations.pdf", 1, 150, "pdftoppm-cropbox")][1])
    # /UserUnit 2: pdftoppm's bitmap (which ignores it) against MuPDF's render (which applies it).
    planted("pdftoppm's bitmap of a /UserUnit 2 page against MuPDF's render", ("userunit.pdf", 0, 72, "mupdf"),
            by[("userunit.pdf", 0, 72, "pdftoppm-cropbox")][1])
    # boxes.pdf page 3, CropBox [-100 -200 512 592] (612 × 792) at 150 dpi: pdfium's 1651 rows.
    planted("pdfium's 1275x1651 against pdftoppm's 1275x1650 render", ("boxes.pdf", 2, 150, "pdftoppm-cropbox"),
            by[("boxes.pdf", 2, 150, "pdfium")][1])
    # rotations.pdf page 2 (600 × 400 displayed): the 500x700 fill bitmap against the 640x640 contain render.
    planted("the fill bitmap against a contain render", ("rotations.pdf", 1, "640x640 contain", "pdfium"),
            by[("rotations.pdf", 1, "500x700 fill", "pdfium")][1])
    # The bug users hit: the CropBox bitmap (page.bitmap()'s default) held against pdf2image's
    # default render, which draws the MediaBox (rotations.pdf page 2: 700x500, not 600x400).
    planted("the CropBox bitmap against pdf2image's default (MediaBox) render", ("rotations.pdf", 1, 72, "pdf2image"),
            by[("rotations.pdf", 1, 72, "pdftoppm-cropbox")][1])
    # /UserUnit 2: pdftoppm's MediaBox bitmap (which ignores it) against Ghostscript's render (which applies it).
    planted("pdftoppm's bitmap of a /UserUnit 2 page against Ghostscript's render", ("userunit.pdf", 0, 72, "ghostscript"),
            by[("userunit.pdf", 0, 72, "pdftoppm")][1])
    return failures


def main():
    args = [a for a in sys.argv[1:] if a != "--self-test"]
    if len(args) != 1:
        print(__doc__.strip().splitlines()[0] + "\nusage: check_bitmap_placement.py PAGEINFO [--self-test]", file=sys.stderr)
        return 64
    status = oracle_deps.refuse_or_skip("check_bitmap_placement", oracle_deps.missing(("numpy", "pikepdf", "pypdfium2", "pymupdf", "pdf2image", "pdfplumber", "PIL"), ("pdftoppm", "gs")))
    if status is not None:
        return status
    with tempfile.TemporaryDirectory() as work:
        if "--self-test" in sys.argv:
            failures = self_test(args[0], work)
            for f in failures:
                print(f, file=sys.stderr)
            print("check_bitmap_placement --self-test: %s" % ("FAILED" if failures else "%d planted errors refused" % PLANTED))
            return 1 if failures else 0
        differ = ghostscript_devices_differ(os.path.join(ROOT, "Fixtures", "boxes.pdf"), 150, work)
        if differ:
            print("check_bitmap_placement: Ghostscript's %s pixels are not png16m's on boxes.pdf at 150 dpi: %s"
                  % (GHOSTSCRIPT_DEVICE, ", ".join(differ)), file=sys.stderr)
            return 1
        problems, _, checked = run(args[0], work)
    for p in problems:
        print(p, file=sys.stderr)
    print("check_bitmap_placement: %d renders (%s × %s dpi and --bitmap-size %s) of %s, %d marks each: %s; largest distance "
          "rawToPixel → centroid %.3f px, pixelToRaw(centroid) → point %.3f × 72/dpi pt"
          % (checked, "/".join(RENDERERS), "/".join(map(str, DPIS)), ", ".join("%dx%d %s" % z for z in SIZES), ", ".join(FIXTURES), len(MARKS),
             "%d problems" % len(problems) if problems else "every size, point and inverse within tolerance",
             WORST["pixels"], WORST["points"]))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
