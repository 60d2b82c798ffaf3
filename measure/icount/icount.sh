#!/usr/bin/env bash
# Benchmark: guest instructions the validate workload executes with
# CONFIG_LIST_NOSPEC on and off -- a cost figure of the whole kernel that
# these machines can measure (no PMU here, and TCG has none).
#
#   icount.sh [ARCH]          (x86_64, the default, or arm64)
#
# ICOUNT_CONFIG names the validate configuration whose kernels it boots:
# defconfig (KASAN, the default) or nokasan (the same without KASAN, whose
# checks otherwise dilute the figure; build those kernels with
# 'pipeline/validate.sh --config nokasan --runs "full off" x86_64').
#
# Boots the kernels 'make validate CONTROL=1' built (build/validate/full and
# build/validate/off: the whole series, option on and off, defconfig with
# KASAN; full-nokasan and off-nokasan for ICOUNT_CONFIG=nokasan) under QEMU
# TCG with one vCPU, '-icount shift=0,sleep=off' (guest time follows the
# instruction count, so timer interrupts land the same way run after run)
# and measure/icount/insns.so, a plugin that counts executed instructions
# in the kernel (upper half) and below it.  The guest's /init is
# the validate workload; it runs /bin/nsvmark right before it, after each of
# its steps and after it: the counts between the first and last marks are
# the workload's, those between the others its steps'.  ICOUNT_RUNS (3)
# boots of each kernel, alternating.  Instructions, not time.
#
# ICOUNT_VARIANT=NAME=IMAGE boots one more kernel image, built elsewhere
# with the same configuration (say the series without one patch), in every
# repetition after off and on; the table compares it with both.
set -euo pipefail
. "$(dirname "$0")/../../pipeline/lib.sh"

arch=${1:-x86_64}
case $arch in x86_64|arm64) ;; *) die "no marker instruction for $arch in measure/icount/nsvmark.c: use x86_64 or arm64" ;; esac
runs=${ICOUNT_RUNS:-3}
case $runs in '' | *[!0-9]* | 0) die "ICOUNT_RUNS must be a positive number, not '$runs'" ;; esac
: "${ICOUNT_BOOT_TIMEOUT:=1800}"
vname= img_var=
if [ -n "${ICOUNT_VARIANT:-}" ]; then
	vname=${ICOUNT_VARIANT%%=*}
	img_var=${ICOUNT_VARIANT#*=}
	[[ $ICOUNT_VARIANT = *=?* && $vname =~ ^[a-z][a-z0-9-]*$ && $vname != on && $vname != off ]] ||
		die "ICOUNT_VARIANT must be NAME=IMAGE with a lower-case NAME other than on and off, not '$ICOUNT_VARIANT'"
fi
cfg=${ICOUNT_CONFIG:-defconfig}
[ -f "$NOSPEC_TOP/pipeline/validate/$cfg.config" ] ||
	die "no validate config pipeline/validate/$cfg.config: set ICOUNT_CONFIG to defconfig or nokasan"
sfx=
[ "$cfg" = defconfig ] || sfx=-$cfg
target_load "$arch"
[ -d "$KT/.git" ] || die "no kernel tree at $KT: run 'make tree' first"

D=$NOSPEC_TOP/measure/icount
out=$BUILD/icount/$T_arch
mkdir -p "$out"
head=$(git -C "$KT" rev-parse HEAD)
need="build them with: pipeline/validate.sh --config $cfg --runs \"full off\" $arch"

# image RUN WANT: the kernel image of build/validate/RUN, checked to be built
# from build/linux's HEAD with CONFIG_LIST_NOSPEC as WANT (y or n).
image() {
	local run=$1 want=$2 dir=$BUILD/validate/$1$sfx obj img got
	obj=$dir/obj-$T_arch
	img=$obj/$Q_kernel
	[ -f "$img" ] || die "no $run$sfx kernel at $img: $need"
	[ "$(git -C "$dir/src" rev-parse HEAD 2>/dev/null)" = "$head" ] ||
		die "the $run kernel is not built from build/linux's HEAD ($head): $need"
	[ "$img" -nt "$obj/.config" ] || die "the $run kernel is older than its .config: $need"
	got=$(sed -n 's/^CONFIG_LIST_NOSPEC=//p' "$obj/.config")
	[ "${got:-n}" = "$want" ] || die "the $run kernel has CONFIG_LIST_NOSPEC=${got:-n}, not $want: $need"
	echo "$img"
}
src=$BUILD/validate/full$sfx/src
[ -d "$src/tools/testing/kunit" ] || die "no full$sfx validate tree at $src: $need"
qp=$(qemu_params "$src") || die "cannot read QEMU settings from $src/tools/testing/kunit/qemu_configs/$T_qemu.py"
eval "$qp"
command -v "$Q_bin" >/dev/null || die "$Q_bin not found: run 'make deps' (or apt-get install $T_qemu_pkg)"
img_on=$(image full y)
img_off=$(image off n)
[ -z "$img_var" ] || [ -f "$img_var" ] || die "no kernel image at $img_var (ICOUNT_VARIANT): build it first"
initrd=$BUILD/validate/$T_arch/initramfs.cpio.gz
[ -f "$initrd" ] || die "no validate initramfs at $initrd: $need"

gcc -shared -fPIC -O2 -fvisibility=hidden -Wall -Wextra -Werror \
	-o "$out/insns.so" "$D/insns.c" || die "cannot build the QEMU plugin $D/insns.c with gcc"
rm -rf "$out/root"
mkdir -p "$out/root/bin"
"${T_cross}gcc" -static -O2 -Wall -Werror -o "$out/root/bin/nsvmark" "$D/nsvmark.c" ||
	die "cannot build nsvmark with ${T_cross}gcc -static: apt-get install libc6-dev$( [ -n "$T_cross" ] && echo "-$T_debarch-cross"), then rerun"
# The validate initramfs goes last: the bootconfig it carries must stay at
# the end of the initrd (the kernel looks for it there and unpacks the rest).
(cd "$out/root" && find . | cpio -o -H newc --quiet | gzip -1) >"$out/nsvmark.cpio.gz"
cat "$out/nsvmark.cpio.gz" "$initrd" >"$out/initrd.gz"

rows=$out/rows
: >"$rows"
for rep in $(seq 1 "$runs"); do
	for run in off on $vname; do
		case $run in
		off) img=$img_off ;;
		on) img=$img_on ;;
		*) img=$img_var ;;
		esac
		log=$out/$run-$rep.console
		plog=$out/$run-$rep.insns
		note "$run $rep/$runs: booting (console: $log)"
		rm -f "$plog"
		rc=0
		timeout -k 5 "$ICOUNT_BOOT_TIMEOUT" "$Q_bin" -nographic -no-reboot -m 2048 -smp 1 \
			-icount shift=0,sleep=off -plugin "$out/insns.so" -d plugin -D "$plog" \
			-kernel "$img" -initrd "$out/initrd.gz" \
			-append "$Q_cmdline panic=-1 kunit.enable=0 nsv.icount" "${Q_extra[@]}" \
			</dev/null >"$log" 2>&1 || rc=$?
		[ $rc -eq 0 ] || die "$run $rep: QEMU exited with $rc (timeout ${ICOUNT_BOOT_TIMEOUT}s is 124): see $log"
		python3 "$D/icount.py" row --run "$run" --rep "$rep" --console "$log" --insns "$plog" >>"$rows" ||
			exit 1
	done
done

echo
echo "Instructions of the validate workload ($(ksrc_version), $(series_files | wc -l) patches; $T_arch, validate config $cfg; TCG, 1 vCPU, -icount shift=0)"
python3 "$D/icount.py" table "$rows"
