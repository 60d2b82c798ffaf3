#!/usr/bin/env bash
# scripts/kunit.sh and scripts/deps.sh against stand-ins: bad arguments,
# QEMU missing, a build failure, a guest that hangs or panics, apt failing.
# (The real KUnit runs are part of 'make check' itself.)
set -u
. "$(dirname "$0")/../lib.sh"

export BUILD=$T_TMP/build KT=$T_TMP/linux
mkdir -p "$KT/tools/testing/kunit" "$T_TMP/bin"

# A PATH with every /usr/bin command but QEMU, and stubs in front of it.
for f in /usr/bin/* /bin/*; do
	case ${f##*/} in qemu-system-*) continue ;; esac
	[ -e "$T_TMP/all/${f##*/}" ] || { mkdir -p "$T_TMP/all"; ln -s "$f" "$T_TMP/all/${f##*/}"; }
done
NOQEMU=$T_TMP/all

# kunit.py stand-in: behaviour chosen by $FAKE_KUNIT.
cat >"$KT/tools/testing/kunit/kunit.py" <<'PY'
import json, os, sys, time
args = dict(a[2:].split('=', 1) for a in sys.argv[1:] if a.startswith('--') and '=' in a)
mode = os.environ['FAKE_KUNIT']
if mode == 'buildfail':
    print('error: compilation failed'); sys.exit(1)
if mode == 'hang':
    time.sleep(600)
log = os.path.join(args['build_dir'], 'test.log')
with open(log, 'w') as f:
    f.write('KTAP version 1\n')
    if mode == 'panic':
        f.write('BUG: kernel NULL pointer dereference, address: 0000000000000010\n')
        f.write('Kernel panic - not syncing: Fatal exception\n')
cases = [{'name': 'c', 'status': 'PASS'}]
suites = [{'name': s, 'test_cases': cases, 'sub_groups': []} for s in ('a', 'b')]
json.dump({'name': 'KUnit Test Group', 'test_cases': [], 'sub_groups': suites},
          open(args['json'], 'w'))
sys.exit(1 if mode == 'panic' else 0)
PY

export KUNIT_EXPECT=a,b
expect_error "unknown target" "unsupported TARGET" "$PIPELINE/kunit.sh" riscv nospec-on
expect_error "unknown config" "no KUnit config" "$PIPELINE/kunit.sh" x86_64 no-such-config
expect_error "no kernel tree" "run 'make tree' first" env KT="$T_TMP/none" "$PIPELINE/kunit.sh" x86_64 nospec-on
expect_error "QEMU missing" "qemu-system-x86_64 not found: run 'make deps'" \
	env PATH="$NOQEMU" "$PIPELINE/kunit.sh" x86_64 nospec-on

if command -v qemu-system-x86_64 >/dev/null; then
	run_cmd env FAKE_KUNIT=ok "$PIPELINE/kunit.sh" x86_64 nospec-on
	check "stand-in run that passes: exit 0" [ "$rc" -eq 0 ]
	check "verdict table printed" grep -qE '^x86_64-nospec-on +a +1 +0 +0$' <<<"$out"
	expect_error "build failure" "did not build or boot" \
		env FAKE_KUNIT=buildfail "$PIPELINE/kunit.sh" x86_64 nospec-on
	expect_error "guest hang: killed at the time limit" "timed out" \
		env FAKE_KUNIT=hang KUNIT_BUILD_TIMEOUT=2 "$PIPELINE/kunit.sh" x86_64 nospec-on
	run_cmd env FAKE_KUNIT=panic "$PIPELINE/kunit.sh" x86_64 nospec-on
	check_sh "guest panic: exit 1 with the console log path" \
		'[ "$rc" -ne 0 ] && grep -q "kernel crashed: BUG: kernel NULL pointer.*console log: .*/test.log" <<<"$err"'
else
	skip "stand-in runs" "qemu-system-x86_64 not installed; run 'make deps'"
fi

# deps.sh: nothing to do when everything is there.
run_cmd "$PIPELINE/deps.sh" bash coreutils
check_sh "deps: all installed: exit 0, silent" '[ "$rc" -eq 0 ] && [ -z "$out$err" ]'
expect_error "deps: no arguments" "usage" "$PIPELINE/deps.sh"

# deps.sh with apt failing: a stub dpkg-query says "missing", apt-get fails.
printf '#!/bin/sh\nexit 1\n' >"$T_TMP/bin/dpkg-query"
printf '#!/bin/sh\necho "E: Could not resolve host" >&2\nexit 100\n' >"$T_TMP/bin/apt-get"
chmod +x "$T_TMP/bin/"*
expect_error "deps: apt-get failure is one line that says what to do" \
	"apt-get update failed .*rerun make" env PATH="$T_TMP/bin:$PATH" "$PIPELINE/deps.sh" some-package
rm "$T_TMP/bin/apt-get"
rm -f "$NOQEMU/apt-get"
expect_error "deps: no apt-get at all" "needs a Debian 12 machine" \
	env PATH="$T_TMP/bin:$NOQEMU" "$PIPELINE/deps.sh" some-package

finish
