#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the libFuzzer harness for the reader (Fuzz/reader_fuzzer.cc over the shim, with
# AddressSanitizer and UndefinedBehaviorSanitizer) and runs it for FUZZ_SECONDS (default 300),
# seeded with Fixtures/ and ../shared/corpus. Crashers are copied to Fixtures/crashers/, where
# the test suite reads every file back as a regression test.
# Poppler itself is the system library (not instrumented): coverage guides through our shim.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${FUZZ_SECONDS:-300}
OUT=${FUZZ_DIR:-.build-fuzz}
CXX=${FUZZ_CXX:-$(dirname "$(readlink -f "$(command -v swift)")")/clang++}
mkdir -p "$OUT/corpus" "$OUT/artifacts" Fixtures/crashers
"$CXX" -std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -I Sources/CPageInfoPoppler/include -I Sources/CPageInfoPoppler $(pkg-config --cflags poppler) \
    Sources/CPageInfoPoppler/*.cc Fuzz/reader_fuzzer.cc $(pkg-config --libs poppler) -o "$OUT/reader_fuzzer"
seeds=(Fixtures Fixtures/damaged)
[ -d ../shared/corpus ] && seeds+=(../shared/corpus)
[ -d "${PAGEINFO_CORPUS:-/nonexistent}" ] && seeds+=("$PAGEINFO_CORPUS")
echo "fuzzing the reader for ${SECONDS_TO_RUN}s (seeds: ${seeds[*]})"
set +e
"$OUT/reader_fuzzer" -max_total_time="$SECONDS_TO_RUN" -timeout=10 -rss_limit_mb=2048 -max_len=200000 \
    -artifact_prefix="$OUT/artifacts/" -print_final_stats=1 "$OUT/corpus" "${seeds[@]}" 2>&1 | tail -25
status=${PIPESTATUS[0]}
set -e
for f in "$OUT"/artifacts/*; do
    [ -e "$f" ] || continue
    cp "$f" "Fixtures/crashers/$(basename "$f").pdf"
    echo "crasher saved: Fixtures/crashers/$(basename "$f").pdf"
done
exit "$status"
