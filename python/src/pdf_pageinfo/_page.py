# SPDX-License-Identifier: Apache-2.0
"""A page as read (its geometry, from the kept columns) and its bitmaps and frames (from the
columns of a run with those options, which the page asks of the file it came from)."""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple

from ._columns import _NO_INT, _matrix
from ._errors import BitmapUnavailable, PageUnreadable, ResultMismatch
from ._geometry import Box, Geometry, Matrix, PdfWarning

if TYPE_CHECKING:
    from ._annotations import Annotation
    from ._picture import Picture
    from ._source import PageSource
    from .results import Detection

#: The frames :meth:`Page.convert` knows: ``pdf`` (raw PDF space, points, y up, as the boxes),
#: ``page`` (points, y up, origin at the lower-left corner of the displayed page: the CropBox
#: after /Rotate); of an image, ``pixels`` (the bitmap of ``dpi`` or ``size``: Tesseract's and a
#: detector's boxes) and ``normalized`` (its ratios, [0, 1], top-left origin, y down: Textract's,
#: Document AI's or YOLO's boxes of that image); and the frames of the libraries and of the
#: pipelines given the PDF itself (docs/records.md, "Frames").
FRAMES = ("pdf", "page", "pixels", "normalized", "pymupdf", "pdfplumber", "pdfminer", "pypdfium2",
          "pypdf", "docling", "docling-topleft", "textract", "documentai", "azure")
#: The calls whose images a bitmap describes, each with its defaults (``pageinfo pages
#: --renderer``; docs/records.md, "Bitmap"): ``pdftoppm-cropbox`` (the default: ``pdftoppm -r D
#: -cropbox``), ``pdftoppm`` (``pdftoppm -r D``: the MediaBox), ``pdf2image``
#: (``convert_from_path(f, dpi=D)``: the MediaBox), ``pdf2image-cropbox`` (``use_cropbox=True``),
#: ``ghostscript`` (``gs -sDEVICE=png16m -rD``: the MediaBox), ``ghostscript-cropbox``
#: (``-dUseCropBox``), ``pdfium`` (pypdfium2 ``render(scale=D/72)``), ``mupdf`` (PyMuPDF
#: ``get_pixmap(dpi=D)``), ``pdfplumber`` (``to_image(resolution=D)``).
RENDERERS = ("pdftoppm-cropbox", "pdftoppm", "pdf2image", "pdf2image-cropbox", "ghostscript",
             "ghostscript-cropbox", "pdfium", "mupdf", "pdfplumber")
_LIBRARY_FRAMES = FRAMES[4:]
#: The frames that are of a rendered image, and so need ``dpi=`` or ``size=`` and a renderer.
IMAGE_FRAMES = ("pixels", "normalized")


class PageError(NamedTuple):
    """Why a position of the page tree is not a page: a stable ``code`` (``kid-missing``, …)
    and a one-line ``message``."""

    code: str
    message: str


class Bitmap:
    """Where a page lands in a rendered bitmap: the pixel size a renderer produces at a DPI or
    for a bitmap size, and the matrices between raw PDF space (points, y up) and pixel space
    (origin at the top-left corner of pixel (0, 0), y down, one unit a pixel).

    ``to_pixels`` and ``to_pdf`` are exact inverses, and take what :meth:`Matrix.apply` takes:
    points, rectangles ``(x0, y0, x1, y1)``, :class:`Box` values, lists, numpy arrays.
    """

    __slots__ = ("renderer", "dpi", "fit", "requested_size", "width", "height", "scale_x",
                 "scale_y", "rendered_box", "page_frame", "raw_to_pixel", "pixel_to_raw",
                 "raw_to_normalized", "normalized_to_raw")

    def __init__(self, column: Dict[str, Any], i: int) -> None:
        self.renderer: str = column["renderer"][i]
        self.dpi: Optional[float] = column["dpi"][i]
        self.fit: Optional[str] = column["fit"][i]
        # The size=(W, H) asked for (the bitmap is exactly that with fill, at most that with
        # contain); None at a dpi.
        requested = (column["requestedWidth"][i], column["requestedHeight"][i])
        self.requested_size: Optional[Tuple[int, int]] = None if requested[0] is None else requested
        self.width: int = column["width"][i]
        self.height: int = column["height"][i]
        self.scale_x: float = column["scaleX"][i]
        self.scale_y: float = column["scaleY"][i]
        # "cropBox" (the image is the page) or "mediaBox" (pdftoppm's, pdf2image's and
        # Ghostscript's defaults: the page lies inside the image, at page_frame).
        self.rendered_box: str = column["renderedBox"][i]
        # Where the page lies in the image, pixels (x, y its top-left corner, y down).
        frame = column["pageFrame"]
        self.page_frame: Box = Box(frame["x"][i], frame["y"][i], frame["width"][i], frame["height"][i])
        self.raw_to_pixel: Matrix = _matrix(column["rawToPixel"], i)
        self.pixel_to_raw: Matrix = _matrix(column["pixelToRaw"], i)
        # Raw PDF space ↔ the image's ratios (pixels divided by width and height). The record's
        # rawToNormalized has coefficients of about 1/width, which 9 decimals keep to a few
        # digits; the inverse of normalizedToRaw is the same matrix at full precision.
        self.normalized_to_raw: Matrix = _matrix(column["normalizedToRaw"], i)
        self.raw_to_normalized: Matrix = self.normalized_to_raw.inverse()

    @property
    def size(self) -> Tuple[int, int]:
        """``(width, height)`` in pixels."""
        return (self.width, self.height)

    @property
    def matrix(self) -> Matrix:
        """Raw PDF space → pixel space (the same as ``raw_to_pixel``)."""
        return self.raw_to_pixel

    def to_pixels(self, geometry: Geometry) -> Any:
        """Raw PDF points → pixels."""
        return self.raw_to_pixel.apply(geometry)

    def to_pdf(self, geometry: Geometry) -> Any:
        """Pixels → raw PDF points."""
        return self.pixel_to_raw.apply(geometry)

    def __repr__(self) -> str:
        how = f"dpi={self.dpi:g}" if self.dpi is not None else f"fit={self.fit}"
        return f"<Bitmap {self.width}x{self.height} {how} renderer={self.renderer}>"


class Page:
    """One position of the page tree: a page, or a page error (``error`` says why; asking for
    its geometry raises :class:`PageUnreadable`).

    Boxes (``media_box`` … ``art_box``) are the effective boxes in raw PDF space, in points,
    as floats (ISO 32000 inheritance, defaults and clipping applied); ``width``/``height`` the
    displayed size (the CropBox, turned by /Rotate), in points, as floats; ``transform`` maps raw
    PDF space to page space. ``index``, ``number`` and ``rotation`` are ints.
    """

    __slots__ = ("_columns", "_row", "_document")

    def __init__(self, columns: Dict[str, Any], row: int, document: "PageSource") -> None:
        self._columns = columns
        self._row = row
        # The file the page came from: its name, and the columns of runs with other options.
        self._document = document

    # -- identity ---------------------------------------------------------------------------
    @property
    def index(self) -> int:
        """0-based position in the page tree."""
        index: int = self._columns["index"][self._row]
        return index

    @property
    def number(self) -> int:
        """1-based page number (``index + 1``), as ``--pages`` and viewers count."""
        index: int = self._columns["index"][self._row]
        return index + 1

    @property
    def label(self) -> Optional[str]:
        """The page label (/PageLabels), or None."""
        label: Optional[str] = self._columns["label"][self._row]
        return label

    @property
    def error(self) -> Optional[PageError]:
        """None for a page; for a page error, why this position is not a page."""
        column = self._columns.get("error")
        if column is None or column["code"][self._row] is None:
            return None
        return PageError(column["code"][self._row], column["message"][self._row])

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def warnings(self) -> List[PdfWarning]:
        return [PdfWarning(w["code"], w["message"]) for w in self._columns["warnings"][self._row]]

    # -- geometry -----------------------------------------------------------------------------
    # (The accessors test for a null inline, not through _is_null: a loop over 100,000 pages
    # reads them in a few milliseconds.)
    def _int_value(self, name: str) -> int:
        value: int = self._columns[name][self._row]
        if value is None or value == _NO_INT:
            raise self._unreadable(name)
        return value

    def _float_value(self, name: str) -> float:
        value: float = self._columns[name][self._row]
        if value is None or value != value:
            raise self._unreadable(name)
        return value

    def _unreadable(self, name: str) -> PageUnreadable:
        error = self.error
        why = error.message if error else "no value"
        return PageUnreadable(f"page {self.number} has no {name}: {why}",
                              code=error.code if error else None, file=self._document.name)

    def _box_named(self, name: str) -> Box:
        column, i = self._columns[name], self._row
        x = column["x"][i]
        if x is None or x != x:
            raise self._unreadable(name)
        return Box(x, column["y"][i], column["width"][i], column["height"][i])

    @property
    def rotation(self) -> int:
        """/Rotate normalized to 0, 90, 180 or 270 (clockwise, degrees)."""
        return self._int_value("rotation")

    @property
    def rotation_raw(self) -> int:
        return self._int_value("rotationRaw")

    @property
    def user_unit(self) -> float:
        """/UserUnit: the size of one raw unit in 1/72 inch, a float (1.0 unless the page says
        otherwise)."""
        return self._float_value("userUnit")

    @property
    def media_box(self) -> Box:
        return self._box_named("mediaBox")

    @property
    def crop_box(self) -> Box:
        return self._box_named("cropBox")

    @property
    def bleed_box(self) -> Box:
        return self._box_named("bleedBox")

    @property
    def trim_box(self) -> Box:
        return self._box_named("trimBox")

    @property
    def art_box(self) -> Box:
        return self._box_named("artBox")

    @property
    def width(self) -> float:
        """Displayed width in points, as a float (raw units; multiply by ``user_unit`` for 1/72
        inch)."""
        value: float = self._columns["size"]["width"][self._row]
        if value is None or value != value:
            raise self._unreadable("size")
        return value

    @property
    def height(self) -> float:
        value: float = self._columns["size"]["height"][self._row]
        if value is None or value != value:
            raise self._unreadable("size")
        return value

    @property
    def size(self) -> Tuple[float, float]:
        return (self.width, self.height)

    @property
    def transform(self) -> Matrix:
        """Raw PDF space → page space (origin at the lower-left corner of the displayed page)."""
        column = self._columns["transform"]
        a = column["a"][self._row]
        if a is None or a != a:
            raise self._unreadable("transform")
        return _matrix(column, self._row)

    # -- annotations --------------------------------------------------------------------------
    @property
    def annotations(self) -> List["Annotation"]:
        """Every element of the page's /Annots, in /Annots order (annotations, links, widgets):
        :class:`Annotation` values whose rectangles are in raw PDF space, as the page's boxes, so
        ``page.convert(a.rect, "pdf", "pixels", dpi=300)`` puts them on a render. A damaged
        annotation is never guessed: its ``rect`` is None and its ``warnings`` say why.

        Reads the file again: the first page asking costs one run of ``pageinfo annotations``
        over every page of the document, kept for all of them, so a loop over the pages is one
        run more in all. From :func:`iter_pages`, that run goes from the first page asking to
        the end, each chunk's records read when its pages ask (a page of a chunk the run has
        passed, or asking once the iteration is over, costs a run of its chunk; with
        ``pages=`` or ``timeout=``, each chunk is a run). Its pages must have
        the geometry read first, else the file changed (:class:`PageInfoError`, code
        ``changed``). A page error has no annotations (:class:`PageUnreadable`)."""
        if self.error is not None:
            raise self._unreadable("annotations")
        return list(self._document._annotations(self).annotations)

    @property
    def links(self) -> List["Annotation"]:
        """The annotations whose subtype is Link (:attr:`annotations`' run): ``a.action``
        (a URI, …) or ``a.destination`` (a page of this document) says where each goes."""
        return [a for a in self.annotations if a.subtype == "Link"]

    @property
    def annotation_warnings(self) -> List[PdfWarning]:
        """The warnings the annotations run gives this page beyond :attr:`warnings`: its /Annots
        as a whole (``annots-invalid``: not an array, nothing read; ``annotations-clipped``).
        The same run as :attr:`annotations`."""
        if self.error is not None:
            raise self._unreadable("annotations")
        mine = set(self.warnings)
        return [w for w in self._document._annotations(self).warnings if w not in mine]

    # -- bitmaps and frames -------------------------------------------------------------------
    def bitmap(self, dpi: Optional[float] = None, *, size: Optional[Tuple[int, int]] = None,
               fit: str = "contain", renderer: str = "pdftoppm-cropbox") -> Bitmap:
        """The page rendered at ``dpi`` (or into ``size=(W, H)`` pixels, ``fit`` ``"contain"``
        or ``"fill"``) by ``renderer``, the call that made the image with its defaults (see
        :data:`RENDERERS`): its pixel size and matrices. ``dpi`` defaults to 150. Name the call
        you ran: ``pdf2image.convert_from_path(f, dpi=D)`` is ``renderer="pdf2image"`` — it
        renders the MediaBox, a larger image than the page on a cropped page — and
        ``use_cropbox=True`` is ``"pdf2image-cropbox"``; the default, ``"pdftoppm-cropbox"``, is
        ``pdftoppm -r D -cropbox``, the displayed page.

        Reads the file again: the first page asking for a setting costs one run of the
        executable over every page of the document (of the page's chunk, from
        :func:`iter_pages`), kept for the other pages, so a loop over the pages with one setting
        costs one run more in all: a run of one page walks the whole page tree anyway, so it
        would cost about as much (BENCHMARKS.md, "Python", has the figures).
        """
        if self.error is not None:
            raise self._unreadable("bitmap")
        options = _bitmap_options(dpi, size, fit, renderer)
        columns, row = self._document._extra(options, self)
        column = columns.get("bitmap")
        if column is None or column["renderer"][row] is None:
            raise BitmapUnavailable(
                f"page {self.number} has no bitmap for {' '.join(options)}: a side would be 0 or "
                "more than 2147483647 pixels, or (pdfplumber) its CropBox as written reaches past "
                "the MediaBox", file=self._document.name)
        return Bitmap(column, row)

    def matrix(self, src: str, dst: str, *, dpi: Optional[float] = None,
               size: Optional[Tuple[int, int]] = None, fit: str = "contain",
               renderer: str = "pdftoppm-cropbox") -> Matrix:
        """The matrix from frame ``src`` to frame ``dst`` (see :data:`FRAMES`); ``dpi`` or
        ``size`` (with ``fit`` and ``renderer``) say which bitmap ``pixels`` is. ``pixels`` and
        the libraries' frames read the file again, once per setting (as :meth:`bitmap` does)."""
        return self._to_raw(src, dpi, size, fit, renderer).then(
            self._from_raw(dst, dpi, size, fit, renderer))

    def convert(self, geometry: Geometry, src: str, dst: str, *, dpi: Optional[float] = None,
                size: Optional[Tuple[int, int]] = None, fit: str = "contain",
                renderer: str = "pdftoppm-cropbox") -> Any:
        """Points, rectangles ``(x0, y0, x1, y1)``, Boxes, lists or numpy arrays from frame
        ``src`` to frame ``dst``: ``pdf``, ``page``, ``pixels`` or ``normalized`` (of the image
        of ``dpi`` or ``size`` and ``renderer``), or the frame of a library or pipeline —
        ``pymupdf``, ``pdfplumber``, ``pdfminer``, ``pypdfium2``, ``pypdf``, ``docling``,
        ``docling-topleft``, ``textract``, ``documentai``, ``azure`` (docs/records.md, "Frames",
        says which API of each reports in it). Reads the file again for the image's frames and
        the others, once per setting (:meth:`matrix`)."""
        return self.matrix(src, dst, dpi=dpi, size=size, fit=fit,
                           renderer=renderer).apply(geometry)

    def map(self, detections: Iterable["Detection"], to: str = "pdf", *, dpi: Optional[float] = None,
            size: Optional[Tuple[int, int]] = None, fit: str = "contain",
            renderer: str = "pdftoppm-cropbox") -> List["Detection"]:
        """A result's boxes (:mod:`pdf_pageinfo.results`: Tesseract, docling, Textract, Document
        AI, Azure, a detector) on this page, carried from the frame each is in to frame ``to``
        (``pdf`` by default: raw PDF points; see :data:`FRAMES`): boxes as rectangles, polygons
        point by point. For boxes of an image (``pixels``, ``normalized``) name the image as
        :meth:`bitmap` does, ``dpi`` or ``size`` and the ``renderer`` call that made it; ``to``
        ``pixels`` or ``normalized`` is then that same image.

        Refuses (:class:`ResultMismatch`) a result whose stated size is not what this page
        gives: an image of another size than ``renderer`` at ``dpi`` makes (the message names
        the renderers that do make it), a docling or Azure page of another size, a Document AI
        page image of another shape; and a Detection whose ``page`` is another page (a result of
        several pages is mapped by :meth:`Document.map`; one of a single image names none).
        """
        found = list(detections)
        self._check_result(found, dpi, size, fit, renderer)
        matrices: Dict[str, Matrix] = {}
        out = []
        for d in found:
            m = matrices.get(d.frame)
            if m is None:
                m = matrices[d.frame] = self.matrix(d.frame, to, dpi=dpi, size=size, fit=fit, renderer=renderer)
            polygon = None if d.polygon is None else tuple(m.apply_point(*p) for p in d.polygon)
            out.append(d._replace(page=self.number, frame=to, box=m.apply_rect(*d.box), polygon=polygon, size=None))
        return out

    def draw(self, boxes: Any = (), frame: Optional[str] = None, *, dpi: Optional[float] = None,
             size: Optional[Tuple[int, int]] = None, fit: str = "contain", renderer: str = "pdftoppm-cropbox",
             scale: Optional[float] = None, page_boxes: Optional[Iterable[str]] = None, labels: bool = True,
             format: str = "png") -> "Picture":
        """A picture of this page (Poppler's render, its boxes, origin and axes, a legend) with
        ``boxes`` drawn where they lie: Detections (:mod:`pdf_pageinfo.results`, each in its own
        frame), or rectangles ``(x0, y0, x1, y1)`` / ``((x0, y0, x1, y1), label)`` / an (N, 4)
        array in ``frame`` (:data:`FRAMES`; ``pixels`` and ``normalized`` of the image of ``dpi``
        or ``size`` and ``renderer``, as :meth:`map` takes them). ``scale`` is the picture's
        pixels per point (default ``dpi / 72``, else 1); ``page_boxes`` which of the page's boxes
        to draw (default all five; ``()`` none); ``format`` ``"png"`` or ``"svg"``.

        The picture is drawn by the executable (``pageinfo draw --overlay``); Jupyter shows it
        inline. Detections whose stated size is not the page's or the image's are refused as
        :meth:`map` refuses them."""
        sets = _box_sets(boxes, frame, labels)
        self._check_result([d for set_ in sets for d in set_[2] if d is not None], dpi, size, fit, renderer)
        return self._picture(sets, dpi=dpi, size=size, fit=fit, renderer=renderer,
                             scale=scale if scale is not None else (dpi / 72 if dpi else 1.0),
                             page_boxes=page_boxes, format=format)

    def render(self, dpi: float = 150, *, region: Optional[Tuple[float, float, float, float]] = None,
               frame: str = "pdf", renderer: str = "pdftoppm-cropbox", boxes: Any = (),
               boxes_frame: Optional[str] = None) -> "Picture":
        """The page rendered by Poppler at ``dpi`` (PNG, nothing drawn over it but ``boxes``), or
        only ``region`` ``(x0, y0, x1, y1)`` of it, given in ``frame`` (``pdf``, ``page``, a
        library's or pipeline's frame, or ``pixels``/``normalized`` of ``renderer``'s image at
        ``dpi``), turned as the page is: the same pixels as that rectangle cut from the whole
        page's render. ``boxes`` are drawn as :meth:`draw` draws them (the image frames of
        ``renderer`` at ``dpi``), checked as :meth:`map` checks them."""
        sets = _box_sets(boxes, boxes_frame, True)
        self._check_result([d for set_ in sets for d in set_[2] if d is not None], dpi, None, "contain", renderer)
        region_frame = None if region is None else frame
        return self._picture(sets, dpi=dpi, size=None, fit="contain", renderer=renderer, scale=dpi / 72,
                             page_boxes=None, format="png", region=region, region_frame=region_frame, bare=True)

    def _picture(self, sets: List[Tuple[str, List[Any], List[Any]]], *, dpi: Optional[float],
                 size: Optional[Tuple[int, int]], fit: str, renderer: str, scale: float,
                 page_boxes: Optional[Iterable[str]], format: str, region: Optional[Sequence[float]] = None,
                 region_frame: Optional[str] = None, bare: bool = False) -> "Picture":
        import json
        import os
        import tempfile
        from ._picture import Picture
        if format not in ("png", "svg"):
            raise ValueError(f"format must be 'png' or 'svg', not {format!r}")
        if self.error is not None:
            raise self._unreadable("picture")
        if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0 < scale < float("inf"):
            raise ValueError(f"scale must be a positive number of pixels per point, not {scale!r}")
        frames = [f for f, _, _ in sets] + ([region_frame] if region_frame else [])
        arguments = ["--page", str(self.number), "--scale", repr(float(scale))]
        if page_boxes is not None:
            names = list(page_boxes)
            arguments += ["--boxes", ",".join(names) if names else "none"]
        if bare:
            arguments.append("--bare")
        if any(f in IMAGE_FRAMES for f in frames):
            arguments += list(_bitmap_options(dpi, size, fit, renderer))
        elif frames and (renderer != "pdftoppm-cropbox" or size is not None):
            raise ValueError("renderer= and size= name the image of boxes (or a region) in the pixels or normalized "
                             "frame, and none is; leave them out (the picture is Poppler's render of the page)")
        with tempfile.TemporaryDirectory(prefix="pageinfo-boxes-") as work:
            for k, (frame_name, entries, _) in enumerate(sets):
                path = os.path.join(work, f"{frame_name}-{k + 1}.json")
                with open(path, "w") as f:
                    json.dump(entries, f)
                arguments += ["--overlay", path]
            for frame_name in frames:
                if frame_name not in FRAMES and frame_name != "raw":
                    raise ValueError(f"unknown frame {frame_name!r}; the frames are {', '.join(FRAMES)}")
            if len(set(frames)) == 1:
                arguments += ["--frame", frames[0]]
            elif frames:
                if region_frame is not None:
                    raise ValueError("give the region and the boxes in one frame")
                for frame_name in frames:
                    arguments += ["--frame", frame_name]
            if region is not None:
                x0, y0, x1, y1 = (float(v) for v in region)
                arguments += ["--region", f"{min(x0, x1)!r},{min(y0, y1)!r},{abs(x1 - x0)!r},{abs(y1 - y0)!r}"]
            if format == "svg":
                arguments.append("--svg")
            return Picture(self._document._draw(arguments), format)

    def _check_result(self, found: Sequence["Detection"], dpi: Optional[float], size: Optional[Tuple[int, int]],
                      fit: str, renderer: str) -> None:
        """What :meth:`map`, :meth:`draw` and :meth:`render` refuse: boxes of other pages or of
        several images, and a stated size that is not this page's or the named image's (checked
        once per frame and size)."""
        self._refuse_other_pages(found)
        first: Dict[Tuple[str, Optional[Tuple[float, float]]], "Detection"] = {}
        for d in found:
            first.setdefault((d.frame, d.size), d)
        for d in first.values():
            self._check_size(d, dpi, size, fit, renderer)

    def _refuse_other_pages(self, found: Sequence["Detection"]) -> None:
        images = sorted({d.image for d in found if d.page is None and d.image is not None})
        if len(images) > 1:
            raise ResultMismatch(f"page {self.number}: the result holds {len(images)} images; read it with page= (the PDF "
                                 "page of its first image) and map it with doc.map(...), or keep one image's boxes "
                                 "([d for d in found if d.image == 1])", file=self._document.name)
        others = sorted({d.page for d in found if d.page is not None and d.page != self.number})
        if others:
            listed = ", ".join(map(str, others[:5])) + ("…" if len(others) > 5 else "")
            raise ResultMismatch(f"page {self.number}: the result has boxes of page{'s' if len(others) > 1 else ''} {listed}: "
                                 "map a result of several pages with doc.map(...), or keep this page's "
                                 f"([d for d in found if d.page == {self.number}])", file=self._document.name)

    def _check_size(self, d: "Detection", dpi: Optional[float], size: Optional[Tuple[int, int]], fit: str,
                    renderer: str) -> None:
        if d.size is None:
            return
        stated = d.size
        if d.frame == "normalized":
            # Ratios: a resized copy of the image (a service's, a model's input) has them too, so
            # only the shape is checked.
            bitmap = self._pixels(dpi, size, fit, renderer)
            if abs(stated[0] / stated[1] - bitmap.width / bitmap.height) <= 0.01 * bitmap.width / bitmap.height:
                return
            raise ResultMismatch(f"page {self.number}: the result's image is {stated[0]:g}x{stated[1]:g}, width/height "
                                 f"{stated[0] / stated[1]:.4f}, but renderer={renderer!r}'s image is {bitmap.width}x"
                                 f"{bitmap.height} ({bitmap.width / bitmap.height:.4f}): name the call that made the image",
                                 file=self._document.name)
        if d.frame in IMAGE_FRAMES:
            bitmap = self._pixels(dpi, size, fit, renderer)
            if abs(stated[0] - bitmap.width) <= 0.5 and abs(stated[1] - bitmap.height) <= 0.5:
                return
            made = f"{'dpi=' + format(dpi, 'g') if size is None else 'size=' + str(size)}"
            others = []
            for name in RENDERERS:
                if name == renderer:
                    continue
                try:
                    other = self.bitmap(dpi, size=size, fit=fit, renderer=name)
                except BitmapUnavailable:
                    continue
                if abs(stated[0] - other.width) <= 0.5 and abs(stated[1] - other.height) <= 0.5:
                    others.append(name)
            hint = (f"; {' and '.join(repr(n) for n in others)} at {made} make{'s' if len(others) == 1 else ''} that size"
                    if others else "; no renderer makes that size at " + made + ": is it the image of this page, at this dpi?")
            raise ResultMismatch(f"page {self.number}: the result's image is {stated[0]:g}x{stated[1]:g} px, but "
                                 f"renderer={renderer!r} at {made} makes {bitmap.width}x{bitmap.height}: name the call "
                                 f"that made the image{hint}", file=self._document.name)
        if d.frame == "documentai":
            # Only the page image's shape is known: its pixels are the service's own.
            mine, theirs = self.width / self.height, stated[0] / stated[1]
            if abs(theirs - mine) <= 0.01 * mine:
                return
            raise ResultMismatch(f"page {self.number}: the result's page image is {stated[0]:g}x{stated[1]:g}, "
                                 f"width/height {theirs:.4f}; this page's is {mine:.4f} ({self.width:g}x{self.height:g} pt): "
                                 "another page, or a page the service saw otherwise (docs/records.md, \"Frames\")",
                                 file=self._document.name)
        # The page's own extent in the frame (its CropBox through the frame's matrix).
        x0, y0, x1, y1 = self._from_raw(d.frame, dpi, size, fit, renderer).apply_rect(*self.crop_box.rect)
        width, height = x1 - x0, y1 - y0
        tolerance = 0.005 * max(width, height)   # (results round; another page or /UserUnit is far more)
        if abs(stated[0] - width) <= tolerance and abs(stated[1] - height) <= tolerance:
            return
        raise ResultMismatch(f"page {self.number}: the result's page is {stated[0]:g}x{stated[1]:g} in the {d.frame} "
                             f"frame, but this page is {width:.4g}x{height:.4g} there: another page, or a page the "
                             "software saw otherwise (docs/records.md, \"Frames\")", file=self._document.name)

    def _to_raw(self, frame: str, dpi: Optional[float], size: Optional[Tuple[int, int]], fit: str,
                renderer: str) -> Matrix:
        if frame in ("pdf", "raw"):
            return Matrix.identity()
        if frame == "page":
            return self.transform.inverse()
        if frame == "pixels":
            return self._pixels(dpi, size, fit, renderer).pixel_to_raw
        if frame == "normalized":
            return self._pixels(dpi, size, fit, renderer).normalized_to_raw
        return self._library(frame)[1]

    def _from_raw(self, frame: str, dpi: Optional[float], size: Optional[Tuple[int, int]], fit: str,
                  renderer: str) -> Matrix:
        if frame in ("pdf", "raw"):
            return Matrix.identity()
        if frame == "page":
            return self.transform
        if frame == "pixels":
            return self._pixels(dpi, size, fit, renderer).raw_to_pixel
        if frame == "normalized":
            return self._pixels(dpi, size, fit, renderer).raw_to_normalized
        return self._library(frame)[0]

    def _pixels(self, dpi: Optional[float], size: Optional[Tuple[int, int]], fit: str,
                renderer: str) -> Bitmap:
        if dpi is None and size is None:
            raise ValueError("the pixels and normalized frames are of an image: give dpi= or size= "
                             "(and the renderer= that made it)")
        return self.bitmap(dpi, size=size, fit=fit, renderer=renderer)

    def _library(self, frame: str) -> Tuple[Matrix, Matrix]:
        if frame not in _LIBRARY_FRAMES:
            raise ValueError(f"unknown frame {frame!r}; the frames are {', '.join(FRAMES)}")
        if self.error is not None:
            raise self._unreadable("frames")
        columns, row = self._document._extra(("--frames", "all"), self)
        column = columns["frames"][frame]
        # (The inverse of frameToRaw rather than the record's rawToFrame: the ratios' and inches'
        # coefficients, 1/width and 1/72, lose digits at the records' 9 decimals.)
        back = _matrix(column["frameToRaw"], row)
        return (back.inverse(), back)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Page):
            return NotImplemented
        return self._document is other._document and self._columns is other._columns and self._row == other._row

    def __hash__(self) -> int:
        return hash((id(self._document), id(self._columns), self._row))

    def __repr__(self) -> str:
        error = self.error
        if error is not None:
            return f"<Page {self.number} error={error.code}>"
        return (f"<Page {self.number} {self.width:g}x{self.height:g} rotation={self.rotation}"
                + (f" label={self.label!r}" if self.label is not None else "") + ">")


def _box_sets(boxes: Any, frame: Optional[str], labels: bool) -> List[Tuple[str, List[Any], List[Any]]]:
    """The boxes of ``Page.draw`` as files for ``draw --overlay``: one (frame, JSON entries,
    the Detections or None per entry) per frame, in the order the frames first come."""
    from .results import Detection
    rows = boxes.tolist() if hasattr(boxes, "tolist") else list(boxes)
    sets: Dict[str, Tuple[List[Any], List[Any]]] = {}
    for i, item in enumerate(rows):
        detection = item if isinstance(item, Detection) else None
        label: Any = None
        box: Any
        where: Optional[str]
        if detection is not None:
            box, label, where = detection.box, detection.text, detection.frame
        elif isinstance(item, (tuple, list)) and len(item) == 2 and isinstance(item[0], (tuple, list)):
            box, label, where = item[0], item[1], frame
        else:
            box, where = item, frame
        if where is None:
            raise ValueError("give frame=: the frame the boxes are in (see FRAMES)")
        values = [float(v) for v in box]
        if len(values) != 4:
            raise ValueError(f"box {i}: expected (x0, y0, x1, y1), not {item!r}")
        entry: Dict[str, Any] = {"box": values}
        if labels and label is not None:
            entry["label"] = str(label)
        entries, found = sets.setdefault(where, ([], []))
        entries.append(entry)
        found.append(detection)
    return [(name, entries, found) for name, (entries, found) in sets.items()]


def _bitmap_options(dpi: Optional[float], size: Optional[Tuple[int, int]], fit: str,
                    renderer: str) -> Tuple[str, ...]:
    if renderer not in RENDERERS:
        raise ValueError(f"renderer must be one of {', '.join(RENDERERS)}, not {renderer!r}")
    if size is not None:
        if dpi is not None:
            raise ValueError("give dpi or size, not both")
        if fit not in ("contain", "fill"):
            raise ValueError(f"fit must be 'contain' or 'fill', not {fit!r}")
        try:
            width, height = (_positive_int(operator.index(v), "size") for v in size)
        except (TypeError, ValueError):
            raise ValueError(f"size must be (width, height) in whole pixels, not {size!r}") from None
        return ("--bitmap-size", f"{width}x{height}", "--fit", fit, "--renderer", renderer)
    if fit != "contain":
        raise ValueError("fit applies to size=, not to dpi")
    dots = 150.0 if dpi is None else dpi
    if isinstance(dots, bool) or not isinstance(dots, (int, float)) or not 0 < dots < float("inf"):
        raise ValueError(f"dpi must be a positive number, not {dpi!r}")
    return ("--dpi", repr(float(dots)), "--renderer", renderer)


def _positive_int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{what} must be a positive integer, not {value!r}")
    number: int = value
    return number
