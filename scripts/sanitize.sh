#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make sanitize: the whole test suite (the CLI tests run the instrumented binary, batch mode's
# workers included) built
#   1. with AddressSanitizer and LeakSanitizer (swift build --sanitize=address: Swift, C and C++
#      targets; the toolchain's clang runtime, libclang_rt.asan, which includes LSan), and
#   2. with UndefinedBehaviorSanitizer on the C/C++ targets (the Poppler shim and the renderer;
#      Swift has no -sanitize=undefined on Linux, and its own arithmetic traps on overflow).
# Poppler itself is the system library, not instrumented (LSan still sees its allocations).
#
# It fails (exit 1) when a build fails, when `swift test` fails (its exit status, not its log),
# or when any process of the run (the test runner, every pageinfo and worker it starts) wrote a
# sanitizer report: the reports go to files (log_path), one per process, and any file is a
# finding, whether or not the test that started the process noticed its exit status. A finding
# also exits 86 (exitcode), a status no test expects.
#
# Batch mode under ASan: a worker limits its address space (--max-memory, RLIMIT_AS, 4096 MiB by
# default), and ASan reserves its shadow memory and allocator space (~20 TiB of address space,
# PROT_NONE) before main, so under any such limit every later mmap would fail. The limit is not
# dropped: this script measures the sanitized binary's address space at start and the tests add
# it to every worker's --max-memory (PAGEINFO_TEST_ADDRESS_SPACE_MIB; CLI.workerArguments in
# Tests/PageInfoCommandTests), so a worker still gets exactly --max-memory MiB beyond what the
# sanitizer holds. (Small blocks come from ASan's pre-reserved allocator space, which the limit
# cannot see; the tests' runaway allocation uses 16 MiB blocks, each a new mapping, so it stops
# at the limit as in the plain build; allocator_may_return_null=1 makes a refused allocation a
# null, as malloc's, instead of an ASan report, so the worker reports "memory" as it does there.)
#
# LeakSanitizer checks every pageinfo process as it ends (PageInfoTool.terminate calls its check:
# _exit skips the exit handler that would); not the test runner (ASan's include_if_exists with
# %b turns it on for the executable named pageinfo only). scripts/lsan.supp lists what is kept on
# purpose (fontconfig's configuration, argument-parser tables, the worker's signal stack).
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SWIFT_BIN=$(command -v "$SWIFT" || echo /opt/swift/usr/bin/swift)
TOOLCHAIN=$(dirname "$(dirname "$(readlink -f "$SWIFT_BIN")")")
if ! compgen -G "$TOOLCHAIN/lib/clang/*/lib/linux/libclang_rt.asan-x86_64.a" >/dev/null \
   && ! compgen -G "$TOOLCHAIN/lib/swift/clang/lib/linux/libclang_rt.asan-x86_64.a" >/dev/null; then
    echo "sanitize: the Swift toolchain at $TOOLCHAIN has no AddressSanitizer runtime (libclang_rt.asan-x86_64.a)" >&2
    exit 1
fi
status=0
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT

# The address space (MiB) a sanitized pageinfo holds once started: VmSize while it waits on stdin.
address_space_mib() {  # address_space_mib BINARY
    local fifo="$reports/fifo" pid kb=""
    mkfifo "$fifo"
    "$1" pages - <"$fifo" >/dev/null 2>&1 &
    pid=$!
    exec 9>"$fifo"   # a writer: pageinfo's open returns, then it blocks reading
    for _ in $(seq 50); do
        kb=$(awk '/^VmSize:/ {print $2}' "/proc/$pid/status" 2>/dev/null)
        [ -n "$kb" ] && [ "$kb" -gt 1048576 ] && break
        sleep 0.1
    done
    exec 9>&-
    wait "$pid" 2>/dev/null
    rm -f "$fifo"
    echo $(( ${kb:-0} / 1024 ))
}

run() {  # run NAME BUILD-FLAGS... -- TEST-FLAGS...
    local name=$1; shift
    local build=() test=() log
    while [ "$1" != "--" ]; do build+=("$1"); shift; done; shift
    test=("$@")
    echo "== $name"
    log=$(mktemp)
    if ! nice $SWIFT build --build-tests --scratch-path ".build-$name" "${build[@]}" >"$log" 2>&1; then
        echo "sanitize: $name: the build FAILED:" >&2
        grep -E "error:" "$log" | head -20 >&2
        tail -5 "$log" >&2
        status=1; rm -f "$log"; return
    fi
    local bin="$PWD/.build-$name/debug/pageinfo" extra=()
    if [ "$name" = asan ]; then
        local reserved; reserved=$(address_space_mib "$bin")
        if [ "$reserved" -lt 1024 ]; then
            echo "sanitize: could not measure the address space ASan reserves (got ${reserved} MiB)" >&2
            status=1; rm -f "$log"; return
        fi
        echo "   ASan holds $reserved MiB of address space at start; workers get --max-memory + $reserved MiB"
        extra=(PAGEINFO_TEST_ADDRESS_SPACE_MIB="$reserved")
    fi
    mkdir -p "$reports/$name"
    # LeakSanitizer in every pageinfo process (%b: the executable's name), not in the test runner
    # (swift test's own objects are not what this run checks).
    echo "detect_leaks=1" >"$reports/asan-options.pageinfo"
    local rc=0
    env "${extra[@]}" \
        ASAN_OPTIONS="detect_leaks=0:include_if_exists=$reports/asan-options.%b:halt_on_error=1:exitcode=86:allocator_may_return_null=1:log_path=$reports/$name/asan" \
        LSAN_OPTIONS="exitcode=86:suppressions=$PWD/scripts/lsan.supp:print_suppressions=0" \
        UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:exitcode=86:log_path=$reports/$name/ubsan" \
        PAGEINFO_BIN="$bin" PAGEINFO_PYTHON="${PAGEINFO_PYTHON:-/usr/bin/python3}" \
        nice $SWIFT test --skip-build --scratch-path ".build-$name" "${test[@]}" >"$log" 2>&1 || rc=$?
    # What the run says (a summary for the reader; the verdict comes from rc and the report files).
    grep -E "✘|Test run with|error:" "$log" | head -40
    if [ "$rc" != 0 ]; then
        echo "sanitize: $name: swift test FAILED (exit $rc)" >&2
        tail -20 "$log" >&2
        status=1
    fi
    local found=("$reports/$name"/*)
    if [ -e "${found[0]}" ]; then
        echo "sanitize: $name: ${#found[@]} sanitizer report(s):" >&2
        for f in "${found[@]:0:5}"; do echo "--- $f" >&2; head -40 "$f" >&2; done
        status=1
    fi
    rm -f "$log"
}

run asan --sanitize=address -Xswiftc -DPAGEINFO_LEAK_CHECK -- --sanitize=address
run ubsan -Xcxx -fsanitize=undefined -Xcxx -fno-sanitize-recover=undefined -Xcc -fsanitize=undefined \
    -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined --
[ "$status" = 0 ] && echo "sanitize: clean (ASan+LSan and UBSan: every build, every test, no report)"
exit $status
