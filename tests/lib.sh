# shellcheck shell=bash
# Minimal assertions for the host-side tests; source from a tests/*/test-*.sh.
# Each assertion is one test: it prints "ok"/"not ok" and, when RESULTS is
# set, appends "PASS|FAIL host:<file>:<description>" to that file.

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PIPELINE=$TOP/pipeline
FINDER=$TOP/finder
MEASURE=$TOP/measure
T_NAME=$(basename "$0" .sh)
T_FAILED=0
T_TMP=$(mktemp -d)
trap 'rm -rf "$T_TMP"' EXIT

_record() {
	local status=$1 desc=$2
	if [ "$status" = PASS ]; then
		echo "ok - $T_NAME: $desc"
	else
		echo "not ok - $T_NAME: $desc"
		T_FAILED=$((T_FAILED + 1))
	fi
	[ -n "${RESULTS:-}" ] && echo "$status host:$T_NAME:$desc" >>"$RESULTS"
	return 0
}

# check DESC COND...: pass when the command COND... succeeds.
check() {
	local desc=$1
	shift
	if "$@"; then _record PASS "$desc"; else _record FAIL "$desc"; fi
}

# check_sh DESC 'SHELL EXPRESSION': pass when the expression (evaluated here,
# so it sees the test's variables) succeeds; for conditions joined by &&.
check_sh() {
	local desc=$1
	if eval "$2"; then _record PASS "$desc"; else _record FAIL "$desc"; fi
}

# run_cmd CMD...: run, keeping exit code in $rc, stdout in $out, stderr in $err.
run_cmd() {
	"$@" >"$T_TMP/out" 2>"$T_TMP/err"
	rc=$?
	out=$(cat "$T_TMP/out")
	err=$(cat "$T_TMP/err")
}

# expect_error DESC REGEX CMD...: CMD fails, and the last line of its stderr
# is a one-line error (no stack trace, no noise) that matches REGEX.
expect_error() {
	local desc=$1 re=$2 last
	shift 2
	run_cmd "$@"
	last=$(tail -n1 <<<"$err")
	if [ "$rc" -ne 0 ] && grep -qE -- "$re" <<<"$last" && grep -q 'error: ' <<<"$last"; then
		_record PASS "$desc"
	else
		_record FAIL "$desc"
		printf '   rc=%s stderr: %s\n' "$rc" "$err" | head -n5
	fi
}

# skip DESC REASON: a test that cannot run here, and why; make check counts
# it as skipped, never as passed.
skip() {
	echo "SKIP - $T_NAME: $1 ($2)"
	[ -n "${RESULTS:-}" ] && echo "SKIP host:$T_NAME:$1 ($2)" >>"$RESULTS"
	return 0
}

# skip_all REASON: skip every test named on stdin, one per line, for one
# reason (a whole group that cannot run here).
skip_all() {
	local desc
	while IFS= read -r desc; do
		[ -n "$desc" ] && skip "$desc" "$1"
	done
}

finish() { [ "$T_FAILED" -eq 0 ]; }
