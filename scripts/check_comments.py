#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fails when code points at the issue tracker instead of saying why.

A reader of the code has no tracker: "(issue 41)" tells them nothing, and the reason it stands
for belongs in the comment itself (history belongs to git and CHANGELOG.md). This check finds
"issue N" and "issues N and M" (any case, with or without '#') in the sources, tests, scripts,
the Python package, the fuzz harnesses, the Makefile, Package.swift and .ci/. References to
other projects' trackers (`docling#1398`, `jsvine/pdfplumber#1160`) name where to look and pass.
Measurement logs (BENCHMARKS.md, Fuzz/README.md) and the CHANGELOG are history and not read.

  scripts/check_comments.py [PACKAGE_DIR]   check (make test runs this)
  scripts/check_comments.py --self-test     plant references in a copy; each must be named
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import selftest  # noqa: E402

# Where code lives; files under these, with these suffixes, plus the named files.
FOLDERS = ("Sources", "Tests", "scripts", "python/src", "python/tests", "Fuzz", "integrations", ".ci")
SUFFIXES = (".swift", ".c", ".cc", ".cpp", ".h", ".py", ".sh", ".modulemap", ".java", ".toml", ".tsv", ".cfg")
FILES = ("Makefile", "Package.swift", ".ci/run", "python/pyproject.toml")
# Not code: the fuzzers' inputs, the PDFs, the snapshots, and this file's own examples.
SKIP_FOLDERS = ("Fuzz/corpus", "Fuzz/crashers", "Fixtures", ".build")
REFERENCE = re.compile(r"(?<![\w/#-])issues?\s+#?\d+(?:\s*(?:,|and)\s*#?\d+)*", re.IGNORECASE)


def files(root):
    seen = set()
    for name in FILES:
        path = os.path.join(root, name)
        if os.path.isfile(path):
            seen.add(path)
            yield path
    for folder in FOLDERS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, folder)):
            rel = os.path.relpath(dirpath, root)
            dirnames[:] = sorted(d for d in dirnames
                                 if not d.startswith(".build") and d != "__pycache__"
                                 and not any(os.path.join(rel, d).startswith(s) for s in SKIP_FOLDERS))
            for name in sorted(filenames):
                path = os.path.join(dirpath, name)
                if name.endswith(SUFFIXES) and path not in seen:
                    yield path


def check(root):
    problems = []
    this = os.path.abspath(__file__)
    for path in files(root):
        if os.path.abspath(path) == this or os.path.basename(path) == os.path.basename(this):
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                for match in REFERENCE.finditer(line):
                    problems.append(f"{os.path.relpath(path, root)}:{number}: \"{match.group(0)}\" points at "
                                    "the issue tracker: say the reason itself")
    return problems


def self_test(root):
    plants = selftest.Planting(root, check, items=FILES + FOLDERS, prefix="pageinfo-comments-",
                               ignore=(".build*", "corpus", "crashers", "__pycache__", "*.pdf"))
    if not plants.real_tree_passes():
        return 1
    tmp = plants.copy()
    plants.write(tmp, "Sources/PageGeometry/PageInfo.swift", "\n// Kept for the viewer (issue 12).\n", append=True)
    plants.expect("a Swift comment", tmp, ["Sources/PageGeometry/PageInfo.swift:", '"issue 12"'])
    tmp = plants.copy()
    plants.write(tmp, "Makefile", "\n\t@# The fuzzers of Issues #7 and 14.\n", append=True)
    plants.expect("a Makefile comment naming two", tmp, ['"Issues #7 and 14"'])
    tmp = plants.copy()
    plants.write(tmp, "python/src/pdf_pageinfo/__init__.py", "\n# see issue 41\n", append=True)
    plants.expect("a Python comment", tmp, ["python/src/pdf_pageinfo/__init__.py:"])
    tmp = plants.copy()
    plants.write(tmp, "scripts/planted.sh", "# docling#1398 and jsvine/pdfplumber#1160 are upstream; so is issue-free text\n")
    plants.expect_clean("another project's tracker", tmp)
    return plants.status()


def main(argv):
    return selftest.main(argv, "check_comments", check, self_test,
                         "no comment, name or message points at the issue tracker")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
