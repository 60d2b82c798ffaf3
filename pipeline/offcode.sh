#!/usr/bin/env bash
# With CONFIG_LIST_NOSPEC off, the series must not change the code of any
# walk.  Takes the codegen probe that branchless.sh --classic built (the
# walks with the option off, pipeline/codegen/walks.c -DCODEGEN_CLASSIC),
# compiles the same walks.c with the same compiler command line against the
# pristine Debian headers instead of the series' ones, and compares the two
# objects function by function (pipeline/offcode.py).  Never loads anything.
#   offcode.sh TARGET BUILD_DIR PROBE_DIR SRC [--results FILE]
# BUILD_DIR: the kernel object directory the probe was built against;
# PROBE_DIR: build/codegen/LABEL of a --classic build; SRC: the source tree
# it was built from (its .walks.o.cmd names it).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 4 ] || die "usage: offcode.sh TARGET BUILD_DIR PROBE_DIR SRC [--results FILE]"
target=$1 rundir=$2 probe=$3 src=$4
shift 4
args=()
while [ $# -gt 0 ]; do
	case $1 in
	--results) args+=(--results "$2"); shift 2 ;;
	*) die "unknown option $1: see the usage line in $0" ;;
	esac
done
target_load "$target"
cmdfile=$probe/.walks.o.cmd
[ -f "$probe/walks.o" ] && [ -f "$cmdfile" ] ||
	die "$probe has no walks.o and .walks.o.cmd: run pipeline/branchless.sh $target BUILD_DIR LABEL --classic first"
grep -q 'CODEGEN_CLASSIC' "$probe/Kbuild" ||
	die "$probe is not a --classic build of the probe (no -DCODEGEN_CLASSIC in its Kbuild)"
src=$(cd "$src" && pwd)
[ -f "$src/include/linux/list.h" ] || die "$src is not a kernel source tree"

out=$BUILD/offcode/$(basename "$probe")
rm -rf "$out"
mkdir -p "$out/pristine"
base=$(base_commit_of "$KT")
srcarch=$T_arch
[ "$srcarch" = x86_64 ] && srcarch=x86
git -C "$KT" archive "$base" include "arch/$srcarch/include" scripts/subarch.include |
	tar -x -C "$out/pristine" ||
	die "cannot extract the pristine headers from $KT at $base: run 'make tree'"
cp "$probe"/walks.c "$probe"/sink.h "$out/"

# The command kbuild ran, with the series' source tree replaced by the
# pristine headers and the object written here.  It runs in the kernel's
# object directory, where the relative -I paths of generated headers point.
cmd=$(sed -n 's/^savedcmd_[^ ]* := //p' "$cmdfile")
[ -n "$cmd" ] || die "$cmdfile holds no command line"
cmd=${cmd//"$src/"/"$out/pristine/"}
cmd=${cmd//"$probe/walks.c"/"$out/walks.c"}
cmd=${cmd//"$probe/walks.o"/"$out/walks.o"}
cmd=$(printf '%s' "$cmd" | sed "s|-Wp,-MMD,[^ ]*|-Wp,-MMD,$out/.walks.o.d|")
[ -d "$rundir/include/generated" ] ||
	die "$rundir is not a built kernel object directory: run 'make kunit' or 'make validate' first"
if ! (cd "$rundir" && eval "$cmd") >"$out/build.log" 2>&1; then
	die "the probe did not build against the pristine headers (see $out/build.log)"
fi
grep -q "$out/pristine/include/linux/list.h" "$out/.walks.o.d" ||
	die "the pristine build did not read $out/pristine/include/linux/list.h: the command line was not rewritten (see $out/build.log)"
"$T_objdump" -dr --no-show-raw-insn "$out/walks.o" >"$out/pristine.dis"
"$T_objdump" -dr --no-show-raw-insn "$probe/walks.o" >"$out/series.dis"
python3 "$NOSPEC_TOP/pipeline/offcode.py" --label "offcode:$(basename "$probe")" \
	"${args[@]}" "$out/pristine.dis" "$out/series.dis"
