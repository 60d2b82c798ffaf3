#!/usr/bin/env bash
# Install, with apt-get and only when missing, the Debian packages named on
# the command line.  Works as root without a terminal (CI=true, no stdin).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -gt 0 ] || die "usage: deps.sh PACKAGE..."

missing=()
for p in "$@"; do
	st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	[ "$st" = "install ok installed" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

command -v apt-get >/dev/null ||
	die "missing packages: ${missing[*]}; this needs a Debian 12 machine with apt-get"
[ "$(id -u)" -eq 0 ] ||
	die "missing packages: ${missing[*]}; run as root or 'sudo apt-get install ${missing[*]}'"

mkdir -p "$BUILD"
log=$BUILD/apt.log
note "installing ${missing[*]} (log: $log)"
export DEBIAN_FRONTEND=noninteractive
if ! apt-get update >"$log" 2>&1; then
	die "apt-get update failed (see $log): check the network and /etc/apt/sources.list, then rerun make"
fi
if ! apt-get install -y --no-install-recommends "${missing[@]}" </dev/null >>"$log" 2>&1; then
	die "apt-get install ${missing[*]} failed (see $log): fix apt, then rerun make"
fi
