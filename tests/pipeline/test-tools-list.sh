#!/usr/bin/env bash
# tests/pipeline/tools-list/selftest.c against the series' tools/include/linux/list.h
# (the commit checked out in build/linux), built three ways: the classic
# walks, CONFIG_LIST_NOSPEC with the architecture's selects, and
# CONFIG_LIST_NOSPEC with the generic selects (an empty asm/barrier.h in
# front) -- the only run of the generic select_nospec*(), which x86_64 and
# arm64 both override in the kernel.  User space only.
# shellcheck disable=SC2016,SC2034,SC2154
set -u
. "$(dirname "$0")/../lib.sh"

: "${KT:=$TOP/build/linux}"
: "${CC:=gcc}"
SRC=$TOP/tests/pipeline/tools-list

if ! git -C "$KT" rev-parse --verify -q HEAD >/dev/null 2>&1; then
	skip "every build" "no kernel tree at $KT; run 'make tree'"
	finish
	exit
fi

hdr=$T_TMP/series
mkdir -p "$hdr"
git -C "$KT" archive HEAD tools/include tools/arch tools/scripts/Makefile.include | tar -x -C "$hdr"
arch_inc=$hdr/tools/arch/$(uname -m | sed 's/x86_64/x86/; s/aarch64/arm64/')/include

build() {	# build NAME CFLAGS...: compile and run, output in $T_TMP/NAME.out
	local name=$1
	shift
	"$CC" -O2 -Wall -Werror "$@" -I"$hdr/tools/include" -I"$arch_inc" \
		-o "$T_TMP/$name" "$SRC/selftest.c" >"$T_TMP/$name.cc" 2>&1 || return 2
	"$T_TMP/$name" >"$T_TMP/$name.out" 2>&1
}

# mode_flags MODE: the flags of a build in $flags -- the classic walks, the
# option with the architecture's selects, the option with the generic ones.
mode_flags() {
	case $1 in
	vanilla) flags=() ;;
	arch) flags=(-DCONFIG_LIST_NOSPEC) ;;
	generic) flags=(-DCONFIG_LIST_NOSPEC -I"$SRC/generic") ;;
	esac
}

for mode in vanilla arch generic; do
	mode_flags "$mode"
	build "$mode" "${flags[@]}"
	rc=$?
	check_sh "$mode: builds and every check passes" '[ $rc -eq 0 ]'
	if [ $rc -ne 0 ]; then
		head -n5 "$T_TMP/$mode.cc" 2>/dev/null | sed 's/^/   /'
		grep '^not ok' "$T_TMP/$mode.out" 2>/dev/null | head -n5 | sed 's/^/   /'
	fi
	total=$(sed -n 's/^1\.\.//p' "$T_TMP/$mode.out" 2>/dev/null)
	check_sh "$mode: ran all of its checks" '[ "${total:-0}" -ge 20 ] &&
		[ "$(grep -c "^ok" "$T_TMP/$mode.out")" = "$total" ]'
done

# The warnings the tools build turns on (EXTRA_WARNINGS, with -Wshadow and
# -Wnested-externs), as errors: the walks, nested, must add none of them.
extra=$(sed -n 's/^EXTRA_WARNINGS [+:]= //p' "$hdr/tools/scripts/Makefile.include" | tr '\n' ' ')
for mode in vanilla arch generic; do
	mode_flags "$mode"
	# shellcheck disable=SC2086
	"$CC" -O2 -Wall -Wextra $extra -Werror "${flags[@]}" -I"$hdr/tools/include" \
		-I"$arch_inc" -c -o "$T_TMP/warnings-$mode.o" "$SRC/warnings.c" \
		>"$T_TMP/warnings-$mode.log" 2>&1
	rc=$?
	check_sh "$mode: the walks add no warning with the tools' EXTRA_WARNINGS" \
		'[ -n "$extra" ] && [ $rc -eq 0 ]'
	[ $rc -eq 0 ] || grep -m3 'error:' "$T_TMP/warnings-$mode.log" | sed 's/^/   /'
done

# The generic build must really use the generic selects: without the
# architecture's asm, its walks carry no CMOV of ours, the arch build's do.
if [ "$(uname -m)" = x86_64 ]; then
	cmovs() { objdump -d --no-show-raw-insn "$T_TMP/$1" | grep -c $'\tcmov'; }
	check_sh "generic build does not use the x86 CMOV selects" \
		'[ "$(cmovs generic)" -lt "$(cmovs arch)" ]'
fi

# Negative control: one expectation flipped must be reported as a failure.
build broken -DCONFIG_LIST_NOSPEC -DBREAK_ONE
rc=$?
check_sh "a wrong expectation is reported (exit 1, one 'not ok')" \
	'[ $rc -eq 1 ] && [ "$(grep -c "^not ok" "$T_TMP/broken.out")" = 1 ]'

finish
