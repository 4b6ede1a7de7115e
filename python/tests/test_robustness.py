# SPDX-License-Identifier: Apache-2.0
"""What a review of the package found (each test fails on the code before its fix): file names
that look like format strings, a Box taken for a 4-tuple, a file changed or a working directory
changed between open() and bitmap(), a reader that hangs, crashes or is cut off, arguments that
were coerced, and page identity."""

import os
import shutil
import stat
import sys

import pytest

from conftest import fixture

import pdf_pageinfo


def test_braces_in_file_names(tmp_path):
    names = ["not{pdf}.pdf", "x{.pdf", "{name}.pdf", "missing{0}.pdf"]
    for n in names[:3]:
        (tmp_path / n).write_bytes(b"hello")
    for n in names:
        with pytest.raises((pdf_pageinfo.NotAPDF, pdf_pageinfo.FileNotFound)) as raised:
            pdf_pageinfo.open(tmp_path / n)
        assert str(tmp_path / n) in str(raised.value)
    results = list(pdf_pageinfo.read_many([tmp_path / n for n in names] + [fixture("boxes.pdf")]))
    assert [r.status for r in results] == ["failed"] * 4 + ["ok"]
    assert str(tmp_path / "{name}.pdf") in str(results[2].error)


def test_a_box_is_not_a_four_tuple():
    with pdf_pageinfo.open(fixture("boxes.pdf")) as doc:
        box = doc.pages[7].crop_box            # x -300, y -100, 400 × 500
        with pytest.raises(TypeError):
            tuple(box)
        assert box.rect == (-300, -100, 100, 400)
        bitmap = doc.pages[7].bitmap(dpi=72)
        assert bitmap.to_pixels(box.rect) == (0, 0, 400, 500)
        assert bitmap.to_pixels(box) == pdf_pageinfo.Box(0, 0, 400, 500)


def test_a_file_changed_after_open_is_refused(tmp_path):
    path = tmp_path / "a.pdf"
    shutil.copy(fixture("rotations.pdf"), path)
    with pdf_pageinfo.open(path) as doc:
        page = doc.pages[1]
        assert page.rotation == 90
        # Same page count, other geometry.
        shutil.copy(fixture("mixed.pdf"), path)
        with pytest.raises(pdf_pageinfo.PageInfoError) as raised:
            page.bitmap(dpi=72)
        assert "changed since it was opened" in str(raised.value)
        os.unlink(path)
        with pytest.raises(pdf_pageinfo.FileNotFound):
            doc.pages[2].bitmap(dpi=72)


def test_relative_paths_survive_a_change_of_directory(tmp_path, monkeypatch):
    shutil.copy(fixture("rotations.pdf"), tmp_path / "r.pdf")
    monkeypatch.chdir(tmp_path)
    doc = pdf_pageinfo.open("r.pdf")
    [many] = pdf_pageinfo.read_many(["r.pdf"])
    assert doc.name == "r.pdf" and many.name == "r.pdf"
    monkeypatch.chdir("/")
    assert doc.pages[1].bitmap(dpi=72).size == (600, 400)
    assert doc.pages[2].bitmap(dpi=72).size == (400, 600)


def wrapper(tmp_path, body):
    """An executable that answers --version as the real one and otherwise runs `body`."""
    real = pdf_pageinfo.executable()
    script = tmp_path / "pageinfo"
    script.write_text(f"#!/bin/sh\nif [ \"$1\" = --version ]; then exec {real} --version; fi\n{body}\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


def test_a_hanging_or_crashing_or_cut_reader(tmp_path, monkeypatch):
    real = pdf_pageinfo.executable()
    monkeypatch.setenv("PAGEINFO_EXECUTABLE", wrapper(tmp_path, "exec sleep 30"))
    with pytest.raises(pdf_pageinfo.WorkerFailed) as raised:
        pdf_pageinfo.open(fixture("boxes.pdf"), timeout=1)
    assert raised.value.code == "timeout"
    monkeypatch.setenv("PAGEINFO_EXECUTABLE", wrapper(tmp_path, "kill -SEGV $$"))
    with pytest.raises(pdf_pageinfo.WorkerFailed) as raised:
        pdf_pageinfo.open(fixture("boxes.pdf"))
    assert raised.value.code == "crashed"
    monkeypatch.setenv("PAGEINFO_EXECUTABLE", wrapper(tmp_path, f'{real} "$@" | head -c 3000; kill -KILL $$'))
    with pytest.raises(pdf_pageinfo.PageInfoError):
        pdf_pageinfo.open(fixture("mixed.pdf"))


def test_arguments_are_not_coerced():
    with pdf_pageinfo.open(fixture("boxes.pdf")) as doc:
        page = doc.pages[0]
        for bad in [dict(size=(100.9, 200)), dict(size=(0, 10)), dict(dpi=0), dict(dpi=float("nan")),
                    dict(dpi=True)]:
            with pytest.raises(ValueError):
                page.bitmap(**bad)
    for bad in [dict(jobs=2.9), dict(jobs=0), dict(max_memory=0.5), dict(timeout=-1)]:
        with pytest.raises(ValueError):
            pdf_pageinfo.read_many([fixture("boxes.pdf")], **bad)
    [result] = pdf_pageinfo.read_many([fixture("boxes.pdf")], timeout=float("inf"), max_memory=None)
    assert result.status == "ok"


def test_pages_are_values_of_their_document():
    with pdf_pageinfo.open(fixture("rotations.pdf")) as doc:
        assert doc.pages[3] == doc.pages[3] and doc.pages[3] in doc.pages
        assert doc.pages.index(doc.pages[3]) == 3
        assert doc.pages[-1].number == 10 and [p.number for p in doc.pages[8:]] == [9, 10]
        with pytest.raises(TypeError):
            doc.pages[True]
        assert "10" in repr(doc.pages)


def test_bytes_input_messages_name_no_temporary_file():
    with pytest.raises(pdf_pageinfo.NotAPDF) as raised:
        pdf_pageinfo.open(b"hello, not a PDF")
    assert "pageinfo-" not in str(raised.value) and raised.value.file is None


def test_star_import_shadows_no_builtin():
    namespace = {}
    exec("from pdf_pageinfo import *", namespace)
    assert "open" not in namespace and "Warning" not in namespace
