#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Measures the pixel size each renderer gives a page of displayed size w×h pt at D dpi.

Builds (pikepdf) one PDF of pages whose displayed sizes are chosen to land just above, on and
just below integers at the resolutions tried, with /Rotate 0/90/180/270, offset and negative
CropBox origins and /UserUnit 1, 2 and 0.5; renders every page with `pdftoppm -r D -cropbox`,
pypdfium2 (`page.render(scale=D/72)`) and PyMuPDF (`page.get_pixmap(dpi=D)`), reads the
bitmaps' sizes, and reports which rule reproduces each renderer's sizes:

    python3 scripts/measure_renderer_sizes.py [--dpi 72,150,300,97,96,75,133.3]

Needs pikepdf, pypdfium2 and pymupdf (the `.venv-oracles` of `make oracle-deps`) and pdftoppm.
The figures are in docs/records.md ("Bitmap") and PageGeometry's BitmapPlacement.
"""
import argparse, math, os, struct, subprocess, sys, tempfile

import pikepdf
import pypdfium2 as pdfium
import pymupdf

# (CropBox width, height, /Rotate, /UserUnit, CropBox origin)
PAGES = []
for w, h in [(10.1, 10.1), (612, 792), (595.276, 841.89), (574.625, 810.5), (100.49, 100.51),
             (100.5, 99.5), (400.0001, 599.9999), (71.99, 72.01), (333.333, 444.444), (1.1, 2.9)]:
    for rot in (0, 90, 180, 270):
        PAGES.append((w, h, rot, 1, (0, 0)))
for origin in [(20, 30), (-300.25, -100.5), (10.5, 20.25)]:
    PAGES.append((574.625, 810.5, 90, 1, origin))
for uu in (2, 0.5, 1.5):
    for rot in (0, 90):
        PAGES.append((612, 792, rot, uu, (0, 0)))
        PAGES.append((100.49, 100.51, rot, uu, (-50, 25)))


def build(path):
    pdf = pikepdf.new()
    for w, h, rot, uu, (x0, y0) in PAGES:
        page = pdf.add_blank_page(page_size=(612, 792))
        page.obj.MediaBox = pikepdf.Array([x0 - 10, y0 - 10, x0 + w + 10, y0 + h + 10])
        page.obj.CropBox = pikepdf.Array([x0, y0, x0 + w, y0 + h])
        page.obj.Rotate = rot
        if uu != 1:
            page.obj.UserUnit = uu
    pdf.save(path)


def pdftoppm_size(path, index, dpi, tmp):
    out = os.path.join(tmp, "p")
    subprocess.run(["pdftoppm", "-r", repr(dpi), "-cropbox", "-f", str(index + 1), "-l", str(index + 1),
                    "-singlefile", "-gray", path, out], check=True)
    with open(out + ".pgm", "rb") as f:
        head = f.read(64).split()
    return int(head[1]), int(head[2])


RULES = {
    "ceil(w*D/72)": lambda w, d: math.ceil(w * d / 72),
    "ceil(w*(D/72))": lambda w, d: math.ceil(w * (d / 72)),
    "round(w*D/72)": lambda w, d: math.floor(w * d / 72 + 0.5),
    "floor(w*D/72)": lambda w, d: math.floor(w * d / 72),
    "ceil(f32(w)*(D/72))": lambda w, d: math.ceil(struct.unpack("f", struct.pack("f", w))[0] * (d / 72)),
    "ceil(w*D/72-0.001)": lambda w, d: math.ceil(w * d / 72 - 0.001),
    "ceil(w*(D/72)-0.001)": lambda w, d: math.ceil(w * (d / 72) - 0.001),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dpi", default="72,150,300,97,96,75,133.3")
    args = ap.parse_args()
    dpis = [float(x) for x in args.dpi.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "sizes.pdf")
        build(path)
        pdoc = pdfium.PdfDocument(path)
        mdoc = pymupdf.open(path)
        ok = {r: {"pdftoppm": 0, "pdfium": 0, "mupdf": 0} for r in RULES}
        total = 0
        rows = []
        for i, (w, h, rot, uu, origin) in enumerate(PAGES):
            dw, dh = (h, w) if rot in (90, 270) else (w, h)
            for d in dpis:
                total += 1
                got = {
                    "pdftoppm": pdftoppm_size(path, i, d, tmp),
                    "pdfium": (lambda b: (b.width, b.height))(pdoc[i].render(scale=d / 72)),
                    "mupdf": (lambda pm: (pm.width, pm.height))(mdoc[i].get_pixmap(dpi=int(d)) if d == int(d)
                                                              else mdoc[i].get_pixmap(matrix=pymupdf.Matrix(d / 72, d / 72))),
                }
                rows.append((i, dw, dh, rot, uu, origin, d, got))
                for r, f in RULES.items():
                    for eng, (gw, gh) in got.items():
                        scale = uu if (eng == "mupdf") else 1
                        if (gw, gh) == (f(dw * scale, d), f(dh * scale, d)):
                            ok[r][eng] += 1
        for row in rows:
            i, dw, dh, rot, uu, origin, d, got = row
            print(f"page {i:2} {dw:>9}x{dh:<9} rot {rot:3} uu {uu:<3} crop@{origin} {d:>6} dpi: "
                  + "  ".join(f"{e} {g[0]}x{g[1]}" for e, g in got.items()))
        print(f"\n{total} (page, dpi) pairs; pairs each rule reproduces (mupdf: size × /UserUnit):")
        for r, c in ok.items():
            print(f"  {r:24} " + "  ".join(f"{e} {n}/{total}" for e, n in c.items()))


if __name__ == "__main__":
    sys.exit(main())
