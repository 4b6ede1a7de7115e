# SPDX-License-Identifier: Apache-2.0
"""Finding the ``pageinfo`` executable, checking its version, and running it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import threading
from typing import Dict, Optional, Set, Tuple

from ._errors import ExecutableNotFound, VersionMismatch
from ._version import __version__

__all__ = ["executable", "executable_version"]

_INSTALL_ADVICE = (
    "install the wheel for your platform (pip install pdf-pageinfo), set PAGEINFO_EXECUTABLE to a "
    "pageinfo {version} binary, or build one from the Swift package (make release)"
)
_VERSION_LINE = re.compile(r"^pageinfo (\S+) \(Poppler ([^)]*)\)$")
_checked: Dict[str, str] = {}
#: Paths whose version is known to be this package's: by a --version run, or by a run given
#: ``--require-version`` that succeeded.
_verified: Set[str] = set()
_lock = threading.Lock()


def _bundled() -> Optional[str]:
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_bin", "pageinfo")
    return path if os.path.isfile(path) and os.access(path, os.X_OK) else None


def _locate() -> str:
    chosen = os.environ.get("PAGEINFO_EXECUTABLE")
    if chosen:
        if not (os.path.isfile(chosen) and os.access(chosen, os.X_OK)):
            raise ExecutableNotFound(
                f"PAGEINFO_EXECUTABLE={chosen} is not an executable file; "
                + _INSTALL_ADVICE.format(version=__version__)
            )
        return chosen
    found = _bundled() or shutil.which("pageinfo")
    if found is None:
        raise ExecutableNotFound(
            "no pageinfo executable: this installation of the Python package carries none and "
            "none is on PATH; " + _INSTALL_ADVICE.format(version=__version__)
        )
    return found


def executable_version(path: str) -> str:
    """The Poppler version of the executable at ``path``, after checking that its own version is
    this package's (:class:`VersionMismatch` otherwise). Checked once per path and process."""
    with _lock:
        if path in _checked:
            return _checked[path]
    try:
        run = subprocess.run([path, "--version"], capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise ExecutableNotFound(f"{path} could not be run ({error}); "
                                 + _INSTALL_ADVICE.format(version=__version__)) from error
    lines = run.stdout.decode("utf-8", "replace").strip().splitlines()
    line = lines[0] if lines else ""
    match = _VERSION_LINE.match(line)
    if run.returncode != 0 or match is None:
        # A bundled binary whose libraries do not load says why on stderr (the loader's line).
        why = run.stderr.decode("utf-8", "replace").strip().splitlines()
        said = f"`--version` printed {line[:80]!r}" + (f", and {why[-1][:200]!r}" if why else "")
        raise ExecutableNotFound(
            f"{path} is not a working pageinfo executable ({said}, exit status {run.returncode}); "
            + _INSTALL_ADVICE.format(version=__version__)
        )
    if match.group(1) != __version__:
        raise VersionMismatch(
            f"{path} is pageinfo {match.group(1)}, but this Python package is {__version__} and "
            f"reads only the records of the same version; "
            + _INSTALL_ADVICE.format(version=__version__)
        )
    with _lock:
        _checked[path] = match.group(2)
        _verified.add(path)
    return match.group(2)


def executable_for_run() -> Tuple[str, bool]:
    """The executable's path (as :func:`executable` finds it) and whether its version is known
    to be this package's. A ``pages`` run of one not known yet passes ``--require-version``
    (an executable of another version refuses to run, exit 64) and asks ``--version`` only when
    it fails, to say why: no separate run before the first read."""
    path = _locate()
    with _lock:
        return path, path in _verified


def older_than_package(path: str) -> VersionMismatch:
    """The error for an executable that says this package's version but refuses
    ``--require-version``: a build from before that option."""
    return VersionMismatch(
        f"{path} says it is pageinfo {__version__} but does not know --require-version: it is an "
        "older build than this Python package, whose records it may not write; "
        + _INSTALL_ADVICE.format(version=__version__)
    )


def verified(path: str) -> None:
    """A run given ``--require-version`` succeeded: ``path`` is this package's version."""
    with _lock:
        _verified.add(path)


def executable() -> str:
    """The path of the ``pageinfo`` executable this package runs, its version checked.

    In order: ``PAGEINFO_EXECUTABLE`` if set, the binary bundled in the wheel, ``pageinfo`` on
    PATH. Raises :class:`ExecutableNotFound` (with install advice) or :class:`VersionMismatch`.
    """
    path = _locate()
    executable_version(path)
    return path
