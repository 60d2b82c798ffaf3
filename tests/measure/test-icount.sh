#!/usr/bin/env bash
# measure/icount: the parser of the boots reads recorded consoles and
# plugin logs (tests/measure/icount/), and bad input ends in a one-line
# error.  (The measurement boots two defconfig kernels: a benchmark, run
# by 'make icount', not here.)
set -u
. "$(dirname "$0")/../lib.sh"

P=$MEASURE/icount/icount.py
F=$(dirname "$0")/icount

run_cmd python3 "$P" row --run on --rep 1 --console "$F/clean.console" --insns "$F/clean.insns"
check_sh "a clean boot gives the instructions between the first and last marks, and each step's" \
	'[ "$rc" = 0 ] && [ "$out" = "$(printf "on\t1\t2331665464\t169559336\ttmpfs=867873388,ext4=1079573858,ip=8264354,ping=1984834,tcp=10769929,udp=3257355,cgroup=7429971,proc-sys=237877197,sysctl=94785135,debugfs=19068248")" ]'

# bad_row DESC REGEX CONSOLE INSNS [RUN REP]: icount.py row on a recorded
# boot fails with a one-line error matching REGEX.
bad_row() {
	expect_error "$1" "$2" python3 "$P" row --run "${5:-on}" --rep "${6:-1}" \
		--console "$F/$3" --insns "$4"
}
bad_row "a failed workload step" "on 1: a workload step failed \(step ext4 failed" \
	step-failed.console "$F/clean.insns"
bad_row "a kernel report" "off 2: the kernel reported 1 bug line\(s\), 1 kasan line\(s\) \(first in dev_add_offload\)" \
	kasan.console "$F/clean.insns" off 2
bad_row "a boot that never finished" "the workload did not finish \(no \"VALIDATE: done\"\)" \
	hang.console "$F/clean.insns"
bad_row "an init that did not see nsv.icount" "/init did not see nsv.icount" \
	no-icount.console "$F/clean.insns"
bad_row "a guest that did not power off" "on 1: the guest did not power off" \
	no-poweroff.console "$F/clean.insns"
bad_row "one mark only" "the plugin saw 1 marks, not 12 \(one before the workload, one after each of its 10 steps" \
	clean.console "$F/one-mark.insns"
bad_row "marks of an /init without the per-step marks" "the plugin saw 2 marks, not 12" \
	clean.console "$F/two-marks.insns"
bad_row "a missing plugin log" "$T_TMP/none: No such file" clean.console "$T_TMP/none"

printf 'off\t1\t1000\t50\non\t1\t1010\t50\noff\t2\t2000\t60\non\t2\t2002\t61\noff\t3\t500\t5\non\t3\t505\t5\n' >"$T_TMP/rows"
run_cmd python3 "$P" table "$T_TMP/rows"
check_sh "the table gives the median ratio and the range" \
	'[ "$rc" = 0 ] && grep -qx "kernel instructions, option on / off: 1.0100 (median of 3; range 1.0010-1.0100)" <<<"$out" && [ "$(grep -c "^o[nf]" <<<"$out")" = 6 ]'
# Rows with steps: one table line per step, medians over the boots of each
# kernel and their spread.
printf 'off\t1\t300\t9\ta=100,b=200\non\t1\t303\t9\ta=101,b=202\noff\t2\t330\t9\ta=100,b=230\non\t2\t333\t9\ta=101,b=232\n' >"$T_TMP/srows"
run_cmd python3 "$P" table "$T_TMP/srows"
check_sh "the table gives each step's medians, ratio and spread" \
	'[ "$rc" = 0 ] && grep -Eq "^a +100 +101 +1.0100 +0.00% +0.00%$" <<<"$out" &&
	 grep -Eq "^b +215 +217 +1.0093 +13.95% +13.82%$" <<<"$out"'
# A third kernel (ICOUNT_VARIANT) is compared with off and with on.
printf 'nopad\t1\t310\t9\ta=105,b=205\nnopad\t2\t340\t9\ta=106,b=234\n' >>"$T_TMP/srows"
run_cmd python3 "$P" table "$T_TMP/srows"
check_sh "a variant run gets its column, its ratio to off per step, and ratios to off and on" \
	'[ "$rc" = 0 ] && grep -Eq "^a +100 +101 +106 +1.0100 +1.0550 " <<<"$out" &&
	 grep -qx "kernel instructions, nopad / off: 1.0318 (median of 2; range 1.0303-1.0333)" <<<"$out" &&
	 grep -qx "kernel instructions, nopad / on: 1.0221 (median of 2; range 1.0210-1.0231)" <<<"$out" &&
	 grep -qx "kernel instructions, option on / off: 1.0095 (median of 2; range 1.0091-1.0100)" <<<"$out"'
bad_row "a run name that is not one" "'Pad!' is not a run name" clean.console "$F/clean.insns" 'Pad!'
printf 'off\t1\t300\t9\ta=100,b=200\non\t1\t303\t9\ta=101,c=202\n' >"$T_TMP/mixed"
expect_error "boots of different workloads" "the boots ran different workload steps" \
	python3 "$P" table "$T_TMP/mixed"
printf 'on\t1\t1010\t50\n' >"$T_TMP/rows1"
expect_error "no off boot to compare with" "no repetition has both an on and an off boot" \
	python3 "$P" table "$T_TMP/rows1"

S=$MEASURE/icount/icount.sh
expect_error "an architecture with no marker" "no marker instruction for riscv64 in measure/icount/nsvmark.c: use x86_64 or arm64" "$S" riscv64
expect_error "an unknown configuration" "no validate config pipeline/validate/nosuch.config: set ICOUNT_CONFIG" env ICOUNT_CONFIG=nosuch "$S"
expect_error "a bad repetition count" "ICOUNT_RUNS must be a positive number, not 'x'" env ICOUNT_RUNS=x "$S"
expect_error "a variant named on" "ICOUNT_VARIANT must be NAME=IMAGE with a lower-case NAME other than on and off, not 'on=x'" \
	env ICOUNT_VARIANT=on=x "$S"
expect_error "a variant without an image" "ICOUNT_VARIANT must be NAME=IMAGE .*not 'pad='" env ICOUNT_VARIANT=pad= "$S"
kt=${KT:-$TOP/build/linux}
if [ -d "$kt/.git" ]; then
	expect_error "no validate kernels" "no full validate tree at $T_TMP/b/validate/full/src: build them with: pipeline/validate.sh --config defconfig --runs \"full off\" x86_64" \
		env BUILD="$T_TMP/b" KT="$kt" "$S"
else
	expect_error "no kernel tree" "no kernel tree at $kt: run 'make tree' first" env KT="$kt" "$S"
fi

# The plugin builds against the declarations it carries, with warnings as errors.
if command -v gcc >/dev/null; then
	check "the plugin and the marker helper build" \
		sh -c "gcc -shared -fPIC -O2 -fvisibility=hidden -Wall -Wextra -Werror -o '$T_TMP/insns.so' '$MEASURE/icount/insns.c' &&
		       gcc -O2 -Wall -Werror -o '$T_TMP/nsvmark' '$MEASURE/icount/nsvmark.c' && '$T_TMP/nsvmark'"
	if command -v aarch64-linux-gnu-gcc >/dev/null; then
		check "the arm64 marker helper builds and holds hint #127" \
			sh -c "aarch64-linux-gnu-gcc -O2 -Wall -Werror -c -o '$T_TMP/nsvmark-arm64.o' '$MEASURE/icount/nsvmark.c' &&
			       aarch64-linux-gnu-objdump -d '$T_TMP/nsvmark-arm64.o' | grep -q 'd5032fff'"
	else
		skip "the arm64 marker helper builds" "no aarch64-linux-gnu-gcc: run 'make deps'"
	fi
else
	skip "the plugin and the marker helper build" "no gcc: run 'make deps'"
fi
finish
