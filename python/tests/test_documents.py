# SPDX-License-Identifier: Apache-2.0
"""pdf_pageinfo.open and the Document/Page values, against the fixtures' goldens (derived from how
each fixture was built, Fixtures/README.md) and the corpus manifest (pdfinfo, pdfium, MuPDF)."""

import glob
import io
import os
import stat
import subprocess
import sys

import pytest

from conftest import FIXTURES, corpus_manifest, fixture, golden

import pdf_pageinfo

GOLDEN_FIXTURES = sorted(
    os.path.basename(p).replace(".golden.json", ".pdf")
    for p in glob.glob(os.path.join(FIXTURES, "*.golden.json")))
DELIBERATE = {("pdfjs-boundingBox_invalid.pdf", 2): {"x": 0, "y": 0, "width": 600, "height": 800}}
BOXES = [("mediaBox", "media_box"), ("cropBox", "crop_box"), ("bleedBox", "bleed_box"),
         ("trimBox", "trim_box"), ("artBox", "art_box")]


def assert_box(box, expected, tolerance=0.01):
    assert isinstance(box, pdf_pageinfo.Box)
    for field in ("x", "y", "width", "height"):
        assert abs(getattr(box, field) - expected[field]) <= tolerance, (field, box, expected)


@pytest.mark.parametrize("name", [n for n in GOLDEN_FIXTURES if golden(n)["expect"] == "opens"])
def test_fixture_pages_equal_golden(name):
    expected = golden(name)
    with pdf_pageinfo.open(fixture(name), password=expected.get("password")) as doc:
        assert doc.page_count == expected["pageCount"] == len(doc.pages)
        assert doc.status == "ok"
        assert doc.page_layout == expected["pageLayout"]
        assert doc.direction == expected["direction"]
        for page, want in zip(doc.pages, expected["pages"]):
            assert page.ok and page.error is None
            assert page.index == want["index"] and page.number == want["index"] + 1
            assert page.label == want["label"]
            assert page.rotation == want["rotation"]
            assert page.rotation_raw == want["rotationRaw"]
            assert page.user_unit == want["userUnit"]
            for key, attribute in BOXES:
                assert_box(getattr(page, attribute), want[key])
            assert (page.width, page.height) == (want["size"]["width"], want["size"]["height"])


def test_transform_maps_crop_box_onto_displayed_page():
    # Independent of the executable's transform: the CropBox corners must land on the corners
    # of [0, width] x [0, height], and rotation turns the lower-left raw corner to where
    # /Rotate (clockwise) puts it.
    where_lower_left_goes = {0: (0, 0), 90: (0, 1), 180: (1, 1), 270: (1, 0)}
    with pdf_pageinfo.open(fixture("rotations.pdf")) as doc:
        for page in doc.pages:
            crop = page.crop_box
            mapped = page.transform.apply(crop)
            assert mapped == pdf_pageinfo.Box(0, 0, page.width, page.height)
            fx, fy = where_lower_left_goes[page.rotation]
            assert page.transform.apply((crop.x0, crop.y0)) == (fx * page.width, fy * page.height)
            assert page.convert((crop.x0, crop.y0), "pdf", "page") == (fx * page.width, fy * page.height)
            back = page.convert((fx * page.width, fy * page.height), "page", "pdf")
            assert back == pytest.approx((crop.x0, crop.y0))


def test_corpus_boxes_match_pdfinfo():
    manifest = corpus_manifest()
    from conftest import CORPUS
    checked = 0
    for entry in manifest["files"]:
        if not entry.get("pages"):
            continue
        with pdf_pageinfo.open(os.path.join(CORPUS, entry["file"]), password=entry.get("password")) as doc:
            for page, want in zip(doc.pages, entry["pages"]):
                if want.get("primary") != "pdfinfo" or not page.ok:
                    continue
                # Where pdfinfo and the spec part (Tests/PageInfoPopplerTests/CorpusTests.swift,
                # deliberateBoxDifferences): a CropBox disjoint from the MediaBox is the MediaBox.
                deliberate = DELIBERATE.get((entry["file"], page.index))
                for key, attribute in BOXES:
                    expected = want[key.lower()] if deliberate is None or key == "mediaBox" else deliberate
                    assert_box(getattr(page, attribute), expected)
                assert page.rotation == want["rotate"]
                if deliberate is None:
                    assert page.size == pytest.approx(tuple(want["displayed_size"]), abs=0.01)
                checked += 1
    assert checked > 300


def test_bytes_and_file_objects_read_like_paths():
    path = fixture("boxes.pdf")
    data = open(path, "rb").read()
    with pdf_pageinfo.open(path) as by_path, pdf_pageinfo.open(data) as by_bytes, \
            pdf_pageinfo.open(io.BytesIO(data)) as by_stream, open(path, "rb") as f, \
            pdf_pageinfo.open(f) as by_file:
        assert by_bytes.name is None and by_file.name == path
        for other in (by_bytes, by_stream, by_file):
            assert [p.crop_box for p in other.pages] == [p.crop_box for p in by_path.pages]
            assert [p.bitmap(72).size for p in other.pages] == [p.bitmap(72).size for p in by_path.pages]
        temporary = by_bytes._path
        assert os.path.exists(temporary)
    assert not os.path.exists(temporary), "the spooled copy is deleted at close"


def test_page_selection_keeps_real_indices():
    with pdf_pageinfo.open(fixture("rotations.pdf"), pages="2,4-5") as doc:
        assert [p.index for p in doc.pages] == [1, 3, 4]
        assert [p.rotation for p in doc.pages] == [90, 270, 270]
        assert [p.bitmap(dpi=72).size for p in doc.pages] == [(600, 400)] * 3
    with pytest.raises(pdf_pageinfo.UsageError):
        pdf_pageinfo.open(fixture("rotations.pdf"), pages="11")


def test_partial_document_reports_page_errors_as_values():
    with pdf_pageinfo.open(fixture("damaged/kid-missing.pdf")) as doc:
        assert doc.status == "partial"
        assert [p.ok for p in doc.pages] == [True, False, True]
        error = doc.pages[1].error
        assert error.code == "kid-missing" and "object 5" in error.message
        with pytest.raises(pdf_pageinfo.PageUnreadable) as raised:
            doc.pages[1].crop_box
        assert raised.value.code == "kid-missing"
        assert doc.pages[2].size == (300, 400)
        assert "xref-repaired" in [w.code for w in doc.warnings]


@pytest.mark.parametrize("name, error", [
    ("not-a-pdf.pdf", pdf_pageinfo.NotAPDF),
    ("encrypted.pdf", pdf_pageinfo.PasswordRequired),
    ("damaged/count-zero-loop.pdf", pdf_pageinfo.DamagedPDF),
])
def test_failed_files_raise_typed_errors(name, error):
    with pytest.raises(error) as raised:
        pdf_pageinfo.open(fixture(name))
    assert raised.value.file == fixture(name)
    assert raised.value.code == error.code


def test_passwords():
    expected = golden("encrypted.pdf")
    with pytest.raises(pdf_pageinfo.WrongPassword):
        pdf_pageinfo.open(fixture("encrypted.pdf"), password="not the password")
    with pdf_pageinfo.open(fixture("encrypted.pdf"), password=expected["password"]) as doc:
        assert doc.encrypted is True
        assert doc.page_count == expected["pageCount"]
    with pytest.raises(pdf_pageinfo.PasswordRequired) as raised:
        pdf_pageinfo.open(fixture("encrypted.pdf"))
    assert "password=" in str(raised.value), "the advice names the Python argument, not a CLI flag"


def test_missing_and_unreadable_files(tmp_path):
    with pytest.raises(pdf_pageinfo.FileNotFound) as raised:
        pdf_pageinfo.open(tmp_path / "absent.pdf")
    assert isinstance(raised.value, FileNotFoundError)
    with pytest.raises(pdf_pageinfo.Unreadable):
        pdf_pageinfo.open(tmp_path)


def test_the_first_read_checks_the_version_in_its_own_run(tmp_path):
    # A fresh process: the first read passes --require-version and runs no --version first; the
    # second passes nothing. A build that says this version but refuses --require-version (one
    # from before it) is VersionMismatch, not a usage error.
    log = tmp_path / "runs.log"
    real = pdf_pageinfo.executable()
    logged = tmp_path / "pageinfo"
    logged.write_text(f'#!/bin/sh\necho "$*" >> {log}\nexec {real} "$@"\n')
    logged.chmod(logged.stat().st_mode | stat.S_IXUSR)
    code = ("import pdf_pageinfo, sys\n"
            "for _ in range(2):\n    print(len(pdf_pageinfo.open(sys.argv[1]).pages))\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), PAGEINFO_EXECUTABLE=str(logged))
    out = subprocess.run([sys.executable, "-c", code, fixture("boxes.pdf")], env=env,
                         capture_output=True, text=True, check=True).stdout
    assert out.split() == ["9", "9"]  # (boxes.pdf has 9 pages)
    runs = log.read_text().splitlines()
    assert len(runs) == 2 and not any("--version" in r.split() for r in runs)
    assert runs[0].startswith(f"pages --require-version {pdf_pageinfo.__version__} ")
    assert "--require-version" not in runs[1]
    older = tmp_path / "older"
    older.write_text(f'#!/bin/sh\nfor a in "$@"; do [ "$a" = --require-version ] && '
                     f'{{ echo "Error: Unknown option \'--require-version\'" >&2; exit 64; }}; done\n'
                     f'exec {real} "$@"\n')
    older.chmod(older.stat().st_mode | stat.S_IXUSR)
    env["PAGEINFO_EXECUTABLE"] = str(older)
    code = ("import pdf_pageinfo, sys\n"
            "try:\n    pdf_pageinfo.open(sys.argv[1])\n"
            "except pdf_pageinfo.PageInfoError as e:\n    print(type(e).__name__, e)\n")
    out = subprocess.run([sys.executable, "-c", code, fixture("boxes.pdf")], env=env,
                         capture_output=True, text=True, check=True).stdout
    assert out.startswith("VersionMismatch ") and "--require-version" in out, out


def test_bitmaps_and_frames_cost_one_run_per_setting(tmp_path):
    # Each setting (a dpi, a bitmap size, the frames) costs one more run of the file, whatever
    # the number of pages asking: open() reads every page once; iter_pages() once per chunk.
    log = tmp_path / "runs.log"
    logged = tmp_path / "pageinfo"
    logged.write_text(f'#!/bin/sh\necho "$*" >> {log}\nexec {pdf_pageinfo.executable()} "$@"\n')
    logged.chmod(logged.stat().st_mode | stat.S_IXUSR)
    code = ("import pdf_pageinfo, sys\n"
            "with pdf_pageinfo.open(sys.argv[1]) as doc:\n"
            "    sizes = [p.bitmap(dpi=72).size for p in doc.pages] + [p.bitmap(dpi=72).size for p in doc.pages]\n"
            "    doc.pages[5].bitmap(dpi=150); doc.pages[0].bitmap(dpi=150)\n"
            "    doc.pages[3].convert((0, 0), 'pdf', 'pymupdf'); doc.pages[8].convert((0, 0), 'pdf', 'pypdf')\n"
            "    print(len(sizes))\n"
            "print(sum(1 for p in pdf_pageinfo.iter_pages(sys.argv[1]) if p.bitmap(dpi=96).size))\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), PAGEINFO_EXECUTABLE=str(logged))
    out = subprocess.run([sys.executable, "-c", code, fixture("boxes.pdf")], env=env,
                         capture_output=True, text=True, check=True).stdout
    assert out.split() == ["18", "9"]  # (boxes.pdf has 9 pages, in one chunk)
    runs = [r.split() for r in log.read_text().splitlines()]
    settings = [r[r.index("columns") + 1:r.index("--")] for r in runs]
    assert settings == [[], ["--dpi", "72.0", "--renderer", "pdftoppm-cropbox"],
                        ["--dpi", "150.0", "--renderer", "pdftoppm-cropbox"], ["--frames", "all"],
                        [], ["--dpi", "96.0", "--renderer", "pdftoppm-cropbox", "--pages", "1-9"]], runs


def test_executable_not_found_and_version_mismatch(tmp_path):
    code = ("import pdf_pageinfo, sys\n"
            "try:\n    pdf_pageinfo.open(sys.argv[1])\n"
            "except pdf_pageinfo.PageInfoError as e:\n    print(type(e).__name__, e)\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    env["PAGEINFO_EXECUTABLE"] = str(tmp_path / "absent")
    out = subprocess.run([sys.executable, "-c", code, fixture("boxes.pdf")], env=env,
                         capture_output=True, text=True, check=True).stdout
    assert out.startswith("ExecutableNotFound PAGEINFO_EXECUTABLE=") and "pip install" in out
    other = tmp_path / "pageinfo"
    other.write_text("#!/bin/sh\necho 'pageinfo 9.9.9 (Poppler 1.0.0)'\n")
    other.chmod(other.stat().st_mode | stat.S_IXUSR)
    env["PAGEINFO_EXECUTABLE"] = str(other)
    out = subprocess.run([sys.executable, "-c", code, fixture("boxes.pdf")], env=env,
                         capture_output=True, text=True, check=True).stdout
    assert out.startswith("VersionMismatch ") and "9.9.9" in out and pdf_pageinfo.__version__ in out
