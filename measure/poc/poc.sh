#!/usr/bin/env bash
# Measure the transient leak of the list iterators in user space: build
# measure/poc/poc.c against the vanilla tools/include/linux/list.h and
# against the project's mirror of the series' iterators (measure/include,
# see its README), run both once, print one table.  See docs/poc.md.
#
#   poc.sh [--short] [--bytes N] [--trials N] [--seed N] [--raw FILE]
#          [--mirror DIR]
#
#   --short      a quick run for the host test (16 bytes, 10 trials each)
#   --bytes N    secret bytes per row (default 40)
#   --trials N   flush+reload trials per byte (default 30)
#   --seed N     seed of the random secret, 0..4294967295 (default: random)
#   --raw FILE   also write the machine-readable results to FILE
#   --mirror DIR take the nospec headers from DIR (laid out as
#                measure/include) instead of measure/include; an empty DIR
#                gives a 'nospec' build that is really vanilla: the host
#                test's negative control
#
# Exits 0 after a measurement, whatever it shows (the table says it), and
# also when the CPU shows no transient leakage (prints SKIP); non-zero only
# when it cannot build or run.  User space only: nothing is loaded into the
# kernel.
set -euo pipefail
. "$(dirname "$0")/../../pipeline/lib.sh"

bytes=40 trials=30 seed='' raw='' mirror=$MIRROR
while [ $# -gt 0 ]; do
	case "$1" in
	--short) bytes=16 trials=10 ;;
	--bytes|--trials|--seed|--raw|--mirror)
		[ $# -ge 2 ] || die "$1 needs a value; see 'measure/poc/poc.sh --help'"
		case "$1" in
		--mirror) mirror=$2 ;;
		--bytes) bytes=$2 ;;
		--trials) trials=$2 ;;
		--seed) seed=$2 ;;
		--raw) raw=$2 ;;
		esac
		shift ;;
	-h|--help) sed -n '2,23p' "$0"; exit 0 ;;
	*) die "unknown option '$1'; see 'measure/poc/poc.sh --help'" ;;
	esac
	shift
done
for v in "$bytes" "$trials" ${seed:+"$seed"}; do
	[[ $v =~ ^[0-9]+$ ]] || die "'$v' is not a number; --bytes, --trials and --seed take whole numbers"
done
if [ "$bytes" -lt 1 ] || [ "$bytes" -gt 256 ]; then die "--bytes must be 1..256"; fi
if [ "$trials" -lt 1 ] || [ "$trials" -gt 10000 ]; then die "--trials must be 1..10000"; fi
if [ -n "$seed" ] && { [ ${#seed} -gt 10 ] || [ "$seed" -gt 4294967295 ]; }; then
	die "--seed must be 0..4294967295"
fi
[ "$(uname -m)" = x86_64 ] || die "the PoC is x86_64 only (CLFLUSH, RDTSCP); run it on an x86_64 machine"
command -v gcc >/dev/null || die "gcc is missing; run 'make deps'"
command -v objdump >/dev/null || die "objdump is missing; install binutils"
git -C "$KT" rev-parse --verify -q HEAD >/dev/null 2>&1 ||
	die "no kernel tree at $KT; run 'make tree' first (or set KT): the pristine tools/include comes from it"
[ -d "$mirror" ] || die "--mirror $mirror is no directory; give one laid out as measure/include"

out=$BUILD/poc
src=$NOSPEC_TOP/measure/poc/poc.c
[ -f "$src" ] || die "$src is missing; restore it from git"
mirror=$(cd "$mirror" && pwd)

# The pristine tools/ by extraction from the root commit (the pristine
# Debian source), never from the live tree; the nospec build puts the
# mirror in front of it.
mkdir -p "$out"
rm -rf "$out/pristine"
pristine_tools "$KT" "$out/pristine" ||
	die "cannot extract the pristine tools/include from $KT; run 'make tree'"
build_one() {	# build_one NAME [CFLAGS...]: CFLAGS' -I go before the pristine ones
	local name=$1
	shift
	gcc -O2 -Wall -Wextra "$@" -I"$out/pristine/tools/include" \
		-I"$out/pristine/tools/arch/x86/include" -o "$out/poc-$name" "$src" -lm \
		2>"$out/build-$name.log" ||
		die "building the $name PoC failed; see $out/build-$name.log"
	objdump -d --no-show-raw-insn "$out/poc-$name" >"$out/poc-$name.dis"
}
build_one vanilla
build_one nospec -DCONFIG_LIST_NOSPEC -I"$mirror" -I"$mirror/arch/x86"

# Does the walk in victim_<variant> of build NAME contain a CMOV?
has_cmov() {
	awk -v f="<victim_$2>:" '$2 == f { on = 1; next } on && /^$/ { exit }
		on && /\tcmov/ { n++ } END { exit !n }' "$out/poc-$1.dis"
}
# ... and the conditional branch that the training mistrains?
has_jcc() {
	awk -v f="<victim_$2>:" '$2 == f { on = 1; next } on && /^$/ { exit }
		on && /\tj(n?e|n?z|a|ae|b|be) / { n++ } END { exit !n }' "$out/poc-$1.dis"
}

[ -n "$seed" ] || seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
args=(--bytes "$bytes" --trials "$trials" --seed "$seed")
for b in vanilla nospec; do
	what=--variants
	[ $b = vanilla ] && what="--calibration --variants"
	# shellcheck disable=SC2086
	"$out/poc-$b" $what "${args[@]}" >"$out/$b.out" 2>"$out/$b.err" ||
		die "the $b PoC failed: $(tail -n1 "$out/$b.err"); see $out/$b.out"
done

field() { awk -v k="$2" '$1 == k { $1 = ""; sub(/^ /, ""); print; exit }' "$1"; }
result() { awk -v k="$2" '$1 == "result" && $2 == k { print $3, $4, $5, $6; exit }' "$1"; }

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n1)
read -r hit miss thr usable <<<"$(field "$out/vanilla.out" timing)"
{
	echo "raw cpu $cpu"
	echo "raw seed $seed bytes $bytes trials $trials"
	echo "raw timing $hit $miss $thr $usable"
} >"$out/raw"

printf 'List-iterator transient leak, user-space PoC (flush+reload)\n'
printf 'cpu: %s; %s\n' "$cpu" "$(gcc --version | head -n1)"
printf 'timing: cached load %s cycles, flushed %s, hit threshold %s\n' "$hit" "$miss" "$thr"
if [ "$usable" != ok ]; then
	echo "raw skip timing" >>"$out/raw"
	[ -z "$raw" ] || cp "$out/raw" "$raw"
	echo "SKIP: flush+reload cannot tell cached from flushed loads on this CPU"
	exit 0
fi
read -r n ceil alpha <<<"$(field "$out/vanilla.out" ceiling)"
read -r ctried cgot _ <<<"$(result "$out/vanilla.out" calibration)"
echo "raw ceiling $n $ceil $alpha" >>"$out/raw"
echo "raw calibration $ctried $cgot" >>"$out/raw"
pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f %%", b ? 100 * a / b : 0 }'; }
printf 'secret: %s random bytes (1..255, seed %s), %s trials per byte\n' "$bytes" "$seed" "$trials"
printf 'chance: a byte is recovered when its probe slot is the hottest by 2x;\n'
printf '        by luck p <= 1/255 per byte, so >= %s of %s is a leak (binomial tail <= %s)\n' \
	"$ceil" "$n" "$alpha"
printf 'calibration, classic bounds-check bypass: %s of %s recovered (%s)\n' \
	"$cgot" "$ctried" "$(pct "$cgot" "$ctried")"
if [ "$cgot" -lt "$ceil" ]; then
	echo "raw skip calibration" >>"$out/raw"
	[ -z "$raw" ] || cp "$out/raw" "$raw"
	echo "SKIP: no transient leakage observable on this CPU"
	exit 0
fi
echo

fmt='%-28s %-8s %5s %9s %8s %11s %-5s %s\n'
# shellcheck disable=SC2059
printf "$fmt" variant build tried recovered rate mispredicted cmov verdict
for v in list_for_each_entry list_for_each_entry_safe \
	list_for_each_entry_reverse hlist_for_each_entry; do
	for b in vanilla nospec; do
		read -r tried got seen of <<<"$(result "$out/$b.out" "$v")"
		[ -n "${of:-}" ] || die "no result for $v in $out/$b.out; rerun, or see that file"
		cm=no
		has_cmov "$b" "$v" && cm=yes
		jc=no
		has_jcc "$b" "$v" && jc=yes
		if [ "$got" -ge "$ceil" ]; then verdict=LEAKS; else verdict=chance; fi
		[ "$v" = hlist_for_each_entry ] && [ $b = vanilla ] &&
			verdict="$verdict (n/a: transient pos is container_of(NULL), no gadget)"
		# shellcheck disable=SC2059
		printf "$fmt" "$v" "$b" "$tried" "$got" "$(pct "$got" "$tried")" \
			"$seen/$of" "$cm" "$verdict"
		echo "raw row $v $b $tried $got $seen $of cmov=$cm jcc=$jc" >>"$out/raw"
	done
done
echo
echo "mispredicted: trials in which the transient extra iteration ran (a marker"
echo "line touched only by it was cached); recovered needs pos to be attacker-controlled."
[ -z "$raw" ] || cp "$out/raw" "$raw"
