#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Run pageinfo's reader over a list of PDFs on Apache Spark and write Parquet.

    spark-submit integrations/spark/pageinfo_spark.py --files-from LIST --output DIR \\
        [--input auto|path|binary] [--max-bytes N] [--partitions N] [--pageinfo PATH] \\
        [--timeout S] [--max-memory MIB] [--annotations]

LIST is a text file, one entry a line (empty lines skipped), on this machine (read byte for
byte) or at a Hadoop URI (read with Spark's textFile); or a local directory (walked for *.pdf,
any case, like `pageinfo pages -r`) or a glob. Two ways to read the PDFs:

  path    (entries without a scheme) each executor opens the paths itself: a file system every
          executor sees at the same path (NFS, a FUSE mount).
  binary  (entries with a scheme: s3a://, hdfs://, gs://, abfss://, file:///, or --input
          binary) each listed object is read through Hadoop's file systems, and the executor
          hands its bytes to the worker (a bytes request of the worker protocol: no temporary
          file). Read by ObjectReader (integrations/spark/java, built by `make spark-deps`
          into integrations/spark/build/pageinfo-spark.jar; give spark-submit `--jars` that
          jar): one open per object, no listing. Without the jar, by Spark's binaryFile
          source, which lists the objects first (slower; names its listing hides, starting
          with `_` or `.`, are `failed` rows saying so). Objects of more than --max-bytes
          (default 64 MiB, at most 1 GiB) are not kept: their row is `failed` (unreadable)
          with both sizes. A listed object that does not exist is `failed` (not-found), a
          directory `failed` (unreadable), an empty object `failed` (not-pdf). ObjectReader
          refuses a file:// FIFO, socket or device, `failed` (unreadable): opening a FIFO
          waits for a writer. The binaryFile fallback sees only Hadoop's status and reads it
          as empty.

Each partition drives one `pageinfo worker` process (the isolated reader of batch mode, the
same binary) through its framed pipe protocol: a file that crashes, hangs (--timeout, default
60 s) or exhausts (--max-memory, default 4096 MiB) the worker is a `failed` row with the reason
`pageinfo pages --files-from` gives, the worker is replaced and the partition goes on.

Writes DIR/pages (one row per page record) and DIR/files (one row per LIST entry, in every
case), both with `input`, the entry's 0-based position in LIST, so `ORDER BY input, index`
gives the order of the list. With --annotations the workers read as `pageinfo annotations`
does, and the job also writes DIR/annotations: one row per annotation record (`ORDER BY input,
page, index`), with each file's `annotationCount` in DIR/files (0 for a failed file; null
without --annotations). The columns are docs/records.parquet.json (generated from this
file: `--print-schema`); `file` is the name or URI as listed. File names that are not valid
UTF-8 (path input) are written as the text \\xNN for each such byte (Parquet strings are UTF-8).

The pageinfo binary: --pageinfo PATH, else $PAGEINFO_BIN, else a file named `pageinfo`
shipped with `spark-submit --files /path/to/pageinfo`, else `pageinfo` on the PATH.
"""

import argparse
import collections
import errno
import glob
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time

from pyspark.sql.types import (ArrayType, BooleanType, DoubleType, IntegerType, LongType,
                               StringType, StructField, StructType)

# ---------------------------------------------------------------------------------------------
# The Parquet schemas: one source (docs/records.parquet.json is generated from these). Exactly
# what is written: `input` is never null; the record fields are nullable, as Spark's JSON
# parser gives them (a page error has no geometry; `file`, `index` and `status` are always set).
# ---------------------------------------------------------------------------------------------

RECT = StructType([StructField(k, DoubleType()) for k in ("x", "y", "width", "height")])
SIZE = StructType([StructField(k, DoubleType()) for k in ("width", "height")])
TRANSFORM = StructType([StructField(k, DoubleType()) for k in ("a", "b", "c", "d", "tx", "ty")])
ERROR = StructType([StructField("code", StringType()), StructField("message", StringType())])
# A page's bitmap (`pages --dpi` / `--bitmap-size`, docs/records.md "Bitmap"). The job passes
# neither option, so the column is null; it is here so that the table has every record field.
BITMAP = StructType([StructField("renderer", StringType()), StructField("dpi", DoubleType()),
                     StructField("fit", StringType()), StructField("requestedWidth", IntegerType()),
                     StructField("requestedHeight", IntegerType()), StructField("width", IntegerType()),
                     StructField("height", IntegerType()), StructField("scaleX", DoubleType()),
                     StructField("scaleY", DoubleType()), StructField("renderedBox", StringType()),
                     StructField("pageFrame", RECT), StructField("rawToPixel", TRANSFORM),
                     StructField("pixelToRaw", TRANSFORM), StructField("rawToNormalized", TRANSFORM),
                     StructField("normalizedToRaw", TRANSFORM)])
# A page's frames (`pages --frames`, docs/records.md "Frames"): per Python library, the matrices
# between raw PDF space and its coordinate frame. The job passes no --frames, so the column is
# null; it is here so that the table has every record field.
LIBRARY_FRAME = StructType([StructField("rawToFrame", TRANSFORM), StructField("frameToRaw", TRANSFORM)])
FRAMES = StructType([StructField(k, LIBRARY_FRAME) for k in ("pymupdf", "pdfplumber", "pdfminer", "pypdfium2", "pypdf", "docling",
                                                                 "docling-topleft", "textract", "documentai", "azure")])
WARNINGS = ArrayType(ERROR)
BOXES = ("mediaBox", "cropBox", "bleedBox", "trimBox", "artBox")

PAGES_SCHEMA = StructType(
    [StructField("input", LongType(), False), StructField("file", StringType()),
     StructField("index", IntegerType()), StructField("label", StringType()),
     StructField("rotation", IntegerType()), StructField("rotationRaw", IntegerType()),
     StructField("userUnit", DoubleType())]
    + [StructField(b, RECT) for b in BOXES]
    + [StructField("size", SIZE), StructField("transform", TRANSFORM), StructField("bitmap", BITMAP),
       StructField("frames", FRAMES), StructField("error", ERROR), StructField("warnings", WARNINGS)])

FILES_SCHEMA = StructType([
    StructField("input", LongType(), False), StructField("file", StringType()),
    StructField("status", StringType()), StructField("pageCount", IntegerType()),
    StructField("pageErrors", IntegerType()), StructField("pdfVersion", StringType()),
    StructField("encrypted", BooleanType()), StructField("pageLayout", StringType()),
    StructField("direction", StringType()), StructField("hasPageLabels", BooleanType()),
    StructField("annotationCount", IntegerType()),
    StructField("countClaimed", LongType()), StructField("error", ERROR),
    StructField("warnings", WARNINGS), StructField("bytes", LongType()),
    StructField("seconds", DoubleType())])

# An annotation record (`pageinfo annotations`, docs/records.md "Annotation records"), written
# with --annotations. The job passes none of --view, --dpi, --bitmap-size and --frames, so
# `view`, `bitmap` and `frames` are null; they are here so that the table has every record field.
POINT = StructType([StructField("x", DoubleType()), StructField("y", DoubleType())])
ANNOTATION_RECTS = StructType([StructField("rect", RECT), StructField("drawnRect", RECT)])
ANNOTATIONS_SCHEMA = StructType(
    [StructField("input", LongType(), False), StructField("file", StringType()),
     StructField("page", IntegerType()), StructField("index", IntegerType()),
     StructField("object", IntegerType()), StructField("subtype", StringType())]
    + [StructField(r, RECT) for r in ("rect", "drawnRect", "pageRect", "drawnPageRect")]
    + [StructField("flags", ArrayType(StringType())), StructField("quadPoints", ArrayType(POINT)),
       StructField("borderWidth", DoubleType()), StructField("name", StringType()),
       StructField("modified", StringType()), StructField("contents", StringType()),
       StructField("appearance", StructType([StructField("state", StringType()), StructField("bbox", RECT),
                                             StructField("matrix", TRANSFORM)])),
       StructField("popup", IntegerType()), StructField("parent", IntegerType()),
       StructField("field", StructType([StructField("name", StringType()), StructField("type", StringType())])),
       StructField("action", StructType([StructField("type", StringType()), StructField("target", StringType())])),
       StructField("destination", StructType(
           [StructField("page", IntegerType()), StructField("remotePage", IntegerType()),
            StructField("kind", StringType())]
           + [StructField(k, DoubleType()) for k in ("left", "bottom", "right", "top", "zoom")]
           + [StructField("name", StringType()), StructField("pagePoint", POINT), StructField("pageRect", RECT),
              StructField("viewState", StructType([StructField("pageIndex", IntegerType()),
                                                   StructField("viewport", RECT)]))])),
       StructField("view", StructType([StructField("size", SIZE), StructField("rect", RECT),
                                       StructField("drawnRect", RECT)])),
       StructField("bitmap", ANNOTATION_RECTS),
       StructField("frames", StructType([StructField(f.name, ANNOTATION_RECTS) for f in FRAMES.fields])),
       StructField("warnings", WARNINGS)])

# What each partition returns: its records as typed Arrow rows, page and file records in one
# table (`record` says which; the other kind's columns are null), parsed once, in Python (json
# and pyarrow: about a third of the CPU time of Spark's from_json on these records).
RAW_SCHEMA = StructType([StructField("input", LongType(), False), StructField("record", StringType())]
                        + [f for f in PAGES_SCHEMA.fields if f.name != "input"]
                        + [f for f in FILES_SCHEMA.fields if f.name not in {g.name for g in PAGES_SCHEMA.fields}])
# With --annotations: each annotation record as the struct `annotation` (its fields' names are the
# page record's with other types: `bitmap`, `frames`), the line wrapped as
# {"record":"annotation","annotation":LINE} before it is parsed.
RAW_ANNOTATIONS_SCHEMA = StructType(RAW_SCHEMA.fields + [StructField(
    "annotation", StructType([f for f in ANNOTATIONS_SCHEMA.fields if f.name != "input"]))])


def schema_document():
    """docs/records.parquet.json: both tables' columns, generated from the schemas above."""
    return {
        "description": "The Parquet tables of integrations/spark/pageinfo_spark.py (generated by "
                       "`pageinfo_spark.py --print-schema`; make spark-test checks the written files "
                       "against it and every column against docs/records.schema.json). Spark's "
                       "StructType JSON. `input`: the entry's 0-based position in LIST; `file`: the "
                       "name or URI as listed, each byte that is not valid UTF-8 written as the text "
                       "\\xNN; the other columns are the record fields of docs/records.md. `annotations` "
                       "is written with --annotations only, and `files.annotationCount` is null without "
                       "it; the job reads no outline (no `outlineCount`).",
        "pages": PAGES_SCHEMA.jsonValue(),
        "files": FILES_SCHEMA.jsonValue(),
        "annotations": ANNOTATIONS_SCHEMA.jsonValue(),
    }


# ---------------------------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------------------------

DEFAULT_MAX_BYTES = 64 << 20
# The worker's pipe protocol (docs/worker-protocol.md), as this job speaks it: its one
# definition here. `pageinfo worker --describe-protocol` prints the worker's own, and
# test_pageinfo_spark.py fails when a value here differs from the worker's.
PROTOCOL = {
    "headerSize": 12,                   # a response's header: payload length, pages, status, code, message length
    "bytesRequestFlag": 0x8000_0000,    # set in a request's length word: name and content follow
    "helloMagic": "ff504957",           # 0xFF "PIW": a hello's first bytes
    "maxRequestBytes": 1 << 30,         # the largest file a bytes request may carry
    "memoryExitStatus": 86,             # the worker stopped at --max-memory
    "maxMemoryMiB": {"min": 64, "max": 1 << 30},   # the --max-memory a worker takes (1 PiB at most)
}
HEADER_BYTES = PROTOCOL["headerSize"]
BYTES_REQUEST_FLAG = PROTOCOL["bytesRequestFlag"]
HELLO_MAGIC = bytes.fromhex(PROTOCOL["helloMagic"])
WORKER_MAX_BYTES = PROTOCOL["maxRequestBytes"]
MEMORY_EXIT_STATUS = PROTOCOL["memoryExitStatus"]
MIN_WORKER_MEMORY = PROTOCOL["maxMemoryMiB"]["min"]
MAX_WORKER_MEMORY = PROTOCOL["maxMemoryMiB"]["max"]
RECYCLE_AFTER_FILES = 10_000        # as the coordinator does
PIPE_BUDGET = 60 << 10              # request bytes in flight: below the pipe's 64 KiB, never blocks
MAX_OUTSTANDING = 64
LINGER_SECONDS = 0.001              # the longest pause before reading responses (see Worker.read_response)
LINGER_FLOOR = 0.0001               # the shortest
PIPE_BYTES = 64 << 10               # a pipe's capacity (Linux's default)
BATCH_BYTES = 4 << 20               # JSON bytes of records per Arrow batch a partition returns
ARROW_BUDGET = 128 << 20            # bytes of PDF content per Arrow batch (binary input)
ARROW_RECORDS = 1000                # and at most this many objects: the worker starts on a batch
                                    # while the JVM reads the next (one batch a task: no overlap)

JOB_ERROR = "pageinfo_spark: "       # starts each line the job ends with
WORKER_START_ERROR = JOB_ERROR + "cannot start the pageinfo worker "  # a task's error main() reports

# The pageinfo whose records this job reads (PageInfoVersion.current; test_pageinfo_spark.py
# checks that the binary it tests says the same). A worker started with --hello says its version
# first (HELLO_MAGIC, a length byte, the version); one of another version, or a pageinfo from
# before the hello (it refuses --hello, exit 64), fails the task.
PAGEINFO_VERSION = "0.1.0"
HELLO_SECONDS = 60                  # the longest a worker may take to say its version

SIGNAL_NAMES = {signal.SIGSEGV: "SIGSEGV", signal.SIGABRT: "SIGABRT", signal.SIGBUS: "SIGBUS",
                signal.SIGILL: "SIGILL", signal.SIGFPE: "SIGFPE", signal.SIGKILL: "SIGKILL",
                signal.SIGTERM: "SIGTERM", signal.SIGTRAP: "SIGTRAP", signal.SIGINT: "SIGINT",
                signal.SIGPIPE: "SIGPIPE", signal.SIGXCPU: "SIGXCPU"}


def parquet_text(name):
    """A name from JSON (\\udcXX escapes decoded to lone surrogates) or from the file system
    (bytes) as Parquet-safe UTF-8 text: each byte that is not valid UTF-8 as the text \\xNN."""
    raw = name if isinstance(name, bytes) else name.encode("utf-8", "surrogateescape")
    return raw.decode("utf-8", "backslashreplace")


def format_number(x):
    """A number as the coordinator's messages print it: 60, 0.5."""
    return ("%.6f" % x).rstrip("0").rstrip(".") if x != int(x) else "%d" % x


def failed_record(name, code, message, nbytes=None, seconds=None):
    """The file record of a file that could not be read (docs/records.md), one JSON line; its
    message starts with the file's name, as every message of pageinfo's does."""
    text = parquet_text(name)
    return json.dumps({"record": "file", "file": text, "status": "failed", "pageCount": 0,
                       "pageErrors": 0, "countClaimed": None, "error": {"code": code, "message": "%s: %s" % (text, message)},
                       "warnings": [], "bytes": nbytes,
                       "seconds": None if seconds is None else round(seconds, 6)},
                      separators=(",", ":")).encode("ascii")


def fix_names(value):
    """A parsed record with each string that spells a non-UTF-8 name exactly (\\udcXX, decoded
    to lone surrogates) turned into Parquet-safe text (\\xNN)."""
    if isinstance(value, str):
        return parquet_text(value) if any("\udc80" <= c <= "\udcff" for c in value) else value
    if isinstance(value, dict):
        return {k: fix_names(v) for k, v in value.items()}
    if isinstance(value, list):
        return [fix_names(v) for v in value]
    return value


try:  # orjson, where installed, parses these records in half the time; the same values
    from orjson import loads as fast_loads
except ImportError:
    fast_loads = json.loads


PAGE_PREFIX = b'{"record":"page",'
ANNOTATION_PREFIX = b'{"record":"annotation",'
ANNOTATION_COUNT = re.compile(rb'"annotationCount":(\d+)[,}]')


def check_kinds(i, records, file_line, annotations=False):
    """One file's records are page records (each line of `pages`: a raw newline only ever ends
    a record, JSON escapes it in strings, quotes too, so a record's start never appears inside
    one) and, with `annotations`, annotation records after the first page record, then its file record, whose
    annotationCount is the annotation records sent (the failed records this job writes itself,
    with no records before them, carry none: main() writes their 0); anything else stops the
    job. Returns how many records that is."""
    count = records.count(b"\n")
    notes = records.count(ANNOTATION_PREFIX) if annotations else 0
    claimed = ANNOTATION_COUNT.search(file_line) if annotations else None
    if (count != records.count(PAGE_PREFIX) + notes or not file_line.startswith(b'{"record":"file",')
            or (notes and not records.startswith(PAGE_PREFIX))  # (a page's annotations follow its record)
            or (annotations and (int(claimed.group(1)) != notes if claimed else count or b'"status":"failed"' not in file_line))):
        raise RuntimeError("pageinfo worker: unexpected records for input %d: %r" % (i, (records + file_line)[-300:]))
    return count + 1


def wrapped_annotations(records):
    """A file's record lines with each annotation record as {"record":"annotation","annotation":LINE}
    (RAW_ANNOTATIONS_SCHEMA)."""
    return b"\n".join(b'{"record":"annotation","annotation":' + line + b"}" if line.startswith(ANNOTATION_PREFIX)
                      else line for line in records.split(b"\n"))


def parse_records(i, records, file_line, annotations=False):
    """One file's JSON lines as dicts with `input` (check_kinds first); annotation records as
    RAW_ANNOTATIONS_SCHEMA has them."""
    check_kinds(i, records, file_line, annotations)
    lines = [line for line in records.split(b"\n") if line] + [file_line]
    if b"\\udc" in records or b"\\udc" in file_line:  # lone surrogates: json only (orjson refuses them)
        rows = [fix_names(json.loads(line)) for line in lines]
    else:
        rows = [fast_loads(line) for line in lines]
    rows = [{"record": "annotation", "annotation": r} if r.get("record") == "annotation" else r for r in rows]
    for r in rows:
        r["input"] = i
    return rows


class RecordBatcher:
    """One partition's records on their way to RAW_SCHEMA record batches. Most files' JSON lines
    are kept as they came and parsed together by Arrow's JSON reader with the explicit schema
    (2.5x faster than orjson and building Arrow rows from dicts, measured in docs/spark.md);
    their `input` column is built from each file's record count, not written into the text
    (which cost a third of this step's CPU, docs/spark.md). Records with non-UTF-8 names
    (which Arrow's reader refuses) are parsed by Python's json instead. `annotations`: the
    responses hold annotation records too (RAW_ANNOTATIONS_SCHEMA)."""

    def __init__(self, struct, annotations=False):
        import pyarrow as pa
        self.struct = struct
        self.annotations = annotations
        self.schema = pa.schema(list(struct))
        self.parsed = self.schema.remove(self.schema.get_field_index("input"))
        self.files = 0  # files added, in all
        self.clear()

    def clear(self):
        self.lines, self.inputs, self.counts, self.rows = [], [], [], []
        self.size = 0  # JSON bytes held

    def add(self, i, pages, file_line):
        """One file's worker response: its page records' lines, then its file record's line."""
        self.files += 1
        if b"\\udc" in pages or b"\\udc" in file_line:
            self.rows += parse_records(i, pages, file_line, self.annotations)
        else:
            self.counts.append(check_kinds(i, pages, file_line, self.annotations))
            self.inputs.append(i)
            self.lines += (wrapped_annotations(pages) if self.annotations else pages, file_line, b"\n")
        self.size += len(pages) + len(file_line)

    def feed(self, responses):
        """Record batches of (input, page records, file record) responses, each of at most
        about BATCH_BYTES of JSON."""
        for i, pages, file_line in responses:
            self.add(i, pages, file_line)
            if self.size >= BATCH_BYTES:
                yield from self.batches()
        yield from self.batches()

    def batches(self):
        """The records held, as record batches; then none are held."""
        import numpy as np
        import pyarrow as pa
        import pyarrow.json as pj
        if self.lines:
            text = b"".join(self.lines)
            table = pj.read_json(pa.BufferReader(text),
                                 read_options=pj.ReadOptions(use_threads=False, block_size=len(text) + 1),
                                 parse_options=pj.ParseOptions(explicit_schema=self.parsed,
                                                               unexpected_field_behavior="ignore"))
            inputs = pa.array(np.repeat(np.array(self.inputs, dtype=np.int64), self.counts))
            if len(inputs) != table.num_rows:
                raise RuntimeError("pageinfo worker: %d records parsed where %d were sent" % (table.num_rows, len(inputs)))
            table = table.add_column(0, self.schema.field("input"), inputs)
            for batch in table.to_batches():
                yield pa.RecordBatch.from_arrays(batch.columns, schema=self.schema)
        if self.rows:
            yield pa.RecordBatch.from_struct_array(pa.array(self.rows, type=self.struct))
        self.clear()


# ---------------------------------------------------------------------------------------------
# One partition: a `pageinfo worker` driven through WorkerProtocol (Sources/PageInfoBatch)
# ---------------------------------------------------------------------------------------------

class Decided:
    """An item's file record decided before the worker (an object that could not be read)."""

    def __init__(self, record):
        self.record = record


def read_failure(uri, error):
    """The failed record of an object ObjectReader could not read (its `error`: not-found,
    directory, or unreadable, a tab and the exception's text)."""
    if error == "not-found":
        return failed_record(uri, "not-found", "no such file")
    if error == "directory":
        return failed_record(uri, "unreadable", "cannot read the file: it is a directory")
    text = error.partition("\t")[2].strip().splitlines() or ["unknown error"]
    return failed_record(uri, "unreadable", "cannot read the file: %s" % text[-1][:500])


def frame_end(buffer, at):
    """Where the response starting at `at` in `buffer` ends (its header's first word is the
    payload's length), or None while the header itself is incomplete."""
    if len(buffer) - at < HEADER_BYTES:
        return None
    return at + HEADER_BYTES + int.from_bytes(buffer[at:at + 4], "little")


def next_linger(linger, chunk, outstanding):
    """The next pause before reading responses, from what one pause gave: `chunk`, read after
    it from a frame boundary, while `outstanding` requests were unanswered. Halved (down to
    LINGER_FLOOR) when every one was answered: the worker went idle during the pause (failures,
    tiny files). Doubled (up to LINGER_SECONDS) when fewer than half were and the chunk ended on
    a frame boundary well short of a full pipe: the worker is busy, not blocked on its output."""
    answered, at = 0, 0
    while True:
        end = frame_end(chunk, at)
        if end is None or end > len(chunk):
            break
        answered, at = answered + 1, end
    if answered >= outstanding:
        return max(LINGER_FLOOR, linger / 2)
    if 2 * answered < outstanding and at == len(chunk) and len(chunk) < PIPE_BYTES * 3 // 4:
        return min(LINGER_SECONDS, linger * 2)
    return linger


class Worker:
    """Reads files in an isolated `pageinfo worker` process, replacing it when it dies or hangs.

    `run(items)` takes (input, name, content) — content None: the worker opens `name` (a path,
    bytes); bytes: a bytes request with `name` (the URI, bytes) as the records' name; an int:
    the size of an object too large to send (a failed record, not sent); a Decided: its file
    record, not sent — and yields
    (input, page records, file record) in order, exactly one file record per item. Up to
    MAX_OUTSTANDING requests (PIPE_BUDGET bytes) are in flight, so the worker never waits for
    Python; requests that never fit the pipe are written one at a time.
    """

    def __init__(self, binary, timeout, max_memory, max_bytes, mode="pages"):
        self.binary, self.timeout, self.max_memory, self.max_bytes = binary, timeout, max_memory, max_bytes
        self.mode = mode  # the worker's --mode: pages, or annotations (page and annotation records)
        self.proc = None
        self.files = 0
        self.stats = collections.Counter()
        self.linger = LINGER_SECONDS

    def start(self):
        try:
            self.proc = subprocess.Popen(
                [self.binary, "worker", "--hello", "--mode", self.mode, "--max-memory", str(self.max_memory),
                 "--max-request-bytes", str(self.max_bytes)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=None if os.environ.get("PAGEINFO_DEBUG_WORKERS") else subprocess.DEVNULL, bufsize=0)
        except OSError as e:  # (the task fails: Spark retries it, then the job says why, main())
            hint = ("; give --pageinfo PATH, ship the binary with --files, or put it on the executors' PATH"
                    if e.errno in (errno.ENOENT, errno.EACCES, errno.ENOEXEC, errno.ENOTDIR) else "")
            raise RuntimeError("%s%s on this executor: %s%s" % (WORKER_START_ERROR, self.binary, e.strerror or e, hint)) from None
        self.buffer = bytearray()
        self.offset = 0
        self.files = 0
        self.stats["workers"] += 1
        self.read_hello()
        self.write(b"\x01\x00\x00\x00\x00")  # configuration: no password

    def read_hello(self):
        """The worker's first bytes, its hello: the version must be PAGEINFO_VERSION, or the task
        fails with a line main() reports (a worker of another version reads files as that
        version does, and its records may not be this job's)."""
        fix = ("; ship pageinfo %s with --files or give --pageinfo PATH" % PAGEINFO_VERSION)
        deadline = time.monotonic() + HELLO_SECONDS
        fd = self.proc.stdout.fileno()
        while True:
            head = bytes(self.buffer[:len(HELLO_MAGIC)])
            if not HELLO_MAGIC.startswith(head):
                self.stop(kill=True)
                raise RuntimeError("%s%s on this executor: it wrote %r where a pageinfo worker says its version "
                                   "first (not a pageinfo %s worker)%s" % (WORKER_START_ERROR, self.binary, head,
                                                                           PAGEINFO_VERSION, fix))
            size = len(HELLO_MAGIC) + 1
            if len(self.buffer) >= size and len(self.buffer) >= size + self.buffer[size - 1]:
                version = bytes(self.buffer[size:size + self.buffer[size - 1]]).decode("utf-8", "replace")
                if version != PAGEINFO_VERSION:
                    self.stop(kill=True)
                    raise RuntimeError("%s%s on this executor: it is pageinfo %s, and this job reads the records of "
                                       "pageinfo %s%s" % (WORKER_START_ERROR, self.binary, version, PAGEINFO_VERSION, fix))
                self.offset = size + self.buffer[size - 1]
                return
            wait = deadline - time.monotonic()
            if wait <= 0 or not select.select([fd], [], [], wait)[0]:
                self.stop(kill=True)
                raise RuntimeError("%s%s on this executor: it did not say its version within %d s%s"
                                   % (WORKER_START_ERROR, self.binary, HELLO_SECONDS, fix))
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                status = self.stop()
                why = ("it refused --hello (exit status 64): a pageinfo older than %s, which says no version"
                       % PAGEINFO_VERSION if status == 64 else "it ended (status %d) before saying its version" % status)
                raise RuntimeError("%s%s on this executor: %s%s" % (WORKER_START_ERROR, self.binary, why, fix))
            self.buffer += chunk

    def write(self, data):
        try:
            view, fd = memoryview(data), self.proc.stdin.fileno()
            while view:
                view = view[os.write(fd, view):]
            return True
        except OSError:
            return False  # it died; the next read sees the end and says why

    def stop(self, kill=False):
        if self.proc is None:
            return None
        if kill:
            self.proc.kill()
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        status = self.proc.wait()
        self.proc.stdout.close()
        self.proc = None
        return status

    @staticmethod
    def frame(name, content):
        if content is None:
            return len(name).to_bytes(4, "little") + name
        return ((BYTES_REQUEST_FLAG | (4 + len(name) + len(content))).to_bytes(4, "little")
                + len(name).to_bytes(4, "little") + name + content)

    def read_response(self, deadline, outstanding=1):
        """The next response's payload, None when the worker ended first, "timeout" when the
        deadline passed. self.buffer[self.offset:] holds what was read and not yet taken.

        `outstanding`: the requests not yet answered. With more than this one and nothing
        buffered, Python waits for data, pauses self.linger, and reads what the worker wrote
        meanwhile with it: several small files' responses a wake-up instead of one (the
        partition's Python CPU -30-40 %, docs/spark.md); next_linger adapts the pause."""
        fd = self.proc.stdout.fileno()
        while True:
            end = frame_end(self.buffer, self.offset)
            if end is not None and end <= len(self.buffer):
                payload = bytes(self.buffer[self.offset + HEADER_BYTES:end])
                self.offset = end
                return payload
            if self.offset:
                del self.buffer[:self.offset]
                self.offset = 0
            pause = outstanding > 1 and not self.buffer
            if deadline is not None:
                wait = deadline - time.monotonic()
                if wait <= 0 or not select.select([fd], [], [], wait)[0]:
                    return "timeout"
            elif pause:
                select.select([fd], [], [])  # (no deadline: the pause still starts when data arrives)
            if pause:
                time.sleep(self.linger)
            chunk = os.read(fd, 1 << 18)
            if not chunk:
                return None
            if pause:
                self.linger = next_linger(self.linger, chunk, outstanding)
                outstanding = 1  # (once a call: a response larger than the pipe is read without pauses)
            self.buffer += chunk

    def failure(self, name, nbytes, seconds, timed_out):
        if timed_out:
            self.stop(kill=True)
            return failed_record(name, "timeout", "reading this file took longer than --timeout %s s; the worker "
                                 "was stopped" % format_number(self.timeout), nbytes, seconds)
        status = self.stop()
        if status < 0:
            sig = -status
            text = SIGNAL_NAMES.get(sig, "signal %d" % sig)
            description = signal.strsignal(sig)
            if description:
                text += " (%s)" % description.lower()
            return failed_record(name, "crashed", "the worker reading this file was killed by %s; nothing from "
                                 "this file is kept" % text, nbytes, seconds)
        if status == MEMORY_EXIT_STATUS:
            return failed_record(name, "memory", "reading this file needed more than --max-memory %d MiB; the "
                                 "worker was stopped" % self.max_memory, nbytes, seconds)
        return failed_record(name, "crashed", "the worker reading this file exited with status %d; nothing "
                             "from this file is kept" % status, nbytes, seconds)

    def run(self, items):
        items = iter(items)
        backlog = collections.deque()   # items to send before new ones (behind a worker that died)
        queue = collections.deque()     # (item, frame length) written, not yet answered
        in_flight = 0
        head_start = None
        exhausted = False
        pending = []                    # frames to write in one go
        while True:
            while len(queue) < MAX_OUTSTANDING:
                if queue and self.files >= RECYCLE_AFTER_FILES:
                    break  # (the worker's last requests drain, then a new worker takes the next)
                if backlog:
                    item = backlog.popleft()
                elif not exhausted:
                    item = next(items, None)
                    if item is None:
                        exhausted = True
                        break
                else:
                    break
                if isinstance(item[2], Decided):
                    yield item[0], b"", item[2].record
                    continue
                if isinstance(item[2], int):
                    yield item[0], b"", failed_record(item[1].decode("utf-8"), "unreadable", "cannot read the file: "
                                                      "its %d bytes are more than --max-bytes %d" % (item[2], self.max_bytes), item[2])
                    continue
                frame = self.frame(item[1], item[2])
                if queue and in_flight + len(frame) > PIPE_BUDGET:
                    backlog.appendleft(item)
                    break
                if self.proc is None or (self.files >= RECYCLE_AFTER_FILES and not queue):
                    if pending:
                        self.write(b"".join(pending))
                        pending.clear()
                    self.stop()
                    self.start()
                if not queue:
                    head_start = time.monotonic()
                queue.append((item, len(frame)))
                in_flight += len(frame)
                self.files += 1
                pending.append(frame)
            if pending:
                self.write(b"".join(pending))  # a worker that died: the read below says why
                pending.clear()
            if not queue:
                self.stop()
                return
            t = time.monotonic()
            response = self.read_response(head_start + self.timeout if self.timeout > 0 else None, len(queue))
            self.stats["wait"] += time.monotonic() - t
            (item, length), now = queue.popleft(), time.monotonic()
            in_flight -= length
            if isinstance(response, bytes):
                head_start = now
                payload = response
                cut = payload.rfind(b"\n", 0, len(payload) - 1) + 1
                file_line = payload[cut:].rstrip(b"\n")
                if not file_line.startswith(b'{"record":"file"'):
                    raise RuntimeError("pageinfo worker: a response without its file record: %r" % payload[-300:])
                yield item[0], payload[:cut], file_line
                continue
            # The worker died or hung on the head item; the ones behind it go to a new worker.
            nbytes = len(item[2]) if item[2] is not None else path_size(item[1])
            yield item[0], b"", self.failure(item[1], nbytes, now - head_start, response == "timeout")
            backlog.extendleft(reversed([q[0] for q in queue]))
            queue.clear()
            in_flight = 0


def partition_function(binary, timeout, max_memory, max_bytes, names=None, names_by_path=None, chunks=False,
                       annotations=False):
    """The mapInArrow function: Arrow batches of input indexes (names: a broadcast list), of
    ObjectReader's chunks (chunks=True; names: the URIs) or of binaryFile's (path, content)
    (names_by_path: a broadcast {path: [(input, URI)]}) in, RAW_SCHEMA out (with `annotations`,
    RAW_ANNOTATIONS_SCHEMA: the workers read each page's annotations too)."""

    def run(batches):
        import pyarrow as pa
        from pyspark.sql.pandas.types import to_arrow_type
        struct = to_arrow_type(RAW_ANNOTATIONS_SCHEMA if annotations else RAW_SCHEMA)
        worker = Worker(find_pageinfo(binary), timeout, max_memory, max_bytes, "annotations" if annotations else "pages")
        profile = os.environ.get("PAGEINFO_SPARK_PROFILE")
        t0, cpu0 = time.monotonic(), time.process_time()
        if profile:
            import resource
            children0 = resource.getrusage(resource.RUSAGE_CHILDREN)

        def items():
            for batch in batches:
                if chunks:                 # binary input read by ObjectReader: rows of chunks
                    listed = names.value
                    for row in zip(*(batch.column(k).to_pylist() for k in range(4))):
                        for i, length, content, error in zip(*row):
                            if error is not None:
                                yield i, listed[i], Decided(read_failure(listed[i].decode("utf-8", "surrogateescape"), error))
                            else:  # (content None: more than max_bytes, its length instead)
                                yield i, listed[i], content if content is not None else length
                elif names_by_path is None:  # path input: input indexes
                    listed = names.value
                    for i in batch.column(0).to_pylist():
                        yield i, listed[i], None
                else:                      # binary input: (path, content); each listing of the path
                    for path, content in zip(batch.column(0).to_pylist(), batch.column(1).to_pylist()):
                        # (the files under a listed directory are not entries: that entry is a
                        # failed row, decided on the driver)
                        for i, uri in names_by_path.value.get(path, ()):
                            # (an object that grew past the limit after it was listed is not sent)
                            yield i, uri.encode("utf-8"), content if len(content) <= max_bytes else len(content)

        records = RecordBatcher(struct, annotations)
        yield from records.feed(worker.run(items()))
        if profile:
            # (PAGEINFO_SPARK_PROFILE=1) where a partition's time went: wall, Python's own CPU,
            # the workers' CPU (reaped children), the wall spent waiting for them.
            worker.stop()
            children = resource.getrusage(resource.RUSAGE_CHILDREN)
            print("pageinfo_spark profile: %d files in %.3f s wall; python cpu %.3f s; worker cpu %.3f s; "
                  "waiting for the worker %.3f s; %d worker(s)"
                  % (records.files, time.monotonic() - t0, time.process_time() - cpu0,
                     children.ru_utime + children.ru_stime - children0.ru_utime - children0.ru_stime,
                     worker.stats["wait"], worker.stats["workers"]), file=sys.stderr, flush=True)

    return run


class Phases:
    """(PAGEINFO_SPARK_PROFILE=1) the driver's wall time per phase of the job, on stderr."""

    def __init__(self):
        self.on = bool(os.environ.get("PAGEINFO_SPARK_PROFILE"))
        self.t = time.monotonic()

    def __call__(self, label):
        if self.on:
            now = time.monotonic()
            print("pageinfo_spark phase: %-40s %.3f s" % (label, now - self.t), file=sys.stderr, flush=True)
            self.t = now


def path_size(name):
    try:
        st = os.stat(name)
    except OSError:
        return None
    return st.st_size if (st.st_mode & 0o170000) == 0o100000 else None


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


# ---------------------------------------------------------------------------------------------
# The list
# ---------------------------------------------------------------------------------------------

SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):(//([^/]*))?(/.*)?$")


def scheme_of(entry):
    """The entry's URI scheme, or None (a path; a one-letter "scheme" is a drive: C:/...)."""
    m = SCHEME.match(entry)
    return m.group(1) if m is not None and len(m.group(1)) > 1 else None


def has_scheme(entry):
    return scheme_of(entry) is not None


def one_line(text):
    """A Java exception's text on one line (a message may span several)."""
    return " ".join(str(text).split())


def read_list(spark, source):
    """[(input, entry)] with entries as bytes (local: exact) or str (a LIST at a Hadoop URI)."""
    if os.path.isdir(source):
        found = []
        for root, dirs, files in os.walk(os.fsencode(source)):
            dirs.sort()
            found += [os.path.join(root, f) for f in files if f.lower().endswith(b".pdf")]
        return list(enumerate(sorted(found)))
    if not os.path.exists(source) and any(c in source for c in "*?["):
        return list(enumerate(sorted(glob.glob(os.fsencode(source), recursive=True))))
    if os.path.exists(source):
        try:
            with open(source, "rb") as f:
                return list(enumerate(n for n in f.read().split(b"\n") if n))
        except OSError as e:
            raise SystemExit("%scannot read the list %s: %s" % (JOB_ERROR, source, e.strerror or e)) from None
    from py4j.protocol import Py4JJavaError
    try:
        lines = spark.sparkContext.textFile(source).filter(lambda line: line != "").collect()
    except Py4JJavaError as e:  # (missing, or no file system for its scheme)
        reason = e.java_exception.getMessage() or e.java_exception.toString()  # (a message may be null)
        raise SystemExit("%scannot read the list %s: %s" % (JOB_ERROR, source, one_line(reason))) from None
    return list(enumerate(lines))


def as_text(entry):
    return entry if isinstance(entry, str) else os.fsdecode(entry)


# ---------------------------------------------------------------------------------------------
# Binary input: which listed objects exist, through Spark's binaryFile source
# ---------------------------------------------------------------------------------------------

GLOB_CHARS = re.compile(r"([{}\[\]*?\\])")


def glob_escaped(path):
    return GLOB_CHARS.sub(r"\\\1", path)


class Qualifier:
    """A listed URI as Hadoop's Path prints it after qualification, as binaryFile's `path` column
    has it (file:///a//b/ → file:/a/b; hdfs:///x → hdfs://namenode:8020/x). Only a fast path: a
    URI it gets wrong is found by the exact check of the entries left unmatched."""

    def __init__(self, spark):
        self.jvm = spark.sparkContext._jvm
        self.conf = spark._jsparkSession.sessionState().newHadoopConf()
        self.authority = {}
        default = self.jvm.org.apache.hadoop.fs.FileSystem.get(self.conf)
        self.default_fs = default.getUri().toString()
        self.working = default.getWorkingDirectory().toString()

    def scheme_authority(self, scheme):
        if scheme not in self.authority:
            try:
                uri = self.jvm.org.apache.hadoop.fs.Path(scheme + ":///").getFileSystem(self.conf).getUri()
                self.authority[scheme] = uri.getAuthority()
            except Exception:  # noqa: BLE001 - no file system for the scheme: found as unmatched
                self.authority[scheme] = None
        return self.authority[scheme]

    def absolute(self, uri):
        """An entry without a scheme as a URI of the default file system, relative to the
        driver's working directory there, as Spark's readers take it; other URIs unchanged.
        (Executors resolve a relative Path against their own working directory.)"""
        if has_scheme(uri):
            return uri
        base = self.working if not uri.startswith("/") else self.default_fs.rstrip("/")
        return base + ("" if uri.startswith("/") else "/") + uri

    def __call__(self, uri):
        uri = self.absolute(uri)
        m = SCHEME.match(uri)
        if m is None:
            return uri
        scheme, authority, path = m.group(1), m.group(3), m.group(4) or "/"
        if not authority:
            authority = self.scheme_authority(scheme)
        parts = []
        for seg in path.split("/"):
            if seg in ("", "."):
                continue
            if seg == "..":
                if parts:
                    parts.pop()
                continue
            parts.append(seg)
        return scheme + ":" + ("//" + authority if authority else "") + "/" + "/".join(parts)


LISTED_FILE = re.compile(r"\{path=(.*); isDirectory=false; length=(\d+); replication=", re.DOTALL)


def java_strings(jvm, strings):
    """A Scala Seq of these strings. Py4J converts a list element by element, a call each (1.1 s
    for 10,000 URIs); one string split in the JVM is one call."""
    if any("\u0000" in s for s in strings):
        return jvm.PythonUtils.toSeq(strings)
    return jvm.PythonUtils.toSeq(jvm.java.util.regex.Pattern.compile("\u0000").splitAsStream("\u0000".join(strings))
                                 .collect(jvm.java.util.stream.Collectors.toList()))


def binary_file_frame(spark, uris):
    """binaryFile over exactly these URIs (globs escaped), and {path: length} of the objects
    it listed, with `path` as binaryFile's column spells it. Objects that do not exist are left
    out instead of failing the job: Spark's DataSource without its existence check (the
    listing skips missing root paths; DataFrameReader.load would throw on the first).

    The listing's statuses come from the relation's file index in one call (Hadoop's
    FileStatus.toString of each, NUL-separated), not from a scan: a scan of `path, length`
    fetches every object's status a second time (1.2 s of CPU per 10,000 local files)."""
    from pyspark.sql import DataFrame
    jvm = spark.sparkContext._jvm
    ds_class = jvm.org.apache.spark.sql.execution.datasources.DataSource
    source = ds_class.apply(spark._jsparkSession, "binaryFile", java_strings(jvm, [glob_escaped(u) for u in uris]),
                            getattr(ds_class, "apply$default$4")(), getattr(ds_class, "apply$default$5")(),
                            getattr(ds_class, "apply$default$6")(),
                            jvm.PythonUtils.toScalaMap({"recursiveFileLookup": "true"}),
                            getattr(ds_class, "apply$default$8")())
    relation = source.resolveRelation(False)
    frame = DataFrame(spark._jsparkSession.baseRelationToDataFrame(relation), spark)
    statuses = relation.location().allFiles()
    matches = [LISTED_FILE.search(s) for s in statuses.mkString("\u0000").split("\u0000")] if statuses.size() else []
    if all(matches):
        return frame, {m.group(1): int(m.group(2)) for m in matches}
    # (a Hadoop whose FileStatus prints otherwise: the scan, slower, says the same)
    return frame, {r["path"]: r["length"] for r in frame.select("path", "length").collect()}


def binary_inputs(spark, entries, max_bytes, phases=lambda label: None):
    """(frame of (path, content) to read, {path: [(input, uri)]}, [(input, file record)] decided here)."""
    from pyspark.sql import functions as F
    # Spark lists more than 32 root paths with a job of one task per path (up to 10,000 tasks):
    # for a list of files, a few tasks per core list them as fast, without 10,000 task start-ups.
    spark.conf.set("spark.sql.sources.parallelPartitionDiscovery.parallelism",
                   str(max(2, 2 * spark.sparkContext.defaultParallelism)))
    qualify = Qualifier(spark)
    by_path = collections.defaultdict(list)
    for i, entry in entries:
        uri = as_text(entry)
        by_path[qualify(uri)].append((i, uri))
    phases("qualifying the URIs")
    frame, listed = binary_file_frame(spark, list(by_path))
    phases("listing (resolveRelation)")
    frames = [frame]
    decided = []
    unmatched = [p for p in by_path if p not in listed]
    jvm = spark.sparkContext._jvm
    for qpath in unmatched:
        for i, uri in by_path.pop(qpath):
            reason = None
            try:
                path = jvm.org.apache.hadoop.fs.Path(uri)
                status = path.getFileSystem(qualify.conf).getFileStatus(path)
            except Exception as e:  # noqa: BLE001 - FileNotFoundException, or no such file system
                text = str(e)
                if "FileNotFoundException" in text:
                    decided.append((i, failed_record(uri, "not-found", "no such file")))
                else:
                    decided.append((i, failed_record(uri, "unreadable", "cannot read the file: %s"
                                                     % text.strip().splitlines()[-1][:500])))
                continue
            if status.isDirectory():
                decided.append((i, failed_record(uri, "unreadable", "cannot read the file: it is a directory")))
                continue
            # It exists, but the listing did not give it under the name we expected: read it alone.
            single, found = binary_file_frame(spark, [uri])
            if len(found) != 1:
                reason = ("cannot read the file: Hadoop's file listing leaves out names that start with _ or ."
                          if os.path.basename(uri).startswith(("_", ".")) else
                          "cannot read the file: Spark's binaryFile source did not return it")
                decided.append((i, failed_record(uri, "unreadable", reason, status.getLen())))
                continue
            by_path[next(iter(found))].append((i, uri))
            listed.update(found)
            frames.append(single)
    for qpath in [p for p, n in listed.items() if n > max_bytes and p in by_path]:
        for i, uri in by_path.pop(qpath):
            decided.append((i, failed_record(uri, "unreadable", "cannot read the file: its %d bytes are more than "
                                             "--max-bytes %d" % (listed[qpath], max_bytes), listed[qpath])))
    # Only the listed objects within the limit are read (binaryFile applies the length filter
    # before it reads a file's content).
    to_read = None
    for f in frames:
        f = f.where(F.col("length") <= max_bytes).select("path", "content")
        to_read = f if to_read is None else to_read.union(f)
    # Spark's file index leaves zero-length files out of the files it scans (they are in its
    # listing, `listed`, but never read: no row, a lost entry), so an object listed as empty is
    # handed to the worker as empty from here, in one partition. It is taken as empty even if
    # it has grown by the time the others are read. (Hadoop's status cannot tell an empty file
    # from a FIFO, a socket or a device, which the scan would not read either: they too are
    # read as empty, and never opened.)
    empty = [p for p in by_path if listed.get(p) == 0]
    if empty:
        to_read = to_read.union(spark.createDataFrame([(p, bytearray()) for p in empty], to_read.schema).coalesce(1))
    largest = max([n for p, n in listed.items() if p in by_path] or [1])
    return to_read, dict(by_path), decided, largest


# ---------------------------------------------------------------------------------------------
# Binary input read by our own JVM code (integrations/spark/java, `make spark-deps` builds it)
# ---------------------------------------------------------------------------------------------

# What a scheme's file system needs on the class path, where Hadoop does not bring it
# (docs/spark.md has the table).
CONNECTORS = {"s3a": "hadoop-aws at the cluster's Hadoop version, and the AWS SDK bundle it names",
              "gs": "the Cloud Storage connector (gcs-connector, its hadoop3 shaded jar)",
              "abfs": "hadoop-azure at the cluster's Hadoop version",
              "abfss": "hadoop-azure at the cluster's Hadoop version"}


def unsupported_schemes(spark, uris):
    """The listed URIs' schemes for which Hadoop has no file system on the driver, usually because
    its connector is not on the class path: one line each, saying why and what to add; empty
    when every scheme has one. Each of those objects would fail alike, so the job stops before
    reading any (both readers: ObjectReader would write a failed row per object, and the
    binaryFile source would end in a Java stack trace). So the driver needs the connectors of
    the listed schemes, as `--packages` and `--jars` give it and the executors alike. Schemes
    are compared in lower case, as Hadoop's file-system cache keys them."""
    from py4j.protocol import Py4JJavaError
    first, counts = {}, collections.Counter()
    for u in uris:
        scheme = scheme_of(u)
        if scheme is not None:
            scheme = scheme.lower()
            counts[scheme] += 1
            first.setdefault(scheme, u)
    if not counts:
        return []
    jvm = spark.sparkContext._jvm
    conf = spark._jsparkSession.sessionState().newHadoopConf()
    problems = []
    for scheme, n in sorted(counts.items()):
        try:
            jvm.org.apache.hadoop.fs.FileSystem.getFileSystemClass(scheme, conf)
        except Py4JJavaError as e:
            reason = one_line(e.java_exception.toString())
            problems.append("no Hadoop file system for scheme %s (%d of %d entries, the first %s): %s; put %s on "
                            "the class path (--packages or --jars)"
                            % (scheme, n, len(uris), first[scheme], reason, CONNECTORS.get(scheme, "its Hadoop connector")))
    return problems


JAR_NAME = "pageinfo-spark.jar"


def find_jar():
    """The ObjectReader jar on this machine: $PAGEINFO_SPARK_JAR, else integrations/spark/build/
    beside this file (where `make spark-deps` builds it); None when there is none."""
    for jar in (os.environ.get("PAGEINFO_SPARK_JAR"),
                os.path.join(os.path.dirname(os.path.abspath(__file__)), "build", JAR_NAME)):
        if jar and os.path.isfile(jar):
            return os.path.abspath(jar)
    return None


def object_reader(spark):
    """ObjectReader's class on the driver, or None (the job then reads with binaryFile). Found
    where spark-submit --jars (or spark.jars at launch) put it on the driver's class path."""
    from py4j.java_gateway import JavaClass
    reader = spark.sparkContext._jvm.pageinfo.spark.ObjectReader
    return reader if isinstance(reader, JavaClass) else None


def objects_to_open(spark, uris):
    """The URIs ObjectReader opens: entries without a scheme (--input binary over paths) made
    absolute on the driver (Qualifier.absolute), as the binaryFile fallback reads them; the
    rest as listed. The records keep the entries as listed."""
    if all(has_scheme(u) for u in uris):
        return uris
    qualify = Qualifier(spark)
    return [qualify.absolute(u) for u in uris]


def object_chunks(spark, reader, uris, partitions, max_bytes):
    """The listed objects read by ObjectReader: rows of chunks (input, length, content, error
    per object), one chunk an Arrow batch (at most ARROW_RECORDS objects; none added once it holds
    ARROW_BUDGET bytes of content, their real sizes: no listing needed to bound them)."""
    from pyspark.sql import DataFrame
    spark.conf.set("spark.sql.execution.arrow.maxRecordsPerBatch", "1")
    return DataFrame(reader.read(spark._jsparkSession, "\u0000".join(objects_to_open(spark, uris)), partitions,
                                 max_bytes, ARROW_RECORDS, ARROW_BUDGET), spark)


# ---------------------------------------------------------------------------------------------
# The job
# ---------------------------------------------------------------------------------------------

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files-from", help="list file (one entry a line), directory or glob")
    ap.add_argument("--output", help="output directory: OUTPUT/pages and OUTPUT/files (Parquet; with "
                                     "--annotations also OUTPUT/annotations)")
    ap.add_argument("--annotations", action="store_true",
                    help="also read every page's annotations (`pageinfo annotations`): OUTPUT/annotations, "
                         "one row per annotation, and files.annotationCount")
    ap.add_argument("--input", choices=("auto", "path", "binary"), default="auto",
                    help="path: executors open the paths; binary: Spark reads the objects (default: binary "
                         "when an entry has a URI scheme)")
    ap.add_argument("--max-bytes", type=int, default=DEFAULT_MAX_BYTES,
                    help="binary input: the largest object read (default 64 MiB, at most 1 GiB)")
    ap.add_argument("--partitions", type=int, default=None, help="Spark partitions, at least 1 (default: the default parallelism)")
    ap.add_argument("--pageinfo", default=None, help="path of the pageinfo binary on the executors")
    ap.add_argument("--timeout", type=float, default=60, help="seconds one file may take (default 60; 0: no limit)")
    ap.add_argument("--max-memory", type=int, default=4096, help="address space per worker in MiB (default 4096; 0: no limit)")
    ap.add_argument("--print-schema", action="store_true", help="print docs/records.parquet.json and exit")
    args = ap.parse_args(argv)
    if args.print_schema:
        print(json.dumps(schema_document(), indent=2))
        return
    if not args.files_from or not args.output:
        ap.error("--files-from and --output are required")
    if not 0 < args.max_bytes <= WORKER_MAX_BYTES:
        ap.error("--max-bytes must be between 1 and %d" % WORKER_MAX_BYTES)
    if args.partitions is not None and args.partitions < 1:
        ap.error("--partitions must be at least 1")
    if not 0 <= args.timeout < float("inf"):  # (also refuses nan)
        ap.error("--timeout must be 0 (no limit) or more seconds")
    if args.max_memory != 0 and not MIN_WORKER_MEMORY <= args.max_memory <= MAX_WORKER_MEMORY:
        ap.error("--max-memory must be 0 (no limit) or %d to %d MiB (a worker needs at least %d)"
                 % (MIN_WORKER_MEMORY, MAX_WORKER_MEMORY, MIN_WORKER_MEMORY))

    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    builder = SparkSession.builder.appName("pageinfo")
    jar = find_jar()
    if jar and "PYSPARK_GATEWAY_PORT" not in os.environ:
        # (started by python, not spark-submit: the launch's --jars; spark-submit needs --jars JAR)
        builder = builder.config("spark.jars", jar)
    spark = builder.getOrCreate()
    sc = spark.sparkContext
    phases = Phases()
    partitions = args.partitions or sc.defaultParallelism
    entries = read_list(spark, args.files_from)
    phases("reading the list")
    binary = args.input == "binary" or (args.input == "auto" and any(has_scheme(as_text(e)) for _, e in entries))

    raw_schema = RAW_ANNOTATIONS_SCHEMA if args.annotations else RAW_SCHEMA
    decided = []
    uris = [as_text(e) for _, e in entries] if binary else []
    problems = unsupported_schemes(spark, uris)
    if problems:
        raise SystemExit("%s%s; no object was read, nothing written" % (JOB_ERROR, "; ".join(problems)))
    reader = object_reader(spark) if binary and not any("\u0000" in u for u in uris) else None
    if reader is not None:
        chunks = object_chunks(spark, reader, uris, partitions, args.max_bytes)
        phases("planning the reads (ObjectReader)")
        names = sc.broadcast([u.encode("utf-8", "surrogateescape") for u in uris])
        raw = chunks.mapInArrow(partition_function(args.pageinfo, args.timeout, args.max_memory, args.max_bytes,
                                                   names=names, chunks=True, annotations=args.annotations), raw_schema)
    elif binary:
        # About `partitions` scan partitions (no shuffle of the content): a file costs its size
        # plus 8 KiB when Spark packs files into partitions, a partition at most 128 MiB.
        spark.conf.set("spark.sql.files.openCostInBytes", "8192")
        spark.conf.set("spark.sql.files.minPartitionNum", str(partitions))
        to_read, by_path, decided, largest = binary_inputs(spark, entries, args.max_bytes, phases)
        phases("checking the objects not listed")
        # Each Arrow batch holds at most ARROW_BUDGET bytes of content (at least one file).
        spark.conf.set("spark.sql.execution.arrow.maxRecordsPerBatch", str(max(1, min(ARROW_RECORDS, ARROW_BUDGET // max(largest, 1)))))
        shared = sc.broadcast(by_path)
        raw = to_read.mapInArrow(
            partition_function(args.pageinfo, args.timeout, args.max_memory, args.max_bytes, names_by_path=shared,
                               annotations=args.annotations), raw_schema)
    else:
        # The input indexes come from the JVM (range); the names, as bytes, from a broadcast.
        names = sc.broadcast([e if isinstance(e, bytes) else e.encode("utf-8") for _, e in entries])
        indexes = spark.range(0, len(entries), numPartitions=partitions).withColumnRenamed("id", "input")
        spark.conf.set("spark.sql.execution.arrow.maxRecordsPerBatch", "10000")  # (Spark's default)
        raw = indexes.mapInArrow(partition_function(args.pageinfo, args.timeout, args.max_memory, WORKER_MAX_BYTES,
                                                    names=names, annotations=args.annotations), raw_schema)
    if decided:
        rows = [parse_records(i, b"", r)[0] for i, r in decided]
        raw = raw.union(spark.createDataFrame([tuple(r.get(f.name) for f in raw_schema.fields) for r in rows], raw_schema))
    raw = raw.cache()
    pages = raw.where(F.col("record") == "page").select([f.name for f in PAGES_SCHEMA.fields])
    files = raw.where(F.col("record") == "file").select([f.name for f in FILES_SCHEMA.fields])
    if args.annotations:
        # (the failed records this job writes itself carry no count: none of their annotations
        # was read, as `pageinfo annotations` writes a failed file's 0; `when`, not coalesce,
        # keeps the column nullable, as the schema says for both modes)
        count = F.col("annotationCount")
        files = files.withColumn("annotationCount", F.when(count.isNull(), F.lit(0)).otherwise(count))
        annotations = raw.where(F.col("record") == "annotation").select(
            [F.col("input")] + [F.col("annotation." + f.name).alias(f.name) for f in ANNOTATIONS_SCHEMA.fields[1:]])
    phases("planning")
    try:
        files.write.mode("overwrite").parquet(os.path.join(args.output, "files"))
    except Exception as e:  # noqa: BLE001 - only a task's error this job made for people is reported so
        # (the task's exception line, as the traceback ends: a file's name or content quoted in
        # another error is on that error's line, its newlines escaped, so it cannot pose as one)
        said = [line for line in str(e).splitlines() if line.startswith("RuntimeError: " + WORKER_START_ERROR)]
        if not said:
            raise
        raise SystemExit(said[-1][len("RuntimeError: "):]) from None
    phases("reading the PDFs, writing OUT/files")
    pages.write.mode("overwrite").parquet(os.path.join(args.output, "pages"))
    phases("writing OUT/pages (from the cache)")
    if args.annotations:
        annotations.write.mode("overwrite").parquet(os.path.join(args.output, "annotations"))
        phases("writing OUT/annotations (from the cache)")
    summary = spark.read.parquet(os.path.join(args.output, "files")).groupBy("status").count().collect()
    phases("counting the files rows")
    raw.unpersist()
    total = sum(row["count"] for row in summary)
    if total != len(entries):
        raise SystemExit("%s%d files rows for %d entries" % (JOB_ERROR, total, len(entries)))
    how = "path input" if not binary else "binary input, %s" % ("read by ObjectReader" if reader is not None else
                                                                 "read by the binaryFile source (no ObjectReader jar)")
    print("pageinfo_spark: %d entries (%s): " % (len(entries), how)
          + ", ".join("%d %s" % (row["count"], row["status"]) for row in sorted(summary)), file=sys.stderr)
    spark.stop()


if __name__ == "__main__":
    main()
