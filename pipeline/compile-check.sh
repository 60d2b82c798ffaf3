#!/usr/bin/env bash
# Compile every .c file the series changes, W=1, with CONFIG_LIST_NOSPEC off
# and on, and compare its warnings with the same object built from the
# pristine Debian tree: a new warning or an error fails, naming the file,
# the architecture and the option.
#
#   compile-check.sh [--variants "pristine off on"] [--fast] [--results FILE] [FILE...]
#
# --fast (make check): the "on" variant only, compared with the pristine
# warnings recorded in pipeline/compile-check.baseline; an architecture
# whose record does not match (another Debian version, compiler or file
# set) gets its pristine objects built as in the full run.  A full run
# (pristine among the variants, all files) rewrites that baseline.
#
# FILE: defaults to every .c file a patch of patches/ changes, except the
# kernel's lib/*test* files (KUnit builds those) and tools/ (user space).
# Each file's architecture comes from Kbuild (pipeline/kbuild_arch.py): the
# first of x86_64 and then the other pipeline/targets whose allmodconfig
# enables the symbols that its Makefiles test; arch/NAME/ files build on
# NAME.  A cross compiler that is missing is installed with apt-get.
#
# Trees: build/compile-check/VARIANT/src (worktrees of build/linux) with
# obj-ARCH beside them; logs in build/compile-check/VARIANT/ARCH/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

variants="pristine off on"
results=
fast=
baseline=$NOSPEC_TOP/pipeline/compile-check.baseline
while [ $# -gt 0 ]; do
	case $1 in
	--variants) variants=${2:?}; shift 2 ;;
	--fast) fast=1 variants=on; shift ;;
	--results) results=${2:?}; shift 2 ;;
	-*) die "unknown option $1: usage: compile-check.sh [--variants \"pristine off on\"] [--fast] [--results FILE] [FILE...]" ;;
	*) break ;;
	esac
done
for v in $variants; do
	case $v in pristine|off|on) ;; *) die "unknown variant '$v': use pristine, off or on" ;; esac
done
[ -e "$KT/.git" ] || die "no kernel tree at $KT: run 'make tree' first"
ccache_env

CC_TOP=$BUILD/compile-check
mkdir -p "$CC_TOP"
files=("$@")
all_files=
if [ ${#files[@]} -eq 0 ]; then
	all_files=1
	mapfile -t patches < <(series_files)
	[ ${#patches[@]} -gt 0 ] || die "no patches in $PATCHES/series: restore patches/ from git"
	while read -r f; do
		case $f in
		lib/*test*) ;;
		tools/*) note "$f: user space (tools/), not a kernel object: skipped" ;;
		?*) files+=("$f") ;;
		esac
	done < <(python3 "$NOSPEC_TOP/pipeline/series.py" files "${patches[@]}")
fi
[ ${#files[@]} -gt 0 ] || die "no .c file to check: the series changes none (pass FILE... to check some)"
for f in "${files[@]}"; do
	[ -f "$KT/$f" ] || die "$f is not a file of $KT: give paths relative to the kernel tree"
done

head_commit=$(git -C "$KT" rev-parse HEAD)
base=$(base_commit_of "$KT")
variant_commit() { if [ "$1" = pristine ]; then echo "$base"; else echo "$head_commit"; fi; }

# mk VARIANT ARCH ARGS...: make in VARIANT's tree for ARCH ($T_* loaded).
mk() {
	local v=$1
	shift
	make -C "$CC_TOP/$v/src" O="$CC_TOP/$v/obj-$T_name" ARCH="$T_arch" \
		CROSS_COMPILE="$T_cross" CC="ccache $T_cross$T_cc" HOSTCC="ccache gcc" $T_make "$@"
}

# configure VARIANT: allmodconfig for the loaded target (from its allconfig
# fragment if it names one), warnings not fatal (they are compared),
# LIST_NOSPEC off for the off variant; once per state.
declare -A prepared=()
configure() {
	local v=$1 obj allc stamp
	[ -n "${prepared[$v/$T_name]:-}" ] && return 0
	obj=$CC_TOP/$v/obj-$T_name
	mkdir -p "$obj" "$CC_TOP/$v/$T_name"
	allc=$obj/allconfig
	{
		if [ -n "$T_allconfig" ]; then
			cat "$CC_TOP/$v/src/$T_allconfig" ||
				die "pipeline/targets/$T_name: allconfig=$T_allconfig is not a file of the tree: fix the target"
		fi
		echo 'CONFIG_WERROR=n'
		if [ "$v" = off ]; then echo 'CONFIG_LIST_NOSPEC=n'; fi
	} >"$allc.new"
	stamp="$(variant_commit "$v") $(sha256sum <"$allc.new" | cut -c1-16)"
	if [ "$(cat "$obj/nospec-cc.stamp" 2>/dev/null)" != "$stamp" ] || [ ! -f "$obj/.config" ]; then
		mv "$allc.new" "$allc"
		KCONFIG_ALLCONFIG=$allc mk "$v" -s allmodconfig >"$CC_TOP/$v/$T_name/config.log" 2>&1 ||
			die "make allmodconfig failed for $T_name ($v): see $CC_TOP/$v/$T_name/config.log"
		echo "$stamp" >"$obj/nospec-cc.stamp"
	else
		rm -f "$allc.new"
	fi
	prepared[$v/$T_name]=1
}

worktrees_ready=
trees() {
	[ -n "$worktrees_ready" ] && return 0
	local v
	for v in $variants on; do
		worktree_at "$CC_TOP/$v/src" "$(variant_commit "$v")"
	done
	worktrees_ready=1
}

# Resolve each file's architecture against the "on" tree's allmodconfigs,
# generating (and installing the compiler for) the next arch only when the
# earlier ones do not build the file.
order=(x86_64)
for a in $(target_names); do
	[ "$a" = x86_64 ] && continue
	target_load "$a"
	[ "$T_compile_check" = no ] || order+=("$a")
done
trees
declare -A arch_of=() src_of=()
for f in "${files[@]}"; do
	cfgs=()
	pick=
	for a in "${order[@]}"; do
		target_load "$a"
		case $f in arch/*) ;; *)
			target_need_tools
			configure on
			cfgs+=("$a=$CC_TOP/on/obj-$a/.config") ;;
		esac
		if pick=$(python3 "$NOSPEC_TOP/pipeline/kbuild_arch.py" pick "$KT" "$f" "${cfgs[@]}" 2>"$CC_TOP/pick.err"); then
			break
		fi
		case $f in arch/*) break ;; esac
		grep -q 'no configured architecture' "$CC_TOP/pick.err" || break
	done
	[ -n "$pick" ] || die "$(sed 's/^kbuild_arch.py: error: //' "$CC_TOP/pick.err")"
	arch_of[$f]=${pick%% *}
	src_of[$f]=$f
	[ "$pick" = "${pick%% *}" ] || src_of[$f]=${pick#* }	# #included by that file
	note "$f: builds on ${arch_of[$f]}${pick#${arch_of[$f]}}"
done

# warnings FILE LOG: the warning and error lines about FILE, without line
# numbers (a fix moves lines), one per line, sorted.
warnings() {
	sed -nE "s#^(\.\./)*([^ ]*/)?($1):[0-9]+(:[0-9]+)?: (warning|error): #\3: \5: #p" "$2" | sort
}

# other_warnings LOG FILE...: the warning and error lines of LOG about any
# file but FILE..., without line numbers, sorted and unique (none is no
# error: grep's status 1 would end the script under pipefail).
other_warnings() {
	local log=$1 f
	shift
	sed -E "s#^$CC_TOP/[^/]+/src/##" "$log" 2>/dev/null |
		sed -nE 's#^(\.\./)*([^ :]+):[0-9]+(:[0-9]+)?: (warning|error): #\2: \4: #p' |
		{ grep -vF -f <(for f in "$@"; do echo "$f: "; done) || true; } | sort -u
}

# baseline_key: the record that a baseline section for the loaded target
# and its files ("${mine[@]}") must carry to stand for a pristine build.
baseline_key() {
	printf '%s %s %s %s\n' "$T_name" "$(ksrc_version)" \
		"$("$T_cross$T_cc" --version | head -n1 | tr ' ' _)" \
		"$(printf '%s\n' "${mine[@]}" | sort | sha256sum | cut -c1-16)"
}

# pristine_of FILE|-: the pristine warnings about FILE (- : about the other
# files), from this run's pristine objects or from the baseline section.
pristine_of() {
	if [ "$pvia" = build ]; then
		if [ "$1" = - ]; then
			other_warnings "$CC_TOP/pristine/$a/objects.log" "${mine[@]}"
		else
			warnings "$1" "$CC_TOP/pristine/$a/objects.log" 2>/dev/null
		fi
	else
		awk -v k="$key" -v f="$1" -F '\t' '
			/^arch / { on = (substr($0, 6) == k); next }
			on && $1 == f { print $2 }' "$baseline"
	fi
}

rows=$CC_TOP/rows
: >"$rows"
newbase=$CC_TOP/baseline.new
{
	echo "# compile-check baseline: the W=1 warnings of the pristine objects,"
	echo "# per architecture (Debian version, compiler, hash of the file list),"
	echo "# written by 'make compile-check', read by 'make check' (--fast)."
} >"$newbase"
bad=0
t0=$(date +%s)
# One make per (arch, variant) for all of its objects (-k: an error in one
# does not hide the others); each object's log is what make printed about
# its source file.  An object that is not there afterwards did not build.
for a in $(printf '%s\n' "${arch_of[@]}" | sort -u); do
	target_load "$a"
	target_need_tools
	mine=()
	for f in "${files[@]}"; do [ "${arch_of[$f]}" = "$a" ] && mine+=("$f"); done
	key=$(baseline_key)
	these=$variants pvia=
	if [[ " $variants " == *" pristine "* ]]; then
		pvia=build
	elif [ -n "$fast" ]; then
		if grep -qxF "arch $key" "$baseline" 2>/dev/null; then
			pvia=baseline
		else
			note "$a: no pristine record in ${baseline#$NOSPEC_TOP/} for $key: building pristine (run 'make compile-check' to refresh it)"
			pvia=build these="pristine $variants"
			worktree_at "$CC_TOP/pristine/src" "$base"
		fi
	fi
	for v in $these; do
		configure "$v"
		note "$a/$v: make prepare"
		mk "$v" -j"$(nproc)" prepare >"$CC_TOP/$v/$a/prepare.log" 2>&1 ||
			die "make prepare failed for $a ($v): see $CC_TOP/$v/$a/prepare.log"
		objs=()
		for f in "${mine[@]}"; do
			if [ "$v" = pristine ] && ! git -C "$CC_TOP/pristine/src" cat-file -e "HEAD:${src_of[$f]}" 2>/dev/null; then
				continue	# a file the series adds: no warning to inherit
			fi
			o=${src_of[$f]%.c}.o
			rm -f "$CC_TOP/$v/obj-$a/$o"
			objs+=("$o")
		done
		[ ${#objs[@]} -gt 0 ] || continue
		# LIST_NOSPEC depends on ARCH_HAS_SELECT_NOSPEC (x86_64, arm64),
		# and there are no generic selects: elsewhere the option cannot
		# be enabled, and the "on" objects are built as the option-off
		# kernel of that architecture is (which is all it can be).
		if [ "$v" = on ] && ! grep -qx 'CONFIG_LIST_NOSPEC=y' "$CC_TOP/on/obj-$a/.config"; then
			note "$a/on: no ARCH_HAS_SELECT_NOSPEC, so CONFIG_LIST_NOSPEC cannot be enabled: built with it off"
		fi
		note "$a/$v: W=1, ${#objs[@]} object(s)"
		mk "$v" -k -j"$(nproc)" W=1 "${objs[@]}" >"$CC_TOP/$v/$a/objects.log" 2>&1 || true
	done
	if [ "$pvia" = build ]; then
		{
			echo "arch $key"
			for f in "${mine[@]}"; do pristine_of "$f" | sed "s#^#$f\t#"; done
			pristine_of - | sed 's#^#-\t#'
		} >>"$newbase"
	fi
	for f in "${mine[@]}"; do
		o=${src_of[$f]%.c}.o
		line="$f $a"
		for v in $variants; do
			[ "$v" = pristine ] && continue
			log=$CC_TOP/$v/$a/objects.log
			if [ ! -f "$CC_TOP/$v/obj-$a/$o" ]; then
				cell=error
			elif [ -n "$pvia" ]; then
				new=$(comm -13 <(pristine_of "$f" | sort) <(warnings "$f" "$log") | grep -c . || true)
				if [ "$new" -gt 0 ]; then cell="$new-new-warning(s)"; else cell=ok; fi
			else
				cell=ok
			fi
			line+=" $cell"
			if [ "$cell" = ok ]; then
				[ -n "$results" ] && echo "PASS compile:$a:$v:$f" >>"$results"
			else
				bad=$((bad + 1))
				[ -n "$results" ] && echo "FAIL compile:$a:$v:$f" >>"$results"
				echo "compile-check.sh: error: $f: $cell on $a with CONFIG_LIST_NOSPEC $v (see $log)" >&2
			fi
		done
		echo "$line" >>"$rows"
	done
	# Warnings about other files (headers: a macro of the series expands in
	# these objects) that pristine did not print for the same objects.
	[ -n "$pvia" ] || continue
	for v in $variants; do
		[ "$v" = pristine ] && continue
		hdr=$(comm -13 <(pristine_of - | sort -u) \
			<(other_warnings "$CC_TOP/$v/$a/objects.log" "${mine[@]}"))
		[ -z "$hdr" ] && continue
		bad=$((bad + 1))
		[ -n "$results" ] && echo "FAIL compile:$a:$v:(headers)" >>"$results"
		echo "compile-check.sh: error: $(grep -c . <<<"$hdr") new warning(s) in headers on $a with CONFIG_LIST_NOSPEC $v, first: $(head -n1 <<<"$hdr") (see $CC_TOP/$v/$a/objects.log)" >&2
	done
done

# A full run over every file of the series records its pristine warnings.
if [ -z "$fast" ] && [ -n "$all_files" ] && [[ " $variants " == *" pristine "* ]]; then
	if ! cmp -s "$newbase" "$baseline"; then
		cp "$newbase" "$baseline"
		note "pristine warnings recorded in ${baseline#$NOSPEC_TOP/} (commit it: make check reads it)"
	fi
fi

echo
form=
[ -n "$fast" ] && form=", option on only, pristine from ${baseline#$NOSPEC_TOP/}"
echo "Compile check (W=1, allmodconfig, against pristine $(ksrc_version)$form): ${#files[@]} files, $(($(date +%s) - t0)) s"
{
	printf 'file arch'
	for v in $variants; do [ "$v" = pristine ] || printf ' %s' "$v"; done
	echo
	cat "$rows"
} | column -t
if [ $bad -gt 0 ]; then
	echo "compile-check: $bad failure(s) in ${#files[@]} file(s)" >&2
	exit 1
fi
echo "compile-check: ${#files[@]} file(s), no error, no new warning"
