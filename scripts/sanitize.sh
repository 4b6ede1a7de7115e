#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make sanitize: the whole test suite (the CLI tests run the instrumented binary) built
#   1. with AddressSanitizer (swift build --sanitize=address: Swift, C and C++ targets), and
#   2. with UndefinedBehaviorSanitizer on the C/C++ targets (the Poppler shim and the renderer;
#      Swift has no -sanitize=undefined on Linux, and its own arithmetic traps on overflow).
# Poppler itself is the system library, not instrumented. Exit status 1 on any finding.
# Under AddressSanitizer the batch tests are skipped: a batch worker limits its address space
# (--max-memory, RLIMIT_AS), which cannot hold ASan's shadow reservation; they run in step 2.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
status=0
run() {  # run NAME BUILD-FLAGS... -- TEST-FLAGS...
    local name=$1; shift
    local build=() test=()
    while [ "$1" != "--" ]; do build+=("$1"); shift; done; shift
    test=("$@")
    echo "== $name"
    $SWIFT build --build-tests --scratch-path ".build-$name" "${build[@]}" 2>&1 | grep -E "error:|Build complete" | tail -3
    local log; log=$(mktemp)
    ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        PAGEINFO_BIN="$PWD/.build-$name/debug/pageinfo" \
        $SWIFT test --skip-build --scratch-path ".build-$name" "${test[@]}" >"$log" 2>&1
    grep -E "✘|ERROR: AddressSanitizer|runtime error:|Test run with" "$log" | head -40
    if grep -qE "✘|ERROR: AddressSanitizer|runtime error:" "$log"; then status=1; fi
    rm -f "$log"
}
run asan --sanitize=address -- --sanitize=address --skip BatchTests
run ubsan -Xcxx -fsanitize=undefined -Xcxx -fno-sanitize-recover=undefined -Xcc -fsanitize=undefined \
    -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined --
exit $status
