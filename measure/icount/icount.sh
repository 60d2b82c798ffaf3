#!/usr/bin/env bash
# Benchmark: guest instructions the validate workload executes with
# CONFIG_LIST_NOSPEC on and off -- a cost figure of the whole kernel that
# these machines can measure (no PMU here, and TCG has none).
#
#   icount.sh [ARCH]          (x86_64, the only one with a marker so far)
#
# ICOUNT_CONFIG names the validate configuration whose kernels it boots:
# defconfig (KASAN, the default) or nokasan (the same without KASAN, whose
# checks otherwise dilute the figure; build those kernels with
# 'pipeline/validate.sh --config nokasan --runs "full off" x86_64').
#
# Boots the kernels 'make validate CONTROL=1' built (build/validate/full and
# build/validate/off: the whole series, option on and off, defconfig with
# KASAN; full-nokasan and off-nokasan for ICOUNT_CONFIG=nokasan) under QEMU TCG with one vCPU, '-icount shift=0,sleep=off' (guest
# time follows the instruction count, so timer interrupts land the same way
# run after run) and measure/icount/insns.so, a plugin that counts executed
# instructions in the kernel (upper half) and below it.  The guest's /init is
# the validate workload; it runs /bin/nsvmark right before and after it, and
# the counts between the two marks are the workload's.  ICOUNT_RUNS (3)
# boots of each kernel, alternating.  Instructions, not time.
set -euo pipefail
. "$(dirname "$0")/../../pipeline/lib.sh"

arch=${1:-x86_64}
[ "$arch" = x86_64 ] || die "no marker instruction for $arch in measure/icount/nsvmark.c: run 'make icount' for x86_64"
runs=${ICOUNT_RUNS:-3}
case $runs in '' | *[!0-9]* | 0) die "ICOUNT_RUNS must be a positive number, not '$runs'" ;; esac
: "${ICOUNT_BOOT_TIMEOUT:=1800}"
cfg=${ICOUNT_CONFIG:-defconfig}
[ -f "$NOSPEC_TOP/pipeline/validate/$cfg.config" ] ||
	die "no validate config pipeline/validate/$cfg.config: set ICOUNT_CONFIG to defconfig or nokasan"
sfx=
[ "$cfg" = defconfig ] || sfx=-$cfg
target_load "$arch"
command -v "$T_qemu_bin" >/dev/null || die "$T_qemu_bin not found: run 'make deps'"
[ -d "$KT/.git" ] || die "no kernel tree at $KT: run 'make tree' first"

D=$NOSPEC_TOP/measure/icount
out=$BUILD/icount
mkdir -p "$out"
head=$(git -C "$KT" rev-parse HEAD)
need="build them with: pipeline/validate.sh --config $cfg --runs \"full off\" $arch"

# image RUN WANT: the bzImage of build/validate/RUN, checked to be built
# from build/linux's HEAD with CONFIG_LIST_NOSPEC as WANT (y or n).
image() {
	local run=$1 want=$2 dir=$BUILD/validate/$1$sfx obj img got
	obj=$dir/obj-$T_arch
	img=$obj/arch/x86/boot/bzImage
	[ -f "$img" ] || die "no $run$sfx kernel at $img: $need"
	[ "$(git -C "$dir/src" rev-parse HEAD 2>/dev/null)" = "$head" ] ||
		die "the $run kernel is not built from build/linux's HEAD ($head): $need"
	[ "$img" -nt "$obj/.config" ] || die "the $run kernel is older than its .config: $need"
	got=$(sed -n 's/^CONFIG_LIST_NOSPEC=//p' "$obj/.config")
	[ "${got:-n}" = "$want" ] || die "the $run kernel has CONFIG_LIST_NOSPEC=${got:-n}, not $want: $need"
	echo "$img"
}
img_on=$(image full y)
img_off=$(image off n)
initrd=$BUILD/validate/$T_arch/initramfs.cpio.gz
[ -f "$initrd" ] || die "no validate initramfs at $initrd: $need"

gcc -shared -fPIC -O2 -fvisibility=hidden -Wall -Wextra -Werror \
	-o "$out/insns.so" "$D/insns.c" || die "cannot build the QEMU plugin $D/insns.c with gcc"
rm -rf "$out/root"
mkdir -p "$out/root/bin"
gcc -static -O2 -Wall -Werror -o "$out/root/bin/nsvmark" "$D/nsvmark.c" ||
	die "cannot build nsvmark with gcc -static: apt-get install libc6-dev, then rerun"
# The validate initramfs goes last: the bootconfig it carries must stay at
# the end of the initrd (the kernel looks for it there and unpacks the rest).
(cd "$out/root" && find . | cpio -o -H newc --quiet | gzip -1) >"$out/nsvmark.cpio.gz"
cat "$out/nsvmark.cpio.gz" "$initrd" >"$out/initrd.gz"

rows=$out/rows
: >"$rows"
for rep in $(seq 1 "$runs"); do
	for run in off on; do
		img=$img_off
		[ $run = on ] && img=$img_on
		log=$out/$run-$rep.console
		plog=$out/$run-$rep.insns
		note "$run $rep/$runs: booting (console: $log)"
		rm -f "$plog"
		rc=0
		timeout -k 5 "$ICOUNT_BOOT_TIMEOUT" "$T_qemu_bin" -nographic -no-reboot -m 2048 -smp 1 \
			-icount shift=0,sleep=off -plugin "$out/insns.so" -d plugin -D "$plog" \
			-bios qboot.rom -kernel "$img" -initrd "$out/initrd.gz" \
			-append "console=ttyS0 panic=-1 kunit.enable=0 nsv.icount" \
			</dev/null >"$log" 2>&1 || rc=$?
		[ $rc -eq 0 ] || die "$run $rep: QEMU exited with $rc (timeout ${ICOUNT_BOOT_TIMEOUT}s is 124): see $log"
		python3 "$D/icount.py" row --run "$run" --rep "$rep" --console "$log" --insns "$plog" >>"$rows" ||
			exit 1
	done
done

echo
echo "Instructions of the validate workload ($(ksrc_version), $(series_files | wc -l) patches; $T_arch, validate config $cfg; TCG, 1 vCPU, -icount shift=0)"
python3 "$D/icount.py" table "$rows"
