#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Differential check: pageinfo pages against pdfinfo -box, on the corpus and on mutants.

For every file (every ../shared/corpus PDF and every fixture, then --mutants N mutants made by
scripts/robust.py's mutator), each page pageinfo reports is classified:

  agree       all five boxes within 0.01 pt of pdfinfo's
  policy      differs where a documented policy says we differ (README "How boxes ... are read"):
              a CropBox wider/taller than the MediaBox (spec intersection, Poppler resets the
              axis), a CropBox disjoint from the MediaBox (we use the MediaBox, Poppler 0x0), a
              box pdfinfo takes from an invalid entry (non-finite or beyond 1e9 pt: we ignore it)
  error       a page error (pageinfo says why; pdfinfo has no such page or shows a default)
  recovered   a page found by the object scan (pdfinfo cannot open the file, or lacks the page)
  differs     anything else: a bug to look at (listed)

and per file: page counts equal, pageinfo found more (recovered), pdfinfo counted more (its
/Count echo: phantom pages), pdfinfo failed to open.
Usage: scripts/differential.py [--mutants N] [--seed S] [--binary PATH]
"""

import argparse
import json
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
    records = [json.loads(l) for l in p.stdout.decode().splitlines() if l.strip()]
    return records


TREE_WARNINGS = {"page-tree-loop", "page-tree-too-deep", "kids-invalid", "pages-recovered", "count-mismatch"}


def policy(page, tree_repaired):
    """A documented difference: a box we repair as the spec says, or a page tree we walk as
    documented (a subtree listed twice is read once; Poppler reads it again and cuts at /Count)."""
    codes = {w["code"] for w in page.get("warnings", [])}
    return tree_repaired or bool(codes & {"box-clipped", "box-empty", "box-invalid", "mediabox-missing"})


def compare(binary, path, password, stats, differs):
    records = ours(binary, path, password)
    if records is None:
        stats["our-timeout"] = stats.get("our-timeout", 0) + 1
        return
    pages = [r for r in records if r.get("record") == "page"]
    files = [r for r in records if r.get("record") == "file"]
    tree_repaired = bool(files) and (files[-1].get("pageErrors", 0) > 0 or
                                     any(w["code"] in TREE_WARNINGS for w in files[-1].get("warnings", [])))
    theirs, failure = pdfinfo_boxes(path, len(pages), password)
    if failure:
        stats["pdfinfo-failed"] = stats.get("pdfinfo-failed", 0) + 1
        stats["recovered"] = stats.get("recovered", 0) + len(pages)
        return
    boxes, count = theirs
    key = "count-equal" if count == len(pages) else ("pdfinfo-more" if (count or 0) > len(pages) else "pageinfo-more")
    stats[key] = stats.get(key, 0) + 1
    for page in pages:
        i = page["index"]
        if "error" in page:
            kind = "error"
        elif any(w["code"] == "page-recovered" for w in page.get("warnings", [])):
            kind = "recovered"
        elif i not in boxes:
            kind = "recovered"
        else:
            same = all(abs(page[name][k] - v) <= 0.01 + 1e-9
                       for name, (x, y, w, h) in boxes[i].items()
                       for k, v in (("x", x), ("y", y), ("width", w), ("height", h)))
            kind = "agree" if same else ("policy" if policy(page, tree_repaired) else "differs")
            if kind == "differs":
                differs.append("%s page %d: ours %s, pdfinfo %s" % (os.path.basename(path), i + 1,
                               {n: [page[n][k] for k in ("x", "y", "width", "height")] for n in boxes[i]}, boxes[i]))
        stats[kind] = stats.get(kind, 0) + 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mutants", type=int, default=0)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--binary", default=os.environ.get("PAGEINFO_BIN", os.path.join(robust.ROOT, ".build", "release", "pageinfo")))
    args = ap.parse_args()
    manifest = {}
    corpus = os.environ.get("PAGEINFO_CORPUS") or os.path.join(robust.ROOT, "..", "shared", "corpus")
    if os.path.exists(os.path.join(corpus, "MANIFEST.json")):
        manifest = {f["file"]: f for f in json.load(open(os.path.join(corpus, "MANIFEST.json")))["files"]}
    stats, differs = {}, []
    files = robust.seeds()
    for f in files:
        compare(args.binary, f, (manifest.get(os.path.basename(f)) or {}).get("password"), stats, differs)
    print("files: %d  %s" % (len(files), json.dumps(stats, sort_keys=True)))
    if args.mutants:
        rng = random.Random(args.seed)
        mstats, tmp = {}, tempfile.mkdtemp(prefix="pageinfo-diff-")
        for i in range(args.mutants):
            src = files[i % len(files)]
            _, data = robust.mutate(open(src, "rb").read(), rng)
            path = os.path.join(tmp, "m%05d.pdf" % i)
            open(path, "wb").write(data)
            compare(args.binary, path, None, mstats, differs)
            os.remove(path)
        os.rmdir(tmp)
        print("mutants: %d  %s" % (args.mutants, json.dumps(mstats, sort_keys=True)))
    for d in differs[:30]:
        print("  DIFFERS " + d)
    sys.exit(1 if differs else 0)


if __name__ == "__main__":
    main()
