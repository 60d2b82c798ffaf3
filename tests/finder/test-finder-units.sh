#!/usr/bin/env bash
# The finder's modules on their own: tests/finder/test_finder.py (python3
# unittest, no spatch) on the files of tests/finder/test_data/.  Each
# unittest case is one counted test; a case skipped there is a SKIP here.
set -u
. "$(dirname "$0")/../lib.sh"

run_cmd python3 - "$TOP/tests/finder" <<'PY'
import sys
import unittest

sys.path.insert(0, sys.argv[1])
import test_finder  # noqa: E402


class Result(unittest.TestResult):
    def addSuccess(self, test):
        print("PASS", test.id())

    def addFailure(self, test, err):
        super().addFailure(test, err)
        print("FAIL", test.id())
        sys.stderr.write(self.failures[-1][1])

    def addError(self, test, err):
        super().addError(test, err)
        print("FAIL", test.id())
        sys.stderr.write(self.errors[-1][1])

    def addSkip(self, test, reason):
        print("SKIP", test.id(), reason)


unittest.defaultTestLoader.loadTestsFromModule(test_finder).run(Result())
PY
check "tests/finder/test_finder.py loads and runs" [ "$rc" -eq 0 ]
while read -r status id reason; do
	name=${id#test_finder.}
	case $status in
	PASS | FAIL) _record "$status" "$name" ;;
	SKIP)
		skip "$name" "$reason" ;;
	esac
done <<<"$out"
[ -z "$err" ] || sed 's/^/   /' <<<"$err" | head -n 40
finish
