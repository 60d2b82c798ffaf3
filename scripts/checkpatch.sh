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

# The one exception: MACRO_ARG_REUSE.  An iterator macro assigns, tests and
# advances its cursor and names the member at each step, so it has to use
# those arguments more than once -- as every iterator in list.h does.
IGNORE="--ignore MACRO_ARG_REUSE"

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
	if grep -q '^total: 0 errors, 0 warnings, 0 checks' "$log"; then
		echo "PASS checkpatch:$name" >>"$results"
	else
		bad=$((bad + 1))
		echo "FAIL checkpatch:$name" >>"$results"
		printf 'checkpatch: %s: %s (see %s)\n' "$name" "${total#total: }" "$log" >&2
	fi
done < <(series_files)
note "$n patches checked, $bad not clean"
[ $bad -eq 0 ]
