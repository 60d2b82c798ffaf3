#!/usr/bin/env bash
# pipeline/branchless.py on hand-written disassembly (tests/pipeline/
# branchless/*.dis, and variants of them made below with sed): a value that
# reaches codegen_sink() only from a conditional move passes; one that a
# branch can choose, or that anything else computes, fails.
set -u
. "$(dirname "$0")/../lib.sh"

B=$PIPELINE/branchless.py
D=$TOP/tests/pipeline/branchless
verdict() {	# verdict ARCH FILE [--expect-fail]: "pass" or "fail"
	if python3 "$B" --arch "$1" --label t "${@:3}" "$2" >"$T_TMP/out" 2>&1; then
		echo pass
	else
		echo fail
	fi
}

check "x86: CMOV through a move and past a conditional branch passes" \
	[ "$(verdict x86_64 "$D/cmov.dis")" = pass ]
check "padding symbols (<sym-0x10>) are not walks" \
	grep -q '^ok   t: walk: selected' "$T_TMP/out"
check "negative control inverts the verdict" \
	[ "$(verdict x86_64 "$D/cmov.dis" --expect-fail)" = fail ]

sed 's/cmove  %rsi,%rax/lea    0x8(%rbx),%rax/' "$D/cmov.dis" >"$T_TMP/lea.dis"
check "x86: value computed by LEA fails" [ "$(verdict x86_64 "$T_TMP/lea.dis")" = fail ]
check "x86: the failure names the instruction" grep -q 'comes from "lea' "$T_TMP/out"
# A select whose condition the compiler folded (the caller tested it
# before): the compare tests a register zeroed just before, so the CMOV
# always moves.  The same CMOV without a compare of its own fails too.
sed 's/^  1d:\tcmp    %rdx,%rdi$/  1d:\ttest   %rsi,%rsi/' "$D/cmov.dis" >"$T_TMP/fold.dis"
check "x86: a select that tests a constant (folded condition) fails" \
	[ "$(verdict x86_64 "$T_TMP/fold.dis")" = fail ]
check "x86: ... and says the condition was folded" \
	grep -q 'tests a constant' "$T_TMP/out"
sed 's/^  1d:\tcmp    %rdx,%rdi$/  1d:\tnop/' "$D/cmov.dis" >"$T_TMP/nocmp.dis"
check "x86: a select without its own compare fails" \
	[ "$(verdict x86_64 "$T_TMP/nocmp.dis")" = fail ]
sed 's/^   8:\tcset\tx2, ne$/   8:\tmov\tx2, #0x0/' "$D/arm.dis" >"$T_TMP/arm-fold.dis"
check "arm64: a select that tests a constant (folded condition) fails" \
	[ "$(verdict arm64 "$T_TMP/arm-fold.dis")" = fail ]

# A spill: the selected value goes to a stack slot and comes back (KASAN
# builds do this under register pressure).
sed -e 's/^  26:\tmov    %rax,%rdi$/  26:\tmov    %rax,0x8(%rsp)\n  27:\tmov    0x8(%rsp),%rdi/' \
	"$D/cmov.dis" >"$T_TMP/spill.dis"
check "x86: CMOV through a stack spill and reload passes" \
	[ "$(verdict x86_64 "$T_TMP/spill.dis")" = pass ]
sed -e 's/^  27:\tmov    0x8(%rsp),%rdi$/  27:\tmov    0x10(%rsp),%rdi/' "$T_TMP/spill.dis" >"$T_TMP/slot.dis"
check "x86: a reload from another slot fails" [ "$(verdict x86_64 "$T_TMP/slot.dis")" = fail ]
sed -e 's/^  27:\tmov    0x8(%rsp),%rdi$/  27:\tmovq   $0x0,0x8(%rsp)\n  28:\tmov    0x8(%rsp),%rdi/' "$T_TMP/spill.dis" >"$T_TMP/const.dis"
check "x86: a slot overwritten by a constant fails" [ "$(verdict x86_64 "$T_TMP/const.dis")" = fail ]
sed -e 's/^  27:\tmov    0x8(%rsp),%rdi$/  27:\tpush   %rbx\n  28:\tmov    0x8(%rsp),%rdi/' "$T_TMP/spill.dis" >"$T_TMP/push.dis"
check "x86: a push between spill and reload (the frame moves) fails" \
	[ "$(verdict x86_64 "$T_TMP/push.dis")" = fail ]
check "x86: ... and says the frame moved" grep -q 'the frame moves' "$T_TMP/out"

# Two paths merge at 26: one defines rax with CMOV, the other with a load.
check "x86: a branch choosing between a CMOV and a load fails" \
	[ "$(verdict x86_64 "$D/merge.dis")" = fail ]

check "x86: argument clobbered by an earlier call fails" \
	[ "$(verdict x86_64 "$D/clobber.dis")" = fail ]

check "a walk without a call to codegen_sink fails" [ "$(verdict x86_64 "$D/nosink.dis")" = fail ]

# gcc's identical code folding makes a walk that expands to the same code
# as another a jump to it: a failure that says so (the probe is built with
# -fno-ipa-icf to keep every walk's own code).
check "x86: a walk folded into its twin fails" [ "$(verdict x86_64 "$D/folded.dis")" = fail ]
check "x86: ... and names the twin and the flag" \
	grep -q 'walk_scoped: NOT selected: no call to codegen_sink: it jumps to codegen_walk, .*-fno-ipa-icf' "$T_TMP/out"
check "the probe is built without identical code folding" \
	grep -q '^ccflags-y += $(call cc-option,-fno-ipa-icf)$' "$PIPELINE/codegen/Kbuild"

# clang makes "if (p) codegen_sink(p);" a tail call: jmp with a relocation.
check "x86: a tail call (jmp codegen_sink) from a CMOV passes" \
	[ "$(verdict x86_64 "$D/tailcall.dis")" = pass ]
sed 's/cmove  0x0(%rip),%rdi/nop/' "$D/tailcall.dis" >"$T_TMP/tail-lea.dis"
check "x86: a tail call of a value from LEA fails" [ "$(verdict x86_64 "$T_TMP/tail-lea.dis")" = fail ]

# gcc with return thunks (a KASAN kernel): "pop %rbx; jmp __x86_return_thunk"
# leaves the function; objdump shows that jmp going to the next
# instruction, where rbx is handed to the sink.  That is no path.
check "x86: a jump through a relocation (return thunk) leaves the function" \
	[ "$(verdict x86_64 "$D/thunk.dis")" = pass ]

check "arm64: CSEL followed by CSDB passes" [ "$(verdict arm64 "$D/arm.dis")" = pass ]
grep -v csdb "$D/arm.dis" >"$T_TMP/arm-nocsdb.dis"
check "arm64: CSEL without CSDB fails" [ "$(verdict arm64 "$T_TMP/arm-nocsdb.dis")" = fail ]

# branchless.sh: bad input, before anything is built.
expect_error "branchless.sh: an unknown target lists the known ones" \
	"unknown target 'vax': use one of .*x86_64-llvm" "$PIPELINE/branchless.sh" vax "$T_TMP" l
expect_error "branchless.sh: an unknown option" "unknown option --frob" \
	"$PIPELINE/branchless.sh" x86_64 "$T_TMP" l --frob
expect_error "branchless.sh: no built kernel" "is not a built kernel tree" \
	"$PIPELINE/branchless.sh" x86_64/llvm "$T_TMP" l --classic --expect-fail
# --classic: the probe undefines the option before its first include.
check_sh "the probe's classic build undefines CONFIG_LIST_NOSPEC before any include" \
	'awk "/^#include/ { exit !seen } /^#undef CONFIG_LIST_NOSPEC/ { seen = 1 }" "$PIPELINE/codegen/walks.c" &&
	 grep -q "CODEGEN_CLASSIC" "$PIPELINE/branchless.sh"'
finish
