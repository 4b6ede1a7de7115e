# SPDX-License-Identifier: Apache-2.0
"""page.annotations and page.links: every annotation of Fixtures/annotations/annotations.pdf
against its golden (scripts/make_annotation_fixtures.py wrote both), the hostile file's warnings
by code with its good annotations read, one run of the executable per document, the "file
changed" check, and PyMuPDF as an independent oracle (its annot.rect, widget.rect and
get_links() through page.convert(..., "pdf", "pymupdf"), on the pages of /UserUnit 1: PyMuPDF
ignores /UserUnit)."""

import dataclasses
import json
import os
import shutil

import pytest

from conftest import FIXTURES, fixture, need

import pdf_pageinfo
from pdf_pageinfo import _reading, _run

ANNOTATIONS = fixture("annotations/annotations.pdf")
HOSTILE = fixture("annotations/hostile.pdf")
TOLERANCE = 0.01


def load(name):
    with open(os.path.join(FIXTURES, "annotations", name)) as f:
        return json.load(f)


def close(box, want, what):
    """A Box (or None) equals a golden {x, y, width, height} (or null) within 0.01 pt."""
    if want is None:
        assert box is None, what
        return
    assert box is not None, what
    got = (box.x, box.y, box.width, box.height)
    expected = (want["x"], want["y"], want["width"], want["height"])
    assert all(abs(g - e) <= TOLERANCE for g, e in zip(got, expected)), (what, got, expected)


def close_rect(got, want, what):
    assert all(abs(g - w) <= TOLERANCE for g, w in zip(got, want)), (what, got, want)


@pytest.fixture
def runs(monkeypatch):
    """The argument lists of every run of the executable this process makes (open's and
    iter_pages's, and the extra runs of bitmap(), convert() and annotations)."""
    made = []
    real = _run.Run

    class Counted(real):
        def __init__(self, arguments, **options):
            made.append(list(arguments))
            super().__init__(arguments, **options)

    monkeypatch.setattr(_run, "Run", Counted)
    monkeypatch.setattr(_reading, "Run", Counted)  # (iter_pages's runs)
    return made


def test_every_annotation_equals_the_golden():
    golden = load("annotations.json")
    with pdf_pageinfo.open(ANNOTATIONS) as doc:
        assert len(doc.pages) == len(golden["pages"]) == 7
        checked = 0
        for want_page in golden["pages"]:
            page = doc.pages[want_page["index"]]
            assert page.media_box.rect == tuple(want_page["mediaBox"])
            assert page.crop_box.rect == tuple(want_page["cropBox"])
            assert (page.rotation, page.user_unit) == (want_page["rotation"], want_page["userUnit"])
            found = page.annotations
            assert [a.index for a in found] == [w["index"] for w in want_page["annotations"]]
            for a, want in zip(found, want_page["annotations"]):
                what = (page.index, a.index, a.subtype)
                assert a.page == page.index and a.object == want["object"], what
                assert a.subtype == want["subtype"], what
                close(a.rect, want["rect"], what)
                close(a.drawn_rect, want["drawnRect"], what)
                assert a.flags == tuple(want["flags"]), what
                assert a.warnings == [], what
                # page space is the page's transform of raw space: the record's and convert's agree.
                close(page.convert(a.rect, "pdf", "page"), a.page_rect.as_record(), what)
                if a.drawn_rect is not None:
                    close(page.convert(a.drawn_rect, "pdf", "page"), a.drawn_page_rect.as_record(), what)
                else:
                    assert a.drawn_page_rect is None, what
                appearance = want.get("appearance")
                if appearance is None:
                    assert a.appearance is None, what
                else:
                    assert a.appearance.state == appearance["state"], what
                    close(a.appearance.bbox, appearance["bbox"], what)
                    close_rect(tuple(a.appearance.matrix), appearance["matrix"], what)
                    assert isinstance(a.appearance.matrix, pdf_pageinfo.Matrix)
                flat = [v for quad in a.quad_points for point in quad for v in point]
                close_rect(flat, want.get("quadPoints", []), what)
                assert len(flat) == len(want.get("quadPoints", [])), what
                if "borderWidth" in want:
                    assert a.border_width == want["borderWidth"], what
                assert (a.name, a.contents) == (want.get("name"), want.get("contents")), what
                assert (a.popup, a.parent) == (want.get("popup"), want.get("parent")), what
                field = want.get("field")
                assert a.field == (None if field is None else pdf_pageinfo.Field(field["name"], field["type"])), what
                action = want.get("action")
                assert a.action == (None if action is None else pdf_pageinfo.Action(action["type"], action["target"])), what
                d = want.get("destination")
                if d is None:
                    assert a.destination is None, what
                else:
                    # The numbers as the file wrote them (page space: the view-state test).
                    assert dataclasses.replace(a.destination, page_point=None, page_rect=None) == pdf_pageinfo.Destination(
                        d.get("page"), d.get("remotePage"), d["kind"], d.get("left"), d.get("bottom"),
                        d.get("right"), d.get("top"), d.get("zoom"), d.get("name")), what
                checked += 1
            assert page.links == [a for a in found if a.subtype == "Link"]
            assert page.annotation_warnings == []
        assert checked == sum(len(p["annotations"]) for p in golden["pages"]) == 61
        assert doc.annotation_warnings == []


def test_the_hostile_file_warns_by_code_and_reads_the_good_ones():
    golden = load("hostile.json")
    with pdf_pageinfo.open(HOSTILE) as doc:
        assert [w.code for w in doc.annotation_warnings] == golden["documentWarnings"]
        for want_page in golden["pages"]:
            page = doc.pages[want_page["index"]]
            assert [w.code for w in page.annotation_warnings] == want_page["pageWarnings"]
            found = page.annotations
            assert [a.index for a in found] == [w["index"] for w in want_page["annotations"]]
            for a, want in zip(found, want_page["annotations"]):
                what = (page.index, a.index)
                assert a.subtype == want["subtype"], what
                close(a.rect, want["rect"], what)
                close(a.drawn_rect, want["drawnRect"], what)
                assert [w.code for w in a.warnings] == want["warnings"], what
                assert all(isinstance(w, pdf_pageinfo.PdfWarning) and w.message for w in a.warnings)
                if "quadPoints" in want:
                    assert a.quad_points == want["quadPoints"], what
                if "field" in want:
                    assert a.field == (want["field"]["name"], want["field"]["type"]), what
                if "destination" in want:
                    d = want["destination"]
                    assert a.destination is not None, what
                    assert (a.destination.page, a.destination.kind, a.destination.name) == \
                        (d.get("page"), d.get("kind"), d.get("name")), what
                    if "zoom" in d:
                        assert a.destination.zoom == d["zoom"], what
                if "quadPointCount" in want:
                    assert len(a.quad_points) * 4 == want["quadPointCount"], what
                if a.rect is None:
                    # Never a guessed rectangle: nothing of it in any space.
                    assert (a.drawn_rect, a.page_rect, a.drawn_page_rect) == (None, None, None), what
        good = [a for p in doc.pages for a in p.annotations if (a.name or "").startswith("good")]
        # The good squares, read beside the damage (page 2 lists its square twice).
        assert [(a.page, a.name, [w.code for w in a.warnings]) for a in good] == \
            [(1, "good-2", []), (1, "good-2", ["annotation-repeated"]), (2, "good-3", [])]


def test_fields_are_built_once_and_kept():
    """The fields an Annotation builds when first asked are kept: asked again they are the same
    objects (a list changed by the caller stays changed, as an attribute would), and they equal
    what the record holds."""
    with pdf_pageinfo.open(ANNOTATIONS) as doc:
        annotations = [a for p in doc.pages for a in p.annotations]
    assert annotations
    names = ("rect", "drawn_rect", "page_rect", "drawn_page_rect", "flags", "quad_points", "appearance", "field",
             "action", "destination", "warnings")
    for a in annotations:
        for name in names:
            assert getattr(a, name) is getattr(a, name), (a.index, name)
    with_quads = next(a for a in annotations if a.quad_points)
    with_quads.quad_points.append(with_quads.quad_points[0])
    assert len(with_quads.quad_points) == len(with_quads._record["quadPoints"]) // 4 + 1
    with pytest.raises(AttributeError):
        annotations[0].rect = None  # read-only, as the record it comes from


def golden_counts():
    """The annotations of annotations.pdf and its links, by the golden."""
    pages = load("annotations.json")["pages"]
    return (sum(len(p["annotations"]) for p in pages),
            sum(a["subtype"] == "Link" for p in pages for a in p["annotations"]),
            [len(p["annotations"]) for p in pages])


def test_one_run_per_document(runs):
    annotations, links, per_page = golden_counts()
    with pdf_pageinfo.open(ANNOTATIONS) as doc:
        assert len(runs) == 1 and runs[0][0] == "pages"
        total = sum(len(p.annotations) + len(p.links) for p in doc.pages)
        total += sum(len(p.annotations) for p in reversed(doc.pages))
        doc.annotation_warnings
        assert total == annotations + links + annotations
        annotation_runs = [r for r in runs if r[0] == "annotations"]
        assert len(annotation_runs) == 1 and len(runs) == 2, runs
        run = annotation_runs[0]
        assert run[run.index("--format") + 1] == "jsonl" and "--pages" not in run
        # Other settings are runs of their own, and do not run the annotations again.
        doc.pages[1].bitmap(dpi=72), doc.pages[3].bitmap(dpi=72)
        assert len(runs) == 3 and runs[2][0] == "pages"
        assert len(doc.pages[6].annotations) == per_page[6] and len(runs) == 3
    # iter_pages: one run from the first page asking to the end, its chunk's records kept while
    # its pages ask.
    del runs[:]
    assert sum(len(p.annotations) + len(p.links) for p in pdf_pageinfo.iter_pages(ANNOTATIONS)) == annotations + links
    assert [r[r.index("--pages") + 1] for r in runs if r[0] == "annotations"] == ["1-"], runs


def test_a_page_list_is_one_run_of_those_pages(runs):
    golden = load("annotations.json")
    with pdf_pageinfo.open(ANNOTATIONS, pages="5,2") as doc:
        assert [p.index for p in doc.pages] == [4, 1]
        for page in doc.pages:
            want = golden["pages"][page.index]["annotations"]
            assert [(a.index, a.subtype) for a in page.annotations] == [(w["index"], w["subtype"]) for w in want]
            for a, w in zip(page.annotations, want):
                close(a.rect, w["rect"], (page.index, a.index))
    annotation_runs = [r for r in runs if r[0] == "annotations"]
    assert len(annotation_runs) == 1 and annotation_runs[0][annotation_runs[0].index("--pages") + 1] == "5,2"


def executable_children():
    """The runs of the executable this process started that are not reaped yet (running, or
    ended and not waited for), by /proc."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name, rest = stat.split("(", 1)[1].rsplit(")", 1)
        if int(rest.split()[1]) == os.getpid() and name == "pageinfo":
            found.append(int(pid))
    return found


def test_iter_pages_reads_the_annotations_of_every_chunk_from_one_run(tmp_path, runs, monkeypatch):
    """2,500 pages, each with two links (one to the next page) and a widget: three chunks of at
    most 1,024 pages. iter_pages reads their annotations from one ``pageinfo annotations --pages
    1-`` run, page for page what open reads; a page of a chunk that run has passed is read by a
    run of its chunk; a stream started at a later chunk starts there; stopping the iteration stops
    the run; with a timeout, or after a read of the stream failed, each chunk is a run."""
    import make_bench_pdfs
    make_bench_pdfs.write_annotated(str(tmp_path), "many.pdf", n=2500)
    path = str(tmp_path / "many.pdf")

    def described(page):
        return [(a.index, a.subtype, a.rect, a.drawn_rect, a.flags, a.destination, a.action, a.field) for a in page.annotations]

    with pdf_pageinfo.open(path) as doc:
        want = [described(p) for p in doc.pages]
    assert len(want) == 2500 and all(len(w) == 3 for w in want)
    assert want[0][1][5].page == 1 and want[2499][1][5].page == 0
    del runs[:]
    kept, got = None, []
    for page in pdf_pageinfo.iter_pages(path):
        got.append(described(page))
        if page.index == 10:
            kept = page
    assert got == want
    assert [r[r.index("--pages") + 1] for r in runs if r[0] == "annotations"] == ["1-"], runs
    assert not executable_children()
    assert described(kept) == want[10]
    assert [r[r.index("--pages") + 1] for r in runs if r[0] == "annotations"] == ["1-", "1-1024"], runs

    del runs[:]
    pages = pdf_pageinfo.iter_pages(path)
    for page in pages:
        if page.index >= 1500:
            assert described(page) == want[page.index]
        if page.index == 1600:
            break
    assert len(executable_children()) == 2, "the pages run and the annotation stream, while the iteration runs"
    pages.close()
    assert not executable_children()
    assert [r[r.index("--pages") + 1] for r in runs if r[0] == "annotations"] == ["1025-"], runs

    # With a timeout, each chunk is a run (a run's timeout counts from its start, and a stream
    # would wait on the loop).
    del runs[:]
    assert [described(p) for p in pdf_pageinfo.iter_pages(path, timeout=600)] == want
    assert [r[r.index("--pages") + 1] for r in runs if r[0] == "annotations"] == ["1-1024", "1025-2048", "2049-2500"], runs

    # A read of the stream that fails (here an interruption) stops it; the chunk asking again
    # gets a run of its own, and the right annotations.
    del runs[:]
    real_take = pdf_pageinfo._reading._AnnotationStream._take
    calls = []

    def interrupted(self, first, last):
        calls.append(first)
        if len(calls) == 1:
            records = self._records

            def cut():  # an interruption partway into the chunk's records
                for _ in range(50):
                    yield next(records)
                raise KeyboardInterrupt
            self._records = cut()
        return real_take(self, first, last)

    monkeypatch.setattr(pdf_pageinfo._reading._AnnotationStream, "_take", interrupted)
    pages = pdf_pageinfo.iter_pages(path)
    first = next(pages)
    with pytest.raises(KeyboardInterrupt):
        first.annotations
    assert described(first) == want[0]
    assert [r[r.index("--pages") + 1] for r in runs if r[0] == "annotations"] == ["1-", "1-1024"], runs
    pages.close()
    assert not executable_children()


def test_iter_pages_and_read_many_read_the_same_annotations(tmp_path, monkeypatch):
    def described(pages):
        return [[(a.index, a.subtype, a.rect, a.drawn_rect, a.flags, a.destination, a.action, a.field)
                 for a in p.annotations] for p in pages]

    with pdf_pageinfo.open(ANNOTATIONS) as doc:
        expected = described(doc.pages)
    assert described(pdf_pageinfo.iter_pages(ANNOTATIONS)) == expected
    assert described(pdf_pageinfo.iter_pages(ANNOTATIONS, pages="7,1")) == [expected[6], expected[0]]
    # read_many's documents read the file again by the path given, made absolute when asked:
    # a later change of directory does not lose it.
    shutil.copy(ANNOTATIONS, tmp_path / "a.pdf")
    monkeypatch.chdir(tmp_path)
    [many] = pdf_pageinfo.read_many(["a.pdf"])
    monkeypatch.chdir("/")
    assert many.name == "a.pdf"
    assert described(many.pages) == expected


def test_a_changed_file_is_refused(tmp_path):
    path = tmp_path / "a.pdf"
    shutil.copy(ANNOTATIONS, path)
    with pdf_pageinfo.open(path, pages="1-3") as doc:
        shutil.copy(HOSTILE, path)        # three pages too, of other boxes
        with pytest.raises(pdf_pageinfo.PageInfoError) as raised:
            doc.pages[0].annotations
        assert raised.value.code == "changed" and "changed since it was opened" in str(raised.value)
    shutil.copy(ANNOTATIONS, path)
    with pdf_pageinfo.open(path) as doc:
        shutil.copy(fixture("rotations.pdf"), path)    # ten pages, not seven
        with pytest.raises(pdf_pageinfo.PageInfoError) as raised:
            doc.pages[2].links
        assert raised.value.code == "changed"
    shutil.copy(ANNOTATIONS, path)
    pages = pdf_pageinfo.iter_pages(path)
    first = next(pages)
    shutil.copy(HOSTILE, path)
    with pytest.raises(pdf_pageinfo.PageInfoError) as raised:
        first.annotations
    assert raised.value.code == "changed"
    pages.close()


def test_page_errors_passwords_and_pages_without_annotations():
    with pdf_pageinfo.open(fixture("damaged/kid-missing.pdf")) as doc:
        assert doc.pages[0].annotations == [] and doc.pages[2].links == []
        with pytest.raises(pdf_pageinfo.PageUnreadable) as raised:
            doc.pages[1].annotations
        assert raised.value.code == "kid-missing"
    with pdf_pageinfo.open(fixture("encrypted.pdf"), password="secret") as doc:
        assert [len(p.annotations) for p in doc.pages] == [0, 0, 0]


def test_boxes_map_to_pixels_with_the_pages_matrices():
    with pdf_pageinfo.open(ANNOTATIONS) as doc:
        page = doc.pages[4]                            # /Rotate 90, CropBox [50 40 450 360]
        link = page.links[0]
        bitmap = page.bitmap(dpi=144)
        assert page.convert(link.rect, "pdf", "pixels", dpi=144) == bitmap.to_pixels(link.rect)
        x0, y0, x1, y1 = bitmap.to_pixels(link.rect).rect
        close_rect((x0, y0, x1, y1), (2 * (78.4 - 40), 2 * (210 - 50), 2 * (104 - 40), 2 * (274 - 50)), "pixels")
        [quad] = link.quad_points
        corners = page.convert(quad, "pdf", "pixels", dpi=144)
        assert len(corners) == 4 and all(len(c) == 2 for c in corners)
        close(link.quad_boxes[0], link.rect.as_record(), "quad")


def test_pymupdf_reads_the_same_rectangles_and_targets():
    pymupdf = need("pymupdf")
    checked = {"annots": 0, "widgets": 0, "links": 0, "targets": 0}
    with pdf_pageinfo.open(ANNOTATIONS) as doc, pymupdf.open(ANNOTATIONS) as other:
        for page in doc.pages:
            if page.user_unit != 1:
                continue
            theirs = other[page.index]
            by_object = {a.object: a for a in page.annotations}
            for annot in theirs.annots():
                a = by_object[annot.xref]
                # PyMuPDF's annot.rect is where it draws the annotation: /Rect, or for a
                # NoRotate one on a turned page the rectangle turned upright (drawn_rect).
                mine = a.drawn_rect if "NoRotate" in a.flags else a.rect
                close_rect(tuple(annot.rect), page.convert(mine, "pdf", "pymupdf").rect, (page.index, a.index))
                if page.rotation == 0 or "NoRotate" not in a.flags:
                    close_rect(tuple(annot.rect), page.convert(a.rect, "pdf", "pymupdf").rect, (page.index, a.index))
                checked["annots"] += 1
            for widget in theirs.widgets():
                a = by_object[widget.xref]
                close_rect(tuple(widget.rect), page.convert(a.rect, "pdf", "pymupdf").rect, (page.index, a.index))
                checked["widgets"] += 1
            # get_links() gives "from" on the turned page: derotated, it is PyMuPDF's frame.
            links = page.links
            matched = set()
            for link in theirs.get_links():
                rect = tuple(link["from"] * theirs.derotation_matrix)
                [a] = [a for a in links if all(abs(u - v) <= TOLERANCE for u, v in
                                               zip(page.convert(a.rect, "pdf", "pymupdf").rect, rect))]
                matched.add(a.index)
                checked["links"] += 1
                if link["kind"] == pymupdf.LINK_URI:
                    assert a.action == ("URI", link["uri"])
                elif link["kind"] == pymupdf.LINK_GOTOR:
                    assert a.action.target == link["file"] and a.destination.remote_page == link["page"]
                elif link["kind"] in (pymupdf.LINK_GOTO, pymupdf.LINK_NAMED) and a.destination is not None:
                    assert a.destination.page == link["page"], (page.index, a.index)
                    checked["targets"] += 1
                else:
                    # A Named action (NextPage) PyMuPDF runs; pageinfo names it.
                    assert a.action is not None and a.action.type == "Named"
            # Every link pageinfo reads a target or a URI of, PyMuPDF reads too.
            assert matched >= {a.index for a in links
                               if a.destination is not None or a.action is not None and a.action.type == "URI"}
    assert checked == {"annots": 20, "widgets": 6, "links": 20, "targets": 12}, checked


def page_point(raw, crop, rotation):
    """A raw point in page space, by ISO 32000-2's rotation about the CropBox [x0 y0 x1 y1]."""
    (x, y), (x0, y0, x1, y1) = raw, crop
    return {0: (x - x0, y - y0), 90: (y - y0, x1 - x), 180: (x1 - x, y1 - y), 270: (y1 - y, x - x0)}[rotation]


def test_destinations_in_page_space_and_as_view_states(runs):
    """Each destination's point (XYZ) and rectangle (FitR) in its target page's page space, and
    the view state following it gives in two view sizes, by the spec's rules: XYZ's point at the
    view's top-left at its zoom, FitR's rectangle wholly in view, Fit the whole page; one run of
    the executable per page and view size."""
    golden = load("annotations.json")["pages"]
    seen = set()
    with pdf_pageinfo.open(ANNOTATIONS) as doc:
        page = doc.pages[0]
        before = len(runs)
        for w, h in ((800, 600), (1200, 450)):
            for link in page.links:
                d = link.destination
                if d is None:
                    continue
                if d.page is None:
                    assert d.view_state((w, h)) is None and d.page_point is None
                    continue
                target = golden[d.page]
                crop, rotation = target["cropBox"], target["rotation"]
                turned = rotation in (90, 270)
                size = (crop[3] - crop[1], crop[2] - crop[0]) if turned else (crop[2] - crop[0], crop[3] - crop[1])
                state = d.view_state((w, h))
                assert state is not None and state.page_index == d.page
                seen.add(d.kind)
                if d.kind == "XYZ":
                    px, py = page_point((d.left, d.top), crop, rotation)
                    close_rect(d.page_point, (px, py), (link.index, "page_point"))
                    zoom = d.zoom or min(w / size[0], h / size[1])
                    v = state.viewport
                    close_rect((v.x, v.y + v.height, v.width, v.height), (px, py, w / zoom, h / zoom), (link.index, w))
                elif d.kind == "FitR":
                    corners = [page_point(p, crop, rotation) for p in ((d.left, d.bottom), (d.right, d.top))]
                    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
                    r = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
                    close(d.page_rect, {"x": r[0], "y": r[1], "width": r[2], "height": r[3]}, link.index)
                    v = state.viewport
                    assert abs(v.height / v.width - h / w) < 1e-6
                    assert v.x <= r[0] + TOLERANCE and v.y <= r[1] + TOLERANCE
                    assert v.x + v.width >= r[0] + r[2] - TOLERANCE and v.y + v.height >= r[1] + r[3] - TOLERANCE
                elif d.kind in ("Fit", "FitB"):
                    assert state.viewport is None
        assert {"XYZ", "FitR", "Fit"} <= seen, seen
        view_runs = [r for r in runs[before:] if "--view" in r]
        assert [(r[r.index("--view") + 1], r[r.index("--pages") + 1]) for r in view_runs] == [("800x600", "1"), ("1200x450", "1")]


def test_the_outline_equals_the_golden_and_pymupdf(runs):
    """doc.outline: every entry of annotations.pdf's outline against its golden (levels, titles,
    open state, /Count as written, actions, destinations), and PyMuPDF's get_toc(simple=False)
    as an independent reader (its levels are 1-based, its pages 1-based); one run, kept; the
    hostile outline's warnings by code."""
    golden = load("annotations.json")["outline"]
    with pdf_pageinfo.open(ANNOTATIONS) as doc:
        before = len(runs)
        entries = doc.outline
        assert doc.outline_warnings == []
        assert len(doc.outline) == len(golden) and len([r for r in runs[before:] if r[0] == "outline"]) == 1
        for entry, want in zip(entries, golden):
            what = (entry.index, entry.title)
            assert (entry.index, entry.level, entry.title, entry.open, entry.count, entry.object) == \
                (want["index"], want["level"], want["title"], want["open"], want["count"], want["object"]), what
            action = want.get("action")
            assert entry.action == (None if action is None else pdf_pageinfo.Action(action["type"], action.get("target"))), what
            d = want.get("destination")
            if d is None:
                assert entry.destination is None, what
            else:
                got = entry.destination
                assert got is not None and (got.page, got.kind) == (d["page"], d["kind"]), what
                for key in ("left", "bottom", "right", "top", "zoom"):
                    if key in d:
                        assert getattr(got, key) == d[key], (what, key)
                assert got.view_state((800, 600)) is None   # no view for outline entries
            assert [w.code for w in entry.warnings] == want["warnings"], what
    need("pymupdf")
    import pymupdf
    with pymupdf.open(ANNOTATIONS) as mu:
        toc = mu.get_toc(simple=False)
    assert [(level, title) for level, title, *_ in toc] == [(e.level + 1, e.title) for e in entries]
    for (level, title, page, *_), e in zip(toc, entries):
        # (A named destination's entry gets no page from get_toc, which leaves it to the caller
        # to resolve the name: compared where the destination is explicit.)
        if e.destination is not None and e.destination.page is not None and e.destination.name is None:
            assert page == e.destination.page + 1, title
    with pdf_pageinfo.open(HOSTILE.replace("hostile.pdf", "hostile-outline.pdf")) as doc:
        hostile = load("hostile-outline.json")
        assert [w.code for w in doc.outline_warnings] == hostile["documentWarnings"]
        assert [(e.index, e.title, [w.code for w in e.warnings]) for e in doc.outline] == \
            [(w["index"], w["title"], w["warnings"]) for w in hostile["outline"]]


def test_the_outline_of_a_changed_file_is_refused(tmp_path):
    path = str(tmp_path / "a.pdf")
    shutil.copy(ANNOTATIONS, path)
    with pdf_pageinfo.open(path) as doc:
        shutil.copy(HOSTILE.replace("hostile.pdf", "hostile-outline.pdf"), path)
        with pytest.raises(pdf_pageinfo.PageInfoError) as raised:
            doc.outline
        assert raised.value.code == "changed"
