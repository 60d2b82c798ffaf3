#!/usr/bin/env bash
# Kernel text cost of CONFIG_LIST_NOSPEC: build the same x86_64 defconfig
# vmlinux with the option off and on, then report the growth of the code in
# .text (function symbols), the CMOVs added and the functions that grew most
# (the kernel's scripts/bloat-o-meter).  A benchmark:
# about 20 minutes per full build on 2 cores (a header change rebuilds
# both); reuses build/ktext/ and the project's ccache between runs.
#   ktext.sh [--top N]
set -euo pipefail
. "$(dirname "$0")/../../pipeline/lib.sh"

top=25
if [ "${1:-}" = "--top" ]; then
	[[ "${2:-}" =~ ^[0-9]+$ ]] || die "--top takes a number, e.g. --top 25"
	top=$2
elif [ $# -gt 0 ]; then
	die "usage: ktext.sh [--top N]"
fi
[ -f "$KT/Makefile" ] || die "no kernel tree at $KT: run 'make tree' first"

ccache_env
cc=(CC="ccache gcc" HOSTCC="ccache gcc")
out=$BUILD/ktext
mkdir -p "$out"
for opt in off on; do
	o=$out/$opt
	mkdir -p "$o"
	log=$out/$opt.log
	note "building x86_64 defconfig vmlinux, CONFIG_LIST_NOSPEC=$opt (log: $log)"
	{
		make -C "$KT" O="$o" ARCH=x86_64 "${cc[@]}" x86_64_defconfig
		if [ $opt = on ]; then
			"$KT/scripts/config" --file "$o/.config" -e LIST_NOSPEC
		else
			"$KT/scripts/config" --file "$o/.config" -d LIST_NOSPEC
		fi
		make -C "$KT" O="$o" ARCH=x86_64 "${cc[@]}" olddefconfig
		make -C "$KT" O="$o" ARCH=x86_64 "${cc[@]}" -j"$(nproc)" vmlinux
	} >"$log" 2>&1 || die "the $opt build failed (see $log)"
	want=$([ $opt = on ] && echo y || echo '')
	got=$(sed -n 's/^CONFIG_LIST_NOSPEC=//p' "$o/.config")
	[ "$got" = "$want" ] || die "CONFIG_LIST_NOSPEC is '$got' in $o/.config, expected '$want'"
done

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
