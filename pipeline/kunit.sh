#!/usr/bin/env bash
# Build a minimal KUnit kernel for TARGET with pipeline/kunit/NAME.kunitconfig,
# boot it in QEMU (TCG) through the kernel's own kunit.py, and print the
# verdict table.  Non-zero exit on a build failure, a failed or missing test,
# a crash or a hang; the console log path is printed then.
#   kunit.sh TARGET NAME [--results FILE]
# NAME: a config of pipeline/kunit/ (nospec-on, nospec-off) or the path of a
# .kunitconfig file.
# TARGET: x86_64 (gcc), x86_64/llvm (clang, LLVM=1) or arm64 (Debian's
# aarch64-linux-gnu- cross gcc).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] || die "usage: kunit.sh TARGET NAME [--results FILE]"
target=$1 name=$2
shift 2
results=()
[ "${1:-}" = "--results" ] && results=(--results "$2")

: "${KUNIT_BOOT_TIMEOUT:=180}"	# seconds for one guest to boot and run
: "${KUNIT_BUILD_TIMEOUT:=1800}"	# seconds for the whole kunit.py run
: "${KUNIT_EXPECT:=select_nospec,list-nospec,rculist-nospec,hlist-nospec,list-kunit-test}"

# NAME is one of pipeline/kunit/, or the path of another .kunitconfig.
case $name in
*/*.kunitconfig) cfg=$name name=$(basename "$name" .kunitconfig) ;;
*) cfg=$NOSPEC_TOP/pipeline/kunit/$name.kunitconfig ;;
esac
[ -f "$cfg" ] || die "no KUnit config $cfg: pick one of $(ls "$NOSPEC_TOP/pipeline/kunit" | sed 's/\.kunitconfig//' | tr '\n' ' ')"
[ -f "$KT/tools/testing/kunit/kunit.py" ] || die "no kernel tree at $KT: run 'make tree' first"

arch=${target%%/*}
ccache_env
case $target in
x86_64) qemu=qemu-system-x86_64 pkg=qemu-system-x86 extra=("--make_options=CC=ccache gcc") ;;
x86_64/llvm) qemu=qemu-system-x86_64 pkg=qemu-system-x86 extra=(--make_options=LLVM=1 "--make_options=CC=ccache clang")
	command -v clang >/dev/null && command -v ld.lld >/dev/null ||
		die "clang or ld.lld not found: run 'make deps' (or apt-get install clang lld llvm)" ;;
arm64) qemu=qemu-system-aarch64 pkg=qemu-system-arm
	extra=(--cross_compile=aarch64-linux-gnu- "--make_options=CC=ccache aarch64-linux-gnu-gcc")
	command -v aarch64-linux-gnu-gcc >/dev/null ||
		die "aarch64-linux-gnu-gcc not found: run 'make deps' (or apt-get install gcc-aarch64-linux-gnu)" ;;
*) die "unsupported TARGET '$target': use x86_64, x86_64/llvm or arm64" ;;
esac
command -v "$qemu" >/dev/null || die "$qemu not found: run 'make deps' (or apt-get install $pkg)"

run=${target//\//-}-$name
out=$BUILD/kunit/$run
mkdir -p "$out"
log=$BUILD/kunit/$run.log
json=$BUILD/kunit/$run.json
rm -f "$json" "$out/test.log"

note "building and booting $run (log: $log)"
set +e
(cd "$KT" && timeout -k 10 "$KUNIT_BUILD_TIMEOUT" python3 tools/testing/kunit/kunit.py run \
	--arch="$arch" "${extra[@]}" --build_dir="$out" --kunitconfig="$cfg" \
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
