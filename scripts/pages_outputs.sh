#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Usage: pages_outputs.sh BIN LIST OUT
# For line N of LIST ("FILE<TAB>PASSWORD", the password possibly empty) runs
# `BIN pages --format jsonl FILE [--password PASSWORD]` (stdin empty, stderr dropped, at most 60 s)
# and writes its stdout to OUT/N.stdout and its exit status to OUT/N.status. scripts/poppler_compat.sh
# runs it with the host's build and, inside each chroot, with the build against that Poppler, and
# compares the two folders.
set -uo pipefail
[ $# = 3 ] || { echo "usage: $0 BIN LIST OUT" >&2; exit 64; }
bin=$1 list=$2 out=$3
[ -x "$bin" ] || { echo "pages_outputs: no executable $bin" >&2; exit 1; }
rm -rf "$out" && mkdir -p "$out" || exit 1
n=0
while IFS=$'\t' read -r file password; do
    n=$((n + 1))
    args=(pages --format jsonl "$file")
    [ -n "$password" ] && args+=(--password "$password")
    timeout 60 "$bin" "${args[@]}" >"$out/$n.stdout" 2>/dev/null </dev/null
    echo $? >"$out/$n.status"
done <"$list"
[ "$n" -gt 0 ] || { echo "pages_outputs: $list lists no file" >&2; exit 1; }
