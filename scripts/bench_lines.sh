#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `make bench`: LineReader's cost is linear in the line length. `pageinfo convert`
# reads one line of 10 MB and one of 20 MB from a pipe (64 KiB per read; the item is not a
# point, so the line is read whole, then refused with exit 64) and prints the median times and
# their ratio: linear reading gives about 2. (The reader that rescanned the line from its first
# byte after every read was quadratic: 0.84 s of CPU for 10 MB against 0.35 s, 2026-11-24.)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-bench-out}
mkdir -p "$out"
bin=$(swift build -c release --show-bin-path)/pageinfo
for mb in 10 20; do
    python3 -c "import sys; sys.stdout.write('1' * ($mb * 1000 * 1000) + '\n')" > "$out/line-$mb.txt"
done
hyperfine --style none --warmup 1 --runs "${BENCH_RUNS:-10}" -i --export-json "$out/lines.json" \
    -n 10MB "cat $out/line-10.txt | $bin convert Fixtures/mixed.pdf --page 1 --from page --to raw" \
    -n 20MB "cat $out/line-20.txt | $bin convert Fixtures/mixed.pdf --page 1 --from page --to raw" >/dev/null 2>&1
python3 - "$out/lines.json" <<'PY'
import json, sys
r = {x["command"]: x["median"] for x in json.load(open(sys.argv[1]))["results"]}
print(f"convert, one stdin line: 10 MB {r['10MB']*1000:.1f} ms, 20 MB {r['20MB']*1000:.1f} ms, ratio {r['20MB']/r['10MB']:.2f} (linear: ~2)")
PY
