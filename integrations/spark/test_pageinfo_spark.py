#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`make spark-test`: the Spark job's Parquet rows equal what pageinfo prints on this machine.

    python integrations/spark/test_pageinfo_spark.py PAGEINFO_BINARY [TEST_WORKER]

Makes a corpus with scripts/make_batch_corpus.py (good files with varied geometry, a damaged
file, a non-PDF, a directory, a file whose /PageLabels tree overflows Poppler's stack, a name
that is not UTF-8) plus copies under names that matter (the crash hook's, glob characters, a
leading underscore), an oversized file, an empty file and a FIFO, then runs the job on local[2]
twice:

  path input   LIST of paths; oracle: `pageinfo pages --files-from LIST --jobs 2` (batch mode,
               its coordinator and workers) — every row and value equal (seconds aside);
  binary input LIST of file:/// URIs (standing in for s3a://), --max-bytes below the oversized
               file, run as README's spark-submit for a bucket (the binary shipped with
               --files, found through SparkFiles), twice: with --jars pageinfo-spark.jar
               (ObjectReader reads the objects; `make spark-deps` builds it) and without (the
               binaryFile source, the fallback, run with --annotations: an empty annotations
               table and every annotationCount 0, its oracle `pageinfo annotations`); oracle: `pageinfo pages --format jsonl FILE...` in process for the files it
               can read, names mapped to the URIs — page rows equal, file rows equal; the missing
               object, a path through a file, the non-PDF, the directory, the oversized, the
               empty and the crashing file and the FIFO are `failed` rows with their reasons
               (the FIFO refused by ObjectReader, read as empty by the fallback: never opened
               to wait for a writer); one files row per URI. With the jar, also
               objects on ObjectReader's size boundaries in one partition (its 64 KiB read
               buffer, the worker's 256 KiB in-memory limit, exactly --max-bytes and one byte
               over): the same oracle, and the pages the corpus script built.

Annotations (path input, --annotations): the fixtures with annotations, damaged, missing,
crashing and non-UTF-8-named files; oracle: `pageinfo annotations --files-from LIST --jobs 2` —
pages, files and annotations rows equal, each files row's annotationCount its annotations rows
(0 for the crashed file, a row the job writes itself), and Fixtures/annotations/annotations.pdf's
rows the rectangles its golden says it was built with.

Failures (path input): a worker that hangs (--timeout 3) and one that exhausts --max-memory 256
(the PAGEINFO_TEST_HANG_ON / PAGEINFO_TEST_ALLOC_ON hooks) are `failed` rows with the reasons
batch mode's coordinator gives with the same options and worker, and the job finishes. The
worker: TEST_WORKER (a second argument), else `pageinfo-test-worker` beside PAGEINFO_BINARY
where it is built, else PAGEINFO_BINARY itself (its worker still has the hooks).

The job's pause before reading a worker's responses adapts (stand-in workers, no Spark): down
to its floor against a worker that always has answered everything, up to its maximum against
one that takes 5 ms a request; its rule on responses cut at every kind of place; and a
partition's worker is replaced after RECYCLE_AFTER_FILES files while items keep coming.

Both: the written Parquet schemas are docs/records.parquet.json, which is what
`pageinfo_spark.py --print-schema` generates, and every column is a field of
docs/records.schema.json of a matching type (and every record field is a column).
Exits non-zero on any difference. Prints "N passed, M failed".
"""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MAX_BYTES = 4096
JOB_SECONDS = 600  # one job's limit (they take well under a minute each)

passed = failed = 0


def expect(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAILED: " + what, file=sys.stderr)


def parquet_text(raw):
    """The oracle's spelling of a name in Parquet (docs/records.parquet.json): invalid UTF-8 bytes as \\xNN."""
    return raw.decode("utf-8", "backslashreplace")


def json_records(data):
    """JSON lines as dicts; \\udcXX names (PEP 383) as their Parquet text."""
    out = []
    for line in data.split(b"\n"):
        if line:
            r = json.loads(line.decode("utf-8"))
            r["file"] = parquet_text(r["file"].encode("utf-8", "surrogateescape"))
            if r.get("error") and r["error"].get("message"):
                r["error"]["message"] = parquet_text(r["error"]["message"].encode("utf-8", "surrogateescape"))
            out.append(r)
    return out


def spark_env(env):
    return dict(env, PYSPARK_PYTHON=sys.executable, SPARK_LOCAL_IP="127.0.0.1",
                PYSPARK_SUBMIT_ARGS="--master local[2] --driver-memory 1g "
                                    "--conf spark.ui.showConsoleProgress=false pyspark-shell")


class JobHung(Exception):
    """A job ran past JOB_SECONDS and was killed: the test run stops (its failed check counted)."""


def run_job(listfile, out, env, *extra, ship=None, jar=None, partitions=3):
    """The job as python pageinfo_spark.py …, or with ship=BINARY as README's spark-submit for a
    bucket (the binary shipped with --files, found through SparkFiles; jar=JAR: with --jars JAR,
    ObjectReader reads the objects). It must finish with exit 0; its `pageinfo_spark:` lines."""
    status, output = job(listfile, out, env, *extra, ship=ship, jar=jar, partitions=partitions)
    expect(status == 0, "the job finishes (exit %d): %s" % (status, output[-3000:]))
    return [l for l in output.splitlines() if l.startswith("pageinfo_spark:")]


def job(listfile, out, env, *extra, ship=None, jar=None, partitions=3):
    """The job run as run_job says: its exit status and its output (stdout and stderr)."""
    script = [os.path.join(HERE, "pageinfo_spark.py"), "--files-from", listfile, "--output", out, "--partitions", str(partitions)]
    if ship:
        command = [os.path.join(os.path.dirname(sys.executable), "spark-submit"), "--master", "local[2]",
                   "--driver-memory", "1g", "--conf", "spark.ui.showConsoleProgress=false", "--files", ship] \
            + (["--jars", jar] if jar else []) + script
        env = {k: v for k, v in env.items() if k != "PAGEINFO_BIN"}
    else:
        command = [sys.executable] + script
    # (spark-submit passes the Python driver's stderr to its stdout; a job that hangs is killed
    # after JOB_SECONDS, its process group: spark-submit, the JVM and the driver's Python; the
    # executors' Python workers, in a group of their own, end when the JVM does. The run then
    # stops with a failed check instead of CI waiting for ever.)
    with subprocess.Popen(command + list(extra), env=spark_env(env), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          start_new_session=True) as p:
        try:
            output = p.communicate(timeout=JOB_SECONDS)[0].decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:  # (it ended meanwhile)
                pass
            output = p.communicate()[0].decode("utf-8", "replace")
            expect(False, "the job finishes within %d s: %s" % (JOB_SECONDS, output[-3000:]))
            raise JobHung(JOB_SECONDS)
    return p.returncode, output


def as_dicts(spark, path):
    return [r.asDict(recursive=True) for r in spark.read.parquet(path).collect()]


def expected_row(columns, r, position):
    """A Parquet row as the contract says it is made from a record: its fields by name."""
    row = {c: r.get(c) for c in columns}
    row["input"] = position
    return row


def without(rows, key):
    return [{k: v for k, v in r.items() if k != key} for r in rows]


def by_input(rows):
    return sorted(rows, key=lambda r: (r["input"], r.get("index") or 0))


def first_difference(got, want):
    for g, w in zip(got, want):
        if g != w:
            return {k: (g.get(k), w.get(k)) for k in set(g) | set(w) if g.get(k) != w.get(k)}
    return "lengths %d and %d" % (len(got), len(want))


# ---------------------------------------------------------------------------------------------
# The schema contract
# ---------------------------------------------------------------------------------------------

def resolve(node, defs):
    """A JSON Schema node's possible kinds {"string", "integer", ...} and, for objects, properties."""
    if "$ref" in node:
        return resolve(defs[node["$ref"].split("/")[-1]], defs)
    kinds, props = set(), {}
    t = node.get("type")
    if t:
        kinds |= set(t if isinstance(t, list) else [t])
    for v in node.get("enum", []) + ([node["const"]] if "const" in node else []):
        kinds.add("null" if v is None else "boolean" if isinstance(v, bool) else "integer" if isinstance(v, int)
                  else "number" if isinstance(v, float) else "string")
    props.update(node.get("properties", {}))
    for key in ("allOf", "oneOf", "anyOf"):
        for sub in node.get(key, []):
            k, p = resolve(sub, defs)
            kinds |= k
            for name, v in p.items():
                props.setdefault(name, v)
    if "items" in node:
        props["[]"] = node["items"]
    if isinstance(node.get("additionalProperties"), dict):
        props["*"] = node["additionalProperties"]  # (an object of any names: each a struct field)
    if props and "[]" not in props:
        kinds.add("object")
    return kinds, props


def check_type(spark_type, node, defs, where):
    kinds, props = resolve(node, defs)
    name = spark_type["type"] if isinstance(spark_type, dict) else spark_type
    if name == "struct":
        expect("object" in kinds, "%s: a struct where the records have %s" % (where, kinds))
        fields = {f["name"]: f for f in spark_type["fields"]}
        named = set(props) - {"*"}
        expect(set(fields) == named or ("*" in props and named <= set(fields)),
               "%s: struct fields %s, record fields %s" % (where, sorted(fields), sorted(props)))
        for n in fields:
            if n in props or "*" in props:
                check_type(fields[n]["type"], props.get(n, props.get("*")), defs, where + "." + n)
    elif name == "array":
        expect("array" in kinds, "%s: an array where the records have %s" % (where, kinds))
        check_type(spark_type["elementType"], props["[]"], defs, where + "[]")
    else:
        allowed = {"string": {"string"}, "integer": {"integer"}, "long": {"integer"}, "double": {"number", "integer"},
                   "boolean": {"boolean"}}[name]
        expect(kinds & allowed and not (kinds - allowed - {"null"}), "%s: Parquet %s, records %s" % (where, name, kinds))


def check_schema_contract(spark_schemas):
    sys.path.insert(0, HERE)
    import pageinfo_spark
    generated = pageinfo_spark.schema_document()
    with open(os.path.join(ROOT, "docs", "records.parquet.json")) as f:
        documented = json.load(f)
    expect(documented == generated, "docs/records.parquet.json is what `pageinfo_spark.py --print-schema` prints")
    with open(os.path.join(ROOT, "docs", "records.schema.json")) as f:
        records = json.load(f)
    defs = records["$defs"]
    # A page record's "annotations" array is `pageinfo annotations --format json`'s only: the job
    # reads batch output (JSON lines), whose page records never carry one. The job reads no
    # outline: no outlineCount.
    for table, record, not_columns in (("pages", "pageRecord", {"record", "annotations"}),
                                       ("files", "fileRecord", {"record", "outlineCount"}),
                                       ("annotations", "annotationRecord", {"record"})):
        columns = {f["name"]: f for f in documented[table]["fields"]}
        fields = defs[record]["properties"]
        expect(set(columns) - {"input"} == set(fields) - not_columns,
               "%s: columns %s, %s fields %s" % (table, sorted(columns), record, sorted(fields)))
        for name in set(columns) & set(fields):
            check_type(columns[name]["type"], fields[name], defs, "%s.%s" % (table, name))
        expect(columns["input"]["type"] == "long" and not columns["input"]["nullable"], "%s.input: long, never null" % table)
        for got in spark_schemas[table]:
            expect(got == documented[table], "%s: the written Parquet schema is the documented one: %s"
                   % (table, json.dumps(got)[:400]))


# ---------------------------------------------------------------------------------------------
# The two inputs
# ---------------------------------------------------------------------------------------------

def path_job_and_oracle(command, names, binary, work, env, *job_options):
    """The job over `names` as a LIST of paths (path input), and its oracle: `pageinfo COMMAND
    --files-from LIST --jobs 2` (batch mode, the failure tests' worker), which must exit 70 (a
    worker crashed). Returns (the oracle's run, the job's output directory)."""
    listfile = os.path.join(work, command + ".txt")
    with open(listfile, "wb") as f:
        f.write(b"".join(n + b"\n" for n in names))
    ref = subprocess.run([binary, command, "--files-from", listfile, "--jobs", "2", "--no-progress"]
                         + ([] if JOB_WORKER == binary else ["--worker", JOB_WORKER]),
                         stdout=subprocess.PIPE, env=env, check=False)
    expect(ref.returncode == 70, "the local %s run exits 70 (a worker crashed), got %d" % (command, ref.returncode))
    out = os.path.join(work, "out-" + command)
    summary = run_job(listfile, out, env, *job_options)
    expect(any("(path input)" in l for l in summary), "path input was used: %r" % summary)
    return ref, out


def test_paths(spark, binary, corpus, work, env, schemas):
    names = [os.path.join(corpus, b"good-%05d.pdf" % i) for i in range(300)]
    names[10:10] = [os.path.join(corpus, n) for n in (b"damaged.pdf", b"crash-me.pdf", b"deep-labels.pdf", b"missing.pdf",
                                                      b"name with spaces.pdf", b"bad-\xff\xfe.pdf", b"not-a-pdf.pdf")]
    names += [os.path.join(corpus, b"good-00007.pdf")]  # a repeat is a separate input
    ref, out = path_job_and_oracle("pages", names, binary, work, env)

    want_pages, want_files, position = [], [], 0
    got_pages, got_files = as_dicts(spark, os.path.join(out, "pages")), as_dicts(spark, os.path.join(out, "files"))
    page_columns = list(got_pages[0]) if got_pages else []
    file_columns = list(got_files[0]) if got_files else []
    for r in json_records(ref.stdout):
        if r.get("record") == "file":
            want_files.append(expected_row(file_columns, r, position))
            position += 1
        else:
            want_pages.append(expected_row(page_columns, r, position))
    expect(position == len(names), "the oracle has one file record per input")
    expect(len(got_files) == len(names), "one files row per input: %d rows for %d inputs" % (len(got_files), len(names)))
    expect(sorted(r["input"] for r in got_files) == list(range(len(names))), "every input index exactly once")
    expect(len(got_pages) == len(want_pages), "pages rows: %d, local run: %d" % (len(got_pages), len(want_pages)))
    expect(by_input(got_pages) == by_input(want_pages),
           "pages rows equal the local run's page records; first difference: %r" % (first_difference(by_input(got_pages), by_input(want_pages)),))
    expect(without(by_input(got_files), "seconds") == without(by_input(want_files), "seconds"),
           "files rows equal the local run's file records; first difference: %r"
           % (first_difference(without(by_input(got_files), "seconds"), without(by_input(want_files), "seconds")),))
    expect(all(r["seconds"] is not None and r["seconds"] >= 0 for r in got_files), "every files row has seconds")
    row = {names[r["input"]]: r for r in got_files}
    for name, status, code in ((b"damaged.pdf", "failed", "damaged"), (b"crash-me.pdf", "failed", "crashed"),
                               (b"missing.pdf", "failed", "not-found"), (b"not-a-pdf.pdf", "failed", "not-pdf"),
                               (b"good-00000.pdf", "ok", None), (b"bad-\xff\xfe.pdf", "ok", None)):
        r = row[os.path.join(corpus, name)]
        expect((r["status"], (r["error"] or {}).get("code")) == (status, code), "%r: %r %r" % (name, r["status"], r["error"]))
    expect(row[os.path.join(corpus, b"bad-\xff\xfe.pdf")]["file"] == corpus.decode() + "/bad-\\xff\\xfe.pdf",
           "a name that is not UTF-8 is written with \\xNN: %r" % row[os.path.join(corpus, b"bad-\xff\xfe.pdf")]["file"])
    check_built_pages(corpus, got_pages, lambda i: names[i], {b"good-00007.pdf": 2})
    record_written_schemas(out, schemas)


def conformed(value, dtype):
    """A JSON value as a Parquet row of the Spark type `dtype` gives it back: a struct has each of
    its fields (null where the record leaves one out), an array each element so."""
    from pyspark.sql.types import ArrayType, StructType
    if value is None:
        return None
    if isinstance(dtype, StructType):
        return {f.name: conformed(value.get(f.name), f.dataType) for f in dtype.fields}
    if isinstance(dtype, ArrayType):
        return [conformed(v, dtype.elementType) for v in value]
    return value


def test_record_kinds():
    """check_kinds (no Spark): what a response of the annotations mode must be to be taken."""
    sys.path.insert(0, HERE)
    import pageinfo_spark as job
    page, note = b'{"record":"page","index":0}\n', b'{"record":"annotation","page":0}\n'
    ok = b'{"record":"file","status":"ok","pageCount":1,"pageErrors":0,"annotationCount":%d,"countClaimed":1}'
    made = job.failed_record("x.pdf", "crashed", "the worker died")

    def taken(records, file_line, annotations=True):
        try:
            return job.check_kinds(0, records, file_line, annotations)
        except RuntimeError:
            return None
    expect(taken(page + note + note, ok % 2) == 4, "a page, its two annotations and a file record that counts them")
    expect(taken(page, ok % 0) == 2, "a page without annotations")
    expect(taken(b"", made) == 1, "a failed record the job made, with no count")
    for records, file_line, why in ((page + note, ok % 2, "a count that is not the records"),
                                    (note + page, ok % 1, "an annotation before any page record"),
                                    (page + note, made, "records before a record with no count"),
                                    (page + b'{"record":"outline","index":0}\n', ok % 0, "another kind of record")):
        expect(taken(records, file_line) is None, "refused: %s" % why)
    expect(taken(page + note, ok % 1, annotations=False) is None, "annotation records in a pages job are refused")


def test_annotations(spark, binary, corpus, work, env, schemas):
    """--annotations (path input): the pages, files and annotations rows equal the records of
    `pageinfo annotations --files-from LIST --jobs 2` (batch mode), each file's annotationCount
    is its annotations rows, and the fixture built with known rectangles has them."""
    print("annotations (path input)", flush=True)
    sys.path.insert(0, HERE)
    import pageinfo_spark
    fixtures = os.path.join(ROOT, "Fixtures").encode()
    shutil.copy(os.path.join(fixtures, b"annotations", b"annotations.pdf"), os.path.join(corpus, b"annots-\xff.pdf"))
    names = [os.path.join(fixtures, b"annotations", n) for n in (b"annotations.pdf", b"hostile.pdf", b"hostile-outline.pdf")]
    names += [os.path.join(fixtures, n) for n in (b"rotations.pdf", b"mixed.pdf", b"truncated.pdf")]
    names += [os.path.join(corpus, n) for n in (b"damaged.pdf", b"crash-me.pdf", b"missing.pdf", b"not-a-pdf.pdf",
                                                 b"annots-\xff.pdf", b"good-00000.pdf", b"good-00001.pdf")]
    names.append(names[0])  # a repeat is a separate input
    ref, out = path_job_and_oracle("annotations", names, binary, work, env, "--annotations")
    got = {t: as_dicts(spark, os.path.join(out, t)) for t in ("pages", "files", "annotations")}
    columns = {"pages": list(got["pages"][0]), "files": list(got["files"][0]),
               "annotations": [f.name for f in pageinfo_spark.ANNOTATIONS_SCHEMA.fields]}
    want = {"pages": [], "files": [], "annotations": []}
    position = 0
    for r in json_records(ref.stdout):
        kind = {"file": "files", "page": "pages", "annotation": "annotations"}[r["record"]]
        row = expected_row(columns[kind], r, position)
        if kind == "annotations":
            row = conformed(row, pageinfo_spark.ANNOTATIONS_SCHEMA)
        want[kind].append(row)
        position += kind == "files"
    expect(position == len(names), "the oracle has one file record per input")
    annotation_order = lambda rows: sorted(rows, key=lambda r: (r["input"], r["page"], r["index"]))  # noqa: E731
    expect(by_input(got["pages"]) == by_input(want["pages"]),
           "annotations job: pages rows equal the local run's; first difference: %r"
           % (first_difference(by_input(got["pages"]), by_input(want["pages"])),))
    expect(without(by_input(got["files"]), "seconds") == without(by_input(want["files"]), "seconds"),
           "annotations job: files rows equal the local run's; first difference: %r"
           % (first_difference(without(by_input(got["files"]), "seconds"), without(by_input(want["files"]), "seconds")),))
    expect(len(got["annotations"]) == len(want["annotations"]) > 100,
           "annotations rows: %d, local run: %d" % (len(got["annotations"]), len(want["annotations"])))
    expect(annotation_order(got["annotations"]) == annotation_order(want["annotations"]),
           "annotations rows equal the local run's annotation records; first difference: %r"
           % (first_difference(annotation_order(got["annotations"]), annotation_order(want["annotations"])),))
    per_input = {}
    for r in got["annotations"]:
        per_input[r["input"]] = per_input.get(r["input"], 0) + 1
    expect(all(r["annotationCount"] == per_input.get(r["input"], 0) for r in got["files"]),
           "each files row's annotationCount is its annotations rows: %r"
           % [(r["input"], r["annotationCount"], per_input.get(r["input"], 0)) for r in got["files"]])
    row = {r["input"]: r for r in got["files"]}
    crashed = row[names.index(os.path.join(corpus, b"crash-me.pdf"))]
    expect((crashed["status"], crashed["error"]["code"], crashed["annotationCount"]) == ("failed", "crashed", 0),
           "the crashing file: failed, crashed, annotationCount 0: %r" % crashed)
    # The fixture's golden (how scripts/make_annotation_fixtures.py built it), not pageinfo's output.
    with open(os.path.join(fixtures, b"annotations", b"annotations.json")) as f:
        golden = [(p["index"], a["index"], a["subtype"], a["rect"], a["drawnRect"], a["flags"])
                  for p in json.load(f)["pages"] for a in p["annotations"]]
    for i in (0, names.index(os.path.join(corpus, b"annots-\xff.pdf")), len(names) - 1):
        rows = annotation_order([r for r in got["annotations"] if r["input"] == i])
        mine = [(r["page"], r["index"], r["subtype"], r["rect"], r["drawnRect"], r["flags"]) for r in rows]
        expect(mine == golden, "input %d: the annotations the fixture was built with (%d rows, %d built)"
               % (i, len(mine), len(golden)))
    expect(all(r["file"] == corpus.decode() + "/annots-\\xff.pdf" for r in got["annotations"]
               if r["input"] == names.index(os.path.join(corpus, b"annots-\xff.pdf"))),
           "a name that is not UTF-8 is written with \\xNN in the annotations rows")
    record_written_schemas(out, schemas, ("pages", "files", "annotations"))


def record_written_schemas(out, schemas, tables=("pages", "files")):
    """The Spark schema each Parquet file was written with (its footer; reading it back through
    Spark would make every column nullable)."""
    import pyarrow.parquet as pq
    for table in tables:
        directory = os.path.join(out, table)
        for part in sorted(os.listdir(directory)):
            if part.endswith(".parquet"):
                meta = pq.read_schema(os.path.join(directory, part)).metadata
                schemas[table].append(json.loads(meta[b"org.apache.spark.sql.parquet.row.metadata"]))


def check_built_pages(corpus, got_pages, name_of, repeats):
    """Every good file has the pages scripts/make_batch_corpus.py built it with (an oracle that
    is not pageinfo at all): their count and MediaBox sizes."""
    with open(os.path.join(corpus, b"expected.json")) as f:
        built = json.load(f)
    pages_of = {}
    for r in got_pages:
        pages_of.setdefault(os.path.basename(name_of(r["input"])), []).append(r)
    bad = []
    for name in pages_of:
        key = name.decode("utf-8", "replace")
        if key in built:
            rows = sorted(pages_of[name], key=lambda r: (r["input"], r["index"]))
            sizes = [[r["mediaBox"]["width"], r["mediaBox"]["height"]] for r in rows]
            want = [p[:2] for p in built[key]] * repeats.get(name, 1)
            if sizes != want:
                bad.append(key)
    expect(not bad and len(pages_of) > 5, "good files have the pages they were built with; wrong: %r" % bad[:5])


def in_process_rows(binary, corpus, readable, entries, uri, env, got_pages, got_files, command="pages"):
    """The oracle of binary input: `pageinfo COMMAND --format jsonl` in process on the readable
    files as paths, each record as the row the job writes for its entry (the columns those
    written, `file` and the messages naming the URI, `input` the entry's position; a name
    listed twice takes its positions in order). Returns (page rows, file rows); an annotation
    record (COMMAND annotations) is a page row's (test_binary's files have none)."""
    ref = subprocess.run([binary, command, "--format", "jsonl"] + [os.path.join(corpus, n) for n in readable],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, check=False)
    position_of = {}
    for i, n in enumerate(entries):
        position_of.setdefault(n, []).append(i)
    page_columns = list(got_pages[0]) if got_pages else []
    file_columns = list(got_files[0]) if got_files else []
    want_pages, want_files, seen = [], [], {}
    for r in json_records(ref.stdout):
        name = os.path.basename(r["file"].encode("utf-8"))
        k = seen.get(name, 0)
        position = position_of[name][k]
        r["file"] = uri(name)
        if r.get("error") and r["error"].get("message"):
            r["error"]["message"] = r["error"]["message"].replace(os.path.join(corpus, name).decode(), uri(name))
        if r.get("record") == "file":
            seen[name] = k + 1
            want_files.append(expected_row(file_columns, r, position))
        else:
            want_pages.append(expected_row(page_columns, r, position))
    return want_pages, want_files


def expect_rows_equal(got_files, want_files, got_pages, want_pages):
    """The files rows of the objects read and all pages rows equal the oracle's (seconds aside)."""
    expect(without(by_input(got_files), "seconds") == without(by_input(want_files), "seconds"),
           "files rows of the readable objects equal the in-process file records; first difference: %r"
           % (first_difference(without(by_input(got_files), "seconds"), without(by_input(want_files), "seconds")),))
    expect(by_input(got_pages) == by_input(want_pages),
           "pages rows equal the in-process page records; first difference: %r" % (first_difference(by_input(got_pages), by_input(want_pages)),))


def test_binary(spark, binary, corpus, work, env, schemas, jar=None, annotations=False):
    """jar: ObjectReader reads the objects (one open each: a name starting with _ is read like any
    other); None: the binaryFile source (whose listing hides such names: a failed row saying so).
    annotations: the job runs with --annotations and the oracle is `pageinfo annotations` (these
    files have no annotations: an empty annotations table, every annotationCount 0, the rows
    the job decides itself too)."""
    print("binary input, %s%s" % ("ObjectReader (--jars %s)" % jar if jar else "the binaryFile source (no jar)",
                                  ", --annotations" if annotations else ""), flush=True)
    uri = lambda name: "file://" + os.path.join(corpus, name).decode("utf-8")  # noqa: E731
    readable = [b"good-%05d.pdf" % i for i in range(100)]
    readable[5:5] = [b"not-a-pdf.pdf", b"damaged.pdf", b"name with spaces.pdf", b"glob[1]{a,b}*.pdf"]
    readable.append(b"good-00007.pdf")
    others = [b"missing.pdf", b"a-directory.pdf", b"big.pdf", b"_hidden.pdf", b"crash-me.pdf", b"empty.pdf",
              b"a-fifo.pdf", b"good-00001.pdf/inside.pdf"]
    if jar:
        others.remove(b"_hidden.pdf")
        readable.insert(60, b"_hidden.pdf")
    entries = readable[:50] + others + readable[50:]
    for name in readable:
        expect(os.path.getsize(os.path.join(corpus, name)) <= MAX_BYTES or name == b"not-a-pdf.pdf",
               "%r is within --max-bytes" % name)
    expect(os.path.getsize(os.path.join(corpus, b"big.pdf")) > MAX_BYTES, "big.pdf is over --max-bytes")
    listfile = os.path.join(work, "uris.txt")
    with open(listfile, "w") as f:
        f.write("".join(uri(n) + "\n" for n in entries))
    out = os.path.join(work, "out-uris-jar" if jar else "out-uris")
    summary = run_job(listfile, out, env, "--max-bytes", str(MAX_BYTES), *(["--annotations"] if annotations else []),
                      ship=env["PAGEINFO_BIN"], jar=jar)
    reader = "read by ObjectReader" if jar else "read by the binaryFile source"
    expect(any("(binary input, %s" % reader in l for l in summary), "binary input %s for file:// URIs: %r" % (reader, summary))

    got_pages, got_files = as_dicts(spark, os.path.join(out, "pages")), as_dicts(spark, os.path.join(out, "files"))
    want_pages, want_files = in_process_rows(binary, corpus, readable, entries, uri, env, got_pages, got_files,
                                             "annotations" if annotations else "pages")
    expect(len(want_files) == len(readable), "the in-process oracle read every readable file")
    if annotations:
        # (an annotation record of the oracle would be a pages row too many: expect_rows_equal)
        expect(as_dicts(spark, os.path.join(out, "annotations")) == [],
               "binary input, --annotations: no annotation rows for files without annotations")
        expect(all(r["annotationCount"] == 0 for r in got_files),
               "binary input, --annotations: every files row counts 0 annotations: %r"
               % sorted({r["annotationCount"] for r in got_files}, key=str))

    expect(len(got_files) == len(entries), "one files row per URI: %d rows for %d URIs" % (len(got_files), len(entries)))
    expect(sorted(r["input"] for r in got_files) == list(range(len(entries))), "every URI's index exactly once")
    expect(all(r["file"] == uri(entries[r["input"]]) for r in got_files + got_pages), "`file` is the URI as listed")
    readable_rows = [r for r in got_files if entries[r["input"]] in readable]
    expect_rows_equal(readable_rows, want_files, got_pages, want_pages)
    expect(sum(1 for r in readable_rows if r["status"] == "ok") == len(readable) - 2,
           "every good PDF is ok: %d" % sum(1 for r in readable_rows if r["status"] == "ok"))
    row = {entries[r["input"]]: r for r in got_files}
    for name, code, bytes_ in ((b"missing.pdf", "not-found", None), (b"a-directory.pdf", "unreadable", None),
                               (b"big.pdf", "unreadable", os.path.getsize(os.path.join(corpus, b"big.pdf"))),
                               (b"_hidden.pdf", "unreadable", os.path.getsize(os.path.join(corpus, b"_hidden.pdf"))),
                               (b"crash-me.pdf", "crashed", os.path.getsize(os.path.join(corpus, b"crash-me.pdf"))),
                               (b"not-a-pdf.pdf", "not-pdf", os.path.getsize(os.path.join(corpus, b"not-a-pdf.pdf"))),
                               # (Spark's scan never reads an empty file: the job must still give its row)
                               (b"empty.pdf", "not-pdf", 0), (b"good-00001.pdf/inside.pdf", "not-found", None),
                               # (opening a FIFO waits for a writer: ObjectReader refuses it; Hadoop's
                               # status, all the binaryFile source has, says an empty file)
                               (b"a-fifo.pdf", "unreadable", None) if jar else (b"a-fifo.pdf", "not-pdf", 0)):
        if jar and name == b"_hidden.pdf":
            expect(row[name]["status"] == "ok" and row[name]["pageCount"] > 0, "ObjectReader reads _hidden.pdf: %r" % row[name])
            continue
        r = row[name]
        expect(r["status"] == "failed" and (r["error"] or {}).get("code") == code and r["pageCount"] == 0
               and r["bytes"] == bytes_ and (r["error"] or {}).get("message"),
               "%r: failed %s with a reason and bytes %r: %r %r %r" % (name, code, bytes_, r["status"], r["error"], r["bytes"]))
    if jar:
        expect("not a regular file" in row[b"a-fifo.pdf"]["error"]["message"], "the FIFO's reason: %r" % row[b"a-fifo.pdf"]["error"])
    big = row[b"big.pdf"]["error"]["message"]
    expect(str(os.path.getsize(os.path.join(corpus, b"big.pdf"))) in big and str(MAX_BYTES) in big,
           "the oversized file's reason gives both sizes: %r" % big)
    if not jar:
        expect("start with _" in row[b"_hidden.pdf"]["error"]["message"], "the hidden name's reason: %r" % row[b"_hidden.pdf"]["error"])
    check_built_pages(corpus, got_pages, lambda i: entries[i], {b"good-00007.pdf": 2})
    record_written_schemas(out, schemas, ("pages", "files", "annotations") if annotations else ("pages", "files"))


def padded(pdf, size):
    """The bytes of `pdf` made exactly `size` bytes long without changing the document: comment
    lines, then a second startxref to the same cross-reference (as Tests/PageInfoTestSupport's
    PaddedPDF, which pads to at least a size)."""
    at = pdf.rindex(b"startxref")
    offset = int(pdf[at + len(b"startxref"):].split()[0])
    head, tail = pdf + b"\n", b"\nstartxref\n%d\n%%%%EOF\n" % offset
    room = size - len(head) - len(tail)  # the comment lines' bytes, each "%x...x\n"
    if room < 2:
        raise ValueError("%d bytes is too small to pad a %d-byte PDF to" % (size, len(pdf)))
    lines = [b"%" + b"x" * 1022 + b"\n"] * ((room - 2) // 1024)
    lines.append(b"%" + b"x" * (room - 1024 * len(lines) - 2) + b"\n")
    out = head + b"".join(lines) + tail
    assert len(out) == size
    return out


def test_object_sizes(spark, binary, corpus, work, env, jar):
    """ObjectReader in one partition over objects of every size class and on its boundaries:
    small ones before and after objects of exactly its 64 KiB read buffer, larger (the buffer
    grows, and is dropped after: each object's content must be its own bytes only), larger than
    the worker's 256 KiB in-memory limit (a memory file), exactly --max-bytes (read), one byte
    over and far over it (failed rows with both sizes). Every row read equals the in-process
    records of the same files read as paths, and the pages are those the corpus script built."""
    print("binary input, ObjectReader, objects of 1 KiB to 600 KiB in one partition", flush=True)
    limit = 512 << 10
    made = {b"exact-64k.pdf": (b"good-00011.pdf", 64 << 10), b"pad-300k.pdf": (b"good-00013.pdf", 300 << 10),
            b"exact-limit.pdf": (b"good-00015.pdf", limit), b"limit-plus-1.pdf": (b"good-00017.pdf", limit + 1),
            b"pad-600k.pdf": (b"good-00019.pdf", 600 << 10)}
    for name, (source, size) in made.items():
        with open(os.path.join(corpus, source), "rb") as f, open(os.path.join(corpus, name), "wb") as g:
            g.write(padded(f.read(), size))
    entries = [b"good-00010.pdf", b"exact-64k.pdf", b"good-00012.pdf", b"pad-300k.pdf", b"good-00014.pdf",
               b"exact-limit.pdf", b"limit-plus-1.pdf", b"good-00016.pdf", b"pad-600k.pdf", b"good-00018.pdf"]
    over = [b"limit-plus-1.pdf", b"pad-600k.pdf"]
    readable = [n for n in entries if n not in over]
    uri = lambda name: "file://" + os.path.join(corpus, name).decode("utf-8")  # noqa: E731
    listfile = os.path.join(work, "sizes.txt")
    with open(listfile, "w") as f:
        f.write("".join(uri(n) + "\n" for n in entries))
    out = os.path.join(work, "out-sizes")
    summary = run_job(listfile, out, env, "--max-bytes", str(limit), ship=env["PAGEINFO_BIN"], jar=jar, partitions=1)
    expect(any("read by ObjectReader" in l for l in summary), "read by ObjectReader: %r" % summary)
    got_pages, got_files = as_dicts(spark, os.path.join(out, "pages")), as_dicts(spark, os.path.join(out, "files"))
    expect(len(got_files) == len(entries), "one files row per URI: %d rows for %d" % (len(got_files), len(entries)))
    want_pages, want_files = in_process_rows(binary, corpus, readable, entries, uri, env, got_pages, got_files)
    expect(len(want_files) == len(readable) and all(r["status"] == "ok" for r in want_files),
           "the oracle reads the padded files as ok: %r" % [(r["file"], r["status"]) for r in want_files])
    readable_rows = [r for r in got_files if entries[r["input"]] in readable]
    expect(sorted(r["bytes"] for r in readable_rows) == sorted(os.path.getsize(os.path.join(corpus, n)) for n in readable),
           "each object's bytes are its size")
    expect_rows_equal(readable_rows, want_files, got_pages, want_pages)
    # (independent of pageinfo: the padded files have their source's pages)
    source_of = {name: source for name, (source, _) in made.items()}
    check_built_pages(corpus, got_pages, lambda i: source_of.get(entries[i], entries[i]), {})
    for name in over:
        rows = [r for r in got_files if entries[r["input"]] == name]
        size = os.path.getsize(os.path.join(corpus, name))
        expect(len(rows) == 1 and rows[0]["status"] == "failed" and rows[0]["error"]["code"] == "unreadable"
               and rows[0]["bytes"] == size and str(size) in rows[0]["error"]["message"]
               and str(limit) in rows[0]["error"]["message"],
               "%r over --max-bytes is failed with both sizes: %r" % (name, rows))


def test_unsupported_schemes(corpus, work, env, jar=None):
    """URIs whose scheme has no Hadoop file system (no connector on the class path) stop the job
    before it reads anything: exit 1 and one line per scheme (the driver checks before it picks
    a reader: ObjectReader would have written a failed row per object, the binaryFile source
    ended in a Java stack trace)."""
    print("binary input, schemes without a file system", flush=True)
    # (a scheme is compared in lower case, as Hadoop's file-system cache keys it: FILE:// is file)
    entries = ["file://" + os.path.join(corpus, b"good-00001.pdf").decode(), "nosuchfs://b/c.pdf", "s3a://bucket/a.pdf",
               "NoSuchFS://b/d.pdf", "FILE://" + os.path.join(corpus, b"good-00002.pdf").decode()]
    listfile = os.path.join(work, "schemes.txt")
    with open(listfile, "w") as f:
        f.write("".join(e + "\n" for e in entries))
    out = os.path.join(work, "out-schemes")
    status, output = job(listfile, out, env, ship=env["PAGEINFO_BIN"], jar=jar)
    lines = [l for l in output.splitlines() if l.startswith("pageinfo_spark:")]
    expect(status == 1, "a scheme without a file system: exit 1, not %d" % status)
    expect(len(lines) == 1 and "no Hadoop file system for scheme nosuchfs (2 of 5 entries, the first nosuchfs://b/c.pdf)" in lines[0]
           and "No FileSystem for scheme \"nosuchfs\"" in lines[0] and "scheme file" not in lines[0].lower()
           and "no Hadoop file system for scheme s3a (1 of 5 entries" in lines[0] and "hadoop-aws" in lines[0]
           and "S3AFileSystem not found" in lines[0] and lines[0].endswith("no object was read, nothing written"),
           "one line naming each scheme, why, and what to add: %r" % lines)
    expect("Traceback" not in output and "\tat org.apache" not in output, "no stack trace: %s" % output[-2000:])
    expect(not os.path.exists(out), "nothing written to %s" % out)


def test_job_errors(corpus, work, env):
    """A mistake a person can fix ends the job with exit status 1 (2 for a bad option) and one
    line saying what to do, not a Python traceback: a list that does not exist, a worker binary
    the executors cannot start (its task fails; the job reports the task's reason), an option
    out of range."""
    print("the job's errors", flush=True)
    listfile = os.path.join(work, "one.txt")
    with open(listfile, "wb") as f:
        f.write(os.path.join(corpus, b"good-00001.pdf") + b"\n")
    out = os.path.join(work, "out-errors")
    # (a list there that open() refuses even to root: a socket)
    unreadable = os.path.join(work, "list.sock")
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(unreadable)
    cases = [
        ([os.path.join(work, "no-such-list.txt")], 1, "pageinfo_spark: cannot read the list %s: Input path does not exist"
         % os.path.join(work, "no-such-list.txt")),
        ([listfile, "--pageinfo", "/nonexistent/pageinfo"], 1,
         "pageinfo_spark: cannot start the pageinfo worker /nonexistent/pageinfo on this executor: No such file or directory"),
        ([listfile, "--partitions", "0"], 2, "error: --partitions must be at least 1"),
        ([listfile, "--timeout", "-1"], 2, "error: --timeout must be 0 (no limit) or more seconds"),
        ([listfile, "--timeout", "nan"], 2, "error: --timeout must be 0 (no limit) or more seconds"),
        ([listfile, "--max-memory", "-1"], 2, "error: --max-memory must be 0 (no limit) or 64 to 1073741824 MiB"),
        ([listfile, "--max-memory", "63"], 2, "error: --max-memory must be 0 (no limit) or 64 to 1073741824 MiB"),
        # (2^43 MiB overflowed the limit in bytes: every worker crashed)
        ([listfile, "--max-memory", "8796093022208"], 2, "error: --max-memory must be 0 (no limit) or 64 to 1073741824 MiB"),
        ([unreadable], 1, "pageinfo_spark: cannot read the list %s: No such device or address" % unreadable),
    ]
    for (source, *extra), want_status, want_line in cases:
        status, output = job(source, out, env, *extra)
        said = [l for l in output.splitlines() if l.startswith("pageinfo_spark")]
        expect(status == want_status and len(said) == 1 and want_line in said[0],
               "%r: exit %d and one line %r: exit %d, %r" % (extra or source, want_status, want_line, status, said))
        # (the executor's log has the failed task's traceback, as Spark logs every task failure;
        # the driver's own would name main)
        expect("pyspark.errors" not in output and not re.search(r'pageinfo_spark\.py", line \d+, in main', output),
               "%r: no Python traceback from the driver: %s" % (extra or source, output[-1500:]))
        expect(not os.path.exists(os.path.join(out, "files")), "%r: no files table written" % (extra or source))
    listener.close()


def test_relative_entries(spark):
    """--input binary over entries without a scheme: ObjectReader gets them absolute on the
    driver's default file system (an executor would resolve a relative name against its own
    working directory, which on a cluster is not the driver's)."""
    sys.path.insert(0, HERE)
    import pageinfo_spark
    cwd = os.getcwd()
    got = pageinfo_spark.objects_to_open(spark, ["a b.pdf", "sub/../c.pdf", "/abs/d.pdf", "file:///e.pdf",
                                                  "s3a://bucket/f.pdf"])
    want = ["file:%s/a b.pdf" % cwd, "file:%s/sub/../c.pdf" % cwd, "file:/abs/d.pdf", "file:///e.pdf",
            "s3a://bucket/f.pdf"]
    expect(got == want, "relative entries are made absolute for ObjectReader: %r, expected %r" % (got, want))
    expect(pageinfo_spark.objects_to_open(spark, ["file:///x.pdf"]) == ["file:///x.pdf"],
           "URIs with a scheme are opened as listed")


def test_failures(spark, binary, worker, corpus, work, env):
    """A worker that hangs (--timeout) and one that exhausts --max-memory: each a `failed` row
    with the reason batch mode gives (its coordinator is the oracle, same options, same worker),
    the partition goes on with a new worker and the job finishes."""
    names = [os.path.join(corpus, b"good-%05d.pdf" % i) for i in range(20)]
    names[4:4] = [os.path.join(corpus, b"hang-me.pdf")]
    names[12:12] = [os.path.join(corpus, b"alloc-me.pdf")]
    listfile = os.path.join(work, "failures.txt")
    with open(listfile, "wb") as f:
        f.write(b"".join(n + b"\n" for n in names))
    env = dict(env, PAGEINFO_TEST_HANG_ON="hang-me", PAGEINFO_TEST_ALLOC_ON="alloc-me")
    options = ["--timeout", "3", "--max-memory", "256"]
    ref = subprocess.run([binary, "pages", "--files-from", listfile, "--jobs", "2", "--no-progress"] + options
                         + ([] if worker == binary else ["--worker", worker]),
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, check=False, timeout=300)
    out = os.path.join(work, "out-failures")
    t = time.monotonic()
    summary = run_job(listfile, out, dict(env, PAGEINFO_BIN=worker), *options)
    expect(any("(path input)" in l for l in summary), "the failures job finished: %r" % summary)
    expect(time.monotonic() - t < 240, "the hanging worker was stopped after --timeout, not waited for")
    want = [r for r in json_records(ref.stdout) if r.get("record") == "file"]
    got = by_input(as_dicts(spark, os.path.join(out, "files")))
    expect(len(got) == len(names) == len(want), "one files row per input: %d rows, %d inputs, %d oracle records"
           % (len(got), len(names), len(want)))
    by_name = {os.path.basename(names[r["input"]]): r for r in got}
    for name, code, reason in ((b"hang-me.pdf", "timeout", "took longer than --timeout 3 s; the worker was stopped"),
                               (b"alloc-me.pdf", "memory", "needed more than --max-memory 256 MiB; the worker was stopped")):
        r = by_name.get(name, {})
        message = (r.get("error") or {}).get("message") or ""
        expect(r.get("status") == "failed" and (r.get("error") or {}).get("code") == code and reason in message
               and message.startswith(os.path.join(corpus, name).decode()) and r.get("pageCount") == 0,
               "%r: failed %s with its reason: %r" % (name, code, r))
    expect(sum(1 for r in got if r["status"] == "ok") == len(names) - 2, "every other file is ok: %r"
           % sorted((r["status"], r["file"]) for r in got if r["status"] != "ok"))
    expect(without(got, "seconds") == without([expected_row(list(got[0]), r, i) for i, r in enumerate(want)], "seconds"),
           "files rows equal batch mode's file records (same timeout and memory limit); first difference: %r"
           % (first_difference(without(got, "seconds"),
                               without([expected_row(list(got[0]), r, i) for i, r in enumerate(want)], "seconds")),))


JOB_WORKER = None  # the worker the tests' jobs and batch oracles run (main sets it)


FAKE_WORKER = """#!%s
# test_worker_pause's stand-in for `pageinfo worker`: %s
import sys, time
COUNT = %d
record = b'{"record":"file","file":"x","status":"failed","pageCount":0}\\n'
response = len(record).to_bytes(4, "little") + bytes([0, 0, 0, 0, 2, 255, 0, 0]) + record
stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
if "--hello" in sys.argv:  # (it stands for a worker of this version)
    stdout.write(%r)
    stdout.flush()
stdin.read(5)  # the configuration
%s
"""
INSTANT = ("answers every request before it is asked: all COUNT responses, each written whole,\n"
           "# as fast as the pipe takes them (a thread reads the requests until they end)",
           "import threading\nreader = threading.Thread(target=stdin.read)\nreader.start()\n"
           "for _ in range(COUNT):\n    stdout.write(response)\n    stdout.flush()\nreader.join()")
SLOW = ("answers each request 5 ms after it arrives",
        "while stdin.read(int.from_bytes(stdin.read(4) or bytes(4), 'little')):\n"
        "    time.sleep(0.005)\n    stdout.write(response)\n    stdout.flush()")


def hello(version):
    """A worker's hello: the magic, the version's length in a byte, the version."""
    import pageinfo_spark as job
    text = version.encode()
    return job.HELLO_MAGIC + bytes([len(text)]) + text


def test_worker_protocol(binary):
    """The job's copy of the pipe protocol (PROTOCOL) is the worker's own, as
    `pageinfo worker --describe-protocol` prints it: a constant changed on one side only fails
    here, not in a task on a cluster."""
    print("worker protocol", flush=True)
    import pageinfo_spark as job
    run = subprocess.run([binary, "worker", "--describe-protocol"], capture_output=True, text=True)
    expect(run.returncode == 0, "worker --describe-protocol exits 0: %d %r" % (run.returncode, run.stderr))
    described = json.loads(run.stdout) if run.returncode == 0 else {}
    expect(described.get("version") == job.PAGEINFO_VERSION,
           "the worker describes pageinfo %s's protocol: %r" % (job.PAGEINFO_VERSION, described.get("version")))
    for key, value in job.PROTOCOL.items():
        expect(described.get(key) == value, "PROTOCOL[%r] is the worker's: job %r, worker %r" % (key, value, described.get(key)))


def test_worker_versions(work, binary):
    """The job reads the records of one pageinfo version: the binary under test says it is
    PAGEINFO_VERSION, and its worker's hello is read before the first request. A worker of
    another version, one from before the hello (it refuses --hello, exit 64) and a program that
    says something else first each fail the task with the line main() reports, naming the
    binary, the versions and the fix; none yields a record."""
    print("worker versions", flush=True)
    import pageinfo_spark as job
    said = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.split()
    expect(said[:2] == ["pageinfo", job.PAGEINFO_VERSION],
           "PAGEINFO_VERSION %s is the version the binary says: %r" % (job.PAGEINFO_VERSION, said))
    worker = job.Worker(binary, 30, 4096, job.WORKER_MAX_BYTES)
    out = list(worker.run([(0, b"/nowhere/a.pdf", None)]))
    expect(len(out) == 1 and b"not-found" in out[0][2], "a worker of this version reads: %r" % out)
    for label, body, want in (
            ("other", "printf '\\377PIW\\0050.0.9'; cat > /dev/null",
             "it is pageinfo 0.0.9, and this job reads the records of pageinfo %s" % job.PAGEINFO_VERSION),
            ("old", "echo \"Error: Unknown option '--hello'\" >&2; exit 64",
             "it refused --hello (exit status 64): a pageinfo older than %s" % job.PAGEINFO_VERSION),
            ("not-pageinfo", "echo hello; cat > /dev/null", "where a pageinfo worker says its version first")):
        script = os.path.join(work, "worker-%s" % label)
        with open(script, "w") as f:
            f.write("#!/bin/sh\n" + body + "\n")
        os.chmod(script, 0o755)
        try:
            got = list(job.Worker(script, 30, 4096, job.WORKER_MAX_BYTES).run([(0, b"/nowhere/a.pdf", None)]))
            message = "no error, %r" % got
        except RuntimeError as e:
            message = str(e)
        expect(message.startswith(job.WORKER_START_ERROR + script + " on this executor: ") and want in message
               and "give --pageinfo PATH" in message, "a %s worker fails the task saying so: %s" % (label, message))


def test_worker_pause(work, binary):
    """The job's pause before it reads a worker's responses (Worker.read_response) follows the
    worker: against one that has answered every request whenever Python looks, it halves down
    to LINGER_FLOOR (a fixed pause would leave a fast worker idle); against one that takes 5 ms
    a request, it doubles from the floor up to LINGER_SECONDS (read while the queue is still
    full; at the end it may halve again); each item gets one response, in order. The workers
    are stand-ins, so the outcome does not depend on this machine's speed. Then the rule alone
    (next_linger) on chunks cut at every kind of place, and a worker replaced after
    RECYCLE_AFTER_FILES files while items keep coming."""
    import pageinfo_spark as job
    for label, (what, body), count, start, want, when in (
            ("instant", INSTANT, 5000, job.LINGER_SECONDS, job.LINGER_FLOOR, 4900),
            ("slow", SLOW, 150, job.LINGER_FLOOR, job.LINGER_SECONDS, 120)):
        script = os.path.join(work, "fake-worker-%s" % label)
        with open(script, "w") as f:
            f.write(FAKE_WORKER % (sys.executable, what, count, hello(job.PAGEINFO_VERSION), body))
        os.chmod(script, 0o755)
        worker = job.Worker(script, 5, 4096, job.WORKER_MAX_BYTES)
        worker.linger = start
        seen = {}

        def items():
            for i in range(count):
                if i == when:  # (pulled when a response came back: the queue is full behind it)
                    seen["linger"] = worker.linger
                yield i, b"/nowhere/%d.pdf" % i, None
        out = list(worker.run(items()))
        expect([i for i, _, _ in out] == list(range(count)) and all(f.startswith(b'{"record":"file"') for _, _, f in out),
               "the %s stand-in worker: one response per item, in order (%d of %d)" % (label, len(out), count))
        expect(seen.get("linger") == want, "the %s stand-in worker: the pause went from %g s to %s s by item %d, not %g s"
               % (label, start, seen.get("linger"), when, want))

    # The rule alone: responses of 3 and 0 payload bytes, and chunks cut inside them.
    one, empty = (3).to_bytes(4, "little") + bytes(8) + b"abc", bytes(12)
    big = (job.PIPE_BYTES - 112).to_bytes(4, "little") + bytes(8) + b"x" * (job.PIPE_BYTES - 112)
    top, low = job.LINGER_SECONDS, job.LINGER_FLOOR
    for chunk, outstanding, linger, want, what in (
            (one * 4, 4, top, top / 2, "every request answered: halved"),
            (one * 5, 4, top, top / 2, "more than asked (answers to requests behind): halved"),
            (one * 3 + empty, 4, top, top / 2, "a zero-length payload counts"),
            (one * 4, 4, low, low, "halving stops at the floor"),
            (one, 4, low, 2 * low, "fewer than half, on a frame boundary: doubled"),
            (one, 4, top, top, "doubling stops at LINGER_SECONDS"),
            (one * 2, 4, low, low, "exactly half: unchanged"),
            (one * 3 + one[:14], 4, low, low, "cut inside a payload: that response not counted, and not doubled"),
            (one * 3 + one[:5], 4, low, low, "cut inside a header: not counted, not doubled"),
            (one * 3 + one[:14], 3, top, top / 2, "cut inside a fourth response: three of three answered, halved"),
            (big, 64, low, low, "one response nearly filling the pipe is not a slow worker: not doubled")):
        got = job.next_linger(linger, chunk, outstanding)
        expect(got == want, "next_linger: %s (%g s, not %g s)" % (what, got, want))

    # Recycling: the worker is replaced after RECYCLE_AFTER_FILES files even while items keep
    # coming (entries that do not exist: fast), and every item still gets its record, in order.
    worker = job.Worker(binary, 30, 4096, job.WORKER_MAX_BYTES)
    count = job.RECYCLE_AFTER_FILES + 50
    out = list(worker.run((i, b"/nowhere/%d.pdf" % i, None) for i in range(count)))
    expect(worker.stats["workers"] == 2, "a worker replaced after %d files: %d worker(s) for %d items"
           % (job.RECYCLE_AFTER_FILES, worker.stats["workers"], count))
    expect([i for i, _, _ in out] == list(range(count))
           and all(b'"status":"failed"' in f and b"not-found" in f and (b"/nowhere/%d.pdf" % i) in f for i, _, f in out),
           "recycling: one not-found record per item, in order, naming its file")


def test_worker(binary):
    """The worker the failure tests run: the tests' own `pageinfo-test-worker` beside the binary
    (or given as the second argument) where it is built, else the binary itself, whose worker
    still honours the PAGEINFO_TEST_* hooks. Both take `worker --mode pages ...`."""
    if len(sys.argv) > 2:
        return os.path.abspath(sys.argv[2])
    beside = os.path.join(os.path.dirname(binary), "pageinfo-test-worker")
    return beside if os.access(beside, os.X_OK) else binary


def main():
    binary = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="pageinfo-spark-")
    corpus = os.path.join(work, "corpus").encode()
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "make_batch_corpus.py"), corpus,
                    "--count", "300", "--hostile"], check=True)
    for copy, source in ((b"crash-me.pdf", b"good-00002.pdf"), (b"glob[1]{a,b}*.pdf", b"good-00003.pdf"),
                         (b"_hidden.pdf", b"good-00004.pdf"), (b"hang-me.pdf", b"good-00008.pdf"),
                         (b"alloc-me.pdf", b"good-00009.pdf")):
        shutil.copy(os.path.join(corpus, source), os.path.join(corpus, copy))
    with open(os.path.join(corpus, b"good-00005.pdf"), "rb") as f, open(os.path.join(corpus, b"big.pdf"), "wb") as g:
        g.write(f.read() + b"%" + b"x" * (2 * MAX_BYTES) + b"\n")
    open(os.path.join(corpus, b"empty.pdf"), "wb").close()
    os.mkfifo(os.path.join(corpus, b"a-fifo.pdf"))  # (no writer ever opens it)
    # The release pageinfo has no test hooks: the job's workers (crash-me must crash them) are
    # the test worker, under the name the job looks for (`pageinfo`, also when shipped with
    # --files), and the local oracle runs use it through --worker.
    global JOB_WORKER
    JOB_WORKER = test_worker(binary)
    job_binary = binary
    if JOB_WORKER != binary:
        os.makedirs(os.path.join(work, "job-bin"))
        job_binary = os.path.join(work, "job-bin", "pageinfo")
        shutil.copy(JOB_WORKER, job_binary)
    env = dict(os.environ, PAGEINFO_TEST_CRASH_ON="crash-me", PAGEINFO_BIN=job_binary)

    from pyspark.sql import SparkSession
    os.environ.update(spark_env({}))
    spark = (SparkSession.builder.master("local[2]").appName("pageinfo-spark-test")
             .config("spark.ui.showConsoleProgress", "false").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    schemas = {"pages": [], "files": [], "annotations": []}
    try:
        test_paths(spark, binary, corpus, work, env, schemas)
        test_annotations(spark, binary, corpus, work, env, schemas)
        jar = os.path.join(HERE, "build", "pageinfo-spark.jar")
        expect(os.path.isfile(jar), "%s is built (make spark-deps)" % jar)
        if os.path.isfile(jar):
            test_binary(spark, binary, corpus, work, env, schemas, jar=jar)
            test_object_sizes(spark, binary, corpus, work, env, jar)
            test_unsupported_schemes(corpus, work, env, jar)
        test_binary(spark, binary, corpus, work, env, schemas, annotations=True)
        test_relative_entries(spark)
        test_record_kinds()
        test_job_errors(corpus, work, env)
        test_worker_protocol(binary)
        test_worker_versions(work, binary)
        test_worker_pause(work, binary)
        worker = test_worker(binary)
        print("failure tests with the worker %s" % worker, flush=True)
        test_failures(spark, binary, worker, corpus, work, env)
        check_schema_contract(schemas)
    except JobHung as hung:
        print("stopped: a job ran past %d s and was killed" % hung.args[0], flush=True)
    finally:
        spark.stop()
    print("%d passed, %d failed" % (passed, failed))
    shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
