#!/usr/bin/env bash
# Every prefix of the series must be right with CONFIG_LIST_NOSPEC on as
# well as off.  Build and boot the x86_64 KUnit kernel with the option on
# at the last fix patch and at every core patch after it (the fix patches
# change no iterator), and print one line per prefix.  Where a prefix does
# not have the option yet (it is added once every iterator is converted),
# it is built with what that prefix has: "on" cannot be set there, which is
# the point.  Not part of 'make check' (one kernel per prefix).
#   bisect-check.sh [--results FILE]
set -euo pipefail
. "$(dirname "$0")/lib.sh"

results=
case ${1:-} in
'') ;;
--results) [ -n "${2:-}" ] || die "usage: bisect-check.sh [--results FILE]"; results=$2 ;;
*) die "usage: bisect-check.sh [--results FILE]" ;;
esac

[ -e "$KT/.git" ] || die "no work tree at $KT: run 'make tree' first"
base=$(base_commit_of "$KT")
mapfile -t commits < <(git -C "$KT" rev-list --reverse "$base"..HEAD)
[ ${#commits[@]} -gt 0 ] || die "$KT has no commits above the pristine one: run 'make tree' first"

# The first core commit: the first that touches a core file (the files
# pipeline/series.py uses to split the series).
mapfile -t core_files < <(python3 "$NOSPEC_TOP/pipeline/series.py" core-files)
[ ${#core_files[@]} -gt 0 ] || die "pipeline/series.py core-files printed nothing: restore pipeline/series.py from git"
first=
for i in "${!commits[@]}"; do
	if git -C "$KT" diff --quiet "${commits[$i]}~1" "${commits[$i]}" -- "${core_files[@]}"; then
		continue
	fi
	first=$i
	break
done
[ -n "$first" ] || die "no commit of $KT touches the iterator headers: nothing to check"
start=$(( first > 0 ? first - 1 : 0 ))

top=$BUILD/bisect
src=$top/src
mkdir -p "$top"
table=$top/table.txt
printf '%-3s %-7s %-6s %-9s %-7s %s\n' '#' commit option 'kunit p/f' verdict subject >"$table"
fail=0
for (( i = start; i < ${#commits[@]}; i++ )); do
	c=${commits[$i]}
	n=$(( i + 1 ))
	subj=$(git -C "$KT" log -1 --format=%s "$c")
	worktree_at "$src" "$c"
	# The kunitconfig of this prefix: nospec-on, less the symbols its
	# Kconfig does not define yet (kunit.py rejects a config that does
	# not stick); the suites to expect are those its test file defines.
	cfg=$top/bisect.kunitconfig	# one name: one build directory, rebuilt incrementally
	: >"$cfg"
	option=absent
	while IFS= read -r line; do
		case $line in
		CONFIG_*=*)
			sym=${line%%=*}
			sym=${sym#CONFIG_}
			git -C "$src" grep -qE "^(menu)?config $sym\$" -- '*Kconfig*' || continue
			[ "$sym" = LIST_NOSPEC ] && option=on
			;;
		esac
		echo "$line" >>"$cfg"
	done < <(cat "$NOSPEC_TOP/pipeline/kunit/nospec.kunitconfig"; echo CONFIG_LIST_NOSPEC=y)
	expect=list-kunit-test
	if [ -f "$src/lib/list_nospec_kunit.c" ]; then
		# .name = "x" or .name = LIST_NOSPEC_SUITE("x"); the latter also
		# runs as x-classic once list_nospec_classic_kunit.c exists.
		expect+=$(sed -n 's/^\t\.name = \(LIST_NOSPEC_SUITE(\)\{0,1\}"\([^"]*\)")\{0,1\},$/,\2/p' \
			"$src/lib/list_nospec_kunit.c" | tr -d '\n')
		if [ "$option" = on ] && [ -f "$src/lib/list_nospec_classic_kunit.c" ]; then
			expect+=$(sed -n 's/^\t\.name = LIST_NOSPEC_SUITE("\([^"]*\)"),$/,\1-classic/p' \
				"$src/lib/list_nospec_kunit.c" | tr -d '\n')
		fi
	fi
	note "prefix $n/${#commits[@]} (${c:0:7} $subj): option $option, expecting $expect"
	cp "$cfg" "$top/p$n.kunitconfig"
	verdict=PASS
	if ! KT=$src BUILD=$top KUNIT_EXPECT=$expect "$NOSPEC_TOP/pipeline/kunit.sh" x86_64 "$cfg" \
		>"$top/p$n.out" 2>&1; then
		verdict=FAIL fail=1
	fi
	pf=$(awk '$1 == "x86_64-bisect" && $3 ~ /^[0-9]+$/ { p += $3; f += $4; n++ }
		END { if (n) printf "%d/%d", p, f }' "$top/p$n.out")
	printf '%-3s %-7s %-6s %-9s %-7s %s\n' "$n" "${c:0:7}" "$option" "${pf:--}" "$verdict" "$subj" >>"$table"
	[ -n "$results" ] && echo "$verdict bisect:$n:${c:0:7}" >>"$results"
	[ "$verdict" = PASS ] || note "prefix $n failed: see $top/p$n.out"
done
cat "$table"
if [ $fail -ne 0 ]; then
	die "a prefix of the series fails with the option on: see the table above and $top/p*.out"
fi
