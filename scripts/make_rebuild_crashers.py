#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Write the two crafted inputs of Fixtures/crashers/ whose cross-reference table opens cleanly
but is rebuilt by Poppler in the middle of a read (Fuzz/findings/README.md):

- reader-clean-table-rebuilt-mid-walk-second-walk.pdf: the table's entry for object 4 points at
  object 5, and object 3 (a page, where the table says) is defined a second time further on, as
  a Pages node over two more pages. The first walk reads 3 from the table, then its fetch of 4
  fails and Poppler rebuilds the table, which takes the later definition of 3: a second walk
  (`--pages 1-,2-`) read 4 positions, `--pages 2-` alone 3.
- reader-clean-table-rebuilt-by-mediabox-fetch-info-count.pdf: page 3's /MediaBox is object 8,
  whose entry points at object 9; object 9 (a page) is defined again further on as a Pages node
  over two pages. `pages` reads the box, so Poppler rebuilt the table before it read 9 (3
  pages); `info` reads no box, no rebuild (2 pages).

Deterministic: commit what it writes (`make fixtures`).

Usage: python3 scripts/make_rebuild_crashers.py [OUTDIR]   (default: Fixtures/crashers/)
"""
import sys
from pathlib import Path

OUT = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "Fixtures" / "crashers"
OUT.mkdir(parents=True, exist_ok=True)


def pdf(objects, table, size):
    """objects: (number, body) in file order (a number may come twice); table: number -> the
    index in `objects` of the definition its entry points at, or None for a free entry."""
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for num, body in objects:
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (num, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    for num in range(1, size):
        at = table.get(num)
        out += b"0000000000 00000 f \n" if at is None else b"%010d 00000 n \n" % offsets[at]
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, xref)
    return bytes(out)


def page(parent, box):
    return b"<< /Type /Page /Parent %d 0 R /MediaBox %s >>" % (parent, box)


second_walk = pdf([
    (1, b"<< /Type /Catalog /Pages 2 0 R >>"),
    (2, b"<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>"),
    (3, page(2, b"[0 0 100 100]")),
    (4, page(2, b"[0 0 200 200]")),
    (5, page(2, b"[0 0 300 300]")),
    (6, page(3, b"[0 0 600 600]")),
    (7, page(3, b"[0 0 700 700]")),
    (3, b"<< /Type /Pages /Parent 2 0 R /Kids [6 0 R 7 0 R] /Count 2 >>"),
], {1: 0, 2: 1, 3: 2, 4: 4, 5: 4, 6: 5, 7: 6}, 8)  # 4: object 5's offset

info_count = pdf([
    (1, b"<< /Type /Catalog /Pages 2 0 R >>"),
    (2, b"<< /Type /Pages /Kids [3 0 R 9 0 R] /Count 2 >>"),
    (3, b"<< /Type /Page /Parent 2 0 R /MediaBox 8 0 R >>"),
    (8, b"[0 0 100 100]"),
    (9, page(2, b"[0 0 200 200]")),
    (6, page(9, b"[0 0 600 600]")),
    (7, page(9, b"[0 0 700 700]")),
    (9, b"<< /Type /Pages /Parent 2 0 R /Kids [6 0 R 7 0 R] /Count 2 >>"),
], {1: 0, 2: 1, 3: 2, 6: 5, 7: 6, 8: 4, 9: 4}, 10)  # 8: object 9's offset

(OUT / "reader-clean-table-rebuilt-mid-walk-second-walk.pdf").write_bytes(second_walk)
(OUT / "reader-clean-table-rebuilt-by-mediabox-fetch-info-count.pdf").write_bytes(info_count)
