#!/usr/bin/env bash
# Build pipeline/codegen (one function per speculation-safe iterator) as an
# external module against a configured, built kernel tree and check its
# disassembly with pipeline/branchless.py.  The object is never loaded.
# BRANCHLESS_SRC: the source tree BUILD_DIR was configured from (build/linux).
#   branchless.sh TARGET BUILD_DIR LABEL [--classic] [--expect-fail] [--results FILE]
# TARGET: a record of pipeline/targets/ (x86_64, x86_64-llvm, arm64).
# --classic builds the probe with the classic walks (-DCODEGEN_CLASSIC),
# whatever the kernel's setting: with --expect-fail, the negative control.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 3 ] || die "usage: branchless.sh TARGET BUILD_DIR LABEL [--classic] [--expect-fail] [--results FILE]"
target=$1 kbuild=$2 label=$3
shift 3
args=()
results_file=
classic=
while [ $# -gt 0 ]; do
	case $1 in
	--expect-fail) args+=(--expect-fail); shift ;;
	--classic) classic=1; shift ;;
	--results) args+=(--results "$2"); results_file=$2; shift 2 ;;
	*) die "unknown option $1: see the usage line in $0" ;;
	esac
done

target_load "$target"
arch=$T_arch
make_opts=(ARCH="$T_arch")
[ -n "$T_cross" ] && make_opts+=(CROSS_COMPILE="$T_cross")
for o in $T_make; do make_opts+=("$o"); done
objdump=$T_objdump
[ -f "$kbuild/.config" ] && [ -f "$kbuild/Module.symvers" ] ||
	die "$kbuild is not a built kernel tree with modules: run 'make kunit' first"

src=$BUILD/codegen/$label
rm -rf "$src"
mkdir -p "$src"
cp "$NOSPEC_TOP"/pipeline/codegen/{Kbuild,walks.c,sink.c,sink.h} "$src/"
[ -n "$classic" ] && echo 'ccflags-y += -DCODEGEN_CLASSIC' >>"$src/Kbuild"
log=$src/build.log
# W=2 (with -Wshadow): the walks must add no warning.  W=2 also reports
# pristine headers (GENMASK's -Wtype-limits in bits.h), so what counts is a
# warning located in the walks' headers or the probe, or any -Wshadow.
if ! make -C "${BRANCHLESS_SRC:-$KT}" O="$kbuild" M="$src" "${make_opts[@]}" W=2 -j"$(nproc)" modules >"$log" 2>&1; then
	die "$label: the codegen probe did not build (see $log)"
fi
walk_warnings() {
	grep 'warning:' "$log" |
		grep -E '(/(list|rculist|nospec)\.h|/asm/barrier\.h|/walks\.c|/sink\.c):[0-9]+:|\[-Wshadow' || true
}
nwarn=$(walk_warnings | grep -c . || true)
if [ "$nwarn" -gt 0 ]; then
	[ -n "${results_file:-}" ] && echo "FAIL codegen:$label:no-warning-at-W=2" >>"$results_file"
	die "$label: the walks add $nwarn warning(s) at W=2, first: $(walk_warnings | head -n1) (see $log)"
fi
[ -n "${results_file:-}" ] && echo "PASS codegen:$label:no-warning-at-W=2" >>"$results_file"
"$objdump" -dr --no-show-raw-insn "$src/walks.o" >"$src/walks.dis"
python3 "$NOSPEC_TOP/pipeline/branchless.py" --arch "$arch" --label "$label" \
	"${args[@]}" "$src/walks.dis"
