# SPDX-License-Identifier: Apache-2.0
"""The file pages come from, as a page asks it for more: where to read it again, the columns of
a run with other options (``--dpi``, ``--frames``) for one of its pages, and the records of a
``pageinfo annotations`` run for its annotations."""

from __future__ import annotations

import os
import tempfile
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from ._annotations import OutlineEntry, PageAnnotations, ViewState, page_columns, pages_of, view_state
from ._columns import _same_column
from ._errors import PageInfoError, UsageError, error_for
from ._run import Run, command_number, read_one

if TYPE_CHECKING:
    from ._page import Page

# The executable's messages name its flags; these codes get Python's advice instead.
_PYTHON_ADVICE = {
    "password-required": "{name}: encrypted; give its user or owner password: "
                         "pdf_pageinfo.open(path, password=...) or read_many(paths, password=...)",
    "wrong-password": "{name}: encrypted, and the password given is not its user or owner "
                      "password",
}


class PageSource:
    """What a :class:`Page` came from: a file, read again for the columns of other options
    (``bitmap()``, ``convert()``). A run of the executable reads the file again, so its pages
    must have the geometry read first; else the file changed, and :meth:`_changed` says so."""

    def __init__(self, name: Optional[str], path: Optional[str], *, password: Optional[str] = None,
                 page_ranges: Optional[str] = None, temporary: Optional[str] = None,
                 timeout: Optional[float] = None) -> None:
        self.name = name
        self._path = path
        self._password = password
        self._page_ranges = page_ranges
        self._temporary = temporary
        self._timeout = timeout
        # The annotation records of `pageinfo annotations --view` runs, by (page, width, height).
        self._view_runs: Dict[Tuple[int, float, float], List[Dict[str, Any]]] = {}

    def _extra(self, options: Tuple[str, ...], page: "Page") -> Tuple[Dict[str, Any], int]:
        """``(columns, row)``: the columns of ``pageinfo pages OPTIONS`` holding ``page``."""
        raise NotImplementedError

    def _annotations(self, page: "Page") -> PageAnnotations:
        """The annotations of ``page``, from one ``pageinfo annotations`` run kept for the
        pages it read."""
        raise NotImplementedError

    def _file_error(self, file_record: Dict[str, Any]) -> Optional[PageInfoError]:
        """The exception a file record's ``error`` stands for (None: the file opened), with
        Python's advice where the executable's message names its own flags."""
        error = file_record.get("error")
        if error is None or error["code"] == "page-out-of-range":
            return None
        name = self.name
        advice = _PYTHON_ADVICE.get(error["code"])
        message = advice.format(name=name or "the PDF") if advice else error["message"]
        if self._temporary is not None:
            # A PDF given as bytes: its spooled copy's name means nothing to the caller.
            message = message.replace(self._temporary, name or "the PDF")
        return error_for(error["code"], message, name)

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
        file_record, chunks = read_one(arguments + ["--", self._path], self._password,
                                       timeout=self._timeout, name=self.name)
        error = file_record.get("error")
        if error is not None and error["code"] != "page-out-of-range":
            raise error_for(error["code"], error["message"], self.name)
        return chunks

    def _records(self, arguments: List[str]) -> Tuple[Dict[str, Any], List[Dict[str, Any]]]:
        """``(file record, records)`` of ``pageinfo ARGUMENTS --format jsonl -- PATH`` (the
        annotations and outline runs); a file that failed raises its error."""
        if self._path is None:
            raise PageInfoError(f"{self.name}: the document is closed", file=self.name)
        file_record, records = read_one([*arguments, "--format", "jsonl", "--", self._path], self._password,
                                        timeout=self._timeout, name=self.name, lines=True)
        error = self._file_error(file_record)
        if error is not None:
            raise error
        return file_record, records

    def _run_annotations(self, page_ranges: Optional[str], read: List[Dict[str, Any]]
                         ) -> Tuple[List[PageAnnotations], Dict[str, Any]]:
        """One run of ``pageinfo annotations --format jsonl`` over ``page_ranges``: each page's
        annotations, in the run's order, and the run's file record. Its pages must be ``read``
        (the chunks of columns read before, as many rows in all), else the file changed."""
        try:
            file_record, records = self._records(["annotations", *(["--pages", page_ranges] if page_ranges else [])])
        except UsageError as refused:
            if refused.code == "page-out-of-range":
                raise self._changed() from None   # (pages read before are gone: it shrank)
            raise
        pages, held = pages_of(records, self.name, self._destination_view_state)
        sizes = [len(columns["index"]) for columns in read]
        if len(pages) != sum(sizes) or not self._same_pages(read, page_columns(pages, sizes)):
            raise self._changed()
        return held, file_record

    def _run_outline(self, opened: Dict[str, Any]) -> Tuple[List[OutlineEntry], Dict[str, Any]]:
        """One run of ``pageinfo outline --format jsonl``: the entries and the run's file record,
        which must be of the file read at open (``opened``, its file record: the same page count
        and size; the run reads no pages to compare), else the file changed."""
        file_record, records = self._records(["outline"])
        if any(opened.get(k) != file_record.get(k) for k in ("pageCount", "bytes")):
            raise self._changed()
        return [OutlineEntry(r) for r in records if r.get("record") == "outline"], file_record

    def _destination_view_state(self, page: int, index: int, view_size: Tuple[float, float]) -> Optional[ViewState]:
        """The view state of annotation ``index`` of page ``page`` (0-based) in a view of
        ``view_size``: one run of ``pageinfo annotations --view WxH`` for the page per size."""
        width, height = (float(v) for v in view_size)
        key = (page, width, height)
        views = self._view_runs
        if key not in views:
            size = "%sx%s" % (command_number(width), command_number(height))
            _, records = self._records(["annotations", "--view", size, "--pages", str(page + 1)])
            views[key] = [r for r in records if r.get("record") == "annotation"]
        found = [r for r in views[key] if r.get("index") == index]
        if len(found) != 1:
            raise self._changed()
        return view_state(found[0])

    def _draw(self, arguments: List[str]) -> bytes:
        """The picture ``pageinfo draw ARGUMENTS -o FILE -- PATH`` writes (PNG or SVG bytes)."""
        suffix = ".svg" if "--svg" in arguments else ".png"
        return self._written("draw", [a for a in arguments if a != "--svg"], suffix)

    def _written(self, command: str, arguments: List[str], suffix: str) -> bytes:
        """The file ``pageinfo COMMAND ARGUMENTS -o FILE -- PATH`` writes (``draw``'s picture,
        ``inspect``'s report), as bytes; a failure is a PageInfoError with the command's line."""
        if self._path is None:
            raise PageInfoError(f"{self.name}: the document is closed", file=self.name)
        with tempfile.TemporaryDirectory(prefix=f"pageinfo-{command}-") as work:
            out = os.path.join(work, "output" + suffix)
            with Run([command, *arguments, "-o", out, "--", self._path], password=self._password,
                     timeout=self._timeout, name=self.name) as run:
                for _ in run.records():
                    pass
                status = run.finish()
                if status != 0:
                    raise PageInfoError(f"{self.name}: pageinfo {command} failed (exit status {status}): "
                                        f"{run.last_error() or 'no message'}", file=self.name)
            with open(out, "rb") as f:
                return f.read()

    def close(self) -> None:
        """Deletes the temporary copy of a PDF given as bytes (later runs then cannot read it)."""
        if self._temporary is not None:
            try:
                os.unlink(self._temporary)
            except FileNotFoundError:
                pass
            self._temporary = None
            self._path = None

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass
