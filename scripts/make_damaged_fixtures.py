#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Write damaged and hostile PDF fixtures, and what pageinfo must report for each, into Fixtures/damaged/.

Each fixture is a handful of PDF objects written out by hand (the structure is the point: a
/Count that lies, a kid that is not a page, a loop, a label tree nested 2,000 deep, numbers far
past any page size...). Its golden file says what the file holds, from how it was built, not
from running any PDF tool:

  {"file", "description", "status": ok|partial|failed, "exit": <pageinfo pages exit code>,
   "pageCount": positions of the page tree (null when the file fails),
   "countClaimed": the root /Count as written (null when absent),
   "documentWarnings": [codes], "errorCode": file error code or null,
   "poppler": the Poppler release (major.minor) the outcome is from, when others differ (optional),
   (xref-repaired and poppler-diagnostic depend on how a Poppler release repairs a file: the
   tests compare every other code exactly and these two only when the golden lists them),
   "pages": [{"index", "error": code | absent, "cropBox": [x, y, w, h] | absent,
              "rotation", "label", "labelLength", "warnings": [codes]}]}

Usage: python3 scripts/make_damaged_fixtures.py [OUTDIR]   (default: Fixtures/damaged/)
"""

import json
import os
import sys
import zlib

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pdfgen  # noqa: E402
from pdfgen import Name, Ref  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Raw:
    """Bytes written as they are (a token pdfgen would refuse, such as a 400-digit number)."""

    def __init__(self, data):
        self.data = data


def ser(obj):
    if isinstance(obj, Raw):
        return obj.data
    if isinstance(obj, dict):
        return b"<< " + b" ".join(pdfgen.fmt_name(k) + b" " + ser(v) for k, v in obj.items()) + b" >>"
    if isinstance(obj, (list, tuple)):
        return b"[" + b" ".join(ser(o) for o in obj) + b"]"
    return pdfgen.serialize(obj)


def pdf(objects, root=1, trailer=None, xref_size=None):
    """objects: {num: object}; a classic xref covering 0..max(num) (or 0..xref_size-1: the
    objects past it are in the file but not in the table); missing numbers are free."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for num in sorted(objects):
        offsets[num] = len(out)
        out += b"%d 0 obj\n%s\nendobj\n" % (num, ser(objects[num]))
    size = xref_size or max(objects) + 1
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f\r\n" % size
    for n in range(1, size):
        out += (b"%010d 00000 n\r\n" % offsets[n]) if n in offsets else b"0000000000 65535 f\r\n"
    t = {"Size": size}
    if root is not None:
        t["Root"] = Ref(root)
    t.update(trailer or {})
    out += b"trailer\n%s\nstartxref\n%d\n%%%%EOF\n" % (ser(t), xref)
    return bytes(out)


def page(parent=2, media=(0, 0, 612, 792), **extra):
    d = {"Type": Name("Page"), "Parent": Ref(parent)}
    if media is not None:
        d["MediaBox"] = list(media)
    d.update(extra)
    return d


def catalog(pages=2, **extra):
    d = {"Type": Name("Catalog")}
    if pages is not None:
        d["Pages"] = Ref(pages)
    d.update(extra)
    return d


def p(index, crop=(0, 0, 612, 792), rotation=0, label=None, warnings=(), label_length=None, user_unit=None):
    d = {"index": index, "cropBox": list(crop), "rotation": rotation, "label": label, "warnings": list(warnings)}
    if label_length is not None:
        d["labelLength"] = label_length
    if user_unit is not None:
        d["userUnit"] = user_unit
    return d


def err(index, code):
    return {"index": index, "error": code, "warnings": []}


FIXTURES = []


def fixture(name, description, objects, status, exit_code, pages, count_claimed=None, doc_warnings=(),
            error_code=None, root=1, trailer=None, xref_size=None):
    FIXTURES.append(dict(name=name, data=pdf(objects, root=root, trailer=trailer, xref_size=xref_size), golden={
        "file": name + ".pdf", "description": description, "status": status, "exit": exit_code,
        "pageCount": None if status == "failed" else len(pages), "countClaimed": count_claimed,
        "documentWarnings": list(doc_warnings), "errorCode": error_code, "pages": pages}))


# /Count that lies: the walk's count wins, and the difference is a warning (a negative /Count
# is one no tree can have: count-negative says that, rather than comparing it).
for name, count, code in [("count-huge", 1000000000, "count-mismatch"), ("count-zero", 0, "count-mismatch"),
                          ("count-negative", -5, "count-negative")]:
    fixture(name, "Two real pages under a root whose /Count is %d." % count,
            {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3), Ref(4)], "Count": count},
             3: page(), 4: page(media=(0, 0, 300, 400))},
            "ok", 0, [p(0), p(1, crop=(0, 0, 300, 400))], count_claimed=count, doc_warnings=[code])

# /Count that is not a usable integer: each its own warning, and countClaimed is null
# unless the file writes an integer. The walk counts the pages either way.
for name, count, code, claimed, what in [
        ("count-missing", None, "count-missing", None, "no /Count"),
        ("count-name", Name("Two"), "count-invalid", None, "/Count /Two (a name)"),
        ("count-real", Raw(b"2.5"), "count-invalid", None, "/Count 2.5 (a real number)"),
        # 2^63 = 9223372036854775808 is the first whole number past a 64-bit integer.
        ("count-out-of-range", Raw(b"99999999999999999999999"), "count-out-of-range", None,
         "/Count 99999999999999999999999 (23 digits, past 2^63)"),
        # 2^33: past a 32-bit integer, within a 64-bit one, so it is compared with the walk.
        ("count-int64", 8589934592, "count-mismatch", 8589934592, "/Count 8589934592 (2^33)")]:
    pages_node = {"Type": Name("Pages"), "Kids": [Ref(3), Ref(4)]}
    if count is not None:
        pages_node["Count"] = count
    fixture(name, "Two real pages under a root with %s." % what,
            {1: catalog(), 2: pages_node, 3: page(), 4: page(media=(0, 0, 300, 400))},
            "ok", 0, [p(0), p(1, crop=(0, 0, 300, 400))], count_claimed=claimed, doc_warnings=[code])

# A kid that refers to a missing object, and one that is not a dictionary: page errors at their
# real positions, the pages after them keep their numbers.
fixture("kid-missing", "Kids [3 0 R 5 0 R 4 0 R]: object 5 is a free entry of the xref (it does not exist).",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3), Ref(5), Ref(4)], "Count": 3},
         3: page(), 4: page(media=(0, 0, 300, 400)), 6: {"Unrelated": True}},
        "partial", 2, [p(0), err(1, "kid-missing"), p(2, crop=(0, 0, 300, 400))], count_claimed=3,
        doc_warnings=["xref-repaired", "poppler-diagnostic"])
fixture("kid-not-dictionary", "Kids [3 0 R 42 5 0 R 4 0 R]: a direct integer and an indirect name among the pages.",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3), 42, Ref(5), Ref(4)], "Count": 4},
         3: page(), 4: page(media=(0, 0, 300, 400)), 5: Name("NotAPage")},
        "partial", 2, [p(0), err(1, "kid-not-dictionary"), err(2, "kid-not-dictionary"), p(3, crop=(0, 0, 300, 400))],
        count_claimed=4)

fixture("kid-not-page", "Kids [3 0 R 1 0 R 4 0 R]: object 1 is the catalog, a dictionary that is not a page.",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3), Ref(1), Ref(4)], "Count": 3},
         3: page(), 4: page(media=(0, 0, 300, 400))},
        "partial", 2, [p(0), err(1, "kid-not-page"), p(2, crop=(0, 0, 300, 400))], count_claimed=3)

# A template page (/Type /Template, ISO 32000-2 12.7.7: an invisible page for the name
# dictionary's /Templates, with no /Parent) that /Kids lists as well (pdfium's bad_page_type.pdf):
# Poppler, MuPDF, qpdf and pdf.js read it as a page, pdfium and pypdf skip it. It is read as a
# page, inheriting from the node that lists it, with template-page.
fixture("kid-template", "Kids [3 0 R 4 0 R] under a root with /Rotate 90; object 4 is /Type /Template, MediaBox "
        "[0 0 300 400], no /Parent.",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3), Ref(4)], "Count": 2, "Rotate": 90},
         3: page(), 4: {"Type": Name("Template"), "MediaBox": [0, 0, 300, 400]}},
        "ok", 0, [p(0, rotation=90), p(1, crop=(0, 0, 300, 400), rotation=90, warnings=["template-page"])], count_claimed=2)
# A "template" with /Kids is no template page: a kid-not-page error, as any other /Type; the page
# under it is found by the object scan that the page error starts.
fixture("kid-template-with-kids", "Kids [3 0 R 4 0 R]; object 4 is /Type /Template with /Kids [5 0 R], 5 a page "
        "(MediaBox [0 0 300 400]).",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3), Ref(4)], "Count": 2},
         3: page(), 4: {"Type": Name("Template"), "Parent": Ref(2), "Kids": [Ref(5)]},
         5: page(parent=4, media=(0, 0, 300, 400))},
        "partial", 2, [p(0), err(1, "kid-not-page"), p(2, crop=(0, 0, 300, 400), warnings=["page-recovered"])],
        count_claimed=2, doc_warnings=["count-mismatch", "pages-recovered"])
# A template only the name dictionary lists is no page of the document: the object scan, which a
# /Count above the tree's pages starts, does not take it.
fixture("template-outside-tree", "Kids [3 0 R] with /Count 2; object 4 is /Type /Template (MediaBox [0 0 300 400]), "
        "listed by the catalog's /Names /Templates only.",
        {1: catalog(Names={"Templates": {"Names": ["T1", Ref(4)]}}), 2: {"Type": Name("Pages"), "Kids": [Ref(3)], "Count": 2},
         3: page(), 4: {"Type": Name("Template"), "MediaBox": [0, 0, 300, 400]}},
        "ok", 0, [p(0)], count_claimed=2, doc_warnings=["count-mismatch"])

# Loops: a Pages node that lists its own parent, and one that lists itself.
fixture("kids-loop", "The root lists a Pages node (5) whose /Kids lists the root again and itself.",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3), Ref(5), Ref(4)], "Count": 3},
         3: page(), 4: page(media=(0, 0, 300, 400)),
         5: {"Type": Name("Pages"), "Parent": Ref(2), "Kids": [Ref(2), Ref(5), Ref(6)], "Count": 1},
         6: page(parent=5, media=(0, 0, 100, 100))},
        "ok", 0, [p(0), p(1, crop=(0, 0, 100, 100)), p(2, crop=(0, 0, 300, 400))], count_claimed=3,
        doc_warnings=["page-tree-loop"])
# The same page object listed twice (pdf.js's Pages-tree-refs.pdf, pdfium's bug_1229106.pdf):
# every reader shows it twice; we do too, and say so.
fixture("page-listed-twice", "Kids [3 0 R 3 0 R 4 0 R].",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3), Ref(3), Ref(4)], "Count": 3},
         3: page(), 4: page(media=(0, 0, 300, 400))},
        "ok", 0, [p(0), p(1, warnings=["page-repeated"]), p(2, crop=(0, 0, 300, 400))], count_claimed=3)

# A loop the table hides: the table lists objects 0-4 only; Pages node 10, in the file but not in
# the table, lists itself twice around page 11. Fetching 10 makes Poppler rebuild the table
# mid-walk; the walk must still see the loop (it once walked 2^256 paths here, printing pages
# without end).
fixture("kids-loop-outside-xref", "The xref table stops at object 4; Pages node 10, found only when Poppler rebuilds "
        "the table, lists /Kids [10 0 R 11 0 R 10 0 R].",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3), Ref(10)], "Count": 2}, 3: page(),
         10: {"Type": Name("Pages"), "Parent": Ref(2), "Kids": [Ref(10), Ref(11), Ref(10)], "Count": 1},
         11: page(parent=10, media=(0, 0, 300, 400))},
        "ok", 0, [p(0), p(1, crop=(0, 0, 300, 400))], count_claimed=2,
        doc_warnings=["page-tree-loop", "xref-repaired", "poppler-diagnostic"], xref_size=5)
# Poppler 25.03 does not rebuild the table for that fetch: node 10 is null there (a kid-missing
# page error; the scan then recovers page 11). This outcome is Poppler 22.12's; DamagedFileTests
# checks on every release that the answer is bounded.
FIXTURES[-1]["golden"]["poppler"] = "22.12"

# A Pages node that two parents list is not a loop: it is read again, as pdfium and
# pypdf read it. Node 3 lists page 4 three times and the root lists node 3 twice: 2 × 3 = 6
# pages, the first without a warning, the five others page-repeated (all are object 4).
fixture("subtree-listed-twice", "Root /Kids [3 0 R 3 0 R]; node 3 /Kids [4 0 R 4 0 R 4 0 R].",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3), Ref(3)], "Count": 6},
         3: {"Type": Name("Pages"), "Parent": Ref(2), "Kids": [Ref(4), Ref(4), Ref(4)], "Count": 3},
         4: page(parent=3, media=(0, 0, 300, 400))},
        "ok", 0, [p(0, crop=(0, 0, 300, 400))] + [p(i, crop=(0, 0, 300, 400), warnings=["page-repeated"]) for i in range(1, 6)],
        count_claimed=6)


def repeat_limited_walk(kids_of, root, budget):
    """The walk's documented rule for repeated subtrees, written out on its own: depth first; a
    Pages node on the current path is a loop (skipped); one entered before through another
    parent is read again, and every kid visited inside such a repeated subtree costs one step of
    `budget` (10 per entry of the cross-reference table); the walk stops when no step is left. Returns the page
    objects in walk order and whether the walk stopped."""
    pages, entered, path, steps = [], {root}, {root}, 0
    stack = [[root, 0, False]]
    while stack:
        node, i, repeated = stack[-1]
        if i >= len(kids_of[node]):
            path.discard(node)
            stack.pop()
            continue
        if repeated:
            if steps >= budget:
                return pages, True
            steps += 1
        stack[-1][1] += 1
        kid = kids_of[node][i]
        if kid not in kids_of:
            pages.append(kid)
        elif kid not in path:
            again = kid in entered
            entered.add(kid)
            path.add(kid)
            stack.append([kid, 0, repeated or again])
    return pages, False


def fan_chain(last_kids, root_kids=None, count=lambda level: 0):
    """Root 2 lists node 10 twice, node 10 lists node 11 twice, … node 48 lists node 49 twice,
    node 49 lists `last_kids`; `root_kids` replaces the root's /Kids; `count(level)` is the
    /Count of the node at that level (0: the root, 40: node 49). Returns (objects, kids_of)."""
    objects, kids_of = {1: catalog()}, {}
    for level in range(41):
        num = 2 if level == 0 else 9 + level
        kids = last_kids if level == 40 else root_kids if level == 0 and root_kids else [Ref(10 + level)] * 2
        objects[num] = {"Type": Name("Pages"), "Kids": kids, "Count": count(level)}
        if level:
            objects[num]["Parent"] = Ref(2 if level == 1 else 8 + level)
        kids_of[num] = [k.num for k in kids]
    return objects, kids_of


# Exponential fan-out: root 2 lists node 10 twice, node 10 lists node 11 twice, … node 49 lists
# page 3 twice: 2^41 pages. The walk stops after its budget, 10 steps per entry of the
# cross-reference table (objects 0…49: 500 steps inside repeated subtrees), and says so
# (page-tree-limit, partial): linear, not 2^41.
fan, kids_of = fan_chain([Ref(3), Ref(3)], count=lambda level: 2 ** (41 - level))
fan[3] = page(parent=49, media=(0, 0, 200, 100))
walked, stopped = repeat_limited_walk(kids_of, 2, 10 * (max(fan) + 1))
assert stopped and max(fan) == 49
fixture("subtree-fanout", "A chain of 40 Pages nodes, each listing the next twice, the last listing one page twice "
        "(2^41 pages): the walk stops after its budget for repeated subtrees, 10 kids per xref entry.", fan,
        "partial", 2, [p(i, crop=(0, 0, 200, 100), warnings=["page-repeated"] if i else []) for i in range(len(walked))],
        count_claimed=2 ** 41, doc_warnings=["page-tree-limit"])


# Fan-out of Pages nodes that hold no page: the walk stops at its limit with no page (it was
# `partial` with 0 pages, exit 2), scans the objects, and fails when it finds none.
empty_fan, kids_of = fan_chain([Ref(50), Ref(50)])
empty_fan[50] = {"Type": Name("Pages"), "Parent": Ref(49), "Kids": [], "Count": 0}
kids_of[50] = []
walked, stopped = repeat_limited_walk(kids_of, 2, 10 * (max(empty_fan) + 1))
assert stopped and walked == []
fixture("subtree-fanout-empty", "As subtree-fanout, all /Count 0, but the last node lists an empty Pages node (50 0 R, "
        "/Kids []) twice: no page object exists.", empty_fan,
        "failed", 65, [], count_claimed=0, doc_warnings=["page-tree-limit"], error_code="damaged")
orphan_fan = dict(empty_fan)
orphan_fan[3] = page(parent=50, media=(0, 0, 200, 100))
fixture("subtree-fanout-empty-orphan", "As subtree-fanout-empty, with page 3 0 R (/Parent 50 0 R, MediaBox "
        "[0 0 200 100]) that no /Kids lists: the walk stops at its limit, the object scan recovers it.", orphan_fan,
        "partial", 2, [p(0, crop=(0, 0, 200, 100), warnings=["page-recovered"])],
        count_claimed=0, doc_warnings=["page-tree-limit", "pages-recovered"])
# The root lists a page after the fan-out, which the walk never reaches: the scan recovers it.
then_fan, kids_of = fan_chain([Ref(3), Ref(3)], root_kids=[Ref(10), Ref(10), Ref(4)], count=lambda level: 1)
then_fan[3] = page(parent=49, media=(0, 0, 200, 100))
then_fan[4] = page(parent=2, media=(0, 0, 300, 400))
walked, stopped = repeat_limited_walk(kids_of, 2, 10 * (max(then_fan) + 1))
assert stopped and 4 not in walked and set(walked) == {3}
fixture("subtree-fanout-then-page", "As subtree-fanout, all /Count 1, the root's /Kids [10 0 R 10 0 R 4 0 R]: page 4 "
        "(MediaBox [0 0 300 400]) comes after the fan-out, which the walk stops in; the object scan recovers it.", then_fan,
        "partial", 2, [p(i, crop=(0, 0, 200, 100), warnings=["page-repeated"] if i else []) for i in range(len(walked))]
        + [p(len(walked), crop=(0, 0, 300, 400), warnings=["page-recovered"])],
        count_claimed=1, doc_warnings=["page-tree-limit", "pages-recovered", "node-count-mismatch"])
# Every node's /Count 1 is wrong (node 49 holds 2 pages, node 48 4, …): the nodes whose whole
# subtree the walk reads the first time, before it stops at its limit (49 down to 42: 2…256
# pages), carry node-count-mismatch; the nodes it had not finished are not compared.
assert len(walked) == 2 ** 8

# A page tree 300 Pages nodes deep: the walk stops at 256 levels and says so; the shallow page is read.
deep = {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3), Ref(10)], "Count": 2}, 3: page()}
for level in range(300):
    num = 10 + level
    deep[num] = {"Type": Name("Pages"), "Parent": Ref(num - 1 if level else 2), "Kids": [Ref(num + 1)], "Count": 1}
deep[310] = page(parent=309, media=(0, 0, 100, 100))
fixture("tree-too-deep", "A page under 300 nested Pages nodes, beside one page at the top: the walk stops at "
        "256 levels, and the object scan recovers the deep page after the tree's own.", deep,
        "partial", 2, [p(0), p(1, crop=(0, 0, 100, 100), warnings=["page-recovered"])], count_claimed=2,
        doc_warnings=["page-tree-too-deep", "pages-recovered"])

# Inheritance at any depth: the page, 300 Pages nodes below the root, has no MediaBox
# or /Rotate of its own; the root has MediaBox [0 0 100 200] and /Rotate 90 (pdfinfo: 100x200,
# rotated 90). The walk stops at 256 levels; the object scan finds the page, and its /Parent chain,
# read to the top whatever its length, gives it both.
inherit = {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(10)], "Count": 1, "MediaBox": [0, 0, 100, 200], "Rotate": 90}}
for level in range(300):
    num = 10 + level
    inherit[num] = {"Type": Name("Pages"), "Parent": Ref(num - 1 if level else 2), "Kids": [Ref(num + 1)], "Count": 1}
inherit[310] = page(parent=309, media=None)
fixture("inherit-deep", "A page under 300 nested Pages nodes, without MediaBox or /Rotate, inheriting MediaBox "
        "[0 0 100 200] and /Rotate 90 from the root.", inherit,
        "partial", 2, [p(0, crop=(0, 0, 100, 200), rotation=90, warnings=["page-recovered"])], count_claimed=1,
        doc_warnings=["page-tree-too-deep", "pages-recovered"])

# Inheritable entries a Pages node writes wrong (ISO 32000-2 §7.7.3.4): ignored, as on a page, and
# said on every page that would inherit them. Node 5 has MediaBox [0 0 300] (three numbers),
# /CropBox /Letter and /Rotate 90.0; the root has MediaBox [0 0 500 500] and /Rotate 90. Page 6
# inherits through node 5: the root's MediaBox and /Rotate, no CropBox (the MediaBox). Page 7
# writes all three itself, so node 5's entries do not reach it.
fixture("inherit-invalid", "Node 5 (between the root and pages 6, 7) has MediaBox [0 0 300], /CropBox /Letter and "
        "/Rotate 90.0; page 6 inherits past them, page 7 overrides them.",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3), Ref(5)], "Count": 3, "MediaBox": [0, 0, 500, 500], "Rotate": 90},
         3: page(media=None),
         5: {"Type": Name("Pages"), "Parent": Ref(2), "Kids": [Ref(6), Ref(7)], "Count": 2,
             "MediaBox": [0, 0, 300], "CropBox": Name("Letter"), "Rotate": Raw(b"90.0")},
         6: page(parent=5, media=None),
         7: page(parent=5, media=(0, 0, 200, 100), CropBox=[0, 0, 100, 100], Rotate=180)},
        "ok", 0, [p(0, crop=(0, 0, 500, 500), rotation=90),
                  p(1, crop=(0, 0, 500, 500), rotation=90, warnings=["box-invalid", "box-invalid", "rotate-invalid"]),
                  p(2, crop=(0, 0, 100, 100), rotation=180)], count_claimed=3)

# Pages the scan finds under one long /Parent chain, and under a chain that loops: each page
# inherits from its nearest ancestor with the entry. Chain: node 10 (the root's only kid) → 11 →
# … → 309, 300 levels; the walk stops at 256. Node 10 has /Rotate 90, node 150 MediaBox
# [0 0 300 400], node 309 CropBox [0 0 100 200]. Pages 400 and 401 hang from node 309, page 402
# from node 150. The loop: nodes 500 (/Parent 501, /Rotate 180, MediaBox [0 0 100 100]) and 501
# (/Parent 500, /Rotate 270, MediaBox [0 0 300 300]), both listed nowhere; page 502 has /Parent
# 500, page 503 /Parent 501: going up from each, the first node met wins.
chain = {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(10)], "Count": 5}}
for level in range(300):
    num = 10 + level
    chain[num] = {"Type": Name("Pages"), "Parent": Ref(num - 1 if level else 2), "Kids": [Ref(num + 1) if level < 299 else Ref(400)], "Count": 1}
chain[10]["Rotate"] = 90
chain[150]["MediaBox"] = [0, 0, 300, 400]
chain[309]["CropBox"] = [0, 0, 100, 200]
chain[309]["Kids"] = [Ref(400), Ref(401)]
chain[400] = page(parent=309, media=None)
chain[401] = page(parent=309, media=None)
chain[402] = page(parent=150, media=None)
chain[500] = {"Type": Name("Pages"), "Parent": Ref(501), "Kids": [Ref(502)], "Count": 1, "Rotate": 180, "MediaBox": [0, 0, 100, 100]}
chain[501] = {"Type": Name("Pages"), "Parent": Ref(500), "Kids": [Ref(503)], "Count": 1, "Rotate": 270, "MediaBox": [0, 0, 300, 300]}
chain[502] = page(parent=500, media=None)
chain[503] = page(parent=501, media=None)
fixture("inherit-chains", "Pages found by the object scan under a 300-level /Parent chain (entries at three levels) "
        "and under a two-node /Parent loop.", chain,
        "partial", 2, [p(0, crop=(0, 0, 100, 200), rotation=90, warnings=["page-recovered"]),
                       p(1, crop=(0, 0, 100, 200), rotation=90, warnings=["page-recovered"]),
                       p(2, crop=(0, 0, 300, 400), rotation=90, warnings=["page-recovered"]),
                       p(3, crop=(0, 0, 100, 100), rotation=180, warnings=["page-recovered"]),
                       p(4, crop=(0, 0, 300, 300), rotation=270, warnings=["page-recovered"])],
        count_claimed=5, doc_warnings=["page-tree-too-deep", "pages-recovered"])

# A /Parent of the wrong generation names no object (5 1 R, where object 5 is generation 0):
# a page found by the scan under it inherits nothing, whichever page the scan meets first.
# Catalog without /Pages; node 5: MediaBox [0 0 100 100], /Rotate 90; page 6 has /Parent 5 1 R,
# page 7 /Parent 5 0 R (the order that once let page 6 take node 5's entries from a page before).
for name, first, second in [("parent-generation", 1, 0), ("parent-generation-swapped", 0, 1)]:
    gen_pages = {1: catalog(pages=None),
                 5: {"Type": Name("Pages"), "Kids": [], "Count": 0, "MediaBox": [0, 0, 100, 100], "Rotate": 90},
                 6: {"Type": Name("Page"), "Parent": Raw(b"5 %d R" % first)},
                 7: {"Type": Name("Page"), "Parent": Raw(b"5 %d R" % second)}}
    def scanned(index, generation):
        return (p(index, crop=(0, 0, 100, 100), rotation=90, warnings=["page-recovered"]) if generation == 0
                else p(index, warnings=["mediabox-missing", "page-recovered"]))
    fixture(name, "Pages 6 (/Parent 5 %d R) and 7 (/Parent 5 %d R), found by the object scan; object 5 is generation 0."
            % (first, second), gen_pages, "partial", 2, [scanned(0, first), scanned(1, second)],
            doc_warnings=["pages-recovered"])

# /PageLabels nested 2,000 deep (Poppler's own reader recurses once per level).
labels = {1: catalog(PageLabels=Ref(10)), 2: {"Type": Name("Pages"), "Kids": [Ref(3)], "Count": 1}, 3: page()}
for level in range(2000):
    labels[10 + level] = {"Kids": [Ref(11 + level)]}
labels[2010] = {"Nums": [0, {"S": Name("D")}]}
fixture("labels-deep", "A /PageLabels number tree 2,000 levels deep: labels are unreadable, the page is not.",
        labels, "ok", 0, [p(0)], count_claimed=1, doc_warnings=["labels-unreadable"])

# /S /A /St 2147483647: the label would be 82,595,525 letters; it is clipped to 1,000 bytes.
fixture("label-huge", "/PageLabels << /Nums [0 << /S /A /St 2147483647 >>] >>.",
        {1: catalog(PageLabels={"Nums": [0, {"S": Name("A"), "St": 2147483647}]}),
         2: {"Type": Name("Pages"), "Kids": [Ref(3), Ref(4)], "Count": 2}, 3: page(), 4: page()},
        "ok", 0, [p(i, label=chr(ord("A") + (2147483647 + i - 1) % 26) * 1000, warnings=["label-clipped"]) for i in range(2)],
        count_claimed=2)

# A /P prefix longer than the label limit: the label is the prefix clipped at a UTF-8 boundary
# (999 bytes: "é", two bytes in UTF-8, would end at byte 1001), with no number after it, so it is
# still the start of the real label "a…aéb7".
fixture("label-prefix-huge", "/PageLabels << /Nums [0 << /S /D /St 7 /P (999 × a, é, b) >>] >>.",
        {1: catalog(PageLabels={"Nums": [0, {"S": Name("D"), "St": 7, "P": Raw(b"(" + b"a" * 999 + b"\xe9b)")}]}),
         2: {"Type": Name("Pages"), "Kids": [Ref(3)], "Count": 1}, 3: page()},
        "ok", 0, [p(0, label="a" * 999, warnings=["label-clipped"])], count_claimed=1)

# /PageLabels that is not a dictionary: no labels, and a warning that says so.
fixture("labels-not-dictionary", "/PageLabels /NotATree.",
        {1: catalog(PageLabels=Name("NotATree")), 2: {"Type": Name("Pages"), "Kids": [Ref(3)], "Count": 1}, 3: page()},
        "ok", 0, [p(0)], count_claimed=1, doc_warnings=["labels-unreadable"])

# Numbers no page has: a 400-digit MediaBox, a CropBox of 1e11 pt, /Rotate 45 and 90.5, /UserUnit -2.
big = Raw(b"1" + b"0" * 400)
fixture("numbers-hostile", "Page 1: MediaBox with a 400-digit number; page 2: CropBox 1e11 wide; page 3: "
        "/Rotate 45; page 4: /Rotate 90.5; page 5: /UserUnit -2.",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3), Ref(4), Ref(5), Ref(6), Ref(7)], "Count": 5},
         3: page(media=None, MediaBox=[0, 0, big, big]),
         4: page(CropBox=[0, 0, 100000000000, 100]),
         5: page(Rotate=45), 6: page(Rotate=Raw(b"90.5")), 7: page(UserUnit=-2)},
        "ok", 0, [p(0, warnings=["box-invalid", "mediabox-missing"]), p(1, warnings=["box-invalid"]),
                  p(2, warnings=["rotate-invalid"]), p(3, warnings=["rotate-invalid"]), p(4, warnings=["userunit-invalid"])],
        count_claimed=5)

# /UserUnit at both ends of the range read (10^-9, the resolution numbers are printed at, to
# 10^6) and just past them: 10^-13 printed as 0, which no unit is.
fixture("userunit-range", "Pages 1-4: /UserUnit 0.0000000000001 (ignored), 0.000000001, 1000000, "
        "1000000.5 (ignored).",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3), Ref(4), Ref(5), Ref(6)], "Count": 4},
         3: page(UserUnit=Raw(b"0.0000000000001")), 4: page(UserUnit=Raw(b"0.000000001")),
         5: page(UserUnit=1000000), 6: page(UserUnit=Raw(b"1000000.5"))},
        "ok", 0, [p(0, warnings=["userunit-invalid"], user_unit=1), p(1, user_unit=1e-9), p(2, user_unit=1000000),
                  p(3, warnings=["userunit-invalid"], user_unit=1)],
        count_claimed=4)

# Boxes the spec repairs: reversed corners, a TrimBox past the MediaBox, a CropBox outside it.
fixture("boxes-repaired", "Page 1: MediaBox written [612 792 0 0]; page 2: TrimBox [-10 -10 100 100]; "
        "page 3: CropBox [1000 1000 1100 1100] (disjoint).",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3), Ref(4), Ref(5)], "Count": 3},
         3: page(media=(612, 792, 0, 0)), 4: page(TrimBox=[-10, -10, 100, 100]),
         5: page(CropBox=[1000, 1000, 1100, 1100])},
        "ok", 0, [p(0, warnings=["box-reversed"]), p(1, warnings=["box-clipped"]), p(2, warnings=["box-empty"])],
        count_claimed=3)

# A catalog or page tree Poppler cannot use. The pages are found by scanning the
# objects (in object order), inheriting through /Parent; every one carries page-recovered.
def two_pages(**catalog_extra):
    return {2: {"Type": Name("Pages"), "Kids": [Ref(3), Ref(4)], "Count": 2, "MediaBox": [0, 0, 500, 500]},
            3: page(media=(0, 0, 300, 400)), 4: page(media=None, Rotate=90)}


recovered = [p(0, crop=(0, 0, 300, 400), warnings=["page-recovered"]),
             p(1, crop=(0, 0, 500, 500), rotation=90, warnings=["page-recovered"])]
fixture("root-missing-object", "The trailer's /Root is 99 0 R, which does not exist; pages 3 and 4 (4 inherits "
        "its MediaBox from /Parent 2) are found by the scan.", two_pages(), "partial", 2, recovered,
        doc_warnings=["pages-recovered"], root=99)
fixture("trailer-no-root", "The trailer has no /Root.", two_pages(), "partial", 2, recovered,
        doc_warnings=["pages-recovered"], root=None)
fixture("root-not-catalog", "/Root points at a page (object 3), not a catalog.", two_pages(), "partial", 2,
        recovered, doc_warnings=["pages-recovered"], root=3)
fixture("catalog-no-pages", "The catalog has no /Pages.", {**two_pages(), 1: catalog(pages=None)},
        "partial", 2, recovered, doc_warnings=["pages-recovered"])
fixture("pages-not-dictionary", "The catalog's /Pages is 5 0 R, an integer.",
        {**two_pages(), 1: catalog(pages=5), 5: 7}, "partial", 2, recovered, doc_warnings=["pages-recovered"])
# /Pages that is a dictionary of another /Type and has no /Kids: not a page (no US Letter page is
# invented from it); the scan finds the real pages, or none.
fixture("pages-other-type", "The catalog's /Pages is 5 0 R, an /Annot dictionary.",
        {**two_pages(), 1: catalog(pages=5), 5: {"Type": Name("Annot"), "Subtype": Name("Text"), "Rect": [0, 0, 10, 10]}},
        "partial", 2, recovered, doc_warnings=["pages-recovered"])
fixture("pages-is-catalog", "The catalog's /Pages is 1 0 R, the catalog itself, and no page object exists.",
        {1: catalog(pages=1)}, "failed", 65, [], error_code="damaged")
fixture("kids-direct", "/Kids holds two page dictionaries written directly (not as objects).",
        {1: catalog(), 2: {"Type": Name("Pages"), "Count": 2, "Kids": [
            {"Type": Name("Page"), "MediaBox": [0, 0, 300, 400]}, {"Type": Name("Page"), "MediaBox": [0, 0, 200, 100]}]}},
        "ok", 0, [p(0, crop=(0, 0, 300, 400), warnings=["kid-direct"]), p(1, crop=(0, 0, 200, 100), warnings=["kid-direct"])],
        count_claimed=2)
# A Pages node written in place: its page (a reference) is below a direct kid; the next kid is not.
fixture("node-direct", "/Kids holds a Pages node written directly, over page 3 0 R, then page 4 0 R.",
        {1: catalog(), 2: {"Type": Name("Pages"), "Count": 2, "Kids": [
            {"Type": Name("Pages"), "Count": 1, "Kids": [Ref(3)], "Rotate": 90}, Ref(4)]},
         3: page(media=(0, 0, 300, 400)), 4: page(media=(0, 0, 200, 100))},
        "ok", 0, [p(0, crop=(0, 0, 300, 400), rotation=90, warnings=["kid-direct"]), p(1, crop=(0, 0, 200, 100))],
        count_claimed=2)
# The catalog's /Pages written in place (ISO 32000-2 7.7.2 asks for a reference): read all the
# same, with what the pages inherit from it; its pages have no /Parent, since the node has no number.
fixture("pages-direct", "The catalog's /Pages is a dictionary written in place (MediaBox [0 0 500 500], /Rotate 90) "
        "over page 3 0 R (its own MediaBox) and page 4 0 R (inherits both).",
        {1: catalog(pages=None, Pages={"Type": Name("Pages"), "Count": 2, "Kids": [Ref(3), Ref(4)],
                                       "MediaBox": [0, 0, 500, 500], "Rotate": 90}),
         3: {"Type": Name("Page"), "MediaBox": [0, 0, 300, 400]}, 4: {"Type": Name("Page")}},
        "ok", 0, [p(0, crop=(0, 0, 300, 400), rotation=90), p(1, crop=(0, 0, 500, 500), rotation=90)],
        count_claimed=2, doc_warnings=["pages-direct"])
# The same without /Kids: page 3 0 R is listed nowhere, so the object scan finds it (draw then
# names the scan, not the catalog, as the reason Poppler's renderer cannot reach it).
fixture("pages-direct-no-kids", "The catalog's /Pages is a dictionary written in place with /Count 1 and no /Kids; "
        "page 3 0 R (MediaBox [0 0 300 400]) is listed nowhere.",
        {1: catalog(pages=None, Pages={"Type": Name("Pages"), "Count": 1}),
         3: {"Type": Name("Page"), "MediaBox": [0, 0, 300, 400]}},
        "partial", 2, [p(0, crop=(0, 0, 300, 400), warnings=["page-recovered"])],
        count_claimed=1, doc_warnings=["pages-direct", "kids-invalid", "pages-recovered"])
fixture("page-orphan", "/Count 3 but /Kids lists 2 pages; page object 5 (/Parent 2 0 R) is listed nowhere.",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3), Ref(4)], "Count": 3},
         3: page(), 4: page(media=(0, 0, 300, 400)), 5: page(media=(0, 0, 100, 200))},
        "partial", 2, [p(0), p(1, crop=(0, 0, 300, 400)), p(2, crop=(0, 0, 100, 200), warnings=["page-recovered"])],
        count_claimed=3, doc_warnings=["pages-recovered"])

# An empty document (a valid, empty tree): ok with no pages.
fixture("empty-tree", "A valid page tree with /Count 0 and /Kids [].",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [], "Count": 0}},
        "ok", 0, [], count_claimed=0)
# A root that claims /Count 0 over a broken tree in which no page is found: damaged, not an
# empty document, whatever /Count says (the object scan such a tree starts reads only the objects
# the table lists; a looping reference may stand where the one to the pages was).
fixture("count-zero-root-no-kids", "The root /Pages node has /Count 0 and no /Kids; no page object exists.",
        {1: catalog(), 2: {"Type": Name("Pages"), "Count": 0}},
        "failed", 65, [], count_claimed=0, doc_warnings=["kids-invalid"], error_code="damaged")
fixture("count-zero-node-no-kids", "The root /Pages node has /Count 0 and /Kids [3 0 R], a Pages node with /Count 0 and no "
        "/Kids; no page object exists.",
        {1: catalog(), 2: {"Type": Name("Pages"), "Count": 0, "Kids": [Ref(3)]}, 3: {"Type": Name("Pages"), "Parent": Ref(2), "Count": 0}},
        "failed", 65, [], count_claimed=0, doc_warnings=["kids-invalid"], error_code="damaged")
fixture("count-zero-loop", "The root /Pages node has /Count 0 and /Kids [3 0 R], a Pages node with /Count 0 whose "
        "/Kids [2 0 R] is the root again; no page object exists.",
        {1: catalog(), 2: {"Type": Name("Pages"), "Count": 0, "Kids": [Ref(3)]},
         3: {"Type": Name("Pages"), "Parent": Ref(2), "Count": 0, "Kids": [Ref(2)]}},
        "failed", 65, [], count_claimed=0, doc_warnings=["page-tree-loop"], error_code="damaged")
# The same loop with a page the tree no longer reaches: a loop in a tree that yields no page
# makes the walk scan the objects, which finds it (it inherits nothing: its /Parent, 3 0 R, has
# no boxes).
fixture("count-zero-loop-orphan", "As count-zero-loop, with page 4 0 R (/Parent 3 0 R, MediaBox [0 0 300 400]) that no "
        "/Kids lists.",
        {1: catalog(), 2: {"Type": Name("Pages"), "Count": 0, "Kids": [Ref(3)]},
         3: {"Type": Name("Pages"), "Parent": Ref(2), "Count": 0, "Kids": [Ref(2)]}, 4: page(parent=3, media=(0, 0, 300, 400))},
        "partial", 2, [p(0, crop=(0, 0, 300, 400), warnings=["page-recovered"])],
        count_claimed=0, doc_warnings=["count-mismatch", "page-tree-loop", "pages-recovered"])
# An empty /Kids without a /Count: nothing says the document has no page, so the walk scans the
# objects; with no page found it is damaged, with one it is recovered.
fixture("kids-empty-no-count", "The root /Pages node has /Kids [] and no /Count; no page object exists.",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": []}},
        "failed", 65, [], doc_warnings=["count-missing"], error_code="damaged")
fixture("kids-empty-no-count-orphan", "The root /Pages node has /Kids [] and no /Count; page 3 0 R (/Parent 2 0 R, "
        "MediaBox [0 0 300 400]) is listed nowhere.",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": []}, 3: page(media=(0, 0, 300, 400))},
        "partial", 2, [p(0, crop=(0, 0, 300, 400), warnings=["page-recovered"])],
        doc_warnings=["count-missing", "pages-recovered"])
# The same tree without a /Count: nothing says the file holds no page, so the empty walk is damage.
fixture("node-no-kids-no-count", "The root /Pages node has /Kids [3 0 R] and no /Count; 3 0 R is a Pages node "
        "without /Kids; no page object exists.",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3)]}, 3: {"Type": Name("Pages"), "Parent": Ref(2)}},
        "failed", 65, [], doc_warnings=["count-missing", "kids-invalid"], error_code="damaged")


# Objects in an object stream behind a damaged cross-reference stream (PDF 1.5, ISO
# 32000-2 §7.5.7-8). Objects 1 (catalog), 2 (Pages: MediaBox [0 0 250 350], /Rotate 270) and 3
# (the page: CropBox [10 20 210 320], nothing else) live in object stream 4 (FlateDecode);
# object 5 is the cross-reference stream, /W [1 2 1], with /Root 1 0 R. The page inherits the
# MediaBox and the rotation: cropBox x 10 y 20 w 200 h 300, rotation 270.
def objstm_pdf(damage):
    inner = {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3)], "Count": 1, "MediaBox": [0, 0, 250, 350], "Rotate": 270},
             3: {"Type": Name("Page"), "Parent": Ref(2), "CropBox": [10, 20, 210, 320]}}
    bodies = [ser(inner[n]) for n in sorted(inner)]
    offsets = [sum(len(b) + 1 for b in bodies[:i]) for i in range(len(bodies))]
    header = b" ".join(b"%d %d" % (n, o) for n, o in zip(sorted(inner), offsets)) + b"\n"
    packed = zlib.compress(header + b"\n".join(bodies) + b"\n")
    out = bytearray(b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
    stm = len(out)
    out += (b"4 0 obj\n<< /Type /ObjStm /N 3 /First %d /Filter /FlateDecode /Length %d >>\nstream\n" % (len(header), len(packed))
            + packed + b"\nendstream\nendobj\n")
    xref = len(out)
    # Entries: 0 free; 1-3 in stream 4 at indexes 0-2; 4 and 5 at their offsets.
    rows = [(0, 0, 255), (2, 4, 0), (2, 4, 1), (2, 4, 2), (1, stm, 0), (1, xref, 0)]
    if damage == "self":   # the object stream's own entry names itself as its stream
        rows[4] = (2, 4, 0)
    elif damage == "loop":  # stream 4 is said to be in stream 6, and 6 in stream 4
        rows[4] = (2, 6, 0)
        rows.append((2, 4, 3))
    widths = (1, 3, 1) if damage == "bad-w" else (1, 2, 1)   # bad-w: written 1 3 1, declared 1 2 1
    entries = zlib.compress(b"".join(v.to_bytes(w, "big") for r in rows for v, w in zip(r, widths)))
    size = 2 if damage == "wrong-size" else len(rows)
    prev = b" /Prev %d" % xref if damage == "prev-self" else b""
    out += (b"5 0 obj\n<< /Type /XRef /Size %d /W [1 2 1] /Root 1 0 R%s /Filter /FlateDecode /Length %d >>\nstream\n"
            % (size, prev, len(entries)) + entries + b"\nendstream\nendobj\n")
    # root-via-xref-stream: startxref 9 bytes past the stream, so the table is rebuilt, and
    # no "trailer" keyword exists to give /Root.
    out += b"startxref\n%d\n%%%%EOF\n" % (xref + 9 if damage == "root-via-xref-stream" else xref)
    return bytes(out)


objstm_page = [p(0, crop=(10, 20, 200, 300), rotation=270)]
# The engines that must find the same pages (scripts/check_damaged_with_engines.py reads them with
# pypdfium2 and PyMuPDF), for fixtures whose golden lists them under "confirmedBy".
ENGINES = ["pdfium", "mupdf"]
for damage, description, warnings, confirmed in [
        ("wrong-size", "The cross-reference stream says /Size 2: objects 1-5 are outside it.",
         ["xref-repaired", "poppler-diagnostic", "object-streams-read"], False),
        ("bad-w", "The cross-reference stream's entries are written 1 3 1 bytes wide, its /W says [1 2 1].",
         ["xref-repaired", "poppler-diagnostic", "object-streams-read"], False),
        ("root-via-xref-stream", "startxref points 9 bytes past the cross-reference stream: the catalog is "
         "reachable only through that stream's /Root.", ["xref-repaired", "poppler-diagnostic", "object-streams-read"], False),
        ("prev-self", "The cross-reference stream's /Prev points at itself (Poppler stops the loop itself).", [], False),
        # The object stream's own entry is broken. Poppler cannot fetch the catalog, so
        # it rebuilds the table from the file's "N 0 obj" lines (finding stream 4 there), and the
        # shim reads the stream's objects; pdfium and MuPDF read the page too.
        ("self", "Object 4's own entry says it is object 0 of object stream 4, itself.",
         ["xref-repaired", "poppler-diagnostic", "object-streams-read"], True),
        ("loop", "Object 4's own entry says it is in object stream 6, and 6's that it is in stream 4.",
         ["xref-repaired", "poppler-diagnostic", "object-streams-read"], True)]:
    FIXTURES.append(dict(name="objstm-" + damage, data=objstm_pdf(damage), golden=dict({
        "file": "objstm-%s.pdf" % damage, "description": "Catalog, Pages and page in an object stream. " + description,
        "status": "ok", "exit": 0, "pageCount": 1, "countClaimed": 1, "documentWarnings": warnings,
        "errorCode": None, "pages": objstm_page}, **({"confirmedBy": ENGINES} if confirmed else {}))))


# The catalog is a top-level object that Poppler finds, and the page tree is in an
# object stream it cannot read. Objects 2 (Pages) and 3 (the page) as in objstm_pdf, in object
# stream 4; object 1, the catalog, outside it.
#  - "self" and "loop": a cross-reference stream (object 5) whose entry for stream 4 names stream 4
#    itself, or stream 6 whose entry names stream 4 again. Poppler reads the catalog, so it
#    neither rebuilds the table nor reads the page tree ("Invalid object stream"); the shim finds
#    "4 0 obj" by a scan of the file.
#  - "unindexed": a classic table and trailer, with startxref 9 bytes off, so that Poppler
#    rebuilds the table from the file's "N 0 obj" lines: the catalog (and its /Root, from the
#    trailer) is found, objects 2 and 3 inside stream 4 are not, until the shim reads the stream.
def objstm_body(num, objects):
    """Object stream `num` holding `objects` ({number: dict}), FlateDecode."""
    bodies = [ser(objects[n]) for n in sorted(objects)]
    offsets = [sum(len(b) + 1 for b in bodies[:i]) for i in range(len(bodies))]
    header = b" ".join(b"%d %d" % (n, o) for n, o in zip(sorted(objects), offsets)) + b"\n"
    packed = zlib.compress(header + b"\n".join(bodies) + b"\n")
    return (b"%d 0 obj\n<< /Type /ObjStm /N %d /First %d /Filter /FlateDecode /Length %d >>\nstream\n"
            % (num, len(objects), len(header), len(packed)) + packed + b"\nendstream\nendobj\n")


def objstm_catalog_found_pdf(damage):
    inner = {2: {"Type": Name("Pages"), "Kids": [Ref(3)], "Count": 1, "MediaBox": [0, 0, 250, 350], "Rotate": 270},
             3: {"Type": Name("Page"), "Parent": Ref(2), "CropBox": [10, 20, 210, 320]}}
    out = bytearray(b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
    cat = len(out)
    out += b"1 0 obj\n%s\nendobj\n" % ser(catalog())
    stm = len(out)
    out += objstm_body(4, inner)
    xref = len(out)
    if damage == "unindexed":
        out += b"xref\n0 5\n0000000000 65535 f\r\n%010d 00000 n\r\n" % cat
        out += b"0000000000 65535 f\r\n0000000000 65535 f\r\n%010d 00000 n\r\n" % stm
        out += b"trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (xref + 9)
        return bytes(out)
    rows = [(0, 0, 255), (1, cat, 0), (2, 4, 0), (2, 4, 1), (2, 4, 0), (1, xref, 0)]
    if damage == "loop":
        rows[4] = (2, 6, 0)
        rows.append((2, 4, 2))
    elif damage == "clean":  # stream 4's entry sound; an unused entry 6 names stream 2000000
        rows[4] = (1, stm, 0)
        rows.append((2, 2000000, 0))
    widths = (1, 4, 1) if damage == "clean" else (1, 2, 1)
    entries = zlib.compress(b"".join(v.to_bytes(w, "big") for r in rows for v, w in zip(r, widths)))
    out += (b"5 0 obj\n<< /Type /XRef /Size %d /W [%d %d %d] /Root 1 0 R /Filter /FlateDecode /Length %d >>\nstream\n"
            % ((len(rows),) + widths + (len(entries),)) + entries + b"\nendstream\nendobj\n")
    out += b"startxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


for damage, description, warnings in [
        ("self", "The cross-reference stream's entry for object stream 4 says it is object 0 of stream 4, itself.",
         ["object-streams-read"]),
        ("loop", "The cross-reference stream's entry for object stream 4 says it is in stream 6, and 6's that it is in stream 4.",
         ["object-streams-read"]),
        ("unindexed", "A classic table whose startxref is 9 bytes off: Poppler rebuilds it and finds the catalog, "
         "but not the objects inside stream 4.", ["xref-repaired", "object-streams-read"])]:
    FIXTURES.append(dict(name="objstm-catalog-found-" + damage, data=objstm_catalog_found_pdf(damage), golden={
        "file": "objstm-catalog-found-%s.pdf" % damage,
        "description": "Catalog outside, Pages and page in object stream 4. " + description,
        "status": "ok", "exit": 0, "pageCount": 1, "countClaimed": 1, "documentWarnings": warnings,
        "errorCode": None, "pages": objstm_page, "confirmedBy": ENGINES}))


# The reader's repairs of object streams (keep this block together; later fixtures append after it).
# (1) A loop in a tree that yields pages, whose root /Count agrees with what the walk finds: the
# root lists itself where its second kid, Pages node 5, once stood. Node 5 (/Parent 2 0 R,
# /Rotate 90) and its page 6 (MediaBox [0 0 300 400]) are listed nowhere now. A loop is damage
# that can hide pages, so it starts the object scan whatever /Count says (before, only a loop in a
# tree with no page did): page 6 is recovered, inheriting /Rotate 90 through /Parent, and the
# /Count of 1 then differs from the 2 pages found.
fixture("kids-loop-count-agrees", "Root /Kids [3 0 R 2 0 R] /Count 1 (the root lists itself); Pages node 5 (/Rotate 90) "
        "and its page 6 (MediaBox [0 0 300 400]) are listed nowhere.",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3), Ref(2)], "Count": 1}, 3: page(),
         5: {"Type": Name("Pages"), "Parent": Ref(2), "Kids": [Ref(6)], "Count": 1, "Rotate": 90},
         6: page(parent=5, media=(0, 0, 300, 400))},
        "partial", 2, [p(0), p(1, crop=(0, 0, 300, 400), rotation=90, warnings=["page-recovered"])], count_claimed=1,
        doc_warnings=["count-mismatch", "page-tree-loop", "pages-recovered"])

# (2) A page object past the table's /Size is not recovered (pinned, not fixed): the table (/Size 5)
# lists objects 0-4; page object 10 (MediaBox [0 0 300 400], /Parent 2 0 R) is in the file after
# them, listed by no /Kids, and the root's /Count 2 says a page is missing. The object scan reads
# the objects the table lists (after Poppler's repair, which reads every object in the file when
# the table is damaged); a table that opens cleanly holds no entry for object 10, so the page is
# not found: 1 page, count-mismatch, ok. No other engine finds it either: pdfinfo says "Pages: 2"
# (the /Count) with page 2 "0 x 0 pts", pypdfium2 counts 2 and fails to load page 2, PyMuPDF
# counts 2 and says "page 1 not in document" for it.
fixture("page-past-size", "The xref table stops at object 4 (/Size 5); page object 10 (MediaBox [0 0 300 400]) is in "
        "the file but in no /Kids; the root /Kids [3 0 R] claims /Count 2.",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3)], "Count": 2}, 3: page(),
         10: page(media=(0, 0, 300, 400))},
        "ok", 0, [p(0)], count_claimed=2, doc_warnings=["count-mismatch"], xref_size=5)
# (3) A /Count below the root that disagrees with the pages under it: node-count-mismatch, naming
# the first such node in walk order (node 5: /Count 2 over 1 page) and how many differ (5 and 6).
# The root's /Count 3 is right (3 pages), so there is no count-mismatch; the pages are read by
# /Kids, as pdfinfo, pypdfium2 and PyMuPDF read them (3 pages: 612x792, 300x400, 100x200, also
# page by page in a fresh document); qpdf --check finds no error.
fixture("node-count-wrong", "Root /Kids [5 0 R 6 0 R] /Count 3; node 5 /Kids [3 0 R] /Count 2; node 6 /Kids [4 0 R 7 0 R] "
        "/Count 1.",
        {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(5), Ref(6)], "Count": 3},
         3: page(parent=5), 4: page(parent=6, media=(0, 0, 300, 400)),
         5: {"Type": Name("Pages"), "Parent": Ref(2), "Kids": [Ref(3)], "Count": 2},
         6: {"Type": Name("Pages"), "Parent": Ref(2), "Kids": [Ref(4), Ref(7)], "Count": 1},
         7: page(parent=6, media=(0, 0, 100, 200))},
        "ok", 0, [p(0), p(1, crop=(0, 0, 300, 400)), p(2, crop=(0, 0, 100, 200))], count_claimed=3,
        doc_warnings=["node-count-mismatch"])

# Files that must read as the other engines read them.
def updated_pdf(first_in_stream):
    """An incremental update that Poppler must rebuild (startxref points nowhere): the catalog
    (1) and Pages (2) top-level; page 3 with MediaBox [0 0 111 111], in object stream 7 when
    `first_in_stream`, else top-level; then, appended, object stream 4 with page 3 again,
    MediaBox [0 0 222 222], the later revision. Stream 4 has the lower number: the order of the
    numbers must not decide which revision wins."""
    pages = {"Type": Name("Pages"), "Kids": [Ref(3)], "Count": 1}
    old_page = {"Type": Name("Page"), "Parent": Ref(2), "MediaBox": [0, 0, 111, 111]}
    new_page = {"Type": Name("Page"), "Parent": Ref(2), "MediaBox": [0, 0, 222, 222]}
    out = bytearray(b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
    out += b"1 0 obj\n%s\nendobj\n2 0 obj\n%s\nendobj\n" % (ser(catalog()), ser(pages))
    out += objstm_body(7, {3: old_page}) if first_in_stream else b"3 0 obj\n%s\nendobj\n" % ser(old_page)
    out += b"xref\n0 1\n0000000000 65535 f\r\ntrailer\n<< /Size 8 /Root 1 0 R >>\nstartxref\n999999\n%%EOF\n"
    out += objstm_body(4, {3: new_page})
    out += b"xref\n0 1\n0000000000 65535 f\r\ntrailer\n<< /Size 8 /Root 1 0 R >>\nstartxref\n999998\n%%EOF\n"
    return bytes(out)


for name, first_in_stream, warnings, description in [
        ("objstm-update-stream-then-stream", True, ["xref-repaired", "object-streams-read"],
         "Page 3 (111 x 111) in object stream 7, then an update appends object stream 4 with page 3 "
         "again (222 x 222); startxref points nowhere, so the table is rebuilt."),
        ("objstm-update-top-level-then-stream", False, ["xref-repaired", "object-streams-read"],
         "Page 3 (111 x 111) top-level, then an update appends object stream 4 with page 3 again "
         "(222 x 222); startxref points nowhere, so the table is rebuilt.")]:
    FIXTURES.append(dict(name=name, data=updated_pdf(first_in_stream), golden={
        "file": name + ".pdf", "description": description + " The later revision is read, as pdfium and MuPDF read it.",
        "status": "ok", "exit": 0, "pageCount": 1, "countClaimed": 1, "documentWarnings": warnings,
        "errorCode": None, "pages": [p(0, crop=(0, 0, 222, 222))], "confirmedBy": ENGINES}))


def gap_pdf():
    """A clean classic table in two subsections, 0-3 and 6: objects 4 and 5 are listed nowhere
    (valid: ISO 32000-2 §7.5.4). Poppler answers a question about 4 or 5 by reading the sections
    again; the object-stream check must not ask it, or it rebuilds the table."""
    objects = {1: catalog(), 2: {"Type": Name("Pages"), "Kids": [Ref(3)], "Count": 1},
               3: page(media=(0, 0, 300, 300)), 6: {"Producer": b"pageinfo"}}
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for num in sorted(objects):
        offsets[num] = len(out)
        out += b"%d 0 obj\n%s\nendobj\n" % (num, ser(objects[num]))
    xref = len(out)
    out += b"xref\n0 4\n0000000000 65535 f\r\n"
    out += b"".join(b"%010d 00000 n\r\n" % offsets[n] for n in (1, 2, 3))
    out += b"6 1\n%010d 00000 n\r\n" % offsets[6]
    out += b"trailer\n<< /Size 7 /Root 1 0 R /Info 6 0 R >>\nstartxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


FIXTURES.append(dict(name="xref-subsections-gap", data=gap_pdf(), golden={
    "file": "xref-subsections-gap.pdf", "description": "A valid classic table in two subsections (0-3, 6): "
    "objects 4 and 5 listed nowhere. Reads clean: no warning.",
    "status": "ok", "exit": 0, "pageCount": 1, "countClaimed": 1, "documentWarnings": [],
    "errorCode": None, "pages": [p(0, crop=(0, 0, 300, 300))]}))


def dangling_entry_pdf():
    """objstm_catalog_found_pdf's file without damage, plus an unused compressed entry (object 6)
    naming object stream 2000000, past the table, and a stray "2000000 0 obj" dictionary at the
    end: the check must neither grow the table to it nor scan the file for it. (Not larger:
    should a mutant of this file (make robust) have its table rebuilt, Poppler's reconstruction
    itself allocates an entry for every number up to the largest "N 0 obj" it meets, about 40
    bytes each: 1.2 GB for 30000000, in pdfinfo as in pageinfo.)"""
    data = objstm_catalog_found_pdf("clean")
    return data + b"2000000 0 obj\n<< /Foo 1 >>\nendobj\n"


FIXTURES.append(dict(name="objstm-dangling-entry", data=dangling_entry_pdf(), golden={
    "file": "objstm-dangling-entry.pdf", "description": "Catalog outside, Pages and page in object stream 4, "
    "a sound table; an unused entry names object stream 2000000, and a stray '2000000 0 obj' follows "
    "%%EOF. Reads clean, in the memory a 1-page file takes.",
    "status": "ok", "exit": 0, "pageCount": 1, "countClaimed": 1, "documentWarnings": [],
    "errorCode": None, "pages": objstm_page}))


def stray_pdf(objects, stray):
    """`objects` ((number, bytes) in order) under a clean classic table, then `stray` after them:
    definitions the table does not list (a rebuilt table takes them)."""
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for num, body in objects:
        offsets[num] = len(out)
        out += b"%d 0 obj\n%s\nendobj\n" % (num, body)
    out += stray
    xref = len(out)
    size = max(offsets) + 1
    out += b"xref\n0 %d\n0000000000 65535 f\r\n" % size
    out += b"".join(b"%010d 00000 n\r\n" % offsets[n] if n in offsets else b"0000000000 00000 f\r\n" for n in range(1, size))
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, xref)
    return bytes(out)


# Page 2 (object 4) of these has an indirect /Type (99 0 R), an object the clean table does not
# list: fetching it makes Poppler rebuild the table, and the rebuilt table takes the stray later
# definitions. Page 1 links to page 2, so `annotations`, whose walk for destinations' targets
# reads page 2 while it reads page 1's links, meets the rebuild before its cursor does; `pages`
# meets it at page 2. The rebuild is undone for what the table lists, in both: the table's
# objects are read, and the walk goes on with the rebuilt table's size (its limit for repeated
# subtrees: 10 steps an entry).
STRAY_TYPE = b"99 0 obj\n/Page\nendobj\n"
LINK_TO_4 = b"<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /Dest [4 0 R /Fit] >>"


def walk_ahead_pdf(repeat):
    stray = 4 if repeat else 5
    return stray_pdf([
        (1, b"<< /Type /Catalog /Pages 2 0 R >>"),
        (2, b"<< /Type /Pages /Kids [3 0 R 4 0 R %d 0 R] /Count 3 >>" % (4 if repeat else 5)),
        (3, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Annots [" + LINK_TO_4 + b"] >>"),
        (4, b"<< /Type 99 0 R /Parent 2 0 R /MediaBox [0 0 400 400] >>"),
        (5, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 500 500] >>"),
    ], STRAY_TYPE + b"%d 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 555 555] >>\nendobj\n" % stray)


for repeat in (False, True):
    name = "walk-ahead-rebuild" + ("-repeated" if repeat else "")
    FIXTURES.append(dict(name=name, data=walk_ahead_pdf(repeat), golden={
        "file": name + ".pdf", "description": "A clean table that Poppler rebuilds when page 2's indirect /Type "
        "(an object it does not list) is fetched; a stray later definition of object %d (555x555) is not the "
        "table's, so page %s is read as the table has it; page 1 links to page 2." % (4 if repeat else 5,
                                                                                     "3 (object 4 again)" if repeat else "3"),
        "status": "ok", "exit": 0, "pageCount": 3, "countClaimed": 3,
        "documentWarnings": ["xref-repaired", "poppler-diagnostic"], "errorCode": None,
        "pages": [p(0, crop=(0, 0, 300, 300)), p(1, crop=(0, 0, 400, 400)),
                  p(2, crop=(0, 0, 400, 400), warnings=["page-repeated"]) if repeat else p(2, crop=(0, 0, 500, 500))]}))

# The root lists page 1, page 2 (as above), a node that lists page 6 five times, 20 times over, and
# page 7 (103 positions). The 19 repeated subtrees take 95 steps: past the opened table's limit (7
# entries: 70), within the rebuilt one's (99 entries: 990). Page 1 links to pages 2 and 7.
FIXTURES.append(dict(name="walk-ahead-rebuild-budget", data=stray_pdf([
    (1, b"<< /Type /Catalog /Pages 2 0 R >>"),
    (2, b"<< /Type /Pages /Kids [3 0 R 4 0 R " + b"5 0 R " * 20 + b"7 0 R] /Count 103 >>"),
    (3, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Annots [" + LINK_TO_4
        + b" << /Type /Annot /Subtype /Link /Rect [0 20 10 30] /Dest [7 0 R /Fit] >>] >>"),
    (4, b"<< /Type 99 0 R /Parent 2 0 R /MediaBox [0 0 400 400] >>"),
    (5, b"<< /Type /Pages /Parent 2 0 R /Kids [6 0 R 6 0 R 6 0 R 6 0 R 6 0 R] /Count 5 >>"),
    (6, b"<< /Type /Page /Parent 5 0 R /MediaBox [0 0 500 500] >>"),
    (7, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 700 700] >>"),
], STRAY_TYPE), golden={
    "file": "walk-ahead-rebuild-budget.pdf", "description": "A clean table Poppler rebuilds at page 2 (its indirect "
    "/Type), and 20 listings of a node with page 6 five times: the walk's limit for repeated subtrees is the "
    "rebuilt table's (99 entries), so all 103 positions are read; page 1 links to pages 2 and 103.",
    "status": "ok", "exit": 0, "pageCount": 103, "countClaimed": 103,
    "documentWarnings": ["xref-repaired", "poppler-diagnostic"], "errorCode": None,
    "pages": [p(0, crop=(0, 0, 300, 300)), p(1, crop=(0, 0, 400, 400)), p(2, crop=(0, 0, 500, 500))]
             + [p(i, crop=(0, 0, 500, 500), warnings=["page-repeated"]) for i in range(3, 102)]
             + [p(102, crop=(0, 0, 700, 700))]}))

# Page 1 links to the named destination (foo) of a /Names /Dests tree whose /Names array has an odd
# count (destination-names-damaged, from `annotations`); the rebuild at page 2 makes the reader
# read the names again, on the table every later read sees: the warning stays.
FIXTURES.append(dict(name="walk-ahead-rebuild-names", data=stray_pdf([
    (1, b"<< /Type /Catalog /Pages 2 0 R /Names << /Dests 7 0 R >> >>"),
    (2, b"<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>"),
    (3, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Annots [<< /Type /Annot /Subtype /Link "
        b"/Rect [0 0 10 10] /Dest (foo) >>] >>"),
    (4, b"<< /Type 99 0 R /Parent 2 0 R /MediaBox [0 0 400 400] >>"),
    (5, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 500 500] >>"),
    (6, b"[3 0 R /Fit]"),
    (7, b"<< /Names [(foo) 6 0 R (bar)] >>"),
], STRAY_TYPE), golden={
    "file": "walk-ahead-rebuild-names.pdf", "description": "A clean table Poppler rebuilds at page 2 (its indirect "
    "/Type); page 1 links to a named destination of a /Names /Dests tree whose /Names has an odd count.",
    "status": "ok", "exit": 0, "pageCount": 3, "countClaimed": 3,
    "documentWarnings": ["xref-repaired", "poppler-diagnostic"], "errorCode": None,
    "pages": [p(0, crop=(0, 0, 300, 300)), p(1, crop=(0, 0, 400, 400)), p(2, crop=(0, 0, 500, 500))]}))


def main(argv):
    outdir = argv[1] if len(argv) > 1 else os.path.join(ROOT, "Fixtures", "damaged")
    os.makedirs(outdir, exist_ok=True)
    for fx in FIXTURES:
        with open(os.path.join(outdir, fx["name"] + ".pdf"), "wb") as f:
            f.write(fx["data"])
        with open(os.path.join(outdir, fx["name"] + ".golden.json"), "w") as f:
            f.write(json.dumps(fx["golden"], indent=1) + "\n")
        print(os.path.join(outdir, fx["name"] + ".pdf"))


if __name__ == "__main__":
    main(sys.argv)
