#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds and tests the current tree against a newer Poppler: Debian trixie (Poppler 25.03) in a
# debootstrap chroot, following ../shared/poppler-newer.md (`make poppler-compat`; not part of
# `make test`). Run as root on a Debian/Ubuntu machine with the Swift toolchain and apt access.
#
# - The chroot is cached in $POPPLER_COMPAT_DIR (default /var/tmp/pageinfo-poppler-compat,
#   ~1.3 GB): the first run takes ~3 min (debootstrap + packages), later runs only rebuild.
#   `make poppler-compat-clean` removes it.
# - The tree is copied as it is now (tracked and untracked files, not ignored ones), with
#   SwiftPM's dependency checkouts copied from the host's .build, and the host's git URL
#   redirections to local package copies (/etc/gitconfig), so nothing is fetched.
# - Inside: `make test` with CI=true and the corpus mounted read-only (PAGEINFO_CORPUS), so the
#   corpus suites must run (it installs TEST_PACKAGES; a shell's "not found" in its log fails);
#   then the output of `pageinfo pages --format jsonl` on every fixture is compared with the
#   host build's.
# - Every mount is undone on exit, whatever happens (trap), and checked.
# - POPPLER_COMPAT_PATCH=file.patch applies a patch to the copy only (to try a fix before making it).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/chroot_common.sh

[ "$(id -u)" = 0 ] || { echo "poppler-compat: run as root (debootstrap, chroot and mounts need it)" >&2; exit 1; }

WORK=${POPPLER_COMPAT_DIR:-/var/tmp/pageinfo-poppler-compat}
SUITE=${POPPLER_COMPAT_SUITE:-trixie}
REPO=$(pwd)
CORPUS=${PAGEINFO_CORPUS:-$(cd .. && pwd)/shared/corpus}
SWIFT_BIN=$(command -v swift || echo /opt/swift/usr/bin/swift)
SWIFT_ROOT=$(dirname "$(dirname "$(dirname "$(readlink -f "$SWIFT_BIN")")")")
R=$WORK/$SUITE
SRC=$WORK/src
MIRROR=${POPPLER_COMPAT_MIRROR:-$(debian_mirror)}
[ -n "$MIRROR" ] || { echo "poppler-compat: no Debian mirror found in /etc/apt (set POPPLER_COMPAT_MIRROR)" >&2; exit 1; }
[ -f "$CORPUS/MANIFEST.json" ] || { echo "poppler-compat: no corpus at $CORPUS (set PAGEINFO_CORPUS)" >&2; exit 1; }
[ -d .build/checkouts ] || "$SWIFT_BIN" package resolve   # the dependency state copied into the chroot

# Mount points, in mount order; unmounted in reverse on exit (scripts/chroot_common.sh).
chroot_mounts poppler-compat "$R"

IN() {
    chroot "$R" /usr/bin/env -i PATH="$SWIFT_ROOT/usr/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
        HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive CI=true PAGEINFO_CORPUS="$CORPUS" bash -c "$*"
}

# 1. The chroot, once (cached).
chroot_bootstrap poppler-compat "$SUITE" "$WORK" "$R" "$MIRROR"

# 2. Mounts: kernel file systems; the toolchain and the corpus read-only, at the same paths.
bind_kernel_filesystems "$R"
bind "$SWIFT_ROOT" "$R$SWIFT_ROOT" ro
bind "$CORPUS" "$R$CORPUS" ro
cp /etc/resolv.conf "$R/etc/resolv.conf"
# make test installs Python packages from PyPI into a venv (check-engines, check-bitmaps): the
# host's pip settings and the certificate authorities it trusts (a proxy's own, where there is
# one) apply inside too; the chroot's ca-certificates would not know a proxy's.
[ -f /etc/pip.conf ] && cp /etc/pip.conf "$R/etc/pip.conf"
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
    mkdir -p "$R/etc/ssl/certs" "$R/usr/local/share/ca-certificates"
    cp /etc/ssl/certs/ca-certificates.crt "$R/etc/ssl/certs/ca-certificates.crt"
    # (kept should apt regenerate the bundle inside)
    cp -r /usr/local/share/ca-certificates/. "$R/usr/local/share/ca-certificates/" 2>/dev/null || true
fi
# SwiftPM resolves packages through git: the host's redirections of package URLs to local
# copies (`url.DIR.insteadOf` in /etc/gitconfig) apply inside too, each DIR read-only. The
# client package of `make test` resolves its own dependencies this way.
if [ -f /etc/gitconfig ]; then
    cp /etc/gitconfig "$R/etc/gitconfig"
    while IFS= read -r dir; do
        [ -d "$dir" ] && bind "$dir" "$R$dir" ro
    done < <(git config --system --get-regexp '^url\..*\.insteadof$' | sed -E 's/^url\.(.*)\.insteadof .*$/\1/' | sort -u)
fi

# 3. What Swift needs at build and run time, once (the project's own packages come from `make deps`).
if [ ! -f "$R/.pageinfo-ready" ]; then
    echo "poppler-compat: installing the toolchain's run-time packages ..."
    IN apt-get update -qq
    IN apt-get install -y -qq --no-install-recommends libc6-dev libstdc++-14-dev libgcc-14-dev gcc g++ \
        binutils make git ca-certificates libcurl4t64 libxml2 libsqlite3-0 libncurses6 libtinfo6 \
        zlib1g-dev libuuid1 libedit2 python3 >/dev/null
    touch "$R/.pageinfo-ready"
fi

# 4. The current tree (tracked and untracked, not ignored files), with the host's dependency state.
mkdir -p "$R$SRC"
find "$R$SRC" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done \
    | tar --null -T - -cf - | tar -xf - -C "$R$SRC"
if [ -n "${POPPLER_COMPAT_PATCH:-}" ]; then
    patch=$(readlink -f "$POPPLER_COMPAT_PATCH")
    (cd "$R$SRC" && patch -p1 --quiet < "$patch") || { echo "poppler-compat: $POPPLER_COMPAT_PATCH does not apply" >&2; exit 1; }
    echo "poppler-compat: applied $POPPLER_COMPAT_PATCH to the copy"
fi
mkdir -p "$R$SRC/.build"
rm -rf "$R$SRC/.build/checkouts" "$R$SRC/.build/repositories"
cp -a .build/checkouts .build/repositories .build/workspace-state.json "$R$SRC/.build/"

# 5. Build and test inside (CI=true: the corpus suites must run).
IN "cd $SRC && make deps" >/dev/null
echo "poppler-compat: Poppler $(IN pkg-config --modversion poppler) in $SUITE; host has $(pkg-config --modversion poppler)"
status=0
IN "cd $SRC && make test" >"$WORK/test.log" 2>&1 || status=$?
grep -E "error:|✘|Test run with" "$WORK/test.log" | head -40 || true
[ "$status" = 0 ] || { echo "poppler-compat: make test FAILED in $SUITE (exit $status; log: $WORK/test.log)" >&2; exit 1; }
# A shell's "X: not found" means a test ran a program the chroot lacks: it passed without
# checking what it meant to (make test must install it; scripts/check_test_tools.py).
if grep -E ': (command )?not found$' "$WORK/test.log" >&2; then
    echo "poppler-compat: a program the tests run is missing in $SUITE (log: $WORK/test.log)" >&2; exit 1
fi

# 6. Same output as the host's build on every fixture that opens.
host_bin=$("$SWIFT_BIN" build --show-bin-path)/pageinfo
[ -x "$host_bin" ] || "$SWIFT_BIN" build --product pageinfo >/dev/null
guest_bin=$(IN "cd $SRC && swift build --show-bin-path")/pageinfo
differ=0
for golden in Fixtures/*.golden.json; do
    read -r pdf password < <(python3 -c 'import json,sys; g=json.load(open(sys.argv[1])); print(g["file"] if g["expect"] in ("opens","needs_password") else "-", g["password"] or "")' "$golden")
    [ "$pdf" = - ] && continue
    args=(pages --format jsonl "Fixtures/$pdf"); [ -n "$password" ] && args+=(--password "$password")
    if ! cmp -s <("$host_bin" "${args[@]}") <(IN "cd $SRC && $guest_bin ${args[*]}"); then
        echo "poppler-compat: Fixtures/$pdf: output differs from the host build" >&2; differ=1
    fi
done
[ "$differ" = 0 ] || exit 1
echo "poppler-compat: OK — make test passed against Poppler $(IN pkg-config --modversion poppler) ($SUITE), fixture output identical to the host's"
