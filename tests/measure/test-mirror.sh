#!/usr/bin/env bash
# The mirror of the nospec iterators (measure/include) keeps up with the
# series' kernel headers at build/linux HEAD, by name: every select and
# walk helper the series defines, and every macro the kernel defines under
# CONFIG_LIST_NOSPEC, has a namesake in the mirror's counterpart; the
# mirror defines no nospec name the kernel no longer has (a stale one:
# select_nospec(), say); and each mirror file still defines every macro
# of the pristine tools/ file it replaces.  The kernel's headers are read
# with git show (HEAD, and the root commit for what upstream had).  Not
# mirrored, by design: the kernel's public nospec macros whose classic form
# the tools tree lacks (upstream's, absent from the pristine tools file),
# and headers with no tools/ counterpart at all (rculist.h) -- for those,
# the list.h helpers they call must be mirrored.  That the mirror's macros
# work is test-tools-list.sh's and test-scoped.sh's job.
# shellcheck disable=SC2016,SC2034,SC2154
set -u
. "$(dirname "$0")/../lib.sh"
. "$PIPELINE/lib.sh"

: "${KT:=$TOP/build/linux}"
N=$TOP/tests/measure/mirror/names.py

# kernel header | its tools/ counterpart | the mirror's file
PAIRS="include/linux/list.h|tools/include/linux/list.h|linux/list.h
include/linux/rculist.h|tools/include/linux/rculist.h|linux/rculist.h
arch/x86/include/asm/barrier.h|tools/arch/x86/include/asm/barrier.h|arch/x86/asm/barrier.h
arch/arm64/include/asm/barrier.h|tools/arch/arm64/include/asm/barrier.h|arch/arm64/asm/barrier.h"
# The mirror's names that only the series can have given it.
NOSPEC_RE='(__)?select_nospec\w*|__SN_\w+|__h?list_(walk|scope|scoped)\w*|__hlist_next\w*|\w+_scoped'

if ! git -C "$KT" rev-parse --verify -q HEAD >/dev/null 2>&1; then
	while IFS='|' read -r k _ _; do
		echo "$k: the series' names have namesakes in the mirror"
	done <<<"$PAIRS" | skip_all "no kernel tree at $KT to compare the mirror with; run 'make tree'"
	skip "control: a mirror with a name dropped and a stale one is caught" "no kernel tree at $KT"
	finish
	exit
fi
root=$(base_commit_of "$KT")
k=$T_TMP/kernel
mkdir -p "$k/head" "$k/root" "$k/tools"

# get COMMIT PATH OUT: PATH at COMMIT of the kernel tree into OUT; false if
# the commit has no such file.
get() {
	mkdir -p "$(dirname "$3")"
	git -C "$KT" show "$1:$2" >"$3" 2>/dev/null || { rm -f "$3"; return 1; }
}
names() { python3 "$N" "$@"; }

# required KERNEL TOOLS: the names the mirror must define for KERNEL (whose
# tools/ counterpart is TOOLS, from the root commit): what the series added
# to it, and what it defines under CONFIG_LIST_NOSPEC -- but upstream's
# public macros that the tools file lacks.
required() {
	local kh=$k/head/$1 kr=$k/root/$1 t=$k/tools/$2
	{
		comm -23 <(names defines "$kh") <(names defines "$kr" 2>/dev/null || true)
		names defines --nospec "$kh"
	} | sort -u | comm -23 - <(exempt "$1" "$2")
}

# exempt KERNEL TOOLS: upstream's public macros of KERNEL with a nospec
# form that the tools file has no classic form of.
exempt() {
	local kh=$k/head/$1 kr=$k/root/$1 t=$k/tools/$2
	names defines --nospec "$kh" | grep -v '^__' |
		comm -12 - <(names defines "$kr" 2>/dev/null || true) |
		comm -23 - <(names defines "$t")
}

# compare MIRROR-DIR LABEL: the checks, against the mirror in MIRROR-DIR;
# LABEL prefixes the descriptions.  Prints the failures' details; returns
# the number of failed pairs (for the control).
compare() {
	local m=$1 label=$2 kf tf mf missing stale lost uses bad=0 ex
	while IFS='|' read -r kf tf mf; do
		get HEAD "$kf" "$k/head/$kf" ||
			{ check "$label$kf: in the kernel tree at HEAD" false; bad=$((bad + 1)); continue; }
		get "$root" "$kf" "$k/root/$kf" || true
		if ! get "$root" "$tf" "$k/tools/$tf"; then
			# No tools/ counterpart: no mirror file, but the list.h
			# helpers the kernel header calls must be in the mirror.
			uses=$(comm -12 <(names uses '__h?list_\w+' "$k/head/$kf") \
				<(names defines "$k/head/include/linux/list.h") |
				comm -23 - <(names defines "$m/linux/list.h" 2>/dev/null))
			check_sh "$label$kf: no tools/ counterpart, so no mirror; the list.h helpers it calls are mirrored" \
				'[ ! -e "$m/$mf" ] && [ -z "$uses" ]'
			[ -z "$uses" ] || { echo "   not in the mirror's list.h:" $uses; bad=$((bad + 1)); }
			continue
		fi
		if [ ! -f "$m/$mf" ]; then
			check "$label$kf: the series' names have namesakes in the mirror" false
			echo "   no mirror file $m/$mf"
			bad=$((bad + 1))
			continue
		fi
		missing=$(required "$kf" "$tf" | comm -23 - <(names defines "$m/$mf"))
		ex=$(exempt "$kf" "$tf" | tr '\n' ' ')
		check_sh "$label$kf: the series' names have namesakes in the mirror${ex:+ (not mirrored, tools/ lacks their classic form: ${ex% })}" \
			'[ -z "$missing" ]'
		[ -z "$missing" ] || { echo "   missing from $mf:" $missing; bad=$((bad + 1)); }
		stale=$(names uses "$NOSPEC_RE" "$m/$mf" | comm -12 - <(names defines "$m/$mf") |
			comm -23 - <(names defines "$k/head/$kf"))
		check_sh "$label$mf: defines no nospec name that $kf does not" '[ -z "$stale" ]'
		[ -z "$stale" ] || { echo "   stale in $mf:" $stale; bad=$((bad + 1)); }
		lost=$(comm -23 <(names defines "$k/tools/$tf") <(names defines "$m/$mf"))
		check_sh "$label$mf: still defines every macro of the pristine $tf" '[ -z "$lost" ]'
		[ -z "$lost" ] || { echo "   lost from $mf:" $lost; bad=$((bad + 1)); }
	done <<<"$PAIRS"
	return $bad
}

compare "$MIRROR" ""

# The required names are not empty by accident: the selects and the walks
# are among them.
req=$(required include/linux/list.h tools/include/linux/list.h | tr '\n' ' ')
sel=$(required arch/x86/include/asm/barrier.h tools/arch/x86/include/asm/barrier.h | tr '\n' ' ')
check_sh "the names compared include the walks and the selects" \
	'[[ " $req " == *" __list_walk "* ]] && [[ " $req " == *" __hlist_walk_safe "* ]] &&
	 [[ " $req " == *" list_for_each_entry_scoped "* ]] && [[ " $sel " == *" select_nospec_ne "* ]]'

# Negative control: a mirror copy that lost select_nospec_test() (renamed)
# and kept a select_nospec() is caught twice.
bad=$T_TMP/bad
cp -r "$MIRROR" "$bad"
sed -i 's/#define select_nospec_test(/#define select_nospec_tst(/' "$bad/arch/x86/asm/barrier.h"
printf '#define select_nospec(c, t, f) ((c) ? (t) : (f))\n' >>"$bad/linux/list.h"
# (In a subshell, with RESULTS unset: its failures are expected, and not
# this test's.)
out=$(RESULTS='' compare "$bad" "control: " 2>&1)
check_sh "control: a mirror with a name dropped and a stale one is caught" \
	'grep -q "^not ok.*arch/x86/include/asm/barrier.h: the series" <<<"$out" &&
	 grep -q "missing from arch/x86/asm/barrier.h: select_nospec_test" <<<"$out" &&
	 grep -q "stale in linux/list.h: select_nospec$" <<<"$out"'

finish
