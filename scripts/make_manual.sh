#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Regenerates docs/man/pageinfo.1 (`make man`) with swift-argument-parser's generate-manual
# plugin, from the command-line definitions (abstracts, discussions, options) in
# Sources/PageInfoCommand and Sources/PageInfoHelp (the long help). Run it after changing any
# help text, and commit the result.
#
# Reproducible: the page's date is the date of the last commit that touched the command-line
# sources (override with MAN_DATE=yyyy-mm-dd), so the same tree gives the same bytes. Blank lines
# of the help text become .Pp (paragraph) requests, which man renders without warnings.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
date=${MAN_DATE:-$(git log -1 --format=%cs -- Sources/PageInfoCommand Sources/PageInfoHelp 2>/dev/null || true)}
date=${date:-$(date -u +%F)}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$SWIFT" package --allow-writing-to-directory "$out" generate-manual \
    --date "$date" --section 1 --output-directory "$out" >/dev/null
mkdir -p docs/man
sed 's/^$/.Pp/' "$out/pageinfo.1" > docs/man/pageinfo.1
echo "docs/man/pageinfo.1 ($date)"
