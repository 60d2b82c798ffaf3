#!/usr/bin/env bash
# Build a minimal KUnit kernel for TARGET with pipeline/kunit/nospec.kunitconfig,
# boot it in QEMU (TCG) through the kernel's own kunit.py, and print the
# verdict table.  Non-zero exit on a build failure, a failed or missing test,
# a crash or a hang; the console log path is printed then.
#   kunit.sh TARGET NAME [--results FILE]
# NAME: nospec-on or nospec-off (the kunitconfig plus CONFIG_LIST_NOSPEC=y
# or =n through kunit.py's --kconfig_add), or the path of a .kunitconfig.
# TARGET: a record of pipeline/targets/ that names a QEMU (x86_64,
# x86_64-llvm, arm64; "x86_64/llvm" is x86_64-llvm).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] || die "usage: kunit.sh TARGET NAME [--results FILE]"
target=$1 name=$2
shift 2
results=()
[ "${1:-}" = "--results" ] && results=(--results "$2")

: "${KUNIT_BOOT_TIMEOUT:=180}"	# seconds for one guest to boot and run
: "${KUNIT_BUILD_TIMEOUT:=1800}"	# seconds for the whole kunit.py run

cfg=$NOSPEC_TOP/pipeline/kunit/nospec.kunitconfig
add=()
case $name in
*/*.kunitconfig) cfg=$name name=$(basename "$name" .kunitconfig) ;;
nospec-on) add=(CONFIG_LIST_NOSPEC=y) ;;
nospec-off) add=(CONFIG_LIST_NOSPEC=n) ;;
*) die "no KUnit config '$name': use nospec-on, nospec-off or the path of a .kunitconfig" ;;
esac
[ -f "$cfg" ] || die "no KUnit config $cfg: restore it from git or give another path"
[ -f "$KT/tools/testing/kunit/kunit.py" ] || die "no kernel tree at $KT: run 'make tree' first"

target_load "$target"
[ -n "$T_qemu" ] || die "target $T_name has no QEMU settings: use one of $(for t in $(target_names); do (target_load "$t"; [ -n "$T_qemu" ] && echo "$t"); done | tr '\n' ' ')"
ccache_env
target_need_tools
command -v "$T_qemu_bin" >/dev/null || die "$T_qemu_bin not found: run 'make deps' (or apt-get install $T_qemu_pkg)"
extra=("--make_options=CC=ccache $T_cross$T_cc")
[ -n "$T_cross" ] && extra+=("--cross_compile=$T_cross")
for o in $T_make; do extra+=("--make_options=$o"); done
for o in "${add[@]}"; do extra+=("--kconfig_add=$o"); done

# The suites that must run: what the config asks for (KUNIT_EXPECT overrides).
want=$(mktemp)
trap 'rm -f "$want"' EXIT
{ cat "$cfg"; printf '%s\n' "${add[@]}"; } >"$want"
: "${KUNIT_EXPECT:=$(kunit_suites "$want")}"

run=$T_name-$name
out=$BUILD/kunit/$run
mkdir -p "$out"
log=$BUILD/kunit/$run.log
json=$BUILD/kunit/$run.json
rm -f "$json" "$out/test.log"

note "building and booting $run (log: $log)"
set +e
(cd "$KT" && timeout -k 10 "$KUNIT_BUILD_TIMEOUT" python3 tools/testing/kunit/kunit.py run \
	--arch="$T_qemu" "${extra[@]}" --build_dir="$out" --kunitconfig="$cfg" \
	--jobs="$(nproc)" --timeout="$KUNIT_BOOT_TIMEOUT" --json="$json") >"$log" 2>&1
rc=$?
set -e
if [ ! -f "$out/test.log" ]; then
	if [ $rc -eq 124 ]; then
		die "$run: kunit.py timed out after ${KUNIT_BUILD_TIMEOUT}s before booting (see $log)"
	fi
	die "$run: kernel did not build or boot (kunit.py exit $rc): see $log"
fi
grep -q 'Timed out\|timed out' "$log" && note "$run: the guest hit the ${KUNIT_BOOT_TIMEOUT}s boot timeout"

python3 "$NOSPEC_TOP/pipeline/verdict.py" --label "$run" --json "$json" \
	--console "$out/test.log" --expect "$KUNIT_EXPECT" "${results[@]}" || exit 1
[ $rc -eq 0 ] || die "$run: kunit.py exited $rc although every test passed (see $log)"
