# SPDX-License-Identifier: Apache-2.0
"""page.bitmap(): renderer truth through the Python API. Marks are drawn at chosen raw points
(pikepdf), the page is rendered by pdftoppm -cropbox, pdf2image with its defaults (the MediaBox),
pdfium (pypdfium2) and MuPDF (PyMuPDF) at 72 and
150 dpi, and each mark's centroid is found in the difference from the unmarked render
(scripts/check_bitmap_placement.py's drawing, rendering and centroid code, shared). to_pixels
must land within 1 px of it, to_pdf of the centroid within 72/dpi pt of the point, the pixel
size must be the render's. Pages: /Rotate 0/90/180/270 with an offset CropBox (rotations.pdf),
a negative MediaBox origin (boxes.pdf), /UserUnit ≠ 1 (userunit.pdf)."""

import math
import os

import pytest

from conftest import CORPUS, corpus_manifest, fixture, need

import pdf_pageinfo

# pdfinfo clips a CropBox disjoint from the MediaBox to nothing; the spec's intersection is
# empty and the CropBox is the MediaBox (Tests/PageInfoPopplerTests/CorpusTests.swift).
DELIBERATE = {("pdfjs-boundingBox_invalid.pdf", 2)}
CASES = [("rotations.pdf", [0, 1, 2, 3]), ("boxes.pdf", None), ("userunit.pdf", None)]
# What this proves is that the Python API applies the matrices the records carry, at 72 dpi and
# at a scale; the records' own 300-dpi numbers are scripts/check_bitmap_placement.py's (make
# check-bitmaps), whose fractional-origin and whole-number-width cases need that resolution.
DPIS = [72, 150]


@pytest.fixture(scope="module")
def marked(tmp_path_factory):
    need("pikepdf"), need("numpy")
    import check_bitmap_placement as oracle
    work = tmp_path_factory.mktemp("marks")
    made = {}
    for name, indices in CASES:
        with pdf_pageinfo.open(fixture(name)) as doc:
            pages = [p for p in doc.pages if indices is None or p.index in indices]
            points = {p.index: oracle.raw_points(p.crop_box.as_record()) for p in pages}
        target = str(work / name)
        oracle.mark(fixture(name), target, points)
        made[name] = (target, points)
    return oracle, str(work), made


@pytest.mark.parametrize("renderer", ["pdftoppm-cropbox", "pdf2image", "pdfium", "mupdf"])
@pytest.mark.parametrize("dpi", DPIS)
def test_marks_land_where_to_pixels_says(marked, renderer, dpi):
    need("pypdfium2"), need("pymupdf")
    oracle, work, made = marked
    checked = 0
    for name, (target, points) in made.items():
        with pdf_pageinfo.open(fixture(name)) as doc:
            for index, raw in points.items():
                bitmap = doc.pages[index].bitmap(dpi=dpi, renderer=renderer)
                plain = oracle.render(renderer, fixture(name), index, dpi, work)
                drawn = oracle.render(renderer, target, index, dpi, work)
                assert plain.shape == (bitmap.height, bitmap.width), (name, index, renderer)
                found = [centre for _, centre in oracle.squares(plain, drawn)]
                # The marks differ in size: match them by area order (smallest first).
                expected = [bitmap.to_pixels((x, y)) for x, y, _ in sorted(raw, key=lambda m: m[2])]
                assert len(found) == len(expected), (name, index, renderer, dpi)
                for want, got in zip(expected, found):
                    assert math.dist(want, got) <= 1.0, (name, index, renderer, dpi, want, got)
                    back = bitmap.to_pdf(got)
                    point = bitmap.to_pdf(want)
                    assert math.dist(back, point) <= 72 / dpi, (name, index, renderer, dpi)
                    checked += 1
    assert checked >= 3 * 7


def test_pdf2image_defaults_as_users_call_it():
    """pdf2image.convert_from_path(path, dpi=72), nothing else set, on rotations.pdf page 2
    (MediaBox 500 x 700, CropBox [20 30 420 630], /Rotate 90): a 700 x 500 image (the MediaBox,
    turned), which renderer="pdf2image" describes, the page at (30, 20) inside it; the default
    bitmap is the 600 x 400 page."""
    need("pdf2image")
    import pdf2image
    image = pdf2image.convert_from_path(fixture("rotations.pdf"), dpi=72, first_page=2, last_page=2)[0]
    assert image.size == (700, 500)
    with pdf_pageinfo.open(fixture("rotations.pdf")) as doc:
        page = doc.pages[1]
        bitmap = page.bitmap(dpi=72, renderer="pdf2image")
        assert bitmap.size == image.size and bitmap.rendered_box == "mediaBox"
        assert bitmap.page_frame.rect == pytest.approx((30, 20, 630, 420))
        # The CropBox's top-left corner as displayed (raw (20, 30) on a /Rotate 90 page) is there.
        assert bitmap.to_pixels((20, 30)) == pytest.approx((30, 20))
        assert page.bitmap(dpi=72).size == (600, 400)


def test_to_pixels_and_to_pdf_are_inverses():
    with pdf_pageinfo.open(fixture("userunit.pdf")) as doc:
        for page in doc.pages:
            bitmap = page.bitmap(dpi=300, renderer="mupdf")
            crop = page.crop_box
            assert bitmap.to_pdf(bitmap.to_pixels(crop)).rect == pytest.approx(crop.rect, abs=1e-6)
            corners = bitmap.to_pixels(crop.rect)
            assert corners == pytest.approx((0, 0, bitmap.width, bitmap.height), abs=1.0)


def test_corpus_view_sample_matches_pdfium_mapping():
    """The manifest maps 5 points of every corpus page into a W×H device (pdfium's
    FPDF_DeviceToPage, exact): bitmap(size=(W, H), fit="fill") must agree within 0.05 px."""
    manifest = corpus_manifest()
    checked = 0
    for entry in manifest["files"]:
        views = [(i, p["view"]) for i, p in enumerate(entry.get("pages") or []) if p.get("view")]
        if not views:
            continue
        with pdf_pageinfo.open(os.path.join(CORPUS, entry["file"]), password=entry.get("password")) as doc:
            for index, view in views:
                if (entry["file"], index) in DELIBERATE:
                    continue
                page = doc.pages[index]
                bitmap = page.bitmap(size=tuple(view["device_size"]), fit="fill")
                # The manifest's reference formula on pdfinfo's CropBox, always; pdfium's own
                # mapping where the manifest says it agrees (elsewhere pdfium reads boxes as
                # written, not inherited: see the Swift corpus tests).
                oracles = [view["reference"]]
                if view["agrees"].get("pdfium_vs_reference"):
                    oracles.append(view["pdfium"])
                for oracle in oracles:
                    for point, device in zip(view["page_points"], oracle):
                        assert bitmap.to_pixels(tuple(point)) == pytest.approx(tuple(device), abs=0.05), \
                            (entry["file"], index, point)
                        checked += 1
    assert checked > 500


def test_bitmap_arguments_are_checked():
    with pdf_pageinfo.open(fixture("boxes.pdf")) as doc:
        page = doc.pages[0]
        with pytest.raises(ValueError):
            page.bitmap(dpi=150, size=(100, 100))
        with pytest.raises(ValueError):
            page.bitmap(size=(100, 100), fit="cover")
        with pytest.raises(ValueError):
            page.bitmap(dpi=150, renderer="pdftocairo")
        with pytest.raises(ValueError, match="pdf2image takes --dpi D, not --bitmap-size"):
            page.bitmap(size=(100, 100), renderer="pdf2image")   # the executable's rule, not Python's
        with pytest.raises(ValueError):
            page.bitmap(dpi=-5)
        with pytest.raises(ValueError):
            page.convert((0, 0), "pdf", "pixels")
        with pytest.raises(ValueError):
            page.convert((0, 0), "pdf", "opencv")
        assert page.bitmap(size=(100, 100), fit="fill").size == (100, 100)


def test_requested_size_is_the_size_asked_for():
    """A bitmap says what was asked for: with contain the pixel size depends on the page
    (rotations.pdf page 2 is 600×400 displayed, so 300×200 into 300×250), the size asked stays."""
    with pdf_pageinfo.open(fixture("rotations.pdf"), pages="2") as doc:
        page = doc.pages[0]
        contain = page.bitmap(size=(300, 250))
        assert contain.requested_size == (300, 250) and contain.size == (300, 200)
        assert page.bitmap(size=(300, 250), fit="fill").size == (300, 250)
        assert page.bitmap(dpi=72).requested_size is None
