#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks `make install` (run by `make test`): installs into a temporary DESTDIR and checks that
# the binary, the man page and the bash/zsh/fish completions are where Unix tools keep them,
# that the binary runs, that `man` renders the page, and that the bash completion parses.
set -euo pipefail
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
prefix=${PREFIX:-/usr/local}
destdir=$(mktemp -d)
trap 'rm -rf "$destdir"' EXIT

"$MAKE" --no-print-directory install DESTDIR="$destdir" PREFIX="$prefix" >/dev/null
root=$destdir$prefix
failed=0
for f in bin/pageinfo share/man/man1/pageinfo.1 share/bash-completion/completions/pageinfo \
         share/zsh/site-functions/_pageinfo share/fish/vendor_completions.d/pageinfo.fish \
         share/doc/pageinfo/LICENSE share/doc/pageinfo/GPL-2 share/doc/pageinfo/Apache-2.0; do
    if [ -s "$root/$f" ]; then echo "ok   $prefix/$f"; else echo "MISSING $prefix/$f" >&2; failed=1; fi
done
[ "$failed" = 0 ] || exit 1

version=$("$root/bin/pageinfo" --version) && [[ $version == "pageinfo "* ]] || { echo "installed binary does not run" >&2; exit 1; }
[ -x "$root/bin/pageinfo" ] || { echo "installed binary is not executable" >&2; exit 1; }
bash -c 'source "$1" && complete -p pageinfo' _ "$root/share/bash-completion/completions/pageinfo" >/dev/null \
    || { echo "bash completion does not register a completion for pageinfo" >&2; exit 1; }
grep -Eq "complete -c '?pageinfo'?" "$root/share/fish/vendor_completions.d/pageinfo.fish" || { echo "fish completion is not for pageinfo" >&2; exit 1; }
read -r first_line <"$root/share/zsh/site-functions/_pageinfo"; [[ $first_line == "#compdef pageinfo"* ]] || { echo "zsh completion lacks #compdef pageinfo" >&2; exit 1; }
# man-db (TEST_PACKAGES): without man the page is not checked; under CI=true that is a failure.
if ! command -v man >/dev/null; then
    case ${CI:-} in
        true|1) echo "man is required (CI=$CI) but not on PATH: install Debian's man-db (make test installs it)" >&2; exit 1 ;;
        *) echo "skip man pageinfo: man is not on PATH (Debian's man-db; make test installs it)" ;;
    esac
else
    # `man pageinfo` as it works after install: the man page found through its section folder.
    # Macro (mdoc) warnings mean a malformed page; groff's own line-adjustment notes do not.
    page=$(MANPATH="$root/share/man" MANWIDTH=80 man pageinfo 2>"$destdir/man.err") \
        || { echo "man pageinfo fails: $(cat "$destdir/man.err")" >&2; exit 1; }
    # Matched in the shell, not `echo "$page" | grep -q`: under pipefail, grep -q leaving early
    # kills echo with SIGPIPE on a 58 KB page and the check failed at random.
    [[ $'\n'"$page" == *$'\n'NAME* && $page == *pageinfo* ]] || { echo "man pageinfo shows no page" >&2; exit 1; }
    ! grep -qi 'mdoc' "$destdir/man.err" || { echo "man pageinfo: $(grep -i mdoc "$destdir/man.err" | head -3)" >&2; exit 1; }
    echo "ok   man pageinfo renders ($(echo "$page" | wc -l) lines)"
fi
echo "make install: every file in place under \$DESTDIR$prefix"
