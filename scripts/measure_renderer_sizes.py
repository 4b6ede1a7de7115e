#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Measures the pixel size each renderer, called as users call it, gives a page at D dpi.

Builds (pikepdf) one PDF of pages whose rendered box — the CropBox for some renderers, the
MediaBox for others — has displayed sizes chosen to land just above, on and just below integers
at the resolutions tried, with /Rotate 0/90/180/270, offset and negative origins and /UserUnit
0.5, 1, 1.5 and 2; half the pages have the chosen size as their CropBox inside a larger MediaBox,
half as their MediaBox around a smaller CropBox. Renders the whole file once per resolution with
each call below (defaults but for the resolution), reads the bitmaps' sizes, and reports which
rule reproduces each renderer's sizes, measured against the box it renders:

    pdftoppm            pdftoppm -r D                        (MediaBox)
    pdftoppm-cropbox    pdftoppm -r D -cropbox               (CropBox)
    pdf2image           pdf2image.convert_from_path(f, dpi=D)                     (MediaBox)
    pdf2image-cropbox   pdf2image.convert_from_path(f, dpi=D, use_cropbox=True)   (CropBox)
    ghostscript         gs -sDEVICE=png16m -rD               (MediaBox; pgmraw here, see below)
    ghostscript-cropbox gs -sDEVICE=png16m -rD -dUseCropBox  (CropBox)
    pdfium              pypdfium2 PdfPage.render(scale=D/72)  (CropBox)
    mupdf               PyMuPDF Page.get_pixmap(dpi=D)        (CropBox)
    pdfplumber          pdfplumber Page.to_image(resolution=D) (CropBox)

Ghostscript's page size comes from the device's media size and resolution, the same for every
raster device, so the sizes are read from pgmraw (no PNG decoding); check_bitmap_placement.py
renders with png16m, as users do.

    python3 scripts/measure_renderer_sizes.py [--dpi 72,150,300,97,96,75,133.3]

Needs pikepdf, pypdfium2, pymupdf, pdfplumber and pdf2image (the `.venv-oracles` of `make
oracle-deps`), pdftoppm and gs. The figures are in docs/records.md ("Bitmap") and PageGeometry's
BitmapPlacement.
"""
import argparse, glob, math, os, struct, subprocess, sys, tempfile

import pdf2image
import pdfplumber
import pikepdf
import pypdfium2 as pdfium
import pymupdf

from check_bitmap_placement import pnm

SIZES = [(10.1, 10.1), (612, 792), (595.276, 841.89), (574.625, 810.5), (100.49, 100.51),
         (100.5, 99.5), (400.0001, 599.9999), (71.99, 72.01), (333.333, 444.444), (1.1, 2.9)]

# (width, height of the chosen box, /Rotate, /UserUnit, origin, which box has the chosen size)
PAGES = []
for chosen in ("crop", "media"):
    for w, h in SIZES:
        for rot in (0, 90, 180, 270):
            PAGES.append((w, h, rot, 1, (0, 0), chosen))
    for origin in [(20, 30), (-300.25, -100.5), (10.5, 20.25)]:
        PAGES.append((574.625, 810.5, 90, 1, origin, chosen))
    for uu in (2, 0.5, 1.5):
        for rot in (0, 90):
            PAGES.append((612, 792, rot, uu, (0, 0), chosen))
            PAGES.append((100.49, 100.51, rot, uu, (-50, 25), chosen))


def boxes(w, h, origin, chosen):
    """(MediaBox, CropBox) as [x0, y0, x1, y1]: the chosen box of w × h at origin, the other
    10 pt larger on every side (a chosen CropBox) or inset by fractions of it (a chosen MediaBox)."""
    x0, y0 = origin
    if chosen == "crop":
        return [x0 - 10, y0 - 10, x0 + w + 10, y0 + h + 10], [x0, y0, x0 + w, y0 + h]
    # (At least 1 pt inside: MuPDF takes a box with a side under 1 unit for the unit square.)
    inset = [max(0.1 * w, 0), max(0.15 * h, 0), max(0.2 * w, 0), max(0.1 * h, 0)]
    if w - inset[0] - inset[2] < 1 or h - inset[1] - inset[3] < 1:
        inset = [0.05, 0.1, 0.02, 0.07]
    return [x0, y0, x0 + w, y0 + h], [x0 + inset[0], y0 + inset[1], x0 + w - inset[2], y0 + h - inset[3]]


def build(path):
    pdf = pikepdf.new()
    for w, h, rot, uu, origin, chosen in PAGES:
        media, crop = boxes(w, h, origin, chosen)
        page = pdf.add_blank_page(page_size=(612, 792))
        page.obj.MediaBox = pikepdf.Array(media)
        page.obj.CropBox = pikepdf.Array(crop)
        page.obj.Rotate = rot
        if uu != 1:
            page.obj.UserUnit = uu
    pdf.save(path)


def pnm_size(path):
    """A PGM file's width and height, read by check_bitmap_placement's reader."""
    height, width = pnm(path).shape
    return width, height


def pdftoppm_sizes(path, dpi, tmp, cropbox):
    out = os.path.join(tmp, "ppm")
    for old in glob.glob(out + "*"):
        os.remove(old)
    subprocess.run(["pdftoppm", "-r", repr(dpi)] + (["-cropbox"] if cropbox else []) + ["-gray", path, out], check=True)
    return [pnm_size(p) for p in sorted(glob.glob(out + "-*.pgm"))]


def gs_sizes(path, dpi, tmp, cropbox):
    out = os.path.join(tmp, "gs")
    for old in glob.glob(out + "*"):
        os.remove(old)
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pgmraw", "-r%s" % repr(dpi)]
                   + (["-dUseCropBox"] if cropbox else []) + ["-o", out + "-%04d.pgm", path], check=True)
    return [pnm_size(p) for p in sorted(glob.glob(out + "-*.pgm"))]


def pdf2image_sizes(path, dpi, cropbox):
    # pdf2image passes dpi to pdftoppm as text; a float is what a user passes for 133.3.
    return [im.size for im in pdf2image.convert_from_path(path, dpi=dpi, use_cropbox=cropbox, grayscale=True)]


RULES = {
    "ceil(w*D/72)": lambda w, d: math.ceil(w * d / 72),
    "ceil(w*(D/72))": lambda w, d: math.ceil(w * (d / 72)),
    "round(w*D/72)": lambda w, d: math.floor(w * d / 72 + 0.5),
    "floor(w*D/72)": lambda w, d: math.floor(w * d / 72),
    "ceil(f32(w)*(D/72))": lambda w, d: math.ceil(struct.unpack("f", struct.pack("f", w))[0] * (d / 72)),
    "round(f32(w)*D/72)": lambda w, d: math.floor(struct.unpack("f", struct.pack("f", w))[0] * d / 72 + 0.5),
    "ceil(w*D/72-0.001)": lambda w, d: math.ceil(w * d / 72 - 0.001),
    "ceil(w*(D/72)-0.001)": lambda w, d: math.ceil(w * (d / 72) - 0.001),
}

# renderer → the box it renders with its defaults
RENDERERS = {
    "pdftoppm": "media", "pdftoppm-cropbox": "crop", "pdf2image": "media", "pdf2image-cropbox": "crop",
    "ghostscript": "media", "ghostscript-cropbox": "crop", "pdfium": "crop", "mupdf": "crop", "pdfplumber": "crop",
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dpi", default="72,150,300,97,96,75,133.3")
    args = ap.parse_args()
    dpis = [float(x) for x in args.dpi.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "sizes.pdf")
        build(path)
        # The boxes as written (pikepdf writes a few decimals), not as computed above.
        with pikepdf.open(path) as pdf:
            written = [([float(v) for v in pg.obj.MediaBox], [float(v) for v in pg.obj.CropBox]) for pg in pdf.pages]
        pdoc = pdfium.PdfDocument(path)
        mdoc = pymupdf.open(path)
        plumber = pdfplumber.open(path)
        # rule → renderer → (pairs reproduced as measured, pairs reproduced with the size × /UserUnit)
        ok = {r: {e: [0, 0] for e in RENDERERS} for r in RULES}
        total = 0
        rows = []
        plumber_ok = [0]
        for d in dpis:
            got = {
                "pdftoppm": pdftoppm_sizes(path, d, tmp, False),
                "pdftoppm-cropbox": pdftoppm_sizes(path, d, tmp, True),
                "pdf2image": pdf2image_sizes(path, d, False),
                "pdf2image-cropbox": pdf2image_sizes(path, d, True),
                "ghostscript": gs_sizes(path, d, tmp, False),
                "ghostscript-cropbox": gs_sizes(path, d, tmp, True),
                "pdfium": [(lambda b: (b.width, b.height))(pdoc[i].render(scale=d / 72)) for i in range(len(PAGES))],
                "mupdf": [(lambda pm: (pm.width, pm.height))(mdoc[i].get_pixmap(dpi=int(d)) if d == int(d)
                                                            else mdoc[i].get_pixmap(matrix=pymupdf.Matrix(d / 72, d / 72)))
                          for i in range(len(PAGES))],
                "pdfplumber": [p.to_image(resolution=d).original.size for p in plumber.pages],
            }
            for engine, sizes in got.items():
                if len(sizes) != len(PAGES):
                    sys.exit("%s gave %d images for %d pages at %g dpi" % (engine, len(sizes), len(PAGES), d))
            for i, (w, h, rot, uu, origin, chosen) in enumerate(PAGES):
                media, crop = written[i]
                total += 1
                line = []
                for engine, kind in RENDERERS.items():
                    box = media if kind == "media" else crop
                    bw, bh = box[2] - box[0], box[3] - box[1]
                    dw, dh = (bh, bw) if rot in (90, 270) else (bw, bh)
                    gw, gh = got[engine][i]
                    line.append("%s %dx%d" % (engine, gw, gh))
                    if engine == "pdfplumber":
                        # pdfium's render, then cut (PageImage) to int() of the CropBox scaled by
                        # the render's width over the CropBox's width, when MediaBox ≠ CropBox.
                        pw, ph = got["pdfium"][i]
                        if media != crop:
                            top, bottom = (crop[0], crop[2]) if rot in (90, 270) else (crop[1], crop[3])
                            mbh = (media[2] - media[0]) if rot in (90, 270) else (media[3] - media[1])
                            s = pw / dw
                            pw, ph = int(dw * s), int(((mbh - top) - (mbh - bottom)) * s)
                        plumber_ok[0] += (gw, gh) == (pw, ph)
                    for r, f in RULES.items():
                        if (gw, gh) == (f(dw, d), f(dh, d)):
                            ok[r][engine][0] += 1
                        if (gw, gh) == (f(dw * uu, d), f(dh * uu, d)):
                            ok[r][engine][1] += 1
                rows.append("page %3d %s %9gx%-9g rot %3d uu %-3g @%s %6g dpi: %s" % (i, chosen, w, h, rot, uu, origin, d, "  ".join(line)))
        print("\n".join(rows))
        print("\n%d (page, dpi) pairs; pairs each rule reproduces, on the box each renderer renders "
              "(as measured / with the size × /UserUnit):" % total)
        for r, c in ok.items():
            print("  %-22s " % r + "  ".join("%s %d/%d" % (e, n[0], n[1]) for e, n in c.items()))
        print("  pdfplumber: pdfium's size, cut as PageImage cuts it: %d/%d" % (plumber_ok[0], total))


if __name__ == "__main__":
    sys.exit(main())
