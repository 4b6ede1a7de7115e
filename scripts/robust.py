#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make robust: mutate every fixture and corpus file many ways and run pageinfo on each mutant.

Mutations: truncate at a random offset, flip random bytes, delete or corrupt the xref and
startxref, duplicate an object under a new number, rewrite /Count, make /Kids loop, deepen the
page tree, put huge and hostile numbers in boxes, /Rotate and /UserUnit, and hostile /PageLabels.
Each mutant runs through `pages --format jsonl`, `pages --format json|csv|table`, `info` and
`convert` (page 1, raw to view and raw to page, a point, a rectangle and a point at the ±10¹²
input limit: valid ITEMs, so convert opens the mutant), every process under a hard address-space
limit (RLIMIT_AS, --max-as-mb) and a timeout, and is classified:

  ran        exit 0, valid output           repaired   exit 0 and an xref-repaired warning
  partial    exit 2 (page errors or recovered pages)
  rejected   exit 65/66/77 with one stderr line
  crashed    killed by a signal            hung       past the timeout
  invalid    output that does not parse, a number that is not finite, no file record, several
             stderr lines, stderr on success, an undocumented exit code; convert: not exit 0
             (or 65) when page 1 has geometry, not 65 when it is a page error, exit 0 without a
             page 1, a line per item missing or not finite, raw (0,0) not where page 1's
             transform puts it
  over-mem   killed at the address-space limit (it succeeds with 4 times the room), or a peak
             RSS above --max-rss-mb

Usage: scripts/robust.py [--mutants N] [--seed S] [--timeout SEC] [--max-as-mb MB] [--max-rss-mb MB] [--keep DIR]
Exit status 1 when any mutant crashed, hung, printed invalid output or went over memory.
"""

import argparse
import json
import math
import os
import random
import re
import resource
import signal
import subprocess
import sys
import tempfile
import threading
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


def run(cmd, timeout, max_as_mb):
    """Runs cmd under a hard address-space limit (RLIMIT_AS, set in the child before exec: an
    allocation past it fails there and then) and a timeout (the whole process group is killed).
    Returns (status, stdout, stderr, peak RSS in KiB): status is the exit code, "signal:N" or
    "timeout"; the peak RSS is this process's own (wait4's rusage), not the largest so far."""
    limit = max_as_mb << 20

    def confine():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True, preexec_fn=confine)
    fired = threading.Event()

    def kill():
        fired.set()
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    timer = threading.Timer(timeout, kill)
    timer.start()
    box = {}
    readers = [threading.Thread(target=lambda k=k, s=s: box.__setitem__(k, s.read())) for k, s in (("out", p.stdout), ("err", p.stderr))]
    for r in readers:
        r.start()
    _, status, usage = os.wait4(p.pid, 0)
    timer.cancel()
    p.returncode = os.waitstatus_to_exitcode(status)
    for r in readers:
        r.join()
    p.stdout.close()
    p.stderr.close()
    if fired.is_set():
        return "timeout", b"", b"", usage.ru_maxrss
    if p.returncode < 0:
        return "signal:%d" % -p.returncode, box["out"], box["err"], usage.ru_maxrss
    return p.returncode, box["out"], box["err"], usage.ru_maxrss


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


# convert's ITEMs: a point, a rectangle and a point at the input limit (±10¹² is accepted, so the
# command goes on to open the file; anything larger is a usage error before the file is read).
CONVERT_ITEMS = ["0,0", "10,20,100,50", "1e12,-1e12"]


def numbers_line(line, count):
    """The `count` finite numbers of one line of convert's text output, or None."""
    try:
        values = [float(v) for v in line.split(",")]
    except ValueError:
        return None
    return values if len(values) == count and all(math.isfinite(v) for v in values) else None


def result_beyond_limit(code, err):
    """Whether convert refused an item whose result lies beyond 10^12 in magnitude (64, one line
    naming the item and the result: b6b1157), as the ±10^12 item does on a page magnified more
    than 1x into the view."""
    return code == 64 and err.count(b"\n") == 1 and b"beyond 10^12 in magnitude" in err


def check_convert(code, out, err, first_page, to):
    """Why convert's result is wrong for a file whose first page record is `first_page` (None:
    pages printed no record for page 1), or None. Page 1 with geometry: exit 0 with one finite
    line per item (or 65, one line, when the file's sizes overflow the conversion; or 64, one line,
    when an item's result lies beyond 10^12: result_beyond_limit), and raw→page
    maps (0, 0) where page 1's transform says; page 1 a page error: 65; no page 1: not 0 (64 when
    the file has no pages, as for a page past the end; 65/66/77 when it does not open)."""
    if first_page is None:
        return "exit 0 without a page 1" if code == 0 else None
    if "error" in first_page:
        return None if code == 65 else "exit %s for page 1, a page error (65 is due)" % code
    if code == 65 or result_beyond_limit(code, err):
        return None
    if code != 0:
        return "exit %s although page 1 has geometry" % code
    lines = out.decode("utf-8").splitlines()
    if len(lines) != len(CONVERT_ITEMS):
        return "%d output lines for %d items" % (len(lines), len(CONVERT_ITEMS))
    for line, item in zip(lines, CONVERT_ITEMS):
        if numbers_line(line, item.count(",") + 1) is None:
            return "item %s gave %r" % (item, line[:80])
    if to == "page":
        t = first_page["transform"]
        x, y = numbers_line(lines[0], 2)
        if abs(x - t["tx"]) > 1e-6 * max(1, abs(t["tx"])) or abs(y - t["ty"]) > 1e-6 * max(1, abs(t["ty"])):
            return "raw (0,0) → page (%s,%s), the page record's transform says (%s,%s)" % (x, y, t["tx"], t["ty"])
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mutants", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=10)
    ap.add_argument("--max-as-mb", type=int, default=1024, help="hard address-space limit of every run (RLIMIT_AS), MiB")
    ap.add_argument("--max-rss-mb", type=int, default=200, help="peak resident memory a run may reach, MiB")
    ap.add_argument("--binary", default=os.environ.get("PAGEINFO_BIN", os.path.join(ROOT, ".build", "release", "pageinfo")))
    ap.add_argument("--keep", help="copy mutants that failed a check here")
    args = ap.parse_args()

    def interrupted(signum, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, interrupted)
    rng = random.Random(args.seed)
    base = seeds()
    datas = {f: open(f, "rb").read() for f in base}
    counts = {k: 0 for k in ["ran", "repaired", "partial", "rejected", "crashed", "hung", "invalid", "over-mem"]}
    converted = {"converted": 0, "refused": 0, "overflow": 0, "beyond": 0}
    failures = []
    tmp = tempfile.mkdtemp(prefix="pageinfo-robust-")
    start = time.time()
    max_rss_box = [0]
    # The binary's baseline under the same limit: a limit it cannot even start under would make
    # every mutant "crash".
    code, _, err, _ = run([args.binary, "--version"], args.timeout, args.max_as_mb)
    if code != 0:
        sys.exit("robust: %s --version fails under RLIMIT_AS %d MiB (%s): %s" % (args.binary, args.max_as_mb, code, err[:200]))
    try:
        run_mutants(args, rng, base, datas, counts, converted, failures, tmp, start, max_rss_box)
    except KeyboardInterrupt:
        print("robust: INTERRUPTED (SIGINT/SIGTERM): the figures below are for the mutants finished", file=sys.stderr)
    done = sum(counts.values())
    max_rss = max_rss_box[0]
    for f in os.listdir(tmp):
        os.remove(os.path.join(tmp, f))
    os.rmdir(tmp)
    print("robust: %d of %d mutants of %d files (seed %d) in %.0f s; every run under RLIMIT_AS %d MiB and a %g s timeout; "
          "peak RSS %.1f MiB" % (done, args.mutants, len(base), args.seed, time.time() - start, args.max_as_mb, args.timeout, max_rss / 1024))
    for k, v in counts.items():
        print("  %-9s %d" % (k, v))
    print("  convert (2 runs a mutant, page 1, %d items): %d converted, %d refused with one line "
          "(%d of them: page 1 has geometry, its sizes overflow the conversion; %d: an item's result "
          "beyond 10^12)" % (len(CONVERT_ITEMS), converted["converted"], converted["refused"], converted["overflow"],
                             converted["beyond"]))
    for src, kind, path, problem in failures[:20]:
        print("  FAIL %s (%s of %s): %s" % (os.path.basename(path), kind, os.path.basename(src), problem))
    bad = counts["crashed"] + counts["hung"] + counts["invalid"] + counts["over-mem"]
    sys.exit(1 if bad or done < args.mutants else 0)


def run_mutants(args, rng, base, datas, counts, converted, failures, tmp, start, max_rss_box):
    for i in range(args.mutants):
        src = base[i % len(base)]
        kind, data = mutate(datas[src], rng)
        path = os.path.join(tmp, "m%05d.pdf" % i)
        with open(path, "wb") as f:
            f.write(data)
        outcome = None
        problem = None
        first_page = None
        convert = ["convert", path, "--page", "1", "--from", "raw"]
        for cmd_kind, cmd in [("jsonl", ["pages", "--format", "jsonl", path]), ("json", ["pages", "--format", "json", path]),
                              ("csv", ["pages", "--format", "csv", path]), ("table", ["pages", path]),
                              ("info", ["info", "--format", "jsonl", path]),
                              ("convert-view", convert + ["--to", "view", "--view", "800x600"] + CONVERT_ITEMS),
                              ("convert-page", convert + ["--to", "page"] + CONVERT_ITEMS)]:
            code, out, err, rss_kb = run([args.binary] + cmd, args.timeout, args.max_as_mb)
            max_rss_box[0] = max(max_rss_box[0], rss_kb)
            if code == "timeout":
                outcome, problem = "hung", "%s timed out" % cmd_kind
                break
            if isinstance(code, str) or b"out of memory" in err:
                # Killed by a signal (or Poppler's "out of memory"): a crash, or an allocation
                # refused at the address-space limit. Run it once more with 4 times the room to tell.
                again, _, _, _ = run([args.binary] + cmd, args.timeout, 4 * args.max_as_mb)
                if isinstance(again, int) and again in DOCUMENTED_EXITS:
                    outcome, problem = "over-mem", "%s: %s under RLIMIT_AS %d MiB, exit %s with %d MiB" % (
                        cmd_kind, code, args.max_as_mb, again, 4 * args.max_as_mb)
                else:
                    outcome, problem = "crashed", "%s %s" % (cmd_kind, code)
                break
            if rss_kb > args.max_rss_mb * 1024:
                outcome, problem = "over-mem", "%s used %d MiB" % (cmd_kind, rss_kb // 1024)
                break
            bad = check("convert" if cmd_kind.startswith("convert") else cmd_kind, code, out, err)
            if not bad and cmd_kind.startswith("convert"):
                bad = check_convert(code, out, err, first_page, cmd_kind.split("-")[1])
                converted["converted" if code == 0 else "refused"] += 1
                if code == 65 and first_page is not None and "error" not in first_page:
                    converted["overflow"] += 1
                if result_beyond_limit(code, err) and first_page is not None and "error" not in first_page:
                    converted["beyond"] += 1
            if bad:
                outcome, problem = "invalid", "%s: %s" % (cmd_kind, bad)
                break
            if cmd_kind == "jsonl":
                records = [json.loads(l) for l in out.decode().splitlines()]
                first_page = next((r for r in records if r.get("record") == "page" and r.get("index") == 0), None)
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


if __name__ == "__main__":
    main()
