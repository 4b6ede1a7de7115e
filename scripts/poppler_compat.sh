#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds and tests the current tree against the newer Popplers of Debian, each in a debootstrap
# chroot of its own (`make poppler-compat`, root; .ci/run runs it after `make test`; the method is
# ../shared/poppler-newer.md's). POPPLER_COMPAT_SUITES names the suites, "trixie unstable" by
# default (Poppler 25.03 and, when this was written, 26.07). Run as root on a Debian/Ubuntu
# machine with the Swift toolchain, apt access and the host's release build of this tree (the
# Makefile's target builds it first).
#
# For each suite, in a process of its own (one suite failing does not stop the next):
# - The chroot is $POPPLER_COMPAT_DIR/SUITE (default /var/tmp/pageinfo-poppler-compat/SUITE,
#   about SIZE with its build), made once and kept; `make poppler-compat-clean` removes them.
# - apt inside accepts a Release file past its Valid-Until: a mirror's unstable can be weeks
#   past it, and apt would refuse it (debootstrap checks only the signature, not the date).
# - Packages are named as every suite names them: gcc and g++ bring that suite's GCC with its
#   libstdc++ and libgcc development packages, whatever their version (unstable's is 16), so a
#   GCC bump needs no change here. A changed package list is installed into a kept chroot.
# - The tree is copied into the chroot as it is now (tracked and untracked files, not ignored
#   ones), with SwiftPM's dependency state copied from the host's .build, so nothing is fetched;
#   the chroot's own .build is kept between runs.
# - Inside: `make $POPPLER_COMPAT_TARGET` with CI=true and the corpus mounted read-only
#   (PAGEINFO_CORPUS), so the corpus suites must run. The default, test-swift, is what depends on
#   the Poppler release: the Swift tests (the fixtures, damaged fixtures and corpus against their
#   goldens, the renderer) and the end-to-end suite on the release binary. The rest of `make test`
#   checks the sources (not the release's business), the install, a client package and, from
#   PyPI, other engines and the Python package against the binary's records, which the comparison
#   below holds to the host's; per suite it would add a second release build, the client build
#   and the venvs (not measured inside), where CI has an hour in all. POPPLER_COMPAT_TARGET=test
#   runs all of it.
# - Measured 2026-12-02 in a fresh `.ci/run` (the end-to-end suite run once, on the release
#   binary): from no chroot, trixie 487 s and unstable 492 s, 16 min 19 s for both; the whole
#   `.ci/run` 33 min 3 s. Earlier, 2026-12-01, on the 2-core Debian 12 VM, host release build made: from no chroot,
#   24 min 53 s (trixie 9 min 15 s, unstable 15 min 37 s: debootstrap and packages about 1.5 min
#   each, make test-swift from an empty .build 8 and 13.5 min), 40 min when other builds loaded
#   the machine (load 7). With the chroot kept, trixie alone after a change to the executable:
#   6 min 19 s with the host's release rebuild (2026-12-02).
# - Then `pageinfo pages --format jsonl` of the chroot's release build and of the host's must give
#   the same stdout and exit status on every PDF under Fixtures/ (damaged ones and fuzz crashers
#   included) and every corpus file (with its password, and without it), but for the differences
#   listed, each with its reason, in scripts/poppler_compat_allowed.tsv (by Poppler release).
# - A self-test: the shim copied, Poppler's stream rewind renamed in every branch of
#   poppler_compat.h, must fail a syntax-only compile that the unchanged copy passes (a rename in
#   Poppler's API is seen by this chroot's compiler).
# - Every mount is undone on exit, whatever happens (trap), and checked.
# - POPPLER_COMPAT_PATCH=file.patch applies a patch to the copies only (to try a fix before making it).
set -euo pipefail
cd "$(dirname "$0")/.."

[ "$(id -u)" = 0 ] || { echo "poppler-compat: run as root (debootstrap, chroot and mounts need it)" >&2; exit 1; }

WORK=${POPPLER_COMPAT_DIR:-/var/tmp/pageinfo-poppler-compat}
SWIFT_BIN=$(command -v swift || echo /opt/swift/usr/bin/swift)
HOST_BIN=$("$SWIFT_BIN" build -c release --show-bin-path)/pageinfo

# The suites, one process each.
if [ -z "${POPPLER_COMPAT_SUITE:-}" ]; then
    [ -x "$HOST_BIN" ] || { echo "poppler-compat: no release build at $HOST_BIN (make release)" >&2; exit 1; }
    failed=() passed=()
    for suite in ${POPPLER_COMPAT_SUITES:-trixie unstable}; do
        start=$SECONDS
        if POPPLER_COMPAT_SUITE=$suite "$0"; then passed+=("$suite"); else failed+=("$suite"); fi
        echo "poppler-compat: $suite took $((SECONDS - start)) s"
    done
    [ ${#failed[@]} = 0 ] || { echo "poppler-compat: FAILED in ${failed[*]}${passed[*]:+ (passed in ${passed[*]})}" >&2; exit 1; }
    echo "poppler-compat: OK in ${passed[*]}"
    exit 0
fi

. scripts/chroot_common.sh
SUITE=$POPPLER_COMPAT_SUITE
TARGET=${POPPLER_COMPAT_TARGET:-test-swift}
CORPUS=${PAGEINFO_CORPUS:-$(cd .. && pwd)/shared/corpus}
SWIFT_ROOT=$(dirname "$(dirname "$(dirname "$(readlink -f "$SWIFT_BIN")")")")
R=$WORK/$SUITE
SRC=$WORK/src                  # (inside the chroot: each suite has its own copy)
LOG=$WORK/$SUITE.log
MIRROR=${POPPLER_COMPAT_MIRROR:-$(debian_mirror)}
[ -n "$MIRROR" ] || { echo "poppler-compat: no Debian mirror found in /etc/apt (set POPPLER_COMPAT_MIRROR)" >&2; exit 1; }
[ -f "$CORPUS/MANIFEST.json" ] || { echo "poppler-compat: no corpus at $CORPUS (set PAGEINFO_CORPUS)" >&2; exit 1; }
[ -d .build/checkouts ] || "$SWIFT_BIN" package resolve   # the dependency state copied into the chroot
say() { echo "poppler-compat: $SUITE: $*"; }

# Mount points, in mount order; unmounted in reverse on exit (scripts/chroot_common.sh).
chroot_mounts "poppler-compat $SUITE" "$R"

IN() {
    chroot "$R" /usr/bin/env -i PATH="$SWIFT_ROOT/usr/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
        HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive CI=true PAGEINFO_CORPUS="$CORPUS" bash -c "$*"
}

# 1. The chroot, once (cached).
chroot_bootstrap "poppler-compat $SUITE" "$SUITE" "$WORK" "$R" "$MIRROR"

# 2. Mounts: kernel file systems; the toolchain and the corpus read-only, at the same paths.
bind_kernel_filesystems "$R"
bind "$SWIFT_ROOT" "$R$SWIFT_ROOT" ro
bind "$CORPUS" "$R$CORPUS" ro
cp /etc/resolv.conf "$R/etc/resolv.conf"
# POPPLER_COMPAT_TARGET=test installs Python packages from PyPI into venvs: the host's pip
# settings and the certificate authorities it trusts (a proxy's own, where there is one) apply
# inside too; the chroot's ca-certificates would not know a proxy's.
[ -f /etc/pip.conf ] && cp /etc/pip.conf "$R/etc/pip.conf"
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
    mkdir -p "$R/etc/ssl/certs" "$R/usr/local/share/ca-certificates"
    cp /etc/ssl/certs/ca-certificates.crt "$R/etc/ssl/certs/ca-certificates.crt"
    # (kept should apt regenerate the bundle inside)
    cp -r /usr/local/share/ca-certificates/. "$R/usr/local/share/ca-certificates/" 2>/dev/null || true
fi
# SwiftPM resolves packages through git: the host's redirections of package URLs to local
# copies (`url.DIR.insteadOf` in /etc/gitconfig) apply inside too, each DIR read-only (the client
# package of `make test` resolves its own dependencies this way).
if [ -f /etc/gitconfig ]; then
    cp /etc/gitconfig "$R/etc/gitconfig"
    while IFS= read -r dir; do
        [ -d "$dir" ] && bind "$dir" "$R$dir" ro
    done < <(git config --system --get-regexp '^url\..*\.insteadof$' | sed -E 's/^url\.(.*)\.insteadof .*$/\1/' | sort -u)
fi

# 3. What the toolchain needs to build and run (the project's own packages come from its
#    Makefile), installed again whenever this list changes.
PACKAGES="libc6-dev gcc g++ binutils make git ca-certificates libcurl4t64 libxml2 libsqlite3-0 libncurses6
          libtinfo6 zlib1g-dev libuuid1 libedit2 python3"
PACKAGES=$(echo $PACKAGES)
if [ "$(cat "$R/.pageinfo-ready" 2>/dev/null)" != "$PACKAGES" ]; then
    say "installing the toolchain's packages ..."
    echo 'Acquire::Check-Valid-Until "false";' > "$R/etc/apt/apt.conf.d/99pageinfo-no-valid-until"
    IN apt-get update -qq
    IN apt-get install -y -qq --no-install-recommends "$PACKAGES" >/dev/null
    echo "$PACKAGES" > "$R/.pageinfo-ready"
fi

# 4. The current tree (tracked and untracked, not ignored files), with the host's dependency state.
mkdir -p "$R$SRC"
find "$R$SRC" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done \
    | tar --null -T - -cf - | tar -xf - -C "$R$SRC"
if [ -n "${POPPLER_COMPAT_PATCH:-}" ]; then
    patch=$(readlink -f "$POPPLER_COMPAT_PATCH")
    (cd "$R$SRC" && patch -p1 --quiet < "$patch") || { echo "poppler-compat: $SUITE: $POPPLER_COMPAT_PATCH does not apply" >&2; exit 1; }
    say "applied $POPPLER_COMPAT_PATCH to the copy"
fi
mkdir -p "$R$SRC/.build"
rm -rf "$R$SRC/.build/checkouts" "$R$SRC/.build/repositories"
cp -a .build/checkouts .build/repositories .build/workspace-state.json "$R$SRC/.build/"

# 5. Build and test inside (CI=true: the corpus suites must run).
IN "cd $SRC && make deps" >/dev/null
VERSION=$(IN pkg-config --modversion poppler)
say "Poppler $VERSION (host: $(pkg-config --modversion poppler)); make $TARGET, log $LOG"
start=$SECONDS
status=0
IN "cd $SRC && make $TARGET" >"$LOG" 2>&1 || status=$?
grep -E "error:|✘|Test run with|Executed [0-9]+ tests" "$LOG" | head -40 || true
[ "$status" = 0 ] || { echo "poppler-compat: $SUITE: make $TARGET FAILED against Poppler $VERSION (exit $status; log: $LOG)" >&2; exit 1; }
# A shell's "X: not found" means a test ran a program the chroot lacks: it passed without
# checking what it meant to (the Makefile must install it; scripts/check_test_tools.py).
if grep -E ': (command )?not found$' "$LOG" >&2; then
    echo "poppler-compat: $SUITE: a program the tests run is missing (log: $LOG)" >&2; exit 1
fi
say "make $TARGET passed in $((SECONDS - start)) s"

# 6. The same records and exit status as the host's release build, file by file. The list:
#    every PDF under Fixtures/ (with its golden's password, if any) and every corpus file (with
#    its manifest's password, and without it).
list=$R/tmp/pageinfo-compat.list
python3 - "$CORPUS" >"$list" <<'EOF'
import glob, json, os, sys
corpus = sys.argv[1]
for pdf in sorted(glob.glob("Fixtures/**/*.pdf", recursive=True)):
    golden = pdf[:-4] + ".golden.json"
    password = json.load(open(golden)).get("password") if os.path.exists(golden) else None
    print(f"{pdf}\t{password or ''}")
for entry in json.load(open(os.path.join(corpus, "MANIFEST.json")))["files"]:
    path = os.path.join(corpus, entry["file"])
    print(f"{path}\t")
    if entry.get("password"):
        print(f"{path}\t{entry['password']}")
EOF
host_out=$WORK/host-outputs-$SUITE guest_out=/tmp/pageinfo-compat-outputs
scripts/pages_outputs.sh "$HOST_BIN" "$list" "$host_out"
guest_bin=$(IN "cd $SRC && swift build -c release --show-bin-path")/pageinfo
IN "cd $SRC && scripts/pages_outputs.sh $guest_bin /tmp/pageinfo-compat.list $guest_out"
# The allowlist's rows for this release: "FILE<TAB>CODE" (a file may differ in that warning only).
RELEASE=${VERSION%.*}
allowed=$(awk -F'\t' -v r="$RELEASE" '!/^#/ && $1 == r { print $2 "\t" $3 }' scripts/poppler_compat_allowed.tsv)
differ=0 same=0 excused=0 n=0
while IFS=$'\t' read -r file password; do
    n=$((n + 1))
    what="$file${password:+ (password $password)}"
    h_status=$(cat "$host_out/$n.status") g_status=$(cat "$R$guest_out/$n.status")
    if [ "$h_status" = "$g_status" ] && cmp -s "$host_out/$n.stdout" "$R$guest_out/$n.stdout"; then
        same=$((same + 1)); continue
    fi
    key=$file; [ "${file#"$CORPUS"/}" != "$file" ] && key=corpus/${file#"$CORPUS"/}
    codes=$(awk -F'\t' -v f="$key" '$1 == f { print $2 }' <<<"$allowed")
    if [ -n "$codes" ] && [ "$h_status" = "$g_status" ] && python3 - "$host_out/$n.stdout" "$R$guest_out/$n.stdout" $codes <<'EOF_PY'
import json, sys
host, guest, codes = sys.argv[1], sys.argv[2], set(sys.argv[3:])
def records(path):
    out = []
    for line in open(path, encoding="utf-8"):
        record = json.loads(line)
        if isinstance(record.get("warnings"), list):
            record["warnings"] = [w for w in record["warnings"] if w.get("code") not in codes]
        out.append(record)
    return out
sys.exit(0 if records(host) == records(guest) else 1)
EOF_PY
    then
        say "$what: differs in $(echo $codes) only, allowed for Poppler $RELEASE (scripts/poppler_compat_allowed.tsv)"
        excused=$((excused + 1)); continue
    fi
    differ=$((differ + 1))
    echo "poppler-compat: $SUITE: $what: Poppler $VERSION differs from the host's: exit $g_status (host $h_status)" >&2
    diff "$host_out/$n.stdout" "$R$guest_out/$n.stdout" | head -6 >&2 || true
done <"$list"
[ "$differ" = 0 ] || { echo "poppler-compat: $SUITE: $differ of $n runs differ from the host's" >&2; exit 1; }
say "$same of $n runs (fixtures, damaged fixtures, crashers, corpus) identical to the host's$([ "$excused" = 0 ] || echo ", $excused differ as allowed")"

# 7. Self-test: the shim, with Poppler's stream rewind renamed in every branch that calls it,
#    must not compile here, while the unchanged copy does.
planted=/tmp/pageinfo-planted-shim
IN "rm -rf $planted && cp -r $SRC/Sources/CPageInfoPoppler $planted"
compile="cd $planted && $SWIFT_ROOT/usr/bin/clang++ -std=c++20 -fsyntax-only \$(pkg-config --cflags poppler) -Iinclude object_streams.cc"
IN "$compile" || { echo "poppler-compat: $SUITE: self-test: the unchanged shim does not compile" >&2; exit 1; }
IN "sed -i -E 's/stream->(rewind|reset)\(\)/stream->\1_planted()/' $planted/poppler_compat.h"
renamed=$(grep -c '_planted()' "$R$planted/poppler_compat.h" || true)
[ "$renamed" -ge 3 ] || { echo "poppler-compat: $SUITE: self-test: the planted rename matched $renamed calls in poppler_compat.h, not 3" >&2; exit 1; }
if IN "$compile" >"$R$planted.log" 2>&1 || ! grep -q '_planted' "$R$planted.log"; then
    echo "poppler-compat: $SUITE: self-test: the shim with a planted rename compiled (or failed for another reason: $R$planted.log)" >&2; exit 1
fi
say "self-test: a planted rename fails the build"
say "OK against Poppler $VERSION"
