# SPDX-License-Identifier: Apache-2.0
"""page.convert between the libraries' frames, raw PDF space and pixels, against what each
library reports. scripts/check_frames.py (make check-frames) draws glyphs and rectangles at
known raw points on generated pages (/Rotate 0/90/180/270 and odd values, offset CropBoxes,
negative MediaBox origins, /UserUnit 0.5 and 2) and asks PyMuPDF, pdfplumber, pdfminer.six,
pypdfium2 and pypdf where they see them; its pages and observers are used here. Through the
Python API:
  - convert(seen, src=library, dst="pdf") lands on the drawn raw box within 0.5 pt;
  - convert(seen, src=library, dst="pixels", dpi=150) equals bitmap(150).to_pixels(drawn box)
    within 0.5 pt × 150/72 (so the composition library → raw → pixels is right, and the
    renderer truth of test_bitmaps.py carries over to the library's boxes);
  - convert(pixels, src="pixels", dst=library) comes back to the library's own numbers.
The expected differences check_frames.py names for these APIs are left out here: pdfminer.six
and pdfplumber on a MediaBox written with reversed corners (pages with a reversed MediaBox are
not generated), and docling-parse on a /Rotate that is not a multiple of 90 (it turns the page
by the angle itself)."""

import math
import os

import pytest

from conftest import need

import pdf_pageinfo

API_KINDS = ("glyph", "rect")
DPI = 150


@pytest.fixture(scope="module")
def observed(tmp_path_factory):
    for module in ("pikepdf", "pymupdf", "pdfplumber", "pdfminer", "pypdfium2", "pypdf", "docling_parse"):
        need(module)
    import check_frames
    work = str(tmp_path_factory.mktemp("frames"))
    prepared = check_frames.prepare(pdf_pageinfo.executable(), work, [])
    prepared = [p for p in prepared if not p[3]]          # no reversed MediaBox
    return check_frames, prepared, check_frames.observe(prepared)


def test_library_boxes_convert_to_the_drawn_marks(observed):
    check_frames, prepared, seen = observed
    checked = 0
    for name, path, records, _ in prepared:
        with pdf_pageinfo.open(path) as doc:
            for page, record in zip(doc.pages, records):
                glyphs, rects = check_frames.marks(record["cropBox"])
                bitmap = page.bitmap(dpi=DPI)
                for library in check_frames.LIBRARIES:
                    if library.startswith("docling") and page.rotation_raw % 90:
                        continue
                    for api, items in seen[name][library][page.index].items():
                        if not isinstance(items, list) or api == "rotated":
                            continue
                        for kind in API_KINDS:
                            mine = sorted((it for it in items if it[0] == kind), key=lambda it: it[1])
                            wanted = check_frames.expected_items(glyphs, rects, kind)
                            if not mine:
                                continue
                            assert len(mine) == len(wanted), (name, page.number, api, kind)
                            for (_, box), (_, _, reported) in zip(wanted, mine):
                                where = (name, page.number, api, kind, reported)
                                raw = page.convert(reported, src=library, dst="pdf")
                                assert max(abs(a - b) for a, b in zip(raw, box)) <= 0.5, where
                                pixels = page.convert(reported, src=library, dst="pixels", dpi=DPI)
                                truth = bitmap.to_pixels(box)
                                assert max(abs(a - b) for a, b in zip(pixels, truth)) <= 0.5 * DPI / 72, where
                                back = page.convert(pixels, src="pixels", dst=library, dpi=DPI)
                                assert back == pytest.approx(tuple(reported), abs=1e-6), where
                                checked += 1
    assert checked > 1000   # 27 pages × the libraries' glyph and rectangle APIs


def test_frame_matrices_compose():
    path = os.path.join(os.path.dirname(__file__), "..", "..", "Fixtures", "rotations.pdf")
    with pdf_pageinfo.open(path) as doc:
        page = doc.pages[1]
        for library in pdf_pageinfo.FRAMES:
            if library in pdf_pageinfo.IMAGE_FRAMES:
                continue
            there = page.matrix("pdf", library)
            back = page.matrix(library, "pdf")
            # (Python inverts frameToRaw for raw → frame, so the ratios and inches, whose
            # rawToFrame 9 decimals would cut short, round-trip as exactly as the others.)
            for point in [(20, 30), (420, 630), (100.5, 200.25)]:
                assert back.apply(there.apply(point)) == pytest.approx(point, abs=1e-9)
        # The records' rawToFrame is frameToRaw's inverse to their 9 decimals (which Python's
        # raw → frame, the inverse itself, does not depend on).
        import json
        import subprocess
        out = subprocess.run([pdf_pageinfo.executable(), "pages", "--format", "jsonl", "--frames", "all", "--dpi", "150",
                              "--pages", "2", path], check=True, capture_output=True, text=True).stdout
        record = json.loads(out.splitlines()[0])
        pairs = [(f["rawToFrame"], f["frameToRaw"]) for f in record["frames"].values()]
        pairs.append((record["bitmap"]["rawToNormalized"], record["bitmap"]["normalizedToRaw"]))
        for forward, back in pairs:
            inverse = pdf_pageinfo.Matrix(*(back[k] for k in ("a", "b", "c", "d", "tx", "ty"))).inverse()
            for k, v in zip(("a", "b", "c", "d", "tx", "ty"), inverse):
                assert abs(forward[k] - v) <= 1e-8 * max(1, abs(v)), (k, forward, back)
        # A library frame to itself is the identity.
        assert page.convert((10, 20), src="pymupdf", dst="pymupdf") == pytest.approx((10, 20))
        assert math.isclose(page.matrix("page", "pdf").apply((0, 400))[0], 20)
