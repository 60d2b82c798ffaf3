#!/usr/bin/env bash
# The host-side benchmark of the list iterators (issue 6): builds
# measure/bench/walks.c against the pristine tools/include and against the
# project's mirror of the series' iterators (measure/include) in front of
# it, runs every variant side by side, prints the table, writes
# results.tsv, cycles.png and ratios.png to $BENCH_OUT (build/bench).
#
#   measure/bench/bench.sh            the full run (about 2 minutes)
#   BENCH_QUICK=1 measure/bench/bench.sh   small lists, 3 rounds (tests)
#
# Environment: BENCH_ROUNDS (default 9, at least 7), BENCH_SIZES (comma list, default
# 300,1000,10000,100000,1000000), BENCH_ELEMS (elements per sample of a
# small list, default 20000), BENCH_OUT, KT (the pristine tools/include
# comes from its root commit), CC; BENCH_FAULT=1 also
# self-checks the 'naive' walk that ignores a body reassigning pos, which
# must make the run fail (the test uses it to show the check can fail).
set -euo pipefail
. "$(dirname "$0")/../../pipeline/lib.sh"

: "${BENCH_OUT:=$BUILD/bench}"
: "${BENCH_QUICK:=0}"
: "${BENCH_FAULT:=0}"
: "${CC:=gcc}"
SRC=$NOSPEC_TOP/measure/bench

case $BENCH_QUICK in 0|1) ;; *) die "BENCH_QUICK must be 0 or 1, not '$BENCH_QUICK'" ;; esac
case $BENCH_FAULT in 0|1) ;; *) die "BENCH_FAULT must be 0 or 1, not '$BENCH_FAULT'" ;; esac
if [ "$BENCH_QUICK" = 1 ]; then
	: "${BENCH_ROUNDS:=3}" "${BENCH_SIZES:=300,1000,10000}" "${BENCH_ELEMS:=5000}"
else
	: "${BENCH_ROUNDS:=9}" "${BENCH_SIZES:=300,1000,10000,100000,1000000}" "${BENCH_ELEMS:=20000}"
fi
[[ $BENCH_ROUNDS =~ ^[0-9]+$ ]] && [ "$BENCH_ROUNDS" -ge 1 ] && [ "$BENCH_ROUNDS" -le 101 ] ||
	die "BENCH_ROUNDS must be a whole number from 1 to 101 (7 or more for a real run), not '$BENCH_ROUNDS'"
[ "$BENCH_QUICK" = 1 ] || [ "$BENCH_ROUNDS" -ge 7 ] ||
	die "a full run needs BENCH_ROUNDS >= 7 (issue 6); use BENCH_QUICK=1 for a short one"
[[ $BENCH_SIZES =~ ^[0-9]+(,[0-9]+)*$ ]] ||
	die "BENCH_SIZES must be comma-separated element counts like 1000,100000, not '$BENCH_SIZES'"
[[ $BENCH_ELEMS =~ ^[0-9]+$ ]] && [ "$BENCH_ELEMS" -ge 1 ] ||
	die "BENCH_ELEMS must be a positive whole number, not '$BENCH_ELEMS'"

[ "$(uname -m)" = x86_64 ] || die "the benchmark is x86_64 only (rdtsc, CMOV); run it on an x86_64 machine"
command -v "$CC" >/dev/null || die "no C compiler '$CC'; run 'make deps' or apt-get install gcc"
command -v objdump >/dev/null || die "objdump is missing; apt-get install binutils"
command -v gnuplot >/dev/null || die "gnuplot is missing; run 'make bench' (installs it) or apt-get install gnuplot-nox"
git -C "$KT" rev-parse --verify -q HEAD >/dev/null 2>&1 ||
	die "no kernel tree at $KT; run 'make tree' first (or set KT): the pristine tools/include comes from it"
root=$(base_commit_of "$KT")
[ -f "$MIRROR/linux/list.h" ] && [ -f "$MIRROR/arch/x86/asm/barrier.h" ] ||
	die "the mirror of the nospec iterators is missing from $MIRROR; restore it from git"

# Headers: the pristine tools/ extracted from the root commit, never read
# from the live tree; the mirror in front of it for the series' variants.
mkdir -p "$BENCH_OUT"
for d in pristine obj; do rm -rf "${BENCH_OUT:?}/$d"; mkdir -p "$BENCH_OUT/$d"; done
pristine_tools "$KT" "$BENCH_OUT/pristine" ||
	die "cannot extract the pristine tools/include from $KT; run 'make tree'"

CFLAGS=(-O2 -Wall -Wextra -Werror -fno-strict-aliasing -fno-tree-vectorize)
inc() {	# inc HEADERS: the -I options of the pristine headers or of the mirror
	local p=$BENCH_OUT/pristine/tools
	[ "$1" = vanilla ] || echo "-I$MIRROR -I$MIRROR/arch/x86"
	echo "-I$p/include -I$p/arch/x86/include"
}
compile() {	# compile VARIANT HEADERS EXTRA...
	local v=$1 h=$2
	shift 2
	# shellcheck disable=SC2046
	"$CC" "${CFLAGS[@]}" -DVARIANT="$v" "$@" $(inc "$h") -c "$SRC/walks.c" \
		-o "$BENCH_OUT/obj/walks-$v.o" 2>"$BENCH_OUT/obj/walks-$v.log" ||
		die "compiling the $v walks failed (see $BENCH_OUT/obj/walks-$v.log): measure/include or the pristine headers of $KT may have changed"
	objdump -d --no-show-raw-insn "$BENCH_OUT/obj/walks-$v.o" >"$BENCH_OUT/disasm-$v.txt"
}
compile vanilla vanilla
compile nospec mirror -DCONFIG_LIST_NOSPEC
compile rfc mirror
compile exp mirror -DCONFIG_LIST_NOSPEC
compile cursor mirror -DCONFIG_LIST_NOSPEC -DVARIANT_IS_CURSOR
compile naive mirror
# shellcheck disable=SC2046
"$CC" "${CFLAGS[@]}" $(inc vanilla) -c "$SRC/bench.c" -o "$BENCH_OUT/obj/bench.o" \
	2>"$BENCH_OUT/obj/bench.log" || die "compiling measure/bench/bench.c failed (see $BENCH_OUT/obj/bench.log)"
"$CC" -o "$BENCH_OUT/bench" "$BENCH_OUT"/obj/*.o || die "linking the benchmark failed"

# What the machine is and how busy.
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n1)
ncpu=$(nproc)
if ! command -v perf >/dev/null; then
	perfstat="perf not installed (apt-get install linux-perf); TSC only"
else
	# perf stat -x, prints "VALUE,UNIT,EVENT,..." or "<not supported>,,EVENT".
	pout=$(perf stat -x, -e cycles,instructions true 2>&1 >/dev/null || true)
	if grep -qE '^[0-9]+,[^,]*,(cycles|instructions)' <<<"$pout" &&
		! grep -q 'not supported' <<<"$pout"; then
		perfstat="perf stat: cycles/instructions supported"
	elif grep -q 'not supported' <<<"$pout"; then
		perfstat="perf stat: cycles/instructions <not supported> here (no PMU in this VM?); TSC only"
	else
		perfstat="perf stat failed ($(head -n1 <<<"$pout"); perf_event_paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null)); TSC only"
	fi
fi
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
# The mirror as this run used it: its last commit, and whether it has
# uncommitted edits.
mirror_rev=$(git -C "$NOSPEC_TOP" log -1 --format='%h %s' -- measure/include 2>/dev/null || true)
[ -z "$(git -C "$NOSPEC_TOP" status --porcelain -- measure/include 2>/dev/null)" ] ||
	mirror_rev="${mirror_rev:+$mirror_rev, }with uncommitted edits"

args=(--rounds "$BENCH_ROUNDS" --sizes "$BENCH_SIZES" --elems "$BENCH_ELEMS"
	--tsv "$BENCH_OUT/results.tsv.new")
[ "$BENCH_FAULT" = 1 ] && args+=(--also-check naive)
{
	echo "nospec-list benchmark, $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "cpu: $cpu, $ncpu CPUs; kernel $(uname -r); $("$CC" --version | head -n1)"
	echo "headers: pristine tools/ of $KT $(git -C "$KT" rev-parse --short "$root") vs the mirror measure/include (${mirror_rev:-not in git})"
	echo "$perfstat"
	echo "load average before: $load_before"
} | tee "$BENCH_OUT/table.txt"
rm -f "$BENCH_OUT/results.tsv.new"
set +e
"$BENCH_OUT/bench" "${args[@]}" 2>"$BENCH_OUT/bench.err" | tee -a "$BENCH_OUT/table.txt"
rc=${PIPESTATUS[0]}
set -e
if [ "$rc" -ne 0 ]; then
	cat "$BENCH_OUT/bench.err" >&2
	die "the benchmark failed (exit $rc): $(tail -n1 "$BENCH_OUT/bench.err" | sed 's/^bench: error: //')"
fi
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
echo "load average after: $load_after" | tee -a "$BENCH_OUT/table.txt"
{
	echo "# nospec-list benchmark; cpu: $cpu; load before: $load_before; after: $load_after"
	echo "# TSC ticks per element (medians); $perfstat"
	cat "$BENCH_OUT/results.tsv.new"
} >"$BENCH_OUT/results.tsv"
rm -f "$BENCH_OUT/results.tsv.new"

# The plots: one panel per macro and body, against list size; cycles.png
# the ticks per element, ratios.png each variant over vanilla.
plot() {	# plot FILE YLABEL LOGY COLUMNS-EXPR...
	local out=$1 ylabel=$2 logy=$3
	shift 3
	gnuplot >>"$BENCH_OUT/gnuplot.log" 2>&1 <<GP
set terminal pngcairo noenhanced size 1600,900 font ",10"
set output "$out"
set datafile separator "\t"
set datafile missing "NA"
set logscale x
$logy
set key top left
set grid
set xlabel "list size (elements)"
set ylabel "$ylabel"
set multiplot layout 2,4 title "nospec-list: $ylabel, median of $BENCH_ROUNDS interleaved rounds ($cpu; load $load_before)"
do for [b in "empty light"] {
  do for [m in "list_for_each_entry list_for_each_entry_safe list_for_each_entry_reverse hlist_for_each_entry"] {
    set title sprintf("%s, %s body", m, b)
    f = sprintf("< awk -F'\t' '\$1==\"%s\" && \$2==\"%s\"' '$BENCH_OUT/results.tsv'", m, b)
    plot $*
  }
}
unset multiplot
GP
}
: >"$BENCH_OUT/gnuplot.log"
plot "$BENCH_OUT/cycles.png" "TSC ticks per element" "set logscale y" \
	'f using 3:4 with linespoints lw 2 title "vanilla",' \
	'f using 3:5 with linespoints lw 2 title "nospec (series)",' \
	'f using 3:6 with linespoints lw 2 title "rfc shape",' \
	'f using 3:7 with linespoints lw 1 dt 2 title "exp (value select)",' \
	'f using 3:8 with linespoints lw 1 dt 3 title "cursor (the walk, no select)"' ||
	die "gnuplot failed (see $BENCH_OUT/gnuplot.log)"
plot "$BENCH_OUT/ratios.png" "ticks per element / vanilla" "set yrange [0.6:2]" \
	'1 with lines lc "black" notitle,' \
	'f using 3:9 with linespoints lw 2 title "nospec / vanilla",' \
	'f using 3:10 with linespoints lw 2 title "rfc / vanilla",' \
	'f using 3:11 with linespoints lw 1 dt 2 title "exp / vanilla",' \
	'f using 3:12 with linespoints lw 1 dt 3 title "cursor / vanilla"' ||
	die "gnuplot failed (see $BENCH_OUT/gnuplot.log)"
[ -s "$BENCH_OUT/ratios.png" ] || die "gnuplot wrote no $BENCH_OUT/ratios.png (see $BENCH_OUT/gnuplot.log)"
[ -s "$BENCH_OUT/cycles.png" ] || die "gnuplot wrote no $BENCH_OUT/cycles.png (see $BENCH_OUT/gnuplot.log)"
note "table: $BENCH_OUT/table.txt, data: $BENCH_OUT/results.tsv, plots: $BENCH_OUT/cycles.png $BENCH_OUT/ratios.png"
