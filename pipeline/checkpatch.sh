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
# And one that is checked rather than ignored:
# - FILE_PATH_CHANGES asks whether MAINTAINERS needs updating for a file the
#   patch adds.  It is tolerated only when an entry other than THE REST
#   already covers every added file (scripts/get_maintainer.pl --sections).
# - CAMELCASE ("Avoid CamelCase: <name>") is tolerated only for a name the
#   patch does not introduce: one that a line the patch removes already
#   uses (a fix that rewrites code around an existing CamelCase variable
#   or field must name it again).
# - UNKNOWN_COMMIT_ID ("Unknown commit id 'SHA'") for the commit of a Fixes:
#   tag is tolerated when build/linux does not hold that commit: its history
#   starts at the Debian tarball, so no upstream commit is there to find.
#   The tag's form is still checked (GIT_COMMIT_ID), and any other unknown
#   id (one in the message's text, not a Fixes: tag) still fails.
# Every other ERROR, WARNING or CHECK fails the patch.
IGNORE="--ignore MACRO_ARG_REUSE"
# (extended regular expressions)
member_prec="^CHECK: Macro argument 'member' may be better as '\\(member\\)'"
path_changes="^WARNING: added, moved or deleted file\\(s\\), does MAINTAINERS need updating"

# covered PATCH: PATCH adds files, and every one of them has a MAINTAINERS
# entry besides THE REST.
covered() {
	local f n=0
	while read -r f; do
		n=$((n + 1))
		(cd "$KT" && perl scripts/get_maintainer.pl --no-git --no-git-fallback \
			--sections -f "$f" 2>/dev/null) |
			grep -vE '^([A-Z]:|[[:space:]]|$)' | grep -qvx 'THE REST' || return 1
	done < <(awk '/^diff --git / { f = $4; sub(/^b\//, "", f) }
		/^new file mode/ { print f }' "$1")
	[ $n -gt 0 ]
}

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
	skip=$member_prec
	covered "$p" && skip="$member_prec|$path_changes"
	while read -r id; do
		grep -qE "^Fixes: $id " "$p" && ! git -C "$KT" cat-file -e "$id^{commit}" 2>/dev/null &&
			skip="$skip|^WARNING: Unknown commit id '$id'"
	done < <(sed -nE "s/^WARNING: Unknown commit id '([0-9a-f]{12,40})'.*/\1/p" "$log")
	while read -r cc; do
		grep -qE "^-.*\b$cc\b" "$p" && skip="$skip|^CHECK: Avoid CamelCase: <$cc>\$"
	done < <(sed -nE 's/^CHECK: Avoid CamelCase: <([A-Za-z0-9_]+)>$/\1/p' "$log")
	findings=$(grep -E '^(ERROR|WARNING|CHECK):' "$log" | grep -Ecv "$skip" || true)
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
