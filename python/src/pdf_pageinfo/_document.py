# SPDX-License-Identifier: Apache-2.0
"""A document as read whole: every page's geometry kept, in typed arrays, and its file record."""

from __future__ import annotations

import bisect
from typing import (TYPE_CHECKING, Any, Dict, Iterable, Iterator, List, Optional, Sequence, SupportsIndex, Tuple,
                    Union, overload)

from ._annotations import OutlineEntry, PageAnnotations
from ._errors import PageInfoError
from ._geometry import PdfWarning
from ._page import Page
from ._source import PageSource

if TYPE_CHECKING:
    from .results import Detection

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


class Document(PageSource):
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
        super().__init__(name, path, password=password, page_ranges=page_ranges,
                         temporary=temporary, timeout=timeout)
        self._chunks = chunks
        self._starts: List[int] = []
        count = 0
        for columns in chunks:
            self._starts.append(count)
            count += len(columns["index"])
        self._count = count
        self._extras: Dict[Tuple[str, ...], List[Dict[str, Any]]] = {}
        # Every page's annotations and the file record of the one `pageinfo annotations` run.
        self._annotated: Optional[Tuple[List[PageAnnotations], Dict[str, Any]]] = None
        # The entries and the file record of the one `pageinfo outline` run.
        self._outline: Optional[Tuple[List[OutlineEntry], Dict[str, Any]]] = None
        self.pages: Sequence[Page] = _Pages(self)
        #: The file record, as the executable wrote it (docs/records.md).
        self.record: Dict[str, Any] = file_record
        #: For a failed file, the exception :func:`open` raises; else None.
        self.error: Optional[PageInfoError] = self._file_error(file_record)

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

    @property
    def outline(self) -> List[OutlineEntry]:
        """The document outline (bookmarks) in pre-order: :class:`OutlineEntry` values with
        ``level``, ``title``, ``open``, ``action`` and ``destination`` (a 0-based ``page`` and
        its point in that page's page space). Empty when the document has none. Reads the file
        again: one run of ``pageinfo outline``, kept."""
        if self._outline is None:
            self._outline = self._run_outline(self.record)
        return list(self._outline[0])

    @property
    def outline_warnings(self) -> List[PdfWarning]:
        """What the outline run says of the outline as a whole (``outline-clipped``, a loop at
        its root, …) beyond the file's own warnings; the same run as :attr:`outline`."""
        if self._outline is None:
            self._outline = self._run_outline(self.record)
        mine = set(self.warnings)
        return [w for w in (PdfWarning(w["code"], w["message"]) for w in self._outline[1].get("warnings") or [])
                if w not in mine]

    @property
    def annotation_warnings(self) -> List[PdfWarning]:
        """The warnings of the annotations run's file record that the read at open did not give:
        what is damaged in the document's annotation machinery as a whole, e.g.
        ``destination-names-damaged`` (its /Names /Dests tree). Costs the one run of
        ``pageinfo annotations`` that :attr:`Page.annotations` makes, if none was made yet."""
        _, file_record = self._annotation_run()
        mine = set(self.warnings)
        return [w for w in (PdfWarning(w["code"], w["message"]) for w in file_record.get("warnings") or [])
                if w not in mine]

    def map(self, detections: Iterable["Detection"], to: str = "pdf", *, dpi: Optional[float] = None,
            size: Optional[Tuple[int, int]] = None, fit: str = "contain",
            renderer: str = "pdftoppm-cropbox") -> List["Detection"]:
        """A whole result (:mod:`pdf_pageinfo.results`), each box on the page it names, carried
        to frame ``to`` as :meth:`Page.map` does, in the result's order. A result of images names
        pages only when its reader was given ``page=`` (the PDF page of its first image); one
        image's boxes can also be mapped with ``doc.pages[i].map(...)``. A Detection naming no
        page, or a page the document does not have, is a ``ValueError``."""
        found = list(detections)
        groups: Dict[int, List[int]] = {}
        for i, d in enumerate(found):
            if d.page is None:
                raise ValueError("a detection names no page (a result of images read without page=): read it with "
                                 "page=N, the PDF page of its first image, or map one image with doc.pages[i].map(...)")
            if not 1 <= d.page <= self._count:
                raise ValueError(f"a detection is on page {d.page}; {self.name or 'the document'} has {self._count}")
            groups.setdefault(d.page, []).append(i)
        out: List[Any] = [None] * len(found)
        for number, positions in groups.items():
            mapped = self.pages[number - 1].map([found[i] for i in positions], to, dpi=dpi, size=size, fit=fit,
                                                renderer=renderer)
            for i, d in zip(positions, mapped):
                out[i] = d
        return out

    def inspect(self, path: Optional[str] = None, *, pages: Optional[str] = None, dpi: float = 300,
                renderer: str = "pdftoppm-cropbox", scale: float = 1.5,
                view: Optional[Tuple[float, float]] = None) -> bytes:
        """The HTML report ``pageinfo inspect`` writes (one offline file: each page with its
        boxes, and the point under the pointer in raw, page, view and pixel space and every
        frame); written to ``path`` too when given. ``pages`` as ``pageinfo`` takes them
        (``"1-3,7"``); the readout's pixels are ``renderer``'s image at ``dpi``; ``scale`` the
        pictures' pixels per point; ``view`` ``(width, height)`` view space's view size (default:
        each page's own)."""
        arguments = ["--dpi", repr(float(dpi)), "--renderer", renderer, "--scale", repr(float(scale))]
        if pages is not None:
            arguments += ["--pages", pages]
        if view is not None:
            arguments += ["--view", f"{float(view[0])!r}x{float(view[1])!r}"]
        report = self._written("inspect", arguments, ".html")
        if path is not None:
            with open(path, "wb") as f:
                f.write(report)
        return report

    # -- extra columns, one run per setting ---------------------------------------------------
    def _extra(self, options: Tuple[str, ...], page: Page) -> Tuple[Dict[str, Any], int]:
        """The columns of ``pageinfo pages OPTIONS`` for ``page``: the first page asking for a
        setting costs one run of every page the document holds, kept for the others (a loop
        over the pages with one setting is one run more in all). The run reads the file again:
        its pages must have the geometry read at open, else the file changed."""
        chunks = self._extras.get(options)
        if chunks is None:
            chunks = self._run_extra(options, self._page_ranges)
            if not self._same_pages(self._chunks, chunks):
                raise self._changed()
            self._extras[options] = chunks
        return chunks[self._chunk_of(page)], page._row

    def _annotations(self, page: Page) -> PageAnnotations:
        """``page``'s annotations: the first page asking costs one run of ``pageinfo
        annotations`` over every page the document holds, kept for all of them."""
        held, _ = self._annotation_run()
        return held[self._starts[self._chunk_of(page)] + page._row]

    def _annotation_run(self) -> Tuple[List[PageAnnotations], Dict[str, Any]]:
        if self._annotated is None:
            self._annotated = self._run_annotations(self._page_ranges, self._chunks)
        return self._annotated

    def _chunk_of(self, page: Page) -> int:
        for number, columns in enumerate(self._chunks):
            if columns is page._columns:
                return number
        raise ValueError("the page is not a page of this document")

    def __enter__(self) -> "Document":
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[Page]:
        return iter(self.pages)

    def __repr__(self) -> str:
        return f"<Document {self.name!r} {self.status} pages={self._count}>"
