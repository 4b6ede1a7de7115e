# SPDX-License-Identifier: Apache-2.0
"""read_many: many files through batch mode's isolated workers, results in input order; a file
that crashes, hangs or exhausts its worker is one failed result and this process lives on.

The crash, hang and memory cases use the tests' worker (Sources/pageinfo-test-worker: the
library's worker loop with hooks that crash, hang or allocate on chosen names), which the
Makefile names in PAGEINFO_TEST_WORKER."""

import os
import shutil
import stat

import pytest

from conftest import IN_CI, fixture, golden

import pdf_pageinfo

NAMES = ["rotations.pdf", "not-a-pdf.pdf", "boxes.pdf", "damaged/kid-missing.pdf",
         "encrypted.pdf", "mixed.pdf"]


def test_results_in_input_order_with_failures_as_values():
    paths = [fixture(n) for n in NAMES] + [fixture("absent.pdf")]
    results = list(pdf_pageinfo.read_many(paths, jobs=2))
    assert [r.name for r in results] == paths
    assert [r.status for r in results] == ["ok", "failed", "ok", "partial", "failed", "ok", "failed"]
    assert [type(r.error).__name__ if r.error else None for r in results] == [
        None, "NotAPDF", None, None, "PasswordRequired", None, "FileNotFound"]
    for result, name in zip(results[:1] + results[2:3], ["rotations.pdf", "boxes.pdf"]):
        with pdf_pageinfo.open(fixture(name)) as alone:
            assert [p.crop_box for p in result.pages] == [p.crop_box for p in alone.pages]
            assert [p.transform for p in result.pages] == [p.transform for p in alone.pages]
    assert results[0].pages[1].bitmap(dpi=72).size == (600, 400)
    assert results[3].pages[1].error.code == "kid-missing"
    assert results[0].seconds is not None, "batch mode measures each file"


def test_password_and_empty_list(tmp_path):
    assert list(pdf_pageinfo.read_many([])) == []
    [result] = pdf_pageinfo.read_many([fixture("encrypted.pdf")], password=golden("encrypted.pdf")["password"])
    assert result.status == "ok", result.error
    odd = tmp_path / "-odd name ☃.pdf"
    shutil.copy(fixture("boxes.pdf"), odd)
    [result] = pdf_pageinfo.read_many([odd])
    assert result.name == str(odd) and result.status == "ok"


@pytest.fixture
def test_worker():
    path = os.environ.get("PAGEINFO_TEST_WORKER")
    if not path or not os.access(path, os.X_OK):
        if IN_CI:
            pytest.fail("PAGEINFO_TEST_WORKER is not set (make python-test sets it)")
        pytest.skip("PAGEINFO_TEST_WORKER is not set")
    return path


@pytest.mark.parametrize("hook, code, options", [
    ("PAGEINFO_TEST_CRASH_ON", "crashed", {}),
    ("PAGEINFO_TEST_HANG_ON", "timeout", {"timeout": 1}),
    ("PAGEINFO_TEST_ALLOC_ON", "memory", {"max_memory": 512}),
])
def test_a_failing_worker_costs_one_result(tmp_path, monkeypatch, test_worker, hook, code, options):
    victim = tmp_path / "victim.pdf"
    shutil.copy(fixture("boxes.pdf"), victim)
    paths = [fixture("rotations.pdf"), str(victim), fixture("mixed.pdf")]
    monkeypatch.setenv(hook, "victim")
    results = list(pdf_pageinfo.read_many(paths, jobs=1, worker=test_worker, **options))
    assert [r.status for r in results] == ["ok", "failed", "ok"]
    failed = results[1]
    assert isinstance(failed.error, pdf_pageinfo.WorkerFailed) and failed.error.code == code
    assert failed.pages == [] or len(failed.pages) == 0
    assert len(results[2].pages) == 10


def test_a_worker_of_another_version_is_said(tmp_path):
    # A worker from before workers said their version (it refuses --hello, exit 64): the batch
    # run reads no file and stops (exit 70); read_many says why, naming the worker.
    old = tmp_path / "old-worker"
    old.write_text("#!/bin/sh\necho \"Error: Unknown option '--hello'\" >&2\nexit 64\n")
    old.chmod(old.stat().st_mode | stat.S_IXUSR)
    with pytest.raises(pdf_pageinfo.PageInfoError) as raised:
        list(pdf_pageinfo.read_many([fixture("boxes.pdf")], worker=str(old)))
    message = str(raised.value)
    assert "reported 0 of 1 files (exit status 70)" in message
    assert str(old) in message and "did not say its version" in message, message


def test_arguments_are_checked():
    with pytest.raises(ValueError):
        pdf_pageinfo.read_many([fixture("boxes.pdf")], jobs=0)
    with pytest.raises(ValueError):
        pdf_pageinfo.read_many(["a\0b.pdf"])
