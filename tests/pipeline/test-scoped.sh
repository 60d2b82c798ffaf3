#!/usr/bin/env bash
# The loop-scoped iterators (_scoped) of the series' tools/include/linux/list.h
# (the commit checked out in build/linux), which mirrors include/linux/list.h:
# the files in tests/pipeline/scoped/ are compiled with gcc and clang, the
# classic and the CONFIG_LIST_NOSPEC walks.  ok-*.c must build without a
# warning; every fail-*.c must fail, and with the error its first line
# names ("// expect: REGEX"), reported at a line of that file -- a non-zero
# exit alone proves nothing (a missing macro fails too, for another
# reason: the negative control below), so the first error must say why.  User space only.
# shellcheck disable=SC2016,SC2034,SC2154
set -u
. "$(dirname "$0")/../lib.sh"

: "${KT:=$TOP/build/linux}"
SRC=$TOP/tests/pipeline/scoped

if ! git -C "$KT" rev-parse --verify -q HEAD >/dev/null 2>&1; then
	skip "every build" "no kernel tree at $KT; run 'make tree'"
	finish
	exit
fi
if ! git -C "$KT" grep -q 'define list_for_each_entry_scoped' HEAD -- tools/include/linux/list.h; then
	skip "every build" "$KT has no _scoped iterators in tools/include/linux/list.h; update the series and run 'make tree'"
	finish
	exit
fi

hdr=$T_TMP/series
mkdir -p "$hdr"
git -C "$KT" archive HEAD tools/include tools/arch | tar -x -C "$hdr"
arch_inc=$hdr/tools/arch/$(uname -m | sed 's/x86_64/x86/; s/aarch64/arm64/')/include
root=$(git -C "$KT" rev-list --max-parents=0 HEAD | tail -n1)
pristine=$T_TMP/pristine
mkdir -p "$pristine"
git -C "$KT" archive "$root" tools/include tools/arch | tar -x -C "$pristine"

compilers=(gcc)
if command -v clang >/dev/null; then
	compilers+=(clang)
else
	skip "clang builds" "clang is not installed (apt-get install clang)"
fi

# cc COMPILER HEADERS FILE LOG [FLAGS...]: compile FILE, messages to LOG.
cc() {
	local c=$1 h=$2 f=$3 log=$4
	shift 4
	LC_ALL=C "$c" -O2 -Wall -Wextra -Werror "$@" -I"$SRC" -I"$h/tools/include" \
		-I"${arch_inc/$hdr/$h}" -c -o /dev/null "$f" >"$log" 2>&1
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
			cc "$c" "$hdr" "$f" "$T_TMP/$n.log" "${flags[@]}"
			rc=$?
			check_sh "$c $opt: $n builds without a warning" '[ $rc -eq 0 ]'
			[ $rc -eq 0 ] || grep -m2 -E 'error|warning' "$T_TMP/$n.log" | sed 's/^/   /'
		done
		for f in "$SRC"/fail-*.c; do
			n=$(basename "$f" .c)
			cc "$c" "$hdr" "$f" "$T_TMP/$n.log" "${flags[@]}"
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
cc gcc "$pristine" "$f" "$T_TMP/control.log"
rc=$?
check_sh "control: pristine headers fail fail-use-after-loop.c for another reason, which the check rejects" \
	'[ $rc -ne 0 ] && ! names_error "$f" "$T_TMP/control.log"'

finish
