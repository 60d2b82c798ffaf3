#!/usr/bin/env bash
# measure/bench/bench.sh in its quick mode: it builds the variants from the
# kernel tree's pristine tools/ headers and the project's mirror of the
# series' iterators (measure/include), the visit-order self-check passes (and fails for a walk
# that ignores a body reassigning pos), the table, results.tsv and the
# plots are produced, and bad input ends in a one-line error.  No assertion
# here looks at a time: speed is for the benchmark's reader, not for tests.
set -u
. "$(dirname "$0")/../lib.sh"

B=$MEASURE/bench/bench.sh
: "${BUILD:=$TOP/build}"
: "${KT:=$BUILD/linux}"
export KT
export BENCH_OUT=$T_TMP/bench

expect_error "BENCH_ROUNDS not a number" 'BENCH_ROUNDS must be a whole number' \
	env BENCH_ROUNDS=seven "$B"
expect_error "a full run needs 7 rounds" 'BENCH_ROUNDS >= 7' env BENCH_ROUNDS=3 "$B"
expect_error "BENCH_QUICK not 0/1" 'BENCH_QUICK must be 0 or 1' env BENCH_QUICK=yes "$B"
expect_error "BENCH_SIZES malformed" 'BENCH_SIZES must be comma-separated' \
	env BENCH_QUICK=1 BENCH_SIZES=1e3 "$B"
expect_error "no kernel tree" "no kernel tree at $T_TMP/none; run 'make tree'" \
	env BENCH_QUICK=1 KT="$T_TMP/none" "$B"

# A tree whose root commit lacks the pristine tools/arch/x86/include.
fake=$T_TMP/pristine
mkdir -p "$fake/tools/include/linux"
echo '/* list */' >"$fake/tools/include/linux/list.h"
git -C "$fake" init -q && git -C "$fake" add -A &&
	git -C "$fake" -c user.name=t -c user.email=t@example.org commit -qm pristine
expect_error "tree without the pristine tools/ headers" 'cannot extract the pristine tools/include' \
	env BENCH_QUICK=1 KT="$fake" "$B"

if ! git -C "$KT" rev-parse -q --verify HEAD >/dev/null 2>&1; then
	skip "quick benchmark run" "no kernel tree at $KT, whose root commit gives the pristine tools/include; run 'make tree'"
	finish
	exit
fi

run_cmd env BENCH_QUICK=1 "$B"
check "quick run: exit 0" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || printf '   stderr: %s\n' "$(tail -n3 <<<"$err")"
check_sh "self-check passes for every variant" \
	'grep -qE "^self-check: visit order and final pos identical to vanilla in [0-9]+ walks \(5 variants" <<<"$out"'
check_sh "table header names the variants" \
	'grep -qE "^macro +body +size +vanilla +nospec +rfc +exp +cursor .* n/cur~" <<<"$out"'
rows=$(grep -cE '^(list_for_each_entry(_safe|_reverse|_scoped)?|hlist_for_each_entry) +(empty|light) +[0-9]+ ' <<<"$out")
check "table: 5 macros (list_for_each_entry_scoped among them) x 2 bodies x 3 sizes" [ "$rows" -eq 30 ]
check_sh "output names the CPU, the load and perf support" \
	'grep -q "^cpu: " <<<"$out" && grep -q "^load average before: " <<<"$out" && grep -qE "^perf (stat|not)" <<<"$out" && grep -q "^perf counters: " <<<"$out"'
tsv=$BENCH_OUT/results.tsv
check_sh "results.tsv: 30 rows of positive medians and ratios, the select's own cost among them" \
	'[ "$(awk -F"\t" "!/^#/ && NF == 35 && \$4 > 0 && \$5 > 0 && \$6 > 0 && \$7 > 0 && \$8 > 0 && \$9 > 0 && \$17 > 0" "$tsv" | wc -l)" -eq 30 ]'
check_sh "results.tsv: the header names the cursor baseline and the select's ratio" \
	'grep -qP "^# macro.*\\tcursor\\t.*\\tselect_paired\\t" "$tsv"'
check_sh "results.tsv: header records the load" 'grep -q "^# .*load before: " "$tsv"'
for p in cycles ratios; do
	check "$p.png is a PNG" bash -c "head -c 8 '$BENCH_OUT/$p.png' | od -An -c | grep -q 'P   N   G'"
done
check_sh "disassembly kept: nospec walks use CMOV" \
	'grep -q cmov "$BENCH_OUT/disasm-nospec.txt" && ! awk "/<w_entry_empty>:/,/ret/" "$BENCH_OUT/disasm-vanilla.txt" | grep -q cmov'
check_sh "the cursor baseline is the walk without the select: no CMOV in its list walk" \
	'[ -s "$BENCH_OUT/disasm-cursor.txt" ] && ! awk "/<w_entry_empty>:/,/ret/" "$BENCH_OUT/disasm-cursor.txt" | grep -q cmov'

# The self-check can fail: a hidden-cursor walk that ignores the body's pos.
expect_error "self-check catches a walk that ignores a reassigned pos" \
	'visit order: naive list_for_each_entry \(reassigns pos body' \
	env BENCH_QUICK=1 BENCH_FAULT=1 "$B"

# The program's own argument checks.
expect_error "bench: bad --rounds" "--rounds '0' is not a whole number" "$BENCH_OUT/bench" --rounds 0
expect_error "bench: bad --sizes" "list size 'x' is not a whole number" "$BENCH_OUT/bench" --sizes 10,x
expect_error "bench: unknown option" "unknown (or incomplete )?option '--fast'" "$BENCH_OUT/bench" --fast

finish
