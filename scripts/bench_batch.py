#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`make bench-batch`: batch-mode throughput and worker memory on 10,000 small PDFs.

Usage: python3 scripts/bench_batch.py PAGEINFO_BINARY [OUTDIR] [--count N] [--spark VENV]

Generates N (default 10,000) small PDFs of 1-4 pages with varied geometry
(scripts/make_batch_corpus.py) into OUTDIR/corpus-N (once; reused), then reports, each the
best of 3 runs (warm cache):

  * files/s and pages/s of `pageinfo pages --files-from LIST --jobs 2` and `--jobs 1`
    (records to /dev/null), of `xargs -P2 -n1 pdfinfo -box` over the same list, and of the
    in-process `pageinfo pages --format jsonl FILE...` (no workers, xargs -n 2000) for reference;
  * the peak resident memory (VmHWM) of one `pageinfo worker` after 1,000 and after all N files;
  * with --spark VENV: the Spark job on local[2] over the same list (wall time, spark-submit
    start-up included).
"""

import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def best_of(cmd, runs=3, **kw):
    best = None
    for _ in range(runs):
        t = time.perf_counter()
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw)
        dt = time.perf_counter() - t
        if p.returncode not in (0, 2):
            raise SystemExit("failed (%d): %s" % (p.returncode, " ".join(cmd[:6])))
        best = dt if best is None else min(best, dt)
    return best


def worker_peak_rss(binary, names):
    """Feeds `names` to one `pageinfo worker` through its framed protocol; returns VmHWM in KiB."""
    frames = [b"\x01\x00\x00\x00\x00"]  # configuration: no password
    for n in names:
        b = os.fsencode(n)
        frames.append(len(b).to_bytes(4, "little") + b)
    p = subprocess.Popen([binary, "worker", "--mode", "pages"], stdin=subprocess.PIPE,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    p.stdin.write(b"".join(frames))
    p.stdin.flush()
    # Wait until every response is written (the worker is idle, blocked on stdin), then read its peak.
    time.sleep(0.2)
    last = None
    while True:
        with open("/proc/%d/stat" % p.pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        cpu = int(fields[11]) + int(fields[12])
        if fields[0] == "S" and cpu == last:
            break
        last = cpu
        time.sleep(0.5)
    with open("/proc/%d/status" % p.pid) as f:
        hwm = next(int(l.split()[1]) for l in f if l.startswith("VmHWM"))
    p.stdin.close()
    p.wait()
    return hwm


def main():
    args = sys.argv[1:]
    binary = os.path.abspath(args[0])
    out = args[1] if len(args) > 1 and not args[1].startswith("--") else os.path.join(ROOT, "bench-out")
    count = int(args[args.index("--count") + 1]) if "--count" in args else 10_000
    venv = args[args.index("--spark") + 1] if "--spark" in args else None
    corpus = os.path.join(out, "corpus-%d" % count)
    if not os.path.exists(os.path.join(corpus, "expected.json")):
        print("Generating %d PDFs in %s ..." % (count, corpus), flush=True)
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "make_batch_corpus.py"), corpus,
                        "--count", str(count)], check=True)
    with open(os.path.join(corpus, "expected.json")) as f:
        expected = json.load(f)
    names = [os.path.join(corpus, n) for n in sorted(expected)]
    pages = sum(len(v) for v in expected.values())
    listfile = os.path.join(out, "list-%d.txt" % count)
    with open(listfile, "w") as f:
        f.write("".join(n + "\n" for n in names))

    rows = []

    def report(label, seconds):
        rows.append((label, seconds))
        print("%-52s %7.2f s  %8.0f files/s  %8.0f pages/s" % (label, seconds, count / seconds, pages / seconds), flush=True)

    print("%d files, %d pages, %d cores" % (count, pages, os.cpu_count()))
    report("pageinfo pages --files-from LIST --jobs 2", best_of([binary, "pages", "--files-from", listfile, "--jobs", "2", "--no-progress"]))
    report("pageinfo pages --files-from LIST --jobs 1", best_of([binary, "pages", "--files-from", listfile, "--jobs", "1", "--no-progress"]))
    report("pageinfo pages --format jsonl FILE... (in process)",
           best_of(["sh", "-c", "xargs -d '\\n' -n 2000 %s pages --format jsonl < %s" % (binary, listfile)]))
    report("xargs -P2 -n1 pdfinfo -box",
           best_of(["sh", "-c", "xargs -d '\\n' -P2 -n1 pdfinfo -box < %s" % listfile], runs=1))
    ratio = rows[3][1] / rows[0][1]
    print("--jobs 2 is %.1fx the pdfinfo loop's files/s" % ratio)

    small = worker_peak_rss(binary, names[:1000])
    large = worker_peak_rss(binary, names)
    print("worker peak RSS: %.1f MiB after 1,000 files, %.1f MiB after %d files (x%.2f)"
          % (small / 1024, large / 1024, count, large / small))

    if venv:
        env = dict(os.environ, PYSPARK_PYTHON=os.path.join(venv, "bin", "python"), SPARK_LOCAL_IP="127.0.0.1")
        target = os.path.join(out, "spark-out")
        t = time.perf_counter()
        subprocess.run([os.path.join(venv, "bin", "spark-submit"), "--master", "local[2]",
                        "--conf", "spark.ui.showConsoleProgress=false",
                        os.path.join(ROOT, "integrations", "spark", "pageinfo_spark.py"),
                        "--files-from", listfile, "--output", target, "--pageinfo", binary],
                       env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        dt = time.perf_counter() - t
        report("spark-submit --master local[2] (incl. start-up)", dt)
        print("Spark local[2] takes %.1fx the time of --jobs 2" % (dt / rows[0][1]))


if __name__ == "__main__":
    main()
