#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The installed package's smoke test, for a machine with nothing but Python and the wheel
(`make python-wheel-check` runs it in a clean chroot): the bundled executable runs, reads the
fixtures to their goldens, maps pixels back to points, reads a collection in workers and raises
the typed errors. Standard library only.

  python3 smoke_installed.py FIXTURES_DIR
"""

import json
import os
import sys

import pdf_pageinfo


def main(fixtures):
    exe = pdf_pageinfo.executable()
    assert os.path.dirname(exe).endswith(os.path.join("pdf_pageinfo", "_bin")) or os.environ.get("PAGEINFO_EXECUTABLE"), exe
    checked = 0
    for name in ("rotations.pdf", "boxes.pdf", "userunit.pdf", "labels.pdf", "inherited.pdf", "mixed.pdf"):
        golden = json.load(open(os.path.join(fixtures, name.replace(".pdf", ".golden.json"))))
        with pdf_pageinfo.open(os.path.join(fixtures, name)) as doc:
            assert doc.page_count == golden["pageCount"], name
            for page, want in zip(doc.pages, golden["pages"]):
                assert page.crop_box.as_record() == {k: want["cropBox"][k] for k in ("x", "y", "width", "height")}, (name, page)
                assert (page.rotation, page.label, page.size) == (want["rotation"], want["label"], (want["size"]["width"], want["size"]["height"])), (name, page)
                checked += 1
    with pdf_pageinfo.open(os.path.join(fixtures, "rotations.pdf")) as doc:
        bitmap = doc.pages[1].bitmap(dpi=300)
        assert bitmap.size == (2500, 1667), bitmap
        assert [round(v, 6) for v in bitmap.to_pdf((100, 200, 400, 260))] == [68, 54, 82.4, 126]
    streamed = [(p.rotation, p.size) for p in pdf_pageinfo.iter_pages(os.path.join(fixtures, "rotations.pdf"))]
    with pdf_pageinfo.open(os.path.join(fixtures, "rotations.pdf")) as doc:
        assert streamed == [(p.rotation, p.size) for p in doc.pages], streamed
    names = [os.path.join(fixtures, n) for n in ("boxes.pdf", "not-a-pdf.pdf", "mixed.pdf")]
    results = list(pdf_pageinfo.read_many(names, jobs=2))
    assert [r.status for r in results] == ["ok", "failed", "ok"], results
    assert isinstance(results[1].error, pdf_pageinfo.NotAPDF)
    try:
        pdf_pageinfo.open(os.path.join(fixtures, "encrypted.pdf"))
        raise AssertionError("an encrypted file opened without its password")
    except pdf_pageinfo.PasswordRequired:
        pass
    print(f"smoke_installed: ok: {exe}, {checked} pages to their goldens, bitmap, iter_pages, read_many, errors")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "Fixtures")
