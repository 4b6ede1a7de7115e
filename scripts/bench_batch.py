#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`make bench-batch`: batch-mode throughput and worker memory on 10,000 small PDFs.

Usage: python3 scripts/bench_batch.py PAGEINFO_BINARY [OUTDIR] [--count N] [--spark VENV]
                                      [--spark-only [--in-app-only] [--inputs paths,uris]]

Generates N (default 10,000) small PDFs of 1-4 pages with varied geometry
(scripts/make_batch_corpus.py) into OUTDIR/corpus-N (once; reused), then reports, each the
best of 3 runs (warm cache):

  * files/s and pages/s of `pageinfo pages --files-from LIST --jobs 2` and `--jobs 1`
    (records to /dev/null), of `xargs -P2 -n1 pdfinfo -box` over the same list, and of the
    in-process `pageinfo pages --format jsonl FILE...` (no workers, xargs -n 2000) for reference;
  * the peak resident memory (VmHWM) of one `pageinfo worker` after 1,000 and after all N files;
  * with --spark VENV: the Spark job on local[2] (paths, and file:// URIs read through Hadoop's
    file systems by ObjectReader, the jar `make spark-deps` builds) against `--jobs 2`, timed
    on a 2,000- and a 12,000-entry list of a 12,000-file corpus: files/s after start-up (the
    slope between the two), start-up (the wall time extrapolated to an empty list) and CPU
    seconds per 10,000 files, each with its command; from separate spark-submits (each list
    once, `--jobs 2` measured just before) and inside one application (after one warm-up run,
    then 5 warm pairs), where `--jobs 2` runs right after each Spark job on the list of the
    same length and each pair's ratio compares the two measured side by side: the figure is
    the median of those ratios.

Under spark-submit, `bench_batch.py --phases BINARY LIST...` times binary input's stages one at
a time on each list of URIs (the profile in docs/spark.md): ObjectReader's with
`--jars integrations/spark/build/pageinfo-spark.jar`, the binaryFile source's without.
With the Spark venv's python, `bench_batch.py --record-batches BINARY LIST` times the
partition's last step alone: the worker's JSON lines of LIST's files into Arrow batches.

--spark-only skips everything but the Spark figures; with it, --in-app-only measures only the
slopes inside one Spark application, --inputs paths|uris only one input.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WARM_PAIRS = 5  # one application: pairs of lists measured after the first pair (see spark_slopes)


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


def tree_cpu(root):
    """CPU seconds (user + system) of process `root` and all its live descendants, with what
    each has reaped: under spark-submit, the JVM, the Python workers and the pageinfo workers."""
    children, own = {}, {}
    for p in os.listdir("/proc"):
        if p.isdigit():
            try:
                with open("/proc/%s/stat" % p) as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(p))
            own[int(p)] = sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
    total, todo = 0, [root]
    while todo:
        p = todo.pop()
        total += own.get(p, 0)
        todo += children.get(p, [])
    return total / os.sysconf("SC_CLK_TCK")


def spark_job():
    """The Spark job's module, integrations/spark/pageinfo_spark.py."""
    sys.path.insert(0, os.path.join(ROOT, "integrations", "spark"))
    import pageinfo_spark
    return pageinfo_spark


def in_spark(args):
    """Under spark-submit, `--in-spark BINARY OUT LIST... [--reference REF...] [-- JOB-OPTION...]`:
    runs the job on each LIST in turn in this one application (the JVM, Python and the JIT
    already started) and prints each job's wall time and the CPU time of the whole application
    (the JVM, the driver's parent, and everything under it); with --reference, after each job,
    `--jobs 2`'s on the matching REF."""
    pageinfo_spark = spark_job()
    binary, target, extra, references = args[0], args[1], [], []
    lists = args[2:]
    if "--" in lists:
        extra = lists[lists.index("--") + 1:]
        lists = lists[:lists.index("--")]
    if "--reference" in lists:
        # (--reference REF...: after the job on each LIST, `pageinfo pages --files-from REF
        # --jobs 2` on the matching REF, under the same conditions as the job just measured)
        references = lists[lists.index("--reference") + 1:]
        lists = lists[:lists.index("--reference")]
        if len(references) != len(lists):
            raise SystemExit("--in-spark: %d lists and %d reference lists" % (len(lists), len(references)))
    # One session for all the jobs: the job's own spark.stop() would start a new SparkContext
    # (and new Python workers) for each, a constant that only adds noise to the difference.
    from pyspark.sql import SparkSession
    SparkSession.stop = lambda self: None
    for k, listfile in enumerate(lists):
        t, cpu = time.perf_counter(), tree_cpu(os.getppid())
        pageinfo_spark.main(["--files-from", listfile, "--output", target, "--pageinfo", binary] + extra)
        print("in-spark %s %.3f %.2f" % (listfile, time.perf_counter() - t, tree_cpu(os.getppid()) - cpu), flush=True)
        if references:
            wall, cpu = jobs2_median(binary, references[k])
            print("reference %s %.3f %.2f" % (references[k], wall, cpu), flush=True)


def count_rows(batches):
    """A mapInArrow function that only counts what reaches Python."""
    import pyarrow as pa
    n = sum(b.num_rows for b in batches)
    yield pa.RecordBatch.from_arrays([pa.array([n], pa.int64())], ["n"])


def phases(args):
    """Under spark-submit: the stages of binary input timed one at a time on each LIST of URIs
    in one session (wall and the application's CPU): the listing, a scan of the objects'
    statuses, of their content, the content handed to Python, and the worker reading it."""
    job = spark_job()
    from pyspark.sql import SparkSession, functions as F
    spark = SparkSession.builder.getOrCreate()
    # (the executors' Python unpickles the job's functions from pageinfo_spark: shipped to them)
    spark.sparkContext.addPyFile(os.path.join(ROOT, "integrations", "spark", "pageinfo_spark.py"))
    binary, lists = args[0], args[1:]

    def measure(label, run):
        t, cpu = time.perf_counter(), tree_cpu(os.getppid())
        result = run()
        print("phase %-44s %7.2f s wall %7.2f s CPU" % (label, time.perf_counter() - t, tree_cpu(os.getppid()) - cpu), flush=True)
        return result

    reader = job.object_reader(spark)
    print("reader: %s" % ("ObjectReader (the jar is on the class path)" if reader is not None else
                          "the binaryFile source (no ObjectReader: spark-submit --jars %s)" % job.JAR_NAME), flush=True)
    for listfile in lists:
        print("list %s" % listfile, flush=True)
        entries = job.read_list(spark, listfile)
        if reader is not None:
            uris = [job.as_text(e) for _, e in entries]
            n = spark.sparkContext.defaultParallelism
            chunks = measure("planning (ObjectReader.read)",
                             lambda: job.object_chunks(spark, reader, uris, n, job.DEFAULT_MAX_BYTES))
            measure("read: open and read each object (JVM only)",
                    lambda: chunks.select(F.sum(F.size("input"))).collect())
            measure("read, content to Python (mapInArrow)", lambda: chunks.mapInArrow(count_rows, "n long").collect())
            names = spark.sparkContext.broadcast([u.encode("utf-8", "surrogateescape") for u in uris])
            raw = chunks.mapInArrow(job.partition_function(binary, 60, 4096, job.DEFAULT_MAX_BYTES, names=names,
                                                           chunks=True), job.RAW_SCHEMA)
            measure("read, worker, records (to noop)", lambda: raw.write.format("noop").mode("overwrite").save())
            continue
        spark.conf.set("spark.sql.files.openCostInBytes", "8192")
        spark.conf.set("spark.sql.files.minPartitionNum", str(spark.sparkContext.defaultParallelism))
        to_read, by_path, _, largest = measure("listing (binary_inputs)", lambda: job.binary_inputs(spark, entries, job.DEFAULT_MAX_BYTES))
        spark.conf.set("spark.sql.execution.arrow.maxRecordsPerBatch",
                       str(max(1, min(job.ARROW_RECORDS, job.ARROW_BUDGET // max(largest, 1)))))
        measure("scan: statuses only", lambda: to_read.select("path").write.format("noop").mode("overwrite").save())
        measure("scan: content", lambda: to_read.select(F.sum(F.length("content"))).collect())
        measure("scan: content to Python (mapInArrow)", lambda: to_read.mapInArrow(count_rows, "n long").collect())
        shared = spark.sparkContext.broadcast(by_path)
        raw = to_read.mapInArrow(job.partition_function(binary, 60, 4096, job.DEFAULT_MAX_BYTES, names_by_path=shared),
                                 job.RAW_SCHEMA)
        measure("scan, worker, records (to noop)", lambda: raw.write.format("noop").mode("overwrite").save())


def record_batcher(args):
    """`--record-batches BINARY LIST` (with the Spark venv's python): the partition's last step
    alone, RecordBatcher turning the worker's responses into RAW_SCHEMA batches, on the records
    of LIST's files (read once by `pageinfo pages --format jsonl`, split per file as the worker
    sends them). Prints the best of 5 runs: CPU seconds per 10,000 files, and the rows made."""
    if len(args) != 2:
        print("usage: bench_batch.py --record-batches PAGEINFO_BINARY LIST", file=sys.stderr)
        raise SystemExit(2)  # (a misuse, as argparse exits)
    job = spark_job()
    from pyspark.sql.pandas.types import to_arrow_type
    binary, listfile = args
    text = subprocess.run([binary, "pages", "--files-from", listfile, "--format", "jsonl", "--jobs", "2"],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True).stdout
    responses, pages = [], []
    for line in text.splitlines(keepends=True):
        if line.startswith(b'{"record":"page",'):
            pages.append(line)
        else:
            responses.append((b"".join(pages), line.rstrip(b"\n")))
            pages = []
    struct = to_arrow_type(job.RAW_SCHEMA)
    best = None
    for _ in range(5):
        cpu = time.process_time()
        rows = sum(b.num_rows for b in job.RecordBatcher(struct).feed((i, p, f) for i, (p, f) in enumerate(responses)))
        cpu = time.process_time() - cpu
        best = cpu if best is None else min(best, cpu)
    print("record batches: %d files, %d rows: %.3f s CPU per 10,000 files (best of 5)"
          % (len(responses), rows, best * 10_000 / len(responses)), flush=True)


def main():
    args = sys.argv[1:]
    if args and args[0] == "--in-spark":
        return in_spark(args[1:])
    if args and args[0] == "--phases":
        return phases(args[1:])
    if args and args[0] == "--record-batches":
        return record_batcher(args[1:])

    # (A misuse exits 2 with the usage, as argparse does.)
    title, usage, text = __doc__.split("\n\n", 2)
    parser = argparse.ArgumentParser(prog="bench_batch.py", usage=usage[len("Usage: "):], description=title + "\n\n" + text,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary", metavar="PAGEINFO_BINARY", help="the pageinfo binary measured")
    parser.add_argument("out", metavar="OUTDIR", nargs="?", default=os.path.join(ROOT, "bench-out"),
                        help="where the corpora, lists and Spark output go (default: bench-out)")
    parser.add_argument("--count", type=int, default=10_000, metavar="N", help="files in the batch corpus (default 10,000)")
    parser.add_argument("--spark", metavar="VENV", help="the venv with pyspark: measure the Spark job too")
    parser.add_argument("--spark-only", action="store_true", help="only the Spark figures")
    parser.add_argument("--in-app-only", action="store_true", help="with --spark-only: only the slopes inside one application")
    parser.add_argument("--inputs", default="paths,uris", metavar="paths,uris", help="the Spark inputs measured (default both)")
    options = parser.parse_args(args)
    binary = os.path.abspath(options.binary)
    if not os.access(binary, os.X_OK):
        parser.error("%s is not an executable" % binary)
    out, count, venv = options.out, options.count, options.spark
    kinds = options.inputs.split(",")
    if not set(kinds) <= {"paths", "uris"}:
        parser.error("--inputs takes paths, uris or both, comma-separated")
    if options.in_app_only and not options.spark_only:
        parser.error("--in-app-only goes with --spark-only")
    if options.spark_only and not venv:
        parser.error("--spark-only needs --spark VENV")
    if options.spark_only:  # (--in-app-only: only the one-application slopes)
        spark_slopes(binary, out, venv, in_app_only=options.in_app_only, kinds=kinds)
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


def jobs2_command(binary, listfile):
    return [binary, "pages", "--files-from", listfile, "--jobs", "2", "--no-progress"]


def jobs2_median(binary, listfile):
    """(wall, CPU) of the run of median wall time of 3 of `pageinfo pages --files-from LIST
    --jobs 2` (one run of a second or less varies by a quarter)."""
    return sorted(timed(jobs2_command(binary, listfile)) for _ in range(3))[1]


def timed(cmd, **kw):
    """(wall, CPU) seconds of one run of cmd and everything it started (output discarded)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode not in (0, 2):
        raise SystemExit("failed (%d): %s" % (p.returncode, " ".join(cmd[:6])))
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def spark_slopes(binary, out, venv, in_app_only=False, kinds=("paths", "uris")):
    """Spark on local[2] against --jobs 2 on a 2,000- and a 12,000-entry list:
    files/s after start-up is the slope (10,000 / the difference in wall time), start-up the
    wall time extrapolated to an empty list; the CPU time per 10,000 files (the difference in
    CPU time of everything each command started) beside it, which a loaded machine disturbs
    far less than wall time."""
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
    submit = [os.path.join(venv, "bin", "spark-submit"), "--master", "local[2]", "--conf", "spark.ui.showConsoleProgress=false"]
    jar = os.path.join(ROOT, "integrations", "spark", "build", "pageinfo-spark.jar")
    if os.path.isfile(jar):  # binary input read by ObjectReader (without it: the binaryFile source)
        submit += ["--jars", jar]

    def spark(listfile):
        return submit + [os.path.join(ROOT, "integrations", "spark", "pageinfo_spark.py"), "--files-from", listfile,
                         "--output", target, "--pageinfo", binary]

    def rate_of(times):
        """10,000 / the difference in wall time; infinite when the 12,000 list was not slower
        (a run too noisy to give a slope: printed as such, never a crash after minutes of runs)."""
        difference = times[12000][0] - times[2000][0]
        return 10000 / difference if difference > 0 else float("inf")

    def cpu_of(times):
        """CPU seconds per 10,000 files: the difference between the two lists' CPU times."""
        return times[12000][1] - times[2000][1]

    def slope(label, command, times, reference=None, reference_when="just before"):
        """Prints the figures of one command (command None: printed above) from {entries: (wall,
        cpu)}; returns (files/s, CPU s per 10,000)."""
        rate = rate_of(times)
        cpu = None if times[2000][1] is None else cpu_of(times)
        print("%s%s\n    wall: %.2f s (2,000 entries), %.2f s (12,000); slope %.0f files/s; start-up %.1f s%s"
              % (label, "" if command is None else "\n    " + command, times[2000][0], times[12000][0], rate,
                 times[2000][0] - 2000 / rate, "" if cpu is None else "; CPU %.2f s per 10,000 files" % cpu), flush=True)
        if reference:
            print("    ratio to --jobs 2 %s: slope %.2f (goal >= 0.5)%s"
                  % (reference_when, rate / reference[0],
                     "" if cpu is None or cpu <= 0 else "; CPU per file %.2f" % (reference[1] / cpu)),
                  flush=True)
        return rate, cpu

    def load():
        return " ".join("%.1f" % x for x in os.getloadavg())

    print("\nSlopes (files/s after start-up = 10,000 / (wall(12,000) - wall(2,000)); load average %s)"
          % load(), flush=True)
    def jobs2_reference():
        """--jobs 2 on both lists, each the run of median wall time of 3 (with that run's CPU time)."""
        times = {n: jobs2_median(binary, lists["paths", n]) for n in (2000, 12000)}
        return slope("pageinfo pages --files-from LIST --jobs 2 (median of 3 runs per list)",
                     " ".join(jobs2_command(binary, "LIST")), times)

    labels = [(k, label) for k, label in (("paths", "paths"), ("uris", "file:// URIs, binary input")) if k in kinds]
    for kind, label in () if in_app_only else labels:
        reference = jobs2_reference()
        # (no CPU figure: the JVM does not reap its Python workers, so their CPU time is lost)
        slope("spark-submit (%s)" % label, " ".join(spark("LIST")),
              {n: (timed(spark(lists[kind, n]), env=env)[0], None) for n in (2000, 12000)}, reference)
    # The same slope inside one Spark application and session, which takes start-up (a minute,
    # varying by seconds on a loaded machine) out of the difference. Runs, in order: the 2,000
    # list (warming the JVM, its JIT and the Python workers up; not counted), then the 12,000
    # and the 2,000 list (the "after one warm-up run" pair, the protocol of earlier figures),
    # then WARM_PAIRS more pairs of 12,000 and 2,000: the JIT keeps compiling the per-object
    # paths through the first few jobs (in one application the 12,000 paths took 4.1, then 3.1,
    # then 2.6 s of wall time, the 12,000 URIs 4.6, then 3.4 s), and a job over a whole archive
    # runs warm after its first seconds.
    #
    # The reference is measured inside the same run: right after each Spark job, `--jobs 2` on
    # the list of the same length (the median of 3 runs), while the application idles. On this
    # VM either slope alone drifts by a third within minutes (`--jobs 2` gave 22,685 and
    # 14,090 files/s about a minute apart); measured side by side, each pair's ratio compares
    # like with like. The warm figure is the median of the pairs' ratios, with their range, and
    # the median pair's slopes and CPU times.
    for kind, label in labels:
        # (the executors' Python imports pageinfo_spark too: local mode passes them this environment)
        in_app_env = dict(env, PYTHONPATH=os.path.join(ROOT, "integrations", "spark"))
        command = submit + [os.path.abspath(__file__), "--in-spark", binary, target]
        order = [2000] + [12000, 2000] * (1 + WARM_PAIRS)
        p = subprocess.run(command + [lists[kind, n] for n in order] + ["--reference"] + [lists["paths", n] for n in order],
                           env=in_app_env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
        # ("KIND LIST WALL CPU": LIST may hold spaces)
        lines = [(l.split(None, 1)[0], l.rsplit(None, 2)[1:]) for l in p.stdout.decode().splitlines() if l.strip()]
        runs = [(float(wall), float(cpu)) for tag, (wall, cpu) in lines if tag == "in-spark"]
        refs = [(float(wall), float(cpu)) for tag, (wall, cpu) in lines if tag == "reference"]
        if len(runs) != len(order) or len(refs) != len(order):
            raise SystemExit("the one-application run printed %d timings and %d references for %d lists"
                             % (len(runs), len(refs), len(order)))
        pairs = [({12000: runs[i], 2000: runs[i + 1]}, {12000: refs[i], 2000: refs[i + 1]})
                 for i in range(1, len(runs), 2)]
        command_text = ("spark-submit --master local[2] scripts/bench_batch.py --in-spark BINARY OUT LIST-2000 "
                        "LIST-12000 LIST-2000 ... --reference PATHS-2000 PATHS-12000 ... (the first not counted; "
                        "after each job, %s on the paths list of the same length, median of 3)"
                        % " ".join(jobs2_command("BINARY", "LIST")))
        first, reference = pairs[0]
        print("one application (%s), after one warm-up run\n    %s" % (label, command_text), flush=True)
        slope("  --jobs 2, beside each job", None, reference)
        slope("  Spark", None, first, (rate_of(reference), cpu_of(reference)), "beside it")
        # (a pair whose `--jobs 2` gave no slope, its 12,000 list not slower, has no ratio)
        warm = sorted((pair for pair in pairs[1:] if rate_of(pair[1]) != float("inf")),
                      key=lambda pair: rate_of(pair[0]) / rate_of(pair[1]))
        if not warm:
            print("one application (%s), warm: no pair with a --jobs 2 slope (too noisy to measure)" % label)
            continue
        ratios = [rate_of(s) / rate_of(r) for s, r in warm]
        spark_times, reference = warm[len(warm) // 2]  # (the median pair)
        cpu, reference_cpu = cpu_of(spark_times), cpu_of(reference)
        print("one application (%s), warm: the next %d pairs of the same run%s\n"
              "    Spark slopes %s files/s; --jobs 2 beside them %s files/s (pairs in the order of their ratios)\n"
              "    ratio of the slopes, pair by pair: %s; median %.2f (goal >= 0.5), range %.2f-%.2f\n"
              "    the median pair: Spark %.0f files/s, CPU %.2f s per 10,000 files; --jobs 2 %.0f files/s, "
              "CPU %.2f s; CPU per file %s"
              % (label, len(warm), "" if len(warm) == len(pairs) - 1 else
                 " (%d without a --jobs 2 slope left out)" % (len(pairs) - 1 - len(warm)),
                 ", ".join("%.0f" % rate_of(s) for s, _ in warm),
                 ", ".join("%.0f" % rate_of(r) for _, r in warm), ", ".join("%.2f" % x for x in ratios),
                 ratios[len(ratios) // 2], ratios[0], ratios[-1], rate_of(spark_times), cpu, rate_of(reference),
                 reference_cpu, "%.2f" % (reference_cpu / cpu) if cpu > 0 else "n/a"), flush=True)
    print("load average after: %s" % load())


if __name__ == "__main__":
    main()
