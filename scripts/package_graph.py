#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The package graph, read from SwiftPM itself (`swift package dump-package`): the one reader of
it for the scripts that check the license split and the layering (never a regex over
Package.swift, which a comment or a reformatted line would fool).

  targets(root)   target name -> Target(folder, deps, type), deps naming targets and products
  products(root)  library product name -> [its targets]
  closure(graph, name)      every target and product name depends on, directly or not
  path(graph, start, goal)  one dependency path from start to goal (a list of names), or None
"""
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from typing import Dict, List, NamedTuple, Optional


class Target(NamedTuple):
    folder: str
    deps: List[str]
    type: str


def swift() -> str:
    return os.environ.get("SWIFT") or shutil.which("swift") or "/opt/swift/usr/bin/swift"


_CACHE: Dict[str, dict] = {}


def dump(root: str) -> dict:
    """`swift package dump-package` of the package at root (read once per process and manifest)."""
    root = os.path.abspath(root)
    with open(os.path.join(root, "Package.swift"), "rb") as manifest:
        key = hashlib.sha256(manifest.read()).hexdigest()   # (what is read of it names no folder)
    if key not in _CACHE:
        # (SwiftPM leaves a lock file per package in the temporary directory: one of its own here,
        # removed after, so that checks over copies of the package leave nothing behind. Its own
        # scratch folder too: the package's .build is locked while a build runs beside the check.)
        with tempfile.TemporaryDirectory(prefix="pageinfo-graph-swiftpm-") as scratch:
            out = subprocess.run([swift(), "package", "--package-path", root, "--scratch-path",
                                  os.path.join(scratch, "build"), "dump-package"],
                                 check=True, capture_output=True, text=True,
                                 env=dict(os.environ, TMPDIR=scratch)).stdout
        _CACHE[key] = json.loads(out)
    return _CACHE[key]


def targets(root: str) -> Dict[str, Target]:
    found = {}
    for t in dump(root)["targets"]:
        default = "Tests" if t["type"] == "test" else "Sources"
        folder = t.get("path") or os.path.join(default, t["name"])
        deps = []
        for d in t["dependencies"]:
            for kind in ("byName", "target", "product"):
                if kind in d:
                    deps.append(d[kind][0])
        found[t["name"]] = Target(folder, deps, t["type"])
    return found


def products(root: str) -> Dict[str, List[str]]:
    return {p["name"]: list(p["targets"]) for p in dump(root)["products"] if "library" in p["type"]}


def closure(graph: Dict[str, Target], name: str) -> set:
    out, stack = set(), list(graph[name].deps if name in graph else [])
    while stack:
        dep = stack.pop()
        if dep not in out:
            out.add(dep)
            stack.extend(graph[dep].deps if dep in graph else [])
    return out


def path(graph: Dict[str, Target], start: str, goal: str) -> Optional[List[str]]:
    """The first dependency path from start to goal found depth-first, in declaration order."""
    seen = set()

    def walk(name: str) -> Optional[List[str]]:
        if name == goal:
            return [name]
        if name in seen or name not in graph:
            return None
        seen.add(name)
        for dep in graph[name].deps:
            rest = walk(dep)
            if rest is not None:
                return [name] + rest
        return None

    return walk(start)


def reduced(graph: Dict[str, Target], name: str) -> List[str]:
    """name's direct dependencies on the package's own targets, less those another of them
    already brings (the transitive reduction): what a diagram draws."""
    own = [d for d in graph[name].deps if d in graph]
    return [d for d in own if not any(d in closure(graph, other) for other in own if other != d)]


def diagram(root: str) -> str:
    """The package's targets (no tests), one line each, from the top of the graph down: a target
    before everything it depends on, with the dependencies no other one of them brings."""
    graph = {n: t for n, t in targets(root).items() if t.type != "test"}
    level: Dict[str, int] = {}

    def height(name: str) -> int:
        if name not in level:
            level[name] = 1 + max((height(d) for d in graph[name].deps if d in graph), default=-1)
        return level[name]

    for name in graph:
        height(name)
    width = max(len(n) for n in graph)
    lines = []
    for name in sorted(graph, key=lambda n: (-level[n], n)):
        deps = reduced(graph, name)
        external = [d for d in graph[name].deps if d not in graph]
        arrow = " ─▶ " + ", ".join(deps) if deps else ""
        extra = f"  (+ {', '.join(external)})" if external else ""
        lines.append(f"{level[name]:>2}  {name.ljust(width)}{arrow}{extra}".rstrip())
    return "\n".join(lines) + "\n"


BEGIN, END = "<!-- package-graph: begin -->", "<!-- package-graph: end -->"


def contributing_problem(root: str) -> Optional[str]:
    """None when CONTRIBUTING.md's diagram is the one the graph gives, else what to do."""
    path = os.path.join(root, "CONTRIBUTING.md")
    text = open(path, encoding="utf-8").read()
    if BEGIN not in text or END not in text:
        return f"CONTRIBUTING.md has no {BEGIN} … {END} block"
    inside = text.split(BEGIN, 1)[1].split(END, 1)[0]
    if inside != "\n```\n" + diagram(root) + "```\n":
        return ("CONTRIBUTING.md's package diagram differs from the package graph: "
                "run scripts/package_graph.py --write-contributing")
    return None


def write_contributing(root: str) -> None:
    path = os.path.join(root, "CONTRIBUTING.md")
    text = open(path, encoding="utf-8").read()
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    with open(path, "w", encoding="utf-8") as f:
        f.write(head + BEGIN + "\n```\n" + diagram(root) + "```\n" + END + tail)


if __name__ == "__main__":
    import sys
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if sys.argv[1:] == ["--write-contributing"]:
        write_contributing(here)
    elif sys.argv[1:] == ["--check-contributing"]:
        problem = contributing_problem(here)
        if problem:
            print(f"package_graph: {problem}", file=sys.stderr)
            sys.exit(1)
    else:
        sys.stdout.write(diagram(here))
