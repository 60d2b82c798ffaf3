#!/usr/bin/env bash
# Run the kernel's scripts/checkpatch.pl --strict on every patch of the
# series.  A patch passes only with 0 errors, 0 warnings and 0 checks
# (one CHECK type excepted, see IGNORE below).
#   checkpatch.sh [--results FILE]
set -euo pipefail
. "$(dirname "$0")/lib.sh"

results=/dev/null
[ "${1:-}" = "--results" ] && results=$2
[ -x "$KT/scripts/checkpatch.pl" ] || die "no kernel tree at $KT: run 'make tree' first"

# Two exceptions, both inherent to iterator macros, as in all of list.h:
# - MACRO_ARG_REUSE: an iterator assigns, tests and advances its cursor and
#   names the member at each step, so it must use those arguments more than
#   once;
# - MACRO_ARG_PRECEDENCE for an argument named "member": a struct member
#   name after -> or . cannot be put in parentheses.
# Every other ERROR, WARNING or CHECK fails the patch.
IGNORE="--ignore MACRO_ARG_REUSE"
member_prec="^CHECK: Macro argument 'member' may be better as '(member)'"

out=$BUILD/checkpatch
mkdir -p "$out"
bad=0 n=0
while read -r p; do
	n=$((n + 1))
	name=${p##*/}
	log=$out/${name%.patch}.log
	(cd "$KT" && perl scripts/checkpatch.pl --strict --color=never $IGNORE \
		"$p") >"$log" 2>&1 || true
	total=$(grep -m1 '^total:' "$log" || echo 'total: checkpatch did not finish')
	findings=$(grep -E '^(ERROR|WARNING|CHECK):' "$log" | grep -cv "$member_prec" || true)
	if grep -q '^total:' "$log" && [ "$findings" -eq 0 ]; then
		echo "PASS checkpatch:$name" >>"$results"
	else
		bad=$((bad + 1))
		echo "FAIL checkpatch:$name" >>"$results"
		printf 'checkpatch: %s: %s (see %s)\n' "$name" "${total#total: }" "$log" >&2
	fi
done < <(series_files)
note "$n patches checked, $bad not clean"
[ $bad -eq 0 ]
