#!/usr/bin/env bash
# measure/ktext: the size counter reads function symbols between _stext and
# _etext of a small linked program, and bad input ends in a one-line error.
# (The measurement builds x86_64 defconfig kernels: a benchmark, run by
# 'make ktext', not here.)
set -u
. "$(dirname "$0")/../lib.sh"

K=$MEASURE/ktext/ktext.sh
S=$MEASURE/ktext/ktext_size.py

# Two functions inside [_stext, _etext), one after it: the counter sees the
# two (their sizes set with .size, so the test knows them).
cat >"$T_TMP/t.s" <<'ASM'
	.text
	.globl _stext, _etext, f1, f2, after, _start
_stext:
f1:	.fill 40, 1, 0x90
	.size f1, 40
	.type f1, @function
f2:	ret
	.fill 11, 1, 0x90
	.size f2, 12
	.type f2, @function
_etext:
after:	.fill 100, 1, 0x90
	.size after, 100
	.type after, @function
_start:	ret
ASM
if as -o "$T_TMP/t.o" "$T_TMP/t.s" 2>"$T_TMP/as.err" &&
	ld -o "$T_TMP/t" "$T_TMP/t.o" 2>>"$T_TMP/as.err"; then
	run_cmd python3 "$S" "$T_TMP/t"
	check_sh "code is the function symbols between _stext and _etext" \
		'[ "$rc" = 0 ] && [ "$out" = "52 2" ]'
	printf '\t.text\n\t.globl f\nf:\tret\n' | as -o "$T_TMP/nobounds.o"
	run_cmd python3 "$S" "$T_TMP/nobounds.o"
	check_sh "an object without the two bounds is refused" \
		'[ "$rc" != 0 ] && grep -q "has no _stext/_etext; is it a vmlinux?" <<<"$err"'
	# The same program with f2 growing by a CMOV and a call: one function
	# whose calls changed, the others the same.
	sed 's/^f2:\tret$/f2:\tcmove %rax, %rbx\n\tcall f1\n\tret/; s/\.size f2, 12/.size f2, 21/' \
		"$T_TMP/t.s" >"$T_TMP/t2.s"
	as -o "$T_TMP/t2.o" "$T_TMP/t2.s" && ld -o "$T_TMP/t2" "$T_TMP/t2.o"
	run_cmd python3 "$MEASURE/ktext/ktext_calls.py" "$T_TMP/t" "$T_TMP/t2"
	check_sh "the split puts a function whose calls changed apart" \
		'[ "$rc" = 0 ] && grep -Eq "^calls changed +1 +\+9 +\+1$" <<<"$out" && grep -Eq "^same calls +[0-9]+ +\+0 +\+0$" <<<"$out"'
else
	skip "code is the function symbols between _stext and _etext" "as/ld failed: $(head -n1 "$T_TMP/as.err")"
	skip "an object without the two bounds is refused" "as/ld failed"
	skip "the split puts a function whose calls changed apart" "as/ld failed"
fi

expect_error "the split: a missing file" "nm cannot read $T_TMP/none .*: give two linked vmlinux files" \
	python3 "$MEASURE/ktext/ktext_calls.py" "$T_TMP/none" "$T_TMP/none"
expect_error "the split: one file only" "name two files: ktext_calls.py OLD_VMLINUX NEW_VMLINUX" \
	python3 "$MEASURE/ktext/ktext_calls.py" "$T_TMP/none"
expect_error "an unknown option" "usage: ktext.sh \[--top N\] \[--variant NAME=TREE\]" "$K" --fast
expect_error "--top without a number" "--top takes a number" "$K" --top many
expect_error "a variant without a tree" "--variant takes NAME=TREE" "$K" --variant pad
expect_error "a variant named like a build" "--variant: 'off' is taken; choose another name" \
	"$K" --variant off="$T_TMP"
expect_error "a variant tree that is not a kernel" "--variant: no kernel tree at $T_TMP/none" \
	"$K" --variant pad="$T_TMP/none"
expect_error "no kernel tree" "no kernel tree at $T_TMP/none: run 'make tree' first" \
	env KT="$T_TMP/none" "$K"
finish
