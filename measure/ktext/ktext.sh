#!/usr/bin/env bash
# Kernel text cost of CONFIG_LIST_NOSPEC: build the same x86_64 defconfig
# vmlinux with the option off and on, then report the growth of the code in
# .text (function symbols), the CMOVs added and the functions that grew most
# (the kernel's scripts/bloat-o-meter).  A benchmark:
# about 20 minutes per full build on 2 cores (a header change rebuilds
# both); reuses build/ktext/ and the project's ccache between runs.
#   ktext.sh [--top N] [--variant NAME=TREE]
# --variant also builds the option-on vmlinux of another tree (a git
# worktree of build/linux with a change to try, say) into build/ktext/NAME
# and writes build/ktext/report-NAME.txt: NAME against off and against on.
set -euo pipefail
. "$(dirname "$0")/../../pipeline/lib.sh"

usage="usage: ktext.sh [--top N] [--variant NAME=TREE]"
top=25
vname= vtree=
while [ $# -gt 0 ]; do
	case $1 in
	--top)
		[[ "${2:-}" =~ ^[0-9]+$ ]] || die "--top takes a number, e.g. --top 25"
		top=$2
		shift 2 ;;
	--variant)
		[[ "${2:-}" =~ ^([a-z0-9][a-z0-9-]*)=(.+)$ ]] ||
			die "--variant takes NAME=TREE, e.g. --variant pad=build/linux-pad"
		vname=${BASH_REMATCH[1]} vtree=${BASH_REMATCH[2]}
		case $vname in off|on) die "--variant: '$vname' is taken; choose another name" ;; esac
		[ -f "$vtree/Makefile" ] || die "--variant: no kernel tree at $vtree"
		vtree=$(cd "$vtree" && pwd)
		shift 2 ;;
	*) die "$usage" ;;
	esac
done
[ -f "$KT/Makefile" ] || die "no kernel tree at $KT: run 'make tree' first"

ccache_env
cc=(CC="ccache gcc" HOSTCC="ccache gcc")
out=$BUILD/ktext
mkdir -p "$out"
# build NAME TREE OPT: the x86_64 defconfig vmlinux of TREE with
# CONFIG_LIST_NOSPEC=OPT, in $out/NAME.
build() {
	local name=$1 tree=$2 opt=$3 o=$out/$1 log=$out/$1.log want got
	mkdir -p "$o"
	note "building x86_64 defconfig vmlinux of $tree, CONFIG_LIST_NOSPEC=$opt (log: $log)"
	{
		make -C "$tree" O="$o" ARCH=x86_64 "${cc[@]}" x86_64_defconfig
		if [ "$opt" = on ]; then
			"$tree/scripts/config" --file "$o/.config" -e LIST_NOSPEC
		else
			"$tree/scripts/config" --file "$o/.config" -d LIST_NOSPEC
		fi
		make -C "$tree" O="$o" ARCH=x86_64 "${cc[@]}" olddefconfig
		make -C "$tree" O="$o" ARCH=x86_64 "${cc[@]}" -j"$(nproc)" vmlinux
	} >"$log" 2>&1 || die "the $name build failed (see $log)"
	want=$([ "$opt" = on ] && echo y || echo '')
	got=$(sed -n 's/^CONFIG_LIST_NOSPEC=//p' "$o/.config")
	[ "$got" = "$want" ] || die "CONFIG_LIST_NOSPEC is '$got' in $o/.config, expected '$want'"
}
build off "$KT" off
build on "$KT" on
[ -z "$vname" ] || build "$vname" "$vtree" on

report=$out/report.txt
# The .text section of an x86_64 vmlinux is padded to a 2 MiB boundary,
# so "size" cannot see the growth; the code is the function symbols in it.
read -r off nf_off < <(python3 "$NOSPEC_TOP/measure/ktext/ktext_size.py" "$out/off/vmlinux")
read -r on nf_on < <(python3 "$NOSPEC_TOP/measure/ktext/ktext_size.py" "$out/on/vmlinux")
cmovs() { objdump -d --no-show-raw-insn --section=.text "$1" | grep -cE '\scmov' || true; }
{
	echo "x86_64 defconfig vmlinux, Debian $(ksrc_version), gcc $(gcc -dumpfullversion)"
	awk -v a="$off" -v b="$on" -v fa="$nf_off" -v fb="$nf_on" 'BEGIN {
		printf "code in .text (function symbols): off %d bytes (%d functions), on %d bytes (%d functions): %+d bytes (%+.3f %%)\n",
		       a, fa, b, fb, b - a, 100 * (b - a) / a }'
	echo "CMOV instructions in .text: off $(cmovs "$out/off/vmlinux"), on $(cmovs "$out/on/vmlinux")"
	echo ".text section (size -A, padded to 2 MiB): off $(size -A "$out/off/vmlinux" |
		awk '$1 == ".text" { print $2 }'), on $(size -A "$out/on/vmlinux" |
		awk '$1 == ".text" { print $2 }')"
	echo "size (Berkeley):"
	size "$out/off/vmlinux" "$out/on/vmlinux"
	echo
	echo "largest growth by function (scripts/bloat-o-meter -c off on):"
	# bloat-o-meter must read to the end: a closed pipe would kill it
	"$KT/scripts/bloat-o-meter" -c "$out/off/vmlinux" "$out/on/vmlinux" |
		awk -v n="$((top + 2))" 'NR <= n'
} >"$report"
cat "$report"
[ -n "$vname" ] || exit 0

vreport=$out/report-$vname.txt
read -r var nf_var < <(python3 "$NOSPEC_TOP/measure/ktext/ktext_size.py" "$out/$vname/vmlinux")
{
	echo
	echo "variant $vname: option-on vmlinux of $vtree ($(git -C "$vtree" log -1 --format='%h %s' 2>/dev/null || echo 'not a git tree'))"
	awk -v a="$off" -v b="$on" -v c="$var" -v fc="$nf_var" 'BEGIN {
		printf "code in .text (function symbols): %d bytes (%d functions): %+d bytes (%+.3f %%) against off, %+d bytes (%+.3f %%) against on\n",
		       c, fc, c - a, 100 * (c - a) / a, c - b, 100 * (c - b) / b }'
	echo "CMOV instructions in .text: $(cmovs "$out/$vname/vmlinux") (off $(cmovs "$out/off/vmlinux"), on $(cmovs "$out/on/vmlinux"))"
	echo
	echo "on against $vname, functions split by whether their number of calls changed (ktext_calls.py):"
	python3 "$NOSPEC_TOP/measure/ktext/ktext_calls.py" "$out/on/vmlinux" "$out/$vname/vmlinux"
	echo
	echo "largest changes by function (scripts/bloat-o-meter -c on $vname):"
	"$KT/scripts/bloat-o-meter" -c "$out/on/vmlinux" "$out/$vname/vmlinux" |
		awk -v n="$((top + 2))" 'NR <= n'
} >"$vreport"
cat "$vreport"
