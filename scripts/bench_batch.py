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
  * with --spark VENV: the Spark job on local[2] (paths, and file:// URIs read through Spark's
    binaryFile source) against `--jobs 2`, each timed on a 2,000- and a 12,000-entry list of a
    12,000-file corpus: files/s after start-up (the slope between the two) and start-up (the
    wall time extrapolated to an empty list), each with its command.

--spark-only skips everything but the Spark figures; --in-app-only, with it, measures only the
slopes inside one Spark application.
"""

import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def best_of(cmd, runs=3, **kw):
    """The best wall time of `runs` runs of cmd (output discarded; exit 0 or 2 expected)."""
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


def in_spark(args):
    """Under spark-submit: runs the job on each LIST in turn in this one application (the JVM,
    Python and the JIT already started) and prints each job's wall time."""
    sys.path.insert(0, os.path.join(ROOT, "integrations", "spark"))
    import pageinfo_spark
    binary, target, extra = args[0], args[1], []
    lists = args[2:]
    if "--" in lists:
        extra = lists[lists.index("--") + 1:]
        lists = lists[:lists.index("--")]
    for listfile in lists:
        t = time.perf_counter()
        pageinfo_spark.main(["--files-from", listfile, "--output", target, "--pageinfo", binary] + extra)
        print("in-spark %s %.3f" % (listfile, time.perf_counter() - t), flush=True)


def main():
    args = sys.argv[1:]
    if args and args[0] == "--in-spark":
        return in_spark(args[1:])
    binary = os.path.abspath(args[0])
    out = args[1] if len(args) > 1 and not args[1].startswith("--") else os.path.join(ROOT, "bench-out")
    count = int(args[args.index("--count") + 1]) if "--count" in args else 10_000
    venv = args[args.index("--spark") + 1] if "--spark" in args else None
    if "--spark-only" in args:  # (--in-app-only: only the one-application slopes)
        spark_slopes(binary, out, venv, in_app_only="--in-app-only" in args)
        return
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
        spark_slopes(binary, out, venv)


def spark_slopes(binary, out, venv, runs=2, in_app_only=False):
    """Spark on local[2] against --jobs 2, both timed on a 2,000- and a 12,000-entry list (best of
    `runs`, back to back): files/s after start-up is the slope (10,000 / the difference in wall
    time) and start-up the wall time extrapolated to an empty list."""
    corpus = os.path.join(out, "corpus-12000")
    if not os.path.exists(os.path.join(corpus, "expected.json")):
        print("Generating 12000 PDFs in %s ..." % corpus, flush=True)
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "make_batch_corpus.py"), corpus,
                        "--count", "12000"], check=True)
    with open(os.path.join(corpus, "expected.json")) as f:
        names = [os.path.join(os.path.abspath(corpus), n) for n in sorted(json.load(f))]
    lists = {}
    for n in (2000, 12000):
        for kind, fmt in (("paths", "%s"), ("uris", "file://%s")):
            path = os.path.join(out, "slope-%s-%d.txt" % (kind, n))
            with open(path, "w") as f:
                f.write("".join(fmt % name + "\n" for name in names[:n]))
            lists[kind, n] = path
    env = dict(os.environ, PYSPARK_PYTHON=os.path.abspath(os.path.join(venv, "bin", "python")), SPARK_LOCAL_IP="127.0.0.1")
    target = os.path.join(out, "spark-out")

    def spark(listfile):
        return [os.path.join(venv, "bin", "spark-submit"), "--master", "local[2]", "--conf", "spark.ui.showConsoleProgress=false",
                os.path.join(ROOT, "integrations", "spark", "pageinfo_spark.py"), "--files-from", listfile,
                "--output", target, "--pageinfo", binary]

    def jobs2(listfile):
        return [binary, "pages", "--files-from", listfile, "--jobs", "2", "--no-progress"]

    print("\nSlopes (files/s after start-up = 10,000 / (wall(12,000) - wall(2,000)); best of %d; load average %s)"
          % (runs, " ".join("%.1f" % x for x in os.getloadavg())), flush=True)
    figures = {}
    for label, command, kind in () if in_app_only else (("pageinfo pages --files-from LIST --jobs 2", jobs2, "paths"),
                                 ("spark-submit --master local[2] pageinfo_spark.py (paths)", spark, "paths"),
                                 ("pageinfo pages --files-from LIST --jobs 2", jobs2, "paths"),
                                 ("spark-submit --master local[2] pageinfo_spark.py (file:// URIs, binary input)", spark, "uris")):
        walls = {n: best_of(command(lists[kind, n]), runs=runs, env=env) for n in (2000, 12000)}
        slope = 10000 / (walls[12000] - walls[2000])
        startup = walls[2000] - 2000 / slope
        figures.setdefault(label, []).append(slope)
        print("%s\n    %s\n    wall: %.2f s (2,000 entries), %.2f s (12,000); slope %.0f files/s; start-up %.1f s"
              % (label, " ".join(command("LIST")), walls[2000], walls[12000], slope, startup), flush=True)
        if label.startswith("spark"):
            jobs = figures["pageinfo pages --files-from LIST --jobs 2"][-1]
            print("    slope ratio to the --jobs 2 run just before: %.2f (goal >= 0.5)" % (slope / jobs), flush=True)
    # The same slope inside one Spark application, which takes start-up's noise (a minute's
    # worth, on a loaded machine) out of the difference: a first job on the 2,000 list warms
    # the JVM and the Python workers up and is not counted; then the 12,000 and the 2,000 list.
    for kind, label in (("paths", "paths"), ("uris", "file:// URIs, binary input")):
        jobs = {n: best_of(jobs2(lists["paths", n]), runs=runs) for n in (2000, 12000)}
        jobs_slope = 10000 / (jobs[12000] - jobs[2000])
        # (the executors' Python imports pageinfo_spark too: local mode passes them this environment)
        in_app_env = dict(env, PYTHONPATH=os.path.join(ROOT, "integrations", "spark"))
        command = [os.path.join(venv, "bin", "spark-submit"), "--master", "local[2]", "--conf",
                   "spark.ui.showConsoleProgress=false", os.path.abspath(__file__), "--in-spark", binary, target]
        walls = {}
        for _ in range(runs):
            p = subprocess.run(command + [lists[kind, 2000], lists[kind, 12000], lists[kind, 2000]], env=in_app_env,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
            for line in [l for l in p.stdout.decode().splitlines() if l.startswith("in-spark ")][1:]:
                if True:
                    _, listfile, seconds = line.split()
                    n = 12000 if listfile == lists[kind, 12000] else 2000
                    walls[n] = min(walls.get(n, 1e9), float(seconds))
        slope = 10000 / (walls[12000] - walls[2000])
        print("one application (%s): spark-submit --master local[2] scripts/bench_batch.py --in-spark BINARY OUT LIST-2000 LIST-12000 LIST-2000 (the first not counted)\n"
              "    job wall: %.2f s (2,000), %.2f s (12,000); slope %.0f files/s; --jobs 2 just before: %.0f files/s; "
              "ratio %.2f (goal >= 0.5)" % (label, walls[2000], walls[12000], slope, jobs_slope, slope / jobs_slope), flush=True)
    print("load average after: %s" % " ".join("%.1f" % x for x in os.getloadavg()))

if __name__ == "__main__":
    main()
