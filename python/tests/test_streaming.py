# SPDX-License-Identifier: Apache-2.0
"""The compact columns of pdf_pageinfo.open (typed arrays, nulls as NaN or a sentinel) and the
streaming reader pdf_pageinfo.iter_pages: the same pages, values and errors as open, page for page.
Values are checked against the executable's own JSON records (the contract the columns hold) and
the fixtures' goldens; memory and time are the benchmark's (scripts/bench_python.py), not here."""

import json
import os
import subprocess
from array import array

import pytest

from conftest import CORPUS, corpus_manifest, fixture, golden, need

import pdf_pageinfo
from pdf_pageinfo._executable import executable

BOXES = ("media_box", "crop_box", "bleed_box", "trim_box", "art_box")
GEOMETRY = ("rotation", "rotation_raw", "user_unit", "width", "height", "transform") + BOXES


def records(path, *arguments):
    out = subprocess.run([executable(), "pages", "--format", "columns", *arguments, "--", path],
                         capture_output=True, check=False).stdout
    return [json.loads(line) for line in out.splitlines()]


def described(page):
    """Everything a Page says, page errors included (a PageUnreadable names its code)."""
    values = {"index": page.index, "number": page.number, "label": page.label,
              "error": page.error, "warnings": page.warnings, "ok": page.ok}
    for name in GEOMETRY:
        try:
            value = getattr(page, name)
        except pdf_pageinfo.PageUnreadable as error:
            value = ("unreadable", error.code)
        values[name] = value
    return values


def test_compact_columns_hold_the_records_values_and_nulls():
    path = fixture("damaged/kid-missing.pdf")
    chunk = records(path)[0]["columns"]
    assert chunk["rotation"][1] is None and chunk["error"]["code"][1] == "kid-missing"
    with pdf_pageinfo.open(path) as doc:
        assert doc.status == "partial" and len(doc.pages) == 3
        columns = doc._chunks[0]
        assert isinstance(columns["cropBox"]["x"], array) and columns["cropBox"]["x"].typecode == "d"
        assert isinstance(columns["rotation"], array) and columns["rotation"].typecode == "q"
        for row in (0, 2):
            page = doc.pages[row]
            assert page.ok
            for key, name in zip(("mediaBox", "cropBox", "bleedBox", "trimBox", "artBox"), BOXES):
                box = getattr(page, name)
                assert (box.x, box.y, box.width, box.height) == tuple(
                    chunk[key][f][row] for f in ("x", "y", "width", "height"))
                assert all(type(v) is float for v in (box.x, box.y, box.width, box.height))
            assert (page.width, page.height) == (chunk["size"]["width"][row],
                                                 chunk["size"]["height"][row])
            assert type(page.width) is float and type(page.user_unit) is float
            assert page.rotation == chunk["rotation"][row] and type(page.rotation) is int
            assert page.rotation_raw == chunk["rotationRaw"][row]
            assert type(page.index) is int and type(page.number) is int
            assert tuple(page.transform) == tuple(chunk["transform"][k][row]
                                                  for k in ("a", "b", "c", "d", "tx", "ty"))
        assert doc.pages[0].crop_box == pdf_pageinfo.Box(0, 0, 612, 792)
        assert doc.pages[2].size == (300.0, 400.0)
        broken = doc.pages[1]
        assert broken.index == 1 and broken.error.code == "kid-missing"
        for name in GEOMETRY:
            with pytest.raises(pdf_pageinfo.PageUnreadable) as raised:
                getattr(broken, name)
            assert raised.value.code == "kid-missing"
        # A second page asking for a setting compares every page read again, the NaNs of the
        # page error included, with the pages read at open: the same file is not "changed".
        sizes = [doc.pages[row].bitmap(dpi=72).size for row in (0, 2)]
        assert sizes == [(612, 792), (300, 400)]
        assert doc._extras, "the second page's run of every page was compared and kept"


def test_equal_columns_of_a_chunk_are_one_array():
    path = fixture("rotations.pdf")
    chunk = records(path)[0]["columns"]
    with pdf_pageinfo.open(path) as doc:
        columns = doc._chunks[0]
        # rotations.pdf: every box of a page is its CropBox (golden), x and y differ.
        assert columns["bleedBox"]["x"] is columns["cropBox"]["x"]
        assert columns["artBox"]["height"] is columns["cropBox"]["height"]
        assert columns["mediaBox"]["x"] is not columns["cropBox"]["x"]
        assert columns["rotation"] is not columns["rotationRaw"]
        for page in doc.pages:
            row = page.index
            assert page.bleed_box.rect == page.crop_box.rect == (
                chunk["cropBox"]["x"][row], chunk["cropBox"]["y"][row],
                chunk["cropBox"]["x"][row] + chunk["cropBox"]["width"][row],
                chunk["cropBox"]["y"][row] + chunk["cropBox"]["height"][row])
            assert page.media_box.width == chunk["mediaBox"]["width"][row]
            assert page.rotation_raw == chunk["rotationRaw"][row]


def test_same_pages_treats_nulls_as_equal_and_values_as_values():
    with pdf_pageinfo.open(fixture("damaged/kid-missing.pdf")) as doc:
        again = records(doc._path)[0]["columns"]
        from pdf_pageinfo._columns import _compact
        assert doc._same_pages(doc._chunks, [_compact(again)])
        changed = records(doc._path)[0]["columns"]
        changed["cropBox"]["x"][0] = 1
        assert not doc._same_pages(doc._chunks, [_compact(changed)])


NAMES = ["rotations.pdf", "boxes.pdf", "labels.pdf", "userunit.pdf", "mixed.pdf",
         "inherited.pdf", "damaged/kid-missing.pdf", "damaged/kid-not-page.pdf",
         "damaged/inherit-invalid.pdf"]


@pytest.mark.parametrize("name", NAMES)
def test_iter_pages_equals_open(name):
    path = fixture(name)
    with pdf_pageinfo.open(path) as doc:
        expected = [described(page) for page in doc.pages]
    streamed = [described(page) for page in pdf_pageinfo.iter_pages(path)]
    assert streamed == expected and len(expected) > 0


def test_iter_pages_equals_golden():
    expected = golden("rotations.pdf")
    pages = list(pdf_pageinfo.iter_pages(fixture("rotations.pdf")))
    assert [p.rotation for p in pages] == [w["rotation"] for w in expected["pages"]]
    assert [p.size for p in pages] == [(w["size"]["width"], w["size"]["height"])
                                       for w in expected["pages"]]


def test_iter_pages_equals_open_on_the_corpus():
    manifest = corpus_manifest()
    entries = sorted((e for e in manifest["files"] if e.get("expected") == "opens"
                      and e.get("page_count")), key=lambda e: -e["page_count"])[:4]
    assert entries
    for entry in entries:
        path = os.path.join(CORPUS, entry["file"])
        password = entry.get("password")
        with pdf_pageinfo.open(path, password=password) as doc:
            expected = [described(page) for page in doc.pages]
        streamed = [described(page) for page in pdf_pageinfo.iter_pages(path, password=password)]
        assert streamed == expected, entry["file"]
        assert len(streamed) == entry["page_count"]


def test_iter_pages_streams_chunks_of_a_big_file(tmp_path):
    # More pages than a chunk (1,024): the pages come in several chunks, each the same as open's,
    # and a streamed page's bitmap() reads its own chunk again.
    pikepdf = need("pikepdf")
    pdf = pikepdf.new()
    for i in range(5000):
        pdf.add_blank_page(page_size=(200 + i % 7, 300 + i % 11))
        pdf.pages[-1].obj.Rotate = 90 * (i % 4)
    path = str(tmp_path / "five-thousand.pdf")
    pdf.save(path)
    with pdf_pageinfo.open(path) as doc:
        assert len(doc._chunks) == 5  # 4 × 1,024 + 904
        expected = [(p.index, p.rotation, p.crop_box, p.size) for p in doc.pages]
        want_bitmaps = [doc.pages[i].bitmap(dpi=72).size for i in (3, 4500, 4999)]
    chunks = set()
    streamed = []
    for page in pdf_pageinfo.iter_pages(path):
        chunks.add(id(page._columns))
        streamed.append((page.index, page.rotation, page.crop_box, page.size))
        if page.index in (3, 4500, 4999):
            assert page.bitmap(dpi=72).size == want_bitmaps[[3, 4500, 4999].index(page.index)]
    assert streamed == expected
    assert expected[4999] == (4999, 270, pdf_pageinfo.Box(0, 0, 200 + 4999 % 7, 300 + 4999 % 11),
                              (300.0 + 4999 % 11, 200.0 + 4999 % 7))


def test_iter_pages_bitmaps_and_frames_equal_opens():
    path = fixture("boxes.pdf")
    with pdf_pageinfo.open(path) as doc:
        expected = [(p.bitmap(dpi=150).size, p.bitmap(dpi=150).raw_to_pixel,
                     p.matrix("pymupdf", "pixels", size=(1024, 1024), fit="fill"))
                    for p in doc.pages]
    streamed = [(p.bitmap(dpi=150).size, p.bitmap(dpi=150).raw_to_pixel,
                 p.matrix("pymupdf", "pixels", size=(1024, 1024), fit="fill"))
                for p in pdf_pageinfo.iter_pages(path)]
    assert streamed == expected
    # A page list out of order: each page asks alone.
    picked = [(p.index, p.bitmap(dpi=72).size) for p in pdf_pageinfo.iter_pages(path, pages="3,1")]
    with pdf_pageinfo.open(path) as doc:
        assert picked == [(2, doc.pages[2].bitmap(dpi=72).size), (0, doc.pages[0].bitmap(dpi=72).size)]


@pytest.mark.parametrize("name, password, error", [
    ("not-a-pdf.pdf", None, pdf_pageinfo.NotAPDF),
    ("encrypted.pdf", None, pdf_pageinfo.PasswordRequired),
    ("encrypted.pdf", "not the password", pdf_pageinfo.WrongPassword),
    ("truncated.pdf", None, None),
    ("does-not-exist.pdf", None, pdf_pageinfo.FileNotFound),
])
def test_iter_pages_raises_what_open_raises(name, password, error):
    path = fixture(name)
    if error is None:
        # Whatever open does with this file, iter_pages does the same.
        try:
            pdf_pageinfo.open(path).close()
        except pdf_pageinfo.PageInfoError as raised:
            error = type(raised)
        else:
            assert len(list(pdf_pageinfo.iter_pages(path))) > 0
            return
    with pytest.raises(error) as from_open:
        pdf_pageinfo.open(path, password=password)
    pages = pdf_pageinfo.iter_pages(path, password=password)
    with pytest.raises(error) as from_stream:
        next(pages)
    assert from_stream.value.code == from_open.value.code
    assert str(from_stream.value) == str(from_open.value)


def test_iter_pages_password_and_page_selection():
    expected = golden("encrypted.pdf")
    streamed = list(pdf_pageinfo.iter_pages(fixture("encrypted.pdf"), password=expected["password"]))
    assert len(streamed) == expected["pageCount"]
    picked = list(pdf_pageinfo.iter_pages(fixture("rotations.pdf"), pages="2,4-5"))
    assert [(p.index, p.rotation) for p in picked] == [(1, 90), (3, 270), (4, 270)]
    with pytest.raises(pdf_pageinfo.UsageError):
        list(pdf_pageinfo.iter_pages(fixture("rotations.pdf"), pages="11"))


def test_iter_pages_of_bytes_and_early_stop():
    data = open(fixture("boxes.pdf"), "rb").read()
    with pdf_pageinfo.open(data) as doc:
        expected = [described(page) for page in doc.pages]
    pages = pdf_pageinfo.iter_pages(data)
    first = next(pages)
    temporary = first._document._path
    assert os.path.exists(temporary)
    pages.close()                           # stops the executable; the page still answers
    assert described(first) == expected[0]
    assert first.bitmap(dpi=72).size == pdf_pageinfo.open(fixture("boxes.pdf")).pages[0].bitmap(dpi=72).size
    del first, pages
    import gc
    gc.collect()
    assert not os.path.exists(temporary), "the spooled copy goes with the last page"
    assert [described(page) for page in pdf_pageinfo.iter_pages(data)] == expected


def test_iter_pages_of_a_hanging_crashing_or_cut_reader(tmp_path, monkeypatch):
    from test_robustness import wrapper
    real = pdf_pageinfo.executable()
    monkeypatch.setenv("PAGEINFO_EXECUTABLE", wrapper(tmp_path, "exec sleep 30"))
    with pytest.raises(pdf_pageinfo.WorkerFailed) as raised:
        list(pdf_pageinfo.iter_pages(fixture("boxes.pdf"), timeout=1))
    assert raised.value.code == "timeout"
    monkeypatch.setenv("PAGEINFO_EXECUTABLE", wrapper(tmp_path, "kill -SEGV $$"))
    with pytest.raises(pdf_pageinfo.WorkerFailed) as raised:
        list(pdf_pageinfo.iter_pages(fixture("boxes.pdf")))
    assert raised.value.code == "crashed"
    monkeypatch.setenv("PAGEINFO_EXECUTABLE", wrapper(tmp_path, f'{real} "$@" | head -c 3000; kill -KILL $$'))
    with pytest.raises(pdf_pageinfo.PageInfoError):
        list(pdf_pageinfo.iter_pages(fixture("mixed.pdf")))


def test_a_streamed_page_of_a_changed_file_is_refused(tmp_path):
    import shutil
    path = tmp_path / "a.pdf"
    shutil.copy(fixture("rotations.pdf"), path)
    pages = pdf_pageinfo.iter_pages(path)
    page = next(pages)
    assert page.rotation == 0
    shutil.copy(fixture("mixed.pdf"), path)
    with pytest.raises(pdf_pageinfo.PageInfoError) as raised:
        page.bitmap(dpi=72)
    assert "changed since it was opened" in str(raised.value)
    pages.close()


def test_iter_pages_of_bytes_names_no_temporary_file():
    with pytest.raises(pdf_pageinfo.NotAPDF) as raised:
        list(pdf_pageinfo.iter_pages(b"hello, not a PDF"))
    assert "pageinfo-" not in str(raised.value) and raised.value.file is None
