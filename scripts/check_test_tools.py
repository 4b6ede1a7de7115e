#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fails when a test runs a program that `make test` does not install.

A clean CI machine (`.ci/run`: CI=true, then `make test`) has Debian's essential packages and
what the Makefile installs, nothing more. A test that runs any other program either fails there
or, worse, passes without having checked anything (a `ps | grep | wc -l` pipeline printed 0 when
there was no ps). This script finds the programs the tests run and the Debian package of each,
and fails naming every program whose package is neither in the Makefile's TEST_PACKAGES or
BUILD_PACKAGES nor Essential: yes / Priority: required in Debian.

Where it looks (what `make test` runs):
  - Swift files under Tests/: absolute program paths in string literals ("/usr/bin/time",
    "#!/bin/sh"); the program after "/usr/bin/env" in an `arguments` list; shell text: any
    literal holding "$PAGEINFO" (the shell harness's variable), the argument of a `shell(` call,
    a `scriptedWorker(` body, the literal after "-c" or "-qc"; `ExternalTool("name", package:)`
    declarations (Tests/PageInfoTestSupport/ExternalTool.swift), whose package must be the one
    in the table below; lowercase `import` lines of Python snippets in literals;
  - the README's `<!-- readme-example: NAME -->` blocks and the guide's batch example (their `$ `
    lines, which ReadmeExampleTests and GuideExampleTests run);
  - the scripts `make test` runs (the `test` recipe's and those of the targets it reaches, but
    for targets that make the PyPI venv, whose programs come from it), and the Python helpers named in Tests/ and in
    those scripts, with the local modules they import: their commands, `subprocess` calls,
    `shutil.which` look-ups and imports of modules outside Python's standard library.

A program's package comes from TOOL_PACKAGES below, else from `dpkg -S` where dpkg is; whether
a package is essential from `dpkg-query`/`apt-cache` where they are, else from ESSENTIAL below.
A program found in neither table nor dpkg fails too ("add it to TOOL_PACKAGES").

  scripts/check_test_tools.py [PACKAGE_DIR]        check (make test runs this)
  scripts/check_test_tools.py --list [PACKAGE_DIR] the inventory: program, package, why it is
                                                   there, where the tests run it
  scripts/check_test_tools.py --self-test          plant uninstalled programs in a copy; each must fail
"""
import functools
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import selftest  # noqa: E402

# Program -> Debian package. Coreutils' programs are added below.
TOOL_PACKAGES = {
    "sh": "dash", "dash": "dash", "bash": "bash",
    "grep": "grep", "egrep": "grep", "sed": "sed", "awk": "mawk", "mawk": "mawk", "gawk": "gawk",
    "find": "findutils", "xargs": "findutils", "cmp": "diffutils", "diff": "diffutils",
    "script": "bsdutils", "logger": "bsdutils", "kill": "procps", "ps": "procps", "pgrep": "procps",
    "pkill": "procps", "top": "procps", "free": "procps", "tar": "tar", "gzip": "gzip",
    "which": "debianutils", "mountpoint": "util-linux", "flock": "util-linux", "setsid": "util-linux",
    "python3": "python3", "jq": "jq", "time": "time", "man": "man-db",
    "pdftoppm": "poppler-utils", "pdfinfo": "poppler-utils", "pdftotext": "poppler-utils", "qpdf": "qpdf",
    "mutool": "mupdf-tools", "hyperfine": "hyperfine", "pkg-config": "pkgconf", "git": "git",
    "curl": "curl", "wget": "wget", "file": "file", "strace": "strace", "gdb": "gdb", "valgrind": "valgrind",
    "dpkg-query": "dpkg", "apt-get": "apt", "apt-cache": "apt", "debootstrap": "debootstrap", "patch": "patch",
    "mount": "mount", "umount": "mount", "chroot": "coreutils",
}
for _name in ("cat cp mv rm ln ls mkdir rmdir mktemp touch head tail wc tr sort uniq cut tee sleep true false "
              "printf echo test [ env install chmod chown stat dd seq basename dirname realpath readlink date id "
              "nproc yes timeout du df md5sum sha256sum split paste comm od base64 fold nice nohup truncate "
              "sync uname whoami mkfifo").split():
    TOOL_PACKAGES[_name] = "coreutils"

# Programs no Debian package of the machine provides, and why they are there anyway.
PRESUPPOSED = {
    "swift": "the Swift toolchain (CONTRIBUTING.md, Set-up; not a Debian package)",
    "swiftc": "the Swift toolchain (CONTRIBUTING.md, Set-up; not a Debian package)",
    "make": "it runs `make test` itself",
}

# The project's own programs (built by the tests' build).
PROJECT = {"pageinfo", "pageinfo-test-worker", "pageinfo-client", "pageinfo-bench"}

# Python modules the tests import from PyPI, with a Debian module they fall back to, and where
# they come from.
PYPI_FALLBACK_MODULES = {
    "jsonschema_rs": "jsonschema-rs in the oracles' venv (ORACLE_REQ); without it, jsonschema (SchemaValidator.swift)",
}

# Python modules outside the standard library -> Debian package.
PYTHON_MODULES = {"jsonschema": "python3-jsonschema", "yaml": "python3-yaml", "numpy": "python3-numpy",
                  "pypdf": "python3-pypdf", "fitz": "python3-fitz", "pikepdf": "python3-pikepdf",
                  "PIL": "python3-pil", "requests": "python3-requests"}

# Essential: yes or Priority: required in Debian 12 and 13, for when neither dpkg-query nor
# apt-cache knows the package (a machine that is not Debian's).
ESSENTIAL = {"base-files", "base-passwd", "bash", "bsdutils", "coreutils", "dash", "debianutils", "diffutils",
             "dpkg", "findutils", "grep", "gzip", "hostname", "init-system-helpers", "libc-bin", "login",
             "mawk", "ncurses-bin", "perl-base", "sed", "sysvinit-utils", "tar", "util-linux", "apt"}

SHELL_BUILTINS = {
    ".", ":", "source", "alias", "bg", "bind", "break", "builtin", "caller", "cd", "command", "compgen", "complete",
    "compopt", "continue", "declare", "dirs", "disown", "echo", "enable", "eval", "exec", "exit", "export", "false",
    "fc", "fg", "getopts", "hash", "help", "history", "jobs", "kill", "let", "local", "logout", "mapfile", "popd",
    "printf", "pushd", "pwd", "read", "readarray", "readonly", "return", "set", "shift", "shopt", "suspend", "test",
    "[", "times", "trap", "true", "type", "typeset", "ulimit", "umask", "unalias", "unset", "wait",
}
# Words after which the next word is a command again (options skipped): builtins and programs.
WRAPPERS = {"command", "exec", "builtin", "env", "nice", "nohup", "xargs", "timeout", "sudo", "time", "setsid"}
# `command -v X` and `type X` look X up: X is a program the code expects.
RESERVED_CONTINUE = {"if", "then", "else", "elif", "do", "while", "until", "!", "{", "(", "time"}
RESERVED_END = {"fi", "done", "esac", "}"}
PY_STDLIB = set(getattr(sys, "stdlib_module_names", ())) | {"__future__"}


class Use:
    """One place where a program (or a Python module) is run."""

    def __init__(self, name, where, kind="program", declared=None):
        self.name, self.where, self.kind, self.declared = name, where, kind, declared


# ------------------------------------------------------------------------------------------
# Shell text
# ------------------------------------------------------------------------------------------

def _match_close(text, i, open_ch="(", close_ch=")"):
    """Index of the bracket closing the one at text[i], skipping quotes; len(text) if none."""
    depth, j, n = 0, i, len(text)
    while j < n:
        c = text[j]
        if c == "\\":
            j += 2
            continue
        if c == "'":
            k = text.find("'", j + 1)
            j = n if k < 0 else k + 1
            continue
        if c == '"':
            j = _skip_double(text, j)
            continue
        if c == open_ch:
            depth += 1
        elif c == close_ch:
            depth -= 1
            if depth == 0:
                return j
        j += 1
    return n


def _skip_double(text, i):
    """Index after the double-quoted string starting at text[i]."""
    j, n = i + 1, len(text)
    while j < n:
        if text[j] == "\\":
            j += 2
            continue
        if text.startswith("$(", j):
            j = _match_close(text, j + 1) + 1
            continue
        if text[j] == '"':
            return j + 1
        j += 1
    return n


def shell_tokens(text):
    """Words and operators of shell text: [(kind, text, line, quoted)], kind 'w' or 'op', and the
    texts of command substitutions and process substitutions (parsed separately, with their line)."""
    tokens, nested = [], []
    word, quoted, word_line = None, False, 1
    heredocs = []
    i, n, line = 0, len(text), 1

    def flush():
        nonlocal word, quoted
        if word is not None:
            tokens.append(("w", word, word_line, quoted))
        word, quoted = None, False

    def add(s, q=False):
        nonlocal word, quoted, word_line
        if word is None:
            word, word_line = "", line
        word += s
        quoted = quoted or q

    while i < n:
        c = text[i]
        if c == "\\":
            if text.startswith("\n", i + 1):
                line += 1
                i += 2
                continue
            add(text[i + 1:i + 2], True)
            i += 2
            continue
        if c == "'":
            k = text.find("'", i + 1)
            k = n if k < 0 else k
            line += text.count("\n", i, k)
            add(text[i + 1:k], True)
            i = k + 1
            continue
        if c == '"':
            end = _skip_double(text, i)
            inner = text[i + 1:end - 1]
            for m in re.finditer(r"\$\(", inner):
                if not inner.startswith("$((", m.start()):
                    close = _match_close(inner, m.start() + 1)
                    nested.append((inner[m.start() + 2:close], line + inner.count("\n", 0, m.start())))
            line += text.count("\n", i, end)
            add(re.sub(r"\$\(.*", "$S", inner, flags=re.S) if "$(" in inner else inner, True)
            i = end
            continue
        if text.startswith("$((", i) or (text.startswith("((", i) and word is None):
            close = text.find("))", i)
            close = n if close < 0 else close + 2
            add("$A")
            i = close
            continue
        if text.startswith("$(", i) or ((c == "<" or c == ">") and text.startswith("(", i + 1) and word is None):
            start = i + 1
            close = _match_close(text, start)
            nested.append((text[start + 1:close], line))
            line += text.count("\n", i, close)
            add("$S")
            i = close + 1
            continue
        if c == "`":
            k = text.find("`", i + 1)
            k = n if k < 0 else k
            nested.append((text[i + 1:k], line))
            add("$S")
            i = k + 1
            continue
        if c == "#" and word is None:
            k = text.find("\n", i)
            i = n if k < 0 else k
            continue
        if c in " \t":
            flush()
            i += 1
            continue
        if c == "\n":
            flush()
            tokens.append(("op", "\n", line, False))
            line += 1
            i += 1
            for delim, strip in heredocs:  # the bodies follow this line
                while i < n:
                    k = text.find("\n", i)
                    k = n if k < 0 else k
                    body_line = text[i:k]
                    i = k + 1
                    line += 1
                    if (body_line.lstrip("\t") if strip else body_line) == delim:
                        break
            heredocs = []
            continue
        if c in "<>" and (word is None or word.isdigit()):
            if word is not None:
                word = None
            m = re.match(r"<<-?|<<<|>>|>&|<&|<>|>\||>|<", text[i:])
            op = m.group(0)
            i += len(op)
            if op in ("<<", "<<-"):
                m2 = re.match(r"\s*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\1", text[i:])
                if m2:
                    heredocs.append((m2.group(2), op == "<<-"))
                    i += len(m2.group(0))
                    continue
            tokens.append(("op", "redirect", line, False))
            continue
        m = re.match(r"&&|\|\||;;|\|&|\||&|;|\(|\)", text[i:])
        if m:
            flush()
            tokens.append(("op", m.group(0), line, False))
            i += len(m.group(0))
            continue
        add(c)
        i += 1
    flush()
    return tokens, nested


def shell_commands(text, first_line=1, functions=frozenset()):
    """The programs shell text runs: [(name, line)], names as written (a path's last part for an
    absolute path); dynamic words ($VAR), functions it defines, builtins and keywords left out."""
    found = []
    functions = set(functions) | set(re.findall(r"(?m)^\s*(?:function\s+)?([A-Za-z_][\w-]*)\s*\(\)", text))
    tokens, nested = shell_tokens(text)
    expect, skip_target, mode, wrapper = True, False, None, None
    for idx, (kind, tok, line, quoted) in enumerate(tokens):
        if mode == "array":
            if kind == "op" and tok == ")":
                mode = None
            continue
        if kind == "op":
            if tok == "redirect":
                skip_target = True
            elif mode == "pattern":
                if tok == ")":
                    mode, expect = None, True
            elif mode in ("for", "dbl"):
                if mode == "for" and tok in ("\n", ";"):
                    mode, expect = None, True
            elif tok in ("\n", ";", "&&", "||", "|", "|&", "&", "("):
                expect, wrapper = True, None
            elif tok == ";;":
                mode = "pattern"
            continue
        if skip_target:
            skip_target = False
            continue
        if mode == "case":
            if tok == "in":
                mode = "pattern"
            continue
        if mode == "pattern":
            if tok == "esac":
                mode, expect = None, False
            continue
        if mode == "for":
            if tok == "do":
                mode, expect = None, True
            continue
        if mode == "dbl":
            if tok == "]]":
                mode, expect = None, False
            continue
        if not expect:
            continue
        if not quoted and tok in RESERVED_CONTINUE:
            continue
        if not quoted and tok in RESERVED_END:
            expect = False
            continue
        if not quoted and tok == "case":
            mode = "case"
            continue
        if not quoted and tok in ("for", "select"):
            mode = "for"
            continue
        if not quoted and tok == "[[":
            mode = "dbl"
            continue
        if not quoted and tok == "function":
            expect = False
            continue
        if re.match(r"^[A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])?\+?=", tok):
            if tok.endswith("=") and idx + 1 < len(tokens) and tokens[idx + 1][:2] == ("op", "("):
                mode = "array"  # NAME=( … ): words, not commands
            continue  # an assignment before the command
        if wrapper is not None:
            if tok.startswith("-"):
                continue
            if wrapper == "timeout":
                wrapper = "timeout-duration-done"
                continue
        if tok in functions:
            expect = False
            continue
        expect, was_wrapper = False, wrapper
        wrapper = None
        if "$" in tok or tok == "":
            continue  # dynamic: a variable, a substitution
        name = tok
        if "/" in name:
            if re.match(r"^(/usr)?/s?bin/[^/]+$", name):
                name = name.rsplit("/", 1)[1]
            else:
                continue  # a file of the project (scripts/…, ./x) or a built binary
        if name in PROJECT:
            continue
        if name in WRAPPERS:
            expect, wrapper = True, name
            if name in SHELL_BUILTINS or name == "time":
                continue
        if name in SHELL_BUILTINS and name not in WRAPPERS:
            continue
        found.append((name, first_line + line - 1))
        del was_wrapper
    for inner, line in nested:
        found += shell_commands(inner, first_line + line - 1, functions)
    return found


# ------------------------------------------------------------------------------------------
# Swift string literals
# ------------------------------------------------------------------------------------------

# (Kept by the text: the self-test reads each Swift file once a planted tree, six trees.)
@functools.lru_cache(maxsize=None)
def swift_literals(source):
    """String literals of Swift source: ((offset, line, text), …), escapes decoded, interpolations
    replaced by `$I` (a dynamic word), multi-line literals with their indentation removed."""
    out = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            k = source.find("\n", i)
            i = n if k < 0 else k
            continue
        if source.startswith("/*", i):
            k = source.find("*/", i + 2)
            i = n if k < 0 else k + 2
            continue
        if c == "#" or c == '"':
            m = re.match(r'(#*)("""|")', source[i:])
            if not m:
                i += 1
                continue
            hashes, quote = m.group(1), m.group(2)
            start = i
            j = i + len(m.group(0))
            closing = quote + hashes
            escape = "\\" + hashes
            buf = []
            while j < n and not source.startswith(closing, j):
                if source.startswith(escape + "(", j):
                    close = _match_close(source, j + len(escape))
                    buf.append("$I")
                    j = close + 1
                    continue
                if source.startswith(escape, j):
                    e = source[j + len(escape):j + len(escape) + 1]
                    buf.append({"n": "\n", "t": "\t", "0": "\0", "\\": "\\", '"': '"', "'": "'"}.get(e, e))
                    if e == "u":
                        m2 = re.match(r"\{([0-9A-Fa-f]+)\}", source[j + len(escape) + 1:])
                        if m2:
                            buf[-1] = chr(int(m2.group(1), 16))
                            j += len(m2.group(0))
                    j += len(escape) + 1
                    continue
                if quote == '"' and source[j] == "\n":
                    break  # not a literal after all
                buf.append(source[j])
                j += 1
            text = "".join(buf)
            if quote == '"""':
                lines = text.split("\n")
                indent = re.match(r"[ \t]*", lines[-1]).group(0) if lines else ""
                text = "\n".join(l[len(indent):] if l.startswith(indent) else l for l in lines[1:-1])
                text = text.replace("\\\n", "")
            out.append((start, source.count("\n", 0, start) + 1 + (1 if quote == '"""' else 0), text))
            i = j + len(closing)
            continue
        i += 1
    return tuple(out)


def python_imports(text):
    """Top-level module names a Python text imports."""
    mods = []
    for m in re.finditer(r"(?m)^\s*import\s+([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*)\s*$", text):
        mods += [p.strip().split(".")[0] for p in m.group(1).split(",")]
    for m in re.finditer(r"(?m)^\s*from\s+([A-Za-z_][\w.]*)\s+import\s", text):
        mods.append(m.group(1).split(".")[0])
    return mods


def scan_swift(path, rel, root):
    uses, helpers = [], set()
    with open(path, encoding="utf-8") as f:
        source = f.read()
    literals = swift_literals(source)
    for offset, line, text in literals:
        where = f"{rel}:{line}"
        before = source[max(0, offset - 160):offset]
        m = re.match(r"^(?:#!)?((?:/usr)?/s?bin/([A-Za-z0-9_.+-]+))$", text)
        if m:
            uses.append(Use(m.group(2), where))
            if m.group(2) == "env":
                after = source[offset:offset + 300]
                # `p.arguments = [...]` (Process) or `arguments: [...]` (ProcessRunner).
                m2 = re.search(r"arguments\s*[=:]\s*\[\s*\"([A-Za-z0-9_.+-]+)\"", after)
                if m2:
                    uses.append(Use(m2.group(1), where))
            continue
        m = re.match(r"^#!((?:/usr)?/s?bin/([A-Za-z0-9_.+-]+))\n", text)
        if m:
            uses.append(Use(m.group(2), where))
        for script in re.findall(r"scripts/[\w.-]+\.py", text):
            helpers.add(os.path.join(root, script))
        lowercase_imports = [mod for mod in python_imports(text) if mod[:1].islower()]
        for mod in lowercase_imports:
            if os.path.exists(os.path.join(root, "scripts", mod + ".py")):
                helpers.add(os.path.join(root, "scripts", mod + ".py"))  # sys.path.insert(0, "scripts")
            else:
                uses.append(Use(mod, where, kind="module"))
        is_python = re.match(r"\s*(import|from)\s", text) is not None  # (a heredoc's Python is skipped as shell)
        shell = ("$PAGEINFO" in text
                 or re.search(r"\b(shell|scriptedWorker\([^()]*?,)\s*\(?\s*#*$", before.rstrip()) is not None
                 or re.search(r"\bshell\(\s*(ReadmeExampleTests\.sanitizerPrologue\s*\+\s*)?#*$", before) is not None
                 or re.search(r"\bscriptedWorker\(\s*\"[^\"]*\",\s*#*$", before) is not None
                 or (re.search(r"\"-q?c\",\s*#*$", before) is not None and "python" not in before[-90:]))
        if shell and not is_python:
            for name, l in shell_commands(text, line):
                uses.append(Use(name, f"{rel}:{l}"))
    for m in re.finditer(r"ExternalTool\(\s*\"([^\"]+)\",\s*package:\s*\"([^\"]+)\"", source):
        line = source.count("\n", 0, m.start()) + 1
        uses.append(Use(m.group(1), f"{rel}:{line}", declared=m.group(2)))
    # Uses of the declared tools (`ExternalTool.jq.require()`, `.requiresTool(.jq)`), resolved in collect().
    for m in re.finditer(r"ExternalTool\.(\w+)\.require\(|\.requiresTool\(\.(\w+)\)", source):
        line = source.count("\n", 0, m.start()) + 1
        uses.append(Use(m.group(1) or m.group(2), f"{rel}:{line}", kind="property"))
    return uses, helpers


# ------------------------------------------------------------------------------------------
# Python helpers, shell scripts, documentation examples
# ------------------------------------------------------------------------------------------

def scan_python(path, rel, root):
    uses, helpers = [], set()
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for m in re.finditer(r"subprocess\.(?:run|call|check_call|check_output|Popen)\(\s*\[\s*(['\"])([^'\"]+)\1", text):
        name = m.group(2)
        name = name.rsplit("/", 1)[1] if re.match(r"^(/usr)?/s?bin/", name) else name
        if "/" not in name:
            uses.append(Use(name, f"{rel}:{text.count(chr(10), 0, m.start()) + 1}"))
    for m in re.finditer(r"shutil\.which\(\s*(['\"])([^'\"]+)\1", text):
        uses.append(Use(m.group(2), f"{rel}:{text.count(chr(10), 0, m.start()) + 1}"))
    for m in re.finditer(r"os\.system\(\s*(['\"])(.*?)\1", text):
        for name, _ in shell_commands(m.group(2)):
            uses.append(Use(name, f"{rel}:{text.count(chr(10), 0, m.start()) + 1}"))
    for mod in python_imports(text):
        local = os.path.join(os.path.dirname(path), mod + ".py")
        if os.path.exists(local):
            helpers.add(local)
        else:
            uses.append(Use(mod, rel, kind="module"))
    return uses, helpers


def scan_shell_file(path, rel, root):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    uses = [Use(name, f"{rel}:{line}") for name, line in shell_commands(text)]
    helpers = {os.path.join(root, s) for s in re.findall(r"scripts/[\w.-]+\.py", text)}
    return uses, helpers


def doc_examples(root):
    """(file, line, command) of the `$ ` lines the documentation tests run."""
    out = []
    readme = os.path.join(root, "README.md")
    guide = os.path.join(root, "docs", "guide.md")
    for path, start in ((readme, None), (guide, "$ pageinfo info -r Fixtures --jobs 2")):
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        named, in_block, block = False, False, []
        for number, line in enumerate(lines, 1):
            if line.startswith("<!-- readme-example:"):
                named = True
            elif line.startswith("```"):
                if in_block:
                    runs = named if start is None else bool(block) and block[0][1].startswith(start)
                    if runs:
                        out += [(os.path.relpath(path, root), n, l[2:]) for n, l in block if l.startswith("$ ")]
                    in_block, block, named = False, [], False
                else:
                    in_block = True
            elif in_block:
                block.append((number, line))
    return out


def makefile_lists(root):
    """TEST_PACKAGES, BUILD_PACKAGES and the scripts `make test` runs: those in the recipes of
    `test` and of the targets it reaches (prerequisites and `$(MAKE) TARGET` lines), but for
    targets that make the PyPI venv (`oracle-deps`): their programs come from it."""
    with open(os.path.join(root, "Makefile"), encoding="utf-8") as f:
        text = f.read()
    def words(var):
        m = re.search(rf"(?m)^{var}\s*:?=\s*(.*)$", text)
        return set(m.group(1).split()) if m else set()
    rules = {}
    for m in re.finditer(r"(?m)^([\w-]+):(?!=)([^\n]*)\n((?:\t[^\n]*\n)*)", text):
        rules[m.group(1)] = (m.group(2).split(), m.group(3))
    scripts, seen, todo = [], set(), ["test"]
    while todo:
        name = todo.pop(0)
        if name in seen or name not in rules:
            continue
        seen.add(name)
        prerequisites, recipe = rules[name]
        if "oracle-deps" in prerequisites:
            continue
        todo += prerequisites
        # The targets a `$(MAKE) [OPTIONS] [VAR=VALUE] TARGET…` line makes (`-o TARGET`: one
        # it is told not to make).
        for line in re.findall(r"\$\(MAKE\)([^\n]*)", recipe.replace("\\\n", " ")):
            arguments = iter(line.split())
            for word in arguments:
                if word == "-o":
                    next(arguments, None)
                elif not word.startswith("-") and "=" not in word and "'" not in word:
                    todo.append(word)
        for s in re.findall(r"scripts/[\w.-]+", recipe):
            if s not in scripts:
                scripts.append(s)
    return words("TEST_PACKAGES"), words("BUILD_PACKAGES"), scripts


def collect(root):
    uses, helpers, seen = [], set(), set()
    for dirpath, dirnames, filenames in os.walk(os.path.join(root, "Tests")):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if name.endswith(".swift"):
                path = os.path.join(dirpath, name)
                u, h = scan_swift(path, os.path.relpath(path, root), root)
                uses += u
                helpers |= h
    for rel, line, command in doc_examples(root):
        uses += [Use(name, f"{rel}:{line}") for name, _ in shell_commands(command)]
    _, _, scripts = makefile_lists(root)
    for s in scripts:
        helpers.add(os.path.join(root, s))
    properties = {}
    for dirpath, _, filenames in os.walk(os.path.join(root, "Tests", "PageInfoTestSupport")):
        for name in filenames:
            if name.endswith(".swift"):
                with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                    properties.update(re.findall(r"static let (\w+) = ExternalTool\(\s*\"([^\"]+)\"", f.read()))
    for use in uses:
        if use.kind == "property":
            if use.name not in properties:
                raise SystemExit(f"check_test_tools: {use.where}: ExternalTool.{use.name} is declared nowhere")
            use.name, use.kind = properties[use.name], "program"
    while helpers - seen:
        path = sorted(helpers - seen)[0]
        seen.add(path)
        if not os.path.exists(path):
            continue
        rel = os.path.relpath(path, root)
        if os.path.basename(path) == "check_test_tools.py":
            continue  # this script: its planted text runs nothing; it runs dpkg and apt-cache (essential)
        if path.endswith(".py"):
            u, h = scan_python(path, rel, root)
        else:
            u, h = scan_shell_file(path, rel, root)
        uses += u
        helpers |= h
    return uses


# ------------------------------------------------------------------------------------------
# Packages
# ------------------------------------------------------------------------------------------

def _run(args):
    try:
        return subprocess.run(args, capture_output=True, text=True, check=False)
    except OSError:
        return None


# (Asked once a run: `dpkg -S` reads the whole file list, and the self-test checks six trees.)
@functools.lru_cache(maxsize=None)
def package_of(name):
    """The Debian package of a program: the table, else `dpkg -S` on its usual paths."""
    if name in TOOL_PACKAGES:
        return TOOL_PACKAGES[name]
    if shutil.which("dpkg") is None:
        return None
    for d in ("/usr/bin", "/bin", "/usr/sbin", "/sbin"):
        r = _run(["dpkg", "-S", f"{d}/{name}"])
        if r is not None and r.returncode == 0 and ":" in r.stdout:
            return r.stdout.split(":", 1)[0].split(",")[0].strip()
    return None


@functools.lru_cache(maxsize=None)
def is_essential(package):
    """Whether Debian has the package on every system (Essential: yes, or Priority: required)."""
    answer = None
    r = _run(["dpkg-query", "-W", "-f=${Essential} ${Priority}", package]) if shutil.which("dpkg-query") else None
    if r is not None and r.returncode == 0 and r.stdout.strip():
        answer = r.stdout.split()[0] == "yes" or "required" in r.stdout.split()
    else:
        r = _run(["apt-cache", "show", "--no-all-versions", package]) if shutil.which("apt-cache") else None
        if r is not None and r.returncode == 0 and r.stdout.strip():
            answer = bool(re.search(r"(?m)^Essential:\s*yes", r.stdout) or re.search(r"(?m)^Priority:\s*required", r.stdout))
    if answer is None:
        answer = package in ESSENTIAL
    return answer


def check(root, listing=False):
    """Problems (one line each); with `listing`, also prints the inventory."""
    test_packages, build_packages, _ = makefile_lists(root)
    installed = test_packages | build_packages
    problems, inventory = [], {}
    for use in collect(root):
        if use.kind == "module":
            if use.name in PY_STDLIB or use.name[:1].isupper() and use.name not in PYTHON_MODULES:
                continue
            if use.name in PYPI_FALLBACK_MODULES:
                inventory.setdefault((f"python3 module {use.name}", "-", PYPI_FALLBACK_MODULES[use.name]), set()).add(use.where)
                continue
            package = PYTHON_MODULES.get(use.name)
            label = f"python3 module {use.name}"
            if package is None:
                problems.append(f"{use.where}: imports the Python module {use.name}, not in Python's standard library "
                                f"and of no known Debian package: add it to PYTHON_MODULES in scripts/check_test_tools.py")
                continue
        else:
            label = use.name
            if use.name in PRESUPPOSED:
                inventory.setdefault((label, "-", PRESUPPOSED[use.name]), set()).add(use.where)
                continue
            package = package_of(use.name)
            if package is None:
                problems.append(f"{use.where}: runs {use.name}, which no known Debian package provides: "
                                f"add it to TOOL_PACKAGES in scripts/check_test_tools.py")
                continue
            if use.declared is not None and use.declared != package and not (use.declared.startswith("python3-") and package == "python3"):
                problems.append(f"{use.where}: declares {use.name} as Debian's {use.declared}, but it is in {package}")
        if package in installed:
            why = "TEST_PACKAGES" if package in test_packages else "BUILD_PACKAGES"
        elif is_essential(package):
            why = "essential"
        else:
            why = None
            problems.append(f"{use.where}: runs {label} (Debian package {package}), which make test does not install: "
                            f"add {package} to TEST_PACKAGES in the Makefile")
        inventory.setdefault((label, package, why or "NOT INSTALLED"), set()).add(use.where)
    if listing:
        for (label, package, why), wheres in sorted(inventory.items()):
            files = sorted({w.split(":")[0] for w in wheres})
            print(f"{label:22} {package:20} {why:16} {', '.join(files)}")
    return sorted(set(problems))


# ------------------------------------------------------------------------------------------
# Self-test
# ------------------------------------------------------------------------------------------

def self_test(root):
    """Plants programs make test does not install in copies of the tree; each must be named."""

    plants = selftest.Planting(root, check, items=("Makefile", "README.md", "Tests", "scripts", "docs"),
                               prefix="pageinfo-test-tools-", ignore=(".build*", "*.pdf", "Snapshots"))
    if not plants.real_tree_passes():
        return 1
    write, expect, copy = plants.write, plants.expect, plants.copy

    # The pipeline that once passed without ps: a Swift test running /bin/sh -c "ps … | wc -l".
    tmp = copy()
    write(tmp, "Tests/PageInfoCommandTests/PlantedToolTests.swift", '''// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@Test func planted() throws {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/sh")
    p.arguments = ["-c", "ps -eo ppid,args | grep -c worker | wc -l"]
    try p.run()
    let q = Process()
    q.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
    let r = Process()
    r.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    r.arguments = ["mutool", "info"]
    let s = try ProcessRunner.run("/usr/bin/env", arguments: ["hyperfine", "--version"])
    let shell = "cat \\"$F\\" | \\"$PAGEINFO\\" info - && gawk 1 /dev/null"
    let py = """
        import json, yaml
        """
    _ = (shell, py)
}
''')
    expect("a Swift test's shell pipeline, program paths, env and snippets", tmp,
           ["PlantedToolTests.swift:8: runs ps (Debian package procps)",
            "PlantedToolTests.swift:11: runs qpdf (Debian package qpdf)",
            "runs mutool (Debian package mupdf-tools)",
            "PlantedToolTests.swift:15: runs hyperfine (Debian package hyperfine)",
            "PlantedToolTests.swift:16: runs gawk (Debian package gawk)",
            "runs python3 module yaml (Debian package python3-yaml)"])

    # A script make test runs calls a program it does not install.
    tmp = copy()
    write(tmp, "scripts/check_install.sh", 'n=$(qpdf --show-npages Fixtures/mixed.pdf | awk \'{print $1}\')\n'
                                           'if [ "$n" = 10 ]; then LC_ALL=C hyperfine --version >/dev/null; fi\n', append=True)
    with open(os.path.join(tmp, "scripts/check_install.sh"), encoding="utf-8") as f:
        last = f.read().count("\n")
    expect("a make-test script", tmp, [f"scripts/check_install.sh:{last - 1}: runs qpdf (Debian package qpdf)",
                                       f"scripts/check_install.sh:{last}: runs hyperfine (Debian package hyperfine)"])

    # A package dropped from TEST_PACKAGES: the tests that need it are named.
    tmp = copy()
    with open(os.path.join(tmp, "Makefile"), encoding="utf-8") as f:
        text = f.read()
    planted = re.sub(r"(?m)^(TEST_PACKAGES\s*:=.*)\bjq\b", r"\1", text)
    assert planted != text, "jq is not in TEST_PACKAGES: update the self-test"
    write(tmp, "Makefile", planted)
    expect("jq dropped from TEST_PACKAGES", tmp, ["README.md", "docs/guide.md", "runs jq (Debian package jq)",
                                                  "ExternalTool.swift"])

    # A declaration naming another package than the table's; an unknown program.
    tmp = copy()
    write(tmp, "Tests/PageInfoTestSupport/Planted.swift",
          '// SPDX-License-Identifier: Apache-2.0\nlet planted = ExternalTool("pdfinfo", package: "poppler-data")\n'
          'let other = "/usr/bin/frobnicate-pdf"\n')
    expect("a wrong declaration, an unknown program", tmp,
           ["declares pdfinfo as Debian's poppler-data, but it is in poppler-utils",
            "runs frobnicate-pdf, which no known Debian package provides"])
    return plants.status()


def main(argv):
    if "--list" in argv and "--self-test" not in argv:
        args = [a for a in argv if not a.startswith("--")]
        root = os.path.abspath(args[0] if args else os.path.join(os.path.dirname(__file__), ".."))
        problems = check(root, listing=True)
        for p in problems:
            print(f"check_test_tools: {p}", file=sys.stderr)
        return 1 if problems else 0
    return selftest.main(argv, "check_test_tools", check, self_test,
                         "every program the tests run is installed by make test or essential in Debian")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
