#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The Debian 11 (bullseye) tree the wheel's executable is linked against and its Poppler is built
# in (`make wheel-sysroot`; run as root on a Debian/Ubuntu machine with apt access):
#
#   scripts/wheel_sysroot.sh
#
# Why: a program links to the newest version of each glibc symbol in the libc it is linked
# against, so linked against the build machine's glibc 2.36 it needs 2.34/2.35 symbols and pip
# refuses the wheel on glibc 2.31-2.33 systems. bullseye (glibc 2.31, GCC 10, GLIBCXX_3.4.28)
# is the oldest release Debian's mirror still serves; linked against its libc, libstdc++ and
# gcc-10 start files, the executable runs on glibc >= 2.31 (auditwheel: manylinux_2_31). The
# Swift toolchain itself needs glibc 2.34 and so runs on the host, pointed at this tree.
#
# - $WHEEL_SYSROOT (default /var/tmp/pageinfo-bullseye-sysroot, ~0.9 GB): `debootstrap
#   --variant=minbase bullseye`, with bullseye-updates and bullseye-security, plus
#   SYSROOT_PACKAGES below: the C/C++ toolchain and headers the link needs, and the -dev
#   packages of the libraries Poppler is built with (their runtime .so files are what the wheel
#   vendors). Made once; `apt-get upgrade` runs when the package list changes or with
#   WHEEL_SYSROOT_UPGRADE=1.
# - Poppler: bullseye's own (20.09) is older than pageinfo supports, so the source Debian 12
#   builds libpoppler126 from (the version the host's Poppler is: POPPLER_DEBIAN_VERSION),
#   downloaded from Debian's mirror into $WHEEL_SYSROOT/usr/src/pageinfo-poppler and checked
#   against the SHA-256 sums below, with Debian's patches applied (debian/patches/series), is
#   built inside the tree by its GCC 10 with Debian's compiler flags (dpkg-buildflags) and
#   Debian's options for the core library (debian/rules: lcms2, openjpeg2, the unstable
#   headers), and installed in /opt/pageinfo-poppler there. Left out, as pageinfo does not use
#   them: the glib, Qt, C++ wrappers and utilities, NSS (signatures), libcurl, Boost (a
#   container of the Splash scanner: speed only), Cairo and libtiff (goo/TiffWriter and
#   SplashBitmap::writeImgFile only: pageinfo writes its own PNG). Rebuilt only when the
#   source or these options change (the stamp /opt/pageinfo-poppler/.pageinfo-build).
# - Prints the tree's path and its Poppler version at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/chroot_common.sh

fail() { echo "wheel-sysroot: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "run as root (debootstrap, chroot and mounts need it)"

R=${WHEEL_SYSROOT:-/var/tmp/pageinfo-bullseye-sysroot}
SUITE=bullseye
MIRROR=${WHEEL_SYSROOT_MIRROR:-$(debian_mirror)}
SECURITY_MIRROR=${WHEEL_SYSROOT_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
[ -n "$MIRROR" ] || fail "no Debian mirror found in /etc/apt (set WHEEL_SYSROOT_MIRROR)"

# g++ brings libc6-dev, libstdc++-10-dev and libgcc-10-dev (crt files, libgcc.a, libgcc_s);
# dpkg-dev dpkg-buildflags, patch and xz-utils.
SYSROOT_PACKAGES="g++ make cmake pkg-config dpkg-dev libfreetype6-dev libfontconfig1-dev
libjpeg62-turbo-dev libopenjp2-7-dev liblcms2-dev libpng-dev zlib1g-dev"

# Debian 12's Poppler source: a security update, so in the security archive's pool.
POPPLER_UPSTREAM=22.12.0
POPPLER_DEBIAN_VERSION=22.12.0-2+deb12u3
POPPLER_POOL=${WHEEL_POPPLER_POOL:-$SECURITY_MIRROR/pool/updates/main/p/poppler}
POPPLER_FILES="poppler_$POPPLER_UPSTREAM.orig.tar.xz poppler_$POPPLER_DEBIAN_VERSION.debian.tar.xz"
POPPLER_SHA256="d9aa9cacdfbd0f8e98fc2b3bb008e645597ed480685757c3e7bc74b4278d15c0  poppler_22.12.0.orig.tar.xz
2028e5351ad7c0e4c1166776468d810dd5bcb981dbcdc91189277cfcfec614a2  poppler_22.12.0-2+deb12u3.debian.tar.xz"
POPPLER_PREFIX=/opt/pageinfo-poppler
SRC=/usr/src/pageinfo-poppler
# Debian's options for the core library (debian/rules) and the parts turned off (see above).
POPPLER_CMAKE_OPTIONS="-DENABLE_UNSTABLE_API_ABI_HEADERS=ON -DENABLE_CMS=lcms2 -DENABLE_LIBOPENJPEG=openjpeg2
-DENABLE_DCTDECODER=libjpeg -DENABLE_ZLIB=ON -DENABLE_GLIB=OFF -DENABLE_QT5=OFF -DENABLE_QT6=OFF
-DENABLE_CPP=OFF -DENABLE_UTILS=OFF -DENABLE_BOOST=OFF -DENABLE_LIBCURL=OFF -DWITH_NSS3=OFF
-DWITH_TIFF=OFF -DWITH_Cairo=OFF -DENABLE_GTK_DOC=OFF -DBUILD_GTK_TESTS=OFF
-DBUILD_QT5_TESTS=OFF -DBUILD_QT6_TESTS=OFF -DBUILD_CPP_TESTS=OFF -DBUILD_MANUAL_TESTS=OFF
-DRUN_GPERF_IF_PRESENT=OFF"

started=$(date +%s)
chroot_mounts wheel-sysroot "$R"
IN() {
    chroot "$R" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        DEBIAN_FRONTEND=noninteractive bash -c "$*"
}

# 1. The tree, once: minbase, the point and security updates, the packages.
chroot_bootstrap wheel-sysroot "$SUITE" "$(dirname "$R")" "$R" "$MIRROR"
bind_kernel_filesystems "$R"
cp /etc/resolv.conf "$R/etc/resolv.conf"
packages_stamp="$SUITE $MIRROR $SECURITY_MIRROR $SYSROOT_PACKAGES"
if [ "$(cat "$R/.pageinfo-ready" 2>/dev/null)" != "$packages_stamp" ] || [ "${WHEEL_SYSROOT_UPGRADE:-}" = 1 ]; then
    echo "wheel-sysroot: installing the packages into $R ..."
    cat >"$R/etc/apt/sources.list" <<EOF
deb $MIRROR $SUITE main
deb $MIRROR $SUITE-updates main
deb $SECURITY_MIRROR $SUITE-security main
EOF
    IN apt-get update -qq
    IN "apt-get upgrade -y -qq >/dev/null"
    # shellcheck disable=SC2086
    IN "apt-get install -y -qq --no-install-recommends $(echo $SYSROOT_PACKAGES) >/dev/null"
    IN apt-get clean
    echo "$packages_stamp" >"$R/.pageinfo-ready"
fi
# Debian's -dev symlinks are absolute (libz.so -> /lib/x86_64-linux-gnu/libz.so.1.2.11): a linker
# given --sysroot follows them into the host's /lib, and so links the host's libraries (or
# finds none). Made relative, they stay inside the tree, and work the same in the chroot.
find "$R/usr/lib" "$R/usr/lib64" -xdev -type l -lname '/*' -print0 2>/dev/null \
    | while IFS= read -r -d '' link; do
        ln -sfn "$(realpath -s -m --relative-to="$(dirname "$link")" "$R$(readlink "$link")")" "$link"
    done

# 2. Poppler's source, downloaded once and checked.
mkdir -p "$R$SRC"
for f in $POPPLER_FILES; do
    [ -f "$R$SRC/$f" ] && continue
    echo "wheel-sysroot: downloading $POPPLER_POOL/$f"
    curl -fsS -o "$R$SRC/$f.part" "$POPPLER_POOL/$f" || fail "cannot download $POPPLER_POOL/$f (set WHEEL_POPPLER_POOL to a pool that has it, e.g. snapshot.debian.org)"
    mv "$R$SRC/$f.part" "$R$SRC/$f"
done
(cd "$R$SRC" && sha256sum --quiet -c - <<<"$POPPLER_SHA256") || fail "the Poppler sources in $R$SRC do not match their SHA-256 sums"

# 3. Poppler, built and installed inside the tree unless this very build is there.
build_stamp="$POPPLER_SHA256 $POPPLER_CMAKE_OPTIONS $(sha256sum <"$R/var/lib/dpkg/status" | cut -c1-16)"
if [ "$(cat "$R$POPPLER_PREFIX/.pageinfo-build" 2>/dev/null)" != "$build_stamp" ]; then
    echo "wheel-sysroot: building Poppler $POPPLER_DEBIAN_VERSION in $R (a few minutes) ..."
    cat >"$R$SRC/build.sh" <<EOF
set -euo pipefail
cd $SRC
rm -rf poppler-$POPPLER_UPSTREAM build
tar -xf poppler_$POPPLER_UPSTREAM.orig.tar.xz
cd poppler-$POPPLER_UPSTREAM
tar -xf ../poppler_$POPPLER_DEBIAN_VERSION.debian.tar.xz
sed -e 's/#.*//' -e '/^[[:space:]]*\$/d' debian/patches/series | while read -r p _; do
    patch -p1 --quiet --forward <"debian/patches/\$p"
done
# Debian's flags (hardening, -O2), as its package build sets them; no debug information.
export DEB_CFLAGS_MAINT_STRIP=-g DEB_CXXFLAGS_MAINT_STRIP=-g
eval "\$(dpkg-buildflags --export=sh)"
cd $SRC && mkdir build && cd build
cmake ../poppler-$POPPLER_UPSTREAM -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_FLAGS_RELEASE="\$CFLAGS \$CPPFLAGS" -DCMAKE_CXX_FLAGS_RELEASE="\$CXXFLAGS \$CPPFLAGS" \
    -DCMAKE_INSTALL_PREFIX=$POPPLER_PREFIX -DCMAKE_INSTALL_LIBDIR=lib $(echo $POPPLER_CMAKE_OPTIONS) >../cmake.log 2>&1 \
    || { tail -40 ../cmake.log; exit 1; }
make -j"\$(nproc)" >../make.log 2>&1 || { tail -40 ../make.log; exit 1; }
rm -rf $POPPLER_PREFIX
make install >../install.log
strip --strip-unneeded $POPPLER_PREFIX/lib/libpoppler.so.*.*
EOF
    IN "bash $SRC/build.sh" || fail "the Poppler build failed (logs in $R$SRC)"
    rm -rf "${R:?}$SRC/build" "${R:?}$SRC/poppler-$POPPLER_UPSTREAM"
    echo "$build_stamp" >"$R$POPPLER_PREFIX/.pageinfo-build"
fi
# What the wheel's license files say of this Poppler (scripts/build_wheel.sh reads them): Debian's
# copyright file of the source, and where the source is.
doc=$R$POPPLER_PREFIX/share/doc/poppler
mkdir -p "$doc"
tar -xOf "$R$SRC/poppler_$POPPLER_DEBIAN_VERSION.debian.tar.xz" debian/copyright >"$doc/copyright"
{
    echo "source_package=poppler"
    echo "debian_version=$POPPLER_DEBIAN_VERSION"
    echo "pool=$POPPLER_POOL"
    echo "files=\"$POPPLER_FILES\""
    echo "directory=$SRC"
    echo "patches=\"$(tar -xOf "$R$SRC/poppler_$POPPLER_DEBIAN_VERSION.debian.tar.xz" debian/patches/series | sed -e 's/#.*//' -e '/^[[:space:]]*$/d' | tr '\n' ' ' | sed 's/ $//')\""
    echo "cmake_options=\"$(echo $POPPLER_CMAKE_OPTIONS)\""
    echo "compiler=\"$(IN 'g++ --version | head -1')\""
} >"$doc/SOURCE"
(cd "$R$SRC" && sha256sum $POPPLER_FILES) >"$doc/SHA256SUMS"
version=$(sed -n 's/^Version: //p' "$R$POPPLER_PREFIX/lib/pkgconfig/poppler.pc")
[ "$version" = "$POPPLER_UPSTREAM" ] || fail "$R$POPPLER_PREFIX/lib/pkgconfig/poppler.pc says version '$version'"
echo "wheel-sysroot: $R ready: $(IN 'ldd --version | head -1'), Poppler $version (Debian source $POPPLER_DEBIAN_VERSION) in $POPPLER_PREFIX ($(($(date +%s) - started)) s)"
