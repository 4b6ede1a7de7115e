#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fixtures/annotations/: annotations at known raw rectangles, and a file of hostile /Annots.

annotations.pdf has seven pages, each carrying the same kinds of annotation at rectangles chosen
in raw space, every appearance a form filled edge to edge with one colour (so a render shows
exactly where the appearance landed):

  page 1-4  MediaBox [0 0 400 300], /Rotate 0, 90, 180, 270
  page 5    MediaBox [0 0 500 400], CropBox [50 40 450 360] (offset), /Rotate 90
  page 6    MediaBox [-200 -150 200 150] (negative origin), /Rotate 0
  page 7    MediaBox [0 0 300 200], /UserUnit 2, /Rotate 270

  Square  red,  BBox [0 0 w h], identity /Matrix
  Stamp   blue, BBox [0 0 40 20], /Matrix [0 2 -2 0 40 0] (turned 90 degrees and scaled by 2):
          §12.5.5 maps the transformed BBox onto /Rect all the same
  Widget  magenta, field "form.p<N>" (a /Parent field with /T "form" and /FT /Tx, the widget's
          /T "p<N>"), /AP /N a dictionary of states picked by /AS /On
  Text    green, NoRotate (/F 20): on a turned page the appearance stays upright, its upper-left
          corner fixed (§12.5.3); with a Popup (/Popup, and the popup's /Parent)
  Link    a URI action with /QuadPoints; a GoTo link to the next page (/XYZ left top zoom)

Page 1 adds destinations of every kind and how they are named: /FitR, /FitH and /Fit arrays, a
string named through the /Names /Dests tree (two levels, with /Limits), a name through the
catalog's /Dests, a GoToR to another file, a Named action (NextPage), a JavaScript action, a
Hidden square (black, /F 2: drawn by no renderer) and a NoZoom square (cyan, /F 12); page 7
another NoZoom square.

hostile.pdf has one good Square per page beside damage, each of which costs a warning and
never a rectangle: /Annots that is not an array; an /Annots element that is a number; a /Rect of
three numbers and one of 1e12; /QuadPoints of 7 numbers; a widget whose /Parent chain loops; a
link to a name no tree holds; a /Dests tree whose /Kids loop and share an array; the same
annotation listed twice. Page 3 holds what is read as Poppler reads it or kept with a warning
(states without /AS, a GoToR to a named destination, an XYZ zoom of 0, a 5,000-byte /T); page 4
one highlight of 1,024 quadrilaterals listed 200 times, past the page's budget of quads; page 5
appearance forms written once and used by many annotations (read once, by reference), among
them references whose object is a form in one place and not in another: a dictionary of states
used as a state's form (no appearance) and then as /N (a form), a form with a /BBox of three
numbers (no appearance, each time). generations.pdf has links whose /A names one action by
reference, two of them with a generation the file does not define (no action: a reference to an
undefined object is null).

annotations.pdf also has an outline (ISO 32000-2 §12.3.3) three levels deep, open and closed
items (each /Count the number of descendants shown, negative when closed), XYZ, Fit, FitR, FitH
and FitV destinations, destinations named by a string (/Names /Dests) and by a name (/Dests), a
GoTo action to a named destination, a URI action and a UTF-16 title. hostile-outline.pdf has an
outline whose damage each costs a warning and never a wrong entry: a /Count of 10^9, a /First
that loops to an ancestor, an item that is not a dictionary, a 5,000-byte title, a chain 70
levels deep (past the reader's 64), an unresolvable named destination and a /Next that loops
back to an earlier item.

annotations.json, hostile.json, hostile-outline.json and generations.json, the goldens, are
derived from how the files were built: per page its boxes and, per annotation, its subtype, raw rectangle, where its appearance is drawn
(raw: /Rect, turned about its upper-left corner for NoRotate on a turned page), flags, quad
points, field, action and destination (the target page's index and the numbers as written).

Usage: python3 scripts/make_annotation_fixtures.py [OUTDIR]   (default: Fixtures/annotations)
"""

import io
import json
import os
import sys

sys.dont_write_bytecode = True  # keep scripts/ free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pdfgen  # noqa: E402
from pdfgen import Name, PDFString, Ref, Stream  # noqa: E402

PAGES = [
    # MediaBox, CropBox or None, /Rotate, /UserUnit or None
    ([0, 0, 400, 300], None, 0, None),
    ([0, 0, 400, 300], None, 90, None),
    ([0, 0, 400, 300], None, 180, None),
    ([0, 0, 400, 300], None, 270, None),
    ([0, 0, 500, 400], [50, 40, 450, 360], 90, None),
    ([-200, -150, 200, 150], None, 0, None),
    ([0, 0, 300, 200], None, 270, 2),
]

COLOURS = {"Square": (1, 0, 0), "Stamp": (0, 0, 1), "Widget": (1, 0, 1), "Text": (0, 0.8, 0),
           "hidden": (0, 0, 0), "nozoom": (0, 1, 1)}
FLAG_NAMES = ["Invisible", "Hidden", "Print", "NoZoom", "NoRotate", "NoView", "ReadOnly", "Locked",
              "ToggleNoView", "LockedContents"]


def flag_names(f):
    return [n for i, n in enumerate(FLAG_NAMES) if f & (1 << i)]


def visible_box(media, crop):
    return crop or media


def rects_for(media, crop):
    """The raw rectangles of one page's annotations, placed by fractions of its visible box."""
    x0, y0, x1, y1 = visible_box(media, crop)
    w, h = x1 - x0, y1 - y0

    def at(fx, fy, fw, fh):
        return [round(x0 + fx * w, 3), round(y0 + fy * h, 3), round(x0 + (fx + fw) * w, 3), round(y0 + (fy + fh) * h, 3)]
    return {"Square": at(0.08, 0.62, 0.22, 0.2), "Stamp": at(0.40, 0.62, 0.18, 0.16),
            "Widget": at(0.08, 0.12, 0.26, 0.12), "Text": at(0.78, 0.55, 0.14, 0.06),
            "Popup": at(0.62, 0.12, 0.3, 0.3), "LinkURI": at(0.40, 0.12, 0.16, 0.08),
            "LinkGoTo": at(0.40, 0.30, 0.16, 0.08),
            "hidden": at(0.62, 0.85, 0.06, 0.08), "nozoom": at(0.85, 0.85, 0.06, 0.08)}


def no_rotate_drawn(rect, rotate):
    """§12.5.3: the rectangle turned against the page's /Rotate about its upper-left corner."""
    x0, y0, x1, y1 = rect
    w, h = x1 - x0, y1 - y0
    cx, cy = x0, y1
    # Counter-clockwise by `rotate` in raw (y-up) space, about (cx, cy).
    if rotate == 0:
        return rect
    if rotate == 90:
        return [cx, cy, cx + h, cy + w]
    if rotate == 180:
        return [cx - w, cy, cx, cy + h]
    return [cx - h, cy - w, cx, cy]   # 270


def fill_form(colour, bbox, matrix=None):
    r, g, b = colour
    x0, y0, x1, y1 = bbox
    d = {"Type": Name("XObject"), "Subtype": Name("Form"), "BBox": bbox}
    if matrix:
        d["Matrix"] = matrix
    f = pdfgen.fmt_number
    return Stream("%s %s %s rg %s %s %s %s re f\n" % (f(r), f(g), f(b), f(x0), f(y0), f(x1 - x0), f(y1 - y0)), d)


def rect_golden(r):
    return {"x": r[0], "y": r[1], "width": round(r[2] - r[0], 6), "height": round(r[3] - r[1], 6)}


class Builder:
    def __init__(self, seed):
        self.buf = io.BytesIO()
        self.w = pdfgen.Writer(self.buf, pdfgen.file_id_for(seed))
        self.catalog = self.w.alloc()
        self.pages = self.w.alloc()

    def finish(self, page_refs, page_dicts, catalog_extra):
        for ref, d in zip(page_refs, page_dicts):
            self.w.write(ref, dict(d, Type=Name("Page"), Parent=self.pages))
        self.w.write(self.pages, {"Type": Name("Pages"), "Kids": page_refs, "Count": len(page_refs)})
        self.w.write(self.catalog, dict({"Type": Name("Catalog"), "Pages": self.pages}, **catalog_extra))
        self.w.finish(self.catalog)
        return self.buf.getvalue()


def item(title, target, kids=(), open_=False):
    """An outline item: its title (str, or bytes as written), where it goes and its children."""
    return {"title": title, "target": target, "kids": list(kids), "open": open_}


def xyz(page, left, top, zoom):
    return ({"Dest": ["PAGE", page, Name("XYZ"), left, top, zoom]},
            {"page": page, "kind": "XYZ", "left": left, "top": top, "zoom": zoom})


UTF16_TITLE = "Résumé — €"
# The outline of annotations.pdf. Targets: (entries of the item, the golden destination or
# None, the golden action or None); "PAGE", n in a destination array is page n's reference.
OUTLINE = [
    item("Rotations", xyz(0, 10, 280, None), open_=True, kids=[
        item("Page 2, turned 90°", ({"Dest": ["PAGE", 1, Name("Fit")]}, {"page": 1, "kind": "Fit"})),
        item("Page 3, turned 180°", ({"Dest": ["PAGE", 2, Name("FitR"), 20, 30, 220, 130]},
                                      {"page": 2, "kind": "FitR", "left": 20, "bottom": 30, "right": 220, "top": 130}), kids=[
            item("Detail at 200%", xyz(2, 50, 250, 2)),
            item("Its top half", ({"Dest": ["PAGE", 2, Name("FitH"), 150]}, {"page": 2, "kind": "FitH", "top": 150})),
        ]),
        item("Page 4, turned 270°", xyz(3, 0, 300, 1.5), open_=True, kids=[
            item("Back to the start", ({"A": {"S": Name("GoTo"), "D": ["PAGE", 0, Name("Fit")]}},
                                       {"page": 0, "kind": "Fit"}, {"type": "GoTo", "target": None})),
        ]),
    ]),
    item("Chapter 2 (a named destination)", ({"Dest": PDFString(b"chapter-2")},
                                             {"page": 4, "kind": "XYZ", "left": 60, "top": 350, "zoom": None, "name": "chapter-2"}), kids=[
        item("An old-style name", ({"Dest": Name("old-style")}, {"page": 5, "kind": "FitV", "left": -100, "name": "old-style"})),
        item("Chapter 7 by a GoTo action", ({"A": {"S": Name("GoTo"), "D": PDFString(b"chapter-7")}},
                                            {"page": 6, "kind": "FitB", "name": "chapter-7"}, {"type": "GoTo", "target": None})),
    ]),
    item(PDFString(b"\xfe\xff" + UTF16_TITLE.encode("utf-16-be")), xyz(6, 5, 190, None)),
    item("pageinfo on the web", ({"A": {"S": Name("URI"), "URI": PDFString(b"https://example.org/outline")}}, None,
                                 {"type": "URI", "target": "https://example.org/outline"})),
]


def visible(node):
    """§12.3.3: the descendants shown when `node` is open (its children, and theirs below each open child)."""
    return sum(1 + (visible(k) if k["open"] else 0) for k in node["kids"])


def write_outline(w, top, page_refs):
    """Writes `top` as /Outlines with /First, /Last, /Next, /Prev, /Parent and /Count as the spec
    asks; returns the outline dictionary's reference and the golden entries in pre-order."""
    root = w.alloc()
    golden = []

    def resolve(value):
        if isinstance(value, list):
            out, i = [], 0
            while i < len(value):
                if value[i] == "PAGE":
                    out.append(page_refs[value[i + 1]])
                    i += 2
                else:
                    out.append(resolve(value[i]))
                    i += 1
            return out
        if isinstance(value, dict):
            return {k: resolve(v) for k, v in value.items()}
        return value

    def chain(nodes, parent, level):
        refs = [w.alloc() for _ in nodes]
        for i, (node, ref) in enumerate(zip(nodes, refs)):
            entries, dest = node["target"][0], node["target"][1]
            action = node["target"][2] if len(node["target"]) > 2 else None
            title = node["title"]
            count = None
            if node["kids"]:
                count = visible(node) if node["open"] else -visible(node)
            golden.append({"index": len(golden), "level": level, "pymupdfLevel": level + 1,
                           "title": UTF16_TITLE if isinstance(title, bytes) else title,
                           "open": count is not None and count > 0, "count": count, "object": ref.num,
                           "action": action, "destination": dest, "warnings": []})
            d = dict({"Title": title, "Parent": parent}, **resolve(entries))
            if i > 0:
                d["Prev"] = refs[i - 1]
            if i + 1 < len(refs):
                d["Next"] = refs[i + 1]
            if node["kids"]:
                kids = chain(node["kids"], ref, level + 1)
                d["First"], d["Last"], d["Count"] = kids[0], kids[-1], count
            w.write(ref, d)
        return refs

    tops = chain(top, root, 0)
    w.write(root, {"Type": Name("Outlines"), "First": tops[0], "Last": tops[-1],
                   "Count": sum(1 + (visible(n) if n["open"] else 0) for n in top)})
    return root, golden


def build_annotations():
    b = Builder("annotations")
    w = b.w
    page_refs = [w.alloc() for _ in PAGES]
    page_dicts, goldens = [], []
    field_parent = w.alloc()
    field_kids = []
    for n, (media, crop, rotate, unit) in enumerate(PAGES):
        rects = rects_for(media, crop)
        annots, golden = [], []

        def add(d, g):
            ref = w.alloc()
            annots.append(ref)
            g = dict({"index": len(golden), "object": ref.num}, **g)
            golden.append(g)
            return ref, d, g

        pending = []

        def square(kind, colour, flags, subtype="Square"):
            r = rects[kind]
            form = w.add(fill_form(colour, [0, 0, round(r[2] - r[0], 3), round(r[3] - r[1], 3)]))
            d = {"Type": Name("Annot"), "Subtype": Name(subtype), "Rect": r, "F": flags, "AP": {"N": form},
                 "Border": [0, 0, 0], "NM": "%s-%d" % (kind, n + 1)}
            g = {"subtype": subtype, "rect": rect_golden(r), "drawnRect": rect_golden(r), "flags": flag_names(flags),
                 "appearance": {"state": None, "bbox": rect_golden([0, 0, round(r[2] - r[0], 3), round(r[3] - r[1], 3)]),
                                "matrix": [1, 0, 0, 1, 0, 0]}, "name": "%s-%d" % (kind, n + 1), "colour": colour}
            pending.append(add(d, g))

        square("Square", COLOURS["Square"], 4)
        # The stamp: a 40x20 form turned by its /Matrix, mapped onto /Rect.
        r = rects["Stamp"]
        form = w.add(fill_form(COLOURS["Stamp"], [0, 0, 40, 20], [0, 2, -2, 0, 40, 0]))
        pending.append(add({"Type": Name("Annot"), "Subtype": Name("Stamp"), "Rect": r, "F": 4, "AP": {"N": form}},
                           {"subtype": "Stamp", "rect": rect_golden(r), "drawnRect": rect_golden(r), "flags": ["Print"],
                            "appearance": {"state": None, "bbox": rect_golden([0, 0, 40, 20]), "matrix": [0, 2, -2, 0, 40, 0]},
                            "colour": COLOURS["Stamp"]}))
        # The widget: a kid of the field "form", its appearance picked by /AS.
        r = rects["Widget"]
        on = w.add(fill_form(COLOURS["Widget"], [0, 0, round(r[2] - r[0], 3), round(r[3] - r[1], 3)]))
        ref, d, g = add({"Type": Name("Annot"), "Subtype": Name("Widget"), "Rect": r, "F": 4, "Parent": field_parent,
                         "T": "p%d" % (n + 1), "AP": {"N": {"On": on}}, "AS": Name("On")},
                        {"subtype": "Widget", "rect": rect_golden(r), "drawnRect": rect_golden(r), "flags": ["Print"],
                         "appearance": {"state": "On", "bbox": rect_golden([0, 0, round(r[2] - r[0], 3), round(r[3] - r[1], 3)]),
                                        "matrix": [1, 0, 0, 1, 0, 0]},
                         "field": {"name": "form.p%d" % (n + 1), "type": "Tx"}, "colour": COLOURS["Widget"]})
        pending.append((ref, d, g))
        field_kids.append(ref)
        # The NoRotate note and its popup.
        r = rects["Text"]
        form = w.add(fill_form(COLOURS["Text"], [0, 0, round(r[2] - r[0], 3), round(r[3] - r[1], 3)]))
        text_ref, text_d, text_g = add({"Type": Name("Annot"), "Subtype": Name("Text"), "Rect": r, "F": 4 | 16,
                                        "AP": {"N": form}, "Contents": "Note on page %d" % (n + 1)},
                                       {"subtype": "Text", "rect": rect_golden(r),
                                        "drawnRect": rect_golden(no_rotate_drawn(r, rotate)), "flags": ["Print", "NoRotate"],
                                        "appearance": {"state": None,
                                                       "bbox": rect_golden([0, 0, round(r[2] - r[0], 3), round(r[3] - r[1], 3)]),
                                                       "matrix": [1, 0, 0, 1, 0, 0]},
                                        "contents": "Note on page %d" % (n + 1), "colour": COLOURS["Text"]})
        pending.append((text_ref, text_d, text_g))
        r = rects["Popup"]
        popup_ref, popup_d, popup_g = add({"Type": Name("Annot"), "Subtype": Name("Popup"), "Rect": r, "Parent": text_ref},
                                          {"subtype": "Popup", "rect": rect_golden(r), "drawnRect": None, "flags": [],
                                           "parent": text_g["index"]})
        text_d["Popup"] = popup_ref
        text_g["popup"] = popup_g["index"]
        pending.append((popup_ref, popup_d, popup_g))
        # Links: a URI with quad points, a GoTo to the next page.
        r = rects["LinkURI"]
        quads = [r[0], r[3], r[2], r[3], r[0], r[1], r[2], r[1]]
        pending.append(add({"Type": Name("Annot"), "Subtype": Name("Link"), "Rect": r, "Border": [0, 0, 0],
                            "QuadPoints": quads, "A": {"S": Name("URI"), "URI": PDFString(b"https://example.org/p%d" % (n + 1))}},
                           {"subtype": "Link", "rect": rect_golden(r), "drawnRect": None, "flags": [], "quadPoints": quads,
                            "borderWidth": 0, "action": {"type": "URI", "target": "https://example.org/p%d" % (n + 1)}}))
        target = (n + 1) % len(PAGES)
        tm, tc = PAGES[target][0], PAGES[target][1]
        left, top = visible_box(tm, tc)[0] + 10, visible_box(tm, tc)[3] - 20
        r = rects["LinkGoTo"]
        pending.append(add({"Type": Name("Annot"), "Subtype": Name("Link"), "Rect": r, "Border": [0, 0, 1],
                            "Dest": [page_refs[target], Name("XYZ"), left, top, 2]},
                           {"subtype": "Link", "rect": rect_golden(r), "drawnRect": None, "flags": [], "borderWidth": 1,
                            "destination": {"page": target, "kind": "XYZ", "left": left, "top": top, "zoom": 2}}))
        if n == 0:
            square("hidden", COLOURS["hidden"], 2)
            square("nozoom", COLOURS["nozoom"], 4 | 8)
            extra = [
                ({"Dest": [page_refs[2], Name("FitR"), 20, 30, 220, 130]}, {"destination": {"page": 2, "kind": "FitR", "left": 20, "bottom": 30, "right": 220, "top": 130}}),
                ({"Dest": [page_refs[3], Name("FitH"), 250]}, {"destination": {"page": 3, "kind": "FitH", "top": 250}}),
                ({"Dest": [page_refs[1], Name("Fit")]}, {"destination": {"page": 1, "kind": "Fit"}}),
                ({"Dest": PDFString(b"chapter-2")}, {"destination": {"page": 4, "kind": "XYZ", "left": 60, "top": 350, "zoom": None, "name": "chapter-2"}}),
                ({"Dest": Name("old-style")}, {"destination": {"page": 5, "kind": "FitV", "left": -100, "name": "old-style"}}),
                ({"A": {"S": Name("GoTo"), "D": PDFString(b"chapter-7")}}, {"action": {"type": "GoTo", "target": None},
                                                                           "destination": {"page": 6, "kind": "FitB", "name": "chapter-7"}}),
                ({"A": {"S": Name("GoToR"), "F": PDFString(b"other.pdf"), "D": [4, Name("FitBH"), 99]}},
                 {"action": {"type": "GoToR", "target": "other.pdf"}, "destination": {"page": None, "remotePage": 4, "kind": "FitBH", "top": 99}}),
                ({"A": {"S": Name("Named"), "N": Name("NextPage")}}, {"action": {"type": "Named", "target": "NextPage"}}),
                ({"A": {"S": Name("JavaScript"), "JS": PDFString(b"app.alert('never run')")}}, {"action": {"type": "JavaScript", "target": None}}),
            ]
            for k, (entries, g) in enumerate(extra):
                r = [300 + (k % 3) * 30, 10 + (k // 3) * 25, 325 + (k % 3) * 30, 30 + (k // 3) * 25]
                pending.append(add(dict({"Type": Name("Annot"), "Subtype": Name("Link"), "Rect": r, "Border": [0, 0, 0]}, **entries),
                                   dict({"subtype": "Link", "rect": rect_golden(r), "drawnRect": None, "flags": [], "borderWidth": 0}, **g)))
        if n == len(PAGES) - 1:
            # NoZoom on a turned /UserUnit 2 page: at 100 % it is drawn at its size times 2.
            square("nozoom", COLOURS["nozoom"], 4 | 8)
        for ref, d, g in pending:
            w.write(ref, d)
        attrs = {"MediaBox": media, "Annots": annots, "Contents": w.add(Stream("0.9 g 0 0 1 1 re f\n"))}
        if crop:
            attrs["CropBox"] = crop
        if rotate:
            attrs["Rotate"] = rotate
        if unit:
            attrs["UserUnit"] = unit
        page_dicts.append(attrs)
        goldens.append({"index": n, "mediaBox": media, "cropBox": crop or media, "rotation": rotate, "userUnit": unit or 1,
                        "annotations": golden})
    w.write(field_parent, {"T": "form", "FT": Name("Tx"), "Kids": field_kids})
    # /Names /Dests: a root with two leaves (with /Limits), and the old /Dests dictionary.
    leaf1 = w.add({"Limits": [PDFString(b"chapter-1"), PDFString(b"chapter-2")],
                   "Names": [PDFString(b"chapter-1"), [page_refs[0], Name("Fit")],
                             PDFString(b"chapter-2"), [page_refs[4], Name("XYZ"), 60, 350, None]]})
    leaf2 = w.add({"Limits": [PDFString(b"chapter-7"), PDFString(b"chapter-7")],
                   "Names": [PDFString(b"chapter-7"), {"D": [page_refs[6], Name("FitB")]}]})
    tree = w.add({"Kids": [leaf1, leaf2]})
    outlines, outline_golden = write_outline(w, OUTLINE, page_refs)
    extra = {"Names": {"Dests": tree}, "Dests": {"old-style": [page_refs[5], Name("FitV"), -100]},
             "AcroForm": {"Fields": [field_parent]}, "Outlines": outlines}
    pdf = b.finish(page_refs, page_dicts, extra)
    return pdf, {"file": "annotations.pdf",
                 "description": "Annotations at known raw rectangles on turned, cropped, offset and /UserUnit 2 pages, "
                                "appearances filled edge to edge, and an outline three levels deep (scripts/make_annotation_fixtures.py).",
                 "pages": goldens, "outline": outline_golden}


HEAVY_REPEATS = 200


def build_hostile():
    b = Builder("hostile-annotations")
    w = b.w
    page_refs = [w.alloc() for _ in range(5)]
    media = [0, 0, 300, 300]

    def good(n):
        form = w.add(fill_form((1, 0, 0), [0, 0, 50, 40]))
        return w.add({"Type": Name("Annot"), "Subtype": Name("Square"), "Rect": [20, 20, 70, 60], "F": 4, "AP": {"N": form},
                      "NM": "good-%d" % n})

    good_golden = {"subtype": "Square", "rect": rect_golden([20, 20, 70, 60]), "drawnRect": rect_golden([20, 20, 70, 60]),
                   "warnings": []}
    # Page 1: /Annots is a dictionary, not an array.
    p1 = {"MediaBox": media, "Annots": {"Rect": [0, 0, 10, 10]}}
    # Page 2: damage beside a good square.
    g2 = good(2)
    three = w.add({"Type": Name("Annot"), "Subtype": Name("Square"), "Rect": [1, 2, 3]})
    huge = w.add({"Type": Name("Annot"), "Subtype": Name("Square"), "Rect": [0, 0, 1e12, 10]})
    quads = w.add({"Type": Name("Annot"), "Subtype": Name("Highlight"), "Rect": [10, 100, 90, 120],
                   "QuadPoints": [10, 120, 90, 120, 10, 100, 90]})
    loop_a, loop_b = w.alloc(), w.alloc()
    w.write(loop_a, {"T": "a", "FT": Name("Btn"), "Parent": loop_b})
    w.write(loop_b, {"T": "b", "Parent": loop_a})
    widget = w.add({"Type": Name("Annot"), "Subtype": Name("Widget"), "Rect": [100, 100, 150, 120], "T": "w", "Parent": loop_a})
    unresolved = w.add({"Type": Name("Annot"), "Subtype": Name("Link"), "Rect": [100, 200, 150, 220], "Dest": PDFString(b"nowhere")})
    p2 = {"MediaBox": media, "Annots": [g2, 42, three, huge, quads, widget, unresolved, g2]}
    g3 = good(3)
    # Page 3: what is read the way Poppler reads it, or kept with a warning.
    on_form = w.add(fill_form((0, 0, 1), [0, 0, 40, 20]))
    no_state = w.add({"Type": Name("Annot"), "Subtype": Name("Widget"), "Rect": [100, 20, 140, 40], "F": 4,
                      "FT": Name("Btn"), "T": "box", "AP": {"N": {"On": on_form}}})
    remote_named = w.add({"Type": Name("Annot"), "Subtype": Name("Link"), "Rect": [100, 60, 140, 80],
                          "A": {"S": Name("GoToR"), "F": PDFString(b"other.pdf"), "D": PDFString(b"chapter")}})
    zoom_zero = w.add({"Type": Name("Annot"), "Subtype": Name("Link"), "Rect": [100, 100, 140, 120],
                       "Dest": [page_refs[0], Name("XYZ"), 10, 20, 0]})
    long_name = w.add({"Type": Name("Annot"), "Subtype": Name("Widget"), "Rect": [100, 140, 140, 160],
                       "FT": Name("Tx"), "T": "x" * 5000})
    p3 = {"MediaBox": media, "Annots": [g3, no_state, remote_named, zoom_zero, long_name]}
    # Page 4: one highlight of 1,024 quadrilaterals listed 200 times: its record again each time
    # (not read again), its quads kept while the page's budget of 2^20 numbers lasts (128 times).
    heavy = w.add({"Type": Name("Annot"), "Subtype": Name("Highlight"), "Rect": [10, 10, 20, 20],
                   "QuadPoints": [10, 20, 20, 20, 10, 10, 20, 10] * 1024})
    p4 = {"MediaBox": media, "Annots": [heavy] * HEAVY_REPEATS}
    # Page 5: forms shared by reference. `states` is a dictionary of states: as the form of a
    # state (an /N entry) it is no form, as /N it is; a reader that kept what a reference gave in
    # one place for every place would get one of them wrong.
    shared_form = w.add(fill_form((0, 1, 0), [0, 0, 30, 20]))
    bad_form = w.add(Stream("0 0 1 rg 0 0 10 10 re f\n", {"Type": Name("XObject"), "Subtype": Name("Form"), "BBox": [0, 0, 10]}))
    states = w.add({"On": shared_form, "Off": 7})
    shared = [  # (rect, /AP, /AS, drawn, warnings)
        ([10, 10, 40, 30], {"N": shared_form}, None, True, []),
        ([50, 10, 80, 30], {"N": shared_form}, None, True, []),
        ([10, 50, 40, 70], {"N": {"On": states}}, "On", False, ["appearance-invalid"]),
        ([50, 50, 80, 70], {"N": states}, "On", True, []),
        ([90, 50, 120, 70], {"N": states}, "Off", False, ["appearance-invalid"]),
        ([10, 90, 40, 110], {"N": bad_form}, None, False, ["appearance-invalid"]),
        ([50, 90, 80, 110], {"N": bad_form}, None, False, ["appearance-invalid"]),
        ([90, 90, 120, 110], {"N": {"On": shared_form}}, "On", True, []),
    ]
    p5_annots = []
    for rect, ap, state, _, _ in shared:
        d = {"Type": Name("Annot"), "Subtype": Name("Square"), "Rect": rect, "F": 4, "AP": ap}
        if state:
            d["AS"] = Name(state)
        p5_annots.append(w.add(d))
    p5 = {"MediaBox": media, "Annots": p5_annots}
    # The /Names /Dests tree: a node that lists itself, and a /Kids array shared by the two
    # direct nodes it holds (read once, else each level doubles the walk).
    loop_root = w.alloc()
    shared_kids = w.alloc()
    w.write(shared_kids, [{"Kids": shared_kids}, {"Kids": shared_kids}])
    w.write(loop_root, {"Kids": [loop_root, {"Kids": shared_kids}]})
    pdf = b.finish(page_refs, [p1, p2, p3, p4, p5], {"Names": {"Dests": loop_root}})
    kept_heavy = (1 << 20) // 8192
    W = lambda *codes: list(codes)  # noqa: E731
    return pdf, {"file": "hostile.pdf",
                 "description": "Hostile /Annots (scripts/make_annotation_fixtures.py): each element's warnings, and the good square read beside them.",
                 "documentWarnings": ["destination-names-damaged"],
                 "pages": [
                     {"index": 0, "pageWarnings": ["annots-invalid"], "annotations": []},
                     {"index": 1, "pageWarnings": [], "annotations": [
                         dict(good_golden, index=0),
                         {"index": 1, "subtype": None, "rect": None, "drawnRect": None, "warnings": W("annotation-not-dictionary")},
                         {"index": 2, "subtype": "Square", "rect": None, "drawnRect": None, "warnings": W("annotation-rect-invalid")},
                         {"index": 3, "subtype": "Square", "rect": None, "drawnRect": None, "warnings": W("annotation-rect-invalid")},
                         {"index": 4, "subtype": "Highlight", "rect": rect_golden([10, 100, 90, 120]), "drawnRect": None,
                          "quadPoints": [], "warnings": W("quadpoints-invalid")},
                         {"index": 5, "subtype": "Widget", "rect": rect_golden([100, 100, 150, 120]), "drawnRect": None,
                          "field": {"name": "b.a.w", "type": "Btn"}, "warnings": W("field-loop")},
                         {"index": 6, "subtype": "Link", "rect": rect_golden([100, 200, 150, 220]), "drawnRect": None,
                          "destination": {"page": None, "kind": None, "name": "nowhere"}, "warnings": W("destination-unresolved")},
                         dict(good_golden, index=7, warnings=W("annotation-repeated")),
                     ]},
                     {"index": 2, "pageWarnings": [], "annotations": [
                         dict(good_golden, index=0),
                         {"index": 1, "subtype": "Widget", "rect": rect_golden([100, 20, 140, 40]),
                          "drawnRect": rect_golden([100, 20, 140, 40]), "appearanceState": "On",
                          "field": {"name": "box", "type": "Btn"}, "warnings": W("appearance-state-missing")},
                         {"index": 2, "subtype": "Link", "rect": rect_golden([100, 60, 140, 80]), "drawnRect": None,
                          "action": {"type": "GoToR", "target": "other.pdf"},
                          "destination": {"page": None, "kind": None, "name": "chapter"}, "warnings": []},
                         {"index": 3, "subtype": "Link", "rect": rect_golden([100, 100, 140, 120]), "drawnRect": None,
                          "destination": {"page": 0, "kind": "XYZ", "left": 10, "top": 20, "zoom": None}, "warnings": []},
                         {"index": 4, "subtype": "Widget", "rect": rect_golden([100, 140, 140, 160]), "drawnRect": None,
                          "field": {"name": "x" * 4000, "type": "Tx"}, "warnings": W("text-clipped")},
                     ]},
                     {"index": 3, "pageWarnings": [], "annotations": [
                         {"index": i, "subtype": "Highlight", "rect": rect_golden([10, 10, 20, 20]), "drawnRect": None,
                          "quadPointCount": 4096 if i < kept_heavy else 0,
                          "warnings": (["annotation-repeated"] if i > 0 else []) + (["quadpoints-clipped"] if i >= kept_heavy else [])}
                         for i in range(HEAVY_REPEATS)]},
                     {"index": 4, "pageWarnings": [], "annotations": [
                         dict({"index": i, "subtype": "Square", "rect": rect_golden(rect),
                               "drawnRect": rect_golden(rect) if drawn else None, "warnings": warnings},
                              **({"appearanceState": state} if state and drawn else {}))
                         for i, (rect, _, state, drawn, warnings) in enumerate(shared)]},
                 ]}


def build_generations():
    # One URI action by reference, and references to it with a generation the file does not
    # define: those are references to an undefined object, so null (ISO 32000-2 §7.3.10), and no
    # action. The first is read first: a reader that kept what a reference gave by its number
    # alone would give the valid reference after it no action either.
    b = Builder("generations")
    w = b.w
    page = w.alloc()
    action = w.add({"S": Name("URI"), "URI": PDFString(b"https://example.org/")})
    refs = [Ref(action.num, 1), action, Ref(action.num, 1)]
    annots = [w.add({"Type": Name("Annot"), "Subtype": Name("Link"), "Rect": [10, 10 + 40 * i, 50, 30 + 40 * i], "A": ref})
              for i, ref in enumerate(refs)]
    pdf = b.finish([page], [{"MediaBox": [0, 0, 300, 300], "Annots": annots}], {})
    return pdf, {"file": "generations.pdf",
                 "description": "References by generation (scripts/make_annotation_fixtures.py): each link's action, null where "
                                "its /A names a generation the file does not define.",
                 "annotations": [{"index": i, "action": {"type": "URI", "target": "https://example.org/"} if ref.gen == 0 else None}
                                 for i, ref in enumerate(refs)]}


DEEP_CHAIN = 70        # items below the top one in hostile-outline.pdf's deep chain
MAX_OUTLINE_DEPTH = 64  # the reader's limit (PI_MAX_OUTLINE_DEPTH): levels 0 to 63 are read


def build_hostile_outline():
    b = Builder("hostile-outline")
    w = b.w
    page = w.alloc()
    media = [0, 0, 300, 300]
    root = w.alloc()
    t1, t2, t3, t4, t5 = (w.alloc() for _ in range(5))
    fit = lambda: [page, Name("Fit")]  # noqa: E731
    W = lambda *codes: list(codes)  # noqa: E731
    golden = []

    def entry(level, title, ref, count=None, warnings=(), destination={"page": 0, "kind": "Fit"}):
        golden.append({"index": len(golden), "level": level, "title": title, "open": count is not None and count > 0,
                       "count": count, "object": ref.num if ref else None, "destination": destination, "warnings": list(warnings)})

    # T1: a /Count of a billion over two leaves: warned, never used to count.
    a, bb = w.alloc(), w.alloc()
    w.write(t1, {"Title": "A billion", "Parent": root, "Next": t2, "First": a, "Last": bb, "Count": 10 ** 9, "Dest": fit()})
    w.write(a, {"Title": "a", "Parent": t1, "Next": bb, "Dest": fit()})
    w.write(bb, {"Title": "b", "Parent": t1, "Prev": a, "Dest": fit()})
    entry(0, "A billion", t1, 10 ** 9, W("outline-count-mismatch"))
    entry(1, "a", a)
    entry(1, "b", bb)
    # T2: its second child's /First is T2 itself (a /First loop): cut there.
    c1, c2 = w.alloc(), w.alloc()
    w.write(t2, {"Title": "First loop", "Parent": root, "Prev": t1, "Next": t3, "First": c1, "Last": c2, "Count": 2, "Dest": fit()})
    w.write(c1, {"Title": "c1", "Parent": t2, "Next": c2, "Dest": fit()})
    w.write(c2, {"Title": "c2", "Parent": t2, "Prev": c1, "First": t2, "Last": t2, "Count": -1, "Dest": fit()})
    entry(0, "First loop", t2, 2)
    entry(1, "c1", c1)
    entry(1, "c2", c2, -1, W("outline-loop"))
    # T3: a child with a 5,000-byte title (clipped at 4,000 bytes), then one that is an integer.
    d1, bad = w.alloc(), w.alloc()
    w.write(t3, {"Title": "Not a dictionary", "Parent": root, "Prev": t2, "Next": t4, "First": d1, "Last": bad, "Count": 2, "Dest": fit()})
    w.write(d1, {"Title": "y" * 5000, "Parent": t3, "Next": bad, "Dest": fit()})
    w.write(bad, 42)
    entry(0, "Not a dictionary", t3, 2)
    entry(1, "y" * 4000, d1, warnings=W("text-clipped"))
    entry(1, None, bad, warnings=W("outline-invalid"), destination=None)
    # T4: a chain DEEP_CHAIN levels below it, each item closed over its one child; the reader
    # keeps levels 0 to MAX_OUTLINE_DEPTH - 1 and drops the children of the last.
    chain = [w.alloc() for _ in range(DEEP_CHAIN)]
    w.write(t4, {"Title": "Deep", "Parent": root, "Prev": t3, "Next": t5, "First": chain[0], "Last": chain[0], "Count": -1, "Dest": fit()})
    entry(0, "Deep", t4, -1)
    for i, ref in enumerate(chain):
        d = {"Title": "level %d" % (i + 1), "Parent": t4 if i == 0 else chain[i - 1], "Dest": fit()}
        if i + 1 < len(chain):
            d.update(First=chain[i + 1], Last=chain[i + 1], Count=-1)
        w.write(ref, d)
        level = i + 1
        if level < MAX_OUTLINE_DEPTH:
            entry(level, "level %d" % level, ref, -1 if i + 1 < len(chain) else None,
                  W("outline-too-deep") if level == MAX_OUTLINE_DEPTH - 1 else ())
    # T5: a named destination no tree holds, and a /Next back to T2 (a /Next loop).
    w.write(t5, {"Title": "Next loop", "Parent": root, "Prev": t4, "Next": t2, "Dest": PDFString(b"nowhere")})
    entry(0, "Next loop", t5, warnings=W("outline-loop", "destination-unresolved"),
          destination={"page": None, "kind": None, "name": "nowhere"})
    w.write(root, {"Type": Name("Outlines"), "First": t1, "Last": t5, "Count": 5})
    pdf = b.finish([page], [{"MediaBox": media, "Contents": w.add(Stream("0.9 g 0 0 1 1 re f\n"))}], {"Outlines": root})
    return pdf, {"file": "hostile-outline.pdf",
                 "description": "A hostile outline (scripts/make_annotation_fixtures.py): each item's warnings, in pre-order, "
                                "and the items read beside them.",
                 "documentWarnings": [], "outline": golden}


def main(argv):
    outdir = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                                        "Fixtures", "annotations")
    os.makedirs(outdir, exist_ok=True)
    for build in (build_annotations, build_hostile, build_hostile_outline, build_generations):
        pdf, golden = build()
        name = golden["file"]
        with open(os.path.join(outdir, name), "wb") as f:
            f.write(pdf)
        with open(os.path.join(outdir, name.replace(".pdf", ".json")), "w") as f:
            f.write(json.dumps(golden, indent=1) + "\n")
        print(os.path.join(outdir, name))


if __name__ == "__main__":
    main(sys.argv)
