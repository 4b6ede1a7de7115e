#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make robust: mutate every fixture and corpus file many ways and run pageinfo on each mutant.

Mutations: truncate at a random offset, flip random bytes, delete or corrupt the xref and
startxref, duplicate an object under a new number, rewrite /Count, make /Kids loop, deepen the
page tree, put huge and hostile numbers in boxes, /Rotate and /UserUnit, and hostile /PageLabels.
Each mutant runs through `pages --format jsonl`, `pages --format json|csv|table`, `info` and
`convert` under a hard timeout and a memory limit, and is classified:

  ran        exit 0, valid output           repaired   exit 0 and an xref-repaired warning
  partial    exit 2 (page errors or recovered pages)
  rejected   exit 65/66/77 with one stderr line
  crashed    killed by a signal            hung       past the timeout
  invalid    output that does not parse, a number that is not finite, no file record, several
             stderr lines, stderr on success, an undocumented exit code
  over-mem   peak RSS above the limit

Usage: scripts/robust.py [--mutants N] [--seed S] [--timeout SEC] [--max-rss-mb MB] [--keep DIR]
Exit status 1 when any mutant crashed, hung, printed invalid output or went over memory.
"""

import argparse
import json
import math
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCUMENTED_EXITS = {0, 2, 64, 65, 66, 74, 77}


def seeds():
    files = []
    for d in [os.path.join(ROOT, "Fixtures"), os.path.join(ROOT, "Fixtures", "damaged"),
              os.environ.get("PAGEINFO_CORPUS") or os.path.join(ROOT, "..", "shared", "corpus")]:
        if os.path.isdir(d):
            files += [os.path.join(d, f) for f in sorted(os.listdir(d)) if f.lower().endswith(".pdf")]
    return files


NUM = rb"-?\d+(?:\.\d+)?"


def mutate(data, rng):
    """One mutation of `data`; returns (name, bytes)."""
    kind = rng.choice(["truncate", "flip", "xref-delete", "xref-corrupt", "startxref", "duplicate", "count",
                       "kids-loop", "deepen", "huge-box", "hostile-numbers", "labels", "flip-many"])
    d = bytearray(data)
    if kind == "truncate" and len(d) > 10:
        return kind, bytes(d[:rng.randrange(1, len(d))])
    if kind in ("flip", "flip-many") and d:
        for _ in range(1 if kind == "flip" else rng.randrange(2, 64)):
            d[rng.randrange(len(d))] = rng.randrange(256)
        return kind, bytes(d)
    if kind == "xref-delete":
        i = d.rfind(b"xref")
        return kind, bytes(d[:i] + d[d.find(b"trailer", i) if d.find(b"trailer", i) > 0 else len(d):]) if i > 0 else bytes(d)
    if kind == "xref-corrupt":
        return kind, re.sub(rb"\d{10} \d{5} n", lambda m: b"%010d 00000 n" % rng.randrange(len(d) + 100), bytes(d), count=rng.randrange(1, 20))
    if kind == "startxref":
        return kind, re.sub(rb"startxref\s+\d+", b"startxref\n%d" % rng.randrange(len(d) + 1000), bytes(d))
    if kind == "duplicate":
        objs = list(re.finditer(rb"\n(\d+) 0 obj.*?endobj", bytes(d), re.S))
        if objs:
            m = rng.choice(objs)
            body = m.group(0).replace(m.group(1) + b" 0 obj", b"%d 0 obj" % (int(m.group(1)) + rng.choice([0, 1, 1000])), 1)
            return kind, bytes(d[:m.end()] + body + d[m.end():])
        return kind, bytes(d)
    if kind == "count":
        return kind, re.sub(rb"/Count\s+-?\d+", b"/Count %d" % rng.choice([0, -1, 2**31 - 1, 10**9, 10**20, 3]), bytes(d))
    if kind == "kids-loop":
        return kind, re.sub(rb"/Kids\s*\[", rng.choice([b"/Kids [1 0 R 2 0 R ", b"/Kids [2 0 R 2 0 R ", b"/Kids [3 0 R 3 0 R "]), bytes(d), count=1)
    if kind == "deepen":
        return kind, re.sub(rb"/Kids\s*\[", b"/Kids [<< /Type /Pages /Kids [<< /Type /Pages /Kids [" * 3, bytes(d), count=1)
    if kind == "huge-box":
        big = rng.choice([b"1" + b"0" * 400, b"99999999999999999999", b"-1e5", b"3.4e38", b".", b"--5", b"1" * 5000])
        return kind, re.sub(rb"/(MediaBox|CropBox|TrimBox)\s*\[\s*" + NUM, lambda m: b"/" + m.group(1) + b" [" + big, bytes(d), count=rng.randrange(1, 4))
    if kind == "hostile-numbers":
        rep = rng.choice([b"/Rotate 2147483647", b"/Rotate -2147483648", b"/Rotate 45", b"/Rotate 1e3",
                          b"/UserUnit 0", b"/UserUnit -1", b"/UserUnit 1" + b"0" * 300])
        return kind, re.sub(rb"/Type\s*/Page\b", b"/Type /Page " + rep, bytes(d), count=rng.randrange(1, 5))
    if kind == "labels":
        lab = rng.choice([b"/PageLabels << /Nums [0 << /S /A /St 2147483647 >>] >>",
                          b"/PageLabels << /Nums [0 << /S /r /St -5 >> 1 << /P (" + b"x" * 3000 + b") >>] >>",
                          b"/PageLabels << /Kids [1 0 R] >>", b"/PageLabels << /Nums [-1 5 2147483647 << >>] >>"])
        return kind, re.sub(rb"/Type\s*/Catalog", b"/Type /Catalog " + lab, bytes(d), count=1)
    return kind, bytes(d)


def run(cmd, timeout, max_rss_mb, stdin=None):
    """Runs cmd; returns (status or 'signal:N' or 'timeout', stdout, stderr, peak RSS MiB)."""
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE if stdin else subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = p.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return "timeout", b"", b"", 0
    rss = 0
    code = p.returncode
    if code is not None and code < 0:
        return "signal:%d" % -code, out, err, rss
    return code, out, err, rss


def finite_numbers(obj):
    if isinstance(obj, float):
        return math.isfinite(obj)
    if isinstance(obj, dict):
        return all(finite_numbers(v) for v in obj.values())
    if isinstance(obj, list):
        return all(finite_numbers(v) for v in obj)
    return True


def parse_constant(name):
    raise ValueError("non-finite number %s" % name)


def check(kind, code, out, err):
    """Why the output of one command is invalid, or None."""
    lines = err.decode("utf-8", "replace").splitlines()
    if code not in DOCUMENTED_EXITS:
        return "undocumented exit %s" % code
    if code == 0 and lines:
        return "stderr on success: %r" % lines[:2]
    if code != 0 and len(lines) != 1:
        return "%d stderr lines for exit %s" % (len(lines), code)
    text = out.decode("utf-8")  # must be UTF-8
    try:
        if kind == "jsonl" or kind == "info":
            records = [json.loads(l, parse_constant=parse_constant) for l in text.splitlines()]
            if not all(finite_numbers(r) for r in records):
                return "non-finite number"
            if code != 64 and (not records or records[-1].get("record") != "file"):
                return "no file record at the end"
            pages = [r for r in records if r.get("record") == "page"]
            if any(r.get("index") != i for i, r in enumerate(pages)) and kind == "jsonl":
                return "page indexes are not consecutive"
        elif kind == "json":
            doc = json.loads(text, parse_constant=parse_constant)
            if not finite_numbers(doc):
                return "non-finite number"
        elif kind == "csv":
            import csv
            import io
            rows = list(csv.reader(io.StringIO(text)))
            if rows and len({len(r) for r in rows}) != 1:
                return "csv rows of different widths"
            if re.search(r"(^|,)(nan|inf|-inf)(,|$)", text, re.M | re.I):
                return "non-finite number in csv"
        elif kind in ("table", "convert"):
            if re.search(r"\b(nan|inf)\b", text, re.I):
                return "non-finite number in %s" % kind
    except (ValueError, UnicodeDecodeError) as e:
        return "unparseable %s output: %s" % (kind, str(e)[:100])
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mutants", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=10)
    ap.add_argument("--max-rss-mb", type=int, default=200)
    ap.add_argument("--binary", default=os.environ.get("PAGEINFO_BIN", os.path.join(ROOT, ".build", "release", "pageinfo")))
    ap.add_argument("--keep", help="copy mutants that failed a check here")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    base = seeds()
    datas = {f: open(f, "rb").read() for f in base}
    counts = {k: 0 for k in ["ran", "repaired", "partial", "rejected", "crashed", "hung", "invalid", "over-mem"]}
    failures = []
    tmp = tempfile.mkdtemp(prefix="pageinfo-robust-")
    start = time.time()
    max_rss = 0
    # A memory limit inside each run: RLIMIT_AS via prlimit(1) is not portable to every shell; use
    # /usr/bin/time's maximum resident set instead (GNU time, installed by make robust).
    timer = ["/usr/bin/time", "-f", "%M"] if os.path.exists("/usr/bin/time") else []
    for i in range(args.mutants):
        src = base[i % len(base)]
        kind, data = mutate(datas[src], rng)
        path = os.path.join(tmp, "m%05d.pdf" % i)
        with open(path, "wb") as f:
            f.write(data)
        outcome = None
        problem = None
        for cmd_kind, cmd in [("jsonl", ["pages", "--format", "jsonl", path]), ("json", ["pages", "--format", "json", path]),
                              ("csv", ["pages", "--format", "csv", path]), ("table", ["pages", path]),
                              ("info", ["info", "--format", "jsonl", path]),
                              ("convert", ["convert", path, "--page", "1", "--from", "raw", "--to", "view", "--view", "800x600", "0,0", "1e300,5"])]:
            code, out, err, _ = run(timer + [args.binary] + cmd, args.timeout, args.max_rss_mb)
            rss_kb = 0
            if timer and code not in ("timeout",) and not str(code).startswith("signal"):
                tail = err.decode("utf-8", "replace").rstrip("\n").rsplit("\n", 1)
                if tail and tail[-1].isdigit():
                    rss_kb = int(tail[-1])
                    err = (tail[0] + "\n").encode() if len(tail) == 2 else b""
                # GNU time reports "Command exited with non-zero status N" first; drop that line.
                err = b"\n".join(l for l in err.split(b"\n") if not l.startswith(b"Command exited with non-zero status")) 
            max_rss = max(max_rss, rss_kb)
            if code == "timeout":
                outcome, problem = "hung", "%s timed out" % cmd_kind
                break
            if isinstance(code, str) and code.startswith("signal"):
                outcome, problem = "crashed", "%s %s" % (cmd_kind, code)
                break
            if rss_kb > args.max_rss_mb * 1024:
                outcome, problem = "over-mem", "%s used %d MiB" % (cmd_kind, rss_kb // 1024)
                break
            if cmd_kind == "convert" and code in (64, 65, 66, 77):
                continue  # page 1 may not exist, 1e300 is out of range: a usage error is right
            bad = check(cmd_kind, code, out, err)
            if bad:
                outcome, problem = "invalid", "%s: %s" % (cmd_kind, bad)
                break
            if cmd_kind == "jsonl":
                records = [json.loads(l) for l in out.decode().splitlines()]
                warnings = [w.get("code") for r in records if r.get("record") == "file" for w in r.get("warnings", [])]
                outcome = {0: "repaired" if "xref-repaired" in warnings else "ran", 2: "partial"}.get(code, "rejected")
        counts[outcome] += 1
        if problem:
            failures.append((src, kind, path, problem))
            if args.keep:
                os.makedirs(args.keep, exist_ok=True)
                with open(os.path.join(args.keep, "%s-%05d.pdf" % (outcome, i)), "wb") as f:
                    f.write(data)
        os.remove(path)
        if (i + 1) % 500 == 0:
            print("  %d mutants, %.0f s: %s" % (i + 1, time.time() - start, counts), file=sys.stderr)
    os.rmdir(tmp)
    print("robust: %d mutants of %d files in %.0f s; peak RSS %.1f MiB" % (args.mutants, len(base), time.time() - start, max_rss / 1024))
    for k, v in counts.items():
        print("  %-9s %d" % (k, v))
    for src, kind, path, problem in failures[:20]:
        print("  FAIL %s (%s of %s): %s" % (os.path.basename(path), kind, os.path.basename(src), problem))
    bad = counts["crashed"] + counts["hung"] + counts["invalid"] + counts["over-mem"]
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
