#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The proof that the wheel of `make python-wheel` works where neither Swift nor Poppler is
# installed (`make python-wheel-check`; not part of `make test`). Run as
# root on a Debian/Ubuntu machine with apt access:
#
#   scripts/wheel_check.sh WHEEL HOST_BINARY
#
# - A Debian chroot, made by `debootstrap --variant=minbase` plus python3 and python3-venv only
#   (--no-install-recommends), cached in $WHEEL_CHECK_DIR/$WHEEL_CHECK_SUITE (default
#   /var/tmp/pageinfo-wheel-check/trixie, ~450 MB, 93 s the first time; bullseye ~410 MB, 61 s;
#   `make python-wheel-clean` removes them).
#   trixie by default: its glibc (2.41), libstdc++ and Python (3.13) are not the build machine's
#   (Debian 12: 2.36, 3.11), so the check also shows the wheel is not tied to the system it was
#   built on; WHEEL_CHECK_SUITE=bullseye checks on the oldest system the manylinux_2_31 tag
#   promises (Debian 11: glibc 2.31, GCC 10's libstdc++, Python 3.9, pip 20.3), bookworm on
#   the build machine's release.
# - Before each run, that the chroot is clean: no Debian package matching "poppler"
#   (dpkg -l), no libpoppler* file anywhere, no swift command, nothing of the host mounted but
#   /proc, /dev and /sys.
# - Inside: a venv; `pip install --no-index` of the wheel file alone (nothing else may be
#   needed: the package has no dependency); from a folder outside any source tree:
#   `PACKAGE.executable()` must be the bundled PACKAGE/_bin/pageinfo (version checked; the
#   import package's and the distribution's names are read from the wheel);
#   `ldd` of it must find every library, each vendored one in PACKAGE.libs/, the others among
#   the manylinux policy's system libraries; the installed metadata's License-Expression and
#   license files; PAGEINFO_EXECUTABLE=/bin/false must raise ExecutableNotFound with its install
#   advice; and python/tests/smoke_installed.py FIXTURES, when that file exists (the installed
#   package's API on the fixtures).
# - The bundled binary's output: `pages --format jsonl` on every fixture with a golden file
#   (the encrypted one with its password, the damaged ones failing), `--dpi 300` on
#   rotations.pdf and `--jobs 2` over all of them (batch mode's workers): stdout and exit status
#   identical to the host's release binary's on the same files (byte for byte, but for the time
#   batch mode's file records give, "seconds"), and stderr too (but for batch mode's time in
#   its summary line).
# - Rendering: in the chroot, `draw` of a page must write a PNG (the chroot has no fonts, so
#   what it draws is not compared). Then `draw` of page 1 of every fixture that opens (and of
#   rotations.pdf's page 2 at --scale 2), and of page 1 of every corpus file at --scale 3 when
#   the corpus is there ($PAGEINFO_CORPUS, default ../shared/corpus), by the installed bundled
#   binary and by the host's release binary, both run on this machine (the host's binary
#   cannot run in the chroot), so that both see the same fonts and font configuration: the PNG
#   files, stderr (Poppler's and Fontconfig's messages) and exit statuses identical. This
#   compares the wheel's Poppler, FreeType, Fontconfig, lcms2, libjpeg and OpenJPEG with the
#   host's where they draw.
# Every mount is undone on exit (trap) and checked; any failure exits non-zero with the reason.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/chroot_common.sh

fail() { echo "python-wheel-check: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "run as root (debootstrap, chroot and mounts need it)"
WHEEL=${1:?usage: scripts/wheel_check.sh WHEEL HOST_BINARY}
HOST_BIN=${2:?usage: scripts/wheel_check.sh WHEEL HOST_BINARY}
[ -f "$WHEEL" ] || fail "no wheel at $WHEEL (make python-wheel)"
[ -x "$HOST_BIN" ] || fail "no host binary at $HOST_BIN (make release)"
WORK=${WHEEL_CHECK_DIR:-/var/tmp/pageinfo-wheel-check}
SUITE=${WHEEL_CHECK_SUITE:-trixie}
R=$WORK/$SUITE
CHECK=/root/wheel-check   # inside the chroot
MIRROR=${WHEEL_CHECK_MIRROR:-$(debian_mirror)}
[ -n "$MIRROR" ] || fail "no Debian mirror found in /etc/apt (set WHEEL_CHECK_MIRROR)"
started=$(date +%s)

# Mount points, in mount order; unmounted in reverse on exit (scripts/chroot_common.sh).
chroot_mounts python-wheel-check "$R"

IN() {
    chroot "$R" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        DEBIAN_FRONTEND=noninteractive bash -c "$*"
}

# 1. The chroot, once (cached): minbase, then python3 and python3-venv (step 3).
chroot_bootstrap python-wheel-check "$SUITE" "$WORK" "$R" "$MIRROR"

# 2. Kernel file systems only; nothing of the host's toolchain or libraries.
bind_kernel_filesystems "$R"
cp /etc/resolv.conf "$R/etc/resolv.conf"
# The host's pip settings and certificate authorities (a proxy's own, where there is one), as in
# scripts/poppler_compat.sh. The check itself installs with --no-index: it fetches nothing.
[ -f /etc/pip.conf ] && cp /etc/pip.conf "$R/etc/pip.conf"
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
    mkdir -p "$R/etc/ssl/certs" "$R/usr/local/share/ca-certificates"
    cp /etc/ssl/certs/ca-certificates.crt "$R/etc/ssl/certs/ca-certificates.crt"
    cp -r /usr/local/share/ca-certificates/. "$R/usr/local/share/ca-certificates/" 2>/dev/null || true
fi

# 3. python3 and python3-venv, once.
if [ ! -f "$R/.pageinfo-ready" ]; then
    echo "python-wheel-check: installing python3 python3-venv ..."
    IN apt-get update -qq
    IN apt-get install -y -qq --no-install-recommends python3 python3-venv >/dev/null
    touch "$R/.pageinfo-ready"
fi
prepared=$(date +%s)

# 4. The chroot is clean.
poppler_packages=$(IN "dpkg -l | grep -i poppler" || true)
[ -z "$poppler_packages" ] || fail "the $SUITE chroot has Poppler packages: $poppler_packages"
IN "! command -v swift" >/dev/null || fail "the $SUITE chroot has a swift command"
[ ! -e "$R/opt/swift" ] || fail "the $SUITE chroot has /opt/swift"
rm -rf "${R:?}$CHECK"
poppler_files=$(IN "find / -xdev -name 'libpoppler*' -print" || true)
[ -z "$poppler_files" ] || fail "the $SUITE chroot has Poppler files: $poppler_files"

# 5. The wheel, the fixtures and the cases, copied in; the names, from the wheel: the
# distribution's (METADATA) and the import package's (the one holding _bin/pageinfo).
read -r DIST PKG < <(python3 - "$WHEEL" <<'EOF'
import email.parser, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
meta = next(n for n in z.namelist() if n.count("/") == 1 and n.endswith(".dist-info/METADATA"))
package = next(n.split("/")[0] for n in z.namelist() if n.endswith("/_bin/pageinfo") and n.count("/") == 2)
print(email.parser.Parser().parsestr(z.read(meta).decode())["Name"], package)
EOF
) || fail "$WHEEL: no METADATA or no PACKAGE/_bin/pageinfo in it"
mkdir -p "$R$CHECK/out" "$R$CHECK/work"
cp "$WHEEL" "$R$CHECK/"
cp -r Fixtures "$R$CHECK/work/"
smoke=""
if [ -f python/tests/smoke_installed.py ]; then
    cp python/tests/smoke_installed.py "$R$CHECK/"
    smoke=$CHECK/smoke_installed.py
fi
cases=()   # "NAME ARGUMENTS", run from a folder that holds Fixtures/
for golden in Fixtures/*.golden.json; do
    read -r pdf password < <(python3 -c 'import json,sys; g=json.load(open(sys.argv[1])); print(g["file"], g["password"] or "")' "$golden")
    cases+=("${pdf%.pdf} pages --format jsonl Fixtures/$pdf${password:+ --password $password}")
done
cases+=("rotations-dpi300 pages --format jsonl --dpi 300 Fixtures/rotations.pdf")
cases+=("jobs2 pages --format jsonl --jobs 2 $(ls Fixtures/*.pdf | tr '\n' ' ')")
printf '%s\n' "${cases[@]}" >"$R$CHECK/cases.txt"

cat >"$R$CHECK/run.sh" <<'EOF'
set -euo pipefail
CHECK=$1 WHEEL=$2 SMOKE=$3 DIST=$4 PKG=$5
fail() { echo "python-wheel-check (in the chroot): $*" >&2; exit 1; }
cd "$CHECK"
echo "== $(. /etc/os-release; echo "$PRETTY_NAME"), $(python3 --version), glibc $(ldd --version | head -1 | awk '{print $NF}')"
python3 -m venv venv
venv/bin/pip install --no-index --disable-pip-version-check -q "$CHECK/$WHEEL"
cd work   # no python/src here: the import is the installed package's
exe=$("$CHECK/venv/bin/python" -c "import $PKG; print($PKG.executable())")
echo "== $PKG.executable() = $exe"
case $exe in "$CHECK"/venv/lib/python3*/site-packages/"$PKG"/_bin/pageinfo) ;; *) fail "not the bundled binary: $exe" ;; esac
echo "$exe" >"$CHECK/out/executable"
echo "== $("$exe" --version)"
echo "== ldd (system libraries and $PKG.libs/ only):"
ldd "$exe" | sed 's/ (0x[0-9a-f]*)$//; s/^/   /'
! ldd "$exe" | grep -q "not found" || fail "a library is missing"
# The manylinux policy's libraries this executable links (libpthread, libdl and libutil: it is
# linked against glibc 2.31, where they are libraries of their own).
ldd "$exe" | awk -v libs="$PKG.libs/" '$2 == "=>" && index($3, libs) == 0 {print $3}' | while read -r lib; do
    case ${lib##*/} in libc.so.6|libm.so.6|libpthread.so.0|libdl.so.2|libutil.so.1|ld-linux-x86-64.so.2|libstdc++.so.6|libgcc_s.so.1|libz.so.1|libexpat.so.1) ;;
        *) fail "$lib comes from the system, not from the wheel" ;; esac
done
"$CHECK/venv/bin/python" - "$DIST" <<'PY'
import importlib.metadata as m, sys
meta = m.metadata(sys.argv[1])
files = meta.get_all("License-File")
print(f"== License-Expression: {meta['License-Expression']}")
print(f"== {len(files)} license files installed, e.g. {', '.join(files[:3])}, ..., {files[-1]}")
dist = m.distribution(sys.argv[1])
dist_info = f"{meta['Name'].replace('-', '_')}-{meta['Version']}.dist-info"
missing = [f for f in files if not dist.locate_file(f"{dist_info}/licenses/{f}").is_file()]
assert not missing, f"license files not installed: {missing}"
PY
PAGEINFO_EXECUTABLE=/bin/false "$CHECK/venv/bin/python" - "$PKG" "$DIST" <<'PY'
import importlib, sys
package = importlib.import_module(sys.argv[1])
try:
    package.executable()
except package.ExecutableNotFound as error:
    message = str(error)
    assert "PAGEINFO_EXECUTABLE" in message and f"pip install {sys.argv[2]}" in message, message
    print("== PAGEINFO_EXECUTABLE=/bin/false: ExecutableNotFound:", message)
else:
    raise SystemExit("PAGEINFO_EXECUTABLE=/bin/false: no ExecutableNotFound")
PY
while read -r name args; do
    status=0
    "$exe" $args >"$CHECK/out/$name.out" 2>"$CHECK/out/$name.err" || status=$?
    echo "$status" >"$CHECK/out/$name.status"
done <"$CHECK/cases.txt"
"$exe" draw Fixtures/rotations.pdf --page 2 -o "$CHECK/out/draw.png" 2>/dev/null || fail "draw failed (exit $?)"
[ "$(head -c 8 "$CHECK/out/draw.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "draw wrote no PNG"
echo "== draw Fixtures/rotations.pdf --page 2: a PNG of $(wc -c <"$CHECK/out/draw.png") bytes"
if [ -n "$SMOKE" ]; then
    echo "== python smoke_installed.py Fixtures"
    "$CHECK/venv/bin/python" "$SMOKE" Fixtures || fail "smoke_installed.py failed"
else
    echo "== python/tests/smoke_installed.py: not in this tree yet, not run"
fi
EOF
echo "python-wheel-check: $(basename "$WHEEL") in a clean $SUITE chroot (no Poppler package or file, no swift)"
IN "bash $CHECK/run.sh $CHECK $(basename "$WHEEL") '$smoke' $DIST $PKG" || fail "the check inside the $SUITE chroot failed (above)"

# 6. The bundled binary's output against the host's release binary, case by case.
differ=0
while read -r name args; do
    status=0
    # shellcheck disable=SC2086
    "$HOST_BIN" $args >"$WORK/host-$name.out" 2>"$WORK/host-$name.err" || status=$?
    # (batch mode's file records time each file, and its summary on stderr the run: "seconds"
    # and "in 0.05 s (174 files/s)" are what may differ)
    if ! cmp -s <(sed -E 's/"seconds":[-+.e0-9]+/"seconds":T/' "$WORK/host-$name.out") \
                <(sed -E 's/"seconds":[-+.e0-9]+/"seconds":T/' "$R$CHECK/out/$name.out") \
       || ! cmp -s <(sed -E 's| in [0-9.]+ s \([0-9.]+ files/s\)| in T s (R files/s)|' "$WORK/host-$name.err") \
                   <(sed -E 's| in [0-9.]+ s \([0-9.]+ files/s\)| in T s (R files/s)|' "$R$CHECK/out/$name.err") \
       || [ "$status" != "$(cat "$R$CHECK/out/$name.status")" ]; then
        echo "python-wheel-check: '$args' differs from the host's (exit $status, in the chroot $(cat "$R$CHECK/out/$name.status"); stdout or stderr: $WORK/host-$name.* and $R$CHECK/out/$name.*)" >&2
        differ=1
    fi
done <"$R$CHECK/cases.txt"
[ "$differ" = 0 ] || fail "the wheel's binary and the host's release binary disagree"
echo "== ${#cases[@]} runs of the bundled binary (every fixture, --dpi 300, --jobs 2): stdout, stderr and exit status identical to the host's $HOST_BIN"

# 7. Rendering, both binaries on this machine (same fonts): the installed bundled binary, run
# from the chroot's venv (its libraries are the wheel's; only glibc, libstdc++ and the other
# policy libraries are this machine's).
wheel_exe=$R$(cat "$R$CHECK/out/executable")
draws=()   # "NAME ARGUMENTS"
for golden in Fixtures/*.golden.json; do
    read -r pdf password < <(python3 -c 'import json,sys; g=json.load(open(sys.argv[1])); print(g["file"] if g["expect"] in ("opens","needs_password") else "-", g["password"] or "")' "$golden")
    [ "$pdf" = - ] && continue
    draws+=("${pdf%.pdf} Fixtures/$pdf --page 1${password:+ --password $password}")
done
draws+=("rotations-p2-scale2 Fixtures/rotations.pdf --page 2 --scale 2")
corpus=${PAGEINFO_CORPUS:-$(cd .. && pwd)/shared/corpus}
corpus_files=0
if [ -d "$corpus" ]; then
    for pdf in "$corpus"/*.pdf; do
        draws+=("corpus-$(basename "$pdf" .pdf) $pdf --page 1 --scale 3")
        corpus_files=$((corpus_files + 1))
    done
fi
mkdir -p "$WORK/draw"
for d in "${draws[@]}"; do
    read -r name args <<<"$d"
    s1=0 s2=0
    rm -f "$WORK/draw/host-$name.png" "$WORK/draw/wheel-$name.png"
    # shellcheck disable=SC2086
    "$HOST_BIN" draw $args -o "$WORK/draw/host-$name.png" 2>"$WORK/draw/host-$name.err" || s1=$?
    # shellcheck disable=SC2086
    "$wheel_exe" draw $args -o "$WORK/draw/wheel-$name.png" 2>"$WORK/draw/wheel-$name.err" || s2=$?
    # (a file that does not open, exit 65 or 77, writes no picture)
    if [ "$s1" != "$s2" ] || { [ "$s1" = 0 ] && ! cmp -s "$WORK/draw/host-$name.png" "$WORK/draw/wheel-$name.png"; } \
       || ! cmp -s "$WORK/draw/host-$name.err" "$WORK/draw/wheel-$name.err" \
       || { [ "$s1" != 0 ] && [ -e "$WORK/draw/wheel-$name.png" ]; }; then
        echo "python-wheel-check: 'draw $args' differs (exit $s1 and, from the wheel, $s2; $WORK/draw/*-$name.png)" >&2
        differ=1
    fi
done
[ "$differ" = 0 ] || fail "the wheel's binary and the host's release binary draw differently"
echo "== ${#draws[@]} pages drawn by the bundled binary and the host's, on this machine ($corpus_files of them corpus files'): the PNG files, stderr and exit statuses identical"
echo "python-wheel-check: OK in $SUITE ($(($(date +%s) - prepared)) s; chroot ready in $((prepared - started)) s)"
