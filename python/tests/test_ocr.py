# SPDX-License-Identifier: Apache-2.0
"""The OCR round trip, as a user makes it: Fixtures/words/words.pdf (words at known raw points
on /Rotate 0, 90, 180, 270 pages with an offset CropBox, a MediaBox with a negative origin and
/UserUnit 2; scripts/make_word_fixtures.py) rendered by every renderer as users call it (their
defaults but the resolution: the renders of check_bitmap_placement.py), OCRed by Tesseract
(Debian's tesseract-ocr) into TSV, hOCR and ALTO, read by :mod:`pdf_pageinfo.results` and
mapped back with ``page.map(words, dpi=D, renderer=R)``: every word the image shows must land
within 2 pt of where the fixture put it; the margin word, outside the CropBox, is in pdftoppm's
and pdf2image's MediaBox renders only (Ghostscript's MediaBox image clips what it draws to the
CropBox). And the same images mapped under another renderer's name are refused.
"""

import json
import math
import os
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import IN_CI, fixture, need

import pdf_pageinfo
from pdf_pageinfo import results

DPI = 150
TOLERANCE = 2.0   # points, between a word's centre as OCRed and mapped, and as placed
RENDERERS = pdf_pageinfo.RENDERERS
WORDS = fixture("words/words.pdf")
# The renders that show what lies outside the CropBox.
SHOWS_MARGINS = {"pdftoppm", "pdf2image"}


def golden():
    with open(fixture("words/words.json")) as f:
        return json.load(f)


def tesseract():
    path = shutil.which("tesseract")
    if path is None:
        if IN_CI:
            pytest.fail("tesseract is not installed (make oracle-deps installs tesseract-ocr)")
        pytest.skip("tesseract is not installed")
    return path


@pytest.fixture(scope="module")
def ocr(tmp_path_factory):
    """{(renderer, page index): {"tsv": path, "hocr": path, "alto": path}} for every renderer
    and page of words.pdf, OCRed at DPI."""
    binary = tesseract()
    need("numpy"), need("PIL"), need("pypdfium2"), need("pymupdf"), need("pdf2image"), need("pdfplumber")
    import check_bitmap_placement as oracle
    from PIL import Image
    work = tmp_path_factory.mktemp("ocr")
    pages = len(golden()["pages"])
    jobs = []
    for renderer in RENDERERS:
        for index in range(pages):
            image = oracle.render(renderer, WORDS, index, DPI, str(work))
            base = str(work / f"{renderer}-{index}")
            Image.fromarray(image).save(base + ".png")
            jobs.append((renderer, index, base))

    def run(job):
        _, _, base = job
        subprocess.run([binary, base + ".png", base, "tsv", "hocr", "alto"], check=True, capture_output=True,
                       timeout=120, env=dict(os.environ, OMP_THREAD_LIMIT="1"))
        return job
    with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        done = list(pool.map(run, jobs))
    return {(r, i): {"tsv": b + ".tsv", "hocr": b + ".hocr", "alto": b + ".xml", "png": b + ".png"} for r, i, b in done}


READERS = {"tsv": results.read_tesseract_tsv, "hocr": results.read_hocr, "alto": results.read_alto}


@pytest.mark.parametrize("renderer", RENDERERS)
@pytest.mark.parametrize("form", sorted(READERS))
def test_every_word_comes_back_within_2_pt(ocr, renderer, form):
    expected = golden()["pages"]
    worst, checked = 0.0, 0
    with pdf_pageinfo.open(WORDS) as doc:
        for index, page_golden in enumerate(expected):
            words = READERS[form](ocr[(renderer, index)][form])
            assert words and all(w.frame == "pixels" and w.size is not None for w in words), (renderer, index, form)
            mapped = doc.pages[index].map(words, dpi=DPI, renderer=renderer)
            by_text = {}
            for w in mapped:
                by_text.setdefault(w.text, []).append(w)
            for want in page_golden["words"]:
                visible = want["insideCropBox"] or renderer in SHOWS_MARGINS
                got = by_text.get(want["text"], [])
                if not visible:
                    assert not got, f"{renderer} page {index + 1}: {want['text']} is outside the CropBox, yet OCRed"
                    continue
                assert len(got) == 1, (f"{renderer} page {index + 1} ({form}): {want['text']} OCRed {len(got)} times; "
                                       f"words: {sorted(t for t in by_text if t)}")
                cx, cy = got[0].center
                distance = math.hypot(cx - want["center"][0], cy - want["center"][1])
                worst = max(worst, distance)
                checked += 1
                assert distance <= TOLERANCE, (f"{renderer} page {index + 1} ({form}): {want['text']} mapped to "
                                               f"({cx:.2f}, {cy:.2f}), placed at {want['center']}: {distance:.2f} pt off")
    assert checked >= 22, checked


@pytest.mark.parametrize("named,used", [("pdftoppm-cropbox", "pdf2image"), ("pdf2image", "pdf2image-cropbox"),
                                        ("ghostscript-cropbox", "mupdf"), ("pdfium", "ghostscript")])
def test_a_render_named_as_another_is_refused(ocr, named, used):
    """pdf2image's default render of a cropped page (the MediaBox) mapped as if it were the
    CropBox's is a ResultMismatch naming the renderers whose images have that size, on every
    page whose images differ in size."""
    refused = 0
    with pdf_pageinfo.open(WORDS) as doc:
        for index in range(len(golden()["pages"])):
            words = results.read_hocr(ocr[(used, index)]["hocr"])
            page = doc.pages[index]
            if page.bitmap(dpi=DPI, renderer=named).size == page.bitmap(dpi=DPI, renderer=used).size:
                continue
            with pytest.raises(pdf_pageinfo.ResultMismatch) as caught:
                page.map(words, dpi=DPI, renderer=named)
            assert repr(used) in str(caught.value), str(caught.value)
            refused += 1
    assert refused >= 1


def test_a_result_of_several_images_numbers_its_pages(ocr, tmp_path):
    """Tesseract on a two-image TIFF (pages 1 and 2 as pdf2image renders them): every reader
    numbers the images 1 and 2 (ALTO's PHYSICAL_IMG_NR counts from 0 there) and, told the page
    of the first (page=1), Document.map puts each word on its page; without page= the result
    names no page, so Document.map refuses it and a page refuses two images' boxes; a result of
    one image maps on the page it is the image of."""
    from PIL import Image
    first, second = (Image.open(ocr[("pdf2image", i)]["png"]) for i in (0, 1))
    tiff = str(tmp_path / "two.tif")
    first.save(tiff, save_all=True, append_images=[second], dpi=(DPI, DPI))
    base = str(tmp_path / "two")
    subprocess.run([tesseract(), tiff, base, "tsv", "hocr", "alto"], check=True, capture_output=True, timeout=120)
    expected = golden()["pages"]
    with pdf_pageinfo.open(WORDS) as doc:
        for form, path in (("tsv", base + ".tsv"), ("hocr", base + ".hocr"), ("alto", base + ".xml")):
            unnamed = READERS[form](path)
            assert {w.page for w in unnamed} == {None} and {w.image for w in unnamed} == {1, 2}, form
            with pytest.raises(ValueError, match="names no page"):
                doc.map(unnamed, dpi=DPI, renderer="pdf2image")
            with pytest.raises(pdf_pageinfo.ResultMismatch, match="holds 2 images"):
                doc.pages[0].map(unnamed, dpi=DPI, renderer="pdf2image")
            words = READERS[form](path, page=1)
            assert {w.page for w in words} == {1, 2}, (form, {w.page for w in words})
            assert {w.page for w in READERS[form](path, page=3)} == {3, 4}
            matched = 0
            for w in doc.map(words, dpi=DPI, renderer="pdf2image"):
                want = [g for g in expected[w.page - 1]["words"] if g["text"] == w.text]
                if want:
                    assert math.hypot(w.center[0] - want[0]["center"][0], w.center[1] - want[0]["center"][1]) <= TOLERANCE
                    matched += 1
            assert matched == sum(len(p["words"]) for p in expected[:2]), (form, matched)
        single = results.read_hocr(ocr[("pdf2image", 1)]["hocr"])
        assert {w.page for w in single} == {None}
        with pytest.raises(ValueError, match="names no page"):
            doc.map(single, dpi=DPI, renderer="pdf2image")
        assert {w.page for w in doc.map(results.read_hocr(ocr[("pdf2image", 1)]["hocr"], page=2), dpi=DPI,
                                        renderer="pdf2image")} == {2}


def test_normalized_and_pixel_frames_agree(ocr):
    """The same words as ratios of the image (as Textract or a detector on that image would give
    them) land where their pixels do."""
    with pdf_pageinfo.open(WORDS) as doc:
        page = doc.pages[1]
        words = results.read_tesseract_tsv(ocr[("pdf2image", 1)]["tsv"])
        width, height = words[0].size
        ratios = [w._replace(frame="normalized", box=(w.box[0] / width, w.box[1] / height, w.box[2] / width,
                                                        w.box[3] / height)) for w in words]
        a = page.map(words, dpi=DPI, renderer="pdf2image")
        b = page.map(ratios, dpi=DPI, renderer="pdf2image")
        for x, y in zip(a, b):
            assert all(abs(p - q) < 1e-6 for p, q in zip(x.box, y.box)), (x, y)


def test_docling_parse_word_cells_land_on_the_words():
    """docling-parse's word cells (as docling's backend reads the PDF), read by read_docling and
    mapped from the docling frame: each word's two ends and its cap line within 0.5 pt of where
    the fixture put them (docling-parse's cells reach below the baseline by the font's descent,
    which the fixture does not model); the margin word, outside the CropBox, is not a cell."""
    need("docling_parse")
    from docling_parse.pdf_parser import DoclingPdfParser
    parsed = DoclingPdfParser(loglevel="fatal").load(path_or_stream=WORDS)
    expected = golden()["pages"]
    checked = 0
    try:
        with pdf_pageinfo.open(WORDS) as doc:
            for index, page_golden in enumerate(expected):
                page = doc.pages[index]
                cells = results.read_docling(parsed.get_page(index + 1).export_to_dict(), page=index + 1)
                mapped = {w.text: w for w in doc.map(cells, to="page")}
                for want in page_golden["words"]:
                    if not want["insideCropBox"]:
                        assert want["text"] not in mapped
                        continue
                    # The fixture's raw box in page space: the displayed page, y up.
                    x0, y0, x1, y1 = page.convert(tuple(want["box"]), "pdf", "page")
                    got = mapped[want["text"]].box
                    for edge, a, b in (("left", got[0], x0), ("right", got[2], x1), ("cap line", got[3], y1)):
                        assert abs(a - b) <= 0.5, f"page {index + 1} {want['text']} {edge}: docling {a:.3f}, placed {b:.3f}"
                    assert got[1] < y0, "the cell reaches below the baseline"
                    checked += 1
    finally:
        parsed.unload()
    assert checked == sum(w["insideCropBox"] for p in expected for w in p["words"])
