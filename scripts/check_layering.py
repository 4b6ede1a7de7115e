#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The layering rules, over the Swift code of Sources/ and the package graph.

Seven rules, each reported with one line per offence (file, line, name) and exit status 1:
  (a) no call of a C library function outside the system layer (the module SYSTEM_MODULE):
      spawn, poll, signals, limits, close, chmod, isatty, the clock, the environment… go through
      PageInfoSystem's OpenFile, FileSystem, ChildProcess, CurrentProcess, Signals,
      ResourceLimits, CrashHandler, ReadinessPoll, SpawnerThread and LinuxCalls;
  (b) no raw `Int32` (or `CInt`) file descriptor in a `public` signature: a parameter, an enum
      payload or a property named like a descriptor (fd, …Fd, …FD, descriptor, …Descriptor; a
      returned descriptor has no name to tell it by, and is not seen);
  (c) no `CommandLine` (nor `CommandLineBytes`, nor `ProcessInfo.processInfo.arguments`) in a
      library: the process's argv belongs to the executables;
  (d) no `ExitFailure` in a library's `public` API (a signature that mentions it, the type
      itself, the public members of an extension of it): exit statuses are the CLI's;
  (e) a `public` declaration only in a module a user can see: the target of a library product of
      Package.swift, or a module such a target re-exports (`@_exported import`, followed through
      the re-exported modules' own sources). Every other module is the package's own: its
      declarations are `package` (five library products at most);
  (f) reading never prints: no module of READING_MODULES depends on ENCODING_MODULE, directly or
      through other targets (the offence names the path), so the encoders sit on top of reading;
  (g) the system layer stands alone: SYSTEM_MODULE depends on swift-system only.

(c), (d) and (e) are about libraries: the executable targets of Package.swift are exempt. (a)
and (b) hold everywhere. The package graph (targets, products, executables, dependencies) is
SwiftPM's own, read by scripts/package_graph.py.

How it reads Swift: comments and string literals are blanked first (interpolated code is kept).
A C call is a bare call of a name in C_FUNCTIONS (or `Glibc.name(`), not a member call, not a
declaration, and with no argument label: C functions imported into Swift have no labels, so
`read(into: buffer)` (a Swift method) is not one and `read(fd, buffer, n)` is; nor is a bare call
of a name the file declares itself (`func close()`, a local `func free(_:)`). Names of C's pure
memory and string functions (memcmp, strlen…) are not listed: they reach no system state. The
Poppler shim's `pi_` calls and zlib are their own C boundaries (scripts/check_c_boundary.sh),
not system calls.

ALLOWLIST holds tolerated offenders, `file:name` (the C function called; the public declaration;
the argv name used; for (f) `module:path`); every list is empty, and a new offence is fixed, not
listed. The check fails on any offence not listed, and on a listed one that is gone (the list
only shrinks). An entry covers its name in its
file: one more call of an allowlisted function in that file is not seen as new.

  scripts/check_layering.py [PACKAGE_DIR]   check (make test runs this); prints each rule's offenders
  scripts/check_layering.py --self-test     plant one violation of each kind in a copy and see each caught
"""
import functools
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import package_graph  # noqa: E402
import selftest  # noqa: E402

# The system layer: the only module that calls the C library (over swift-system).
SYSTEM_MODULE = "PageInfoSystem"
SYSTEM_DEPENDENCIES = {"SystemPackage"}
# The writers, the JSON codec and the XML escaper.
ENCODING_MODULE = "PageInfoEncoding"
# What reads a PDF into records: the reader over Poppler and the one reading loop (and, through
# rule (f)'s paths, everything they depend on).
READING_MODULES = ("PageInfoSystem", "PageInfoPoppler", "PageInfoReading")

# C library functions that reach the system or process-wide state. A name ending in `*` is a
# prefix (posix_spawn_file_actions_init…).
C_FUNCTIONS = set("""
    posix_spawn* fork vfork execv execve execvp execvpe _exit exit abort atexit kill killpg raise
    signal sigaction sigprocmask pthread_* sigemptyset sigfillset sigaddset sigdelset sigismember
    sigaltstack sigsuspend sigwait waitpid wait wait3 wait4 waitid getpid getppid getpgid setpgid
    setsid getuid geteuid getgid getegid prctl
    open openat creat close read write pread pwrite readv writev lseek fstat stat lstat fstatat
    fchmod chmod fchown chown fsync fdatasync ftruncate truncate rename renameat unlink unlinkat
    link linkat symlink readlink readlinkat mkdir mkdirat rmdir opendir fdopendir readdir closedir
    rewinddir dup dup2 dup3 pipe pipe2 fcntl ioctl flock isatty ttyname access faccessat realpath
    getcwd chdir umask mkstemp mkostemp mkdtemp tmpfile memfd_create
    fopen fdopen freopen fclose fread fwrite fflush fgets fputs fprintf printf puts fileno setvbuf
    vfscanf fscanf
    mmap munmap mprotect madvise mlock munlock malloc calloc realloc free posix_memalign strdup strndup
    clock_gettime clock_getres gettimeofday time nanosleep usleep sleep alarm setitimer times
    setrlimit getrlimit getrusage sysconf uname
    getenv setenv unsetenv putenv clearenv
    poll ppoll select pselect epoll_create1 epoll_ctl epoll_wait
    strerror strerror_r strsignal perror
    dlopen dlsym dlclose dlerror
""".split())
# Those that take no argument (a bare `name()` is a C call only for these).
C_NO_ARGUMENTS = {"fork", "vfork", "abort", "getpid", "getppid", "getuid", "geteuid", "getgid", "getegid",
                  "setsid", "dlerror", "clearenv", "tmpfile", "wait"}

DESCRIPTOR_NAME = re.compile(r"^(fd|\w*Fd|\w*FD|descriptor|\w*Descriptor|fileDescriptor)$")
ARGV_NAME = re.compile(r"\b(CommandLine\w*)\b|\bProcessInfo\s*\.\s*processInfo\s*\.\s*arguments\b")

# Tolerated offenders, by rule: all empty. Remove an entry when its offence goes; never add one.
ALLOWLIST = {
    # (a) C calls outside the system-call layer: none left (spawn, poll, signals, limits, the
    # clock, the environment, isatty, mmap and the atomic write went into the layer).
    "c-call": """
    """,
    # (b) raw descriptors in public signatures: none left (they take swift-system's
    # FileDescriptor, or the layer's OpenFile).
    "int32-descriptor": """
    """,
    # (c) argv in libraries: CommandLineBytes and the readers and checks that consult it.
    # (c) argv in libraries: none left (CommandLineBytes is the executable's; the libraries
    # take raw path bytes and DocumentSource.standardInput).
    "command-line": """
    """,
    # (d) ExitFailure in libraries' public API: none left (the type is the CLI's; the
    # libraries throw typed errors and keep `oneLine` as PageInfoRecords' function).
    "exit-failure": """
    """,
    # (e) public declarations outside the products and what they re-export: none.
    "public-outside-products": """
    """,
    # (f) reading that depends on the encoders: none (the grammar does no I/O; the JSON forms
    # and the conversion stream are the encoding layer's).
    "reading-prints": """
    """,
    # (g) the system layer's own dependencies beyond swift-system: none.
    "system-depends": """
    """,
}
ADVICE = {
    "c-call": "call it through the system layer (the PageInfoSystem module)",
    "int32-descriptor": "take swift-system's FileDescriptor (or the layer's OpenFile)",
    "command-line": "let the executable pass the names or raw bytes in",
    "exit-failure": "throw a typed error; the CLI turns it into a message and an exit status",
    "public-outside-products": "declare it `package` (or, if a product's public API needs it, have that product "
                               "re-export its module with `@_exported import`)",
    "reading-prints": "let the module above reading and encoding join them (PageInfoBatch holds DocumentReader's "
                      "reading into a PageListEncoder)",
    "system-depends": "the system layer depends on swift-system alone: move what needs more above it",
}
RULES = {
    "c-call": "(a) C library call outside the system layer",
    "int32-descriptor": "(b) raw Int32 descriptor in a public signature",
    "command-line": "(c) the process's argv in a library",
    "exit-failure": "(d) ExitFailure in a library's public API",
    "public-outside-products": "(e) public declaration in a module no product shows",
    "reading-prints": "(f) a reading module depends on the encoding layer",
    "system-depends": "(g) the system layer depends on more than swift-system",
}


STRING_OPENING = re.compile(r'(#*)("""|")')


@functools.lru_cache(maxsize=None)
def blank_comments_and_strings(src):
    """The source with comments and string literals replaced by spaces (newlines kept), and the
    code of string interpolations kept, so that a match is code. (Kept per text: the self-test
    checks copies that differ from the real tree in one file.)"""
    out = []
    i, n = 0, len(src)
    # A stack of what we are in: ("string", hashes, multiline) or ("interp", paren depth).
    stack = []

    def keep(c):
        out.append(c)

    def blank(c):
        out.append("\n" if c == "\n" else " ")

    while i < n:
        c = src[i]
        top = stack[-1] if stack else None
        if top is None or top[0] == "interp":
            if src.startswith("//", i):
                while i < n and src[i] != "\n":
                    blank(src[i]); i += 1
                continue
            if src.startswith("/*", i):
                depth = 0
                while i < n:
                    if src.startswith("/*", i):
                        depth += 1; blank("/"); blank("*"); i += 2; continue
                    if src.startswith("*/", i):
                        depth -= 1; blank("*"); blank("/"); i += 2
                        if depth == 0:
                            break
                        continue
                    blank(src[i]); i += 1
                continue
            m = STRING_OPENING.match(src, i)
            if m and (m.group(1) == "" or True):
                hashes, quote = len(m.group(1)), m.group(2)
                out.append(" " * hashes + '"' * len(quote))
                i = m.end()
                stack.append(("string", hashes, quote == '"""'))
                continue
            if top is not None:
                if c == "(":
                    stack[-1] = ("interp", top[1] + 1)
                elif c == ")":
                    if top[1] == 0:
                        stack.pop(); blank(c); i += 1; continue
                    stack[-1] = ("interp", top[1] - 1)
            keep(c); i += 1
            continue
        # In a string.
        _, hashes, multiline = top
        closing = ('"""' if multiline else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        if src.startswith(closing, i):
            out.append(closing.replace("#", " "))
            i += len(closing); stack.pop(); continue
        if src.startswith(escape + "(", i):
            for ch in escape + "(":
                blank(ch)
            i += len(escape) + 1
            stack.append(("interp", 0))
            continue
        if src.startswith(escape, i) and i + len(escape) < n:
            for ch in src[i:i + len(escape) + 1]:
                blank(ch)
            i += len(escape) + 1
            continue
        blank(c); i += 1
    return "".join(out)


def matching_paren(code, i):
    """The index of the `)` closing the `(` at `i`."""
    depth = 0
    for j in range(i, len(code)):
        if code[j] in "([{":
            depth += 1
        elif code[j] in ")]}":
            depth -= 1
            if depth == 0:
                return j
    return len(code) - 1


def split_top_level(text):
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur); cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return parts


def line_of(code, i):
    return code.count("\n", 0, i) + 1


# The names ending in "*", as prefixes (str.startswith takes them all at once: the self-test reads
# every file twenty times, and a loop over C_FUNCTIONS per call was half its time).
C_PREFIXES = tuple(p[:-1] for p in C_FUNCTIONS if p.endswith("*"))


def is_c_function(name):
    return name in C_FUNCTIONS or name.startswith(C_PREFIXES)


# (c_calls and public_declarations are kept by the text: the self-test reads every file once a
# planted tree, twenty trees, and a planted file is the only one whose text differs.)
@functools.lru_cache(maxsize=None)
def c_calls(code):
    """(line, name) of each C library call. A bare call of a name the file declares itself (a
    method, a local function or closure) is that Swift declaration's; `Glibc.name(` is C's."""
    found = []
    declared = set(re.findall(r"\b(?:func|let|var)\s+([A-Za-z_]\w*)", code))
    for m in re.finditer(r"(?:(?<![\w.])|(?<=\bGlibc\.)|(?<=\bDarwin\.)|(?<=\bMusl\.))([A-Za-z_]\w*)\s*\(", code):
        name = m.group(1)
        qualified = code[max(0, m.start() - 1)] == "."
        if not is_c_function(name) or (name in declared and not qualified):
            continue
        before = code[max(0, m.start() - 40):m.start()]
        if re.search(r"\b(func|case|init|var|let)\s+$", before) or re.search(r"`\s*$", before):
            continue
        open_paren = m.end() - 1
        args = code[open_paren + 1:matching_paren(code, open_paren)]
        if not args.strip():
            if name not in C_NO_ARGUMENTS:
                continue
        elif any(re.match(r"\s*[A-Za-z_]\w*\s*:(?!:)", a) for a in split_top_level(args)):
            continue  # a labelled argument: a Swift function of the same name
        found.append((line_of(code, m.start()), name))
    return tuple(found)


DECL = re.compile(r"\b(func|init|subscript|case|var|let|struct|class|enum|actor|protocol|typealias|extension)\b")
MODIFIERS = {"public", "open", "private", "fileprivate", "internal", "package", "static", "final", "class",
             "mutating", "nonmutating", "override", "convenience", "required", "indirect", "lazy", "weak",
             "unowned", "dynamic", "nonisolated", "consuming", "borrowing", "distributed", "@frozen",
             "@inlinable", "@usableFromInline", "@discardableResult", "@inline(__always)", "@_disfavoredOverload",
             "@objc", "@preconcurrency", "private(set)", "fileprivate(set)", "internal(set)", "package(set)"}


@functools.lru_cache(maxsize=None)
def public_declarations(code):
    """(line, kind, name, signature text, extended type) of every declaration public outside its
    module: marked `public`/`open`, a member of a `public extension`, or a case of a public enum."""
    decls = []
    # Scope stack: for each open brace, (kind of the declaration it opened, is public, extended/declared type name).
    stack = []
    pending = None  # the declaration whose body the next `{` opens
    i, n = 0, len(code)
    token = re.compile(r"[{}]|\b(?:func|init|subscript|case|var|let|struct|class|enum|actor|protocol|typealias|extension)\b")
    while True:
        m = token.search(code, i)
        if not m:
            break
        t = m.group(0)
        if t == "{":
            stack.append(pending or ("block", False, None))
            pending = None
            i = m.end(); continue
        if t == "}":
            if stack:
                stack.pop()
            pending = None
            i = m.end(); continue
        # The modifiers before the keyword, since the line or the block began.
        line_start = max(code.rfind(c, 0, m.start()) for c in "\n{};") + 1
        prefix = code[line_start:m.start()]
        words = prefix.split()
        if any(w not in MODIFIERS and not w.startswith("@") for w in words):
            i = m.end(); continue  # not a declaration (e.g. `case` in a switch after code, `let` in an expression)
        explicit = {"public", "open"} & set(words)
        restricted = {"private", "fileprivate", "internal", "package"} & set(words)
        parent = stack[-1] if stack else None
        inside_public_extension = parent is not None and parent[0] == "extension" and parent[1]
        inside_public_enum = parent is not None and parent[0] == "enum" and parent[1]
        if t == "case":
            is_public = inside_public_enum
        else:
            is_public = bool(explicit) or (inside_public_extension and not restricted)
        # The declaration's text: up to its body or the end of its line at depth 0.
        j, depth = m.end(), 0
        while j < n:
            ch = code[j]
            if ch in "([<":
                depth += 1
            elif ch in ")]>":
                depth -= 1
            elif depth <= 0 and ch in "{\n" and (ch == "{" or not code[j - 1] in ",(" and not re.match(r"\s*(->|throws|where|\.)", code[j + 1:j + 40])):
                break
            elif depth <= 0 and (ch == "}" or (ch == "=" and t in ("var", "let", "typealias", "case"))):
                break
            j += 1
        text = code[m.end():j]
        name_match = re.match(r"\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)", text)
        name = "init" if t == "init" else ("subscript" if t == "subscript" else (name_match.group(1) if name_match else "?"))
        if t in ("struct", "class", "enum", "actor", "protocol", "extension"):
            pending = (t, is_public or (t == "extension" and bool(explicit)), name)
        extended = parent[2] if parent is not None and parent[0] == "extension" else None
        if is_public and t != "extension":
            decls.append((line_of(code, m.start()), t, name, text, extended))
        if t == "case" and is_public:
            # `case a(Int32), b(x: Int32)`: each case of the list.
            for part in split_top_level(text):
                cm = re.match(r"\s*([A-Za-z_]\w*)(.*)", part, re.S)
                if cm and cm.group(1) != name:
                    decls.append((line_of(code, m.start()), "case", cm.group(1), cm.group(2), extended))
        i = m.end()
    return tuple(decls)


def descriptor_parameters(kind, name, text):
    """Whether the declaration takes (or, a property, holds) a raw Int32 descriptor."""
    if kind in ("var", "let"):
        return bool(DESCRIPTOR_NAME.match(name)) and bool(re.match(r"\s*\w+\s*:\s*(Int32|CInt)\b", text))
    if kind not in ("func", "init", "subscript", "case"):
        return False
    k = text.find("(")
    if k < 0:
        return False
    params = text[k + 1:matching_paren(text, k)]
    for p in split_top_level(params):
        pm = re.match(r"\s*(?:([A-Za-z_]\w*)\s+)?(?:([A-Za-z_]\w*)\s*:)?\s*(?:inout\s+)?(.+)", p, re.S)
        if not pm:
            continue
        label, param, type_ = pm.group(1), pm.group(2), pm.group(3).strip()
        if not re.fullmatch(r"(Int32|CInt)\??(\s*=.*)?", type_, re.S):
            continue
        names = [x for x in (label, param) if x and x != "_"]
        if kind == "case" and not names:
            names = [name]  # an unlabelled payload: the case's name says what it is
        if any(DESCRIPTOR_NAME.match(x) for x in names):
            return True
    return False


def executable_folders(root):
    return {t.folder.rstrip("/") for t in package_graph.targets(root).values() if t.type == "executable"}


def visible_modules(root):
    """The modules a user of the library products sees: each library product's targets, and the
    modules they re-export with `@_exported import`, followed through those modules' sources."""
    seen = set()
    for names in package_graph.products(root).values():
        seen.update(names)
    todo = sorted(seen)
    while todo:
        module = todo.pop()
        folder = os.path.join(root, "Sources", module)
        for dirpath, dirnames, filenames in os.walk(folder):
            dirnames[:] = [d for d in dirnames if not d.endswith(".docc")]
            for name in filenames:
                if not name.endswith(".swift"):
                    continue
                with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                    code = blank_comments_and_strings(f.read())
                for exported in re.findall(r"@_exported\s+(?:public\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_]\w*)", code):
                    if exported not in seen:
                        seen.add(exported)
                        todo.append(exported)
    return seen


def swift_files(root):
    for dirpath, dirnames, filenames in os.walk(os.path.join(root, "Sources")):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and not d.endswith(".docc"))
        for name in sorted(filenames):
            if name.endswith(".swift"):
                yield os.path.join(dirpath, name)


def offences(root):
    """Rule -> {file:name -> [lines]}."""
    found = {rule: {} for rule in RULES}
    executables = executable_folders(root)
    visible = visible_modules(root)

    def add(rule, rel, name, line):
        found[rule].setdefault(f"{rel}:{name}", []).append(line)

    for path in swift_files(root):
        rel = os.path.relpath(path, root).replace(os.sep, "/")
        with open(path, encoding="utf-8") as f:
            code = blank_comments_and_strings(f.read())
        library = not any(rel.startswith(e + "/") for e in executables)
        module = rel.split("/")[1]
        if module != SYSTEM_MODULE:
            for line, name in c_calls(code):
                add("c-call", rel, name, line)
        decls = public_declarations(code)
        if library and module not in visible:
            for line, kind, name, text, extended in decls:
                add("public-outside-products", rel, name, line)
        for line, kind, name, text, extended in decls:
            if descriptor_parameters(kind, name, text):
                add("int32-descriptor", rel, name, line)
            if library and (re.search(r"\bExitFailure\b", text) or extended == "ExitFailure"
                            or (kind in ("struct", "class", "enum") and name == "ExitFailure")):
                add("exit-failure", rel, name, line)
        if library:
            for m in ARGV_NAME.finditer(code):
                add("command-line", rel, m.group(1) or "ProcessInfo.arguments", line_of(code, m.start()))
    graph = package_graph.targets(root)
    # (A module the rules name that the package no longer has would make them hold vacuously.)
    for name in (SYSTEM_MODULE, ENCODING_MODULE) + READING_MODULES:
        if name not in graph:
            raise SystemExit(f"check_layering: the package has no target {name}, which rules (f) and (g) name: "
                             "update SYSTEM_MODULE, ENCODING_MODULE or READING_MODULES in scripts/check_layering.py")
    # One offence per module under reading that depends on the encoders itself, with the route
    # from the reading module that reaches it (so that a new edge is a new offence).
    flagged = set()
    for start in READING_MODULES:
        for name in [start] + sorted(package_graph.closure(graph, start)):
            if name in flagged or name not in graph or ENCODING_MODULE not in graph[name].deps:
                continue
            flagged.add(name)
            route = package_graph.path(graph, start, name) + [ENCODING_MODULE]
            add("reading-prints", name, " -> ".join(route), 0)
    for dep in graph[SYSTEM_MODULE].deps:
        if dep not in SYSTEM_DEPENDENCIES:
            add("system-depends", SYSTEM_MODULE, dep, 0)
    return found


def allowlist():
    return {rule: {e.strip() for e in text.split("\n") if e.strip()} for rule, text in ALLOWLIST.items()}


def where(lines):
    """` (line N, M)` for offences in source files; nothing for the package graph's (line 0)."""
    lines = [n for n in lines if n]
    return f" (line {', '.join(map(str, lines))})" if lines else ""


def check(root, quiet=False):
    """The problems (new offences and stale allowlist entries), printing each rule's offenders."""
    found, allowed, problems = offences(root), allowlist(), []
    for rule, title in RULES.items():
        if not quiet:
            print(f"{title}: {len(found[rule])} offender(s), allowlist {len(allowed[rule])}")
            for key in sorted(found[rule]):
                print(f"    {key}{where(found[rule][key])}")
        for key in sorted(set(found[rule]) - allowed[rule]):
            problems.append(f"{title}: {key}{where(found[rule][key])} is new; {ADVICE[rule]}")
        for key in sorted(allowed[rule] - set(found[rule])):
            problems.append(f"{title}: allowlisted {key} is gone: remove it from ALLOWLIST in scripts/check_layering.py")
    return problems


def self_test(root):
    """Plants one violation of each kind in a copy of Sources/ (each must be caught, as that
    rule's problem), and look-alikes that are not violations (none may be)."""
    planting = selftest.Planting(root, lambda tree: check(tree, quiet=True), items=("Sources", "Package.swift"),
                                 prefix="pageinfo-layering-")
    if not planting.real_tree_passes():
        return 1
    plants = [
        ("(a) a C call outside the layer", "c-call", "Sources/PageInfoGrammar/ValueGrammar.swift",
         "\nimport Glibc\nfunc plantedChmod() { _ = fchmod(3, 0o600) }\n", "ValueGrammar.swift:fchmod"),
        ("(a) a raw Glibc file call in the reader", "c-call", "Sources/PageInfoPoppler/PopplerDocument.swift",
         "\nimport Glibc\nfunc plantedOpen() -> Int32 { open(\"/planted\", O_RDONLY) }\n", "PopplerDocument.swift:open"),
        ("(a) a Glibc-qualified C call", "c-call", "Sources/PageInfoDraw/ContactSheet.swift",
         "\nimport Glibc\nfunc plantedClose(_ x: Int32) { _ = Glibc.close(x) }\n", "ContactSheet.swift:close"),
        ("(b) an Int32 descriptor in a public signature", "int32-descriptor", "Sources/PageInfoGrammar/ValueGrammar.swift",
         "\npublic func plantedWrite(to outputFD: Int32, bytes: [UInt8]) {}\n", "ValueGrammar.swift:plantedWrite"),
        ("(b) a descriptor payload of a public enum", "int32-descriptor", "Sources/PageInfoReading/PageSelection.swift",
         "\npublic enum PlantedSource { case path(String), descriptor(Int32) }\n", "PageSelection.swift:descriptor"),
        ("(c) argv in a library", "command-line", "Sources/PageInfoDraw/ContactSheet.swift",
         "\nlet plantedArguments = CommandLine.arguments\n", "ContactSheet.swift:CommandLine"),
        ("(d) ExitFailure in a library's public API", "exit-failure", "Sources/PageInfoGrammar/ValueGrammar.swift",
         "\nimport PageInfoRecords\npublic func plantedParse(_ s: String) throws(ExitFailure) -> Int { 0 }\n",
         "ValueGrammar.swift:plantedParse"),
        ("(d) a public member of an extension of ExitFailure", "exit-failure", "Sources/PageInfoReading/PageSelection.swift",
         "\nextension ExitFailure {\n    public static var planted: Int { 0 }\n}\n", "PageSelection.swift:planted"),
        ("(e) a public declaration in a module no product shows", "public-outside-products",
         "Sources/PageInfoDraw/ContactSheet.swift", "\npublic func plantedDrawing() {}\n", "ContactSheet.swift:plantedDrawing"),
        ("(e) a public member of a public extension there", "public-outside-products",
         "Sources/PageInfoHelp/CommandHelp.swift", "\npublic extension String {\n    static var plantedHelp: String { \"\" }\n}\n",
         "CommandHelp.swift:plantedHelp"),
        ("(f) the reader depending on the encoding layer", "reading-prints",
         ("Package.swift", '"PageInfoRecords", "PageInfoSystem", "CPageInfoPoppler"',
          '"PageInfoRecords", "PageInfoSystem", "PageInfoEncoding", "CPageInfoPoppler"'),
         None, "PageInfoPoppler:PageInfoPoppler -> PageInfoEncoding"),
        ("(f) reading reaching the encoders through the grammar", "reading-prints",
         ("Package.swift", '.target(name: "PageInfoGrammar", dependencies: ["PageGeometry", "DocumentLayout"]),',
          '.target(name: "PageInfoGrammar", dependencies: ["PageGeometry", "DocumentLayout", "PageInfoEncoding"]),'),
         None, "PageInfoGrammar:PageInfoReading -> PageInfoGrammar -> PageInfoEncoding"),
        ("(g) the system layer depending on more than swift-system", "system-depends",
         ("Package.swift", '.target(name: "PageInfoSystem", dependencies: [',
          '.target(name: "PageInfoSystem", dependencies: ["PageGeometry", '),
         None, "PageInfoSystem:PageGeometry"),
        ("(e) a module no product re-exports any more", "public-outside-products",
         ("Sources/PageInfoReading/Exports.swift", "@_exported import PageInfoGrammar", "import PageInfoGrammar"),
         None, "PageRangeList.swift:PageRangeList"),
    ]
    look_alikes = [
        ("a comment, a string and a labelled Swift method are not C calls",
         "Sources/PageInfoGrammar/ValueGrammar.swift",
         "\n// close(fd) and isatty(1) in a comment\nlet plantedText = \"poll(&fds, 1, 0) and \\(String(1)) CommandLine.arguments\"\n"
         "struct PlantedReader { func read(into b: Int) -> Int { b }; func use() -> Int { read(into: 1) } }\n"),
        ("a C call in the layer, and an Int32 descriptor in an internal signature",
         "Sources/PageInfoSystem/SystemCalls.swift",
         "\nfunc plantedLayerCall() -> Int32 { isatty(0) }\nfunc plantedInternal(fd: Int32) {}\n"),
        ("argv and ExitFailure in the executable", "Sources/PageInfoCommand/Common.swift",
         "\nlet plantedArgv = CommandLine.arguments\npublic func plantedExit() throws(ExitFailure) {}\n"),
        ("a package declaration outside the products, a public one in a re-exported module and a comment",
         "Sources/PageInfoDraw/ContactSheet.swift",
         "\npackage func plantedPackage() {}\n// public func plantedComment() {}\n"
         "let plantedPublicText = \"public func plantedString()\"\n"),
        ("a public declaration in a module a product re-exports", "Sources/PageInfoGrammar/ValueGrammar.swift",
         "\npublic struct PlantedGrammarValue {}\n"),
    ]

    def plant(tmp, rel, text):
        if isinstance(rel, tuple):  # (file, old, new): an edit rather than an addition
            planting.edit(tmp, *rel)
        else:
            planting.write(tmp, rel, text, append=True)

    def problems_with(rel, text):
        """What the check reports on a copy of the package with `text` planted in `rel`."""
        tmp = planting.copy()
        plant(tmp, rel, text)
        return planting.problems_in(tmp)

    for label, rule, rel, text, needle in plants:
        problems = problems_with(rel, text)
        hit = [p for p in problems if p.startswith(RULES[rule]) and needle in p and "is new" in p]
        # Every problem is that rule's, in the planted file (one plant may make several
        # offences: a module that is no longer re-exported has each of its public declarations).
        only = all(p.startswith(RULES[rule]) and needle.split(":")[0] in p for p in problems)
        planting.record(label, bool(hit) and only, (hit[0] if hit else "") +
                        ("" if len(problems) <= 1 else f" ({len(problems)} problems)"))
    # The drawn graph: CONTRIBUTING.md's block is the graph's, and a new dependency makes it stale.
    tmp = planting.copy()
    try:
        shutil.copy(os.path.join(root, "CONTRIBUTING.md"), tmp)
        before = package_graph.contributing_problem(tmp)
        plant(tmp, ("Package.swift", '.target(name: "PageInfoHelp")', '.target(name: "PageInfoHelp", dependencies: ["PageGeometry"])'), None)
        after = package_graph.contributing_problem(tmp)
    finally:
        shutil.rmtree(tmp)
    planting.record("CONTRIBUTING.md's diagram after a new dependency",
                    before is None and after is not None and "--write-contributing" in after, after or "")
    for label, rel, text in look_alikes:
        tmp = planting.copy()
        plant(tmp, rel, text)
        planting.expect_clean(label, tmp)
    return planting.status()


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    root = os.path.abspath(args[0] if args else os.path.join(os.path.dirname(__file__), ".."))
    if "--self-test" in argv:
        return self_test(root)
    problems = check(root)
    drawn = package_graph.contributing_problem(root)
    if drawn:
        problems.append(drawn)
    for p in problems:
        print(f"check_layering: {p}", file=sys.stderr)
    if problems:
        return 1
    sizes = {rule: len(entries) for rule, entries in allowlist().items()}
    print(f"check_layering: no new offence; allowlists: "
          f"{sizes['c-call']} C calls, {sizes['int32-descriptor']} Int32 descriptors, "
          f"{sizes['command-line']} argv uses, {sizes['exit-failure']} ExitFailure APIs, "
          f"{sizes['public-outside-products']} public declarations outside the products, "
          f"{sizes['reading-prints']} reading-to-encoding edges, {sizes['system-depends']} system-layer dependencies "
          f"({sum(sizes.values())} in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
