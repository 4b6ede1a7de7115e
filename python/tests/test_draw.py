# SPDX-License-Identifier: Apache-2.0
"""Pictures: Page.draw puts each producer's boxes over the glyphs it located, and Page.render of
a region, given in any frame on any rotation, is that rectangle cut from the whole page's render.

The words of Fixtures/words/words.pdf are where scripts/make_word_fixtures.py put them
(words.json); the results drawn are the services' files of Fixtures/words, docling-parse's
cells and Tesseract's words on pdf2image's default images (pixels of the MediaBox). A box is found in a picture by its colour (the first file's, #FF1F8E), and must enclose
the word's ink in the plain render within 2 px and lie within 3 px of it.
"""

import json

import pytest

from conftest import fixture, need

import pdf_pageinfo
from pdf_pageinfo import results

WORDS = fixture("words/words.pdf")
PINK = (0xFF, 0x1F, 0x8E)
DPI = 150


def golden():
    with open(fixture("words/words.json")) as f:
        return json.load(f)["pages"]


def arrays(*pictures):
    need("numpy"), need("PIL")
    import numpy as np
    return [np.asarray(p.to_pil().convert("RGB"), dtype=int) for p in pictures]


_PLAIN = {}


def plain_render(page):
    """The page's plain render at DPI as an array, made once per page for the whole module."""
    if page.index not in _PLAIN:
        (_PLAIN[page.index],) = arrays(page.render(dpi=DPI))
    return _PLAIN[page.index]


def bounds(mask):
    import numpy as np
    ys, xs = np.nonzero(mask)
    return (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1) if len(xs) else None


def covers(box, ink, slack):
    """Whether the drawn box encloses the ink (2 px) and lies close around it (slack per edge)."""
    return (box[0] <= ink[0] + 2 and box[1] <= ink[1] + 2 and box[2] >= ink[2] - 2 and box[3] >= ink[3] - 2
            and all(abs(a - b) <= s for a, b, s in zip(box, ink, slack)))


def drawn_and_ink(page, boxes, word):
    """The drawn box (by its colour) and the ink around one golden word, in pixels at DPI."""
    import numpy as np
    plain, (drawn,) = plain_render(page), arrays(page.render(dpi=DPI, boxes=boxes))
    x0, y0, x1, y1 = page.bitmap(dpi=DPI).to_pixels(tuple(word["box"]))
    window = (slice(max(0, int(y0) - 12), int(y1) + 12), slice(max(0, int(x0) - 12), int(x1) + 12))
    return bounds(np.all(drawn[window] == PINK, axis=2)), bounds(plain[window].mean(axis=2) < 128)


def test_the_check_sees_a_box_in_the_wrong_frame():
    """docling's BOTTOMLEFT boxes drawn as TOPLEFT ones land flipped, and the check says so."""
    with pdf_pageinfo.open(WORDS) as doc:
        page = doc.pages[1]
        right = [d for d in results.read_docling(fixture("words/docling.json")) if d.page == 2]
        word = next(w for w in golden()[1]["words"] if w["text"] == right[0].text)
        box, ink = drawn_and_ink(page, right[:1], word)
        assert covers(box, ink, [3, 3, 3, 3])
        box, ink = drawn_and_ink(page, [right[0]._replace(frame="docling-topleft")], word)
        assert box is None or not covers(box, ink, [3, 3, 3, 3])


def tesseract_words(work, doc):
    """Tesseract's words (TSV) of pdf2image's default 150-dpi image of each page, as users make
    them: the pixels frame of renderer pdf2image."""
    from test_ocr import tesseract
    import subprocess
    import pdf2image
    binary, found = tesseract(), []
    for index in range(len(doc.pages)):
        image = pdf2image.convert_from_path(WORDS, dpi=DPI, first_page=index + 1, last_page=index + 1)[0]
        base = str(work / f"page-{index + 1}")
        image.save(base + ".png")
        subprocess.run([binary, base + ".png", base, "tsv"], check=True, capture_output=True, timeout=120)
        found += [w._replace(page=index + 1) for w in results.read_tesseract_tsv(base + ".tsv")]
    return found


@pytest.mark.parametrize("source", ["textract", "documentai", "azure", "docling", "docling-parse", "tesseract"])
def test_a_box_drawn_through_each_frame_covers_its_word(source, tmp_path):
    import numpy as np
    expected = golden()
    checked = 0
    with pdf_pageinfo.open(WORDS) as doc:
        if source == "tesseract":
            need("pdf2image")
            found = tesseract_words(tmp_path, doc)
        elif source == "docling-parse":
            need("docling_parse")
            from docling_parse.pdf_parser import DoclingPdfParser
            parsed = DoclingPdfParser(loglevel="fatal").load(path_or_stream=WORDS)
            found = [d for i in range(len(expected))
                     for d in results.read_docling(parsed.get_page(i + 1).export_to_dict(), page=i + 1)]
            parsed.unload()
        else:
            reader = {"textract": results.read_textract, "documentai": results.read_documentai,
                      "azure": results.read_azure, "docling": results.read_docling}[source]
            found = reader(fixture(f"words/{source}.json"))
        for index, page_golden in enumerate(expected):
            page = doc.pages[index]
            mine = [d for d in found if d.page == index + 1]
            options = {"renderer": "pdf2image"} if source == "tesseract" else {}
            plain, (drawn,) = plain_render(page), arrays(page.render(dpi=DPI, boxes=mine, **options))
            bitmap = page.bitmap(dpi=DPI)
            for word in (w for w in page_golden["words"] if w["insideCropBox"]):
                x0, y0, x1, y1 = bitmap.to_pixels(tuple(word["box"]))
                window = (slice(max(0, int(y0) - 12), int(y1) + 12), slice(max(0, int(x0) - 12), int(x1) + 12))
                box = bounds(np.all(drawn[window] == PINK, axis=2))
                ink = bounds(plain[window].mean(axis=2) < 128)
                assert box is not None and ink is not None, (source, index + 1, word["text"])
                # The ink inside the drawn rectangle, which lies within 3 px of it (8 px at the
                # bottom for docling-parse's cells, which reach down to the font's descent).
                slack = [3, 8, 3, 8] if source == "docling-parse" else [3, 3, 3, 3]
                assert covers(box, ink, slack), (source, index + 1, word["text"], box, ink)
                checked += 1
    assert checked == sum(w["insideCropBox"] for p in expected for w in p["words"])


@pytest.mark.parametrize("renderer", ["pdftoppm-cropbox", "pdf2image", "ghostscript", "mupdf"])
def test_a_region_render_is_the_cut_of_the_whole(renderer):
    """The region given in the renderer's pixels (offset by its page frame, so the same part of
    the page) rendered alone equals the same rectangle cut from the page's render, within 1 px:
    the best of the shifts by −1, 0, 1 px in each axis differs by at most 8 grey levels on
    average (anti-aliasing at another sub-pixel phase), with ink in it."""
    import numpy as np
    with pdf_pageinfo.open(WORDS) as doc:
        for page in doc.pages:
            full = plain_render(page)
            whole = page.bitmap(dpi=DPI)
            image = page.bitmap(dpi=DPI, renderer=renderer)
            x0, y0 = image.page_frame.x + 61, image.page_frame.y + 97
            rect = (x0, y0, x0 + 240, y0 + 140)
            (part,) = arrays(page.render(dpi=DPI, region=rect, frame="pixels", renderer=renderer))
            X0, Y0, X1, Y1 = whole.to_pixels(image.to_pdf(rect))
            assert abs(part.shape[1] - (X1 - X0)) <= 1 and abs(part.shape[0] - (Y1 - Y0)) <= 1
            best = None
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    ox, oy = round(X0) + dx, round(Y0) + dy
                    cut = full[oy:oy + part.shape[0], ox:ox + part.shape[1]]
                    if ox >= 0 and oy >= 0 and cut.shape == part.shape:
                        difference = np.abs(cut - part).mean()
                        best = difference if best is None else min(best, difference)
            assert best is not None and best <= 8, (page.number, renderer, best)
            assert (part.mean(axis=2) < 128).sum() > 500, (page.number, renderer, "no ink in the region")


def test_picture_for_notebooks():
    with pdf_pageinfo.open(WORDS) as doc:
        page = doc.pages[1]
        picture = page.draw([((100, 100, 200, 150), "a box")], frame="pdf", page_boxes=("crop",))
        assert picture.format == "png" and picture._repr_png_() == picture.data
        assert picture.size[0] == 280 + 2 * 24   # the displayed page at 1 px/pt, and its margin
        svg = page.draw([((100, 100, 200, 150), "a box")], frame="pdf", format="svg")
        assert svg._repr_svg_().startswith("<?xml") and "<title>a box</title>" in svg._repr_svg_()
        with pytest.raises(ValueError, match="give frame="):
            page.draw([(1, 2, 3, 4)])
        with pytest.raises(ValueError, match="unknown frame"):
            page.draw([(1, 2, 3, 4)], frame="fitz")
        with pytest.raises(pdf_pageinfo.ResultMismatch, match="page 2: the result has boxes of page 1"):
            page.draw(results.read_azure(fixture("words/azure.json"))[:4])
        with pytest.raises(pdf_pageinfo.ResultMismatch, match="the result's page is"):   # page 1's size on page 2
            page.draw([d._replace(page=2) for d in results.read_azure(fixture("words/azure.json"))[:4]])
        with pytest.raises(pdf_pageinfo.ResultMismatch, match="the result's page is"):
            page.render(boxes=[d._replace(page=2) for d in results.read_azure(fixture("words/azure.json"))[:4]])
        assert page.draw([], dpi=150, renderer="pdf2image").format == "png"   # a page without detections


def test_inspect_report_holds_each_page_record(tmp_path):
    """doc.inspect() is `pageinfo inspect`'s report: each page's section and its record as
    `pageinfo pages --format json --dpi 150 --frames all` prints it (here: its index, rotation
    and bitmap size of pdf2image's MediaBox image)."""
    import json
    import re
    doc = pdf_pageinfo.open(fixture("rotations.pdf"))
    out = tmp_path / "r.html"
    html = doc.inspect(str(out), pages="2-3", dpi=150, renderer="pdf2image", scale=1).decode()
    assert out.read_bytes().decode() == html
    datas = [json.loads(m.replace("\\u003c", "<")) for m in re.findall(r'<script type="application/json" class="page-data">(.*?)</script>', html)]
    assert [d["record"]["index"] for d in datas] == [1, 2]
    # Page 2: MediaBox 500 x 700, /Rotate 90: pdf2image renders the MediaBox, 700 x 500 pt, at 150 dpi.
    bitmap = datas[0]["record"]["bitmap"]
    assert (bitmap["renderer"], bitmap["width"], bitmap["height"]) == ("pdf2image", 1459, 1042)
    assert datas[0]["picture"]["width"] == 700 and datas[0]["picture"]["height"] == 500
    with pytest.raises(pdf_pageinfo.PageInfoError, match="--pages: page 20 is out of range"):
        doc.inspect(pages="20")
