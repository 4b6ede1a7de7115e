# SPDX-License-Identifier: Apache-2.0
"""Readers for what OCR engines, document-AI services and detectors write: each returns the
boxes of a result as :class:`Detection` values, each with the page the result names, the frame
(:data:`pdf_pageinfo.FRAMES`) its numbers are in and the size of the page or image the result
says it saw. :meth:`pdf_pageinfo.Page.map` and :meth:`pdf_pageinfo.Document.map` then carry a
whole result to PDF points, pixels of another render or any other frame in one call, through the
matrices the records carry, and refuse a result whose stated size is not the page's or the
image's (the mistake of mapping a pdf2image default render as if it were the CropBox).

These readers only parse: which frame a format is in is written in docs/records.md ("Frames"),
and every number is turned by the executable's matrices.

    from pdf_pageinfo import results
    words = results.read_hocr("page-3.hocr")              # Tesseract's words, pixels of the image
    pdf_words = doc.pages[2].map(words, dpi=150, renderer="pdf2image")   # PDF points

=========================  ======================  ==========================================
reader                     frame of the boxes      the size a result states (checked by map)
=========================  ======================  ==========================================
read_tesseract_tsv         pixels                  the image (level-1 row)
read_hocr                  pixels                  the image (ocr_page bbox)
read_alto                  pixels                  the image (Page WIDTH, HEIGHT)
read_docling               docling / -topleft      the page in points (pages[n].size)
read_textract              textract, normalized    none
read_documentai            documentai, normalized  the page image in pixels (its shape)
read_azure                 azure, or pixels        the page in inches, or the image
read_yolo / detections     pixels or normalized    the image, when given
=========================  ======================  ==========================================
"""

from __future__ import annotations

import json
import math
import os
import xml.etree.ElementTree as ElementTree
from html.parser import HTMLParser
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple, Union

__all__ = ["Detection", "read_tesseract_tsv", "read_hocr", "read_alto", "read_docling",
           "read_textract", "read_documentai", "read_azure", "read_yolo", "detections"]

Source = Union[str, "os.PathLike[str]", bytes, Dict[str, Any], List[Any]]
#: Results larger than this are refused before they are parsed (bytes).
MAX_RESULT_BYTES = 1 << 30


class Detection(NamedTuple):
    """One box of a result: ``box`` ``(x0, y0, x1, y1)`` (x0 ≤ x1, y0 ≤ y1) and, where the
    format gives one, ``polygon`` (its corners, in the result's order), both in ``frame``.

    ``page`` is the 1-based PDF page the box is on: the page a result of the PDF names, or for a
    result of images the page the reader was told (``page=``, the first image's; the others
    follow); None for a result of images read without ``page=``. ``image`` is, for a result of
    images, the 1-based position of the box's image in it (None for a result of the PDF).
    :meth:`Page.map` maps boxes of one image (or of its own page); :meth:`Document.map` needs
    pages, so a result of images is read with ``page=`` for it.
    ``kind`` is what the format calls the item (``word``, ``line``, ``WORD``, a class id);
    ``confidence`` 0 to 1 (Tesseract's and Textract's 0–100 divided by 100), None where the
    format gives none; ``size`` the ``(width, height)`` of the page or image the result says it
    saw: pixels for the image frames (``pixels`` and ``normalized``), else in the frame's units
    (points, inches); None where the format states none."""

    page: Optional[int]
    frame: str
    box: Tuple[float, float, float, float]
    polygon: Optional[Tuple[Tuple[float, float], ...]] = None
    text: Optional[str] = None
    kind: str = "word"
    confidence: Optional[float] = None
    size: Optional[Tuple[float, float]] = None
    image: Optional[int] = None

    @property
    def center(self) -> Tuple[float, float]:
        x0, y0, x1, y1 = self.box
        return ((x0 + x1) / 2, (y0 + y1) / 2)


def _bounds(points: Sequence[Tuple[float, float]]) -> Tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _finite(*values: float) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in values)


def _text(source: Source) -> str:
    """A result's text: a path, bytes, or (for the JSON readers) already a dict."""
    if isinstance(source, (dict, list)):
        raise ValueError("expected a path or bytes, not an already parsed value")
    if isinstance(source, bytes):
        data = source
    else:
        path = os.fspath(source)
        if os.path.getsize(path) > MAX_RESULT_BYTES:
            raise ValueError(f"{path}: larger than {MAX_RESULT_BYTES} bytes; not read")
        with open(path, "rb") as f:
            data = f.read()
    return data.decode("utf-8", errors="replace")


def _json(source: Source) -> Any:
    if isinstance(source, (dict, list)):
        return source
    try:
        return json.loads(_text(source))
    except json.JSONDecodeError as e:
        raise ValueError(f"not JSON: {e}") from None


def _number(value: Any, what: str) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{what} is not a number: {value!r}") from None
    if not math.isfinite(number):
        raise ValueError(f"{what} is not finite: {value!r}")
    return number


def _choice(value: Any, allowed: Sequence[Any], what: str) -> None:
    if value not in allowed:
        raise ValueError(f"{what} must be one of {', '.join(repr(a) for a in allowed)}, not {value!r}")


def _page_number(page: Optional[int]) -> Optional[int]:
    if page is not None and (isinstance(page, bool) or not isinstance(page, int) or page < 1):
        raise ValueError(f"page must be a page number (1, 2, …), not {page!r}")
    return page


def _image_pages(found: List[Detection], positions: Sequence[int], page: Optional[int]) -> List[Detection]:
    """A result of images: ``found[i]`` is on the result's image ``positions[i]`` (1-based, in the
    order the result holds them), kept as its ``image``; with ``page``, the first image is that
    PDF page and the others follow; without, the boxes name no page."""
    first = _page_number(page)
    return [d._replace(image=position, page=None if first is None else first + position - 1)
            for d, position in zip(found, positions)]


def _no_page(page: Optional[int], what: str) -> None:
    """``page=`` given to a reader of a result that names the PDF's own pages."""
    if page is not None:
        raise ValueError(f"page= numbers the images of a result of images; {what} names the PDF's pages itself")


# -- Tesseract ---------------------------------------------------------------------------------

def read_tesseract_tsv(source: Source, *, level: int = 5, page: Optional[int] = None) -> List[Detection]:
    """Tesseract's TSV (``tesseract IMAGE OUT tsv``; ``pytesseract.image_to_data``'s text is
    taken as it is): the rows of ``level`` (5 words, 4 lines, 3 paragraphs, 2 blocks), ``left,
    top, width, height`` in pixels of the image, top-left origin; ``conf`` 0–100 (−1 for no
    text) as a confidence 0–1. ``page_num`` numbers the images Tesseract read: see
    :class:`Detection` and ``page=``."""
    _choice(level, (2, 3, 4, 5), "level")
    text = source if isinstance(source, str) and source.startswith("level\t") else _text(source)
    lines = text.splitlines()
    if not lines or lines[0].split("\t")[:2] != ["level", "page_num"]:
        raise ValueError("not Tesseract TSV: the first line is not its header (level, page_num, …)")
    header = lines[0].split("\t")
    column = {name: i for i, name in enumerate(header)}
    for name in ("left", "top", "width", "height", "conf", "text"):
        if name not in column:
            raise ValueError(f"not Tesseract TSV: no {name!r} column")
    sizes: Dict[int, Tuple[float, float]] = {}
    found: List[Detection] = []
    positions: List[int] = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) < len(header) - 1:
            raise ValueError(f"line {number}: {len(fields)} fields, the header names {len(header)}")
        fields += [""] * (len(header) - len(fields))
        row_level = int(_number(fields[column["level"]], f"line {number}: level"))
        image = int(_number(fields[column["page_num"]], f"line {number}: page_num"))
        left, top, width, height = (_number(fields[column[k]], f"line {number}: {k}")
                                    for k in ("left", "top", "width", "height"))
        if row_level == 1:
            sizes[image] = (width, height)
        if row_level != level:
            continue
        word = fields[column["text"]]
        if level == 5 and not word.strip():
            continue
        conf = _number(fields[column["conf"]], f"line {number}: conf")
        found.append(Detection(image, "pixels", (left, top, left + width, top + height), None,
                               word if level == 5 else None, _TSV_KINDS[level],
                               conf / 100 if conf >= 0 else None, None))
        positions.append(image)
    found = [d._replace(size=sizes.get(image)) for d, image in zip(found, positions)]
    return _image_pages(found, positions, page)


_TSV_KINDS = {2: "block", 3: "paragraph", 4: "line", 5: "word"}
#: hOCR's classes of lines: Tesseract writes headings, captions and floating text as these.
_HOCR_LINES = ("ocr_line", "ocr_header", "ocr_caption", "ocr_textfloat")
_HOCR_KINDS = ("ocrx_word", "ocr_line", "ocr_par", "ocr_carea")


def _title_fields(title: str) -> Dict[str, List[str]]:
    """An hOCR ``title``: ``bbox 1 2 3 4; x_wconf 96`` → {"bbox": [...], "x_wconf": [...]}."""
    fields: Dict[str, List[str]] = {}
    for part in title.split(";"):
        words = part.strip().split()
        if words:
            fields[words[0]] = words[1:]
    return fields


class _HOCRParser(HTMLParser):
    _VOID = {"br", "img", "meta", "link", "hr", "input"}

    def __init__(self, kind: str) -> None:
        super().__init__(convert_charrefs=True)
        self.kind = kind
        self.classes = set(_HOCR_LINES) if kind == "ocr_line" else {kind}
        self.positions: List[int] = []
        self.stack: List[Optional[Dict[str, Any]]] = []
        self.page: Optional[int] = None
        self.size: Optional[Tuple[float, float]] = None
        self.pages = 0
        self.found: List[Detection] = []

    def handle_starttag(self, tag: str, attrs: List[Tuple[str, Optional[str]]]) -> None:
        if tag in self._VOID:
            return
        attributes = {k: v or "" for k, v in attrs}
        classes = attributes.get("class", "").split()
        title = _title_fields(attributes.get("title", ""))
        item: Optional[Dict[str, Any]] = None
        if "ocr_page" in classes:
            self.pages += 1
            self.page = self.pages
            bbox = title.get("bbox")
            self.size = (_number(bbox[2], "bbox") - _number(bbox[0], "bbox"),
                         _number(bbox[3], "bbox") - _number(bbox[1], "bbox")) if bbox and len(bbox) == 4 else None
        if self.classes.intersection(classes) and "bbox" in title and len(title["bbox"]) == 4:
            x0, y0, x1, y1 = (_number(v, "bbox") for v in title["bbox"])
            conf = title.get("x_wconf")
            item = {"box": (x0, y0, x1, y1), "text": [], "conf": _number(conf[0], "x_wconf") / 100 if conf else None}
        self.stack.append(item)

    def handle_startendtag(self, tag: str, attrs: List[Tuple[str, Optional[str]]]) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        if tag in self._VOID or not self.stack:
            return
        item = self.stack.pop()
        if item is not None:
            text = " ".join("".join(item["text"]).split())
            self.found.append(Detection(self.page, "pixels", item["box"], None, text or None,
                                        self.kind.replace("ocrx_", "").replace("ocr_", ""),
                                        item["conf"], self.size))
            self.positions.append(self.page or 1)

    def handle_data(self, data: str) -> None:
        for item in self.stack:
            if item is not None:
                item["text"].append(data)


def read_hocr(source: Source, *, kind: str = "ocrx_word", page: Optional[int] = None) -> List[Detection]:
    """hOCR (``tesseract IMAGE OUT hocr``, OCRmyPDF's, kraken's): the elements of class
    ``kind`` (``ocrx_word``; ``ocr_line``, which takes ``ocr_header``, ``ocr_caption`` and
    ``ocr_textfloat`` too; ``ocr_par``, ``ocr_carea``), each ``bbox x0 y0 x1 y1`` of its
    ``title`` in pixels of the image, top-left origin; ``x_wconf`` 0–100 as a confidence 0–1;
    the image's size from its ``ocr_page`` bbox. The ``ocr_page`` elements are the images in
    order: see :class:`Detection` and ``page=``."""
    _choice(kind, _HOCR_KINDS, "kind")
    parser = _HOCRParser(kind)
    parser.feed(_text(source))
    parser.close()
    if parser.pages == 0:
        raise ValueError("not hOCR: no element of class ocr_page")
    return _image_pages(parser.found, parser.positions, page)


_ALTO_UNITS = {"pixel": None, "mm10": 254.0, "inch1200": 1200.0}


def read_alto(source: Source, *, dpi: Optional[float] = None, kind: str = "String",
              page: Optional[int] = None) -> List[Detection]:
    """ALTO XML (``tesseract IMAGE OUT alto``, v2 to v4): the ``kind`` elements (``String``
    words; ``TextLine``), ``HPOS, VPOS, WIDTH, HEIGHT`` in the file's ``MeasurementUnit``:
    ``pixel`` (Tesseract's) is the image's pixels; ``mm10`` and ``inch1200`` are turned into
    pixels of an image of ``dpi`` (required for them); ``WC`` 0–1. The image's size from the
    ``Page``'s ``WIDTH`` and ``HEIGHT``. The ``Page`` elements are the images in order
    (``PHYSICAL_IMG_NR`` is not used: Tesseract counts it from 0, others from 1): see
    :class:`Detection` and ``page=``."""
    _choice(kind, ("String", "TextLine"), "kind")
    try:
        root = ElementTree.fromstring(_text(source))
    except ElementTree.ParseError as e:
        raise ValueError(f"not ALTO: {e}") from None

    def local(tag: str) -> str:
        return tag.rsplit("}", 1)[-1]
    if local(root.tag) != "alto":
        raise ValueError(f"not ALTO: the root element is {local(root.tag)!r}")
    unit = "pixel"
    for element in root.iter():
        if local(element.tag) == "MeasurementUnit":
            unit = (element.text or "").strip()
    if unit not in _ALTO_UNITS:
        raise ValueError(f"ALTO MeasurementUnit {unit!r} is none of pixel, mm10, inch1200")
    per_inch = _ALTO_UNITS[unit]
    if per_inch is not None and (dpi is None or not dpi > 0):
        raise ValueError(f"ALTO in {unit}: give dpi=, the resolution of the image it describes")
    scale = 1.0 if per_inch is None else float(dpi) / per_inch  # type: ignore[arg-type]
    found: List[Detection] = []
    positions: List[int] = []
    pages = 0
    for element_page in root.iter():
        if local(element_page.tag) != "Page":
            continue
        pages += 1
        width, height = element_page.get("WIDTH"), element_page.get("HEIGHT")
        size = (_number(width, "WIDTH") * scale, _number(height, "HEIGHT") * scale) if width and height else None
        for element in element_page.iter():
            if local(element.tag) != kind:
                continue
            x, y, w, h = (_number(element.get(k), f"{kind} {k}") * scale for k in ("HPOS", "VPOS", "WIDTH", "HEIGHT"))
            confidence = element.get("WC")
            text = element.get("CONTENT")
            if kind == "TextLine":
                text = " ".join(s.get("CONTENT", "") for s in element.iter() if local(s.tag) == "String") or None
            found.append(Detection(pages, "pixels", (x, y, x + w, y + h), None, text,
                                   "word" if kind == "String" else kind,
                                   _number(confidence, "WC") if confidence else None, size))
            positions.append(pages)
    if pages == 0:
        raise ValueError("not ALTO: no Page element")
    return _image_pages(found, positions, page)


# -- docling -----------------------------------------------------------------------------------

def _docling_frame(origin: Any, default: str) -> str:
    """The frame of a docling box by its ``coord_origin``; docling-core's default when it is
    absent: BOTTOMLEFT for a ``BoundingRectangle`` (``r_x0`` …), TOPLEFT for a ``BoundingBox``."""
    name = str(origin or default).upper().replace("COORDORIGIN.", "")
    if name not in ("TOPLEFT", "BOTTOMLEFT"):
        raise ValueError(f"docling coord_origin {name!r} is neither TOPLEFT nor BOTTOMLEFT")
    return "docling" if name == "BOTTOMLEFT" else "docling-topleft"


def _docling_page(page: Dict[str, Any], cells: str, number: Optional[int]) -> List[Detection]:
    """docling-parse's page (``SegmentedPdfPage``, ``export_to_dict()``): its ``cells`` list,
    each ``rect`` a BoundingRectangle of four corners ``r_x0, r_y0 … r_x3, r_y3``."""
    if cells not in ("char_cells", "word_cells", "textline_cells"):
        raise ValueError(f"cells must be char_cells, word_cells or textline_cells, not {cells!r}")
    rect = (page.get("dimension") or {}).get("rect") or {}
    size = None
    if rect:
        xs = [_number(rect.get(f"r_x{i}"), "dimension") for i in range(4)]
        ys = [_number(rect.get(f"r_y{i}"), "dimension") for i in range(4)]
        size = (max(xs) - min(xs), max(ys) - min(ys))
    found = []
    for cell in page.get(cells) or []:
        r = cell.get("rect") or {}
        points = tuple((_number(r.get(f"r_x{i}"), "rect"), _number(r.get(f"r_y{i}"), "rect")) for i in range(4))
        found.append(Detection(number, _docling_frame(r.get("coord_origin"), "BOTTOMLEFT"), _bounds(points), points, cell.get("text"),
                               cells[:-len("_cells")], cell.get("confidence"), size))
    return found


def read_docling(source: Source, *, cells: str = "word_cells", page: Optional[int] = None) -> List[Detection]:
    """A docling result (``DoclingDocument`` as ``export_to_dict()`` or its JSON file): every
    ``prov`` of ``texts``, ``tables``, ``pictures`` and ``key_value_items``, its ``bbox`` ``l, t,
    r, b`` in points of the displayed page: frame ``docling`` when ``coord_origin`` is
    ``BOTTOMLEFT``, ``docling-topleft`` when ``TOPLEFT``. ``kind`` is the item's ``label``;
    ``size`` the page's ``size`` in ``pages``.

    Or a page of docling-parse (``SegmentedPdfPage.export_to_dict()``): its ``cells``
    (``word_cells``, ``char_cells``, ``textline_cells``) with their four corners as the polygon;
    docling-parse's page names no number, so give ``page=`` to map it with ``Document.map``."""
    document = _json(source)
    if isinstance(document, dict) and "dimension" in document and cells in document:
        return _docling_page(document, cells, _page_number(page))
    _no_page(page, "a docling document")
    if not isinstance(document, dict) or not isinstance(document.get("pages"), dict):
        raise ValueError("not a docling document (no 'pages' object) nor a docling-parse page (no 'dimension')")
    sizes: Dict[int, Tuple[float, float]] = {}
    for key, entry in document["pages"].items():
        size = entry.get("size") or {}
        number = int(entry.get("page_no", key))
        sizes[number] = (_number(size.get("width"), "page width"), _number(size.get("height"), "page height"))
    found: List[Detection] = []
    for group in ("texts", "tables", "pictures", "key_value_items", "form_items"):
        for item in document.get(group) or []:
            for prov in item.get("prov") or []:
                bbox = prov.get("bbox") or {}
                frame = _docling_frame(bbox.get("coord_origin"), "TOPLEFT")
                l, t, r, b = (_number(bbox.get(k), f"bbox {k}") for k in ("l", "t", "r", "b"))
                number = int(_number(prov.get("page_no"), "prov page_no"))
                box = (min(l, r), min(t, b), max(l, r), max(t, b))
                found.append(Detection(number, frame, box, None, item.get("text"), str(item.get("label", group)), None,
                                       sizes.get(number)))
    return found


# -- cloud services ----------------------------------------------------------------------------

_TEXTRACT_KINDS = ("WORD", "LINE", "PAGE", "CELL", "TABLE", "KEY_VALUE_SET", "SELECTION_ELEMENT", "SIGNATURE",
                   "LAYOUT_TITLE", "LAYOUT_HEADER", "LAYOUT_FOOTER", "LAYOUT_SECTION_HEADER", "LAYOUT_PAGE_NUMBER",
                   "LAYOUT_LIST", "LAYOUT_FIGURE", "LAYOUT_TABLE", "LAYOUT_KEY_VALUE", "LAYOUT_TEXT", "MERGED_CELL",
                   "TITLE", "QUERY", "QUERY_RESULT", "TABLE_TITLE", "TABLE_FOOTER")


def read_textract(source: Source, *, kinds: Iterable[str] = ("WORD",), frame: str = "textract",
                  page: Optional[int] = None) -> List[Detection]:
    """An AWS Textract response (``DetectDocumentText``, ``AnalyzeDocument``, or the pages of
    ``GetDocumentTextDetection`` merged: a dict with ``Blocks``, or a list of such responses):
    the blocks whose ``BlockType`` is in ``kinds``, ``Geometry.BoundingBox`` and
    ``Geometry.Polygon`` as ratios of the page; ``Confidence`` 0–100 as 0–1. ``frame``: the
    response gives no hint of what Textract was sent, so say it: ``textract`` (the default) for
    the PDF itself, whose ``Page`` (1 when a response names none) is the PDF page;
    ``normalized`` for an image you rendered, mapped with that image's renderer and dpi (its
    pages are images: see :class:`Detection` and ``page=``)."""
    if isinstance(kinds, str):
        raise ValueError(f"kinds is a list of BlockTypes, e.g. ('WORD',), not the string {kinds!r}")
    wanted = set(kinds)
    for kind in wanted:
        _choice(kind, _TEXTRACT_KINDS, "a BlockType of kinds")
    _choice(frame, ("textract", "normalized"), "frame")
    data = _json(source)
    responses = data if isinstance(data, list) else [data]
    found: List[Detection] = []
    for response in responses:
        blocks = response.get("Blocks") if isinstance(response, dict) else None
        if not isinstance(blocks, list):
            raise ValueError("not a Textract response: no 'Blocks' list")
        for block in blocks:
            if block.get("BlockType") not in wanted:
                continue
            geometry = block.get("Geometry") or {}
            bb = geometry.get("BoundingBox")
            if not bb:
                continue
            left, top, width, height = (_number(bb.get(k), f"BoundingBox {k}") for k in ("Left", "Top", "Width", "Height"))
            polygon = tuple((_number(p.get("X"), "Polygon X"), _number(p.get("Y"), "Polygon Y"))
                            for p in geometry.get("Polygon") or [])
            confidence = block.get("Confidence")
            found.append(Detection(int(_number(block.get("Page", 1), "Page")), frame,
                                   (left, top, left + width, top + height), polygon or None, block.get("Text"),
                                   str(block.get("BlockType")),
                                   None if confidence is None else _number(confidence, "Confidence") / 100, None))
    if frame == "normalized":
        return _image_pages(found, [d.page or 1 for d in found], page)
    _no_page(page, "a response of the PDF (frame='textract')")
    return found


def read_documentai(source: Source, *, level: str = "tokens", frame: Optional[str] = None,
                    page: Optional[int] = None) -> List[Detection]:
    """A Google Document AI ``Document`` (the JSON of ``process_document``'s ``document``, or a
    batch output shard): the page elements of ``level`` (``tokens``, ``lines``, ``paragraphs``,
    ``blocks``), ``layout.boundingPoly.normalizedVertices`` as ratios of the page image
    (``vertices`` in pixels are divided by ``pages[].dimension``); the text from
    ``textAnchor``'s segments of ``document.text``; ``confidence`` 0–1. ``frame``: ``documentai``
    for the PDF itself, ``normalized`` for an image you rendered (its pages are images: see
    :class:`Detection` and ``page=``); by default from the document's ``mimeType``
    (``application/pdf`` or ``image/…``), which must then be there."""
    _choice(level, ("tokens", "lines", "paragraphs", "blocks"), "level")
    document = _json(source)
    if isinstance(document, dict) and "document" in document and "pages" not in document:
        document = document["document"]
    if not isinstance(document, dict) or not isinstance(document.get("pages"), list):
        raise ValueError("not a Document AI document: no 'pages' list")
    if frame is None:
        mime = str(document.get("mimeType") or "")
        if mime == "application/pdf":
            frame = "documentai"
        elif mime.startswith("image/"):
            frame = "normalized"
        else:
            raise ValueError("the document names no mimeType: give frame='documentai' (a PDF sent) or "
                             "frame='normalized' (an image you rendered)")
    _choice(frame, ("documentai", "normalized"), "frame")
    text = document.get("text") or ""
    found: List[Detection] = []
    for position, entry in enumerate(document["pages"], start=1):
        number = int(_number(entry.get("pageNumber", position), "pageNumber"))
        dimension = entry.get("dimension") or {}
        size = None
        if dimension.get("width") and dimension.get("height"):
            size = (_number(dimension["width"], "dimension width"), _number(dimension["height"], "dimension height"))
        for element in entry.get(level) or []:
            layout = element.get("layout") or {}
            poly = layout.get("boundingPoly") or {}
            vertices = poly.get("normalizedVertices")
            if vertices:
                points = tuple((_number(v.get("x", 0), "x"), _number(v.get("y", 0), "y")) for v in vertices)
            elif poly.get("vertices"):
                if size is None:
                    raise ValueError(f"page {number}: pixel vertices without the page's dimension cannot be ratios")
                points = tuple((_number(v.get("x", 0), "x") / size[0], _number(v.get("y", 0), "y") / size[1])
                               for v in poly["vertices"])
            else:
                continue
            segments = (layout.get("textAnchor") or {}).get("textSegments") or []
            content = "".join(text[int(s.get("startIndex", 0)):int(s.get("endIndex", 0))] for s in segments)
            found.append(Detection(number, frame, _bounds(points), points, content.strip() or None,
                                   level.rstrip("s"), layout.get("confidence"), size))
    if frame == "normalized":
        return _image_pages(found, [d.page or 1 for d in found], page)
    _no_page(page, "a document of the PDF (frame='documentai')")
    return found


def read_azure(source: Source, *, level: str = "words", page: Optional[int] = None) -> List[Detection]:
    """An Azure AI Document Intelligence analyze result (v3 and v4 JSON: ``analyzeResult.pages``,
    or the ``analyzeResult`` itself): the ``level`` items of each page (``words``, ``lines``),
    their ``polygon`` ``[x1, y1, …, x4, y4]``: inches from the page's top-left corner for a PDF
    (``unit`` ``inch``, frame ``azure``, ``pageNumber`` the PDF page), pixels of the image for an
    image (``unit`` ``pixel``, frame ``pixels``; its pages are images: see :class:`Detection`
    and ``page=``); ``size`` the page's ``width`` and ``height`` in that unit; ``confidence``
    0–1."""
    _choice(level, ("words", "lines"), "level")
    data = _json(source)
    result = data.get("analyzeResult", data) if isinstance(data, dict) else None
    if not isinstance(result, dict) or not isinstance(result.get("pages"), list):
        raise ValueError("not an Azure Document Intelligence result: no 'analyzeResult.pages' list")
    found: List[Detection] = []
    for position, entry in enumerate(result["pages"], start=1):
        unit = entry.get("unit")
        if unit not in ("inch", "pixel"):
            raise ValueError(f"Azure page unit {unit!r} is neither inch nor pixel")
        frame = "azure" if unit == "inch" else "pixels"
        size = (_number(entry.get("width"), "page width"), _number(entry.get("height"), "page height"))
        for item in entry.get(level) or []:
            flat = item.get("polygon") or []
            if len(flat) < 6 or len(flat) % 2:
                continue
            points = tuple((_number(flat[i], "polygon"), _number(flat[i + 1], "polygon")) for i in range(0, len(flat), 2))
            found.append(Detection(int(_number(entry.get("pageNumber", position), "pageNumber")), frame, _bounds(points),
                                   points, item.get("content"), level.rstrip("s"), item.get("confidence"), size))
    images = [d for d in found if d.frame == "pixels"]
    if images:
        if len(images) != len(found):
            raise ValueError("an Azure result with pages in inches and in pixels: read a PDF's result or an image's")
        return _image_pages(found, [d.page or 1 for d in found], page)
    _no_page(page, "a result of the PDF (unit inch)")
    return found


# -- detectors ---------------------------------------------------------------------------------

_FORMATS = ("xyxy", "xywh", "cxcywh")


def detections(boxes: Any, *, format: str = "xyxy", frame: str = "pixels", labels: Optional[Sequence[Any]] = None,
               scores: Optional[Sequence[float]] = None, page: Optional[int] = None,
               size: Optional[Tuple[float, float]] = None) -> List[Detection]:
    """A detector's boxes as Detections: ``boxes`` an (N, 4) array or list in ``format``
    ``xyxy`` (x0, y0, x1, y1: torchvision, Ultralytics ``boxes.xyxy``), ``xywh`` (top-left corner
    and size: COCO) or ``cxcywh`` (centre and size: YOLO, DETR), in ``frame`` ``pixels`` or
    ``normalized`` (ratios of the image: Ultralytics ``xyxyn``/``xywhn``); ``labels`` and
    ``scores`` one per box; ``size`` the image's (width, height) in pixels, checked by map."""
    if format not in _FORMATS:
        raise ValueError(f"format must be one of {', '.join(_FORMATS)}, not {format!r}")
    if frame not in ("pixels", "normalized"):
        raise ValueError(f"a detector's frame is pixels or normalized, not {frame!r}")
    rows = boxes.tolist() if hasattr(boxes, "tolist") else list(boxes)
    found: List[Detection] = []
    for i, row in enumerate(rows):
        values = [float(v) for v in row]
        if len(values) != 4 or not _finite(*values):
            raise ValueError(f"box {i}: expected 4 finite numbers, not {row!r}")
        a, b, c, d = values
        if format == "xywh":
            box = (a, b, a + c, b + d)
        elif format == "cxcywh":
            box = (a - c / 2, b - d / 2, a + c / 2, b + d / 2)
        else:
            box = (min(a, c), min(b, d), max(a, c), max(b, d))
        label = None if labels is None else labels[i]
        score = None if scores is None else float(scores[i])
        found.append(Detection(_page_number(page), frame, box, None, None if label is None else str(label),
                               "detection", score, size, 1))
    return found


def read_yolo(source: Source, *, page: Optional[int] = None, size: Optional[Tuple[float, float]] = None) -> List[Detection]:
    """A YOLO label file (Ultralytics ``save_txt``: ``class cx cy w h [conf]`` per line, ratios of
    the image): frame ``normalized``; ``text`` is the class id."""
    labels, boxes, scores = [], [], []
    for number, line in enumerate(_text(source).splitlines(), start=1):
        fields = line.split()
        if not fields:
            continue
        if len(fields) not in (5, 6):
            raise ValueError(f"line {number}: a YOLO label line has 5 or 6 fields, not {len(fields)}")
        labels.append(fields[0])
        boxes.append([_number(v, f"line {number}") for v in fields[1:5]])
        scores.append(_number(fields[5], f"line {number}") if len(fields) == 6 else math.nan)
    found = detections(boxes, format="cxcywh", frame="normalized", labels=labels, page=page, size=size)
    return [d._replace(confidence=None if math.isnan(s) else s) for d, s in zip(found, scores)]
