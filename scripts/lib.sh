# shellcheck shell=bash
# Common helpers for the nospec-list scripts; source, do not run.

# die MESSAGE: one line on stderr that says what to do, then exit 1.
die() {
	printf '%s: error: %s\n' "${0##*/}" "$*" >&2
	exit 1
}

note() {
	printf '%s: %s\n' "${0##*/}" "$*" >&2
}

# Project root (the directory holding this scripts/ folder).
NOSPEC_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Where things live; every one of them can be overridden from the environment.
: "${KSRC_PKG:=linux-source-6.12}"
: "${KSRC_TARBALL:=/usr/src/linux-source-6.12.tar.xz}"
: "${BUILD:=$NOSPEC_TOP/build}"
: "${KT:=$BUILD/linux}"
: "${PATCHES:=$NOSPEC_TOP/patches}"

# Debian version of the kernel source package, or empty.
ksrc_version() {
	if [ -n "${KSRC_VERSION:-}" ]; then
		printf '%s\n' "$KSRC_VERSION"
		return
	fi
	dpkg-query -W -f='${Version}' "$KSRC_PKG" 2>/dev/null || true
}

# Patch files of the series, in order, one per line (absolute paths).
series_files() {
	local f
	[ -f "$PATCHES/series" ] || return 0
	while read -r f; do
		case "$f" in ''|'#'*) continue ;; esac
		printf '%s\n' "$PATCHES/$f"
	done <"$PATCHES/series"
}
