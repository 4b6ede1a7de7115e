# SPDX-License-Identifier: Apache-2.0
"""Reading PDFs: :func:`open` (every page kept), :func:`iter_pages` (one page at a time) and
:func:`read_many` (collections, in isolated workers), each a run of the executable."""

from __future__ import annotations

import os
import tempfile
from array import array
from typing import Any, Dict, Iterable, Iterator, List, Optional, Tuple, Union

from ._annotations import PageAnnotations, page_columns, pages_of
from ._columns import _compact, _row_of
from ._document import Document
from ._errors import PageInfoError, UsageError
from ._page import Page, _positive_int
from ._run import Run, chunks_and_file, command_number, finish, read_one
from ._source import PageSource

__all__ = ["open", "iter_pages", "read_many"]

PathLike = Union[str, "os.PathLike[str]", "os.PathLike[bytes]"]
Source = Union[PathLike, bytes, bytearray, memoryview, Any]


class _AnnotationStream:
    """One ``pageinfo annotations --pages FIRST-`` run that the chunks of :func:`iter_pages` read
    in order, each as far as its last page: a run for each chunk would walk the file's pages
    before its own again (bench-15k-annots.pdf, 15 chunks: 8.4 s against 3.2 s for the whole
    iteration, BENCHMARKS.md). It holds at most one record read ahead. A record that cannot be
    read stops it (the chunks asking later get runs of their own)."""

    def __init__(self, source: "_PageStream", first: int) -> None:
        assert source._path is not None
        self._source = source
        self.run = Run(["annotations", "--pages", f"{first + 1}-", "--format", "jsonl", "--", source._path],
                       password=source._password, timeout=source._timeout, name=source.name)
        self._records = self.run.records()
        self._ahead: Optional[Dict[str, Any]] = None
        self.next = first   # the first index still to come
        self.ended = False

    def take(self, first: int, last: int) -> List[Dict[str, Any]]:
        """The page and annotation records of pages ``first`` to ``last`` (0-based; none before
        ``first`` is taken, and the stream is not behind it), as written; fewer when the run
        ended before ``last``."""
        try:
            return self._take(first, last)
        except BaseException:
            self.close()
            raise

    def _take(self, first: int, last: int) -> List[Dict[str, Any]]:
        taken: List[Dict[str, Any]] = []
        keep = False
        while not self.ended:
            record: Optional[Dict[str, Any]] = self._ahead
            if record is None:
                record = next(self._records, None)
            self._ahead = None
            kind = None if record is None else record.get("record")
            if record is None or kind == "file":
                self._finish(record)
                break
            if kind == "page":
                index = record.get("index")
                if not isinstance(index, int):
                    raise PageInfoError("pageinfo wrote a page record without an index", file=self._source.name)
                if index > last:
                    self._ahead = record
                    break
                keep = index >= first
            elif kind != "annotation":
                raise PageInfoError(f"unexpected record {kind!r} from pageinfo")
            if keep:
                taken.append(record)
        self.next = last + 1
        return taken

    def _finish(self, file_record: Optional[Dict[str, Any]]) -> None:
        self.ended = True
        try:
            finish(self.run, file_record)
        except UsageError as refused:
            if refused.code == "page-out-of-range":
                raise self._source._changed() from None   # (pages read before are gone: it shrank)
            raise
        finally:
            self.run.close()
        if file_record is None:
            raise PageInfoError("pageinfo wrote no file record", file=self._source.name)
        error = self._source._file_error(file_record)
        if error is not None:
            raise error

    def close(self) -> None:
        self.ended = True
        self.run.close()


class _PageStream(PageSource):
    """The file behind the pages of :func:`iter_pages`: it keeps no chunk, so the extra columns
    of ``bitmap()`` and ``convert()`` come from a run of the pages of the asking page's chunk,
    kept while pages of that chunk ask (one run per setting and chunk)."""

    def __init__(self, name: Optional[str], path: str, *, password: Optional[str],
                 page_ranges: Optional[str], temporary: Optional[str],
                 timeout: Optional[float]) -> None:
        super().__init__(name, path, password=password, page_ranges=page_ranges,
                         temporary=temporary, timeout=timeout)
        self._held: Dict[Tuple[str, ...], Tuple[Dict[str, Any], Dict[str, Any]]] = {}
        self._held_annotations: Optional[Tuple[Dict[str, Any], List[PageAnnotations]]] = None
        self._stream: Optional[_AnnotationStream] = None
        self._iterated = False  # the iteration is over (or stopped): no stream is started

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

    def _annotations(self, page: Page) -> PageAnnotations:
        """As :meth:`_extra`: one ``pageinfo annotations`` run over the asking page's chunk,
        kept while pages of that chunk ask (a run of the page alone for a page list out of
        order)."""
        held = self._held_annotations
        if held is not None and held[0] is page._columns:
            return held[1][page._row]
        index = page._columns["index"]
        first, last = index[0], index[-1]
        if type(index) is array and list(index) == list(range(first, last + 1)):
            found = self._chunk_annotations(first, last, page._columns)
            self._held_annotations = (page._columns, found)
            return found[page._row]
        found, _ = self._run_annotations(str(page.number), [_row_of(page._columns, page._row)])
        return found[0]

    def _chunk_annotations(self, first: int, last: int, columns: Dict[str, Any]) -> List[PageAnnotations]:
        """The annotations of a chunk's pages (``first`` to ``last``, 0-based): from the
        iteration's annotation stream when the chunk is not behind it, else from a run of the
        chunk. Only for an iteration of every page (with ``pages=``, the pages after a chunk
        need not be the file's) and without ``timeout`` (a run's timeout counts from its start,
        and the stream waits on the loop's body)."""
        stream = self._stream
        streams = self._page_ranges is None and self._timeout is None and not self._iterated
        if streams and (stream is None or (not stream.ended and stream.next <= first)):
            if stream is None:
                stream = self._stream = _AnnotationStream(self, first)
            pages, found = pages_of(stream.take(first, last), self.name, self._destination_view_state)
            if len(pages) != last - first + 1 or not self._same_pages([columns], page_columns(pages, [len(pages)])):
                raise self._changed()
            return found
        found, _ = self._run_annotations(f"{first + 1}-{last + 1}", [columns])
        return found

    def _end_stream(self) -> None:
        """Stops the annotation stream (the iteration is over: a page asking later gets a run of
        its chunk)."""
        self._iterated = True
        if self._stream is not None:
            self._stream.close()
            self._stream = None

    def close(self) -> None:
        self._end_stream()
        super().close()

    def __repr__(self) -> str:
        return f"<pages of {self.name!r}, read one by one>"


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
        file_record, chunks = read_one(_arguments(pages, path), password, timeout=timeout,
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
        document = _PageStream(name, path, password=password, page_ranges=pages,
                               temporary=temporary, timeout=timeout)
    except BaseException:
        _unlink(temporary)
        raise
    return _iter_pages(document)


def _iter_pages(document: _PageStream) -> Iterator[Page]:
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
            status = finish(run, file_record)
        if file_record is None:
            raise PageInfoError(f"pageinfo wrote no file record (exit status {status})")
        error = document._file_error(file_record)
        if error is not None:
            raise error
    except GeneratorExit:
        # Stopped early: the pages made may still ask for bitmaps (the copy of a PDF given as
        # bytes goes with the last of them, PageSource.__del__).
        raise
    except BaseException:
        document.close()
        raise
    finally:
        document._end_stream()


def _seconds(value: Optional[float], what: str) -> Optional[float]:
    """None, or a positive number of seconds (infinity: None)."""
    if value is None or value == float("inf"):
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise ValueError(f"{what} must be a positive number of seconds or None, not {value!r}")
    return float(value)


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

    A Document's later reads (``bitmap()``, ``convert()``, ``annotations``) run the executable
    again on its path, made absolute when ``read_many`` is called, with ``timeout``: in a
    process of their own, but not in a worker (no ``max_memory``, no ``worker``).
    """
    names = [os.fsencode(path) for path in paths]
    if any(b"\0" in name for name in names):
        raise ValueError("a path contains a NUL byte")
    seconds = _seconds(timeout, "timeout")
    if max_memory is not None and max_memory != 0:
        _positive_int(max_memory, "max_memory (MiB)")
    arguments = ["pages", "--files-from", "-", "-0", "--format", "columns", "--no-progress",
                 "--timeout", command_number(seconds or 0), "--max-memory", str(max_memory or 0)]
    if worker is not None:
        arguments += ["--worker", _fspath(worker)]
    if jobs is not None:
        arguments += ["--jobs", str(_positive_int(jobs, "jobs"))]
    if not names:
        return iter(())
    # Where each Document reads its file again (bitmap(), convert(), annotations): the path
    # made absolute now, as open() makes it, so that a later os.chdir does not lose it; those
    # runs have read_many's timeout too (but are one process of this package's, not a worker).
    places = [os.path.abspath(os.fsdecode(name)) for name in names]
    return _read_many(arguments, names, places, password, seconds)


def _read_many(arguments: List[str], names: List[bytes], places: List[str], password: Optional[str],
               seconds: Optional[float]) -> Iterator[Document]:
    with Run(arguments, password=password, stdin=b"\0".join(names) + b"\0") as run:
        position = 0
        for chunks, file_record in chunks_and_file(run.records()):
            expected = os.fsdecode(names[position]) if position < len(names) else None
            if file_record.get("file") != expected:
                raise PageInfoError(
                    f"pageinfo reported {file_record.get('file')!r} where {expected!r} was next")
            place = places[position] if position < len(places) else None
            position += 1
            yield Document(expected, place, chunks, file_record, password=password, timeout=seconds)
        status = run.finish()
        if position != len(names):
            # The run stopped before the end: its one line says why (a worker of another
            # version of pageinfo, exit 70, reads no file).
            why = run.last_error() or "no message"
            raise PageInfoError(f"pageinfo reported {position} of {len(names)} files "
                                f"(exit status {status}): {why}")
