#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The size of the executable: code lines of Sources/PageInfoCommand, at most LIMIT, so that the executable only declares options and calls the libraries.

The executable only declares options and calls the libraries; a budget keeps logic from
settling there. A code line is a line of a .swift file that holds something besides blanks and
comments: blank lines, `//` lines (doc comments too) and lines wholly inside or made only of a
`/* … */` block comment are not counted. A line with code and a trailing comment is code. String
literals are read as such, so `"//"` or `"/*"` inside one starts no comment (multi-line `\"\"\"`
literals are code on every line that is not blank).

  scripts/count_code_lines.py [PACKAGE_DIR]   print the count per file and the total; exit 1 over LIMIT
  scripts/count_code_lines.py --self-test     count planted snippets whose answers are known
"""
import os
import sys

TARGET = "Sources/PageInfoCommand"
LIMIT = 1500


def code_lines(text):
    """The number of code lines of Swift source `text`."""
    count = 0
    depth = 0          # nesting of /* */ (Swift's block comments nest)
    in_multiline = False  # inside a """ literal
    for line in text.split("\n"):
        has_code = False
        i, n = 0, len(line)
        in_string = False
        while i < n:
            if in_multiline:
                has_code = has_code or not line[i].isspace()
                if line.startswith('"""', i):
                    in_multiline = False
                    i += 3
                else:
                    i += 2 if line[i] == "\\" else 1
                continue
            if depth > 0:
                if line.startswith("*/", i):
                    depth -= 1
                    i += 2
                elif line.startswith("/*", i):
                    depth += 1
                    i += 2
                else:
                    i += 1
                continue
            if in_string:
                has_code = True
                if line[i] == "\\":
                    i += 2
                    continue
                if line[i] == '"':
                    in_string = False
                i += 1
                continue
            c = line[i]
            if line.startswith("//", i):
                break
            if line.startswith("/*", i):
                depth += 1
                i += 2
                continue
            if line.startswith('"""', i):
                in_multiline = True
                has_code = True
                i += 3
                continue
            if c == '"':
                in_string = True
                has_code = True
            elif not c.isspace():
                has_code = True
            i += 1
        if has_code:
            count += 1
    return count


def count(package):
    """(file, code lines) for each Swift file of the executable, by path."""
    root = os.path.join(package, TARGET)
    result = []
    for directory, _, files in os.walk(root):
        for name in files:
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8") as f:
                    result.append((os.path.relpath(path, package), code_lines(f.read())))
    return sorted(result)


def self_test():
    cases = [
        ("", 0),
        ("\n\n   \n", 0),
        ("// SPDX-License-Identifier: GPL-2.0-or-later\nimport ArgumentParser\n", 1),
        ("/// A doc comment.\nstruct A {}\n", 1),
        ("let a = 1 // trailing\n", 1),
        ("/* one\n   two */\nlet b = 2\n", 1),
        ("/* outer /* nested */ still a comment\n*/ let c = 3\n", 1),
        ('let s = "// not a comment"\n', 1),
        ('let s = "/* not a comment"\nlet t = 4\n', 2),
        ('let q = "a \\" // still a string"\n', 1),
        ('let m = """\n    // inside a literal\n\n    """\n', 3),
        ("    /* a */ /* b */\n", 0),
    ]
    failed = 0
    for text, expected in cases:
        got = code_lines(text)
        if got != expected:
            print(f"count_code_lines self-test: {text!r}: {got} code lines, expected {expected}")
            failed += 1
    if failed:
        return 1
    print(f"count_code_lines self-test: {len(cases)} snippets counted as expected")
    return 0


def main(argv):
    if argv[1:2] == ["--self-test"]:
        return self_test()
    package = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    files = count(package)
    total = sum(n for _, n in files)
    for path, n in files:
        print(f"{n:5}  {path}")
    print(f"{total:5}  {TARGET} (code lines; at most {LIMIT})")
    if total > LIMIT:
        print(f"count_code_lines: {TARGET} has {total} code lines, more than {LIMIT}: move logic into a library", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
