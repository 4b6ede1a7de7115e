#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Batch mode's overhead (part of `make bench`): the same files read by
#   batch      `pageinfo pages --files-from LIST --jobs 1 --format jsonl` (a coordinator and one
#              worker process; every file's records cross a pipe), and
#   in process `pageinfo pages --format jsonl FILE…`, 500 files a process (xargs -n 500),
# both on one core (taskset -c 0), records to /dev/null, mean of $RUNS runs (hyperfine). The goal
# (the goal: batch within 10% of in process).
#
# scripts/bench_jobs1.sh [PAGEINFO] [OUTDIR]; the list is N=$COUNT entries (default 2,000) of the
# real corpus (../shared/corpus or $PAGEINFO_CORPUS) and Fixtures/, repeated to reach N (only
# the files that open: the comparison is of reading, not of error paths).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-$(swift build -c release --show-bin-path)/pageinfo}
out=${2:-bench-out}
count=${COUNT:-2000}
runs=${RUNS:-5}
mkdir -p "$out"
corpus=${PAGEINFO_CORPUS:-../shared/corpus}
list="$out/jobs1-list.txt"
: > "$list.files"
for f in "$corpus"/*.pdf Fixtures/*.pdf; do
    [ -f "$f" ] || continue
    "$bin" info "$f" >/dev/null 2>&1 && realpath "$f" >> "$list.files"
done
[ -s "$list.files" ] || { echo "bench_jobs1: no readable PDF found" >&2; exit 1; }
: > "$list"
while [ "$(wc -l < "$list")" -lt "$count" ]; do cat "$list.files" >> "$list"; done
head -n "$count" "$list" > "$list.n" && mv "$list.n" "$list"
echo "bench_jobs1: $count entries ($(wc -l < "$list.files") distinct files), $runs runs each, one core"
hyperfine --style basic --runs "$runs" --warmup 1 --export-json "$out/jobs1.json" \
    -n "batch --jobs 1" "taskset -c 0 $bin pages --files-from $list --jobs 1 --format jsonl --no-progress > /dev/null 2>&1" \
    -n "in process (xargs -n 500)" "taskset -c 0 xargs -d '\n' -n 500 $bin pages --format jsonl < $list > /dev/null 2>&1; true"
python3 - "$out/jobs1.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
batch, inproc = r[0]["mean"], r[1]["mean"]
print("batch --jobs 1: %.3f s, in process: %.3f s: %.2fx (goal: at most 1.10x)" % (batch, inproc, batch / inproc))
PY
