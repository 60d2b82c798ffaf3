#!/usr/bin/env bash
# Everything testable, for 'make check': the series applies without fuzz,
# checkpatch --strict is clean on every patch, the KUnit suites pass in QEMU
# with CONFIG_LIST_NOSPEC on (and, in the same kernels, the -classic suites
# on the option-off walks), the whole x86_64 kernel boots, the code check
# holds and is caught failing on the classic walks, every changed file
# compiles, the finder finds nothing left, and the host-side tests pass.  Ends with "N passed, N failed, N skipped".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

S=$NOSPEC_TOP/pipeline
F=$NOSPEC_TOP/finder
mkdir -p "$BUILD/check"
results=$BUILD/check/results
: >"$results"
record() { echo "$1 $2" >>"$results"; }
section() { printf '\n== %s (%s UTC)\n' "$*" "$(date -u +%H:%M:%S)"; }

section "series applies to Debian $(ksrc_version)"
if "$S/tree.sh"; then
	record PASS series:applies
	fuzz=$(sed -n 's/^fuzz=//p' "$KT/.git/nospec-state" 2>/dev/null)
	if [ "${fuzz:-0}" = 0 ]; then
		record PASS series:no-fuzz
	else
		record FAIL series:no-fuzz
		echo "$fuzz patches applied only with fuzz or offset" >&2
	fi
	tree_ok=1
else
	record FAIL series:applies
	tree_ok=0
fi

if [ $tree_ok = 1 ]; then
	section "checkpatch --strict"
	"$S/checkpatch.sh" --results "$results"

	# A run that never got to its verdict (build failure, hang) writes no
	# per-case line; the script's own exit status is a test too.
	# The x86_64 option-on KUnit kernel is the validate kernel below: it
	# boots the same suites built in, and its objects feed the code check.
	# No option-off kernel: the -classic suites test the classic walks in
	# every option-on kernel, and the negative control of the code check
	# builds the probe with the classic walks against the validate kernel;
	# offcode.sh compares that object with the same probe compiled on the
	# pristine headers.
	section "KUnit in QEMU"
	if KUNIT_RUNS=${CHECK_KUNIT_RUNS:-x86_64-llvm:nospec-on arm64:nospec-on} \
		"$S/kunit-all.sh" --results "$results"; then
		record PASS kunit:every-run-built-booted-and-checked
	else
		record FAIL kunit:every-run-built-booted-and-checked
	fi

	section "whole kernel: x86_64 (validate --config ci), series on, KASAN, workload"
	if "$S/validate.sh" --config ci --runs full --results "$results" x86_64; then
		record PASS validate:x86_64-full-ci
		BRANCHLESS_SRC=$BUILD/validate/full-ci/src \
			"$S/branchless.sh" x86_64 "$BUILD/validate/full-ci/obj-x86_64" x86_64-validate-ci \
			--results "$results" || record FAIL validate:x86_64-full-ci-branchless
		section "code check, negative control: the probe with the classic walks must fail"
		BRANCHLESS_SRC=$BUILD/validate/full-ci/src \
			"$S/branchless.sh" x86_64 "$BUILD/validate/full-ci/obj-x86_64" x86_64-classic \
			--classic --expect-fail --results "$results" ||
			record FAIL validate:x86_64-classic-branchless
		section "option-off code: the probe's walks compiled on the series' headers and on pristine ones"
		"$S/offcode.sh" x86_64 "$BUILD/validate/full-ci/obj-x86_64" "$BUILD/codegen/x86_64-classic" \
			"$BUILD/validate/full-ci/src" --results "$results" ||
			record FAIL offcode:x86_64-classic-same-as-pristine
	else
		record FAIL validate:x86_64-full-ci
	fi

	# The fast form: option on only, pristine warnings from the recorded
	# baseline; 'make compile-check' does the full off/on/pristine run.
	section "compile check: every .c file the series changes, W=1, option on vs pristine"
	if "$S/compile-check.sh" --fast --results "$results"; then
		record PASS compile-check:all-files
	else
		record FAIL compile-check:all-files
	fi

	# After the series the finder may report only the sites left on
	# purpose (docs/fixes.tsv, finder/scan-allow.tsv), counted per file.
	section "finder: no unexplained use of a cursor after its loop, series applied"
	if TREE=$KT SCAN_OUT=$BUILD/check/scan "$F/scan.sh" >"$BUILD/check/scan.log" 2>&1; then
		if python3 "$F/scan_expect.py" "$BUILD/check/scan/report.json" \
			"$NOSPEC_TOP/docs/fixes.tsv" "$F/scan-allow.tsv"; then
			record PASS scan:every-reported-site-explained
		else
			record FAIL scan:every-reported-site-explained
		fi
	else
		record FAIL scan:ran
		echo "check.sh: error: make scan failed on $KT: see $BUILD/check/scan.log" >&2
	fi
fi

section "host-side tests"
if "$NOSPEC_TOP/tests/run.sh" --results "$results"; then
	record PASS host:every-test-script-exited-0
else
	record FAIL host:every-test-script-exited-0
fi

pass=$(grep -c '^PASS' "$results")
fail=$(grep -c '^FAIL' "$results")
skip=$(grep -c '^SKIP' "$results")
echo
if [ "$fail" -gt 0 ]; then
	echo "failed:"
	sed -n 's/^FAIL /  /p' "$results"
fi
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
