#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Benchmarks `pageinfo pages` against `pdfinfo -box` on generated documents (see `make bench`).
#
# For each document: median wall time over hyperfine runs, the ratio to pdfinfo -box, µs per
# page, and peak resident memory (GNU time's "Maximum resident set size"). Also the
# document-only summary (`pageinfo info`) against plain `pdfinfo`. Then start-up, where shell
# loops over small files spend their time (scripts/bench_startup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-bench-out}
mkdir -p "$out"
bin=$(swift build -c release --show-bin-path)/pageinfo
[ -x "$bin" ] || { echo "bench: build the release binary first (make release)" >&2; exit 1; }

if [ ! -f "$out/bench-100k.pdf" ]; then
  echo "Generating benchmark documents in $out ..."
  python3 scripts/make_bench_pdfs.py "$out"
fi

runs=${BENCH_RUNS:-10}
results="$out/results.tsv"
: > "$results"

median() { # hyperfine JSON -> median seconds
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$1"
}
peak_kb() { # peak RSS of a command, in KiB
  /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F: '/Maximum resident set size/ {gsub(/ /,"",$2); print $2}'
}

measure() { # name file pages command...
  local name=$1 file=$2 pages=$3; shift 3
  hyperfine --style none --warmup 2 --runs "$runs" --export-json "$out/h.json" -N "$*" >/dev/null 2>&1 \
    || hyperfine --style none --warmup 2 --runs "$runs" --export-json "$out/h.json" "$* > /dev/null" >/dev/null
  local t; t=$(median "$out/h.json")
  local kb; kb=$(peak_kb "$@")
  printf '%s\t%s\t%s\t%s\t%s\n' "$(basename "$file")" "$name" "$pages" "$t" "$kb" >> "$results"
}

for f in "$out"/bench-15k-flat.pdf "$out"/bench-15k-deep.pdf "$out"/bench-100k.pdf; do
  n=$(pdfinfo "$f" | awk '/^Pages:/ {print $2}')
  echo "Measuring $(basename "$f") ($n pages) ..."
  measure "pdfinfo -box -f 1 -l N" "$f" "$n" pdfinfo -box -f 1 -l "$n" "$f"
  measure "pageinfo pages --format jsonl" "$f" "$n" "$bin" pages --format jsonl "$f"
  measure "pageinfo pages --format table" "$f" "$n" "$bin" pages --format table "$f"
  measure "pageinfo pages --format json" "$f" "$n" "$bin" pages --format json "$f"
  measure "pdfinfo (summary)" "$f" "$n" pdfinfo "$f"
  measure "pageinfo info (summary)" "$f" "$n" "$bin" info "$f"
  if [ "$(basename "$f")" = bench-100k.pdf ]; then
    # The cursor's cost is the same wherever a range starts: compare with --pages 1-.
    for r in 1- 2- 50000- 1-3,10-; do
      measure "pageinfo pages --pages $r --format jsonl" "$f" "$n" "$bin" pages --pages "$r" --format jsonl "$f"
    done
  fi
done

python3 - "$results" <<'PY'
import sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
base = {}
for f, name, n, t, kb in rows:
    if name == "pdfinfo -box -f 1 -l N": base[(f, "pages")] = float(t)
    if name == "pdfinfo (summary)": base[(f, "summary")] = float(t)
print()
print(f"| file | command | median | vs pdfinfo | µs/page | peak RSS |")
print(f"|---|---|---:|---:|---:|---:|")
for f, name, n, t, kb in rows:
    t = float(t); n = int(n)
    kind = "summary" if "summary" in name else "pages"
    ratio = t / base[(f, kind)]
    if "--pages" in name:
        one = [float(r[3]) for r in rows if r[0] == f and "--pages 1- " in r[1]]
        if one: name += f"` ({t / one[0]:.2f}× --pages 1-)`"
    per = "" if kind == "summary" else f"{t / n * 1e6:.1f}"
    print(f"| {f} | `{name}` | {t*1000:.1f} ms | {ratio:.2f} | {per} | {int(kb)/1024:.1f} MiB |")
PY

scripts/bench_startup.sh "$out"
