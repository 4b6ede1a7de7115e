# SPDX-License-Identifier: Apache-2.0
"""Documents and pages, read through ``pageinfo pages --format columns``."""

from __future__ import annotations

import bisect
import math
import operator
import os
import tempfile
from array import array
from typing import (Any, Dict, Iterable, Iterator, List, NamedTuple, Optional, Sequence,
                    SupportsIndex, Tuple, Union, overload)

from ._errors import (BitmapUnavailable, PageInfoError, PageUnreadable, UsageError, error_for)
from ._geometry import Box, Geometry, Matrix, PdfWarning
from ._run import Run

__all__ = ["Document", "Page", "PageError", "Bitmap", "open", "iter_pages", "read_many", "FRAMES",
           "RENDERERS"]

PathLike = Union[str, "os.PathLike[str]", "os.PathLike[bytes]"]
Source = Union[PathLike, bytes, bytearray, memoryview, Any]

#: The frames :meth:`Page.convert` knows besides the libraries' own: ``pdf`` (raw PDF space,
#: points, y up, as the boxes), ``page`` (points, y up, origin at the lower-left corner of the
#: displayed page: the CropBox after /Rotate), ``pixels`` (the bitmap of ``dpi`` or ``size``).
FRAMES = ("pdf", "page", "pixels", "pymupdf", "pdfplumber", "pdfminer", "pypdfium2", "pypdf")
#: Whose pixel-size rules a bitmap follows (``pageinfo pages --renderer``).
RENDERERS = ("pdftoppm", "pdfium", "mupdf")
_LIBRARY_FRAMES = FRAMES[3:]


# The executable's messages name its flags; these codes get Python's advice instead.
_PYTHON_ADVICE = {
    "password-required": "{name}: encrypted; give its user or owner password: "
                         "pdf_pageinfo.open(path, password=...) or read_many(paths, password=...)",
    "wrong-password": "{name}: encrypted, and the password given is not its user or owner "
                      "password",
}


class PageError(NamedTuple):
    """Why a position of the page tree is not a page: a stable ``code`` (``kid-missing``, …)
    and a one-line ``message``."""

    code: str
    message: str


# -- compact columns --------------------------------------------------------------------------
# A chunk's numeric columns are kept as typed arrays, not as the parsed JSON lists (about 1.1 KB
# of Python objects a page): numbers in points as array('d'), a null as NaN; whole numbers as
# array('q'), a null as _NO_INT. A column whose values do not fit (never written so by the
# executable) stays a list, and the accessors take both: a null is None, NaN or _NO_INT.

_NO_INT = -(1 << 63)
_NAN = math.nan
_INT_COLUMNS = ("index", "rotation", "rotationRaw")
_FLOAT_COLUMNS = ("userUnit",)
_FLOAT_GROUPS = ("mediaBox", "cropBox", "bleedBox", "trimBox", "artBox", "size", "transform")
_MATRIX_KEYS = {"a", "b", "c", "d", "tx", "ty"}
_NO_WARNINGS: Tuple[Any, ...] = ()


def _floats(values: List[Any]) -> Any:
    try:
        return array("d", values)
    except TypeError:
        pass
    try:
        return array("d", [_NAN if v is None else v for v in values])
    except TypeError:
        return values


def _ints(values: List[Any], nullable: bool = True) -> Any:
    if _NO_INT in values or (not nullable and None in values):
        return values
    try:
        return array("q", values)
    except (TypeError, OverflowError):
        pass
    try:
        return array("q", [_NO_INT if v is None else v for v in values])
    except (TypeError, OverflowError):
        return values


def _compact_matrices(value: Any, shared: Any) -> Any:
    """The matrices of the bitmap and frames columns (dicts of a … ty) as arrays."""
    if isinstance(value, dict):
        if value.keys() == _MATRIX_KEYS:
            return {k: shared(_floats(v)) for k, v in value.items()}
        return {k: _compact_matrices(v, shared) for k, v in value.items()}
    return value


def _compact(columns: Dict[str, Any]) -> Dict[str, Any]:
    """A chunk's columns as parsed, made compact in place (and returned). Equal columns of a
    chunk are one array (read-only, as all columns are): on most pages the BleedBox, TrimBox and
    ArtBox equal the CropBox, x and y are 0, /UserUnit 1 and /Rotate as written."""
    pool: Dict[Tuple[str, bytes], Any] = {}

    def shared(values: Any) -> Any:
        if type(values) is not array:
            return values
        return pool.setdefault((values.typecode, values.tobytes()), values)

    for name in _INT_COLUMNS:
        if name in columns:
            # (index has no null: if it had one, it would stay a list, and Page.index None.)
            columns[name] = shared(_ints(columns[name], nullable=name != "index"))
    for name in _FLOAT_COLUMNS:
        if name in columns:
            columns[name] = shared(_floats(columns[name]))
    for name in _FLOAT_GROUPS:
        group = columns.get(name)
        if isinstance(group, dict):
            columns[name] = {k: shared(_floats(v)) for k, v in group.items()}
    warnings = columns.get("warnings")
    if isinstance(warnings, list):
        # Most pages have none: one shared empty tuple, not a list each.
        columns["warnings"] = [w or _NO_WARNINGS for w in warnings]
    for name in ("bitmap", "frames"):
        if name in columns:
            columns[name] = _compact_matrices(columns[name], shared)
    return columns


def _is_null(value: Any) -> bool:
    """A null of a column: None (a list), NaN (array('d')) or _NO_INT (array('q'))."""
    return value is None or value != value or (type(value) is int and value == _NO_INT)


def _plain(column: Any) -> Any:
    if isinstance(column, dict):
        return {k: _plain(v) for k, v in column.items()}
    return [None if _is_null(v) else v for v in column]


def _same_column(a: Any, b: Any) -> bool:
    """Equal columns, nulls included (NaN is not equal to itself: arrays compare by bytes)."""
    if a is b:
        return True
    if a is None or b is None:
        return False
    if isinstance(a, dict) or isinstance(b, dict):
        return (isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys()
                and all(_same_column(a[k], b[k]) for k in a))
    if type(a) is array and type(b) is array and a.typecode == b.typecode:
        return a.tobytes() == b.tobytes()
    same: bool = _plain(a) == _plain(b)
    return same


def _matrix(column: Dict[str, Any], i: int) -> Matrix:
    return Matrix(column["a"][i], column["b"][i], column["c"][i], column["d"][i],
                  column["tx"][i], column["ty"][i])


class Bitmap:
    """Where a page lands in a rendered bitmap: the pixel size a renderer produces at a DPI or
    for a bitmap size, and the matrices between raw PDF space (points, y up) and pixel space
    (origin at the top-left corner of pixel (0, 0), y down, one unit a pixel).

    ``to_pixels`` and ``to_pdf`` are exact inverses, and take what :meth:`Matrix.apply` takes:
    points, rectangles ``(x0, y0, x1, y1)``, :class:`Box` values, lists, numpy arrays.
    """

    __slots__ = ("renderer", "dpi", "fit", "requested_size", "width", "height", "scale_x",
                 "scale_y", "raw_to_pixel", "pixel_to_raw")

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
        self.raw_to_pixel: Matrix = _matrix(column["rawToPixel"], i)
        self.pixel_to_raw: Matrix = _matrix(column["pixelToRaw"], i)

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

    def __init__(self, columns: Dict[str, Any], row: int, document: "Document") -> None:
        self._columns = columns
        self._row = row
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

    # -- bitmaps and frames -------------------------------------------------------------------
    def bitmap(self, dpi: Optional[float] = None, *, size: Optional[Tuple[int, int]] = None,
               fit: str = "contain", renderer: str = "pdftoppm") -> Bitmap:
        """The page rendered at ``dpi`` (or into ``size=(W, H)`` pixels, ``fit`` ``"contain"``
        or ``"fill"``) by ``renderer`` (``pdftoppm``, ``pdfium`` or ``mupdf``, whose pixel
        sizes differ by a pixel at times): its pixel size and matrices. ``dpi`` defaults to 150.
        """
        if self.error is not None:
            raise self._unreadable("bitmap")
        options = _bitmap_options(dpi, size, fit, renderer)
        columns, row = self._document._extra(options, self)
        column = columns.get("bitmap")
        if column is None or column["renderer"][row] is None:
            raise BitmapUnavailable(
                f"page {self.number} has no bitmap for {' '.join(options)}: a side would be 0 or "
                "more than 2147483647 pixels", file=self._document.name)
        return Bitmap(column, row)

    def matrix(self, src: str, dst: str, *, dpi: Optional[float] = None,
               size: Optional[Tuple[int, int]] = None, fit: str = "contain",
               renderer: str = "pdftoppm") -> Matrix:
        """The matrix from frame ``src`` to frame ``dst`` (see :data:`FRAMES`); ``dpi`` or
        ``size`` (with ``fit`` and ``renderer``) say which bitmap ``pixels`` is."""
        return self._to_raw(src, dpi, size, fit, renderer).then(
            self._from_raw(dst, dpi, size, fit, renderer))

    def convert(self, geometry: Geometry, src: str, dst: str, *, dpi: Optional[float] = None,
                size: Optional[Tuple[int, int]] = None, fit: str = "contain",
                renderer: str = "pdftoppm") -> Any:
        """Points, rectangles ``(x0, y0, x1, y1)``, Boxes, lists or numpy arrays from frame
        ``src`` to frame ``dst``: ``pdf``, ``page``, ``pixels`` (with ``dpi`` or ``size``), or
        the frame of a library — ``pymupdf``, ``pdfplumber``, ``pdfminer``, ``pypdfium2``,
        ``pypdf`` (docs/records.md, "Frames", says which API of each reports in it)."""
        return self.matrix(src, dst, dpi=dpi, size=size, fit=fit,
                           renderer=renderer).apply(geometry)

    def _to_raw(self, frame: str, dpi: Optional[float], size: Optional[Tuple[int, int]], fit: str,
                renderer: str) -> Matrix:
        if frame in ("pdf", "raw"):
            return Matrix.identity()
        if frame == "page":
            return self.transform.inverse()
        if frame == "pixels":
            return self._pixels(dpi, size, fit, renderer).pixel_to_raw
        return self._library(frame)[1]

    def _from_raw(self, frame: str, dpi: Optional[float], size: Optional[Tuple[int, int]], fit: str,
                  renderer: str) -> Matrix:
        if frame in ("pdf", "raw"):
            return Matrix.identity()
        if frame == "page":
            return self.transform
        if frame == "pixels":
            return self._pixels(dpi, size, fit, renderer).raw_to_pixel
        return self._library(frame)[0]

    def _pixels(self, dpi: Optional[float], size: Optional[Tuple[int, int]], fit: str,
                renderer: str) -> Bitmap:
        if dpi is None and size is None:
            raise ValueError("the pixels frame needs dpi= or size=")
        return self.bitmap(dpi, size=size, fit=fit, renderer=renderer)

    def _library(self, frame: str) -> Tuple[Matrix, Matrix]:
        if frame not in _LIBRARY_FRAMES:
            raise ValueError(f"unknown frame {frame!r}; the frames are {', '.join(FRAMES)}")
        if self.error is not None:
            raise self._unreadable("frames")
        columns, row = self._document._extra(("--frames", "all"), self)
        column = columns["frames"][frame]
        return (_matrix(column["rawToFrame"], row), _matrix(column["frameToRaw"], row))

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


class _Pages(Sequence[Page]):
    """The pages of a document, made on access from the column chunks."""

    def __init__(self, document: "Document") -> None:
        self._document = document

    def __len__(self) -> int:
        return self._document._count

    def __repr__(self) -> str:
        return f"<pages of {self._document.name!r}: {len(self)}>"

    @overload
    def __getitem__(self, i: SupportsIndex) -> Page: ...
    @overload
    def __getitem__(self, i: slice) -> List[Page]: ...

    def __getitem__(self, i: Any) -> Union[Page, List[Page]]:
        if isinstance(i, bool) or not isinstance(i, (int, slice)) and not hasattr(i, "__index__"):
            raise TypeError(f"page positions are integers or slices, not {type(i).__name__}")
        if not isinstance(i, slice):
            i = i.__index__()
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError("page position out of range")
        document = self._document
        chunk = bisect.bisect_right(document._starts, i) - 1
        return Page(document._chunks[chunk], i - document._starts[chunk], document)

    def __iter__(self) -> Iterator[Page]:
        document = self._document
        for columns in document._chunks:
            for row in range(len(columns["index"])):
                yield Page(columns, row, document)


class Document:
    """A PDF as read: its pages (``pages``, every position of the page tree, page errors
    included), ``status`` (``ok``, ``partial`` or ``failed``) and the file record's fields.

    Returned by :func:`open` (which raises for a failed file) and :func:`read_many` (where a
    failed file is a Document whose ``error`` is the exception ``open`` would raise). A context
    manager: ``close()`` deletes the temporary copy of a PDF given as bytes.
    """

    def __init__(self, name: Optional[str], path: Optional[str], chunks: List[Dict[str, Any]],
                 file_record: Dict[str, Any], *, password: Optional[str] = None,
                 page_ranges: Optional[str] = None, temporary: Optional[str] = None,
                 timeout: Optional[float] = None) -> None:
        self.name = name
        self._path = path
        self._password = password
        self._page_ranges = page_ranges
        self._temporary = temporary
        self._timeout = timeout
        self._chunks = chunks
        self._starts: List[int] = []
        count = 0
        for columns in chunks:
            self._starts.append(count)
            count += len(columns["index"])
        self._count = count
        self._extras: Dict[Tuple[str, ...], List[Dict[str, Any]]] = {}
        self._singles: Dict[Tuple[str, ...], Dict[int, Dict[str, Any]]] = {}
        self.pages: Sequence[Page] = _Pages(self)
        self._take_record(file_record)

    def _take_record(self, file_record: Dict[str, Any]) -> None:
        """The file record: its fields, and ``error``, the exception a failed file raises."""
        self.record: Dict[str, Any] = file_record
        error = file_record.get("error")
        self.error: Optional[PageInfoError] = None
        if error is not None and error["code"] != "page-out-of-range":
            name = self.name
            advice = _PYTHON_ADVICE.get(error["code"])
            message = advice.format(name=name or "the PDF") if advice else error["message"]
            if self._temporary is not None:
                # A PDF given as bytes: its spooled copy's name means nothing to the caller.
                message = message.replace(self._temporary, name or "the PDF")
            self.error = error_for(error["code"], message, name)

    # -- the file record ----------------------------------------------------------------------
    @property
    def status(self) -> str:
        status: str = self.record["status"]
        return status

    @property
    def page_count(self) -> int:
        """Positions of the page tree found by the walk (pages and page errors)."""
        count: int = self.record["pageCount"]
        return count

    @property
    def page_errors(self) -> int:
        errors: int = self.record["pageErrors"]
        return errors

    @property
    def count_claimed(self) -> Optional[int]:
        """The /Count the root /Pages node claims, or None."""
        return self.record.get("countClaimed")

    @property
    def pdf_version(self) -> Optional[str]:
        return self.record.get("pdfVersion")

    @property
    def encrypted(self) -> Optional[bool]:
        return self.record.get("encrypted")

    @property
    def has_page_labels(self) -> Optional[bool]:
        return self.record.get("hasPageLabels")

    @property
    def page_layout(self) -> Optional[str]:
        return self.record.get("pageLayout")

    @property
    def direction(self) -> Optional[str]:
        return self.record.get("direction")

    @property
    def warnings(self) -> List[PdfWarning]:
        return [PdfWarning(w["code"], w["message"]) for w in self.record.get("warnings") or []]

    @property
    def size_bytes(self) -> Optional[int]:
        return self.record.get("bytes")

    @property
    def seconds(self) -> Optional[float]:
        return self.record.get("seconds")

    # -- extra columns, fetched once per setting ----------------------------------------------
    def _extra(self, options: Tuple[str, ...], page: Page) -> Tuple[Dict[str, Any], int]:
        """The columns of ``pageinfo pages OPTIONS`` for ``page``: the first page asking for a
        setting gets a run of its own page; a second page asking for it, a run of every page,
        kept. A loop over pages with one setting costs two runs, a page alone one. Each run
        reads the file again: its pages must have the geometry read at open (else the file
        changed, and its matrices would not be this page's)."""
        chunks = self._extras.get(options)
        if chunks is not None:
            return chunks[self._chunk_of(page)], page._row
        singles = self._singles.setdefault(options, {})
        if page.index in singles:
            return singles[page.index], 0
        if singles:
            chunks = self._run_extra(options, self._page_ranges)
            if not self._same_pages(self._chunks, chunks):
                raise self._changed()
            self._extras[options] = chunks
            del self._singles[options]
            return chunks[self._chunk_of(page)], page._row
        chunks = self._run_extra(options, str(page.number))
        if len(chunks) != 1 or not self._same_pages([_row_of(page._columns, page._row)], chunks):
            raise self._changed()
        singles[page.index] = chunks[0]
        return chunks[0], 0

    _CHECKED = ("index", "rotation", "rotationRaw", "userUnit", "mediaBox", "cropBox")

    @classmethod
    def _same_pages(cls, read: List[Dict[str, Any]], again: List[Dict[str, Any]]) -> bool:
        return len(read) == len(again) and all(
            _same_column(r[k], a[k]) for r, a in zip(read, again) for k in cls._CHECKED)

    def _changed(self) -> PageInfoError:
        return PageInfoError(f"{self.name}: the file changed since it was opened (its pages differ); "
                             "open it again", code="changed", file=self.name)

    def _run_extra(self, options: Tuple[str, ...], page_ranges: Optional[str]) -> List[Dict[str, Any]]:
        if self._path is None:
            raise PageInfoError(f"{self.name}: the document is closed", file=self.name)
        arguments = ["pages", "--format", "columns", *options]
        if page_ranges:
            arguments += ["--pages", page_ranges]
        file_record, chunks = _read_one(arguments + ["--", self._path], self._password,
                                        timeout=self._timeout, name=self.name)
        error = file_record.get("error")
        if error is not None and error["code"] != "page-out-of-range":
            raise error_for(error["code"], error["message"], self.name)
        return chunks

    def _chunk_of(self, page: Page) -> int:
        for number, columns in enumerate(self._chunks):
            if columns is page._columns:
                return number
        raise ValueError("the page is not a page of this document")

    def close(self) -> None:
        if self._temporary is not None:
            try:
                os.unlink(self._temporary)
            except FileNotFoundError:
                pass
            self._temporary = None
            self._path = None

    def __enter__(self) -> "Document":
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[Page]:
        return iter(self.pages)

    def __repr__(self) -> str:
        return f"<Document {self.name!r} {self.status} pages={self._count}>"


class _Stream(Document):
    """The Document shell behind the pages of :func:`iter_pages`: it keeps no chunk, so the
    extra columns of ``bitmap()`` and ``convert()`` come from a run of the pages of the asking
    page's chunk, kept while pages of that chunk ask (one chunk per setting)."""

    def __init__(self, name: Optional[str], path: str, *, password: Optional[str],
                 page_ranges: Optional[str], temporary: Optional[str],
                 timeout: Optional[float]) -> None:
        super().__init__(name, path, [], {"status": None}, password=password,
                         page_ranges=page_ranges, temporary=temporary, timeout=timeout)
        self._held: Dict[Tuple[str, ...], Tuple[Dict[str, Any], Dict[str, Any]]] = {}

    def _extra(self, options: Tuple[str, ...], page: Page) -> Tuple[Dict[str, Any], int]:
        held = self._held.get(options)
        if held is not None and held[0] is page._columns:
            return held[1], page._row
        index = page._columns["index"]
        first, last = index[0], index[-1]
        if type(index) is array and list(index) == list(range(first, last + 1)):
            chunks = self._run_extra(options, f"{first + 1}-{last + 1}")
            if not self._same_pages([page._columns], chunks):
                raise self._changed()
            self._held[options] = (page._columns, chunks[0])
            return chunks[0], page._row
        # A page list out of order (pages="3,1"): a run of this page alone.
        chunks = self._run_extra(options, str(page.number))
        if not self._same_pages([_row_of(page._columns, page._row)], chunks):
            raise self._changed()
        return chunks[0], 0

    def __repr__(self) -> str:
        return f"<pages of {self.name!r}, read one by one>"


def _row_of(columns: Dict[str, Any], row: int) -> Dict[str, Any]:
    """One row of a chunk's columns, as a chunk of one row (an array column as an array)."""
    return {k: (_row_of(v, row) if isinstance(v, dict)
                else array(v.typecode, (v[row],)) if type(v) is array else [v[row]])
            for k, v in columns.items()}


def _chunks_and_file(records: Iterable[Dict[str, Any]]
                     ) -> Iterator[Tuple[List[Dict[str, Any]], Dict[str, Any]]]:
    """Group a run's records into (chunks, file record) per file."""
    chunks: List[Dict[str, Any]] = []
    for record in records:
        kind = record.get("record")
        if kind == "pages":
            chunks.append(_compact(record["columns"]))
        elif kind == "file":
            yield chunks, record
            chunks = []
        else:
            raise PageInfoError(f"unexpected record {kind!r} from pageinfo")
    if chunks:
        raise PageInfoError("pageinfo's output ended inside a file (no file record)")


def _finish(run: Run, file_record: Optional[Dict[str, Any]]) -> int:
    """``run.finish()``; a page list past the end is the UsageError of ``pages=``."""
    try:
        return run.finish()
    except UsageError:
        error = file_record.get("error") if file_record else None
        if file_record is not None and error and error["code"] == "page-out-of-range":
            raise UsageError(error["message"].replace("--pages: ", "pages=: "),
                             code=error["code"], file=file_record.get("file")) from None
        raise


def _read_one(arguments: List[str], password: Optional[str], *, timeout: Optional[float] = None,
              name: Optional[str] = None) -> Tuple[Dict[str, Any], List[Dict[str, Any]]]:
    with Run(arguments, password=password, timeout=timeout, name=name) as run:
        results = list(_chunks_and_file(run.records()))
        status = _finish(run, results[-1][1] if results else None)
    if len(results) != 1:
        raise PageInfoError(f"pageinfo wrote {len(results)} file records for one file "
                            f"(exit status {status})")
    chunks, file_record = results[0]
    return file_record, chunks


def _fspath(path: Any) -> str:
    value = os.fspath(path)
    return os.fsdecode(value) if isinstance(value, bytes) else value


def open(source: Source, password: Optional[str] = None, *,  # noqa: A001 - like io.open
         pages: Optional[str] = None, timeout: Optional[float] = None) -> Document:
    """Read a PDF: a path (``str`` or path-like), its bytes, or a binary file object.

    ``password`` opens an encrypted file (passed to the executable through its environment,
    never its command line). ``pages`` reads only some pages, as ``pageinfo --pages`` takes
    them (``"1-3,7,10-"``). ``timeout`` (seconds) stops a read that takes longer, this one and
    the later ones of ``bitmap()`` and ``convert()`` (:class:`WorkerFailed`, code ``timeout``;
    a reader that crashes is :class:`WorkerFailed`, code ``crashed``). Raises :class:`NotAPDF`,
    :class:`PasswordRequired`, :class:`WrongPassword`, :class:`DamagedPDF`,
    :class:`FileNotFound`, :class:`Unreadable`; a file with some unreadable pages opens with
    ``status == "partial"``.

    The geometry of every page is kept, in typed arrays (about 0.4 KB a page); :func:`iter_pages`
    reads the same pages in flat memory, for a pipeline that visits each page once.
    """
    timeout = _seconds(timeout, "timeout")
    name, path, temporary = _place(source, "open")
    try:
        file_record, chunks = _read_one(_arguments(pages, path), password, timeout=timeout,
                                        name=name)
        document = Document(name, path, chunks, file_record, password=password,
                            page_ranges=pages, temporary=temporary, timeout=timeout)
    except BaseException:
        _unlink(temporary)
        raise
    if document.error is not None:
        document.close()
        raise document.error
    return document


def _place(source: Source, function: str) -> Tuple[Optional[str], str, Optional[str]]:
    """``(name, path, temporary)`` of a source: a path (made absolute: bitmap() and convert()
    read the file again, maybe after an os.chdir), or bytes and file objects spooled to a
    temporary file."""
    if isinstance(source, (bytes, bytearray, memoryview)) or hasattr(source, "read"):
        data = source.read() if hasattr(source, "read") else bytes(source)
        if not isinstance(data, (bytes, bytearray)):
            raise TypeError(f"a file object given to pdf_pageinfo.{function} must be opened in "
                            "binary mode")
        handle, temporary = tempfile.mkstemp(prefix="pageinfo-", suffix=".pdf")
        try:
            with os.fdopen(handle, "wb") as spool:
                spool.write(data)
        except BaseException:
            _unlink(temporary)
            raise
        name = getattr(source, "name", None)
        return (name if isinstance(name, str) else None), temporary, temporary
    name = _fspath(source)
    return name, os.path.abspath(name), None


def _arguments(pages: Optional[str], path: str) -> List[str]:
    arguments = ["pages", "--format", "columns"]
    if pages is not None:
        arguments += ["--pages", pages]
    return arguments + ["--", path]


def _unlink(path: Optional[str]) -> None:
    if path is not None:
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass


def iter_pages(source: Source, password: Optional[str] = None, *,
               pages: Optional[str] = None, timeout: Optional[float] = None) -> Iterator[Page]:
    """The pages of a PDF one by one, while the executable reads them: like
    ``iter(pdf_pageinfo.open(...).pages)``, in flat memory (one chunk of at most 1,024 pages alive at
    a time, whatever the page count), for a pipeline that visits each page once.

    Takes what :func:`open` takes. Pages are those of ``open``, page errors included (their
    geometry raises :class:`PageUnreadable`); ``bitmap()`` and ``convert()`` read the file again
    for the pages of the page's chunk (once per setting and chunk). A failed file raises what
    ``open`` raises (:class:`NotAPDF`, :class:`PasswordRequired`, …) when the iteration reaches
    it: before the first page, since a failed file has none. ``pages=`` reaching past the last
    page yields the pages there are, then raises :class:`UsageError` (``open`` raises before
    returning any). Stopping early (``break``, or
    ``close()`` of the iterator) stops the executable. ``timeout`` counts from the start of the
    iteration, the time the loop's body takes included. A PDF given as bytes is spooled to a
    temporary file, deleted when neither the iterator nor any of its pages is left (or at once if
    the file fails).
    """
    timeout = _seconds(timeout, "timeout")
    name, path, temporary = _place(source, "iter_pages")
    try:
        document = _Stream(name, path, password=password, page_ranges=pages,
                           temporary=temporary, timeout=timeout)
    except BaseException:
        _unlink(temporary)
        raise
    return _iter_pages(document)


def _iter_pages(document: "_Stream") -> Iterator[Page]:
    assert document._path is not None
    file_record = None
    try:
        with Run(_arguments(document._page_ranges, document._path), password=document._password,
                 timeout=document._timeout, name=document.name) as run:
            for record in run.records():
                kind = record.get("record")
                if kind == "pages" and file_record is None:
                    columns = _compact(record["columns"])
                    del record
                    for row in range(len(columns["index"])):
                        yield Page(columns, row, document)
                    del columns
                elif kind == "file" and file_record is None:
                    file_record = record
                else:
                    raise PageInfoError(f"unexpected record {kind!r} from pageinfo")
            status = _finish(run, file_record)
        if file_record is None:
            raise PageInfoError(f"pageinfo wrote no file record (exit status {status})")
        document._take_record(file_record)
        if document.error is not None:
            raise document.error
    except GeneratorExit:
        # Stopped early: the pages made may still ask for bitmaps (the copy of a PDF given as
        # bytes goes with the last of them, Document.__del__).
        raise
    except BaseException:
        document.close()
        raise


def _seconds(value: Optional[float], what: str) -> Optional[float]:
    """None, or a positive number of seconds (infinity: None)."""
    if value is None or value == float("inf"):
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise ValueError(f"{what} must be a positive number of seconds or None, not {value!r}")
    return float(value)


def _positive_int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{what} must be a positive integer, not {value!r}")
    number: int = value
    return number


def read_many(paths: Iterable[PathLike], *, jobs: Optional[int] = None,
              timeout: Optional[float] = 60, max_memory: Optional[int] = 4096,
              password: Optional[str] = None, worker: Optional[str] = None) -> Iterator[Document]:
    """Read many PDFs in isolated worker processes (``pageinfo`` batch mode), yielding one
    :class:`Document` per path, in input order, as they are done (like ``Executor.map``).

    A file that is damaged, encrypted, crashes or hangs its worker (``timeout`` seconds, 0 or
    None: no limit) or exceeds ``max_memory`` MiB is a Document with ``status == "failed"`` and
    ``error`` set (:class:`WorkerFailed` for the last three); this process lives on.
    ``timeout`` None (or infinity) and ``max_memory`` None or 0 set no limit.
    ``worker`` names another worker executable (``pageinfo pages --worker``), e.g. a wrapper
    that runs the worker in a sandbox.
    """
    names = [os.fsencode(path) for path in paths]
    if any(b"\0" in name for name in names):
        raise ValueError("a path contains a NUL byte")
    seconds = _seconds(timeout, "timeout")
    if max_memory is not None and max_memory != 0:
        _positive_int(max_memory, "max_memory (MiB)")
    arguments = ["pages", "--files-from", "-", "-0", "--format", "columns", "--no-progress",
                 "--timeout", _number(seconds or 0), "--max-memory", str(max_memory or 0)]
    if worker is not None:
        arguments += ["--worker", _fspath(worker)]
    if jobs is not None:
        arguments += ["--jobs", str(_positive_int(jobs, "jobs"))]
    if not names:
        return iter(())
    return _read_many(arguments, names, password)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _read_many(arguments: List[str], names: List[bytes], password: Optional[str]) -> Iterator[Document]:
    with Run(arguments, password=password, stdin=b"\0".join(names) + b"\0") as run:
        position = 0
        for chunks, file_record in _chunks_and_file(run.records()):
            expected = os.fsdecode(names[position]) if position < len(names) else None
            if file_record.get("file") != expected:
                raise PageInfoError(
                    f"pageinfo reported {file_record.get('file')!r} where {expected!r} was next")
            position += 1
            yield Document(expected, expected, chunks, file_record, password=password)
        status = run.finish()
        if position != len(names):
            # The run stopped before the end: its one line says why (a worker of another
            # version of pageinfo, exit 70, reads no file).
            why = run.last_error() or "no message"
            raise PageInfoError(f"pageinfo reported {position} of {len(names)} files "
                                f"(exit status {status}): {why}")
