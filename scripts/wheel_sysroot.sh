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
#   WHEEL_SYSROOT_UPGRADE=1. Debian's absolute -dev symlinks are made relative (see below).
# - Built from Debian 12's source packages, at the versions the build machine's Debian 12 has
#   (so that the wheel's executable reads and draws as `make release`'s does), by the tree's
#   GCC 10 with Debian's compiler flags (dpkg-buildflags), installed in /opt/pageinfo-built there:
#   - FreeType 2.12.1: bullseye's 2.10.4 anti-aliases glyph edges differently (1 level on a few
#     pixels of each page with text: measured on the fixtures and the corpus, and gone with
#     2.12.1); Debian's configure options (--without-bzip2 --without-harfbuzz).
#   - Fontconfig 2.14.1: it chooses the fonts of the fonts a PDF names but does not embed, from
#     the system's configuration (/etc/fonts) and cache (/var/cache/fontconfig), which 2.14's
#     are on current systems (bullseye's 2.13.1 warns of their elements on stderr and keeps
#     caches of its own format), and it needs no libuuid; Debian's paths and options
#     (--sysconfdir=/etc --localstatedir=/var, the default and added font folders).
#   - Poppler 22.12.0: bullseye's own (20.09) is older than pageinfo supports; Debian's options
#     for the core library (debian/rules: lcms2, openjpeg2, the unstable headers). Left out, as
#     pageinfo does not use them: the glib, Qt, C++ wrappers and utilities, NSS (signatures),
#     libcurl, Boost (a container of the Splash scanner: speed only), Cairo and libtiff
#     (goo/TiffWriter and SplashBitmap::writeImgFile only: pageinfo writes its own PNG).
#   Each source is its .dsc (SHA-256 pinned below) and the files it lists, downloaded from
#   Debian's pool into $WHEEL_SYSROOT/usr/src/pageinfo-built once and unpacked with
#   `dpkg-source -x` in the tree (which checks them against the .dsc and applies Debian's
#   patches). A library is rebuilt only when its source, its options or the tree's packages
#   change (a stamp beside it). The copyright file and where the source is are written to
#   /opt/pageinfo-built/share/doc/NAME/ for scripts/build_wheel.sh.
# - Prints the tree's path, its glibc and the built versions at the end.
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
# dpkg-dev dpkg-source and dpkg-buildflags; libbrotli-dev and libpng-dev are FreeType's,
# libexpat1-dev, gperf and python3 Fontconfig's.
SYSROOT_PACKAGES="g++ make cmake pkg-config dpkg-dev libbrotli-dev libexpat1-dev gperf python3
libjpeg62-turbo-dev libopenjp2-7-dev liblcms2-dev libpng-dev zlib1g-dev"

PREFIX=/opt/pageinfo-built
SRC=/usr/src/pageinfo-built
# NAME VERSION POOL SHA256-OF-THE-.dsc: Debian 12's source packages, in the order they are built
# (security updates are in the security archive's pool). A new version: its .dsc's sum here.
SOURCES="freetype 2.12.1+dfsg-5+deb12u4 $SECURITY_MIRROR/pool/updates/main/f/freetype eead829b4bc79107e8e79c4da006110dffe264f9d48b3ba02f76cf7e84b64389
fontconfig 2.14.1-4 $MIRROR/pool/main/f/fontconfig 8bb59d9c96ff8ef77df06dc65273fa398bf248f7e2448a8314989ec01ce74a58
poppler 22.12.0-2+deb12u3 $SECURITY_MIRROR/pool/updates/main/p/poppler 528b0d841a807314275f4031a51ab38810d22b7adeb73cdd1b1d8e3e059b3152"
FREETYPE_OPTIONS="--without-bzip2 --without-harfbuzz --disable-static"
FONTCONFIG_OPTIONS="--sysconfdir=/etc --localstatedir=/var --with-default-fonts=/usr/share/fonts
--with-add-fonts=/usr/local/share/fonts --with-templatedir=/usr/share/fontconfig/conf.avail
--with-xmldir=/usr/share/xml/fontconfig --disable-docs --disable-static"
# Debian's options for the core library (debian/rules) and the parts turned off (see above).
POPPLER_OPTIONS="-DENABLE_UNSTABLE_API_ABI_HEADERS=ON -DENABLE_CMS=lcms2 -DENABLE_LIBOPENJPEG=openjpeg2
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
packages_sum=$(sha256sum <"$R/var/lib/dpkg/status" | cut -c1-16)

# 2. The sources: each .dsc, checked, and the files it lists, checked against it.
dsc_files() { awk '/^Checksums-Sha256:/{on=1; next} /^[^ ]/{on=0} on{print $3}' "$1"; }
mkdir -p "$R$SRC"
while read -r name version pool sum; do
    dsc=${name}_$version.dsc
    if [ ! -f "$R$SRC/$dsc" ]; then
        echo "wheel-sysroot: downloading $pool/$dsc"
        curl -fsS -o "$R$SRC/$dsc.part" "$pool/$dsc" || fail "cannot download $pool/$dsc (set WHEEL_SYSROOT_SECURITY_MIRROR to a mirror that has it, e.g. https://snapshot.debian.org/archive/debian-security/DATE)"
        mv "$R$SRC/$dsc.part" "$R$SRC/$dsc"
    fi
    echo "$sum  $R$SRC/$dsc" | sha256sum --quiet -c - || fail "$R$SRC/$dsc is not the .dsc whose SHA-256 this script pins"
    for f in $(dsc_files "$R$SRC/$dsc"); do
        [ -f "$R$SRC/$f" ] && continue
        echo "wheel-sysroot: downloading $pool/$f"
        curl -fsS -o "$R$SRC/$f.part" "$pool/$f" || fail "cannot download $pool/$f"
        mv "$R$SRC/$f.part" "$R$SRC/$f"
    done
    awk '/^Checksums-Sha256:/{on=1; next} /^[^ ]/{on=0} on{print $1 "  " $3}' "$R$SRC/$dsc" \
        | (cd "$R$SRC" && sha256sum --quiet -c -) || fail "the files of $R$SRC/$dsc do not match its SHA-256 sums"
done <<<"$SOURCES"

# 3. Each library, built and installed inside the tree unless this very build is there. A
# rebuilt library rebuilds the ones after it (each stamp holds the previous one's).
# (--no-check: the files were checked above; the tree has no keyring for the signature)
unpack() { # name version: the source tree in $SRC/build/NAME, Debian's patches applied
    IN "cd $SRC && rm -rf build && mkdir build && dpkg-source --no-check -x ${1}_$2.dsc build/$1 >build/$1-unpack.log 2>&1" \
        || { cat "$R$SRC/build/$1-unpack.log" >&2; fail "dpkg-source -x ${1}_$2.dsc failed"; }
}
# Debian's flags (hardening, -O2), as its package build sets them; no debug information.
FLAGS='export DEB_CFLAGS_MAINT_STRIP=-g DEB_CXXFLAGS_MAINT_STRIP=-g; eval "$(dpkg-buildflags --export=sh)"'
previous_stamp=""
while read -r name version pool sum; do
    case $name in
        freetype) options=$FREETYPE_OPTIONS ;;
        fontconfig) options=$FONTCONFIG_OPTIONS ;;
        poppler) options=$POPPLER_OPTIONS ;;
    esac
    stamp="$name $version $sum $(echo $options) $packages_sum | $previous_stamp"
    previous_stamp=$stamp
    doc=$R$PREFIX/share/doc/$name
    if [ "$(cat "$doc/.pageinfo-build" 2>/dev/null)" != "$stamp" ]; then
        echo "wheel-sysroot: building $name $version in $R (minutes) ..."
        unpack "$name" "$version"
        case $name in
            freetype)
                # (hardening=+all: debian/rules says so; configure's own files, as shipped)
                IN "set -e; cd $SRC/build/freetype; export DEB_BUILD_MAINT_OPTIONS=hardening=+all; $FLAGS
                    ./configure --prefix=$PREFIX --libdir=$PREFIX/lib $(echo $options) >../freetype-configure.log 2>&1 || { tail -30 ../freetype-configure.log; exit 1; }
                    make -j\$(nproc) >../freetype-make.log 2>&1 || { tail -40 ../freetype-make.log; exit 1; }
                    make install >../freetype-install.log 2>&1
                    strip --strip-unneeded $PREFIX/lib/libfreetype.so.*.*" || fail "the FreeType build failed (logs in $R$SRC)"
                ;;
            fontconfig)
                # (the library, its headers and its .pc only: its configuration files are the
                # running system's, in /etc/fonts)
                IN "set -e; cd $SRC/build/fontconfig; $FLAGS
                    export PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig
                    ./configure --prefix=$PREFIX --libdir=$PREFIX/lib $(echo $options) >../fontconfig-configure.log 2>&1 || { tail -30 ../fontconfig-configure.log; exit 1; }
                    make -j\$(nproc) >../fontconfig-make.log 2>&1 || { tail -40 ../fontconfig-make.log; exit 1; }
                    make install DESTDIR=$SRC/build/fontconfig-root >../fontconfig-install.log 2>&1
                    rm -rf $PREFIX/include/fontconfig $PREFIX/lib/libfontconfig.* $PREFIX/lib/pkgconfig/fontconfig.pc
                    cp -a $SRC/build/fontconfig-root$PREFIX/include/fontconfig $PREFIX/include/
                    cp -a $SRC/build/fontconfig-root$PREFIX/lib/libfontconfig.so* $PREFIX/lib/
                    cp -a $SRC/build/fontconfig-root$PREFIX/lib/pkgconfig/fontconfig.pc $PREFIX/lib/pkgconfig/
                    strip --strip-unneeded $PREFIX/lib/libfontconfig.so.*.*
                    ! objdump -p $PREFIX/lib/libfontconfig.so.*.* | grep -q 'NEEDED.*libuuid'" || fail "the Fontconfig build failed (logs in $R$SRC/build)"
                ;;
            poppler)
                # (CMAKE_PREFIX_PATH and PKG_CONFIG_PATH: the FreeType and Fontconfig above)
                IN "set -e; cd $SRC/build && rm -rf poppler-build && mkdir poppler-build && cd poppler-build; $FLAGS
                    export PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig
                    cmake ../poppler -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=$PREFIX \
                        -DCMAKE_C_FLAGS_RELEASE=\"\$CFLAGS \$CPPFLAGS\" -DCMAKE_CXX_FLAGS_RELEASE=\"\$CXXFLAGS \$CPPFLAGS\" \
                        -DCMAKE_INSTALL_PREFIX=$PREFIX -DCMAKE_INSTALL_LIBDIR=lib $(echo $options) >../poppler-cmake.log 2>&1 \
                        || { tail -40 ../poppler-cmake.log; exit 1; }
                    make -j\$(nproc) >../poppler-make.log 2>&1 || { tail -40 ../poppler-make.log; exit 1; }
                    rm -rf $PREFIX/include/poppler $PREFIX/lib/libpoppler.* $PREFIX/lib/pkgconfig/poppler.pc
                    make install >../poppler-install.log 2>&1
                    strip --strip-unneeded $PREFIX/lib/libpoppler.so.*.*
                    grep -qx 'FREETYPE_INCLUDE_DIR_ft2build:PATH=$PREFIX/include/freetype2' CMakeCache.txt \
                        || { echo 'Poppler was configured with another FreeType than the one built here' >&2; exit 1; }
                    grep -q '^FONTCONFIG_INCLUDE_DIR.*=$PREFIX/include' CMakeCache.txt \
                        || { echo 'Poppler was configured with another Fontconfig than the one built here' >&2; exit 1; }" \
                    || fail "the Poppler build failed (logs in $R$SRC/build)"
                ;;
        esac
        # What the wheel's license files say of it (scripts/build_wheel.sh reads them): Debian's
        # copyright file of the source, and where the source is.
        mkdir -p "$doc"
        cp "$R$SRC/build/$name/debian/copyright" "$doc/copyright"
        {
            echo "source_package=$name"
            echo "debian_version=$version"
            echo "pool=$pool"
            echo "directory=$SRC"
            echo "dsc=${name}_$version.dsc"
            echo "files=\"${name}_$version.dsc $(dsc_files "$R$SRC/${name}_$version.dsc" | tr '\n' ' ' | sed 's/ $//')\""
            echo "libraries=\"$(cd "$R$PREFIX/lib" && find . -maxdepth 1 -type f -name "lib$name.so.*" -printf '%f ' | sed 's/ $//')\""
            echo "patches=\"$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$R$SRC/build/$name/debian/patches/series" | tr '\n' ' ' | sed 's/ $//')\""
            echo "options=\"$(echo $options)\""
            echo "compiler=\"$(IN 'g++ --version | head -1')\""
        } >"$doc/SOURCE"
        # shellcheck disable=SC2046
        (cd "$R$SRC" && sha256sum "${name}_$version.dsc" $(dsc_files "${name}_$version.dsc")) >"$doc/SHA256SUMS"
        rm -rf "${R:?}$SRC/build"
        echo "$stamp" >"$doc/.pageinfo-build"
    fi
done <<<"$SOURCES"

# The build machine's versions, which `make python-wheel-check` compares the wheel with.
for p in libfreetype6:freetype libfontconfig1:fontconfig libpoppler126:poppler; do
    host=$(dpkg-query -W -f='${Version}' "${p%%:*}" 2>/dev/null || true)
    built=$(sed -n 's/^debian_version=//p' "$R$PREFIX/share/doc/${p#*:}/SOURCE")
    [ -z "$host" ] || [ "$host" = "$built" ] \
        || echo "wheel-sysroot: note: this machine has ${p%%:*} $host, the wheel's ${p#*:} is $built: python-wheel-check compares the two" >&2
done
echo "wheel-sysroot: $R ready: $(IN 'ldd --version | head -1'); built in $PREFIX: $(for n in $(cut -d' ' -f1 <<<"$SOURCES"); do printf '%s %s, ' "$n" "$(sed -n 's/^debian_version=//p' "$R$PREFIX/share/doc/$n/SOURCE")"; done)($(($(date +%s) - started)) s)"
