#!/usr/bin/env bash
# measure/loops: the series' walks keep loop-invariant work out of their
# loops (each loop grows by its select only, against the pristine
# iterators); the check rejects the C-compare shape (one compare more per
# loop) and a build that keeps invariants in the loops; bad input ends in a
# one-line error.
# check_sh evaluates its single-quoted conditions, which read run_cmd's
# rc/out/err: hence the shellcheck exceptions.
# shellcheck disable=SC2016,SC2154
set -u
. "$(dirname "$0")/../lib.sh"

L=$MEASURE/loops
: "${BUILD:=$TOP/build}"
: "${KT:=$BUILD/linux}"
export KT LOOPS_OUT=$T_TMP/loops

# The checker on its own, from listings written here.
cat >"$T_TMP/base.dis" <<'DIS'
0000000000000000 <f>:
   0:	mov    (%rdi),%rax
   3:	cmp    %rax,%rdi
   6:	jne    0 <f>
   8:	ret
DIS
sed 's/3:\tcmp/3:\tcmove  %rcx,%rdx\n   4:\tcmp/' "$T_TMP/base.dis" >"$T_TMP/sel.dis"
sed 's/3:\tcmp/3:\tmov    8(%rsi),%rdx\n   4:\tcmp/' "$T_TMP/base.dis" >"$T_TMP/load.dis"
run_cmd python3 "$L/loops.py" "$T_TMP/base.dis" "$T_TMP/sel.dis"
check_sh "a loop grown by its select passes" '[ "$rc" -eq 0 ] && grep -q "^f .* ok$" <<<"$out"'
run_cmd python3 "$L/loops.py" "$T_TMP/base.dis" "$T_TMP/load.dis"
check_sh "a loop grown by a load fails" '[ "$rc" -eq 1 ] && grep -q "FAIL: +1 instructions" <<<"$out"'
expect_error "a listing without functions" 'holds no disassembled function' \
	python3 "$L/loops.py" "$T_TMP/base.dis" /dev/null
expect_error "a missing listing" 'cannot read' python3 "$L/loops.py" "$T_TMP/base.dis" "$T_TMP/none"
expect_error "an unknown shape" 'usage: loops.sh \[series\|ccmp\]' "$L/loops.sh" pad

if [ "$(uname -m)" != x86_64 ]; then
	skip "the walks' loops" "loops.sh reads x86_64 code and this machine is $(uname -m)"
	finish
	exit
fi
if ! git -C "$KT" rev-parse -q --verify HEAD >/dev/null 2>&1; then
	skip "the walks' loops" "no kernel tree at $KT, whose root commit gives the pristine tools/include; run 'make tree'"
	finish
	exit
fi
run_cmd "$L/loops.sh"
check_sh "the series' walks: every loop grows by its select only" \
	'[ "$rc" -eq 0 ] && grep -qE "^([0-9]+) of \1 loops grow by their selects only" <<<"$out"'
[ "$rc" -eq 0 ] || printf '%s\n' "$out" "$err" | tail -n 12
run_cmd "$L/loops.sh" ccmp
check_sh "the C-compare shape fails: one compare more per loop" \
	'[ "$rc" -eq 1 ] && grep -q "FAIL: +1 instructions beyond the selects" <<<"$out"'
run_cmd env CFLAGS_EXTRA="-fno-tree-loop-im -fno-move-loop-invariants" "$L/loops.sh"
check_sh "invariants kept in the loops fail" '[ "$rc" -eq 1 ] && grep -q "loops hold more than" <<<"$out"'
finish
