#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""What a bitmap setting costs from Python: a fresh open() of each file, then one page's
bitmap(dpi=150), and, after another fresh open(), every page's, each timed alone (best of 3).

  PAGEINFO_EXECUTABLE=.build/release/pageinfo scripts/bench_bitmap_runs.py PYTHON_SRC FILE...

PYTHON_SRC is the folder holding pdf_pageinfo (python/src, or an older tree's, to compare).
BENCHMARKS.md, "A bitmap setting costs one run"."""
import sys
import time

sys.path.insert(0, sys.argv[1])
import pdf_pageinfo  # noqa: E402

for path in sys.argv[2:]:
    one, every = [], []
    for _ in range(3):
        document = pdf_pageinfo.open(path)
        start = time.perf_counter()
        document.pages[7].bitmap(dpi=150)
        one.append(time.perf_counter() - start)
        document = pdf_pageinfo.open(path)
        start = time.perf_counter()
        [page.bitmap(dpi=150).size for page in document.pages]
        every.append(time.perf_counter() - start)
    print(f"{path}: one page's bitmap {min(one):.3f} s, every page's {min(every):.3f} s (best of 3)")
