#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Benchmarks `pageinfo pages --format columns` against `--format jsonl` (`make bench`):
# on bench-100k.pdf (scripts/make_bench_pdfs.py), the time to write each (hyperfine medians), its
# peak resident memory (GNU time), its size, and what a Python reader pays for it: CPython's
# `json.loads` of every line, and of every line plus gathering one value of every page
# (mediaBox width) into a list. Prints a Markdown table; BENCHMARKS.md, "Columns", quotes it.
#
# Usage: scripts/bench_columns.sh [OUTDIR]   (the release binary: make release)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-bench-out}
mkdir -p "$out"
bin=${PAGEINFO:-$(swift build -c release --show-bin-path)/pageinfo}
[ -x "$bin" ] || { echo "bench: build the release binary first (make release)" >&2; exit 1; }
pdf="$out/bench-100k.pdf"
if [ ! -f "$pdf" ]; then
  echo "Generating benchmark documents in $out ..."
  python3 scripts/make_bench_pdfs.py "$out"
fi
runs=${BENCH_RUNS:-10}

median_ms() { # hyperfine JSON -> median milliseconds
  python3 -c 'import json,sys; print("%.1f" % (1000 * json.load(open(sys.argv[1]))["results"][0]["median"]))' "$1"
}
peak_mib() { # peak RSS of a command, in MiB
  /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F: '/Maximum resident set size/ {gsub(/ /,"",$2); printf "%.1f", $2 / 1024}'
}

echo "| format | write (median of $runs) | peak RSS | output | CPython json.loads, every line | + one value of every page into a list |"
echo "|---|---:|---:|---:|---:|---:|"
for format in jsonl columns; do
  file="$out/bench-100k.$format"
  "$bin" pages --format "$format" "$pdf" > "$file"
  hyperfine --style none --warmup 2 --runs "$runs" --export-json "$out/h-$format.json" -N \
    "$bin pages --format $format $pdf" >/dev/null 2>&1
  # CPython: the median of 5 reads of the whole file from the page cache, each line json.loads'd
  # (and, second figure, each page's mediaBox width gathered: what a reader does next).
  read -r loads gather < <(python3 - "$file" "$format" <<'PY'
import json, statistics, sys, time
path, form = sys.argv[1], sys.argv[2]
with open(path, "rb") as f:
    lines = f.read().splitlines()
def loads():
    return [json.loads(line) for line in lines]
def gather():
    widths = []
    for record in loads():
        if form == "jsonl" and record["record"] == "page":
            widths.append(record["mediaBox"]["width"] if "mediaBox" in record else None)
        elif form == "columns" and record["record"] == "pages":
            widths.extend(record["columns"]["mediaBox"]["width"])
    assert len(widths) == 100000, len(widths)
    return widths
def median_s(f):
    times = []
    for _ in range(5):
        t = time.perf_counter(); f(); times.append(time.perf_counter() - t)
    return statistics.median(times)
print("%.3f %.3f" % (median_s(loads), median_s(gather)))
PY
)
  size=$(stat -c %s "$file")
  printf '| `%s` | %s ms | %s MiB | %s MB | %s s | %s s |\n' "$format" "$(median_ms "$out/h-$format.json")" \
    "$(peak_mib "$bin" pages --format "$format" "$pdf")" "$(awk -v s="$size" 'BEGIN { printf "%.1f", s / 1e6 }')" "$loads" "$gather"
done
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -m), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(python3 --version), Poppler $(pdfinfo -v 2>&1 | awk '/pdfinfo version/ {print $3}')"
