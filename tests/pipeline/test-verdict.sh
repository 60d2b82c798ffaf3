#!/usr/bin/env bash
# scripts/verdict.py: the table and the exit code for every way a KUnit run
# can go wrong (failed case, missing suite, nothing ran, crash, no results).
set -u
. "$(dirname "$0")/../lib.sh"

V=$PIPELINE/verdict.py
mkjson() {	# mkjson FILE STATUS...: one suite "s" with one case per STATUS
	python3 - "$@" <<'PY'
import json, sys
path, statuses = sys.argv[1], sys.argv[2:]
cases = [{"name": f"c{i}", "status": s} for i, s in enumerate(statuses)]
doc = {"name": "KUnit Test Group", "test_cases": [],
       "sub_groups": [{"name": "s", "test_cases": cases, "sub_groups": []}]}
json.dump(doc, open(path, "w"))
PY
}
clean=$T_TMP/clean.log
printf 'KTAP version 1\nok 1 s\n' >"$clean"

mkjson "$T_TMP/pass.json" PASS PASS SKIP
run_cmd python3 "$V" --label r --json "$T_TMP/pass.json" --console "$clean" --expect s \
	--results "$T_TMP/res"
check "all passed: exit 0" [ "$rc" -eq 0 ]
check "all passed: table row" grep -qE '^r +s +2 +0 +1$' <<<"$out"
check "per-case results written" [ "$(grep -c '^PASS r:s.c' "$T_TMP/res")" -eq 2 ]

mkjson "$T_TMP/fail.json" PASS FAIL ERROR
run_cmd python3 "$V" --label r --json "$T_TMP/fail.json" --console "$clean"
check "failed and crashed cases: exit 1" [ "$rc" -eq 1 ]
check "failed cases counted" grep -qE '^r +s +1 +2 +0$' <<<"$out"
check "failure names the console log" grep -q "console log: $clean" <<<"$err"

run_cmd python3 "$V" --label r --json "$T_TMP/pass.json" --console "$clean" --expect s,list-nospec
check_sh "missing suite: exit 1" '[ "$rc" -eq 1 ] && grep -q "suite list-nospec did not run" <<<"$err"'

printf '{"name": "KUnit Test Group", "test_cases": [], "sub_groups": []}' >"$T_TMP/empty.json"
run_cmd python3 "$V" --label r --json "$T_TMP/empty.json" --console "$clean"
check_sh "no test ran: exit 1" '[ "$rc" -eq 1 ] && grep -q "no test case ran" <<<"$err"'

run_cmd python3 "$V" --label r --json "$T_TMP/none.json" --console "$clean"
check_sh "no JSON: exit 1" '[ "$rc" -eq 1 ] && grep -q "no KUnit results" <<<"$err"'

for crash in 'Kernel panic - not syncing: Fatal exception' \
	'BUG: kernel NULL pointer dereference, address: 0000000000000008' \
	'Oops: 0000 [#1] PREEMPT SMP' 'Unable to handle kernel NULL pointer dereference'; do
	printf 'KTAP version 1\n[    0.5] %s\n' "$crash" >"$T_TMP/crash.log"
	run_cmd python3 "$V" --label r --json "$T_TMP/pass.json" --console "$T_TMP/crash.log"
	check_sh "crash on the console fails the run: ${crash%%:*}" \
		'[ "$rc" -eq 1 ] && grep -q "kernel crashed" <<<"$err"'
done

run_cmd python3 "$V" --label r --json "$T_TMP/pass.json" --console "$T_TMP/no-such.log"
check "no console log: exit 1" [ "$rc" -eq 1 ]

finish
