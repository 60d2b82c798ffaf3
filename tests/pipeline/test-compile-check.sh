#!/usr/bin/env bash
# scripts/kbuild_arch.py (which architecture builds a file, from Kbuild) on
# a fixture tree and on real files of build/linux, and compile-check.sh's
# answers to bad input.
set -u
. "$(dirname "$0")/../lib.sh"

K=$PIPELINE/kbuild_arch.py
F=$TOP/tests/pipeline/compile-check
fx() { (cd "$F/tree" && python3 "$K" "$@"); }

run_cmd fx guards . drivers/foo/main.c
check "composite object: guarded by its directory and its obj- line" [ "$out" = "CONFIG_FOO CONFIG_FOO_CORE" ]
run_cmd fx guards . drivers/foo/parts.c
check "object in a list variable used by a composite" [ "$out" = "CONFIG_FOO CONFIG_FOO_CORE" ]
run_cmd fx guards . drivers/foo/sub/extra.c
check "object named from the Makefile above its directory" [ "$out" = "CONFIG_FOO CONFIG_FOO_CORE CONFIG_FOO_EXTRA" ]
run_cmd fx guards . drivers/bar/bar.c
check "two obj- lines: either guard builds it" [ "$out" = "CONFIG_BAR_ANY | CONFIG_BAR_ARM" ]
run_cmd fx guards . drivers/bar/always.c
check "obj-y in an obj-y directory: always built" [ "$out" = "(always)" ]
run_cmd fx pick . drivers/foo/main.c x86_64=../x86_64.config arm=../arm.config
check "pick: x86_64 first when it builds the file" [ "$out" = x86_64 ]
run_cmd fx pick . drivers/foo/sub/extra.c x86_64=../x86_64.config arm=../arm.config
check "pick: the next architecture when x86_64 leaves a guard off" [ "$out" = arm ]
run_cmd fx pick . arch/arm/mach-x/board.c x86_64=../x86_64.config
check "pick: arch/NAME/ files build on NAME" [ "$out" = arm ]
expect_error "a file no Makefile names: one-line error naming it" 'orphan.c: no Makefile names' \
	fx pick . drivers/foo/orphan.c x86_64=../x86_64.config
expect_error "a file no configured arch builds: the missing guard named" \
	'x86_64 lacks CONFIG_FOO_EXTRA' fx pick . drivers/foo/sub/extra.c x86_64=../x86_64.config

# Real files, real Makefiles, real allmodconfigs (generated here once).
KT=$TOP/build/linux
if [ -f "$KT/Makefile" ]; then
	declare -A cross=([x86_64]= [arm]=arm-linux-gnueabi- [powerpc]=powerpc64le-linux-gnu-)
	cfgs=()
	for a in x86_64 arm powerpc; do
		c=$TOP/build/tests/allmodconfig-$a
		if [ ! -f "$c/.config" ] && command -v "${cross[$a]}gcc" >/dev/null; then
			mkdir -p "$c"
			make -s -C "$KT" O="$c" ARCH=$a CROSS_COMPILE="${cross[$a]}" allmodconfig >/dev/null 2>&1
		fi
		[ -f "$c/.config" ] && cfgs+=("$a=$c/.config")
	done
	if [ ${#cfgs[@]} -eq 3 ]; then
		for want in net/core/gro.c:x86_64 drivers/bus/vexpress-config.c:arm \
			drivers/ps3/ps3-vuart.c:powerpc drivers/macintosh/via-pmu.c:powerpc \
			drivers/net/wireguard/selftest/allowedips.c:"x86_64 drivers/net/wireguard/allowedips.c"; do
			f=${want%%:*}
			run_cmd python3 "$K" pick "$KT" "$f" "${cfgs[@]}"
			check "real file $f builds on ${want#*:}" [ "$out" = "${want#*:}" ]
		done
	else
		skip "real files" "a cross compiler is missing; make deps installs them"
	fi
else
	skip "real files" "no build/linux; run 'make tree'"
fi

# pipeline/targets: every file loads (lib.sh target_load), names an ARCH= and
# a compiler package; an allconfig fragment is a file of the kernel tree.
for t in "$PIPELINE"/targets/*; do
	n=$(basename "$t")
	run_cmd bash -c '. "$1/lib.sh" && target_load "$2" && echo "$T_name|$T_arch|$T_gcc_pkg|$T_allconfig"' _ "$PIPELINE" "$n"
	check "target $n loads" [ "$rc" -eq 0 ]
	IFS='|' read -r tn ta tg tc <<<"$out"
	check_sh "target $n: T_name is the file's name, ARCH= and a compiler package set" \
		'[ "$tn" = "$n" ] && [ -n "$ta" ] && [ -n "$tg" ]'
	if [ -n "$tc" ] && [ -f "$TOP/build/linux/Makefile" ]; then
		check "target $n: allconfig $tc is a file of build/linux" [ -f "$TOP/build/linux/$tc" ]
	fi
done
mkdir -p "$T_TMP/top/pipeline/targets"
cp "$PIPELINE/lib.sh" "$T_TMP/top/pipeline/"
printf 'arch=x86\ncolour=red\n' >"$T_TMP/top/pipeline/targets/odd"
expect_error "a target with an unknown key: one-line error naming it" "unknown key 'colour'" \
	bash -c '. "$1/lib.sh" && target_load odd' _ "$T_TMP/top/pipeline"

# pipeline/compile-check.baseline (written by a full run, read by --fast):
# comment lines, "arch TARGET VERSION COMPILER HASH" records naming a
# target, and FILE<TAB>WARNING lines after a record.
B=$PIPELINE/compile-check.baseline
if [ -f "$B" ]; then
	bad=$(awk -F '\t' -v t="$PIPELINE/targets/" '
		/^#/ { next }
		/^arch / { n = split($0, w, " "); rec = 1
			if (n != 5 || system("test -f " t w[2])) print NR ": " $0; next }
		!rec || NF != 2 || $1 == "" || $2 !~ /(warning|error): / { print NR ": " $0 }' "$B")
	check_sh "compile-check.baseline: records name targets, each line FILE<TAB>warning" \
		'[ -z "$bad" ] || { echo "   $(head -n3 <<<"$bad")"; false; }'
	check_sh "compile-check.baseline: one record per target" \
		'[ -z "$(grep "^arch " "$B" | cut -d" " -f2 | sort | uniq -d)" ]'
else
	check "pipeline/compile-check.baseline is there (make compile-check writes it)" false
fi

# compile-check.sh: bad input.
export BUILD=$T_TMP/build KT=$T_TMP/none
expect_error "compile-check: unknown variant" "unknown variant 'hot'" \
	"$PIPELINE/compile-check.sh" --variants hot
expect_error "compile-check: no tree" "no kernel tree at $T_TMP/none: run 'make tree'" \
	"$PIPELINE/compile-check.sh"
if [ -d "$TOP/build/linux/.git" ]; then
	KT=$TOP/build/linux expect_error "compile-check: a file not in the tree" \
		"no/such.c is not a file of" "$PIPELINE/compile-check.sh" no/such.c
fi
finish
