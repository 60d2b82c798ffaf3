#!/usr/bin/env bash
# Build measure/loops/loops.c against the pristine tools/ headers of
# build/linux's root commit and against the project's mirror of the
# series' iterators with CONFIG_LIST_NOSPEC, then compare their loops
# (measure/loops/loops.py): each may grow by its select and nothing else.
# User space only; loads nothing.
#   loops.sh [SHAPE]
# SHAPE: series (the default), or ccmp, the walks with a C compare driving
# the loop (measure/loops/ccmp/asm/barrier.h), which the check rejects.
# LOOPS_OUT (build/loops) holds the objects and listings; CC; CFLAGS_EXTRA,
# flags for the tried build only (a control: -fno-tree-loop-im).
set -euo pipefail
. "$(dirname "$0")/../../pipeline/lib.sh"

shape=${1:-series}
case $shape in series|ccmp) ;; *) die "usage: loops.sh [series|ccmp], not '$shape'" ;; esac
[ "$(uname -m)" = x86_64 ] || die "loops.sh reads x86_64 code; run it on an x86_64 machine"
: "${LOOPS_OUT:=$BUILD/loops}" "${CC:=gcc}"
git -C "$KT" rev-parse -q --verify HEAD >/dev/null 2>&1 ||
	die "no kernel tree at $KT; run 'make tree' first (or set KT): the pristine tools/include comes from it"
D=$NOSPEC_TOP/measure/loops
rm -rf "${LOOPS_OUT:?}"
mkdir -p "$LOOPS_OUT"
pristine_tools "$KT" "$LOOPS_OUT" ||
	die "cannot extract the pristine tools/include from $KT; run 'make tree'"
p=$LOOPS_OUT/tools
build() {	# build NAME FLAGS...: compile and disassemble loops.c
	local name=$1
	shift
	"$CC" -O2 -Wall -Werror "$@" -I"$p/include" -I"$p/arch/x86/include" \
		-c "$D/loops.c" -o "$LOOPS_OUT/$name.o" 2>"$LOOPS_OUT/$name.log" ||
		die "compiling loops.c ($name) failed: see $LOOPS_OUT/$name.log"
	objdump -d --no-show-raw-insn "$LOOPS_OUT/$name.o" >"$LOOPS_OUT/$name.dis"
}
mirror=(-DCONFIG_LIST_NOSPEC -I"$MIRROR" -I"$MIRROR/arch/x86")
[ "$shape" = series ] || mirror=(-I"$D/ccmp" "${mirror[@]}")
build pristine
# shellcheck disable=SC2086
build "$shape" "${mirror[@]}" ${CFLAGS_EXTRA:-}
echo "loops of measure/loops/loops.c, $("$CC" --version | head -n1) -O2: pristine (base) against $shape (tried)"
python3 "$D/loops.py" "$LOOPS_OUT/pristine.dis" "$LOOPS_OUT/$shape.dis"
