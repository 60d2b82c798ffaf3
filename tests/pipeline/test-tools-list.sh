#!/usr/bin/env bash
# tests/pipeline/tools-list/selftest.c against the project's mirror of the
# nospec iterators (measure/include, in front of the pristine tools/
# of build/linux's root commit), built two ways and run: the classic walks
# and CONFIG_LIST_NOSPEC with the architecture's selects (there is no
# generic version).  User space only.
# shellcheck disable=SC2016,SC2034,SC2154
set -u
. "$(dirname "$0")/../lib.sh"
. "$PIPELINE/lib.sh"

: "${KT:=$TOP/build/linux}"
: "${CC:=gcc}"
SRC=$TOP/tests/pipeline/tools-list

if ! git -C "$KT" rev-parse --verify -q HEAD >/dev/null 2>&1; then
	skip "every build" "no kernel tree at $KT, whose root commit gives the pristine tools/include; run 'make tree'"
	finish
	exit
fi

hdr=$T_TMP/pristine
pristine_tools "$KT" "$hdr" tools/scripts/Makefile.include ||
	{ check "the pristine tools/ extract from $KT's root commit" false; finish; exit; }
mapfile -t inc < <(mirror_cflags "$hdr")

build() {	# build NAME CFLAGS...: compile and run, output in $T_TMP/NAME.out
	local name=$1
	shift
	"$CC" -O2 -Wall -Werror "$@" "${inc[@]}" \
		-o "$T_TMP/$name" "$SRC/selftest.c" >"$T_TMP/$name.cc" 2>&1 || return 2
	"$T_TMP/$name" >"$T_TMP/$name.out" 2>&1
}

# mode_flags MODE: the flags of a build in $flags -- the classic walks or
# the option with the architecture's selects.
mode_flags() {
	case $1 in
	classic) flags=() ;;
	nospec) flags=(-DCONFIG_LIST_NOSPEC) ;;
	esac
}

for mode in classic nospec; do
	mode_flags "$mode"
	build "$mode" "${flags[@]}"
	rc=$?
	check_sh "$mode: builds and every check passes" '[ $rc -eq 0 ]'
	if [ $rc -ne 0 ]; then
		head -n5 "$T_TMP/$mode.cc" 2>/dev/null | sed 's/^/   /'
		grep '^not ok' "$T_TMP/$mode.out" 2>/dev/null | head -n5 | sed 's/^/   /'
	fi
	total=$(sed -n 's/^1\.\.//p' "$T_TMP/$mode.out" 2>/dev/null)
	check_sh "$mode: ran all of its checks" '[ "${total:-0}" -ge 35 ] &&
		[ "$(grep -c "^ok" "$T_TMP/$mode.out")" = "$total" ]'
done
# The option's own checks (NULL as the head) run in the nospec build only.
check_sh "the nospec build runs more checks than the classic one" \
	'[ "$(sed -n "s/^1\.\.//p" "$T_TMP/nospec.out")" -gt "$(sed -n "s/^1\.\.//p" "$T_TMP/classic.out")" ]'

# The warnings the tools build turns on (EXTRA_WARNINGS, with -Wshadow and
# -Wnested-externs), as errors: the walks, nested, must add none of them.
extra=$(sed -n 's/^EXTRA_WARNINGS [+:]= //p' "$hdr/tools/scripts/Makefile.include" | tr '\n' ' ')
for mode in classic nospec; do
	mode_flags "$mode"
	# shellcheck disable=SC2086
	"$CC" -O2 -Wall -Wextra $extra -Werror "${flags[@]}" "${inc[@]}" \
		-c -o "$T_TMP/warnings-$mode.o" "$SRC/warnings.c" \
		>"$T_TMP/warnings-$mode.log" 2>&1
	rc=$?
	check_sh "$mode: the walks add no warning with the tools' EXTRA_WARNINGS" \
		'[ -n "$extra" ] && [ $rc -eq 0 ]'
	[ $rc -eq 0 ] || grep -m3 'error:' "$T_TMP/warnings-$mode.log" | sed 's/^/   /'
done

# The nospec walks really use the architecture's select; the classic ones
# have none.
if [ "$(uname -m)" = x86_64 ]; then
	cmovs() { objdump -d --no-show-raw-insn "$T_TMP/warnings-$1.o" |
		awk '/<w_each>:/ { on = 1; next } on && /^$/ { exit } on' | grep -c $'\tcmov'; }
	check_sh "nospec walks use the CMOV select, the classic ones none" \
		'[ "$(cmovs nospec)" -gt 0 ] && [ "$(cmovs classic)" -eq 0 ]'
fi

# The other architecture's mirror, compiled (not run) with a cross
# compiler where there is one: x86_64 hosts build the arm64 selects, whose
# nospec walks must carry CSEL and CSDB.
case $(uname -m) in
x86_64) xarch=arm64 xcc=aarch64-linux-gnu-gcc xsel=$'\tcsel' xbar=$'\tcsdb' ;;
aarch64) xarch=x86 xcc=x86_64-linux-gnu-gcc xsel=$'\tcmov' xbar=$'\tcmov' ;;
*) xarch='' xcc='' ;;
esac
if [ -z "$xcc" ] || ! command -v "$xcc" >/dev/null; then
	skip "cross builds of the other architecture's mirror" "no cross compiler ${xcc:-for $(uname -m)}"
else
	pristine_tools "$KT" "$hdr" "tools/arch/$xarch/include"
	mapfile -t xinc < <(mirror_cflags "$hdr" "$xarch")
	for mode in classic nospec; do
		mode_flags "$mode"
		# shellcheck disable=SC2086
		"$xcc" -O2 -Wall -Wextra $extra -Werror "${flags[@]}" "${xinc[@]}" \
			-c -o "$T_TMP/x-$mode.o" "$SRC/warnings.c" >"$T_TMP/x-$mode.log" 2>&1 &&
			"$xcc" -O2 -Wall -Werror "${flags[@]}" "${xinc[@]}" \
				-c -o "$T_TMP/x-selftest-$mode.o" "$SRC/selftest.c" >>"$T_TMP/x-$mode.log" 2>&1
		rc=$?
		check_sh "$xarch ($xcc) $mode: selftest.c and warnings.c build without a warning" '[ $rc -eq 0 ]'
		[ $rc -eq 0 ] || grep -m3 'error:' "$T_TMP/x-$mode.log" | sed 's/^/   /'
	done
	xcount() { "${xcc%gcc}objdump" -d --no-show-raw-insn "$T_TMP/x-$1.o" 2>/dev/null |
		awk '/<w_each>:/ { on = 1; next } on && /^$/ { exit } on' | grep -c "$2"; }
	check_sh "$xarch nospec walks use the select (${xsel#?}, ${xbar#?}), the classic ones none" \
		'[ "$(xcount nospec "$xsel")" -gt 0 ] && [ "$(xcount nospec "$xbar")" -gt 0 ] &&
		 [ "$(xcount classic "$xbar")" -eq 0 ]'
fi

# The member type is checked: a walk over a member that is not the list's
# list_head does not compile, in either setting.
for mode in classic nospec; do
	mode_flags "$mode"
	"$CC" -O2 -Wall -Werror "${flags[@]}" "${inc[@]}" -c -o /dev/null \
		"$SRC/fail-member-type.c" >"$T_TMP/member-$mode.log" 2>&1
	rc=$?
	case $mode in
	classic) want='incompatible pointer type' ;;
	nospec) want='negative width in bit-field' ;;
	esac
	check_sh "$mode: a walk over a member of another type does not compile ($want)" \
		'[ $rc -ne 0 ] && grep -m1 "error: " "$T_TMP/member-$mode.log" | grep -q "$want"'
done

# Negative control: one expectation flipped must be reported as a failure.
build broken -DCONFIG_LIST_NOSPEC -DBREAK_ONE
rc=$?
check_sh "a wrong expectation is reported (exit 1, one 'not ok')" \
	'[ $rc -eq 1 ] && [ "$(grep -c "^not ok" "$T_TMP/broken.out")" = 1 ]'

finish
