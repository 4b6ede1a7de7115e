#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fails when a committed fixture is not what its generator writes.

Each generator (`make fixtures` runs them all) is run into a temporary folder, and every file it
writes must be committed under its folder with the same bytes; in a folder a generator owns
whole (Fixtures/damaged), a committed PDF or golden it did not write fails too (a fixture whose
description was deleted). A fixture edited by hand, or a generator changed without `make
fixtures`, fails here rather than drifting.

  scripts/check_generated_fixtures.py [PACKAGE_DIR]   check (make test runs this)
  scripts/check_generated_fixtures.py --self-test     plant a changed, a missing and a stale fixture
"""
import filecmp
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import selftest  # noqa: E402

# (generator, the folder it writes, whether it owns every .pdf and .golden.json there)
GENERATORS = [
    ("scripts/make_fixtures.py", "Fixtures", False),
    ("scripts/make_damaged_fixtures.py", "Fixtures/damaged", True),
    ("scripts/make_rebuild_crashers.py", "Fixtures/crashers", False),
    ("scripts/make_word_fixtures.py", "Fixtures/words", True),
    ("scripts/make_annotation_fixtures.py", "Fixtures/annotations", True),
]


def check(root):
    problems = []
    for generator, folder, owns in GENERATORS:
        with tempfile.TemporaryDirectory(prefix="pageinfo-generated-") as out:
            run = subprocess.run([sys.executable, os.path.join(root, generator), out],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=300)
            if run.returncode != 0:
                problems.append(f"{generator} failed ({run.returncode}): {run.stderr.strip().splitlines()[-1:]}")
                continue
            written = set()
            for dirpath, _, filenames in os.walk(out):
                for name in filenames:
                    rel = os.path.relpath(os.path.join(dirpath, name), out)
                    written.add(rel)
                    committed = os.path.join(root, folder, rel)
                    if not os.path.exists(committed):
                        problems.append(f"{folder}/{rel}: {generator} writes it, but it is not committed: run make fixtures")
                    elif not filecmp.cmp(committed, os.path.join(dirpath, name), shallow=False):
                        problems.append(f"{folder}/{rel}: differs from what {generator} writes: run make fixtures "
                                        "(or change the generator, not the fixture)")
            if owns:
                for name in sorted(os.listdir(os.path.join(root, folder))):
                    if name.endswith((".pdf", ".golden.json")) and name not in written:
                        problems.append(f"{folder}/{name}: {generator} no longer writes it: delete it")
    return problems


def self_test(root):
    plants = selftest.Planting(root, check, items=("scripts", "Fixtures"), prefix="pageinfo-generated-",
                               ignore=(".build*", "__pycache__"))
    if not plants.real_tree_passes():
        return 1
    tmp = plants.copy()
    plants.edit(tmp, "Fixtures/rotations.golden.json", '"rotation"', '"rotation" ')
    plants.expect("a golden edited by hand", tmp, ["Fixtures/rotations.golden.json: differs from what scripts/make_fixtures.py writes"])
    tmp = plants.copy()
    os.remove(os.path.join(tmp, "Fixtures/damaged/count-zero.pdf"))
    plants.expect("a generated fixture not committed", tmp, ["Fixtures/damaged/count-zero.pdf: scripts/make_damaged_fixtures.py writes it"])
    tmp = plants.copy()
    plants.write(tmp, "Fixtures/damaged/planted-stale.pdf", "%PDF-1.4\n")
    plants.expect("a fixture its generator no longer writes", tmp, ["Fixtures/damaged/planted-stale.pdf: scripts/make_damaged_fixtures.py no longer writes it"])
    tmp = plants.copy()
    with open(os.path.join(tmp, "Fixtures/crashers/reader-clean-table-rebuilt-mid-walk-second-walk.pdf"), "ab") as f:
        f.write(b"\n")
    plants.expect("a crafted crasher changed", tmp, ["reader-clean-table-rebuilt-mid-walk-second-walk.pdf: differs"])
    return plants.status()


def main(argv):
    return selftest.main(argv, "check_generated_fixtures", check, self_test,
                         "every generated fixture is committed as its generator writes it")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
