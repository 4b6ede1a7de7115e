#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Start-up benchmark (`make bench`): what a shell loop over small PDFs pays per process.
#
# - `pageinfo pages` vs `pdfinfo -box` and `pageinfo info` vs `pdfinfo` on a one-page document;
# - the same over every corpus file that opens, one process per file (when the corpus is there:
#   ../shared/corpus or $PAGEINFO_CORPUS);
# - `pageinfo --version` vs `pdfinfo -v` (start-up alone) and a static Swift "hello" as the floor;
# - the number of shared libraries each binary loads (`ldd | wc -l`).
# hyperfine medians (warm cache, -N: no shell); ratio = pageinfo / pdfinfo (lower is better).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-bench-out}
mkdir -p "$out"
bin=$(swift build -c release --show-bin-path)/pageinfo
[ -x "$bin" ] || { echo "bench: build the release binary first (make release)" >&2; exit 1; }
runs=${BENCH_STARTUP_RUNS:-200}
corpus=${PAGEINFO_CORPUS:-$(cd .. && pwd)/shared/corpus}

# A one-page document (US Letter, CropBox offset, /Rotate 90), written by scripts/pdfgen.py.
one="$out/one-page.pdf"
python3 - "$one" <<'PY'
import sys
sys.path.insert(0, "scripts")
import pdfgen
from pdfgen import Page
root = pdfgen.balanced_tree([Page({"MediaBox": [0, 0, 612, 792], "CropBox": [10, 20, 602, 772], "Rotate": 90}, contents=b"")], 50)
with open(sys.argv[1], "wb") as f:
    pdfgen.write_document(f, root, seed="one-page", labels=None)
PY

median_ms() { # hyperfine JSON, result index -> median in ms
    python3 -c 'import json,sys; print("%.2f" % (json.load(open(sys.argv[1]))["results"][int(sys.argv[2])]["median"] * 1000))' "$1" "$2"
}
# pageinfo against the reference in alternating rounds of hyperfine (a shared machine drifts by
# ±10 % over a minute; alternating makes the drift hit both), medians over all rounds' runs.
compare() { # label, ours, theirs (each one shell-free command line)
    local label=$1 ours=$2 theirs=$3
    local rounds=$(( runs >= 20 ? 10 : 2 )); local per=$(( (runs + rounds - 1) / rounds ))
    for r in $(seq "$rounds"); do
        hyperfine -N --style none --warmup 5 --runs "$per" --export-json "$out/s$r.json" "$ours" "$theirs" >/dev/null 2>&1
    done
    local a b
    read -r a b < <(python3 - "$out" "$rounds" <<'PY'
import json, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
times = [[], []]
for r in range(1, rounds + 1):
    for i, result in enumerate(json.load(open(f"{out}/s{r}.json"))["results"]):
        times[i] += result["times"]
print("%.2f %.2f" % tuple(statistics.median(t) * 1000 for t in times))
PY
)
    printf '| %s | `%s` | %s ms | `%s` | %s ms | %.2f |\n' "$label" "${ours/#$bin/pageinfo}" "$a" "$theirs" "$b" "$(python3 -c "print($a / $b)")"
}

# A static Swift program that prints one line: the floor for any Swift binary.
hello="$out/hello-static"
if [ ! -x "$hello" ]; then
    echo 'print("hello")' > "$out/hello.swift"
    swiftc -O -static-stdlib "$out/hello.swift" -o "$hello" 2>/dev/null || hello=""
fi

echo
echo "Start-up (hyperfine, median of $runs runs in alternating rounds, warm cache):"
echo
echo "| case | pageinfo | median | reference | median | ratio |"
echo "|---|---|---:|---|---:|---:|"
compare "one-page file, pages" "$bin pages $one" "pdfinfo -box $one"
compare "one-page file, info" "$bin info $one" "pdfinfo $one"
compare "start-up only" "$bin --version" "pdfinfo -v"
if [ -n "$hello" ]; then
    hyperfine -N --style none --warmup 20 --runs "$runs" --export-json "$out/s.json" "$hello" >/dev/null 2>&1
    echo "| floor: static Swift \"hello\" | | | \`hello\` | $(median_ms "$out/s.json" 0) ms | |"
fi

if [ -f "$corpus/MANIFEST.json" ]; then
    # One process per corpus file that opens (with its password), as `for f in *.pdf` runs them.
    python3 - "$corpus" "$bin" "$out" <<'PY'
import json, os, shlex, sys
corpus, bin_, out = sys.argv[1:4]
files = [e for e in json.load(open(os.path.join(corpus, "MANIFEST.json")))["files"] if e["expected"] != "rejected_malformed"]
def script(name, tool):
    with open(os.path.join(out, name), "w") as f:
        for e in files:
            pw = e.get("password")
            path = shlex.quote(os.path.join(corpus, e["file"]))
            f.write(tool(path, pw) + " >/dev/null 2>&1\n")
script("loop-pageinfo-pages.sh", lambda p, pw: f"{bin_} pages {p}" + (f" --password {shlex.quote(pw)}" if pw else ""))
script("loop-pdfinfo-box.sh", lambda p, pw: f"pdfinfo -box -f 1 -l 100000 {p}" + (f" -upw {shlex.quote(pw)}" if pw else ""))
script("loop-pageinfo-info.sh", lambda p, pw: f"{bin_} info {p}" + (f" --password {shlex.quote(pw)}" if pw else ""))
script("loop-pdfinfo.sh", lambda p, pw: f"pdfinfo {p}" + (f" -upw {shlex.quote(pw)}" if pw else ""))

PY
    n=$(grep -c . "$out/loop-pdfinfo.sh")
    saved=$runs; runs=${BENCH_LOOP_RUNS:-10}
    compare "$n corpus files, one process each, pages" "bash $out/loop-pageinfo-pages.sh" "bash $out/loop-pdfinfo-box.sh"
    compare "$n corpus files, one process each, info" "bash $out/loop-pageinfo-info.sh" "bash $out/loop-pdfinfo.sh"
    runs=$saved
else
    echo "| corpus loop | skipped: no $corpus/MANIFEST.json | | | | |"
fi

echo
echo "Shared libraries loaded (ldd | wc -l): pageinfo $(ldd "$bin" | wc -l), pdfinfo $(ldd "$(command -v pdfinfo)" | wc -l)"
# Page faults dominate the start-up of a program that loads ~30 libraries (each costs a few
# microseconds in a VM): minor faults of one run, as GNU time counts them.
faults() { /usr/bin/time -f %R "$@" 2>&1 >/dev/null | tail -1; }
echo "Minor page faults of one run: pageinfo pages $(faults "$bin" pages "$one"), pdfinfo -box $(faults pdfinfo -box "$one"); pageinfo --version $(faults "$bin" --version), pdfinfo -v $(faults pdfinfo -v)"
