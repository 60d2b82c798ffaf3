#!/usr/bin/env bash
# Write the work tree's commits (everything above the pristine Debian commit)
# back to patches/ as git format-patch files plus patches/series.
#   export.sh [--to DIR]     write to DIR instead of patches/
set -euo pipefail
. "$(dirname "$0")/lib.sh"

dest=$PATCHES
if [ "${1:-}" = "--to" ]; then
	[ -n "${2:-}" ] || die "usage: export.sh [--to DIR]"
	dest=$2
elif [ $# -gt 0 ]; then
	die "usage: export.sh [--to DIR]"
fi

[ -d "$KT/.git" ] || die "no work tree at $KT: run 'make tree' first"
if [ -n "$(git -C "$KT" status --porcelain --untracked-files=no)" ]; then
	die "$KT has uncommitted changes: commit them (git -C $KT commit), then rerun 'make export'"
fi
# Debian's .gitignore ignores everything at the top level, so a new file is
# invisible to 'git status' until added with 'git add -f'.
new=$(git -C "$KT" status --porcelain --ignored --untracked-files=all | sed -n 's/^[?!][?!] //p' | head -n3 | tr '\n' ' ')
if [ -n "$new" ]; then
	die "$KT has files git does not track (${new% }): 'git -C $KT add -f' and commit them (or delete them), then rerun 'make export'"
fi
base=$(git -C "$KT" rev-list --max-parents=0 HEAD | tail -n1)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Stable output: no commit ids, no git version, so re-exporting an unchanged
# series changes no file.  The subject is kept as it is (-k, no "[PATCH
# n/m]", which 'git format-patch --cover-letter -n' adds when mailing): with
# three-digit numbering most kernel-style subjects would fold onto a second
# header line; without it, one of up to 69 characters stays on one line.
git -C "$KT" format-patch -q --zero-commit --no-signature -k \
	-o "$tmp" "$base"..HEAD
(cd "$tmp" && ls -1 -- *.patch 2>/dev/null || true) >"$tmp/series"

mkdir -p "$dest"
rm -f "$dest"/*.patch
cp "$tmp"/*.patch "$dest"/ 2>/dev/null || true
cp "$tmp/series" "$dest/series"
n=$(grep -c . "$dest/series" || true)
note "exported $n patches to $dest"
