#!/usr/bin/env bash
# Preprocessed size of a kernel directory, per variant of the tree: what the
# headers of the series (and their macros, expanded) add to every file that
# includes them.  One x86_64 defconfig per variant, 'make prepare', then
# 'make DIR/FILE.i' for every .c file directly in DIR; prints bytes and
# lines of preprocessed source per variant and each variant's ratio to the
# first (code only: line markers and blank lines are not counted).  A
# benchmark, not a test.
#
#   cpp-size.sh [--dir DIR] NAME=REV[:on|:off] ...
#
# REV: a commit of build/linux (KT); on/off sets CONFIG_LIST_NOSPEC (default
# off; a tree without the option ignores it).  DIR defaults to kernel.
# Example: cpp-size.sh pristine=ROOT series-off=HEAD:off series-on=HEAD:on
# (ROOT stands for the pristine root commit).
# Trees and objects: build/cpp/NAME/{src,obj}; table: build/cpp/report.txt.
set -euo pipefail
. "$(dirname "$0")/../../pipeline/lib.sh"

dir=kernel
variants=()
while [ $# -gt 0 ]; do
	case $1 in
	--dir) dir=${2:?--dir needs a directory of the kernel tree}; shift 2 ;;
	-h|--help) sed -n '2,17p' "$0"; exit 0 ;;
	-*) die "unknown option '$1'; usage: cpp-size.sh [--dir DIR] NAME=REV[:on|:off] ..." ;;
	*) variants+=("$1"); shift ;;
	esac
done
[ ${#variants[@]} -ge 1 ] || die "name at least one variant, e.g. 'pristine=ROOT series-on=HEAD:on'"
git -C "$KT" rev-parse --verify -q HEAD >/dev/null 2>&1 || die "no kernel tree at $KT; run 'make tree' first"
root=$(base_commit_of "$KT")
out=$BUILD/cpp
mkdir -p "$out"
report=$out/report.txt
{
	echo "Preprocessed size of $dir/*.c, x86_64 defconfig, $(date -u '+%Y-%m-%d %H:%M UTC')"
	printf '%-14s %-12s %-4s %6s %14s %12s %8s\n' variant commit opt files bytes 'code lines' ratio
} | tee "$report"
first=
for v in "${variants[@]}"; do
	[[ $v =~ ^([A-Za-z0-9_.-]+)=([^:]+)(:(on|off))?$ ]] ||
		die "variant '$v' is not NAME=REV[:on|:off]"
	name=${BASH_REMATCH[1]} rev=${BASH_REMATCH[2]} opt=${BASH_REMATCH[4]:-off}
	[ "$rev" = ROOT ] && rev=$root
	commit=$(git -C "$KT" rev-parse --verify -q "$rev^{commit}") ||
		die "'$rev' is not a commit of $KT"
	src=$out/$name/src obj=$out/$name/obj
	if [ -d "$src" ]; then
		git -C "$src" checkout -q --detach "$commit" ||
			die "cannot check out $rev in $src: remove $out/$name and rerun"
	else
		mkdir -p "$out/$name"
		git -C "$KT" worktree add -q --detach "$src" "$commit" >/dev/null ||
			die "cannot add a worktree of $KT at $src"
	fi
	mkdir -p "$obj"
	mk=(make -s -C "$src" O="$obj" ARCH=x86_64 CC="ccache gcc" HOSTCC="ccache gcc")
	"${mk[@]}" defconfig >"$obj/config.log" 2>&1 || die "make defconfig failed (see $obj/config.log)"
	if [ "$opt" = on ]; then
		"$src/scripts/config" --file "$obj/.config" --enable LIST_NOSPEC
	else
		"$src/scripts/config" --file "$obj/.config" --disable LIST_NOSPEC
	fi
	"${mk[@]}" olddefconfig >>"$obj/config.log" 2>&1 || die "make olddefconfig failed (see $obj/config.log)"
	if [ "$opt" = on ] && ! grep -qx 'CONFIG_LIST_NOSPEC=y' "$obj/.config"; then
		die "$name: CONFIG_LIST_NOSPEC=y did not stick at $rev (a tree without the option?); use :off"
	fi
	"${mk[@]}" -j"$(nproc)" prepare >"$obj/prepare.log" 2>&1 || die "make prepare failed (see $obj/prepare.log)"
	mapfile -t files < <(cd "$src" && ls "$dir"/*.c 2>/dev/null | sed 's/\.c$/.i/')
	[ ${#files[@]} -gt 0 ] || die "no .c files in $src/$dir"
	"${mk[@]}" -k -j"$(nproc)" "${files[@]}" >"$obj/cpp.log" 2>&1 || true
	# Line markers ("# 12 "/path/file.h"") name the source tree, whose path
	# differs per variant: count the code only, and its non-blank lines.
	n=0
	for f in "${files[@]}"; do [ -s "$obj/$f" ] && n=$((n + 1)); done
	read -r bytes lines < <(for f in "${files[@]}"; do [ -s "$obj/$f" ] && cat "$obj/$f"; done |
		awk '!/^# [0-9]/ { b += length($0) + 1; if (NF) l++ } END { print b + 0, l + 0 }')
	[ -n "$first" ] || first=$bytes
	printf '%-14s %-12s %-4s %6d %14d %12d %8.4f\n' "$name" "$(git -C "$KT" rev-parse --short "$commit")" \
		"$opt" "$n" "$bytes" "$lines" "$(echo "$bytes / $first" | bc -l)" | tee -a "$report"
done
note "report: $report"
