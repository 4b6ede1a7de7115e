# SPDX-License-Identifier: Apache-2.0
"""Running ``pageinfo pages --format columns`` (and ``pageinfo annotations --format jsonl``) and
reading its records as they come."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import threading
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

from ._columns import _compact as compact
from ._errors import PageInfoError, UsageError, WorkerFailed
from ._executable import executable_for_run, executable_version, older_than_package, verified
from ._version import __version__

__all__ = ["Run", "read_one", "chunks_and_file", "finish"]


_PIPE_BYTES = 1 << 20


def _widen_pipe(pipe: Any) -> None:
    """Lets the executable write chunk records (~190 KB for 1,024 pages) while this process parses
    an earlier one: with Linux's 64 KiB pipe the two took turns. Best effort: the limit
    is /proc/sys/fs/pipe-max-size (1 MiB by default), and other systems have no such call."""
    try:
        import fcntl
        fcntl.fcntl(pipe.fileno(), getattr(fcntl, "F_SETPIPE_SZ", 1031), _PIPE_BYTES)
    except (ImportError, OSError, ValueError):
        pass


class Run:
    """One run of the executable: ``records()`` yields each JSON record of its stdout (page
    chunks and file records) while it runs; ``finish()`` waits and returns the exit status,
    raising :class:`UsageError` (64) or :class:`PageInfoError` (a signal, 74, no output) for what
    is not a file's own outcome."""

    def __init__(self, arguments: Sequence[str], *, password: Optional[str] = None,
                 stdin: Optional[bytes] = None, timeout: Optional[float] = None,
                 name: Optional[str] = None) -> None:
        env = dict(os.environ)
        env.pop("PAGEINFO_PASSWORD", None)
        if password is not None:
            # Through the environment, not argv: argv is visible to every user in `ps`.
            env["PAGEINFO_PASSWORD"] = password
        path, known = executable_for_run()
        if not known and arguments[0] not in ("pages", "annotations", "outline"):
            executable_version(path)  # (only `pages`, `annotations` and `outline` take --require-version)
            known = True
        self._path = path
        # An executable whose version is not known yet checks it in this run; if the run fails,
        # `--version` says whether that is why (_explain_failure). It is known once the run
        # ends well having written a record (a program that ignores its arguments writes none).
        self._unverified = not known
        self._wrote_record = False
        if self._unverified:
            arguments = [arguments[0], "--require-version", __version__, *arguments[1:]]
        self.arguments = [path, *arguments]
        self._stderr = tempfile.TemporaryFile()
        try:
            self._process = subprocess.Popen(
                self.arguments, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                stdout=subprocess.PIPE, stderr=self._stderr, env=env, bufsize=_PIPE_BYTES)
        except OSError as error:
            # Not startable (another architecture, a script without its interpreter): the
            # --version run says so with install advice (ExecutableNotFound), else this error.
            self._stderr.close()
            executable_version(path)
            raise PageInfoError(f"{path} could not be run: {error}") from error
        _widen_pipe(self._process.stdout)
        self._name = name
        self._timeout = timeout
        self._timed_out = False
        self._watchdog: Optional[threading.Timer] = None
        if timeout is not None:
            # The executable is stopped after `timeout` seconds: a file that hangs the reader
            # costs a WorkerFailed, not this process.
            self._watchdog = threading.Timer(timeout, self._expire)
            self._watchdog.daemon = True
            self._watchdog.start()
        self._writer: Optional[threading.Thread] = None
        if stdin is not None:
            # Written from a thread: the child writes records while it reads the list.
            self._writer = threading.Thread(target=self._feed, args=(stdin,), daemon=True)
            self._writer.start()

    def _expire(self) -> None:
        if self._process.poll() is None:
            self._timed_out = True
            self._process.kill()

    def _feed(self, data: bytes) -> None:
        assert self._process.stdin is not None
        try:
            self._process.stdin.write(data)
            self._process.stdin.close()
        except (BrokenPipeError, OSError):
            pass

    def records(self) -> Iterator[Dict[str, Any]]:
        assert self._process.stdout is not None
        loads = json.loads
        for line in self._process.stdout:
            try:
                record = loads(line)
            except ValueError:
                # A record cut short (the executable killed mid-line) or output that is not JSON.
                self._process.kill()
                status = self._process.wait()
                self._explain_failure()
                self._raise_for_signal(status)
                raise PageInfoError(
                    f"pageinfo wrote a line that is not a JSON record (exit status {status}): "
                    f"{self.last_error() or line[:80]!r}", file=self._name) from None
            self._wrote_record = True
            yield record

    def stderr_lines(self) -> List[str]:
        self._stderr.seek(0)
        return self._stderr.read().decode("utf-8", "replace").splitlines()

    def finish(self) -> int:
        status = self._process.wait()
        if self._watchdog is not None:
            self._watchdog.cancel()
        if self._writer is not None:
            self._writer.join()
        if status in (0, 2, 65, 66, 70, 77) and not self._timed_out:
            if self._unverified and self._wrote_record:
                verified(self._path)
                self._unverified = False
        if status not in (0, 2, 65, 66, 70, 77) or not self._wrote_record:
            self._explain_failure(status)
        self._raise_for_signal(status)
        if status == 64:
            raise UsageError(self.last_error() or "pageinfo refused the arguments")
        if status == 74 or status not in (0, 2, 65, 66, 70, 77):
            raise PageInfoError(
                f"pageinfo exited with status {status}: {self.last_error() or 'no message'}")
        return status

    def _explain_failure(self, status: Optional[int] = None) -> None:
        """The run failed, and the executable's version is not known yet: raises
        :class:`VersionMismatch` or :class:`ExecutableNotFound` when that is why (a
        ``--version`` run says; a build of this version from before ``--require-version``
        refuses that option, exit 64), else returns, for the run's own error."""
        if not self._unverified or self._timed_out:
            return  # (a run stopped by its timeout says nothing of the version)
        self._unverified = False
        executable_version(self._path)
        if status == 64 and "--require-version" in self.last_error() and "this is pageinfo" not in self.last_error():
            raise older_than_package(self._path)

    def _raise_for_signal(self, status: int) -> None:
        """The executable stopped by the timeout, or by a signal (a crash): WorkerFailed."""
        if self._timed_out:
            raise WorkerFailed(f"{self._name or 'pageinfo'}: not read within {self._timeout:g} s; "
                               "stopped", code="timeout", file=self._name)
        if status < 0:
            raise WorkerFailed(f"{self._name or 'pageinfo'}: the reader crashed (signal {-status}) "
                               f"{self.last_error()}".rstrip(), code="crashed", file=self._name)

    def last_error(self) -> str:
        """The last line the executable wrote on stderr, without its `pageinfo: `."""
        lines = [line.removeprefix("pageinfo: ") for line in self.stderr_lines() if line.strip()]
        return lines[-1] if lines else ""

    def close(self) -> None:
        if self._watchdog is not None:
            self._watchdog.cancel()
        if self._process.poll() is None:
            self._process.kill()
            self._process.wait()
        if self._process.stdout is not None:
            self._process.stdout.close()
        self._stderr.close()

    def __enter__(self) -> "Run":
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()


def chunks_and_file(records: Iterable[Dict[str, Any]], *, lines: bool = False
                     ) -> Iterator[Tuple[List[Dict[str, Any]], Dict[str, Any]]]:
    """Group a run's records into (chunks, file record) per file: the compact columns of its
    ``pages`` records (``--format columns``), or with ``lines`` its ``page``, ``annotation`` and
    ``outline`` records as written (``pageinfo annotations`` or ``outline --format jsonl``)."""
    chunks: List[Dict[str, Any]] = []
    for record in records:
        kind = record.get("record")
        if kind == "pages" and not lines:
            chunks.append(compact(record["columns"]))
        elif lines and kind in ("page", "annotation", "outline"):
            chunks.append(record)
        elif kind == "file":
            yield chunks, record
            chunks = []
        else:
            raise PageInfoError(f"unexpected record {kind!r} from pageinfo")
    if chunks:
        raise PageInfoError("pageinfo's output ended inside a file (no file record)")


def finish(run: Run, file_record: Optional[Dict[str, Any]]) -> int:
    """``run.finish()``; a page list past the end is the UsageError of ``pages=``."""
    try:
        return run.finish()
    except UsageError:
        error = file_record.get("error") if file_record else None
        if file_record is not None and error and error["code"] == "page-out-of-range":
            raise UsageError(error["message"].replace("--pages: ", "pages=: "),
                             code=error["code"], file=file_record.get("file")) from None
        raise


def command_number(value: float) -> str:
    """A number as the executable's options take it: an integer without a point, else Python's
    shortest round-trip form."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def read_one(arguments: List[str], password: Optional[str], *, timeout: Optional[float] = None,
              name: Optional[str] = None, lines: bool = False
              ) -> Tuple[Dict[str, Any], List[Dict[str, Any]]]:
    """``(file record, chunks)`` of a run over one file: the columns of ``--format columns``,
    or with ``lines`` the page and annotation records of ``--format jsonl``, in their order."""
    with Run(arguments, password=password, timeout=timeout, name=name) as run:
        results = list(chunks_and_file(run.records(), lines=lines))
        status = finish(run, results[-1][1] if results else None)
    if len(results) != 1:
        raise PageInfoError(f"pageinfo wrote {len(results)} file records for one file "
                            f"(exit status {status})")
    chunks, file_record = results[0]
    return file_record, chunks
