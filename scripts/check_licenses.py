#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the license split that LICENSE describes, from the package graph itself.

The rule: a target that links Poppler (depends, directly or through other targets, on the
`CPoppler` system library) is GPL-2.0-or-later, as is everything under Fuzz/ (the harness links
the shim); every other target, the manifest, scripts/ and integrations/ are Apache-2.0.

Checks, each failing with one line per problem and exit status 1:
  - every source file (.swift .c .cc .cpp .h .py .sh .modulemap) carries an
    `SPDX-License-Identifier:` line in its first five lines, naming one of the two licenses;
  - the files of one target all name the same license;
  - a target whose files say Apache-2.0 depends on no target that is GPL-2.0-or-later (by its
    files) or that links Poppler, directly or transitively;
  - a target that links Poppler says GPL-2.0-or-later.

  scripts/check_licenses.py [PACKAGE_DIR]          check (make test runs this)
  scripts/check_licenses.py --fix [PACKAGE_DIR]    add the rule's line to files that lack one
  scripts/check_licenses.py --self-test            plant each kind of defect in a copy and see it fail
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import package_graph  # noqa: E402
import selftest  # noqa: E402

GPL = "GPL-2.0-or-later"
APACHE = "Apache-2.0"
SOURCE_SUFFIXES = (".swift", ".c", ".cc", ".cpp", ".h", ".py", ".sh", ".modulemap", ".java")
POPPLER_SYSTEM_LIBRARY = "CPoppler"
# Folders outside any target, and their license (Tests/ClientPackage: a client that links the
# GPL library products).
LOOSE_FOLDERS = {"scripts": APACHE, "integrations": APACHE, "python": APACHE, "Fuzz": GPL, "Tests/ClientPackage": GPL}


def package_targets(root):
    """Target name -> (folder, [names of what it depends on]), from the package graph."""
    return {name: (t.folder, t.deps) for name, t in package_graph.targets(root).items()}


def spdx_of(path):
    """The SPDX identifier in the file's first five lines, or None."""
    with open(path, encoding="utf-8", errors="replace") as f:
        for _, line in zip(range(5), f):
            if "SPDX-License-Identifier:" in line:
                return line.split("SPDX-License-Identifier:", 1)[1].strip().rstrip("*/").strip()
    return None


def source_files(folder):
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and not d.endswith(".docc"))
        for name in sorted(filenames):
            if name.endswith(SOURCE_SUFFIXES):
                yield os.path.join(dirpath, name)


def links_poppler(name, targets, seen=None):
    seen = set() if seen is None else seen
    if name == POPPLER_SYSTEM_LIBRARY:
        return True
    if name in seen or name not in targets:
        return False
    seen.add(name)
    return any(links_poppler(d, targets, seen) for d in targets[name][1])


def closure(name, targets):
    out, stack = set(), list(targets.get(name, ((), []))[1])
    while stack:
        d = stack.pop()
        if d not in out and d in targets:
            out.add(d)
            stack.extend(targets[d][1])
    return out


def expected_license(root, path, targets):
    rel = os.path.relpath(path, root)
    for name, (folder, _) in targets.items():
        if rel.startswith(folder.rstrip("/") + "/"):
            return GPL if links_poppler(name, targets) else APACHE
    for folder, lic in LOOSE_FOLDERS.items():
        if rel.startswith(folder + "/"):
            return lic
    return APACHE


def all_files(root, targets):
    files = [os.path.join(root, "Package.swift")]
    for folder, _ in targets.values():
        files += source_files(os.path.join(root, folder))
    for folder in LOOSE_FOLDERS:
        files += source_files(os.path.join(root, folder))
    return sorted(set(files))


def check(root):
    targets = package_targets(root)
    problems = []
    for path in all_files(root, targets):
        found = spdx_of(path)
        rel = os.path.relpath(path, root)
        if found is None:
            problems.append(f"{rel}: no SPDX-License-Identifier line in its first five lines "
                            f"(expected {expected_license(root, path, targets)}; "
                            "scripts/check_licenses.py --fix adds it)")
        elif found not in (GPL, APACHE):
            problems.append(f"{rel}: SPDX-License-Identifier {found!r} is neither {GPL} nor {APACHE}")
        elif found != expected_license(root, path, targets):
            problems.append(f"{rel}: says {found}, but the rule in LICENSE gives {expected_license(root, path, targets)} "
                            "(GPL-2.0-or-later for what links Poppler and Fuzz/, Apache-2.0 for the rest)")

    declared = {}
    for name, (folder, _) in targets.items():
        names = {spdx_of(p) for p in source_files(os.path.join(root, folder))} - {None}
        if len(names) > 1:
            problems.append(f"target {name}: its files name different licenses ({', '.join(sorted(names))})")
        declared[name] = names.pop() if len(names) == 1 else None
    declared[POPPLER_SYSTEM_LIBRARY] = declared.get(POPPLER_SYSTEM_LIBRARY) or GPL

    for name in sorted(targets):
        if links_poppler(name, targets) and declared[name] == APACHE:
            problems.append(f"target {name} is {APACHE} but links Poppler (through "
                            f"{', '.join(sorted(d for d in closure(name, targets) if links_poppler(d, targets)))}); "
                            f"code that links Poppler is {GPL}")
        if declared[name] != APACHE:
            continue
        for dep in sorted(closure(name, targets)):
            if declared.get(dep) == GPL or dep == POPPLER_SYSTEM_LIBRARY:
                problems.append(f"target {name} is {APACHE} but depends on {dep}, which is {GPL}")
    problems += license_file_problems(root, targets)
    return problems


def license_file_problems(root, targets):
    """LICENSE names every target outside Tests/ in the section of its license: section 1 (GPL)
    or section 2 (Apache), so the file a reader trusts cannot fall behind Package.swift."""
    try:
        with open(os.path.join(root, "LICENSE"), encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        return [f"LICENSE: cannot read it ({e.strerror})"]
    gpl_part, _, apache_part = text.partition("\n2. ")
    problems = []
    for name, (folder, _) in sorted(targets.items()):
        if folder.startswith("Tests/") or folder.startswith("Tests" + os.sep):
            continue
        section, other = (gpl_part, apache_part) if links_poppler(name, targets) else (apache_part, gpl_part)
        label = GPL if links_poppler(name, targets) else APACHE
        named = re.compile(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])")
        if named.search(other):
            problems.append(f"LICENSE: target {name} is {label}, but LICENSE lists it under the other license")
        elif not named.search(section):
            problems.append(f"LICENSE: target {name} is {label}, but LICENSE does not name it")
    return problems


def fix(root):
    targets = package_targets(root)
    for path in all_files(root, targets):
        if spdx_of(path) is not None:
            continue
        lic = expected_license(root, path, targets)
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
        comment = "#" if path.endswith((".py", ".sh")) else "//"
        keep = 1 if lines and (lines[0].startswith("#!") or lines[0].startswith("// swift-tools-version")) else 0
        lines.insert(keep, f"{comment} SPDX-License-Identifier: {lic}\n")
        with open(path, "w", encoding="utf-8") as f:
            f.writelines(lines)
        print(f"{os.path.relpath(path, root)}: added {lic}")


def self_test(root):
    """Plants a missing line and an Apache-to-GPL dependency in copies; each must fail."""
    plants = selftest.Planting(root, check, prefix="pageinfo-licenses-",
                               items=("Package.swift", "LICENSE", "Sources", "Tests", "scripts", "integrations", "Fuzz"))
    if not plants.real_tree_passes():
        return 1
    victim = "Sources/PageGeometry/PageInfo.swift"

    tmp = plants.copy()
    with open(os.path.join(tmp, victim), encoding="utf-8") as f:
        text = f.read()
    plants.write(tmp, victim, "".join(l for l in text.splitlines(True) if "SPDX-License-Identifier" not in l))
    plants.expect("missing SPDX line", tmp, [f"{victim}: no SPDX-License-Identifier"])

    tmp = plants.copy()
    plants.edit(tmp, "Package.swift", '.target(name: "DocumentLayout", dependencies: ["PageGeometry"]',
                '.target(name: "DocumentLayout", dependencies: ["PageGeometry", "PageInfoPoppler"]')
    plants.expect("Apache target depending on a GPL one", tmp, ["target DocumentLayout is Apache-2.0 but"])

    tmp = plants.copy()
    plants.edit(tmp, victim, "SPDX-License-Identifier: Apache-2.0", "SPDX-License-Identifier: GPL-2.0-or-later")
    plants.expect("a pure target's file under GPL", tmp, [f"{victim}: says GPL-2.0-or-later"])

    tmp = plants.copy()
    plants.edit(tmp, "LICENSE", "PageInfoBatch, ", "")
    plants.expect("a target LICENSE does not name", tmp,
                  ["LICENSE: target PageInfoBatch is GPL-2.0-or-later, but LICENSE does not name it"])
    return plants.status()


def main(argv):
    if "--fix" in argv:
        args = [a for a in argv if not a.startswith("--")]
        fix(os.path.abspath(args[0] if args else os.path.join(os.path.dirname(__file__), "..")))
        return 0
    return selftest.main(argv, "check_licenses", check, self_test,
                         "every source file has its SPDX line; no Apache-2.0 target depends on GPL code")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
