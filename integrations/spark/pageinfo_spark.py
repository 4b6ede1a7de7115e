#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Run `pageinfo pages` over a list of PDFs on Apache Spark and write Parquet.

    spark-submit integrations/spark/pageinfo_spark.py --files-from LIST --output DIR \
        [--partitions N] [--pageinfo PATH] [--timeout S] [--max-memory MIB]

LIST is a text file of paths (one per line, readable by every executor: a shared file
system such as NFS, or a path the executors see the same way), or a directory (walked for
*.pdf, any case, like `pageinfo pages -r`), or a glob. A LIST on HDFS/S3 is read with
Spark's textFile.

Each partition runs one `pageinfo pages --files-from - -0 --format jsonl --jobs 1` (its
coordinator and one isolated worker process per Spark task core) and parses the records of
docs/records.md. A file that crashes, hangs or exhausts a worker is an error row, not a
failed task; a task whose pageinfo fails as a whole (no binary, output unreadable, a missing
file record) raises, and Spark retries it.

Writes DIR/pages (one row per page: file, index, label, rotation, rotationRaw, userUnit, the
five boxes as structs {x, y, width, height}, size {width, height}, transform {a, b, c, d,
tx, ty}, error, warnings) and DIR/files (one row per input file: status, error, warnings,
pageCount, pageErrors, pdfVersion, …, bytes, seconds), both with `input`, the 0-based
position of the file in LIST, so `ORDER BY input, index` gives the order of the list.

File names that are not valid UTF-8 reach JSON as \\udcXX escapes (PEP 383); Parquet strings
must be UTF-8, so here such bytes are written as the text \\xNN.

The pageinfo binary: --pageinfo PATH, else $PAGEINFO_BIN, else a file named `pageinfo`
shipped with `spark-submit --files /path/to/pageinfo`, else `pageinfo` on the PATH.
"""

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys

from pyspark.sql import SparkSession
from pyspark.sql.types import (ArrayType, BooleanType, DoubleType, IntegerType, LongType,
                               StringType, StructField, StructType)

RECT = StructType([StructField(k, DoubleType()) for k in ("x", "y", "width", "height")])
SIZE = StructType([StructField(k, DoubleType()) for k in ("width", "height")])
TRANSFORM = StructType([StructField(k, DoubleType()) for k in ("a", "b", "c", "d", "tx", "ty")])
ERROR = StructType([StructField("code", StringType()), StructField("message", StringType())])
WARNINGS = ArrayType(ERROR)
BOXES = ("mediaBox", "cropBox", "bleedBox", "trimBox", "artBox")

PAGES_SCHEMA = StructType(
    [StructField("input", LongType(), False), StructField("file", StringType(), False),
     StructField("index", IntegerType(), False), StructField("label", StringType()),
     StructField("rotation", IntegerType()), StructField("rotationRaw", IntegerType()),
     StructField("userUnit", DoubleType())]
    + [StructField(b, RECT) for b in BOXES]
    + [StructField("size", SIZE), StructField("transform", TRANSFORM),
       StructField("error", ERROR), StructField("warnings", WARNINGS)])

FILES_SCHEMA = StructType([
    StructField("input", LongType(), False), StructField("file", StringType(), False),
    StructField("status", StringType(), False), StructField("pageCount", IntegerType()),
    StructField("pageErrors", IntegerType()), StructField("pdfVersion", StringType()),
    StructField("encrypted", BooleanType()), StructField("pageLayout", StringType()),
    StructField("direction", StringType()), StructField("hasPageLabels", BooleanType()),
    StructField("countClaimed", LongType()), StructField("error", ERROR),
    StructField("warnings", WARNINGS), StructField("bytes", LongType()),
    StructField("seconds", DoubleType())])

FILE_MARK = b'"record":"file"'
# Every field of both kinds of record, for Spark's JSON reader; the two tables select theirs.
RECORD_SCHEMA = StructType([StructField("record", StringType())]
                           + [f for f in PAGES_SCHEMA.fields]
                           + [f for f in FILES_SCHEMA.fields if f.name not in ("input", "file", "error", "warnings")])

# pageinfo's exit codes when it wrote every file's records (some files may have failed).
COMPLETE_EXIT_CODES = {0, 2, 64, 65, 66, 70, 77}


def parquet_text(name):
    """A file name from JSON as Parquet-safe UTF-8 text (invalid bytes as \\xNN)."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def find_pageinfo(explicit):
    if explicit:
        return explicit
    if os.environ.get("PAGEINFO_BIN"):
        return os.environ["PAGEINFO_BIN"]
    try:
        from pyspark import SparkFiles
        shipped = SparkFiles.get("pageinfo")
        if os.path.exists(shipped):
            os.chmod(shipped, 0o755)
            return shipped
    except Exception:  # noqa: BLE001 - no SparkContext here, or nothing shipped
        pass
    return shutil.which("pageinfo") or "pageinfo"


# Python row builders: the reference `test_pageinfo_spark.py` checks Spark's JSON reader against.


def rect(d):
    return None if d is None else tuple(float(d[k]) for k in ("x", "y", "width", "height"))


def error(d):
    return None if d is None else (d.get("code"), d.get("message"))


def warnings(ws):
    return None if ws is None else [(w.get("code"), w.get("message")) for w in ws]


def number(v, kind=float):
    return None if v is None else kind(v)


def page_row(i, r):
    size, t = r.get("size"), r.get("transform")
    return ("page", (i, parquet_text(r["file"]), int(r["index"]), r.get("label"),
                     number(r.get("rotation"), int), number(r.get("rotationRaw"), int), number(r.get("userUnit")))
            + tuple(rect(r.get(b)) for b in BOXES)
            + (None if size is None else (float(size["width"]), float(size["height"])),
               None if t is None else tuple(float(t[k]) for k in ("a", "b", "c", "d", "tx", "ty")),
               error(r.get("error")), warnings(r.get("warnings"))))


def file_row(i, r):
    return ("file", (i, parquet_text(r["file"]), r["status"], number(r.get("pageCount"), int),
                     number(r.get("pageErrors"), int), r.get("pdfVersion"), r.get("encrypted"),
                     r.get("pageLayout"), r.get("direction"), r.get("hasPageLabels"),
                     number(r.get("countClaimed"), int), error(r.get("error")), warnings(r.get("warnings")),
                     number(r.get("bytes"), int), number(r.get("seconds"))))


def check(r):
    """The parts of docs/records.schema.json the rows rely on; anything else is a task failure."""
    kind = r.get("record", "page")
    if kind == "file":
        for k in ("file", "status", "pageCount"):
            if k not in r:
                raise ValueError("file record without %r: %r" % (k, r))
        if r["status"] not in ("ok", "partial", "failed"):
            raise ValueError("bad status: %r" % r)
    elif kind == "page":
        if "file" not in r or "index" not in r:
            raise ValueError("page record without file/index: %r" % r)
        if "error" not in r and not all(b in r for b in BOXES):
            raise ValueError("page record without boxes: %r" % r)
    else:
        raise ValueError("unknown record kind: %r" % r)
    return kind


def run_partition(items, pageinfo, extra_args):
    """items: (path, input index). Yields each record as a JSON line with "input" added first.

    Records stay text here: Spark's JSON reader (in the JVM) turns them into rows far faster
    than Python would. File records, one per file, are parsed to check that every file comes
    back exactly once and in order.
    """
    items = list(items)
    if not items:
        return
    names = b"".join(os.fsencode(p) + b"\0" for p, _ in items)
    cmd = [pageinfo, "pages", "--files-from", "-", "-0", "--format", "jsonl", "--jobs", "1", "--no-progress"] + extra_args
    proc = subprocess.run(cmd, input=names, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    if proc.returncode not in COMPLETE_EXIT_CODES:
        raise RuntimeError("pageinfo exited with %d: %s" % (proc.returncode, proc.stderr.decode("utf-8", "replace")[-2000:]))
    # Records come in input order: each file's pages, then its file record.
    position = 0
    for line in proc.stdout.split(b"\n"):
        if not line:
            continue
        if position >= len(items):
            raise RuntimeError("pageinfo wrote more files than it was given")
        path, index = items[position]
        is_file = FILE_MARK in line  # quotes inside JSON strings are escaped: this cannot be a label
        if is_file or b"\\udc" in line:
            r = json.loads(line.decode("utf-8", "surrogateescape"))
            if is_file:
                check(r)
                if os.fsencode(r["file"]) != os.fsencode(path):
                    raise RuntimeError("records of %r where %r was expected" % (r["file"], path))
            if b"\\udc" in line:
                r["file"] = parquet_text(r["file"])
                line = json.dumps(r, ensure_ascii=False).encode("utf-8")
        yield '{"input":%d,%s' % (index, line[1:].decode("utf-8"))
        if is_file:
            position += 1
    if position != len(items):
        raise RuntimeError("pageinfo wrote %d file records for %d files" % (position, len(items)))


def list_inputs(spark, source):
    """(path, input index) RDD from a list file, a directory or a glob."""
    sc = spark.sparkContext
    if os.path.isdir(source):
        paths = []
        for root, dirs, files in os.walk(source):
            dirs.sort()
            paths += [os.path.join(root, f) for f in files if f.lower().endswith(".pdf")]
        paths.sort(key=os.fsencode)
        return sc.parallelize(paths).zipWithIndex()
    if any(c in source for c in "*?[") and not os.path.exists(source):
        return sc.parallelize(sorted(glob.glob(source, recursive=True), key=os.fsencode)).zipWithIndex()
    return sc.textFile(source).filter(lambda line: line != "").zipWithIndex()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files-from", required=True, help="list file (one path a line), directory or glob")
    ap.add_argument("--output", required=True, help="output directory: OUTPUT/pages and OUTPUT/files (Parquet)")
    ap.add_argument("--partitions", type=int, default=None, help="Spark partitions (default: the default parallelism)")
    ap.add_argument("--pageinfo", default=None, help="path of the pageinfo binary on the executors")
    ap.add_argument("--timeout", default=None, help="pageinfo --timeout (seconds per file)")
    ap.add_argument("--max-memory", default=None, help="pageinfo --max-memory (MiB per worker)")
    args = ap.parse_args(argv)

    spark = SparkSession.builder.appName("pageinfo").getOrCreate()
    sc = spark.sparkContext
    partitions = args.partitions or sc.defaultParallelism
    extra = []
    if args.timeout:
        extra += ["--timeout", str(args.timeout)]
    if args.max_memory:
        extra += ["--max-memory", str(args.max_memory)]
    explicit = args.pageinfo

    inputs = list_inputs(spark, args.files_from).repartition(partitions)

    def partition(items):
        return run_partition(items, find_pageinfo(explicit), extra)

    lines = inputs.mapPartitions(partition)
    records = spark.read.schema(RECORD_SCHEMA).option("mode", "FAILFAST").json(lines).cache()
    pages = records.where(records.record.isNull() | (records.record == "page"))
    files = records.where(records.record == "file")
    pages.select([f.name for f in PAGES_SCHEMA.fields]).write.mode("overwrite").parquet(os.path.join(args.output, "pages"))
    files.select([f.name for f in FILES_SCHEMA.fields]).write.mode("overwrite").parquet(os.path.join(args.output, "files"))
    summary = spark.read.parquet(os.path.join(args.output, "files")).groupBy("status").count().collect()
    print("pageinfo_spark: " + ", ".join("%d %s" % (row["count"], row["status"]) for row in sorted(summary)),
          file=sys.stderr)
    spark.stop()


if __name__ == "__main__":
    main()
