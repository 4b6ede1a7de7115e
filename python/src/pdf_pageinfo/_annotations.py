# SPDX-License-Identifier: Apache-2.0
"""A page's annotations, links and widgets as ``pageinfo annotations --format jsonl`` writes them
(docs/records.md, "Annotation records"): every rectangle in raw PDF space, as the records carry
it, so that ``page.convert(annotation.rect, "pdf", dst, ...)`` maps it with the page's own
matrices. Nothing here reads the PDF or decides a rule: a field the executable wrote ``null``
(a damaged /Rect, no appearance) is ``None`` here, and its warning says why."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Tuple

from ._errors import PageInfoError
from ._geometry import Box, Matrix, PdfWarning

__all__ = ["Annotation", "Appearance", "Field", "Action", "Destination", "Quad", "ViewState", "OutlineEntry"]

#: Asks the view state of one page's annotation's destination: (page, annotation index, view size).
ViewStateQuery = Callable[[int, int, Tuple[float, float]], Optional["ViewState"]]

#: A quadrilateral of /QuadPoints: four ``(x, y)`` points in raw PDF space, in the file's order
#: (ISO 32000 writes them upper-left, upper-right, lower-left, lower-right for text markup, but
#: a file may give any order; :attr:`Annotation.quad_boxes` has each one's bounding Box).
Quad = Tuple[Tuple[float, float], Tuple[float, float], Tuple[float, float], Tuple[float, float]]


class Appearance(NamedTuple):
    """The appearance stream in effect (/AP /N, picked by /AS when it holds states): ``state``
    the /AS that picked it (None when there are no states), ``bbox`` its /BBox in form space and
    ``matrix`` its /Matrix (form space → the space /BBox is mapped from onto /Rect)."""

    state: Optional[str]
    bbox: Box
    matrix: Matrix


class Field(NamedTuple):
    """The form field of a widget: ``name`` fully qualified (the /T of the widget and its
    ancestors, root first, joined by ``.``) and ``type`` the nearest /FT (Btn, Tx, Ch, Sig)."""

    name: Optional[str]
    type: Optional[str]


class Action(NamedTuple):
    """/A: ``type`` its /S as written (URI, GoTo, GoToR, Named, JavaScript, Launch, …) and
    ``target`` the URI, the file of GoToR and Launch or the name of a Named action (None for the
    others). Actions are named, never run."""

    type: str
    target: Optional[str]


class ViewState(NamedTuple):
    """What a viewer shows (``pageinfo viewstate``'s view state): the page of 0-based index
    ``page_index``, and of it ``viewport``, a :class:`Box` in that page's **page space** (points,
    lower-left origin, y up) with the view's aspect ratio; None shows the whole page."""

    page_index: int
    viewport: Optional[Box]


@dataclass(frozen=True)
class Destination:
    """Where a link goes (/Dest, or /D of a GoTo or GoToR action; named destinations resolved
    through /Dests and the /Names tree). ``page`` is the target page's 0-based index in this
    document (``doc.pages[d.page]`` when the document holds every page; None for a page of another
    file, ``remote_page`` then, or no page of this one). ``kind`` is XYZ, Fit, FitH, FitV, FitR,
    FitB, FitBH or FitBV, and ``left``, ``bottom``, ``right``, ``top``, ``zoom`` its numbers in the
    **target** page's raw space, None where the destination gives null ("unchanged") or its kind
    has none (``kind`` is None too where a record holds only a name that resolves to no page).
    ``name`` is the name the link gave it by, if any. In the target page's **page** space:
    ``page_point``, an XYZ destination's (left, top), and ``page_rect``, a FitR destination's
    rectangle (None for other kinds, or when the target page was not read)."""

    page: Optional[int]
    remote_page: Optional[int]
    kind: Optional[str]
    left: Optional[float]
    bottom: Optional[float]
    right: Optional[float]
    top: Optional[float]
    zoom: Optional[float]
    name: Optional[str]
    page_point: Optional[Tuple[float, float]] = None
    page_rect: Optional[Box] = None
    _ask: Optional[Callable[[Tuple[float, float]], Optional[ViewState]]] = field(default=None, compare=False, repr=False)

    def view_state(self, view_size: Tuple[float, float]) -> Optional[ViewState]:
        """The view state that following this destination gives in a view of ``view_size``
        ``(width, height)`` units (points at zoom 1), from a view showing the whole target page:
        XYZ puts (left, top) at the view's top-left corner at ``zoom`` (null: the whole page's
        zoom), FitH fits the page's width with ``top`` at the top, FitV its height, FitR the
        rectangle, Fit and FitB the page (``viewport`` None). The executable computes it
        (``pageinfo annotations --view WxH``: DocumentLayout's rule, not a second one here); None
        when the target is not a page of this document.

        Reads the file again: one run of ``pageinfo annotations --view`` for the link's page per
        view size, kept for that page's other links."""
        if self._ask is None or self.page is None:
            return None
        return self._ask(view_size)


#: A field of an Annotation not built yet.
_UNREAD: Any = object()


def _float(value: Any) -> Optional[float]:
    return None if value is None else float(value)


def _destination(d: Optional[Dict[str, Any]], ask: Optional[Callable[[Tuple[float, float]], Optional["ViewState"]]]
                 ) -> Optional["Destination"]:
    """A record's ``destination`` object (an annotation's or an outline entry's), or None."""
    if d is None:
        return None
    point = d.get("pagePoint")
    return Destination(d["page"], d["remotePage"], d["kind"], _float(d["left"]), _float(d["bottom"]),
                       _float(d["right"]), _float(d["top"]), _float(d["zoom"]), d["name"],
                       None if point is None else (float(point["x"]), float(point["y"])), _box(d.get("pageRect")), ask)


def _box(value: Optional[Dict[str, Any]]) -> Optional[Box]:
    if value is None:
        return None
    return Box(float(value["x"]), float(value["y"]), float(value["width"]), float(value["height"]))


class Annotation:
    """One element of a page's /Annots, in /Annots order (``index``, 0-based). Rectangles are
    :class:`Box` values in **raw PDF space** (points, y up: the space of the page's boxes), so
    ``page.convert(a.rect, "pdf", "pixels", dpi=300)`` or ``(..., "pdf", "pymupdf")`` carry them
    with the page's matrices.

    - ``rect``: /Rect, corners normalized; **None** when the file's /Rect is not four finite
      numbers (warning ``annotation-rect-invalid``): never a guessed rectangle.
    - ``drawn_rect``: where the appearance is drawn (/BBox through /Matrix onto /Rect; for a
      NoRotate annotation on a turned page, /Rect turned upright about its upper-left corner, as
      pdftoppm, pdfium and MuPDF draw it); None without an appearance.
    - ``page_rect``, ``drawn_page_rect``: the same in page space (``page.convert(a.rect, "pdf",
      "page")``).
    - ``flags``: /F by name (``"Print"``, ``"Hidden"``, ``"NoRotate"``, …), a tuple.
    - ``quad_points``: /QuadPoints as a list of :data:`Quad` (four ``(x, y)`` raw points each);
      ``page.convert(quad, "pdf", dst, ...)`` maps one quad's points, ``quad_boxes`` gives their
      bounding Boxes.
    - ``border_width``: /BS /W, else /Border's third number, as written (None: not written).
    - ``name``, ``modified``, ``contents``: /NM, /M as written, /Contents (at most 4,000 bytes).
    - ``appearance`` (:class:`Appearance`), ``field`` (:class:`Field`, widgets), ``action``
      (:class:`Action`), ``destination`` (:class:`Destination`): or None.
    - ``popup``: the ``index`` of its /Popup on the same page; ``parent``: for a Popup, the
      ``index`` of the annotation it belongs to; ``object``: its object number (None when it is
      written in place); ``page``: the page's 0-based index.
    - ``warnings``: what was damaged in this annotation (:class:`PdfWarning`, by code).

    The rectangles, ``flags``, ``quad_points``, ``appearance``, ``field``, ``action``,
    ``destination`` and ``warnings`` are read-only properties, each built from the record when
    first asked and then kept (the same object every time).
    """

    # The scalars are read at once; the rest (Boxes, quads, the appearance, the action, the
    # destination, the warnings) when first asked, then kept: most users read a few fields of
    # many annotations, and building all of them took as long as decoding the JSON (45,000
    # annotations: 2.8 s of Python, bench-15k-annots.pdf).
    __slots__ = ("page", "index", "object", "subtype", "border_width", "name", "modified", "contents", "popup",
                 "parent", "_record", "_ask", "_rect", "_drawn_rect", "_page_rect", "_drawn_page_rect", "_flags",
                 "_quad_points", "_appearance", "_field", "_action", "_destination", "_warnings")

    def __init__(self, record: Dict[str, Any], ask: Optional[ViewStateQuery] = None) -> None:
        self.page: int = record["page"]
        self.index: int = record["index"]
        self.object: Optional[int] = record["object"]
        self.subtype: Optional[str] = record["subtype"]
        self.border_width: Optional[float] = _float(record["borderWidth"])
        self.name: Optional[str] = record["name"]
        self.modified: Optional[str] = record["modified"]
        self.contents: Optional[str] = record["contents"]
        self.popup: Optional[int] = record["popup"]
        self.parent: Optional[int] = record["parent"]
        self._record = record
        self._ask = ask
        self._rect = self._drawn_rect = self._page_rect = self._drawn_page_rect = _UNREAD
        self._flags = self._quad_points = self._appearance = self._field = _UNREAD
        self._action = self._destination = self._warnings = _UNREAD

    @property
    def rect(self) -> Optional[Box]:
        if self._rect is _UNREAD:
            self._rect = _box(self._record["rect"])
        rect: Optional[Box] = self._rect
        return rect

    @property
    def drawn_rect(self) -> Optional[Box]:
        if self._drawn_rect is _UNREAD:
            self._drawn_rect = _box(self._record["drawnRect"])
        rect: Optional[Box] = self._drawn_rect
        return rect

    @property
    def page_rect(self) -> Optional[Box]:
        if self._page_rect is _UNREAD:
            self._page_rect = _box(self._record["pageRect"])
        rect: Optional[Box] = self._page_rect
        return rect

    @property
    def drawn_page_rect(self) -> Optional[Box]:
        if self._drawn_page_rect is _UNREAD:
            self._drawn_page_rect = _box(self._record["drawnPageRect"])
        rect: Optional[Box] = self._drawn_page_rect
        return rect

    @property
    def flags(self) -> Tuple[str, ...]:
        if self._flags is _UNREAD:
            self._flags = tuple(self._record["flags"])
        flags: Tuple[str, ...] = self._flags
        return flags

    @property
    def quad_points(self) -> List[Quad]:
        if self._quad_points is _UNREAD:
            points = [(float(p["x"]), float(p["y"])) for p in self._record["quadPoints"]]
            self._quad_points = [(points[i], points[i + 1], points[i + 2], points[i + 3])
                                 for i in range(0, len(points) - 3, 4)]
        quads: List[Quad] = self._quad_points
        return quads

    @property
    def appearance(self) -> Optional[Appearance]:
        if self._appearance is _UNREAD:
            a = self._record["appearance"]
            self._appearance = None if a is None else Appearance(
                a["state"], _box(a["bbox"]) or Box(0.0, 0.0, 0.0, 0.0),
                Matrix(*(float(a["matrix"][k]) for k in ("a", "b", "c", "d", "tx", "ty"))))
        appearance: Optional[Appearance] = self._appearance
        return appearance

    @property
    def field(self) -> Optional[Field]:
        if self._field is _UNREAD:
            f = self._record["field"]
            self._field = None if f is None else Field(f["name"], f["type"])
        form_field: Optional[Field] = self._field
        return form_field

    @property
    def action(self) -> Optional[Action]:
        if self._action is _UNREAD:
            a = self._record["action"]
            self._action = None if a is None else Action(a["type"], a["target"])
        action: Optional[Action] = self._action
        return action

    @property
    def destination(self) -> Optional[Destination]:
        if self._destination is _UNREAD:
            ask, page, index = self._ask, self.page, self.index
            self._destination = _destination(self._record["destination"],
                                             None if ask is None else (lambda size: ask(page, index, size)))
        destination: Optional[Destination] = self._destination
        return destination

    @property
    def warnings(self) -> List[PdfWarning]:
        if self._warnings is _UNREAD:
            self._warnings = [PdfWarning(w["code"], w["message"]) for w in self._record["warnings"]]
        warnings: List[PdfWarning] = self._warnings
        return warnings

    @property
    def quad_boxes(self) -> List[Box]:
        """Each quadrilateral's bounding Box (raw space), in ``quad_points`` order."""
        boxes = []
        for quad in self.quad_points:
            xs, ys = [p[0] for p in quad], [p[1] for p in quad]
            boxes.append(Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
        return boxes

    def __repr__(self) -> str:
        where = "rect=None" if self.rect is None else "rect=({:g}, {:g}, {:g}, {:g})".format(*self.rect.rect)
        return (f"<Annotation {self.index} {self.subtype or '?'} {where}"
                + (f" warnings={','.join(w.code for w in self.warnings)}" if self.warnings else "") + ">")


class OutlineEntry:
    """One item of the document outline (bookmarks, ISO 32000-2 §12.3.3), in pre-order
    (``index``, 0-based) as ``pageinfo outline`` writes it (docs/records.md, "Outline records"):
    ``level`` (0 at the top), ``title``, ``open`` (its /Count is positive: its children are shown),
    ``count`` (/Count as written, never trusted), ``object`` (its object number), ``action``
    (:class:`Action`) and ``destination`` (:class:`Destination`, its ``page`` a 0-based index;
    ``view_state`` is not available for outline entries: ``pageinfo outline`` has no view), and
    ``warnings`` (a loop cut, too deep, a /Count that disagrees with the children read, …)."""

    __slots__ = ("index", "level", "title", "open", "count", "object", "action", "destination", "warnings")

    def __init__(self, record: Dict[str, Any]) -> None:
        self.index: int = record["index"]
        self.level: int = record["level"]
        self.title: Optional[str] = record["title"]
        self.open: bool = bool(record["open"])
        self.count: Optional[int] = record["count"]
        self.object: Optional[int] = record["object"]
        action = record["action"]
        self.action: Optional[Action] = None if action is None else Action(action["type"], action["target"])
        self.destination: Optional[Destination] = _destination(record["destination"], None)
        self.warnings: List[PdfWarning] = [PdfWarning(w["code"], w["message"]) for w in record["warnings"]]

    def __repr__(self) -> str:
        return f"<OutlineEntry {self.index} level {self.level} {self.title!r}>"


class PageAnnotations(NamedTuple):
    """What one page record of the annotations run holds: the page's annotations and the
    warnings of its record (those about /Annots as a whole among them)."""

    annotations: Tuple[Annotation, ...]
    warnings: List[PdfWarning]


_NONE: Tuple[Annotation, ...] = ()
_BOXES = ("mediaBox", "cropBox")


def view_state(record: Dict[str, Any]) -> Optional[ViewState]:
    """The ``destination.viewState`` of an annotation record of a ``--view`` run, or None."""
    d = record.get("destination") or {}
    state = d.get("viewState")
    if state is None:
        return None
    return ViewState(int(state["pageIndex"]), _box(state.get("viewport")))


def pages_of(records: List[Dict[str, Any]], name: Optional[str], ask: Optional[ViewStateQuery] = None
             ) -> Tuple[List[Dict[str, Any]], List[PageAnnotations]]:
    """The page records of a run and each one's annotations, in the run's order; ``ask`` gives
    their destinations' view states."""
    pages: List[Dict[str, Any]] = []
    found: List[List[Annotation]] = []
    for record in records:
        if record.get("record") == "page":
            pages.append(record)
            found.append([])
        elif not pages or record.get("page") != pages[-1].get("index"):
            raise PageInfoError(f"{name}: pageinfo wrote an annotation of page {record.get('page')!r} "
                                "after another page's record", file=name)
        else:
            found[-1].append(Annotation(record, ask))
    held = [PageAnnotations(tuple(a) if a else _NONE,
                            [PdfWarning(w["code"], w["message"]) for w in p.get("warnings") or ()])
            for p, a in zip(pages, found)]
    return pages, held


def page_columns(pages: List[Dict[str, Any]], sizes: List[int]) -> List[Dict[str, Any]]:
    """Page records as chunks of columns of ``sizes`` rows (the fields the "file changed" check
    compares: index, rotation, rotationRaw, userUnit, mediaBox, cropBox; null on a page error)."""
    if len(pages) != sum(sizes):
        raise ValueError("as many page records as rows")
    chunks: List[Dict[str, Any]] = []
    start = 0
    for size in sizes:
        rows = pages[start:start + size]
        start += size
        chunk: Dict[str, Any] = {k: [p.get(k) for p in rows] for k in ("index", "rotation", "rotationRaw", "userUnit")}
        for box in _BOXES:
            chunk[box] = {k: [(p.get(box) or {}).get(k) for p in rows] for k in ("x", "y", "width", "height")}
        chunks.append(chunk)
    return chunks
