#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`make spark-test`: the Spark job's Parquet rows equal the single-machine output.

    python integrations/spark/test_pageinfo_spark.py PAGEINFO_BINARY

Makes a corpus with scripts/make_batch_corpus.py (good files with varied geometry, a damaged
file, a file whose /PageLabels tree overflows Poppler's stack, a missing file, and a copy of a
good file that the worker is told to crash on through its test hook), runs
`pageinfo pages --files-from LIST --jobs 2` on this machine and the Spark job on local[2]
over the same LIST, and checks: one `files` row per input, one `pages` row per page record,
nothing lost or duplicated, every value equal (seconds aside), statuses and error codes equal.
Exits non-zero on any difference. Prints "N passed, M failed".
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import pageinfo_spark  # noqa: E402


def main():
    binary = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="pageinfo-spark-")
    corpus = os.path.join(work, "corpus")
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "make_batch_corpus.py"), corpus,
                    "--count", "300", "--hostile"], check=True)
    shutil.copy(os.path.join(corpus, "good-00002.pdf"), os.path.join(corpus, "crash-me.pdf"))
    names = [os.path.join(corpus, "good-%05d.pdf" % i) for i in range(300)]
    names[10:10] = [os.path.join(corpus, n) for n in ("damaged.pdf", "crash-me.pdf", "deep-labels.pdf", "missing.pdf",
                                                      "name with spaces.pdf")]
    names += [os.path.join(corpus, "good-00007.pdf")]  # a repeat is a separate input
    listfile = os.path.join(work, "list.txt")
    with open(listfile, "w") as f:
        f.write("".join(n + "\n" for n in names))

    env = dict(os.environ, PAGEINFO_TEST_CRASH_ON="crash-me", PAGEINFO_BIN=binary)
    ref = subprocess.run([binary, "pages", "--files-from", listfile, "--jobs", "2", "--no-progress"],
                         stdout=subprocess.PIPE, env=env, check=False)
    assert ref.returncode == 70, "the local run should exit 70 (a worker crashed), got %d" % ref.returncode
    out = os.path.join(work, "out")
    subprocess.run([sys.executable, os.path.join(HERE, "pageinfo_spark.py"), "--files-from", listfile,
                    "--output", out, "--partitions", "4"],
                   env=dict(env, PYSPARK_PYTHON=sys.executable, SPARK_LOCAL_IP="127.0.0.1",
                            PYSPARK_SUBMIT_ARGS="--master local[2] --driver-memory 1g "
                                                "--conf spark.ui.showConsoleProgress=false pyspark-shell"),
                   check=True)

    # Expected rows, from the local run, through the same row builders (input index = position).
    expected_pages, expected_files = [], []
    position = 0
    for line in ref.stdout.split(b"\n"):
        if not line:
            continue
        r = json.loads(line.decode("utf-8", "surrogateescape"))
        kind = pageinfo_spark.check(r)
        row = (pageinfo_spark.page_row if kind == "page" else pageinfo_spark.file_row)(position, r)[1]
        (expected_pages if kind == "page" else expected_files).append(row)
        if kind == "file":
            position += 1

    from pyspark.sql import SparkSession
    spark = (SparkSession.builder.master("local[2]").appName("pageinfo-spark-test")
             .config("spark.ui.showConsoleProgress", "false").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    got_pages = [tuple(row_to_tuple(r)) for r in spark.read.parquet(os.path.join(out, "pages")).collect()]
    got_files = [tuple(row_to_tuple(r)) for r in spark.read.parquet(os.path.join(out, "files")).collect()]
    spark.stop()

    passed = failed = 0

    def expect(ok, what):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAILED: " + what, file=sys.stderr)

    def no_seconds(rows):  # seconds is the last column of files rows
        return sorted(r[:-1] for r in rows)

    expect(len(got_files) == len(names), "one files row per input: %d rows for %d inputs" % (len(got_files), len(names)))
    expect(sorted(r[0] for r in got_files) == list(range(len(names))), "every input index exactly once")
    expect(len(got_pages) == len(expected_pages), "pages rows: %d, local run: %d" % (len(got_pages), len(expected_pages)))
    expect(len(set((r[0], r[2]) for r in got_pages)) == len(got_pages), "no page twice")
    want_pages = sorted(normalize(expected_pages))
    diff = [(g, w) for g, w in zip(sorted(got_pages), want_pages) if g != w][:2]
    expect(sorted(got_pages) == want_pages, "pages rows equal the local run's page records; first differences: %r" % diff)
    fdiff = [(g, w) for g, w in zip(no_seconds(got_files), no_seconds(normalize(expected_files))) if g != w][:2]
    expect(no_seconds(got_files) == no_seconds(normalize(expected_files)), "files rows equal the local run's file records; first differences: %r" % fdiff)
    by_name = {r[1]: r for r in got_files}
    codes = {n: (by_name[os.path.join(corpus, n)][2], (by_name[os.path.join(corpus, n)][11] or (None,))[0])
             for n in ("damaged.pdf", "crash-me.pdf", "missing.pdf", "good-00000.pdf")}
    expect(codes["damaged.pdf"] == ("failed", "damaged"), "damaged: %r" % (codes["damaged.pdf"],))
    expect(codes["crash-me.pdf"] == ("failed", "crashed"), "crash-me: %r" % (codes["crash-me.pdf"],))
    expect(codes["missing.pdf"] == ("failed", "not-found"), "missing: %r" % (codes["missing.pdf"],))
    expect(codes["good-00000.pdf"] == ("ok", None), "good: %r" % (codes["good-00000.pdf"],))
    with open(os.path.join(corpus, "expected.json")) as f:
        built = json.load(f)
    pages_of = {}
    for r in got_pages:
        pages_of.setdefault(r[1], []).append(r)
    ok = all(len(pages_of.get(os.path.join(corpus, "good-%05d.pdf" % i), [])) == len(built["good-%05d.pdf" % i]) * (2 if i == 7 else 1)
             for i in range(300))
    expect(ok, "every good file has the pages it was built with")
    print("%d passed, %d failed" % (passed, failed))
    shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if failed else 0)


def row_to_tuple(row):
    out = []
    for v in row:
        if hasattr(v, "asDict"):
            out.append(tuple(row_to_tuple(v)))
        elif isinstance(v, list):
            out.append([tuple(row_to_tuple(x)) if hasattr(x, "asDict") else x for x in v])
        else:
            out.append(v)
    return out


def normalize(rows):
    """Python rows as Spark gives them back: tuples for structs, lists for arrays."""
    def norm(v):
        if isinstance(v, tuple):
            return tuple(norm(x) for x in v)
        if isinstance(v, list):
            return [norm(x) for x in v]
        return v
    return [norm(r) for r in rows]


if __name__ == "__main__":
    main()
