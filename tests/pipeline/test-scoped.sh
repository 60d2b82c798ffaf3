#!/usr/bin/env bash
# The loop-scoped iterators (_scoped) of the project's mirror of the nospec
# iterators (measure/include/linux/list.h, in front of the pristine tools/
# of build/linux's root commit), which mirrors include/linux/list.h: the
# files in tests/pipeline/scoped/ are compiled with gcc and clang, the
# classic and the CONFIG_LIST_NOSPEC walks.  ok-*.c must build without a
# warning; run-*.c must build and run to exit 0; every fail-*.c must fail,
# and with the error its first line names ("// expect: REGEX"), reported
# at a line of that file -- a non-zero exit alone proves nothing (a missing
# macro fails too, for another reason: the negative control below), so the
# first error must say why.  User space only.
# shellcheck disable=SC2016,SC2034,SC2154
set -u
. "$(dirname "$0")/../lib.sh"
. "$PIPELINE/lib.sh"

: "${KT:=$TOP/build/linux}"
SRC=$TOP/tests/pipeline/scoped

if ! git -C "$KT" rev-parse --verify -q HEAD >/dev/null 2>&1; then
	skip "every build" "no kernel tree at $KT, whose root commit gives the pristine tools/include; run 'make tree'"
	finish
	exit
fi

pristine=$T_TMP/pristine
pristine_tools "$KT" "$pristine" ||
	{ check "the pristine tools/ extract from $KT's root commit" false; finish; exit; }
mapfile -t mirror_inc < <(mirror_cflags "$pristine")
mapfile -t pristine_inc < <(mirror_cflags "$pristine" | grep -vF -- "-I$MIRROR")

compilers=(gcc)
if command -v clang >/dev/null; then
	compilers+=(clang)
else
	skip "clang builds" "clang is not installed (apt-get install clang)"
fi

# cc COMPILER HEADERS FILE LOG [FLAGS...]: compile FILE against the mirror
# (HEADERS mirror) or the pristine tools/ alone (pristine), messages to LOG.
cc() {
	local c=$1 h=$2 f=$3 log=$4
	local -n inc=${h}_inc
	shift 4
	LC_ALL=C "$c" -O2 -Wall -Wextra -Werror "$@" -I"$SRC" "${inc[@]}" \
		-c -o /dev/null "$f" >"$log" 2>&1
}

# run COMPILER FILE LOG INCLUDE-ARRAY [FLAGS...]: build FILE into a program
# against the -I options in the array named INCLUDE-ARRAY and run it;
# messages and output to LOG.
run() {
	local c=$1 f=$2 log=$3
	local -n inc=$4
	shift 4
	LC_ALL=C "$c" -O2 -Wall -Wextra -Werror "$@" -I"$SRC" "${inc[@]}" \
		-o "$log.bin" "$f" >"$log" 2>&1 && "$log.bin" >>"$log" 2>&1
}

# names_error FILE LOG: the compiler's first error matches FILE's
# "// expect:" regex, and the messages point at a line of FILE (the error
# itself, or gcc's "in expansion of macro" note for one inside a header).
names_error() {
	local f=$1 log=$2 want
	want=$(sed -n '1s|^// expect: ||p' "$f")
	[ -n "$want" ] &&
		grep -m1 'error: ' "$log" | grep -qE "$want" &&
		grep -qE "(^|/)$(basename "$f"):[0-9]+:" "$log"
}

for c in "${compilers[@]}"; do
	for opt in classic nospec; do
		flags=()
		[ $opt = nospec ] && flags=(-DCONFIG_LIST_NOSPEC)
		for f in "$SRC"/ok-*.c; do
			n=$(basename "$f" .c)
			cc "$c" mirror "$f" "$T_TMP/$n.log" "${flags[@]}"
			rc=$?
			check_sh "$c $opt: $n builds without a warning" '[ $rc -eq 0 ]'
			[ $rc -eq 0 ] || grep -m2 -E 'error|warning' "$T_TMP/$n.log" | sed 's/^/   /'
		done
		for f in "$SRC"/run-*.c; do
			n=$(basename "$f" .c)
			run "$c" "$f" "$T_TMP/$n-$c-$opt.log" mirror_inc "${flags[@]}"
			rc=$?
			check_sh "$c $opt: $n builds and passes ($(sed -n '1s|^// run: ||p' "$f"))" '[ $rc -eq 0 ]'
			[ $rc -eq 0 ] || grep -m3 -E 'error|warning|not ok' "$T_TMP/$n-$c-$opt.log" | sed 's/^/   /'
		done
		for f in "$SRC"/fail-*.c; do
			n=$(basename "$f" .c)
			cc "$c" mirror "$f" "$T_TMP/$n.log" "${flags[@]}"
			rc=$?
			check_sh "$c $opt: $n fails to build, saying why ($(sed -n '1s|^// expect: ||p' "$f"))" \
				'[ $rc -ne 0 ] && names_error "$f" "$T_TMP/$n.log"'
			if [ $rc -eq 0 ]; then
				echo "   it built"
			elif ! names_error "$f" "$T_TMP/$n.log"; then
				grep -m2 'error' "$T_TMP/$n.log" | sed 's/^/   /'
			fi
		done
	done
done

# Negative control: against the pristine headers (no _scoped macros) the
# same file fails too, but for another reason, and the check says so.
f=$SRC/fail-use-after-loop.c
cc gcc pristine "$f" "$T_TMP/control.log"
rc=$?
check_sh "control: pristine headers fail fail-use-after-loop.c for another reason, which the check rejects" \
	'[ $rc -ne 0 ] && ! names_error "$f" "$T_TMP/control.log"'

# Negative control: a mirror whose _scoped forms hand the walk @head as
# written, evaluated where the cursor already exists, walks the new
# cursor's children instead of the outer variable's: run-outer-names.c
# must catch it.
broken=$T_TMP/broken
mkdir -p "$broken/linux"
sed 's/walk(pos, hv, member)/walk(pos, head, member)/g' "$MIRROR/linux/list.h" >"$broken/linux/list.h"
mapfile -t broken_inc < <(echo "-I$broken"; printf '%s\n' "${mirror_inc[@]}")
f=$SRC/run-outer-names.c
run gcc "$f" "$T_TMP/broken.log" broken_inc -DCONFIG_LIST_NOSPEC 2>/dev/null	# it may crash
rc=$?
check_sh "control: scoped forms that read @head inside the cursor's scope fail run-outer-names.c" \
	'! cmp -s "$MIRROR/linux/list.h" "$broken/linux/list.h" && [ $rc -ne 0 ]'

finish
