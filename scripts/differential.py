#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Differential check: pageinfo pages against pdfinfo -box and qpdf --json, on the corpus, the
fixtures and mutants.

For every file (every ../shared/corpus PDF and every fixture, then --mutants N mutants made by
scripts/robust.py's mutator), each page pageinfo reports is classified:

  agree       all five boxes within 0.01 pt of pdfinfo's
  policy      differs from pdfinfo where a documented policy (README, "How boxes, rotation and
              labels are read") says we differ, checked for this page and each box that differs;
              the excuse names the policy, the file, the page and the box:
                crop-axis-clamped  Poppler widens an over-wide CropBox to the MediaBox's whole range
                                   on that axis: pdfinfo's CropBox spans the MediaBox on every axis
                                   where they differ, ours is the intersection (box-clipped), and
                                   qpdf's raw CropBox (when qpdf opens the file) is wider or taller
                                   than the MediaBox on that axis
                crop-disjoint      a CropBox that does not overlap the MediaBox: ours is the
                                   MediaBox (box-empty), pdfinfo's has no area
                media-empty        a MediaBox with no area (zero width or height): ours is US
                                   Letter (box-empty naming the MediaBox), as MuPDF and pdfium
                                   read it; pdfinfo's is the empty box as written
                box-invalid        an entry that is not four finite numbers within ±1e9: we ignore
                                   it (box-invalid naming this box) and ours is its default; for
                                   a MediaBox inherited from an ancestor, the warning is
                                   mediabox-missing and ours is US Letter
                clipped-to-media   on a page whose MediaBox difference is excused, a box that is
                                   its own entry clipped to the MediaBox, ours equal to the spec's
                                   value from qpdf's raw entries; where qpdf cannot read the
                                   page, counted and listed as "unverified", never as agreeing
                follows-media      a CropBox each tool defaults to its own MediaBox, on a page
                                   whose MediaBox difference is excused
                follows-crop       a Bleed/Trim/ArtBox each tool defaults to its own CropBox, on a
                                   page whose CropBox difference is excused
                later-revision     in a file whose rebuilt table held an earlier revision of an
                                   object that an object stream written after it holds again
                                   (object-streams-read, "an earlier revision"): ours reads the
                                   later copy, as pdfium and MuPDF do (make check-engines:
                                   objstm-update-top-level-then-stream); Poppler and qpdf keep
                                   the earlier one. Any box of such a file, recovered pages too
  error       a page error (pageinfo says why; pdfinfo has no such page or shows a default).
              A kid that is not a dictionary (kid-missing, kid-not-dictionary) is a page error at
              its position in ours, and the pages after it keep their numbers (guide, "What is
              recovered"); Poppler's page tree drops such a kid, so after k of them our page i is
              compared with pdfinfo's page i - k (qpdf's page list keeps the kid: ours and
              qpdf's numbers stay the same)
  recovered   a page pdfinfo does not give (it cannot open the file, or lists fewer pages) or that
              the object scan found; checked against qpdf where qpdf opens the file: the page
              object qpdf lists at that position (or, for a scanned page, the object the warning
              names), its raw boxes resolved through /Parent (for a node without one, through the
              node whose /Kids lists it) and reduced by the spec's rules here,
              independently of pageinfo's code:
                recovered-qpdf-agree  all five boxes within 0.01 pt
                recovered-unchecked   qpdf cannot open the file, has no such page object, read a
                                      box number as an unknown token (Poppler's lexer reads "."
                                      or "--5" as a number; counted as qpdf-unknown-token), or
                                      finds no MediaBox up the page's /Parent chain in a file
                                      where it read some object as null and dropped the keys
                                      naming it (qpdf-null-ancestor)
                (a recovered page that differs from qpdf is a difference, listed)
  differs     anything else: a bug to look at (listed; exit status 1)

and per file: page counts equal, pageinfo found more (recovered), pdfinfo counted more (its
/Count echo: phantom pages), pdfinfo failed to open, qpdf failed to open.
Usage: scripts/differential.py [--mutants N] [--seed S] [--binary PATH] [--excuses]
"""

import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import robust  # noqa: E402

BOX = re.compile(r"Page\s+(\d+)\s+(MediaBox|CropBox|BleedBox|TrimBox|ArtBox):\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)")
NAMES = {"MediaBox": "mediaBox", "CropBox": "cropBox", "BleedBox": "bleedBox", "TrimBox": "trimBox", "ArtBox": "artBox"}
KEYS = ("x", "y", "width", "height")
TOLERANCE = 0.01 + 1e-9
LETTER = (0.0, 0.0, 612.0, 792.0)


def pdfinfo_boxes(path, pages, password=None):
    cmd = ["pdfinfo", "-box", "-f", "1", "-l", str(max(1, pages))] + (["-upw", password] if password else []) + [path]
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=20)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    if p.returncode != 0:
        return None, "exit %d" % p.returncode
    boxes = {}
    for m in BOX.finditer(p.stdout.decode("latin-1")):
        n = int(m.group(1)) - 1
        x0, y0, x1, y1 = (float(v) for v in m.group(3, 4, 5, 6))
        boxes.setdefault(n, {})[NAMES[m.group(2)]] = (x0, y0, x1 - x0, y1 - y0)
    count = re.search(r"Pages:\s+(\d+)", p.stdout.decode("latin-1"))
    return (boxes, int(count.group(1)) if count else None), None


def ours(binary, path, password=None):
    cmd = [binary, "pages", "--format", "jsonl", path] + (["--password", password] if password else [])
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=20)
    except subprocess.TimeoutExpired:
        return None
    return [json.loads(l) for l in p.stdout.decode().splitlines() if l.strip()]


# --- qpdf: raw page objects, and the spec's rules applied to them (independent of pageinfo) ---

class UnknownToken(Exception):
    """qpdf read a token of a box as an unknown token ("u:…"), where Poppler's lexer reads a number."""


class QPDF:
    """qpdf --json's page list and objects for one file; `ok` False when qpdf cannot open it."""

    def __init__(self, path, password=None):
        cmd = ["qpdf", "--json=2", "--json-key=pages", "--json-key=qpdf"] + (["--password=" + password] if password else []) + [path]
        self.ok, self.pages, self.objects = False, [], {}
        try:
            p = subprocess.run(cmd, capture_output=True, timeout=30)
        except subprocess.TimeoutExpired:
            return
        if p.returncode not in (0, 3):  # 3: opened with warnings (repaired)
            return
        try:
            doc = json.loads(p.stdout, parse_constant=lambda c: None)
        except ValueError:
            return
        self.ok = True
        self.pages = [pg.get("object") for pg in doc.get("pages", [])]
        for key, value in (doc.get("qpdf") or [{}, {}])[1].items():
            if key.startswith("obj:"):
                self.objects[key[4:]] = (value or {}).get("value")
        # Objects qpdf could not read become null, and a key whose value is null is dropped (a
        # /Parent among them): inheritance through them is lost in qpdf's view.
        self.has_null_objects = any(v is None for v in self.objects.values())
        self.media_defaulted = False
        trailer = ((doc.get("qpdf") or [{}, {}])[1].get("trailer") or {}).get("value") or {}
        self.root = self.resolve(trailer.get("/Root"))
        self._listed_by = None

    def resolve(self, value):
        seen = set()
        while isinstance(value, str) and value.endswith(" R") and value not in seen:
            seen.add(value)
            value = self.objects.get(value)
        return value

    def object_numbered(self, number):
        for ref, value in self.objects.items():
            if ref.split()[0] == str(number):
                return value
        return None

    def effective_boxes(self, page):
        """The five boxes of a page dictionary by the spec's rules (README, "How boxes … are read")."""
        def box(value):
            value = self.resolve(value)
            if not isinstance(value, list) or len(value) != 4:
                return None
            numbers = []
            for v in (self.resolve(v) for v in value):
                if isinstance(v, str) and v.startswith("u:"):
                    raise UnknownToken(v)  # qpdf could not read this number: nothing to compare
                if isinstance(v, bool) or not isinstance(v, (int, float)):
                    return None
                try:
                    v = float(v)
                except OverflowError:
                    return None
                if not math.isfinite(v) or abs(v) > 1e9:
                    return None
                numbers.append(v)
            x0, y0, x1, y1 = numbers
            return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))

        def inherited(key):
            # Up the /Parent chain at any depth (as the reader does): each node once, so the walk
            # ends within the file's object count.
            for node in self.ancestry(page):
                if key in node:
                    b = box(node[key])
                    if b is not None:
                        return b
            return None

        def intersect(a, b):
            r = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
            return r if r[2] > r[0] and r[3] > r[1] else None

        media = inherited("/MediaBox")
        self.media_defaulted = media is None
        if media is None or media[2] <= media[0] or media[3] <= media[1]:
            media = (LETTER[0], LETTER[1], LETTER[0] + LETTER[2], LETTER[1] + LETTER[3])
        crop = inherited("/CropBox")
        crop = (crop and intersect(crop, media)) or media
        result = {"mediaBox": media, "cropBox": crop}
        for key, name in (("/BleedBox", "bleedBox"), ("/TrimBox", "trimBox"), ("/ArtBox", "artBox")):
            own = box(page.get(key)) if isinstance(page, dict) else None
            result[name] = (own and intersect(own, media)) or crop
        return {n: (b[0], b[1], b[2] - b[0], b[3] - b[1]) for n, b in result.items()}

    def raw_crop(self, page):
        for node in self.ancestry(page):
            if "/CropBox" in node:
                v = self.resolve(node["/CropBox"])
                try:
                    return [float(self.resolve(x)) for x in v] if isinstance(v, list) and len(v) == 4 else None
                except (TypeError, ValueError, OverflowError):
                    return None
        return None

    def listed_by(self):
        """Each node of the page tree (by id) → the first Pages node whose /Kids lists it, from
        the catalog's /Pages down (written in place or as a reference), each node once."""
        if self._listed_by is None:
            self._listed_by = {}
            root = self.resolve(self.root.get("/Pages")) if isinstance(self.root, dict) else None
            queue, seen = ([root] if isinstance(root, dict) else []), set()
            while queue:
                node = queue.pop(0)
                if id(node) in seen:
                    continue
                seen.add(id(node))
                kids = self.resolve(node.get("/Kids"))
                for kid in (kids if isinstance(kids, list) else []):
                    kid = self.resolve(kid)
                    if isinstance(kid, dict):
                        self._listed_by.setdefault(id(kid), node)
                        queue.append(kid)
        return self._listed_by

    def ancestry(self, page):
        """The page dictionary, then its /Parent, its parent's /Parent… each node once. A node
        without /Parent (which the spec requires of every node but the root) has for parent the
        node whose /Kids lists it: a page under a root written in place in the catalog, which
        has no object number to refer to, inherits from that root (ISO 32000-2 7.7.3.4)."""
        node, seen = page, set()
        while isinstance(node, dict) and id(node) not in seen:
            seen.add(id(node))
            yield node
            node = self.resolve(node["/Parent"]) if "/Parent" in node else self.listed_by().get(id(node))


def close(a, b):
    return all(u == v or abs(u - v) <= TOLERANCE for u, v in zip(a, b))


def rect(page, name):
    return tuple(page[name][k] for k in KEYS)


# --- the named policies, checked page by page and box by box ---

def box_warned(page, code, name):
    label = name[0].upper() + name[1:]  # cropBox → CropBox
    return any(w["code"] == code and w["message"].startswith(label) for w in page.get("warnings", []))


def crop_axis_clamped(page, theirs, qpage, qpdf):
    """pdfinfo's CropBox spans the MediaBox on each axis where it differs from ours; ours is the
    clipped intersection; qpdf's raw CropBox, when known, is wider/taller than the MediaBox there."""
    if not box_warned(page, "box-clipped", "cropBox"):
        return False
    ox, oy, ow, oh = rect(page, "cropBox")
    mx, my, mw, mh = rect(page, "mediaBox")
    tx, ty, tw, th = theirs["cropBox"]
    raw = qpdf.raw_crop(qpage) if qpdf and qpage is not None else None
    for (o0, ol, t0, tl, m0, ml, axis) in ((ox, ow, tx, tw, mx, mw, 0), (oy, oh, ty, th, my, mh, 1)):
        if close((o0, ol), (t0, tl)):
            continue
        if not close((t0, tl), (m0, ml)) or not (m0 - TOLERANCE <= o0 and o0 + ol <= m0 + ml + TOLERANCE):
            return False
        if raw is not None and abs(raw[axis + 2] - raw[axis]) <= ml:
            return False
    return True


def media_empty(page, theirs):
    t = theirs["mediaBox"]
    return box_warned(page, "box-empty", "mediaBox") and close(rect(page, "mediaBox"), LETTER) \
        and (abs(t[2]) <= TOLERANCE or abs(t[3]) <= TOLERANCE)


def crop_disjoint(page, theirs):
    t = theirs["cropBox"]
    return box_warned(page, "box-empty", "cropBox") and close(rect(page, "cropBox"), rect(page, "mediaBox")) \
        and (abs(t[2]) <= TOLERANCE or abs(t[3]) <= TOLERANCE)


def excuse(page, theirs, qpage, qpdf):
    """{box: policy} for every box that differs, or None when one of them has no valid excuse."""
    differing = [n for n in theirs if not close(rect(page, n), theirs[n])]
    reasons = {}
    for name in differing:
        # The MediaBox: an invalid entry on an ancestor is reported as no valid MediaBox at all.
        if box_warned(page, "box-invalid", name) or name == "mediaBox" and any(
                w["code"] == "mediabox-missing" for w in page.get("warnings", [])):
            default = "mediaBox" if name == "cropBox" else "cropBox"
            if name == "mediaBox" and close(rect(page, name), LETTER) or name != "mediaBox" and close(rect(page, name), rect(page, default)):
                reasons[name] = "box-invalid"
                continue
        if name == "mediaBox" and media_empty(page, theirs):
            reasons[name] = "media-empty"
        elif name == "cropBox" and crop_axis_clamped(page, theirs, qpage, qpdf):
            reasons[name] = "crop-axis-clamped"
        elif name == "cropBox" and crop_disjoint(page, theirs):
            reasons[name] = "crop-disjoint"
    def follow():
        # A box each tool defaults to its own CropBox (the CropBox to its own MediaBox) differs as
        # that box does: excused when that box's difference is.
        for name, default, policy in [("cropBox", "mediaBox", "follows-media")] + \
                [(n, "cropBox", "follows-crop") for n in ("bleedBox", "trimBox", "artBox")]:
            if name in differing and name not in reasons and default in reasons \
                    and close(rect(page, name), rect(page, default)) and close(theirs[name], theirs[default]):
                reasons[name] = policy

    follow()
    # With the MediaBox's difference excused, a box that is its own entry clipped to the MediaBox
    # differs because the MediaBox does: excused when ours is what the spec gives from qpdf's raw
    # entries (qpdf must open the file).
    if reasons.get("mediaBox"):
        expected = None
        if qpdf is not None and isinstance(qpage, dict):
            try:
                expected = qpdf.effective_boxes(qpage)
            except UnknownToken:
                pass
        for name in differing:
            if name in reasons:
                continue
            if expected is None:
                # qpdf cannot read this page's entries (it cannot open the file, or reads the
                # page as null: a number it cannot convert). Not verified; listed as such.
                reasons[name] = "clipped-to-media (unverified: qpdf cannot read the page)"
            elif close(rect(page, name), expected[name]):
                reasons[name] = "clipped-to-media"
    follow()  # a box that defaults to a CropBox excused just now
    return reasons if set(reasons) == set(differing) else None


def recovered_page_object(page, qpdf):
    """The page object qpdf has for a page pdfinfo does not give: the object the scan warning
    names, else qpdf's page at the same position (qpdf keeps the kids Poppler drops)."""
    for w in page.get("warnings", []):
        m = re.search(r"\(object (\d+)\)", w["message"]) if w["code"] == "page-recovered" else None
        if m:
            return qpdf.object_numbered(int(m.group(1)))
    i = page["index"]
    return qpdf.resolve(qpdf.pages[i]) if i < len(qpdf.pages) else None


# Page errors for a kid that Poppler's page tree drops (see "error" above).
DROPPED_KIDS = ("kid-missing", "kid-not-dictionary")


def bump(stats, key, n=1):
    stats[key] = stats.get(key, 0) + n


def compare(binary, path, password, stats, differs, excuses):
    records = ours(binary, path, password)
    if records is None:
        bump(stats, "our-timeout")
        return
    pages = [r for r in records if r.get("record") == "page"]
    theirs, failure = pdfinfo_boxes(path, len(pages), password)
    qpdf = QPDF(path, password)
    if not qpdf.ok:
        bump(stats, "qpdf-failed")
    if failure:
        bump(stats, "pdfinfo-failed")
        boxes, count = {}, None
    else:
        boxes, count = theirs
        key = "count-equal" if count == len(pages) else ("pdfinfo-more" if (count or 0) > len(pages) else "pageinfo-more")
        bump(stats, key)
    name = os.path.basename(path)
    # The file's own excuse (policy later-revision, above).
    later_revision = any(w.get("code") == "object-streams-read" and "an earlier revision" in w.get("message", "")
                         for r in records if r.get("record") == "file" for w in r.get("warnings", []))

    def later(number, box_names):
        bump(stats, "policy")
        for box in box_names:
            bump(stats, "policy:later-revision")
            excuses.append("later-revision: %s page %s %s" % (name, number, box))
    dropped = 0  # kids before this page that Poppler drops
    for page in pages:
        if "error" in page:
            bump(stats, "error")
            dropped += page["error"]["code"] in DROPPED_KIDS
            continue
        i = page["index"] - dropped  # the page's number in pdfinfo's list
        number = "%d" % (page["index"] + 1) + (" (their %d)" % (i + 1) if dropped else "")
        scanned = any(w["code"] == "page-recovered" for w in page.get("warnings", []))
        if scanned or i not in boxes:
            qpage = recovered_page_object(page, qpdf) if qpdf.ok else None
            if not isinstance(qpage, dict):
                bump(stats, "recovered-unchecked")
                continue
            try:
                expected = qpdf.effective_boxes(qpage)
            except UnknownToken:
                bump(stats, "recovered-unchecked")
                bump(stats, "qpdf-unknown-token")
                continue
            if all(close(rect(page, n), expected[n]) for n in expected):
                bump(stats, "recovered-qpdf-agree")
            elif later_revision:
                later(number + " (recovered)", [n for n in expected if not close(rect(page, n), expected[n])])
            elif qpdf.media_defaulted and qpdf.has_null_objects:
                # No MediaBox on the page or any ancestor qpdf still sees, in a file where qpdf
                # read some object as null: the one we inherit from may be among them.
                bump(stats, "recovered-unchecked")
                bump(stats, "qpdf-null-ancestor")
            else:
                bump(stats, "differs")
                differs.append("%s page %s (recovered): ours %s, qpdf's page object by the spec %s" % (
                    name, number, {n: list(rect(page, n)) for n in expected}, expected))
            continue
        if all(close(rect(page, n), boxes[i][n]) for n in boxes[i]):
            bump(stats, "agree")
            continue
        q = page["index"]  # qpdf's page list keeps the kids pdfinfo's drops
        qpage = qpdf.resolve(qpdf.pages[q]) if qpdf.ok and q < len(qpdf.pages) else None
        reasons = excuse(page, boxes[i], qpage, qpdf if qpdf.ok else None)
        if reasons is None and later_revision:
            later(number, [n for n in boxes[i] if not close(rect(page, n), boxes[i][n])])
            continue
        if reasons is None:
            bump(stats, "differs")
            differs.append("%s page %s: ours %s, pdfinfo %s" % (
                name, number, {n: list(rect(page, n)) for n in boxes[i]}, boxes[i]))
            continue
        bump(stats, "policy")
        for box, policy in sorted(reasons.items()):
            bump(stats, "policy:" + policy)
            excuses.append("%s: %s page %s %s" % (policy, name, number, box))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mutants", type=int, default=0)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--binary", default=os.environ.get("PAGEINFO_BIN", os.path.join(robust.ROOT, ".build", "release", "pageinfo")))
    ap.add_argument("--excuses", action="store_true", help="list every excuse (policy, file, page, box)")
    ap.add_argument("files", nargs="*", help="compare these files instead of the corpus and fixtures")
    args = ap.parse_args()
    manifest = {}
    corpus = os.environ.get("PAGEINFO_CORPUS") or os.path.join(robust.ROOT, "..", "shared", "corpus")
    if os.path.exists(os.path.join(corpus, "MANIFEST.json")):
        manifest = {f["file"]: f for f in json.load(open(os.path.join(corpus, "MANIFEST.json")))["files"]}
    stats, differs, excuses = {}, [], []
    files = args.files or robust.seeds()
    for f in files:
        compare(args.binary, f, (manifest.get(os.path.basename(f)) or {}).get("password"), stats, differs, excuses)
    print("files: %d  %s" % (len(files), json.dumps(stats, sort_keys=True)))
    file_excuses = len(excuses)
    if args.mutants:
        rng = random.Random(args.seed)
        mstats, tmp = {}, tempfile.mkdtemp(prefix="pageinfo-diff-")
        for i in range(args.mutants):
            src = files[i % len(files)]
            _, data = robust.mutate(open(src, "rb").read(), rng)
            path = os.path.join(tmp, "m%05d.pdf" % i)
            open(path, "wb").write(data)
            compare(args.binary, path, None, mstats, differs, excuses)
            os.remove(path)
        os.rmdir(tmp)
        print("mutants: %d (seed %d)  %s" % (args.mutants, args.seed, json.dumps(mstats, sort_keys=True)))
    shown = excuses if args.excuses else excuses[:min(file_excuses, 40)]
    for e in shown:
        print("  EXCUSED " + e)
    if len(excuses) > len(shown):
        print("  (%d more excuses; --excuses lists them all)" % (len(excuses) - len(shown)))
    for d in differs[:30]:
        print("  DIFFERS " + d)
    sys.exit(1 if differs else 0)


if __name__ == "__main__":
    main()
