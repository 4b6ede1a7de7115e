#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""One Spark partition's Python side, outside Spark: where path input's CPU goes per file.

Usage: .venv-spark/bin/python scripts/bench_spark_partition.py PAGEINFO LIST [N] [--profile]

Runs pageinfo_spark's partition function (the mapInArrow function of path input: a `pageinfo
worker` driven through its pipe protocol, the records parsed into RAW_SCHEMA Arrow batches) over
the first N (default 10,000) entries of LIST in this process, with no JVM, and prints the rows
made, this Python process's CPU seconds, the worker's (reaped children) and the wall time.
--profile adds cProfile's 15 most expensive functions. docs/spark.md quotes its figures.
"""

import os
import resource
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "integrations", "spark"))

import pageinfo_spark  # noqa: E402
import pyarrow as pa  # noqa: E402


class Broadcast:
    """What the partition function reads from a Spark broadcast: `.value`."""

    def __init__(self, value):
        self.value = value


def main():
    args = [a for a in sys.argv[1:] if a != "--profile"]
    if len(args) not in (2, 3):
        raise SystemExit(__doc__.strip().splitlines()[2])
    binary, listing = args[0], args[1]
    count = int(args[2]) if len(args) == 3 else 10_000
    with open(listing, "rb") as f:
        names = [line.rstrip(b"\n") for line in f if line.strip()][:count]
    batch = pa.RecordBatch.from_arrays([pa.array(range(len(names)), pa.int64())], names=["input"])
    run = pageinfo_spark.partition_function(binary, 60, 4096, pageinfo_spark.WORKER_MAX_BYTES,
                                            names=Broadcast(names))
    profile = None
    if "--profile" in sys.argv:
        import cProfile
        profile = cProfile.Profile()
        profile.enable()
    children, cpu, wall = resource.getrusage(resource.RUSAGE_CHILDREN), time.process_time(), time.monotonic()
    rows = sum(b.num_rows for b in run(iter([batch])))
    cpu, wall = time.process_time() - cpu, time.monotonic() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if profile:
        profile.disable()
    worker = after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime
    print("%d files, %d rows: python cpu %.3f s, worker cpu %.3f s, wall %.3f s" % (len(names), rows, cpu, worker, wall))
    if profile:
        import pstats
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
