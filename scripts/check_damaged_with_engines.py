#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the damaged fixtures whose golden file lists engines under "confirmedBy" against those
engines: pdfium (through pypdfium2) and MuPDF (through PyMuPDF) must find the golden's pages, with
its rotation and CropBox. Such a golden states what two independent engines read from a file that
pageinfo recovers (object streams with broken entries), so that pageinfo's answer is not
checked against itself alone.

Usage: python check_damaged_with_engines.py [FIXTURE_DIR]   (default: Fixtures/damaged/)
       python check_damaged_with_engines.py --self-test     (a golden changed three ways is refused)
Run by `make test` with the interpreter of the venv the Makefile creates ($(ORACLE_VENV)); exits 1
naming every difference, 2 when an engine cannot be imported (never a silent pass).
"""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOLERANCE = 0.01  # points


def pdfium_pages(path):
    """(rotation, [x0, y0, x1, y1]) of each page as pdfium reads it: FPDF_GetPageBoundingBox, the
    CropBox (inherited, clipped to the MediaBox) in raw PDF space."""
    import pypdfium2
    doc = pypdfium2.PdfDocument(path)
    try:
        return [(doc[i].get_rotation(), list(doc[i].get_bbox())) for i in range(len(doc))]
    finally:
        doc.close()


def mupdf_pages(path):
    """The same from MuPDF. PyMuPDF gives the CropBox in its own unrotated space, y down from the
    MediaBox's top edge: raw y = mediabox.y1 - y."""
    import pymupdf
    doc = pymupdf.open(path)
    try:
        pages = []
        for page in doc:
            media, crop = page.mediabox, page.cropbox
            pages.append((page.rotation, [crop.x0, media.y1 - crop.y1, crop.x1, media.y1 - crop.y0]))
        return pages
    finally:
        doc.close()


READERS = {"pdfium": pdfium_pages, "mupdf": mupdf_pages}


def differences(golden, path):
    """Every way the engines' reading differs from the golden, as lines."""
    out = []
    expected = [p for p in golden["pages"] if "error" not in p]
    for engine in golden["confirmedBy"]:
        try:
            pages = READERS[engine](path)
        except Exception as error:  # an engine that cannot open the file disagrees
            out.append("%s: %s cannot read it: %s" % (golden["file"], engine, error))
            continue
        if len(pages) != golden["pageCount"]:
            out.append("%s: %s finds %d pages, the golden %s" % (golden["file"], engine, len(pages), golden["pageCount"]))
            continue
        for p in expected:
            rotation, (x0, y0, x1, y1) = pages[p["index"]]
            x, y, w, h = p["cropBox"]
            got = [x0, y0, x1 - x0, y1 - y0]
            if rotation != p["rotation"] or any(abs(a - b) > TOLERANCE for a, b in zip(got, (x, y, w, h))):
                out.append("%s page %d: %s reads rotation %d, CropBox %s; the golden %d, %s"
                           % (golden["file"], p["index"] + 1, engine, rotation, got, p["rotation"], [x, y, w, h]))
    return out


def self_test():
    """Copies one confirmed fixture into a scratch folder with its golden changed (rotation, CropBox,
    page count) and checks that each change is reported."""
    import shutil
    import tempfile
    source = os.path.join(ROOT, "Fixtures", "damaged")
    with open(os.path.join(source, "objstm-catalog-found-self.golden.json")) as f:
        golden = json.load(f)
    changes = [("rotation", lambda g: g["pages"][0].update(rotation=90)),
               ("CropBox", lambda g: g["pages"][0]["cropBox"].__setitem__(1, 20.5)),
               ("page count", lambda g: g.update(pageCount=2))]
    failures = 0
    for what, change in changes:
        changed = json.loads(json.dumps(golden))
        change(changed)
        with tempfile.TemporaryDirectory() as scratch:
            shutil.copy(os.path.join(source, golden["file"]), scratch)
            found = differences(changed, os.path.join(scratch, golden["file"]))
        if len(found) != len(changed["confirmedBy"]):
            print("self-test: a changed %s gave %d differences, expected one per engine: %s" % (what, len(found), found))
            failures += 1
    print("check_damaged_with_engines --self-test: %d of %d changes caught" % (len(changes) - failures, len(changes)))
    return 1 if failures else 0


def main(argv):
    folder = argv[1] if len(argv) > 1 else os.path.join(ROOT, "Fixtures", "damaged")
    try:
        import pymupdf  # noqa: F401
        import pypdfium2  # noqa: F401
    except ImportError as error:
        print("check_damaged_with_engines: %s (run it with the interpreter of the venv `make test` "
              "creates, .venv-oracles/bin/python)" % error, file=sys.stderr)
        return 2
    if folder == "--self-test":
        return self_test()
    goldens = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".golden.json"):
            with open(os.path.join(folder, name)) as f:
                golden = json.load(f)
            if golden.get("confirmedBy"):
                goldens.append(golden)
    if not goldens:
        print("check_damaged_with_engines: no golden in %s lists confirmedBy" % folder, file=sys.stderr)
        return 1
    problems = []
    for golden in goldens:
        problems += differences(golden, os.path.join(folder, golden["file"]))
    for line in problems:
        print(line)
    print("check_damaged_with_engines: %d fixtures, %d differences (pdfium %s, PyMuPDF %s)"
          % (len(goldens), len(problems), __import__("pypdfium2").PDFIUM_INFO, __import__("pymupdf").VersionBind))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
