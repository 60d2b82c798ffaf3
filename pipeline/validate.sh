#!/usr/bin/env bash
# Build whole kernels with the series and boot them in QEMU (TCG) under a
# workload that walks many kernel lists; print one verdict table.
#
#   validate.sh [--config NAME] [--runs "RUN..."] [--results FILE]
#               [--no-modules] [ARCH...]
#
# ARCH: x86_64, arm64 (default: both, or $VALIDATE_ARCHES).
# RUN:  full  the whole series, CONFIG_LIST_NOSPEC=y      (default)
#       off   the whole series, CONFIG_LIST_NOSPEC=n      (control: baseline)
#       core  the core patches alone (no fixes, no conversions), =y (the cost
#             of not fixing; expected to oops)
#       CONTROL=1 in the environment means --runs "full off core".
# NAME: pipeline/validate/NAME.config, added to the base its "# base:" line
#       names (defconfig: the architecture's defconfig; ci: a smaller kernel
#       for 'make check').
#
# --no-modules (or VALIDATE_MODULES=0): build the kernel image only, not
#       the modules the configuration selects.  The guest loads no module
#       (everything the workload needs is built in), so this changes nothing
#       the boot shows; it saves most of an arm64 defconfig build, whose
#       drivers are modules.  The run notes how many modular options it left.
#
# Build trees: build/validate/RUN[-NAME]/src (a worktree of build/linux) and
# obj-ARCH beside it; console logs: build/validate/ARCH/RUN[-NAME].log.
# Exit non-zero when a full or off run fails (core runs are reported only).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

cfg=defconfig
runs=${VALIDATE_RUNS:-full}
[ "${CONTROL:-0}" = 1 ] && runs="full off core"
results=()
modules=${VALIDATE_MODULES:-1}
while [ $# -gt 0 ]; do
	case $1 in
	--config) cfg=${2:?}; shift 2 ;;
	--runs) runs=${2:?}; shift 2 ;;
	--results) results=(--results "${2:?}"); shift 2 ;;
	--no-modules) modules=0; shift ;;
	-*) die "unknown option $1: usage: validate.sh [--config NAME] [--runs \"full off core\"] [--results FILE] [--no-modules] [ARCH...]" ;;
	*) break ;;
	esac
done
case $modules in 0|1) ;; *) die "VALIDATE_MODULES must be 0 or 1, not '$modules'" ;; esac
arches=("$@")
[ ${#arches[@]} -gt 0 ] || read -r -a arches <<<"${VALIDATE_ARCHES:-x86_64 arm64}"

: "${VALIDATE_BUILD_TIMEOUT:=7200}"	# seconds for one kernel build
: "${VALIDATE_BOOT_TIMEOUT:=900}"	# seconds for one boot, workload included
# VALIDATE_EXPECT: the suites that must run; default, what each kernel's
# .config builds (lib.sh kunit_suites).

V=$NOSPEC_TOP/pipeline/validate
frag=$V/$cfg.config
[ -f "$frag" ] || die "no validate config $frag: use one of $(cd "$V" && ls -- *.config | sed 's/\.config$//' | tr '\n' ' ')"
base_cfg=$(sed -n 's/^# base: *//p' "$frag" | head -n1)
[ -n "$base_cfg" ] || die "$frag has no '# base: TARGET' line"
for r in $runs; do
	case $r in full|off|core) ;; *) die "unknown run '$r': use full, off or core" ;; esac
done
[ -d "$KT/.git" ] || die "no kernel tree at $KT: run 'make tree' first"
if [ -n "$(git -C "$KT" status --porcelain --untracked-files=no)" ]; then
	note "$KT has uncommitted changes: validate builds its commits only"
fi
command -v cpio >/dev/null || die "cpio not found: run 'make deps'"
command -v mke2fs >/dev/null || die "mke2fs not found: run 'make deps' (or apt-get install e2fsprogs)"
ccache_env

mapfile -t all_patches < <(series_files)
[ ${#all_patches[@]} -gt 0 ] || die "no patches in $PATCHES/series: restore patches/ from git"
python3 "$NOSPEC_TOP/pipeline/series.py" check "${all_patches[@]}" || exit 1
mapfile -t core_patches < <(python3 "$NOSPEC_TOP/pipeline/series.py" core "${all_patches[@]}")
mapfile -t fix_patches < <(python3 "$NOSPEC_TOP/pipeline/series.py" fixes "${all_patches[@]}")

# run_commit RUN DIR: the commit RUN builds (full and off: build/linux's
# HEAD; core: the pristine commit plus the core patches, made once with git
# am in DIR and remembered in DIR/../core.state).
run_commit() {
	local run=$1 dir=$2 key state commit
	if [ "$run" != core ]; then
		git -C "$KT" rev-parse HEAD
		return
	fi
	key=$(cat "${core_patches[@]}" | sha256sum | cut -c1-16)
	state=$dir/core.state
	commit=$(sed -n "s/^$key //p" "$state" 2>/dev/null || true)
	if [ -n "$commit" ] && git -C "$KT" cat-file -e "$commit^{commit}" 2>/dev/null; then
		echo "$commit"
		return
	fi
	worktree_at "$dir/src" "$(base_commit_of "$KT")" >&2
	git -C "$dir/src" -c user.name=nospec-list -c user.email=nospec-list@localhost \
		am -q "${core_patches[@]}" >&2 ||
		{ git -C "$dir/src" am --abort >/dev/null 2>&1 || true
		  die "the core patches do not apply without the fix patches: fix the series order, then rerun"; }
	commit=$(git -C "$dir/src" rev-parse HEAD)
	echo "$key $commit" >"$state"
	echo "$commit"
}

# configure SRC OBJ RUN: .config from the base and the fragment (with
# LIST_NOSPEC=n instead of =y for the off run); every option the fragment
# sets must stick.
configure() {
	local src=$1 obj=$2 run=$3 stamp want k v got
	local -a mk=(make -C "$src" O="$obj" ARCH="$T_arch" CROSS_COMPILE="$T_cross"
		CC="ccache $T_cross$T_cc" HOSTCC="ccache gcc" $T_make)
	want=$obj/nospec-validate.fragment
	mkdir -p "$obj"
	python3 "$NOSPEC_TOP/pipeline/validate.py" fragment --frag "$frag" --run "$run" \
		--kconfig "$Q_kconfig" --qemu "$T_qemu" >"$want.new" 2>"$want.err" ||
		die "$(tail -n1 "$want.err" | sed 's/^validate.py: error: //'): fix $frag"
	stamp="$base_cfg $(sha256sum <"$want.new" | cut -c1-16)"
	if [ -f "$obj/.config" ] && [ "$(cat "$obj/nospec-validate.stamp" 2>/dev/null)" = "$stamp" ]; then
		rm -f "$want.new"
		"${mk[@]}" -s olddefconfig >/dev/null 2>&1 || die "make olddefconfig failed in $obj"
		return
	fi
	mv "$want.new" "$want"
	"${mk[@]}" -s "$base_cfg" >"$obj/config.log" 2>&1 ||
		die "make $base_cfg failed for $T_arch (see $obj/config.log)"
	(cd "$src" && ARCH=$T_arch scripts/kconfig/merge_config.sh -m -O "$obj" "$obj/.config" "$want") \
		>>"$obj/config.log" 2>&1 || die "merge_config.sh failed (see $obj/config.log)"
	"${mk[@]}" -s olddefconfig >>"$obj/config.log" 2>&1 ||
		die "make olddefconfig failed for $T_arch (see $obj/config.log)"
	while IFS='=' read -r k v; do
		case $k in CONFIG_*) ;; *) continue ;; esac
		got=$(grep -E "^($k=|# $k is not set)" "$obj/.config" || true)
		if [ "$v" = n ]; then
			[ -z "$got" ] || [ "$got" = "# $k is not set" ] && continue
		else
			[ "$got" = "$k=$v" ] && continue
		fi
		die "$k=$v from $want did not stick on $T_arch (got '${got:-nothing}'): a dependency is missing, fix $frag"
	done <"$want"
	echo "$stamp" >"$obj/nospec-validate.stamp"
}

# initramfs OUT SRC: busybox-static of the guest's architecture, /init,
# the UDP echo and tree walk helpers, an ext4 image and the list of fixed
# functions.
initramfs() {
	local out=$1 src=$2 root bb deb
	root=$(dirname "$out")/root
	rm -rf "$root"
	mkdir -p "$root"/{bin,proc,sys,dev,tmp,mnt,validate}
	if [ "$T_debarch" = "$(dpkg --print-architecture)" ]; then
		bb=/bin/busybox
		[ -x "$bb" ] && file_is_static "$bb" ||
			die "/bin/busybox is missing or not static: apt-get install busybox-static, then rerun"
	else
		bb=$BUILD/validate/$T_arch/busybox
		if [ ! -x "$bb" ]; then
			deb=$(busybox_deb) || exit 1
			dpkg-deb -x "$deb" "$BUILD/validate/$T_arch/bb" &&
				cp "$BUILD/validate/$T_arch/bb/bin/busybox" "$bb" ||
				die "cannot unpack $deb: remove it and rerun"
		fi
	fi
	cp "$bb" "$root/bin/busybox"
	for a in $("$bb" --list 2>/dev/null || qemu_user_list "$bb"); do
		[ "$a" = busybox ] || ln -s busybox "$root/bin/$a"
	done
	for prog in udpecho walktree; do
		"${T_cross}gcc" -static -O2 -Wall -o "$root/bin/$prog" "$V/$prog.c" ||
			die "cannot build the guest's $prog with ${T_cross}gcc -static: apt-get install libc6-dev$( [ -n "$T_cross" ] && echo "-$T_debarch-cross"), then rerun"
	done
	install -m 0755 "$V/init" "$root/init"
	mke2fs -q -t ext4 -F "$root/validate/ext4.img" 24M || die "mke2fs failed"
	if [ ${#fix_patches[@]} -gt 0 ]; then
		python3 "$NOSPEC_TOP/pipeline/series.py" functions "${fix_patches[@]}" >"$root/validate/functions"
	else
		: >"$root/validate/functions"
	fi
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$out" ||
		die "cannot write $out"
	bootconfig_append "$src" "$root/validate/functions" "$out"
}

# bootconfig_append SRC FUNCTIONS INITRD: boot-time tracing of FUNCTIONS
# (an ftrace instance "nsv" with the function tracer, from the end of the
# core initcalls on), attached to INITRD with the tree's own tools/bootconfig,
# so that the coverage also counts what the initcalls ran before /init.
# kernel_restart is a sentinel that a run never calls: it keeps the filter
# from ever being empty (an empty filter would trace every function).
bootconfig_append() {
	local src=$1 fns=$2 initrd=$3 tool=$BUILD/validate/bootconfig conf
	[ -s "$fns" ] || return 0
	if [ ! -x "$tool" ] || [ "$src/lib/bootconfig.c" -nt "$tool" ]; then
		gcc -O2 -I"$src/tools/bootconfig/include" -o "$tool" \
			"$src/tools/bootconfig/main.c" "$src/lib/bootconfig.c" ||
			die "cannot build tools/bootconfig from $src with the host gcc"
	fi
	conf=$(dirname "$initrd")/bootconfig
	{
		echo 'ftrace.instance.nsv {'
		echo '	tracer = function'
		echo '	buffer_size = 2MB'
		printf '\tftrace.filters = "kernel_restart"'
		sed 's/.*/, "&"/' "$fns" | tr -d '\n'
		echo
		echo '}'
	} >"$conf"
	"$tool" -a "$conf" "$initrd" >/dev/null || die "bootconfig could not attach $conf to $initrd"
}

file_is_static() { ! LC_ALL=C readelf -l "$1" 2>/dev/null | grep -q 'Requesting program interpreter'; }

# The applets of a foreign busybox: the host's list is the same package.
qemu_user_list() { /bin/busybox --list 2>/dev/null; }

# busybox_deb: Debian's busybox-static for $T_debarch, downloaded once.
busybox_deb() {
	local dir=$BUILD/validate/$T_arch deb
	deb=$(ls "$dir"/busybox-static_*_"$T_debarch".deb 2>/dev/null | head -n1 || true)
	if [ -z "$deb" ]; then
		if ! dpkg --print-foreign-architectures | grep -qx "$T_debarch"; then
			dpkg --add-architecture "$T_debarch" &&
				apt-get update >"$dir/apt.log" 2>&1 ||
				die "cannot add the $T_debarch architecture to apt (see $dir/apt.log): run 'dpkg --add-architecture $T_debarch && apt-get update', then rerun"
		fi
		(cd "$dir" && apt-get download "busybox-static:$T_debarch" >>"$dir/apt.log" 2>&1) ||
			die "cannot download busybox-static:$T_debarch (see $dir/apt.log): run 'apt-get update', then rerun"
		deb=$(ls "$dir"/busybox-static_*_"$T_debarch".deb | head -n1)
	fi
	echo "$deb"
}

rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
failed=()
for arch in "${arches[@]}"; do
	target_load "$arch"
	[ -n "$T_qemu" ] || die "$arch has no QEMU settings in pipeline/targets/$arch: validate runs on x86_64 and arm64"
	target_need_tools
	mkdir -p "$BUILD/validate/$T_arch"
	for run in $runs; do
		name=$run
		[ "$cfg" = defconfig ] || name=$run-$cfg
		dir=$BUILD/validate/$name
		label=$T_arch-$name
		mkdir -p "$dir"
		commit=$(run_commit "$run" "$dir")
		worktree_at "$dir/src" "$commit"
		src=$dir/src obj=$dir/obj-$T_arch
		qp=$(qemu_params "$src") || die "cannot read QEMU settings from $src/tools/testing/kunit/qemu_configs/$T_qemu.py"
		eval "$qp"
		command -v "$Q_bin" >/dev/null || die "$Q_bin not found: run 'make deps' (or apt-get install $T_qemu_pkg)"

		note "$label: configuring ($base_cfg + $cfg.config)"
		configure "$src" "$obj" "$run"
				targets=("$(basename "$Q_kernel")")
		if grep -qx 'CONFIG_MODULES=y' "$obj/.config"; then
			if [ "$modules" = 1 ]; then
				targets+=(modules)
			else
				note "$label: --no-modules: $(grep -c '=m$' "$obj/.config") modular options left unbuilt (the guest loads no module)"
			fi
		fi
		note "$label: building ${targets[*]} (log: $obj/build.log)"
		t0=$(date +%s)
		set +e
		timeout -k 10 "$VALIDATE_BUILD_TIMEOUT" make -C "$src" O="$obj" ARCH="$T_arch" \
			CROSS_COMPILE="$T_cross" CC="ccache $T_cross$T_cc" HOSTCC="ccache gcc" $T_make \
			-j"$(nproc)" "${targets[@]}" >"$obj/build.log" 2>&1
		rc=$?
		set -e
		build_s=$(($(date +%s) - t0))
		if [ $rc -ne 0 ]; then
			bad=$(grep -m1 -E '^[^ :]+\.[chS]:[0-9]+(:[0-9]+)?: (fatal )?error' "$obj/build.log" | cut -d: -f1 || true)
			[ $rc -eq 124 ] && die "$label: the build timed out after ${VALIDATE_BUILD_TIMEOUT}s (see $obj/build.log)"
			die "$label: the kernel did not build${bad:+ ($bad)}: see $obj/build.log"
		fi

		initrd=$BUILD/validate/$T_arch/initramfs.cpio.gz
		initramfs "$initrd" "$src"
		log=$BUILD/validate/$T_arch/$name.log
		json=$BUILD/validate/$T_arch/$name.json
		rm -f "$json"
		note "$label: booting (console: $log)"
		t0=$(date +%s)
		set +e
		timeout -k 5 "$VALIDATE_BOOT_TIMEOUT" "$Q_bin" -nographic -no-reboot -m 2048 -smp 2 \
			-kernel "$obj/$Q_kernel" -initrd "$initrd" \
			-append "$Q_cmdline bootconfig panic=-1 kasan_multi_shot" "${Q_extra[@]}" \
			</dev/null >"$log" 2>&1
		rc=$?
		set -e
		timed=()
		[ $rc -eq 124 ] || [ $rc -eq 137 ] && timed=(--timed-out)
		python3 "$src/tools/testing/kunit/kunit.py" parse --json="$json" "$log" \
			>"$BUILD/validate/$T_arch/$name.kunit.txt" 2>&1 || true
		if python3 "$NOSPEC_TOP/pipeline/validate.py" row --label "$label" --arch "$T_arch" \
			--run "$name" --console "$log" --json "$json" --build-s "$build_s" \
			--expect "${VALIDATE_EXPECT:-$(kunit_suites "$obj/.config")}" "${timed[@]}" "${results[@]}" >>"$rows"; then
			:
		elif [ "$run" = core ]; then
			note "$label: the core-only control failed, as expected without the fix patches"
		else
			failed+=("$label")
		fi
	done
done

# The full run builds build/linux's HEAD, which may hold commits that are
# not exported to patches/ yet: say so rather than count patches/ alone.
tree_commits=$(git -C "$KT" rev-list --count "$(base_commit_of "$KT")"..HEAD)
extra=
[ "$tree_commits" = ${#all_patches[@]} ] ||
	extra="; build/linux has $tree_commits commits, the full run built those"
echo
echo "Validate verdict ($(ksrc_version), ${#all_patches[@]} patches, ${#fix_patches[@]} fixes; config $cfg$extra)"
python3 "$NOSPEC_TOP/pipeline/validate.py" table "$rows"
if [ ${#failed[@]} -gt 0 ]; then
	echo "FAILED: ${failed[*]}" >&2
	exit 1
fi
echo "all validate runs passed"
