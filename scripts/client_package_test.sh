#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The library products' proof (part of `make test`): Tests/ClientPackage, a package that depends on
# pageinfo's library products only, gets what `pageinfo pages` and batch mode give.
#
#   1. it reads Fixtures/ and the corpus (../shared/corpus or $PAGEINFO_CORPUS, when there)
#      through PageInfoBatch with 2 workers — the tests' worker, which crashes on a file named
#      crash-me.pdf — and its records are byte for byte (seconds aside) those of
#      `pageinfo pages --files-from LIST --format jsonl` with the same worker, the crashed file
#      included; and the records of every other file are those `pageinfo pages --format jsonl`
#      prints in process;
#   2. BatchJob, what `pageinfo pages --files-from LIST -o FILE --resume` does in one call,
#      writes those records too, whole and after a run cut in the middle of a file and resumed;
#   3. it reads the same files (but the crashing one) through PageInfoBatch as typed records,
#      from String paths, and their values are those `pageinfo pages --format jsonl` prints
#      (decoded here by Python's json, one line per record);
#   4. it reads files through PageInfoReading from their path, from their bytes in memory and
#      from an open descriptor, and gets the same records.
# The client depends on the library products only (PageInfoReading, PageInfoBatch; swift-system
# for the descriptors it passes), and the products' promise is checked on its sources: the file that
# reads a file into typed records has one import, `import PageInfoReading`, and the collections'
# file one more, `import PageInfoBatch`.
#
# scripts/client_package_test.sh [SWIFT [BIN]]; the package is built in .build/client-package (its own
# scratch folder: it never disturbs the package's own build). BIN is the package's debug build
# folder when `pageinfo` and the tests' worker are built there already (`make check-client`): the
# script then asks SwiftPM nothing about the package's own build, which would wait for the lock of
# a build running beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${1:-${SWIFT:-swift}}

bin=${2:-}
if [ -z "$bin" ]; then
    "$swift" build --product pageinfo >/dev/null
    "$swift" build --product pageinfo-test-worker >/dev/null
    bin=$("$swift" build --show-bin-path)
fi
[ -x "$bin/pageinfo" ] && [ -x "$bin/pageinfo-test-worker" ] \
    || { echo "client_package_test: no pageinfo and pageinfo-test-worker in $bin" >&2; exit 1; }
# SwiftPM plans a path dependency's targets once: a source file added to pageinfo since the last
# build of the client is not compiled, and the link fails (seen in poppler-compat's kept build:
# "undefined reference to pageinfo::open_block_file_source"). The list of the package's files
# is kept beside the build; when it changes, the client is built afresh.
files_now=$(find Package.swift Sources -type f | LC_ALL=C sort | sha256sum | cut -d' ' -f1)
if [ "$(cat .build/client-package/pageinfo-files.sha256 2>/dev/null)" != "$files_now" ]; then
    rm -rf .build/client-package
    mkdir -p .build/client-package
fi
"$swift" build --package-path Tests/ClientPackage --scratch-path .build/client-package 2>&1 | grep -v '^\[' || true
echo "$files_now" > .build/client-package/pageinfo-files.sha256
client=$("$swift" build --package-path Tests/ClientPackage --scratch-path .build/client-package --show-bin-path)/pageinfo-client
[ -x "$client" ] || { echo "client_package_test: the client package did not build" >&2; exit 1; }

client_sources=Tests/ClientPackage/Sources/pageinfo-client
imports() { grep -E '^[[:space:]]*(@[[:alnum:]_]+[[:space:]]+)?import[[:space:]]' "$1" | sed -E 's/^.*import[[:space:]]+//' | tr '\n' ' '; }
[ "$(imports "$client_sources/Reading.swift")" = "PageInfoReading " ] \
    || { echo "client_package_test: Reading.swift must import PageInfoReading and nothing else: $(imports "$client_sources/Reading.swift")" >&2; exit 1; }
[ "$(imports "$client_sources/Collections.swift")" = "PageInfoBatch " ] \
    || { echo "client_package_test: Collections.swift must import PageInfoBatch and nothing else: $(imports "$client_sources/Collections.swift")" >&2; exit 1; }
products=$("$swift" package dump-package --package-path Tests/ClientPackage | python3 -c '
import json, sys
for t in json.load(sys.stdin)["targets"]:
    for d in t["dependencies"]:
        if "product" in d: print(d["product"][0])' | sort | tr '\n' ' ')
[ "$products" = "PageInfoBatch PageInfoReading SystemPackage " ] \
    || { echo "client_package_test: the client depends on $products, not PageInfoReading, PageInfoBatch and SystemPackage" >&2; exit 1; }
echo "ok   the client package depends on $products; Reading.swift reads with one import (PageInfoReading), Collections.swift with one more (PageInfoBatch)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp Fixtures/mixed.pdf "$work/crash-me.pdf"
corpus=${PAGEINFO_CORPUS:-../shared/corpus}
{
    ls Fixtures/*.pdf Fixtures/damaged/*.pdf 2>/dev/null
    echo "$work/crash-me.pdf"
    [ -d "$corpus" ] && ls "$corpus"/*.pdf
    echo "$work/no-such-file.pdf"
} > "$work/list"
count=$(wc -l < "$work/list")

seconds() { sed -E 's/"seconds":[0-9.e+-]+/"seconds":S/'; }
export PAGEINFO_TEST_CRASH_ON=crash-me
status=0
"$client" batch "$bin/pageinfo-test-worker" "$work/list" "$work/client.jsonl" || status=$?
"$bin/pageinfo" pages --files-from "$work/list" --format jsonl --no-progress --worker "$bin/pageinfo-test-worker" \
    > "$work/cli.jsonl" 2>/dev/null || cli_status=$?
unset PAGEINFO_TEST_CRASH_ON
[ "$status" = "${cli_status:-0}" ] || { echo "client_package_test: the client exits $status, pageinfo $cli_status" >&2; exit 1; }
[ "$status" = 70 ] || { echo "client_package_test: exit $status, not 70 (a crashed worker)" >&2; exit 1; }
cmp <(seconds < "$work/client.jsonl") <(seconds < "$work/cli.jsonl") \
    || { echo "client_package_test: the client's records differ from pageinfo pages --files-from" >&2; exit 1; }
grep -q '"file":"'"$work"'/crash-me.pdf","status":"failed".*"code":"crashed"' "$work/client.jsonl" \
    || { echo "client_package_test: no crashed record for crash-me.pdf" >&2; exit 1; }
# Every other file's records are those of the in-process reader.
grep -v crash-me "$work/list" | tr '\n' '\0' | xargs -0 "$bin/pageinfo" pages --format jsonl 2>/dev/null \
    | seconds > "$work/in-process.jsonl" || true
grep -v '"file":"'"$work"'/crash-me.pdf"' "$work/client.jsonl" | seconds \
    | sed -E 's/"seconds":S/"seconds":null/' | cmp - "$work/in-process.jsonl" \
    || { echo "client_package_test: the client's records differ from pageinfo pages in process" >&2; exit 1; }
echo "ok   the client package read $count files through PageInfoBatch (2 workers, one crashed): the records of pageinfo pages"

# BatchJob: the whole run, then a run cut after 5 lines (inside a file) and resumed.
export PAGEINFO_TEST_CRASH_ON=crash-me
"$client" job "$bin/pageinfo-test-worker" "$work/list" "$work/job.jsonl" 2>/dev/null || job_status=$?
head -n 5 "$work/job.jsonl" > "$work/resumed.jsonl"
"$client" job "$bin/pageinfo-test-worker" "$work/list" "$work/resumed.jsonl" --resume 2>/dev/null || resumed_status=$?
unset PAGEINFO_TEST_CRASH_ON
[ "${job_status:-0}" = 70 ] && [ "${resumed_status:-0}" = 70 ] \
    || { echo "client_package_test: BatchJob exits ${job_status:-0} and ${resumed_status:-0} resumed, not 70" >&2; exit 1; }
cmp <(seconds < "$work/job.jsonl") <(seconds < "$work/cli.jsonl") \
    || { echo "client_package_test: BatchJob's records differ from pageinfo pages --files-from" >&2; exit 1; }
cmp <(seconds < "$work/resumed.jsonl") <(seconds < "$work/cli.jsonl") \
    || { echo "client_package_test: BatchJob's resumed records differ from pageinfo pages --files-from" >&2; exit 1; }
echo "ok   the client package ran BatchJob over the same files, whole and resumed after a cut: the records of pageinfo pages"

# Typed records from String paths: the values of pageinfo pages --format jsonl.
mapfile -t typed_files < <(grep -v crash-me "$work/list")
"$client" typed "$bin/pageinfo-test-worker" "${typed_files[@]}" > "$work/typed.txt" \
    || { echo "client_package_test: the client could not read the files as typed records" >&2; exit 1; }
"$bin/pageinfo" pages --format jsonl "${typed_files[@]}" 2>/dev/null > "$work/typed.jsonl" || true
python3 - "$work/typed.jsonl" > "$work/typed-cli.txt" <<'PY'
import json, sys
def text(v): return "-" if v is None else str(v)
def num(v): return repr(float(v))
def rect(r): return ",".join(num(r[k]) for k in ("x", "y", "width", "height"))
def warnings(ws): return "[" + "; ".join(f"{w['code']}: {w['message']}" for w in ws) + "]"
for line in open(sys.argv[1], encoding="utf-8"):
    r = json.loads(line)
    if r["record"] == "page":
        out = f"page {r['file']} {r['index']} {text(r['label'])}"
        if "error" in r:
            out += f" error {r['error']['code']} {r['error']['message']}"
        else:
            out += f" {r['rotation']} {r['rotationRaw']} {num(r['userUnit'])} " + " ".join(rect(r[b]) for b in ("mediaBox", "cropBox", "bleedBox", "trimBox", "artBox"))
            out += f" {num(r['size']['width'])},{num(r['size']['height'])}"
        print(out + " " + warnings(r["warnings"]))
    else:
        e = r["error"] or {}
        print(f"file {r['file']} {text(r.get('pdfVersion'))} {str(r.get('encrypted', False)).lower()} {str(r.get('hasPageLabels', False)).lower()}"
              f" {text(r.get('pageLayout'))} {text(r.get('direction'))} {r['status']} {r['pageCount']} {r['pageErrors']} {text(r['countClaimed'])}"
              f" {text(e.get('code'))} {text(e.get('message'))} {text(r['bytes'])} {warnings(r['warnings'])}")
PY
cmp "$work/typed.txt" "$work/typed-cli.txt" \
    || { diff "$work/typed.txt" "$work/typed-cli.txt" | head -5 >&2; echo "client_package_test: the typed records differ from pageinfo pages --format jsonl" >&2; exit 1; }
echo "ok   the client package read $(grep -c '^file ' "$work/typed.txt") files as typed records from String paths (PageInfoBatch): the values of pageinfo pages --format jsonl"

same=0
for f in Fixtures/mixed.pdf Fixtures/labels.pdf Fixtures/damaged/*.pdf $( [ -d "$corpus" ] && ls "$corpus"/*.pdf | head -20 ); do
    out=$("$client" same "$f" 2>&1) && same=$((same + 1)) || {
        case "$out" in *"cannot be opened"*|*"no page read"*|*"not a PDF"*|*damaged*|*encrypted*) ;; *) echo "$out" >&2; exit 1 ;; esac
    }
done
[ "$same" -ge 2 ] || { echo "client_package_test: only $same files compared from path and bytes" >&2; exit 1; }
echo "ok   the client package read $same files through PageInfoReading from their path, their bytes and a descriptor: the same records"
