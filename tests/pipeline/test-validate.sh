#!/usr/bin/env bash
# scripts/validate.py on console logs recorded from real validate boots
# (tests/pipeline/validate/*.log: a clean run, a KASAN null-pointer oops, a hang),
# scripts/series.py on fixture patches, and validate.sh's answers to bad
# input.  (The real boot is part of 'make check' itself.)
set -u
. "$(dirname "$0")/../lib.sh"

V=$PIPELINE/validate.py
D=$TOP/tests/pipeline/validate
row() {	# row NAME [ARGS...]: judge tests/pipeline/validate/NAME.{log,json}
	local n=$1
	shift
	run_cmd python3 "$V" row --label "x86_64-$n" --arch x86_64 --run "$n" \
		--console "$D/$n.log" --json "$D/$n.json" --build-s 125 \
		--expect select_nospec,list-nospec,list-kunit-test "$@"
}
col() { cut -f"$1" <<<"$out"; }	# columns: see validate.py COLUMNS

row clean --results "$T_TMP/res"
check "clean run: exit 0" [ "$rc" -eq 0 ]
check "clean run: PASS" [ "$(col 13)" = PASS ]
check_sh "clean run: no report counted" '[ "$(cut -f7-11 <<<"$out")" = "0	0	0	0	0" ]'
check_sh "clean run: KUnit cases passed, none failed" '[ "$(col 6 | cut -d/ -f2)" = 0 ] && [ "$(col 6 | cut -d/ -f1)" -gt 0 ]'
check "clean run: build time formatted" [ "$(col 3)" = 2m05s ]
check_sh "clean run: boot and workload times read from the marks" '[ "$(col 4)" != - ] && [ "$(col 5)" != - ]'
check_sh "clean run: the coverage is N/M" 'grep -qE "^[0-9]+/[0-9]+$" <<<"$(col 12)"'
check "clean run: per-case results written" grep -q '^PASS x86_64-clean:list-nospec\.' "$T_TMP/res"
check "clean run: the boot itself is a result" grep -q '^PASS x86_64-clean:boot-clean' "$T_TMP/res"

row kasan
check "KASAN oops: exit 1" [ "$rc" -eq 1 ]
check "KASAN oops: FAIL" [ "$(col 13)" = FAIL ]
check_sh "KASAN oops: Oops and KASAN lines counted" '[ "$(col 7)" -gt 0 ] && [ "$(col 9)" -gt 0 ]'
check "KASAN oops: where it happened" [ "$(col 14)" = dev_add_offload ]
check_sh "KASAN oops: one line naming the log" '[ "$(grep -c . <<<"$err")" = 1 ] && grep -q "console log: $D/kasan.log" <<<"$err"'

row hang --timed-out
check "hang: exit 1" [ "$rc" -eq 1 ]
check "hang: says the guest was killed" grep -q 'guest hung: killed at the timeout' <<<"$err"
check "hang: workload did not finish" grep -q 'workload did not finish' <<<"$err"

# The same clean console with one injected line of each kind.
for l in 'warning:WARNING: CPU: 0 PID: 1 at lib/x.c:1 f+0x1/0x2' \
	'listcorrupt:list_add corruption. prev->next should be next (ffff), but was 0000' \
	'bug:BUG: unable to handle page fault for address: 0000000000000008'; do
	kind=${l%%:*} l=${l#*:}
	{ sed -n '1,/VALIDATE: workload start/p' "$D/clean.log"; echo "[   9.000000] $l"
	  sed -n '/VALIDATE: workload start/,$p' "$D/clean.log" | sed 1d; } >"$T_TMP/inj.log"
	run_cmd python3 "$V" row --label inj --arch x86_64 --run inj --console "$T_TMP/inj.log" \
		--json "$D/clean.json"
	check_sh "an injected '${l%% *}' line fails the run, counted as $kind" \
		'[ "$rc" -eq 1 ] && grep -q "FAIL: 1 $kind line(s); console log" <<<"$err"'
done
grep -v 'reboot: Power down' "$D/clean.log" >"$T_TMP/nopower.log"
run_cmd python3 "$V" row --label np --arch x86_64 --run np --console "$T_TMP/nopower.log" --json "$D/clean.json"
check_sh "no power-off line: FAIL" '[ "$rc" -eq 1 ] && grep -q "no power-off" <<<"$err"'
sed 's/VALIDATE: step ext4 ok/VALIDATE: step ext4 failed (exit 1): mount: x/' "$D/clean.log" >"$T_TMP/step.log"
run_cmd python3 "$V" row --label st --arch x86_64 --run st --console "$T_TMP/step.log" --json "$D/clean.json"
check_sh "a failed workload step: FAIL naming it" '[ "$rc" -eq 1 ] && grep -q "workload step ext4 failed" <<<"$err"'
run_cmd python3 "$V" row --label miss --arch x86_64 --run miss --console "$D/clean.log" \
	--json "$D/clean.json" --expect no-such-suite
check_sh "an expected suite that did not run: FAIL" '[ "$rc" -eq 1 ] && grep -q "suite no-such-suite did not run" <<<"$err"'

row clean >"$T_TMP/rows"; echo "$out" >"$T_TMP/rows"
row kasan; echo "$out" >>"$T_TMP/rows"
run_cmd python3 "$V" table "$T_TMP/rows"
check_sh "table: a header and one line per row" '[ "$(grep -c . <<<"$out")" = 3 ] && grep -q "^arch  *run  *build" <<<"$out"'

# series.py: which patches are fixes, which functions they change.
S=$PIPELINE/series.py
run_cmd python3 "$S" fixes "$D/fix-sample.patch" "$D/core-sample.patch" "$D/test-sample.patch"
check "series: the patches before the first core patch are the fixes" [ "$out" = "$D/fix-sample.patch" ]
run_cmd python3 "$S" core "$D/fix-sample.patch" "$D/core-sample.patch" "$D/test-sample.patch"
check "series: the core is that patch and all after it" [ "$(grep -c . <<<"$out")" = 2 ]
C="$D/conversion-sample.patch"
run_cmd python3 "$S" core "$D/fix-sample.patch" "$D/core-sample.patch" "$D/test-sample.patch" "$C"
check "series: a conversion of callers after the core is not a core patch" [ "$(grep -c . <<<"$out")" = 2 ]
run_cmd python3 "$S" conversions "$D/fix-sample.patch" "$D/core-sample.patch" "$D/test-sample.patch" "$C"
check "series: the conversions are the caller-only patches after the core" [ "$out" = "$C" ]
run_cmd python3 "$S" conversions "$C" "$D/fix-sample.patch" "$D/core-sample.patch"
check "series: a caller-only patch before the core is a fix, not a conversion" [ -z "$out" ]
run_cmd python3 "$S" functions "$D/fix-sample.patch"
check "series: functions changed, by definition lines in the hunks" [ "$out" = "$(printf 'sample_find\nsample_insert')" ]
run_cmd python3 "$S" check "$D/fix-sample.patch"
check "series: no core patch is an error" [ "$rc" -eq 1 ]

# validate.sh: bad input, each a one-line error.
export BUILD=$T_TMP/build KT=$T_TMP/none
# The fragment of a run: the off run sets the option once, to n.
V=$PIPELINE/validate.py
run_cmd python3 "$V" fragment --frag "$PIPELINE/validate/defconfig.config" --run off --kconfig CONFIG_SERIAL_8250=y --qemu x86_64
check_sh "fragment: the off run sets CONFIG_LIST_NOSPEC once, to n" \
	'[ "$rc" = 0 ] && [ "$(grep -c "CONFIG_LIST_NOSPEC[= ]" <<<"$out")" = 1 ] && [ "$(tail -n1 <<<"$out")" = CONFIG_LIST_NOSPEC=n ] && grep -qx CONFIG_LIST_NOSPEC_KUNIT_TEST=y <<<"$out"'
run_cmd python3 "$V" fragment --frag "$PIPELINE/validate/defconfig.config" --run full --kconfig CONFIG_SERIAL_8250=y --qemu x86_64
check_sh "fragment: the full run is the file, then the console options" \
	'[ "$rc" = 0 ] && [ "$(head -n "$(wc -l <"$PIPELINE/validate/defconfig.config")" <<<"$out")" = "$(cat "$PIPELINE/validate/defconfig.config")" ] && [ "$(tail -n2 <<<"$out")" = "$(printf "# the console, from kunit.py'"'"'s qemu_configs/x86_64.py\nCONFIG_SERIAL_8250=y")" ]'
run_cmd python3 "$V" fragment --frag "$PIPELINE/validate/nokasan.config" --run full --qemu x86_64
check_sh "fragment: an included file's settings give way to the including file's" \
	'[ "$rc" = 0 ] && [ "$(grep -c "^CONFIG_KASAN=" <<<"$out")" = 1 ] && grep -qx CONFIG_KASAN=n <<<"$out" && grep -qx CONFIG_DEBUG_LIST=y <<<"$out" && ! grep -q "^# include:" <<<"$out"'
printf '# base: defconfig\n# include: nosuch.config\n' >"$T_TMP/inc.config"
expect_error "fragment: a missing include" "nosuch.config: No such file" \
	python3 "$V" fragment --frag "$T_TMP/inc.config" --run full

expect_error "validate: unknown run" "unknown run 'warm'" "$PIPELINE/validate.sh" --runs warm x86_64
expect_error "validate: unknown config" "no validate config .*/nosuch.config" "$PIPELINE/validate.sh" --config nosuch x86_64
expect_error "validate: VALIDATE_MODULES not 0/1" "VALIDATE_MODULES must be 0 or 1, not 'some'" env VALIDATE_MODULES=some "$PIPELINE/validate.sh" x86_64
expect_error "validate: unknown option names --no-modules in its usage" "usage: validate.sh .*--no-modules" "$PIPELINE/validate.sh" --modules x86_64
expect_error "validate: no tree" "no kernel tree at $T_TMP/none" "$PIPELINE/validate.sh" x86_64
if [ -d "$TOP/build/linux/.git" ]; then
	KT=$TOP/build/linux expect_error "validate: an architecture without QEMU settings" \
		"arm has no QEMU settings" "$PIPELINE/validate.sh" arm
	KT=$TOP/build/linux expect_error "validate: an unknown target" \
		"unknown target 'vax'" "$PIPELINE/validate.sh" vax
fi

# The guest's tree walker (pipeline/validate/walktree.c), on the host: every
# entry once, into subdirectories but not through symbolic links.
if command -v gcc >/dev/null; then
	W=$T_TMP/walktree
	if gcc -O2 -Wall -Werror -o "$W" "$PIPELINE/validate/walktree.c"; then
		t=$T_TMP/tree
		mkdir -p "$t/a/b/c" "$t/d"
		: >"$t/f1"; : >"$t/a/f2"; : >"$t/a/b/c/f3"
		ln -s ../.. "$t/a/b/up"; ln -s nowhere "$t/d/dangling"
		run_cmd "$W" "$t"
		check "walktree: counts the directories and entries, follows no link" \
			[ "$rc:$out" = "0:$t: 5 directories, 9 entries, 0 errors" ]
		expect_error "walktree: a missing directory" "$T_TMP/none: No such file" "$W" "$T_TMP/none"
		expect_error "walktree: no argument" "name one directory: walktree DIR" "$W"
	else
		check "walktree builds with warnings as errors" false
	fi
else
	skip "walktree" "no gcc: run 'make deps'"
fi
finish
