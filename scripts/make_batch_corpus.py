#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate a folder of PDFs for batch-mode tests and benchmarks.

Usage: python3 scripts/make_batch_corpus.py OUTDIR [--count N] [--hostile]

  good-NNNNN.pdf   N small, valid PDFs (default 20) of 1 to 4 pages with varied
                   geometry (9 page sizes, all quarter-turn rotations, some
                   CropBoxes and TrimBoxes), deterministic: file i always has the
                   same bytes.
  expected.json    the golden derived from how each good file was built:
                   {"good-00000.pdf": [[mediaW, mediaH, rotation], ...], ...}
                   (one entry per page, the MediaBox size and the normalized
                   /Rotate), independent of any PDF reader.

With --hostile, also (the names are part of the test):
  deep-labels.pdf        a valid 1-page PDF whose /PageLabels number tree is
                         100,000 /Kids levels deep (recursion in a reader that
                         walks it naively overflows the stack);
  damaged.pdf            a %PDF- header followed by garbage (no xref, no objects);
  not-a-pdf.pdf          plain text;
  name with spaces.pdf   a good 1-page PDF;
  NL files need -0:      "new\\nline.pdf" (a newline in the name), a good PDF;
  b"bad-\\xff\\xfe.pdf"   a good PDF whose name is not valid UTF-8;
  a-directory.pdf/       a directory whose name ends in .pdf;
  sub/nested-good.pdf    a good PDF one level down (for -r).
"""

import json
import os
import sys

sys.dont_write_bytecode = True  # keep scripts/ free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pdfgen  # noqa: E402
from pdfgen import Name, Page, Pages  # noqa: E402

SIZES = [(612, 792), (595.276, 841.89), (841.89, 1190.551), (1190.551, 841.89),
         (419.528, 595.276), (612, 1008), (792, 1224), (200, 1400), (72, 48)]
ROTATIONS = [0, 90, 180, 270, -90, 450]


def good_pages(i):
    """The pages of good file i: a list of (w, h, rotate_as_written, attrs)."""
    count = 1 + i % 4
    pages = []
    for k in range(count):
        w, h = SIZES[(i * 7 + k) % len(SIZES)]
        rot = ROTATIONS[(i + 3 * k) % len(ROTATIONS)]
        attrs = {"MediaBox": [0, 0, w, h], "Rotate": rot}
        if (i + k) % 3 == 1:
            attrs["CropBox"] = [10, 10, round(w - 10, 3), round(h - 10, 3)]
        if (i + k) % 5 == 2:
            attrs["TrimBox"] = [20, 20, round(w - 20, 3), round(h - 20, 3)]
        pages.append((w, h, rot, attrs))
    return pages


def write_good(path, i):
    pages = good_pages(i)
    root = Pages([Page(a) for (_, _, _, a) in pages])
    with open(path, "wb") as f:
        pdfgen.write_document(f, root, seed="batch-%d" % i)
    return [[w, h, rot % 360] for (w, h, rot, _) in pages]


def write_deep_labels(path, depth=100_000):
    w = pdfgen.Writer(open(path, "wb"), pdfgen.file_id_for("deep-labels"))
    catalog = w.alloc()
    pages = w.alloc()
    page = w.alloc()
    refs = [w.alloc() for _ in range(depth)]
    w.write(pages, {"Type": Name("Pages"), "Kids": [page], "Count": 1})
    w.write(page, {"Type": Name("Page"), "Parent": pages, "MediaBox": [0, 0, 612, 792]})
    for n, ref in enumerate(refs):
        if n + 1 < depth:
            w.write(ref, {"Kids": [refs[n + 1]]})
        else:
            w.write(ref, {"Nums": [0, {"S": Name("D")}]})
    w.write(catalog, {"Type": Name("Catalog"), "Pages": pages, "PageLabels": refs[0]})
    w.finish(catalog)
    w.f.close()


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    out = args[0]
    count = 20
    if "--count" in args:
        count = int(args[args.index("--count") + 1])
    hostile = "--hostile" in args
    os.makedirs(out, exist_ok=True)
    expected = {}
    for i in range(count):
        name = "good-%05d.pdf" % i
        expected[name] = write_good(os.path.join(out, name), i)
    if hostile:
        write_deep_labels(os.path.join(out, "deep-labels.pdf"))
        with open(os.path.join(out, "damaged.pdf"), "wb") as f:
            f.write(b"%PDF-1.7\n" + b"this is not a PDF body\n" * 20)
        with open(os.path.join(out, "not-a-pdf.pdf"), "wb") as f:
            f.write(b"just text\n")
        for name, i in [("name with spaces.pdf", 1001), ("new\nline.pdf", 1002)]:
            expected[name] = write_good(os.path.join(out, name), i)
        raw = os.path.join(os.fsencode(out), b"bad-\xff\xfe.pdf")
        expected["bad-<ff><fe>.pdf"] = write_good(raw, 1003)  # key: invalid bytes as <xx>
        os.makedirs(os.path.join(out, "a-directory.pdf"), exist_ok=True)
        os.makedirs(os.path.join(out, "sub"), exist_ok=True)
        expected["sub/nested-good.pdf"] = write_good(os.path.join(out, "sub", "nested-good.pdf"), 1004)
    with open(os.path.join(out, "expected.json"), "w") as f:
        json.dump(expected, f, indent=0, sort_keys=True)


if __name__ == "__main__":
    main()
