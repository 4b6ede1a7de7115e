#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The C boundary stays out of the public interface: a client that imports PageInfoPoppler can
# use PopplerDocument but cannot name any pi_ symbol of the shim (PageInfoPoppler imports the C
# module with `internal import`). Type-checks two small clients against the debug build.
# scripts/check_c_boundary.sh [BIN]: BIN is that build's folder (`make check-client` passes it, so
# that no SwiftPM call waits for the lock of a build running beside it).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-$(swift build --show-bin-path)}
# (Resolved: .build/debug is a link, and swift-system's checkout is found from the real folder.)
BIN=$(cd "$BIN" && pwd -P)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf 'import PageInfoPoppler\nlet v = PopplerDocument.popplerVersion\n' > "$tmp/good.swift"
printf 'import PageInfoPoppler\nlet v = pi_poppler_version()\n' > "$tmp/bad.swift"
flags=(-I "$BIN/Modules" -Xcc "-fmodule-map-file=$BIN/CPageInfoPoppler.build/module.modulemap"
       -Xcc -ISources/CPageInfoPoppler/include -Xcc -fmodule-map-file=Sources/CPoppler/module.modulemap
       # swift-system's C module, which PageInfoSystem's SystemPackage import brings along.
       -Xcc "-fmodule-map-file=$(dirname "$BIN")/../checkouts/swift-system/Sources/CSystem/include/module.modulemap")
swiftc -typecheck "${flags[@]}" "$tmp/good.swift" || { echo "check-boundary: a client cannot use PopplerDocument" >&2; exit 1; }
if swiftc -typecheck "${flags[@]}" "$tmp/bad.swift" 2>"$tmp/err"; then
    echo "check-boundary: a client can name pi_poppler_version: the C module leaks through PageInfoPoppler" >&2; exit 1
fi
grep -q "cannot find 'pi_poppler_version' in scope" "$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
echo "check-boundary: ok (clients see PopplerDocument, not the pi_ C ABI)"
