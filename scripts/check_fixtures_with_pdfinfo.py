#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Cross-check Fixtures/*.golden.json against Poppler's pdfinfo (and qpdf).

For each golden file:
  opens / needs_password:
    * `pdfinfo -box -f 1 -l N` (with -upw for needs_password): page count,
      MediaBox/CropBox/BleedBox/TrimBox/ArtBox (x1 y1 x2 y2, 2 decimals),
      "rot" and "size" (pdfinfo prints the CropBox size, not swapped for
      rotation) must agree with the golden values;
    * pdfinfo's rot is Rotate mod 360 and keeps non-multiples of 90 (45 -> 45)
      while our policy says rotation 0: for such pages pdfinfo must print
      rotationRaw mod 360 instead (expected, documented difference);
    * `qpdf --check` must pass (with --password for needs_password);
    * `qpdf --json`: per-page /PageLabels entries (qpdf resolves the number
      tree and the /St offset) are formatted and compared with the golden
      labels; catalog /PageLayout and /ViewerPreferences /Direction, and
      the page dictionaries' own /UserUnit are compared too;
  needs_password additionally: pdfinfo without a password must fail with
    "Incorrect password", and qpdf --check without one must fail;
  malformed / not_pdf: pdfinfo must fail.

Usage: python3 scripts/check_fixtures_with_pdfinfo.py [FIXTURES_DIR]
Exit status 0 when everything agrees.
"""

import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOXES = [("MediaBox", "mediaBox"), ("CropBox", "cropBox"), ("BleedBox", "bleedBox"),
         ("TrimBox", "trimBox"), ("ArtBox", "artBox")]
TOL = 0.0051  # pdfinfo prints boxes with 2 decimals


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stdout, p.stderr


def parse_pdfinfo(text):
    pages, count = {}, None
    for line in text.splitlines():
        m = re.match(r"Pages:\s+(\d+)", line)
        if m:
            count = int(m.group(1))
        m = re.match(r"Page\s+(\d+)\s+(\w+):\s+(.*)", line)
        if not m:
            continue
        page = pages.setdefault(int(m.group(1)) - 1, {})
        key, value = m.group(2), m.group(3)
        if key == "size":
            w, h = re.match(r"([\d.]+) x ([\d.]+) pts", value).groups()
            page["size"] = (float(w), float(h))
        elif key == "rot":
            page["rot"] = int(value)
        else:
            page[key] = tuple(float(v) for v in value.split())
    return count, pages


def roman(n):
    s = ""
    for value, digits in [(1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"),
                          (90, "xc"), (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"),
                          (4, "iv"), (1, "i")]:
        while n >= value:
            s, n = s + digits, n - value
    return s


def qpdf_label(d):
    """Format a qpdf-JSON page label dict (with the page's own /St) as text."""
    if d is None:
        return None
    n = d.get("/St", 1)
    style = d.get("/S")
    text = {"/D": str(n), "/r": roman(n), "/R": roman(n).upper(),
            "/a": chr(97 + (n - 1) % 26) * ((n - 1) // 26 + 1),
            "/A": chr(65 + (n - 1) % 26) * ((n - 1) // 26 + 1), None: ""}[style]
    prefix = d.get("/P", "u:")
    assert prefix.startswith("u:"), prefix
    return prefix[2:] + text


class Checker:
    def __init__(self):
        self.errors = 0

    def fail(self, name, msg):
        self.errors += 1
        print("  FAIL %s: %s" % (name, msg))

    def check(self, path):
        g = json.load(open(path))
        name = g["file"]
        pdf = os.path.join(os.path.dirname(path), name)
        print("%s (%s)" % (name, g["expect"]))
        if g["expect"] in ("malformed", "not_pdf"):
            rc, out, err = run(["pdfinfo", pdf])
            if rc == 0:
                self.fail(name, "pdfinfo opened it (expected failure)")
            else:
                print("  ok: pdfinfo fails: %s" % err.strip().splitlines()[-1])
            return

        pw = g["password"]
        pdfinfo = ["pdfinfo"] + (["-upw", pw] if pw else [])
        qpdf = ["qpdf"] + (["--password=" + pw] if pw else [])
        if g["expect"] == "needs_password":
            rc, out, err = run(["pdfinfo", pdf])
            if rc == 0 or "Incorrect password" not in err:
                self.fail(name, "pdfinfo without password: rc=%d %r" % (rc, err.strip()))
            else:
                print("  ok: pdfinfo without password: Incorrect password")
            rc, out, err = run(["qpdf", "--check", pdf])
            if rc == 0:
                self.fail(name, "qpdf --check without password succeeded")
            else:
                print("  ok: qpdf without password: %s" % (out + err).strip().splitlines()[-1])

        rc, out, err = run(qpdf + ["--check", pdf])
        if rc != 0:
            self.fail(name, "qpdf --check: %s" % (out + err).strip())
        else:
            print("  ok: qpdf --check")

        n = g["pageCount"]
        rc, out, err = run(pdfinfo + ["-box", "-f", "1", "-l", str(n), pdf])
        if rc != 0:
            self.fail(name, "pdfinfo failed: %s" % err.strip())
            return
        count, info = parse_pdfinfo(out)
        if count != n:
            self.fail(name, "pdfinfo Pages %s != %d" % (count, n))
        compared = 0
        for p in g["pages"]:
            i = p["index"]
            got = info.get(i, {})
            where = "%s page %d" % (name, i)
            for pdfinfo_key, key in BOXES:
                b = p[key]
                want = (b["x"], b["y"], b["x"] + b["width"], b["y"] + b["height"])
                have = got.get(pdfinfo_key)
                if have is None or any(abs(a - c) > TOL for a, c in zip(want, have)):
                    self.fail(where, "%s golden %s pdfinfo %s" % (pdfinfo_key, want, have))
                compared += 1
            raw = p["rotationRaw"]
            want_rot = p["rotation"] if raw % 90 == 0 else raw % 360
            if got.get("rot") != want_rot:
                self.fail(where, "rot golden %s (raw %s) pdfinfo %s" % (
                    p["rotation"], raw, got.get("rot")))
            elif raw % 90:
                print("  note: page %d /Rotate %d: pdfinfo rot %d, golden rotation %d (policy)"
                      % (i, raw, got["rot"], p["rotation"]))
            w, h = p["size"]["width"], p["size"]["height"]
            if p["rotation"] in (90, 270):
                w, h = h, w  # pdfinfo prints the unrotated CropBox size
            have = got.get("size")
            if have is None or abs(have[0] - w) > 0.01 or abs(have[1] - h) > 0.01:
                self.fail(where, "size golden %s pdfinfo %s" % ((w, h), have))
            compared += 2
        print("  ok: pdfinfo pages=%s, %d box/rot/size values compared" % (count, compared))

        rc, out, err = run(qpdf + ["--json", "--json-key=pages", "--json-key=qpdf", pdf])
        if rc != 0:
            self.fail(name, "qpdf --json: %s" % err.strip())
            return
        d = json.loads(out)
        objects = d["qpdf"][1]
        catalog = next(o["value"] for o in objects.values()
                       if isinstance(o.get("value"), dict) and o["value"].get("/Type") == "/Catalog")
        layout = catalog.get("/PageLayout")
        direction = catalog.get("/ViewerPreferences", {}).get("/Direction")
        if (layout and layout[1:]) != g["pageLayout"] or (direction and direction[1:]) != g["direction"]:
            self.fail(name, "catalog layout/direction %s %s" % (layout, direction))
        has_labels = "/PageLabels" in catalog
        for p, qp in zip(g["pages"], d["pages"]):
            label = qpdf_label(qp.get("label")) if has_labels else None
            if label != p["label"]:
                self.fail("%s page %d" % (name, p["index"]), "label golden %r qpdf %r"
                          % (p["label"], label))
            uu = objects["obj:" + qp["object"]]["value"].get("/UserUnit", 1)
            if uu != p["userUnit"]:
                self.fail("%s page %d" % (name, p["index"]), "userUnit golden %r page dict %r"
                          % (p["userUnit"], uu))
        print("  ok: qpdf labels%s, layout=%s, direction=%s, userUnit" % (
            "" if has_labels else " (none)", g["pageLayout"], g["direction"]))


def main(argv):
    folder = argv[1] if len(argv) > 1 else os.path.join(ROOT, "Fixtures")
    goldens = sorted(glob.glob(os.path.join(folder, "*.golden.json")))
    if not goldens:
        print("no golden files in %s" % folder)
        return 1
    c = Checker()
    for path in goldens:
        c.check(path)
    print("\n%d fixture(s) checked, %d failure(s)" % (len(goldens), c.errors))
    return 1 if c.errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
