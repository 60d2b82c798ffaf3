#!/usr/bin/env bash
# measure/poc/poc.sh, short run: the series' iterators must not leak above
# chance while the classic bounds-check bypass (the calibration) leaks.
# User space only.  See docs/poc.md for the statistics.
#
# When the calibration shows no leakage (or flush+reload cannot time), the
# measurement tests are SKIPped: the CPU cannot show anything.  When the
# calibration leaks but the vanilla list_for_each_entry*() walks do not,
# that is a FAIL, not a SKIP: the CPU demonstrably leaks in this very run,
# so a vanilla gadget that does not means the PoC itself is broken
# (training, gadget, compiler output), and the nospec "no leak" would then
# prove nothing; skipping would hide that forever.
#
# check_sh evaluates its single-quoted conditions here, and run_cmd sets
# rc/out/err: hence the shellcheck exceptions.
# shellcheck disable=SC2016,SC2034,SC2154
set -u
. "$(dirname "$0")/../lib.sh"

P=$MEASURE/poc/poc.sh
: "${KT:=$TOP/build/linux}"
export KT BUILD=$T_TMP/build	# never write into the project's build/

expect_error "unknown option: one-line error" "unknown option '--frob'" bash "$P" --frob
expect_error "non-numeric --bytes: one-line error" "not a number" bash "$P" --bytes many
expect_error "out-of-range --trials: one-line error" "--trials must be" bash "$P" --trials 0
expect_error "no kernel tree: says to run make tree" "run 'make tree'" \
	env KT="$T_TMP/nowhere" bash "$P" --short
if [ "$(uname -m)" = x86_64 ] && git -C "$KT" rev-parse --verify -q HEAD >/dev/null 2>&1; then
	expect_error "--mirror not a directory: one-line error" "is no directory" \
		bash "$P" --short --mirror "$T_TMP/nowhere"
fi

LIST_VARIANTS="list_for_each_entry list_for_each_entry_safe list_for_each_entry_reverse"
ALL_VARIANTS="$LIST_VARIANTS hlist_for_each_entry"
MEASURE_TESTS="measurement runs"

row() {	# row RAW VARIANT BUILD FIELD: FIELD (tried got seen of cmov jcc) of a row
	awk -v v="$2" -v b="$3" -v f="$4" '$1 == "raw" && $2 == "row" && $3 == v && $4 == b {
		split("tried got seen of cmov jcc", n, " ")
		for (i = 1; i <= 6; i++) if (n[i] == f) { x = $(4 + i); sub(/^[a-z]+=/, "", x); print x }
		exit }' "$1"
}
ceiling() { awk '$1 == "raw" && $2 == "ceiling" { print $4; exit }' "$1"; }

# The measurement tests, by name, for skip_all.
measure_tests() {
	local v
	echo "$MEASURE_TESTS"
	for v in $LIST_VARIANTS; do echo "vanilla $v leaks (the PoC works)"; done
	for v in $ALL_VARIANTS; do echo "nospec $v stays at chance"; done
	for v in $LIST_VARIANTS; do echo "nospec $v: exit still mispredicted"; done
	echo "nospec walks use CMOV"
	echo "negative control: a vanilla 'nospec' build is caught leaking"
}

if [ "$(uname -m)" != x86_64 ]; then
	measure_tests | skip_all "the PoC is x86_64 only"
	finish
	exit
fi
if ! git -C "$KT" rev-parse --verify -q HEAD >/dev/null 2>&1; then
	measure_tests | skip_all "no kernel tree at $KT; run 'make tree'"
	finish
	exit
fi

raw=$T_TMP/raw
run_cmd bash "$P" --short --raw "$raw"
if [ "$rc" -ne 0 ] || [ ! -s "$raw" ]; then
	check "$MEASURE_TESTS" false
	printf '   rc=%s stderr: %s\n' "$rc" "$err" | head -n5
	finish
	exit
fi
if grep -q '^raw skip timing' "$raw"; then
	measure_tests | skip_all "flush+reload cannot time on this CPU"
	finish
	exit
fi
if grep -q '^raw skip calibration' "$raw"; then
	measure_tests | skip_all "no transient leakage observable on this CPU (calibration at chance)"
	finish
	exit
fi
check "$MEASURE_TESTS" true
ceil=$(ceiling "$raw")
printf '%s\n' "$out" | sed 's/^/   /'

for v in $LIST_VARIANTS; do
	got=$(row "$raw" "$v" vanilla got)
	check_sh "vanilla $v leaks (the PoC works)" '[ "${got:-0}" -ge "$ceil" ]'
done
for v in $ALL_VARIANTS; do
	got=$(row "$raw" "$v" nospec got)
	check_sh "nospec $v stays at chance" '[ -n "$got" ] && [ "$got" -lt "$ceil" ]'
done
# The control: the nospec walks are mistrained as well (the transient extra
# iteration runs), so their silence is the CMOV's doing, not a lucky
# predictor.  Same training, so at least half the vanilla rate.
for v in $LIST_VARIANTS; do
	sv=$(row "$raw" "$v" vanilla seen)
	sn=$(row "$raw" "$v" nospec seen)
	check_sh "nospec $v: exit still mispredicted" \
		'[ -n "$sv" ] && [ -n "$sn" ] && [ "$sv" -gt 0 ] && [ $((2 * sn)) -ge "$sv" ]'
done
cm=yes
for v in $ALL_VARIANTS; do
	[ "$(row "$raw" "$v" nospec cmov)" = yes ] || cm=no
done
check_sh "nospec walks use CMOV" '[ "$cm" = yes ]'

# Negative control: a "nospec" build without the mirror (an empty --mirror
# directory, so the pristine headers alone) is vanilla in disguise; the
# same assertion must see it leak.
mkdir -p "$T_TMP/no-mirror"
run_cmd bash "$P" --short --raw "$T_TMP/raw-neg" --mirror "$T_TMP/no-mirror"
if grep -q '^raw skip' "$T_TMP/raw-neg" 2>/dev/null; then
	skip "negative control: a vanilla 'nospec' build is caught leaking" \
		"no leakage observable during the control run"
else
	got=$(row "$T_TMP/raw-neg" list_for_each_entry nospec got)
	ceil=$(ceiling "$T_TMP/raw-neg")
	check_sh "negative control: a vanilla 'nospec' build is caught leaking" \
		'[ "$rc" -eq 0 ] && [ -n "$got" ] && [ -n "$ceil" ] && [ "$got" -ge "$ceil" ]'
fi

finish
