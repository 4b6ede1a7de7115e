#!/usr/bin/env bash
# make sanitize: the whole test suite built with AddressSanitizer, then with
# UndefinedBehaviorSanitizer (SwiftPM applies --sanitize to the Swift and C/C++ targets alike:
# the Poppler shim included; Poppler itself is the system library, not instrumented).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
for s in address undefined; do
    echo "== --sanitize=$s"
    $SWIFT build --build-tests --sanitize="$s" --scratch-path ".build-$s" 2>&1 | grep -E "error|warning: .*sanitiz|Compiling|Build complete" | tail -3
    ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        PAGEINFO_BIN="$PWD/.build-$s/debug/pageinfo" \
        $SWIFT test --skip-build --sanitize="$s" --scratch-path ".build-$s" 2>&1 | tail -3
done
