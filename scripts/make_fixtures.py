#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Write the PDF fixtures and their golden JSON files into Fixtures/.

Every fixture is described here as a small page tree with raw PDF attributes.
The same description is used twice, independently:

* pdfgen.py turns it into PDF bytes (it just writes the entries as given);
* resolve() below applies the geometry rules to it and produces the golden
  expectations. No PDF tool is involved in computing a golden value.

Rules implemented by resolve() (ISO 32000-2 §14.11.2, §7.9.5, our policies):
  * rectangles are normalised (min/max corners);
  * MediaBox, CropBox and Rotate are inherited from /Pages ancestors, the
    nearest one wins; MediaBox defaults to [0 0 612 792];
  * CropBox defaults to the MediaBox; BleedBox, TrimBox and ArtBox are not
    inheritable and default to the effective CropBox;
  * every box (CropBox too) is intersected with the MediaBox;
  * rotation = Rotate mod 360 when Rotate is a multiple of 90, else 0;
    rotationRaw keeps the integer as written (or inherited);
  * UserUnit comes from the page dictionary only (not inheritable), default 1;
  * size = CropBox width/height, swapped for rotation 90/270;
  * labels follow /PageLabels (styles D r R a A, /P prefix, /St start).

Usage: python3 scripts/make_fixtures.py [OUTDIR]   (default: Fixtures/)
"""

import io
import json
import os
import sys
from fractions import Fraction

sys.dont_write_bytecode = True  # keep scripts/ free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pdfgen  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ---------------------------------------------------------------------------
# Fixture descriptions: N(...) is a /Pages node, P(...) a page.
# Attribute names are the PDF keys, values are written as given.
# ---------------------------------------------------------------------------


def N(*kids, **attrs):
    return ("pages", attrs, list(kids))


def P(**attrs):
    return ("page", attrs)


LETTER = [0, 0, 612, 792]
A4 = [0, 0, 595.276, 841.89]

ROTATIONS = [0, 90, 180, 270, -90, 450, 45, 360, -180]

FIXTURES = [
    dict(
        name="rotations",
        description=(
            "One page per /Rotate value 0, 90, 180, 270, -90, 450, 45, 360, -180, then a page "
            "without /Rotate. Every page is 500x700 with CropBox [20 30 420 630] (400x600, offset "
            "from the origin), so size swaps and origin mistakes show. /Rotate 45 is not a "
            "multiple of 90: our policy gives rotation 0 and rotationRaw 45, while pdfinfo prints "
            "'rot: 45' (by design; the cross-check allows that one difference)."),
        tree=N(*[P(MediaBox=[0, 0, 500, 700], CropBox=[20, 30, 420, 630], Rotate=r)
                 for r in ROTATIONS],
               P(MediaBox=[0, 0, 500, 700], CropBox=[20, 30, 420, 630])),
    ),
    dict(
        name="boxes",
        description=(
            "Box normalisation and clipping: 0 CropBox offset from the origin; 1 CropBox partly "
            "outside the MediaBox (clipped); 2 MediaBox with a negative origin; 3 reversed corners "
            "in MediaBox and CropBox; 4 all five boxes different; 5 Bleed/Trim/ArtBox beyond the "
            "MediaBox (clipped); 6 fractional A4 coordinates; 7 negative-origin MediaBox with a "
            "CropBox sticking out on the negative side; 8 only a TrimBox (Bleed/Art default to "
            "the CropBox). CropBoxes that stick out are never larger than the MediaBox in either "
            "dimension, see README (Poppler quirk)."),
        tree=N(
            P(MediaBox=LETTER, CropBox=[36, 48, 576, 744]),
            P(MediaBox=LETTER, CropBox=[300, 400, 700, 900]),
            P(MediaBox=[-100, -200, 512, 592]),
            P(MediaBox=[612, 792, 0, 0], CropBox=[500, 700, 100, 50]),
            P(MediaBox=[0, 0, 700, 900], CropBox=[10, 10, 690, 890], BleedBox=[20, 20, 680, 880],
              TrimBox=[30, 30, 670, 870], ArtBox=[100, 100, 600, 800]),
            P(MediaBox=[0, 0, 600, 800], BleedBox=[-10, -10, 610, 810],
              TrimBox=[-5, 100, 300, 900], ArtBox=[550, 750, 700, 900]),
            P(MediaBox=A4, CropBox=[10.5, 20.25, 585.125, 830.75],
              TrimBox=[28.3465, 28.3465, 566.9295, 813.5435]),
            P(MediaBox=[-300, -400, 300, 400], CropBox=[-350, -100, 100, 450]),
            P(MediaBox=LETTER, CropBox=[50, 50, 562, 742], TrimBox=[72, 72, 540, 720]),
        ),
    ),
    dict(
        name="inherited",
        description=(
            "A 5-level Pages tree: MediaBox, CropBox and Rotate set on different intermediate "
            "nodes and overridden deeper down (nearest ancestor wins); an inherited CropBox "
            "clipped by a smaller MediaBox on the page; an inherited /Rotate 45 (rotation 0, "
            "rotationRaw 45) and an inherited -90. /UserUnit 3 on an intermediate Pages node is "
            "NOT inheritable and must be ignored (userUnit 1), page 4 has its own /UserUnit 2."),
        tree=N(
            N(
                N(
                    N(
                        P(),
                        P(Rotate=0, CropBox=[50, 50, 400, 300]),
                        P(MediaBox=[100, 100, 400, 400]),
                        Rotate=180),
                    P(),
                    MediaBox=[0, 0, 842, 595], UserUnit=3),
                P(UserUnit=2),
                CropBox=[10, 10, 602, 582]),
            N(
                N(
                    N(
                        N(
                            P(),
                            P(Rotate=270),
                            Rotate=45),
                        P(CropBox=[-100, -100, 400, 400]),
                        CropBox=[0, 0, 500, 700]),
                    P(),
                    MediaBox=[-50, -50, 550, 750]),
                Rotate=-90),
            P(),
            MediaBox=LETTER, Rotate=90),
    ),
    dict(
        name="labels",
        description=(
            "13 Letter pages with /PageLabels: i-iv (r), A-1..A-3 (D, prefix 'A-', St 1), "
            "Z, AA, BB (A, St 26), a prefix-only label 'Index', then a, b (a)."),
        tree=N(*[P() for _ in range(13)], MediaBox=LETTER),
        labels=[(0, "r", None, None), (4, "D", "A-", 1), (7, "A", None, 26),
                (10, None, "Index", None), (11, "a", None, None)],
    ),
    dict(
        name="userunit",
        description=(
            "/UserUnit: page 0 has /UserUnit 2, page 1 none (1), page 2 /UserUnit 0.5 on a "
            "large page. Boxes stay in default user space units; only userUnit changes."),
        tree=N(P(UserUnit=2), P(), P(MediaBox=[0, 0, 2000, 1500], UserUnit=0.5),
               MediaBox=LETTER),
    ),
    dict(
        name="mixed",
        description=(
            "Demo document with mixed page sizes: Letter, A4, A3 landscape, a tall narrow page, "
            "a tiny page, Legal, A5, a square page with Rotate 90, Tabloid with Rotate 270 and "
            "an A4 landscape CropBox. Catalog /PageLayout /TwoPageRight and /ViewerPreferences "
            "<< /Direction /R2L >>."),
        tree=N(
            P(MediaBox=LETTER),
            P(MediaBox=A4),
            P(MediaBox=[0, 0, 1190.551, 841.89]),
            P(MediaBox=[0, 0, 200, 1400]),
            P(MediaBox=[0, 0, 72, 48]),
            P(MediaBox=[0, 0, 612, 1008]),
            P(MediaBox=[0, 0, 419.528, 595.276]),
            P(MediaBox=[0, 0, 500, 500], Rotate=90),
            P(MediaBox=[0, 0, 792, 1224], Rotate=270),
            P(MediaBox=[0, 0, 900, 900], CropBox=[20, 100, 861.89, 695.276]),
        ),
        layout="TwoPageRight",
        direction="R2L",
    ),
    dict(
        name="encrypted",
        description=(
            "Standard Security Handler, RC4 128-bit, /V 2 /R 3, user password 'secret', owner "
            "password 'owner'. Strings (page label prefix 'S-', /Info /Title) and content "
            "streams are encrypted. Geometry as seen with the user password."),
        tree=N(
            P(),
            P(MediaBox=[0, 0, 842, 595], CropBox=[21, 20, 821, 575], Rotate=90),
            P(MediaBox=[0, 0, 400, 600], Rotate=-180),
            MediaBox=LETTER),
        labels=[(0, "D", "S-", 1)],
        user_password="secret",
        owner_password="owner",
        info={"Title": "pageinfo encrypted fixture"},
    ),
]

# ---------------------------------------------------------------------------
# Independent implementation of the geometry rules (the goldens)
# ---------------------------------------------------------------------------

DEFAULT_MEDIABOX = [0, 0, 612, 792]
INHERITABLE = ("MediaBox", "CropBox", "Rotate")


def exact(v):
    """The exact value of a number as written in the file (repr -> decimal)."""
    return Fraction(repr(v)) if isinstance(v, float) else Fraction(v)


def normalize(r):
    x1, y1, x2, y2 = (exact(v) for v in r)
    return (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))


def intersect(a, b):
    r = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    assert r[0] < r[2] and r[1] < r[3], "fixture must not produce an empty box: %r %r" % (a, b)
    return r


def js(v):
    """Fraction -> plain JSON number (int when integral)."""
    return int(v) if v.denominator == 1 else float(v)


def box_json(r):
    return {"x": js(r[0]), "y": js(r[1]), "width": js(r[2] - r[0]), "height": js(r[3] - r[1])}


def page_geometry(own, inherited):
    media = normalize(inherited.get("MediaBox", DEFAULT_MEDIABOX))
    crop = intersect(normalize(inherited["CropBox"]), media) if "CropBox" in inherited else media
    other = {}
    for key in ("BleedBox", "TrimBox", "ArtBox"):
        other[key] = intersect(normalize(own[key]), media) if key in own else crop
    raw = inherited.get("Rotate", 0)
    rotation = raw % 360 if raw % 90 == 0 else 0
    user_unit = own.get("UserUnit", 1)
    w, h = crop[2] - crop[0], crop[3] - crop[1]
    if rotation in (90, 270):
        w, h = h, w
    return {"rotation": rotation, "rotationRaw": raw, "userUnit": js(exact(user_unit)),
            "mediaBox": box_json(media), "cropBox": box_json(crop),
            "bleedBox": box_json(other["BleedBox"]), "trimBox": box_json(other["TrimBox"]),
            "artBox": box_json(other["ArtBox"]),
            "size": {"width": js(w), "height": js(h)}}


def resolve(tree):
    """Walk the tree in page order and return the golden geometry per page."""
    out = []

    def walk(node, inherited):
        kind, attrs = node[0], node[1]
        here = dict(inherited)
        here.update({k: attrs[k] for k in INHERITABLE if k in attrs})
        if kind == "page":
            out.append(page_geometry(attrs, here))
        else:
            for kid in node[2]:
                walk(kid, here)

    walk(tree, {})
    return out


def roman(n):
    parts = [(1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
             (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")]
    s = ""
    for value, digits in parts:
        while n >= value:
            s += digits
            n -= value
    return s


def letters(n):
    """1 -> a, 26 -> z, 27 -> aa, 52 -> zz, 53 -> aaa (ISO 32000 §12.4.2)."""
    return chr(ord("a") + (n - 1) % 26) * ((n - 1) // 26 + 1)


def label_for(index, ranges):
    """ranges: sorted [(first_index, style, prefix, start)] -> label text."""
    first, style, prefix, start = [r for r in ranges if r[0] <= index][-1]
    n = (start or 1) + index - first
    number = {"D": str(n), "r": roman(n), "R": roman(n).upper(),
              "a": letters(n), "A": letters(n).upper(), None: ""}[style]
    return (prefix or "") + number


# ---------------------------------------------------------------------------
# Building the PDF
# ---------------------------------------------------------------------------

FONT = {"Font": {"F1": {"Type": pdfgen.Name("Font"), "Subtype": pdfgen.Name("Type1"),
                        "BaseFont": pdfgen.Name("Helvetica")}}}


def content_stream(index, geometry):
    """A tiny drawing: tinted CropBox, a frame, an 'up' arrow and the page number."""
    c = geometry["cropBox"]
    x, y, w, h = (Fraction(str(c[k])) for k in ("x", "y", "width", "height"))
    m = min(w, h) / 20
    f = pdfgen.fmt_number

    def n(*vals):
        return " ".join(f(float(v)) for v in vals)

    ax = x + w / 2
    return pdfgen.Stream(
        "q 0.92 0.95 1 rg %s re f Q\n" % n(x, y, w, h)
        + "q 0.2 0.3 0.8 RG %s w %s re S Q\n" % (n(m / 4), n(x + m, y + m, w - 2 * m, h - 2 * m))
        + "q 0.8 0.2 0.2 rg %s m %s l %s l f Q\n" % (
            n(ax - 2 * m, y + h / 2), n(ax + 2 * m, y + h / 2), n(ax, y + h - 3 * m))
        + "BT /F1 %s Tf %s Td (p%d) Tj ET\n" % (n(3 * m), n(x + 2 * m, y + 2 * m), index + 1))


def build_tree(tree, goldens):
    counter = iter(range(len(goldens)))

    def conv(node):
        if node[0] == "page":
            i = next(counter)
            return pdfgen.Page(node[1], contents=content_stream(i, goldens[i]))
        return pdfgen.Pages([conv(k) for k in node[2]], node[1])

    root = conv(tree)
    root.attrs["Resources"] = FONT
    return root


def pdf_bytes(fx, goldens):
    buf = io.BytesIO()
    pdfgen.write_document(
        buf, build_tree(fx["tree"], goldens), seed=fx["name"], labels=fx.get("labels"),
        page_layout=fx.get("layout"), direction=fx.get("direction"),
        user_password=fx.get("user_password"), owner_password=fx.get("owner_password"),
        info=fx.get("info"))
    return buf.getvalue()


def golden(file, expect, description, password=None, layout=None, direction=None, pages=None):
    return {"file": file, "expect": expect, "password": password,
            "pageCount": None if pages is None else len(pages),
            "pageLayout": layout, "direction": direction,
            "description": description, "pages": pages or []}


def write(outdir, name, data):
    with open(os.path.join(outdir, name), "wb") as f:
        f.write(data)


def write_golden(outdir, name, g):
    write(outdir, name + ".golden.json", (json.dumps(g, indent=2) + "\n").encode())


def main(argv):
    outdir = argv[1] if len(argv) > 1 else os.path.join(ROOT, "Fixtures")
    os.makedirs(outdir, exist_ok=True)
    written = []
    for fx in FIXTURES:
        geo = resolve(fx["tree"])
        labels = fx.get("labels")
        pages = [dict({"index": i, "label": label_for(i, labels) if labels else None}, **g)
                 for i, g in enumerate(geo)]
        file = fx["name"] + ".pdf"
        write(outdir, file, pdf_bytes(fx, geo))
        expect = "needs_password" if fx.get("user_password") else "opens"
        write_golden(outdir, fx["name"], golden(
            file, expect, fx["description"], password=fx.get("user_password"),
            layout=fx.get("layout"), direction=fx.get("direction"), pages=pages))
        written.append(file)

    # truncated.pdf: header plus the first few bytes of the first object; no
    # xref, no trailer, no catalog -- nothing Poppler's reconstruction can use.
    full = pdf_bytes(FIXTURES[0], resolve(FIXTURES[0]["tree"]))
    cut = full.index(b" 0 obj") + 20
    write(outdir, "truncated.pdf", full[:cut])
    write_golden(outdir, "truncated", golden(
        "truncated.pdf", "malformed",
        "A valid PDF cut after %d bytes: the header and part of the first object only (no "
        "catalog, xref or trailer). Poppler cannot open or repair it." % cut))
    written.append("truncated.pdf")

    write(outdir, "not-a-pdf.pdf", b"This is a plain text file with a .pdf extension.\n"
                                   b"It has no %PDF- header and no PDF objects.\n")
    write_golden(outdir, "not-a-pdf", golden(
        "not-a-pdf.pdf", "not_pdf", "Plain text with a .pdf extension: no %PDF- header."))
    written.append("not-a-pdf.pdf")

    for file in written:
        print(os.path.join(outdir, file))


if __name__ == "__main__":
    main(sys.argv)
