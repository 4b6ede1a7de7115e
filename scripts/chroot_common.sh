# SPDX-License-Identifier: Apache-2.0
# Sourced by scripts/poppler_compat.sh and scripts/wheel_check.sh (bash): the Debian mirror this
# machine uses, and bind mounts into a chroot that are all undone on exit, whatever happens.
#
#   debian_mirror                 prints the first non-security mirror of /etc/apt (deb822 or
#                                 one-line sources), or nothing
#   chroot_mounts NAME ROOT       installs the exit trap: unmount every bind in reverse order,
#                                 then fail (exit 1, naming NAME) if any mount is left under ROOT
#   bind SOURCE TARGET [ro]       mkdir TARGET, bind-mount SOURCE there (read-only with ro)
#   chroot_bootstrap NAME SUITE WORK ROOT MIRROR
#                                 debootstrap minbase SUITE into ROOT unless a finished one is
#                                 there (ROOT/.pageinfo-ready, which the caller touches once its
#                                 own packages are in); installs debootstrap when missing
#   bind_kernel_filesystems ROOT  /proc, /dev, /dev/pts and /sys into ROOT

debian_mirror() {
    { awk '/^URIs:/{print $2}' /etc/apt/sources.list.d/*.sources 2>/dev/null
      awk '$1=="deb"{print $2}' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null; } \
        | grep -v security | head -1 || true
}

MOUNTS=()
chroot_mounts() {
    CHROOT_NAME=$1 CHROOT_ROOT=$2
    trap chroot_cleanup EXIT INT TERM HUP PIPE
}

chroot_cleanup() {
    local status=$?
    for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do
        umount "${MOUNTS[i]}" 2>/dev/null || umount -l "${MOUNTS[i]}" 2>/dev/null || true
    done
    if [[ $(mount) == *" $CHROOT_ROOT/"* ]]; then
        echo "$CHROOT_NAME: mounts are left under $CHROOT_ROOT:" >&2; mount | grep -F " $CHROOT_ROOT/" >&2
        status=1
    fi
    exit $status
}

bind() { # source target [ro]
    mkdir -p "$2"
    mount --bind "$1" "$2"
    MOUNTS+=("$2")
    if [ "${3:-}" = ro ]; then mount -o remount,ro,bind "$2"; fi
}

chroot_bootstrap() { # name suite work root mirror
    [ -f "$4/.pageinfo-ready" ] && return 0
    command -v debootstrap >/dev/null || { apt-get update -qq; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }
    # (Never through a mount a killed run left behind: /proc, /dev, the toolchain.)
    if [[ $(mount) == *" $4/"* ]]; then
        echo "$1: something is still mounted under $4 (mount | grep $4): unmount it, then run again" >&2; exit 1
    fi
    rm -rf --one-file-system "$4"
    mkdir -p "$3"
    echo "$1: debootstrap --variant=minbase $2 from $5 into $4 ..."
    debootstrap --variant=minbase "$2" "$4" "$5" >/dev/null
}

bind_kernel_filesystems() { # root
    bind /proc "$1/proc"
    bind /dev "$1/dev"
    bind /dev/pts "$1/dev/pts"
    bind /sys "$1/sys"
}
