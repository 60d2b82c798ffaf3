#!/usr/bin/env bash
# pipeline/offcode.py, the option-off code check, on recorded disassembly
# (tests/pipeline/branchless/*.dis and variants made below with sed): the
# same functions pass whatever their addresses; one changed instruction, or
# a function the series build lacks, fails and is named; bad input exits 2.
# And offcode.sh's bad-input errors.
set -u
. "$(dirname "$0")/../lib.sh"

O=$PIPELINE/offcode.py
D=$TOP/tests/pipeline/branchless
run() { python3 "$O" --label t "$@" >"$T_TMP/out" 2>&1; echo $?; }

check "the same object passes" [ "$(run "$D/cmov.dis" "$D/cmov.dis")" = 0 ]
# Every address moved by 0x100: the code is the same.
python3 - "$D/cmov.dis" >"$T_TMP/moved.dis" <<'PY'
import re, sys
def moved(m):
    return '%x' % (int(m.group(1), 16) + 0x100)
for line in open(sys.argv[1]):
    line = re.sub(r'^([0-9a-f]+)(?= <)', moved, line)	# a function's address
    line = re.sub(r'^ +([0-9a-f]+)(?=:)', lambda m: '  ' + moved(m), line)	# an instruction's
    line = re.sub(r'\b([0-9a-f]+)(?= <)', moved, line)	# a jump's target
    sys.stdout.write(line)
PY
check "the same code at other addresses passes" \
	[ "$(run "$D/cmov.dis" "$T_TMP/moved.dis")" = 0 ]
sed 's/cmove  %rsi,%rax/cmovne %rsi,%rax/' "$D/cmov.dis" >"$T_TMP/changed.dis"
check "one changed instruction fails" [ "$(run "$D/cmov.dis" "$T_TMP/changed.dis")" = 1 ]
check "... and names the function and the instruction" \
	grep -q 'FAIL t: codegen_walk: differs from pristine at line .*cmovne' "$T_TMP/out"
sed 's/codegen_sink-0x4/codegen_other-0x4/' "$D/cmov.dis" >"$T_TMP/reloc.dis"
check "a call to another symbol fails" [ "$(run "$D/cmov.dis" "$T_TMP/reloc.dis")" = 1 ]
cat "$D/cmov.dis" "$D/tailcall.dis" >"$T_TMP/two.dis"
check "a function only the series has is listed, not compared" \
	[ "$(run "$D/cmov.dis" "$T_TMP/two.dis")" = 0 ]
check "a function the series lacks fails" [ "$(run "$T_TMP/two.dis" "$D/cmov.dis")" = 1 ]
echo 'not a disassembly' >"$T_TMP/junk.dis"
check "input without probe functions is an error (exit 2)" \
	[ "$(run "$T_TMP/junk.dis" "$D/cmov.dis")" = 2 ]
check "a missing file is an error (exit 2)" [ "$(run "$T_TMP/none.dis" "$D/cmov.dis")" = 2 ]

S=$PIPELINE/offcode.sh
expect_error "offcode.sh: usage" "usage: offcode.sh" "$S" x86_64
mkdir -p "$T_TMP/probe"
expect_error "offcode.sh: a probe directory without an object says what to run" \
	"run pipeline/branchless.sh x86_64" "$S" x86_64 "$T_TMP" "$T_TMP/probe" "$T_TMP"
finish
