#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate large, deterministic PDFs for benchmarks.

Usage: python3 scripts/make_bench_pdfs.py OUTDIR

  bench-15k-flat.pdf  15,000 pages, every page states its own MediaBox,
                      CropBox (when it has one) and Rotate; pages are kids of
                      balanced /Pages nodes of 50 kids (15000 -> 300 -> 6 -> 1).
  bench-15k-deep.pdf  the same 15,000 pages' geometry in a deep tree (fanout 3,
                      9 levels of /Pages nodes) where MediaBox, CropBox and
                      Rotate are hoisted to the /Pages nodes (majority value
                      per node) and only the differing kids override them.
  bench-100k.pdf      100,000 pages, same mix, flat tree of 50 kids per node.
  bench-15k-annots.pdf  15,000 pages of the same geometry, each with two links (a URI with
                      /QuadPoints, and a GoTo to the next page, /XYZ) and one text-field widget
                      with an appearance: 45,000 annotations (scripts/bench_annotations.py).

Mix: 9 page sizes (Letter ... a tiny 72x48), Rotate 0/90/180/270/-90/450/360,
CropBoxes offset from the origin, some MediaBoxes not at the origin,
Bleed/Trim/ArtBox on some pages, /PageLabels with a few ranges. All pages
share one small content stream. Objects are streamed to the file as they
are produced.
"""

import os
import sys
import time
from collections import Counter

sys.dont_write_bytecode = True  # keep scripts/ free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pdfgen  # noqa: E402
from pdfgen import Name, Page, Pages  # noqa: E402

SIZES = [(612, 792), (595.276, 841.89), (841.89, 1190.551), (1190.551, 841.89),
         (419.528, 595.276), (612, 1008), (792, 1224), (200, 1400), (72, 48)]
ORIGINS = [(0, 0), (0, 0), (-100, -50), (0, 0), (25.5, 30)]
ROTATIONS = [0, 90, 180, 270, -90, 0, 450, 360]
CROP_INSET = [0, 0.02, 0.05, 0.1]  # fraction of the page size; 0 = no CropBox

FONT = {"Font": {"F1": {"Type": Name("Font"), "Subtype": Name("Type1"),
                        "BaseFont": Name("Helvetica")}}}
CONTENT = pdfgen.Stream(b"q 0.8 0.2 0.2 rg 10 10 20 20 re f Q\n"
                        b"BT /F1 10 Tf 36 14 Td (pageinfo bench) Tj ET\n")


def r3(v):
    return round(v, 3)


def geometry(i):
    """Raw attributes of page i. CropBox None = no CropBox (defaults to MediaBox)."""
    w, h = SIZES[(i // 97) % len(SIZES)]
    ox, oy = ORIGINS[(i // 211) % len(ORIGINS)]
    media = (ox, oy, r3(ox + w), r3(oy + h))
    f = CROP_INSET[(i // 17) % len(CROP_INSET)]
    crop = None
    if f:
        crop = (r3(ox + w * f), r3(oy + h * f * 1.5), r3(ox + w * (1 - f)), r3(oy + h * (1 - f)))
    g = {"MediaBox": media, "CropBox": crop, "Rotate": ROTATIONS[(i // 31) % len(ROTATIONS)]}
    if i % 7 == 3:
        g["TrimBox"] = (r3(ox + w * 0.08), r3(oy + h * 0.08), r3(ox + w * 0.92), r3(oy + h * 0.92))
    if i % 11 == 5:  # extends 9pt beyond the MediaBox: readers clip it
        g["BleedBox"] = (ox - 9, oy - 9, r3(ox + w + 9), r3(oy + h + 9))
    if i % 13 == 0:
        g["ArtBox"] = (r3(ox + w * 0.25), r3(oy + h * 0.25), r3(ox + w * 0.75), r3(oy + h * 0.75))
    return g


def flat_page(i):
    g = geometry(i)
    attrs = {k: (list(v) if isinstance(v, tuple) else v) for k, v in g.items() if v is not None}
    return Page(attrs, contents=CONTENT)


INHERITABLE = ("MediaBox", "CropBox", "Rotate")


def deep_tree(n, fanout=3):
    """Balanced tree of small fanout, then hoist inheritable values upward.

    Every node ends up holding the majority value of its kids for each
    inheritable key; kids whose value equals it drop theirs. A page without
    CropBox is given its MediaBox as explicit CropBox (same meaning), so an
    ancestor's CropBox can never leak into it.
    """
    leaves = []
    for i in range(n):
        g = geometry(i)
        if g["CropBox"] is None:
            g["CropBox"] = g["MediaBox"]
        leaves.append(Page(g, contents=CONTENT))
    level = leaves
    while len(level) > 1:
        parents = []
        for j in range(0, len(level), fanout):
            kids = level[j:j + fanout]
            node = Pages(kids)
            for key in INHERITABLE:
                value = Counter(k.attrs[key] for k in kids).most_common(1)[0][0]
                node.attrs[key] = value
                for k in kids:
                    if k.attrs[key] == value:
                        del k.attrs[key]
            parents.append(node)
        level = parents
    root = level[0]

    def to_lists(node):  # tuples were handy as Counter keys; PDF arrays are lists
        node.attrs = {k: (list(v) if isinstance(v, tuple) else v) for k, v in node.attrs.items()}
        for kid in getattr(node, "kids", ()):
            to_lists(kid)

    to_lists(root)
    return root


def depth(node):
    return 0 if isinstance(node, Page) else 1 + max(depth(k) for k in node.kids)


LABELS_15K = [(0, "r", None, None), (12, "D", None, 1), (10012, "D", "App-", 1),
              (14000, "A", None, None)]
LABELS_100K = [(0, "r", None, None), (20, "D", None, 1), (90000, "D", "X-", 1)]


def write(outdir, name, root, labels):
    root.attrs["Resources"] = FONT
    path = os.path.join(outdir, name)
    t0 = time.perf_counter()
    with open(path, "wb", buffering=1 << 20) as f:
        size = pdfgen.write_document(f, root, seed=name, labels=labels)
    print("%-32s %7d pages  depth %2d  %6.1f MB  %.2fs" % (
        path, pdfgen.count_pages(root), depth(root), size / 1e6, time.perf_counter() - t0))


def write_annotated(outdir, name="bench-15k-annots.pdf", n=15000, fanout=50):
    """The annotated file: pages and their annotations written object by object (each GoTo
    names the next page's object), under /Pages nodes of `fanout` kids."""
    path = os.path.join(outdir, name)
    t0 = time.perf_counter()
    with open(path, "wb", buffering=1 << 20) as f:
        w = pdfgen.Writer(f, pdfgen.file_id_for(name))
        catalog, root = w.alloc(), w.alloc()
        pages = [w.alloc() for _ in range(n)]
        content = w.add(CONTENT)
        form = w.add(pdfgen.Stream(b"0 0 1 rg 0 0 100 20 re f\n",
                                   {"Type": Name("XObject"), "Subtype": Name("Form"), "BBox": [0, 0, 100, 20]}))
        nodes = [pages[i:i + fanout] for i in range(0, n, fanout)]
        node_refs = [w.alloc() for _ in nodes]
        fields = []
        for k, (node_ref, kids) in enumerate(zip(node_refs, nodes)):
            for j, ref in enumerate(kids):
                i = k * fanout + j
                g = geometry(i)
                x, y = g["MediaBox"][0] + 20, g["MediaBox"][1] + 20
                uri = w.add({"Type": Name("Annot"), "Subtype": Name("Link"), "Rect": [x, y, x + 60, y + 12], "Border": [0, 0, 0],
                             "QuadPoints": [x, y + 12, x + 60, y + 12, x, y, x + 60, y],
                             "A": {"S": Name("URI"), "URI": pdfgen.PDFString(b"https://example.org/%d" % i)}})
                goto = w.add({"Type": Name("Annot"), "Subtype": Name("Link"), "Rect": [x, y + 20, x + 60, y + 32], "Border": [0, 0, 0],
                              "Dest": [pages[(i + 1) % n], Name("XYZ"), 0, 0, None]})
                widget = w.add({"Type": Name("Annot"), "Subtype": Name("Widget"), "Rect": [x, y + 40, x + 100, y + 60], "F": 4,
                                "FT": Name("Tx"), "T": "field%d" % i, "AP": {"N": form}, "P": ref})
                fields.append(widget)
                attrs = {k2: (list(v) if isinstance(v, tuple) else v) for k2, v in g.items() if v is not None}
                w.write(ref, dict(attrs, Type=Name("Page"), Parent=node_ref, Contents=content, Annots=[uri, goto, widget]))
            w.write(node_ref, {"Type": Name("Pages"), "Parent": root, "Kids": kids, "Count": len(kids)})
        w.write(root, {"Type": Name("Pages"), "Kids": node_refs, "Count": n, "Resources": FONT})
        w.write(catalog, {"Type": Name("Catalog"), "Pages": root, "AcroForm": {"Fields": fields}})
        w.finish(catalog)
        size = w.pos
    print("%-32s %7d pages  %d annotations  %6.1f MB  %.2fs" % (path, n, 3 * n, size / 1e6, time.perf_counter() - t0))


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2])
        return 2
    outdir = argv[1]
    os.makedirs(outdir, exist_ok=True)
    write(outdir, "bench-15k-flat.pdf",
          pdfgen.balanced_tree([flat_page(i) for i in range(15000)], 50), LABELS_15K)
    write(outdir, "bench-15k-deep.pdf", deep_tree(15000), LABELS_15K)
    write(outdir, "bench-100k.pdf",
          pdfgen.balanced_tree([flat_page(i) for i in range(100000)], 50), LABELS_100K)
    write_annotated(outdir)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
