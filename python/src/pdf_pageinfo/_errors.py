# SPDX-License-Identifier: Apache-2.0
"""The exceptions of the pageinfo package: one class per way a file or a call can fail."""

from __future__ import annotations

from typing import Dict, Optional, Type

__all__ = [
    "PageInfoError",
    "ExecutableNotFound",
    "VersionMismatch",
    "NotAPDF",
    "PasswordRequired",
    "WrongPassword",
    "DamagedPDF",
    "FileNotFound",
    "Unreadable",
    "WorkerFailed",
    "PageUnreadable",
    "BitmapUnavailable",
    "UsageError",
]


class PageInfoError(Exception):
    """Base class of every error this package raises.

    ``code`` is the stable code of the records contract (``not-pdf``, ``damaged``, …) when the
    error comes from a file record, ``file`` the file name as given, ``message`` one line for a
    person (the same line the ``pageinfo`` command prints).
    """

    code: Optional[str] = None

    def __init__(self, message: str, *, code: Optional[str] = None, file: Optional[str] = None):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.file = file


class ExecutableNotFound(PageInfoError):
    """The ``pageinfo`` executable is not bundled, not on PATH, or PAGEINFO_EXECUTABLE is wrong."""


class VersionMismatch(PageInfoError):
    """The ``pageinfo`` executable found is another version than this Python package."""


class UsageError(PageInfoError, ValueError):
    """An argument the ``pageinfo`` command refused (a page list past the end, a bad size…)."""


class NotAPDF(PageInfoError):
    """The file is not a PDF (no ``%PDF-`` header). Code ``not-pdf``."""

    code = "not-pdf"


class PasswordRequired(PageInfoError):
    """The file is encrypted and no password was given. Code ``password-required``."""

    code = "password-required"


class WrongPassword(PasswordRequired):
    """The file is encrypted and the password given opens it neither as user nor as owner."""

    code = "wrong-password"


class DamagedPDF(PageInfoError):
    """The file is a PDF, but no page can be found in it. Code ``damaged``."""

    code = "damaged"


class FileNotFound(PageInfoError, FileNotFoundError):
    """The file does not exist. Code ``not-found``."""

    code = "not-found"


class Unreadable(PageInfoError, OSError):
    """The file exists but cannot be read (a directory, no permission…). Code ``unreadable``."""

    code = "unreadable"


class WorkerFailed(PageInfoError):
    """In :func:`pdf_pageinfo.read_many`: the worker reading the file crashed (``crashed``), took
    longer than ``timeout`` (``timeout``) or ran out of ``max_memory`` (``memory``)."""


class PageUnreadable(PageInfoError):
    """The geometry of a page that is a page error was asked for; ``page.error`` says why."""


class BitmapUnavailable(PageInfoError):
    """The page has no bitmap at the size asked: a side would be 0 or over 2,147,483,647 pixels."""


class ResultMismatch(PageInfoError, ValueError):
    """A result to map says it saw another page or image than the one named: its image is not
    the size the renderer and dpi given make, or its page is not the page's size."""


_BY_CODE: Dict[str, Type[PageInfoError]] = {
    cls.code: cls
    for cls in (NotAPDF, PasswordRequired, WrongPassword, DamagedPDF, FileNotFound, Unreadable)
}
_BY_CODE.update({"crashed": WorkerFailed, "timeout": WorkerFailed, "memory": WorkerFailed})


def error_for(code: str, message: str, file: Optional[str]) -> PageInfoError:
    """The exception for a file record's ``error`` object."""
    cls = _BY_CODE.get(code, PageInfoError)
    return cls(message, code=code, file=file)
