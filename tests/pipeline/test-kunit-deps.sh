#!/usr/bin/env bash
# pipeline/kunit.sh and pipeline/deps.sh against stand-ins: bad arguments,
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
with open(os.path.join(os.environ['BUILD'], 'args'), 'a') as f:
    f.write(' '.join(sys.argv[1:]) + '\n')
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

# kunit_suites: the suites a config builds; the -classic twins only with
# the option on.
printf 'CONFIG_LIST_KUNIT_TEST=y\nCONFIG_LIST_NOSPEC_KUNIT_TEST=y\n' >"$T_TMP/off.config"
{ cat "$T_TMP/off.config"; echo CONFIG_LIST_NOSPEC=y; } >"$T_TMP/on.config"
printf 'CONFIG_LIST_KUNIT_TEST=y\n# CONFIG_LIST_NOSPEC_KUNIT_TEST is not set\nCONFIG_LIST_NOSPEC=y\n' >"$T_TMP/nolist.config"
su() { bash -c '. "$1/lib.sh" && kunit_suites "$2"' _ "$PIPELINE" "$1"; }
check "kunit_suites, option off: the nospec suites, no -classic" \
	[ "$(su "$T_TMP/off.config")" = list-kunit-test,select_nospec,list-nospec,rculist-nospec,hlist-nospec ]
check "kunit_suites, option on: the -classic twins too" \
	[ "$(su "$T_TMP/on.config")" = list-kunit-test,select_nospec,list-nospec,rculist-nospec,hlist-nospec,list-nospec-classic,rculist-nospec-classic,hlist-nospec-classic ]
check "kunit_suites, the nospec tests not built: list-kunit-test only" \
	[ "$(su "$T_TMP/nolist.config")" = list-kunit-test ]

export KUNIT_EXPECT=a,b
expect_error "unknown target: the known ones listed" "unknown target 'vax': use one of .*x86_64-llvm" \
	"$PIPELINE/kunit.sh" vax nospec-on
expect_error "a target that cannot boot: the ones that can" "target riscv has no QEMU settings: use one of arm64 x86_64 x86_64-llvm" \
	"$PIPELINE/kunit.sh" riscv nospec-on
expect_error "unknown config" "no KUnit config 'no-such-config'" "$PIPELINE/kunit.sh" x86_64 no-such-config
expect_error "no kernel tree" "run 'make tree' first" env KT="$T_TMP/none" "$PIPELINE/kunit.sh" x86_64 nospec-on
expect_error "QEMU missing" "qemu-system-x86_64 not found: run 'make deps'" \
	env PATH="$NOQEMU" "$PIPELINE/kunit.sh" x86_64 nospec-on

if command -v qemu-system-x86_64 >/dev/null; then
	run_cmd env FAKE_KUNIT=ok "$PIPELINE/kunit.sh" x86_64 nospec-on
	check "stand-in run that passes: exit 0" [ "$rc" -eq 0 ]
	check "verdict table printed" grep -qE '^x86_64-nospec-on +a +1 +0 +0$' <<<"$out"
	check_sh "nospec-on: one kunitconfig, the option added with --kconfig_add" \
		'grep -q -- "--kunitconfig=$TOP/pipeline/kunit/nospec.kunitconfig .*--kconfig_add=CONFIG_LIST_NOSPEC=y\|--kconfig_add=CONFIG_LIST_NOSPEC=y.*--kunitconfig=$TOP/pipeline/kunit/nospec.kunitconfig" "$BUILD/args"'
	rm -f "$BUILD/args"
	run_cmd env FAKE_KUNIT=ok "$PIPELINE/kunit.sh" x86_64 nospec-off
	check_sh "nospec-off: the same kunitconfig, CONFIG_LIST_NOSPEC=n added" \
		'[ "$rc" -eq 0 ] && grep -q -- "--kconfig_add=CONFIG_LIST_NOSPEC=n" "$BUILD/args" && ! grep -q "NOSPEC=y" "$BUILD/args"'
	rm -f "$BUILD/args"
	if command -v aarch64-linux-gnu-gcc >/dev/null && command -v qemu-system-aarch64 >/dev/null; then
		run_cmd env FAKE_KUNIT=ok "$PIPELINE/kunit.sh" arm64 nospec-on
		check_sh "arm64: the record's cross prefix, compiler and QEMU arch reach kunit.py" \
			'[ "$rc" -eq 0 ] && grep -q -- "--arch=arm64 .*--make_options=CC=ccache aarch64-linux-gnu-gcc.*--cross_compile=aarch64-linux-gnu-" "$BUILD/args"'
	else
		skip "arm64 stand-in run" "aarch64-linux-gnu-gcc or qemu-system-aarch64 not installed; run 'make deps'"
	fi
	if command -v clang >/dev/null && command -v ld.lld >/dev/null; then
		rm -f "$BUILD/args"
		run_cmd env FAKE_KUNIT=ok "$PIPELINE/kunit.sh" x86_64/llvm nospec-on
		check_sh "x86_64/llvm: the x86_64-llvm record, LLVM=1 and clang" \
			'[ "$rc" -eq 0 ] && grep -q -- "--make_options=CC=ccache clang --make_options=LLVM=1" "$BUILD/args" && grep -qE "^x86_64-llvm-nospec-on " <<<"$out"'
	else
		skip "x86_64/llvm stand-in run" "clang or ld.lld not installed; run 'make deps'"
	fi
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
