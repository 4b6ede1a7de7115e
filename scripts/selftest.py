# SPDX-License-Identifier: Apache-2.0
"""The self-test skeleton the source checks under scripts/ share (`check_*.py --self-test`).

A check is a function from a tree's root to a list of problem lines. Its self-test proves the
check can fail: the real tree must pass first; then each defect is planted in a copy of the
parts of the tree the check reads, and the check must name it (or, for a look-alike that is not
a defect, must stay silent). Each planted copy is removed whatever happens.

    plants = Planting(root, check, items=("Sources", "Package.swift"), prefix="pageinfo-x-")
    if not plants.real_tree_passes():
        return 1
    tmp = plants.copy()
    plants.edit(tmp, "Package.swift", old, new)
    plants.expect("a planted dependency", tmp, ["target X is Apache-2.0 but"])
    return plants.status()
"""
import os
import shutil
import sys
import tempfile


class Planting:
    """Copies of a tree with defects planted in them, and the check's verdict on each."""

    def __init__(self, root, check, items, prefix, ignore=(".build*",)):
        self.root = root
        self.check = check
        self.items = items
        self.prefix = prefix
        self.ignore = ignore
        self.failures = 0

    def real_tree_passes(self):
        """True when the check finds nothing in the real tree (else says so on stderr)."""
        problems = self.check(self.root)
        if problems:
            print("self-test: the real tree must pass first:", file=sys.stderr)
            for p in problems:
                print(f"  {p}", file=sys.stderr)
        return not problems

    def copy(self):
        """A temporary copy of the items the check reads (files and folders under root)."""
        tmp = tempfile.mkdtemp(prefix=self.prefix)
        for item in self.items:
            src = os.path.join(self.root, item)
            dst = os.path.join(tmp, item)
            if os.path.isdir(src):
                shutil.copytree(src, dst, ignore=shutil.ignore_patterns(*self.ignore), dirs_exist_ok=True)
            elif os.path.exists(src):
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copy(src, dst)
        return tmp

    @staticmethod
    def edit(tmp, rel, old, new):
        """Replaces `old` by `new` in one file of the copy; fails loudly when `old` is not there
        (the tree changed: the self-test needs updating, not passing)."""
        path = os.path.join(tmp, rel)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        assert old in text, f"self-test: {old!r} is not in {rel}: update the self-test"
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace(old, new))

    @staticmethod
    def write(tmp, rel, text, append=False):
        """Writes (or appends to) one file of the copy, making its folder."""
        path = os.path.join(tmp, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "a" if append else "w", encoding="utf-8") as f:
            f.write(text)

    def problems_in(self, tmp):
        """The check's problems in the copy, which is then removed."""
        try:
            return self.check(tmp)
        finally:
            shutil.rmtree(tmp)

    def expect(self, label, tmp, needles, accept=None):
        """The check must report, in the copy, a problem containing each needle (and, with
        `accept`, pass accept(problems))."""
        problems = self.problems_in(tmp)
        missed = [n for n in needles if not any(n in p for p in problems)]
        accepted = accept(problems) if accept else True
        ok = not missed and accepted
        verdict = "sees it" if ok else "MISSED " + ", ".join(missed) if missed else "WRONG PROBLEMS"
        print(f"self-test {label}: {verdict} ({len(problems)} problem(s))")
        if not ok:
            self.failures += 1
            for p in problems:
                print(f"  {p}")
        return problems

    def expect_clean(self, label, tmp):
        """The check must report nothing in the copy: the planted text only looks like a defect."""
        problems = self.problems_in(tmp)
        print(f"self-test look-alike, {label}: {'not flagged' if not problems else 'FLAGGED: ' + '; '.join(problems)}")
        if problems:
            self.failures += 1

    def record(self, label, ok, detail=""):
        """A verdict the caller reached itself (a check with more than one entry point)."""
        print(f"self-test {label}: {'sees it' if ok else 'MISSED'}{': ' + detail if detail else ''}")
        if not ok:
            self.failures += 1

    def status(self):
        """The self-test's exit status: 1 when any planted defect was missed."""
        return 1 if self.failures else 0


def main(argv, name, check, self_test, passed):
    """The command line every check shares: `[--self-test] [PACKAGE_DIR]`; problems one per line
    on stderr as `name: problem`, exit status 1; else `name: passed` on stdout."""
    args = [a for a in argv if not a.startswith("--")]
    root = os.path.abspath(args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    if "--self-test" in argv:
        return self_test(root)
    problems = check(root)
    for p in problems:
        print(f"{name}: {p}", file=sys.stderr)
    if not problems:
        print(f"{name}: {passed}")
    return 1 if problems else 0
