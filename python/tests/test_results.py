# SPDX-License-Identifier: Apache-2.0
"""The readers of pdf_pageinfo.results on files of their formats, and map's refusals.

The cloud results (Fixtures/words/textract.json, documentai.json, azure.json) and the docling
document (docling.json) are written by scripts/make_word_fixtures.py in each format's documented
structure, with the numbers derived from where the words were put on words.pdf's displayed
pages; each word must map back onto the word's centre there within 0.5 pt (the results round to
6 decimals). Tesseract's formats are read from Tesseract's own output in test_ocr.py.
"""

import json
import math

import pytest

from conftest import fixture

import pdf_pageinfo
from pdf_pageinfo import results

WORDS = fixture("words/words.pdf")


def golden():
    with open(fixture("words/words.json")) as f:
        return json.load(f)


def load(name):
    with open(fixture("words/" + name)) as f:
        return json.load(f)


def check_lands(detections, kinds=None):
    """Every word inside a CropBox mapped to PDF points lands on its centre within 0.5 pt."""
    expected = golden()["pages"]
    with pdf_pageinfo.open(WORDS) as doc:
        mapped = doc.map(detections)
    checked = 0
    for d in mapped:
        want = [w for w in expected[d.page - 1]["words"] if w["text"] == d.text]
        assert len(want) == 1, d
        distance = math.hypot(d.center[0] - want[0]["center"][0], d.center[1] - want[0]["center"][1])
        assert distance <= 0.5, f"page {d.page} {d.text}: {d.center} vs {want[0]['center']} ({distance:.3f} pt)"
        checked += 1
    assert checked == sum(w["insideCropBox"] for p in expected for w in p["words"])


@pytest.mark.parametrize("name,reader,frame", [
    ("textract.json", results.read_textract, "textract"),
    ("documentai.json", results.read_documentai, "documentai"),
    ("azure.json", results.read_azure, "azure"),
    ("docling.json", results.read_docling, "docling"),
])
def test_each_service_result_lands_on_the_words(name, reader, frame):
    detections = reader(fixture("words/" + name))
    assert detections and {d.frame for d in detections} == {frame}
    check_lands(detections)


def test_polygons_map_point_by_point():
    """A polygon maps corner by corner, and its bounds are the mapped box."""
    detections = results.read_textract(fixture("words/textract.json"))
    with pdf_pageinfo.open(WORDS) as doc:
        mapped = doc.map(detections)
    for d in mapped:
        xs, ys = [p[0] for p in d.polygon], [p[1] for p in d.polygon]
        # (Textract rounds BoundingBox and Polygon apart: 6 decimals of a ratio, under 0.001 pt here)
        assert all(abs(a - b) < 1e-3 for a, b in zip((min(xs), min(ys), max(xs), max(ys)), d.box))


def test_a_page_maps_its_own_boxes_only():
    """A result of several pages given to one page is refused, naming the others."""
    with pdf_pageinfo.open(WORDS) as doc:
        found = results.read_textract(fixture("words/textract.json"))
        with pytest.raises(pdf_pageinfo.ResultMismatch, match="page 2: the result has boxes of pages 1, 3, 4, 5, 6"):
            doc.pages[1].map(found)
        assert len(doc.pages[1].map([d for d in found if d.page == 2])) == 4


def test_a_result_of_an_image_is_in_the_normalized_frame():
    """Textract's and Document AI's ratios of an image you rendered: frame normalized, mapped with
    that image's renderer. Made from the page's ratios in pdf2image's MediaBox image, they land
    on the words; read as the PDF's frame they would not."""
    with pdf_pageinfo.open(WORDS) as doc:
        page = doc.pages[1]
        mine = [d for d in results.read_textract(fixture("words/textract.json")) if d.page == 2]
        in_image = page.map(mine, to="normalized", dpi=150, renderer="pdf2image")
        response = {"Blocks": [{"BlockType": "WORD", "Text": d.text, "Geometry": {"BoundingBox": {
            "Left": d.box[0], "Top": d.box[1], "Width": d.box[2] - d.box[0], "Height": d.box[3] - d.box[1]}}}
            for d in in_image]}
        as_image = results.read_textract(response, frame="normalized", page=2)
        assert {d.page for d in as_image} == {2} and {d.frame for d in as_image} == {"normalized"}
        back = page.map(as_image, dpi=150, renderer="pdf2image")
        for a, b in zip(back, page.map(mine)):
            assert all(abs(p - q) < 1e-6 for p, q in zip(a.box, b.box))
        wrong = page.map([d._replace(page=2) for d in results.read_textract(response)])   # as if the PDF had been sent
        assert max(abs(p - q) for a, b in zip(wrong, back) for p, q in zip(a.box, b.box)) > 10
        document = {"mimeType": "image/png", "text": "", "pages": [{"pageNumber": 1, "tokens": [{"layout": {
            "boundingPoly": {"normalizedVertices": [{"x": x, "y": y} for x, y in
                             ((d.box[0], d.box[1]), (d.box[2], d.box[1]), (d.box[2], d.box[3]), (d.box[0], d.box[3]))]}}}
            for d in in_image]}]}
        docai = results.read_documentai(document)
        assert {d.frame for d in docai} == {"normalized"} and {d.page for d in docai} == {None}
        for a, b in zip(page.map(docai, dpi=150, renderer="pdf2image"), back):
            assert all(abs(p - q) < 1e-6 for p, q in zip(a.box, b.box))
        with pytest.raises(ValueError, match="names no mimeType"):
            results.read_documentai({"pages": []})


@pytest.mark.parametrize("call,message", [
    (lambda: results.read_textract(fixture("words/textract.json"), kinds="WORD"), "not the string"),
    (lambda: results.read_textract(fixture("words/textract.json"), kinds=("WORDS",)), "BlockType"),
    (lambda: results.read_azure(fixture("words/azure.json"), level="paragraphs"), "level must be one of"),
    (lambda: results.read_documentai(fixture("words/documentai.json"), level="token"), "level must be one of"),
    (lambda: results.read_hocr(b"<div class='ocr_page'></div>", kind="ocrx_words"), "kind must be one of"),
    (lambda: results.read_tesseract_tsv("level\tpage_num\tleft\ttop\twidth\theight\tconf\ttext\n5\t1", level=5),
     "line 2: 2 fields"),
])
def test_a_mistyped_option_or_a_short_row_is_an_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_tesseract_tsv_text_and_docling_defaults():
    """pytesseract.image_to_data's text is read as it is; a docling-parse cell without
    coord_origin is BOTTOMLEFT (docling-core's BoundingRectangle default)."""
    text = ("level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
            "1\t1\t0\t0\t0\t0\t0\t0\t100\t50\t-1\t\n5\t1\t1\t1\t1\t1\t10\t20\t30\t5\t96.5\tWORD\n")
    (word,) = results.read_tesseract_tsv(text)
    assert word.box == (10, 20, 40, 25) and word.size == (100, 50) and word.confidence == 0.965 and word.page is None
    page = {"dimension": {"rect": {"r_x0": 0, "r_y0": 0, "r_x1": 10, "r_y1": 0, "r_x2": 10, "r_y2": 20, "r_x3": 0, "r_y3": 20}},
            "word_cells": [{"text": "A", "rect": {"r_x0": 1, "r_y0": 2, "r_x1": 3, "r_y1": 2, "r_x2": 3, "r_y2": 4, "r_x3": 1, "r_y3": 4}}]}
    (cell,) = results.read_docling(page, page=1)
    assert cell.frame == "docling" and cell.size == (10, 20)


def test_textract_lines_and_pages():
    lines = results.read_textract(fixture("words/textract.json"), kinds=("LINE",))
    assert {d.kind for d in lines} == {"LINE"} and {d.page for d in lines} == set(range(1, 7))
    check_lands(lines)


def test_docling_topleft_boxes_land_the_same():
    """The same docling document with its boxes given from the top-left corner (coord_origin
    TOPLEFT, as docling's layout model gives them): frame docling-topleft, the same points."""
    document = load("docling.json")
    for item in document["texts"]:
        for prov in item["prov"]:
            bbox, height = prov["bbox"], document["pages"][str(prov["page_no"])]["size"]["height"]
            bbox.update(t=height - bbox["t"], b=height - bbox["b"], coord_origin="TOPLEFT")
    detections = results.read_docling(document)
    assert {d.frame for d in detections} == {"docling-topleft"}
    check_lands(detections)


def test_documentai_pixel_vertices():
    """Document AI's vertices in pixels of the page image, where normalizedVertices are absent:
    divided by the page's dimension, the same ratios."""
    document = load("documentai.json")
    for page in document["pages"]:
        w, h = page["dimension"]["width"], page["dimension"]["height"]
        for token in page["tokens"]:
            poly = token["layout"]["boundingPoly"]
            poly["vertices"] = [{"x": v["x"] * w, "y": v["y"] * h} for v in poly.pop("normalizedVertices")]
    check_lands(results.read_documentai(document))


def test_a_result_of_another_page_is_refused():
    """Azure inches of a page twice as large (as /UserUnit 2 would make it if the service
    applied it), docling's size of another page, Document AI's page image of another shape."""
    azure = load("azure.json")
    page = azure["analyzeResult"]["pages"][5]
    page["width"], page["height"] = page["width"] * 2, page["height"] * 2
    with pytest.raises(pdf_pageinfo.ResultMismatch, match="page 6: the result's page is"):
        with pdf_pageinfo.open(WORDS) as doc:
            doc.map(results.read_azure(azure))
    docling = load("docling.json")
    docling["pages"]["2"]["size"] = {"width": 340, "height": 280}   # page 1's, not page 2's (turned)
    with pytest.raises(pdf_pageinfo.ResultMismatch, match="page 2"):
        with pdf_pageinfo.open(WORDS) as doc:
            doc.map(results.read_docling(docling))
    docai = load("documentai.json")
    docai["pages"][1]["dimension"].update(width=709, height=584)   # page 1's shape on /Rotate 90 page 2
    with pytest.raises(pdf_pageinfo.ResultMismatch, match="page 2: the result's page image"):
        with pdf_pageinfo.open(WORDS) as doc:
            doc.map(results.read_documentai(docai))


def test_detector_formats_agree():
    """The same boxes as xyxy, xywh (COCO) and cxcywh (YOLO), in pixels and as ratios, map to
    the same PDF points; a YOLO label file is cxcywh ratios."""
    with pdf_pageinfo.open(WORDS) as doc:
        page = doc.pages[1]
        bitmap = page.bitmap(dpi=150, renderer="pdf2image")
        w, h = bitmap.size
        xyxy = [(100.0, 50.0, 300.0, 90.0), (20.5, 400.25, 60.0, 410.0)]
        forms = {
            "xyxy": xyxy,
            "xywh": [(a, b, c - a, d - b) for a, b, c, d in xyxy],
            "cxcywh": [((a + c) / 2, (b + d) / 2, c - a, d - b) for a, b, c, d in xyxy],
        }
        expected = page.map(results.detections(xyxy), dpi=150, renderer="pdf2image")
        for name, boxes in forms.items():
            for frame, scale in (("pixels", (1, 1)), ("normalized", (w, h))):
                scaled = [(a / scale[0], b / scale[1], c / scale[0], d / scale[1]) for a, b, c, d in boxes]
                got = page.map(results.detections(scaled, format=name, frame=frame), dpi=150, renderer="pdf2image")
                for x, y in zip(got, expected):
                    assert all(abs(p - q) < 1e-6 for p, q in zip(x.box, y.box)), (name, frame, x, y)
        text = "".join("%d %.9f %.9f %.9f %.9f 0.9\n" % (k, (a + c) / 2 / w, (b + d) / 2 / h, (c - a) / w, (d - b) / h)
                       for k, (a, b, c, d) in enumerate(xyxy))
        yolo = results.read_yolo(text.encode(), size=(w, h))
        assert [d.text for d in yolo] == ["0", "1"] and [d.confidence for d in yolo] == [0.9, 0.9]
        for x, y in zip(page.map(yolo, dpi=150, renderer="pdf2image"), expected):
            assert all(abs(p - q) < 1e-5 for p, q in zip(x.box, y.box))
        with pytest.raises(pdf_pageinfo.ResultMismatch):
            page.map(results.read_yolo(text.encode(), size=(w + 10, h)), dpi=150, renderer="pdf2image")


def test_alto_measurement_units():
    """ALTO in mm10 and inch1200 is turned into pixels of an image of the dpi given."""
    def alto(unit, x, y, w, h, pw, ph):
        return ('<alto xmlns="http://www.loc.gov/standards/alto/ns-v3#"><Description><MeasurementUnit>%s'
                '</MeasurementUnit></Description><Layout><Page WIDTH="%s" HEIGHT="%s" PHYSICAL_IMG_NR="1"><PrintSpace>'
                '<TextBlock><TextLine><String CONTENT="NORTH" HPOS="%s" VPOS="%s" WIDTH="%s" HEIGHT="%s" WC="0.96"/>'
                '</TextLine></TextBlock></PrintSpace></Page></Layout></alto>' % (unit, pw, ph, x, y, w, h)).encode()
    pixel = results.read_alto(alto("pixel", 150, 300, 60, 30, 1275, 1650))[0]
    # 150 px at 150 dpi = 1 inch = 254 mm10 = 1200 inch1200.
    mm10 = results.read_alto(alto("mm10", 254, 508, 101.6, 50.8, 2159, 2794), dpi=150)[0]
    inch = results.read_alto(alto("inch1200", 1200, 2400, 480, 240, 10200, 13200), dpi=150)[0]
    for d in (mm10, inch):
        assert all(abs(a - b) < 1e-9 for a, b in zip(d.box, pixel.box)), d
        assert abs(d.size[0] - 1275) < 1e-9 and abs(d.size[1] - 1650) < 1e-9
    assert pixel.confidence == 0.96 and pixel.text == "NORTH"
    with pytest.raises(ValueError, match="give dpi="):
        results.read_alto(alto("mm10", 254, 508, 101.6, 50.8, 2159, 2794))


@pytest.mark.parametrize("reader", [results.read_tesseract_tsv, results.read_hocr, results.read_alto,
                                    results.read_textract, results.read_documentai, results.read_azure,
                                    results.read_docling])
def test_readers_refuse_other_formats(reader, tmp_path):
    """A file of another format is a ValueError naming what is missing, never a wrong result."""
    for content in (b"", b"{}", b"[1, 2]", b"<html><body>hello</body></html>", b"level\tpage\nx"):
        path = tmp_path / "result"
        path.write_bytes(content)
        with pytest.raises(ValueError):
            reader(str(path))


def test_map_needs_the_image_named():
    words = results.detections([(1, 2, 3, 4)], page=1)
    with pdf_pageinfo.open(WORDS) as doc:
        with pytest.raises(ValueError, match="give dpi= or size="):
            doc.map(words)
        with pytest.raises(ValueError, match="names no page"):
            doc.map(results.detections([(1, 2, 3, 4)]))
        with pytest.raises(ValueError, match="on page 9"):
            doc.map(results.detections([(1, 2, 3, 4)], page=9), dpi=150)
