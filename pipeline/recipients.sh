#!/usr/bin/env bash
# Who each patch of the series goes to, from the kernel's own
# scripts/get_maintainer.pl (MAINTAINERS only: the Debian tree has no git
# history), written to patches/recipients so that the series can be mailed
# without a tree:
#   # NNNN-subject.patch
#   To: the maintainers and reviewers of the files it touches
#   Cc: their mailing lists
# The cover letter goes to the maintainers of the core patches (the
# iterators: list.h, nospec, x86, arm64, ...) and to every list any patch
# goes to; each fix patch goes to its own subsystem only.
#   recipients.sh [--to FILE]
set -euo pipefail
. "$(dirname "$0")/lib.sh"

out=$PATCHES/recipients
if [ "${1:-}" = --to ]; then
	out=${2:?usage: recipients.sh [--to FILE]}
elif [ $# -gt 0 ]; then
	die "usage: recipients.sh [--to FILE]"
fi
[ -f "$KT/scripts/get_maintainer.pl" ] || die "no kernel tree at $KT: run 'make tree' first"
mapfile -t patches < <(series_files)
[ ${#patches[@]} -gt 0 ] || die "no patches in $PATCHES/series: restore patches/ from git"

gm() {	# gm PATCH OPTIONS...: one address per line, no role
	(cd "$KT" && perl scripts/get_maintainer.pl --no-git --no-git-fallback \
		--no-rolestats --multiline "$@")
}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
mapfile -t core < <(python3 "$NOSPEC_TOP/pipeline/series.py" core "${patches[@]}")
is_core() { local c; for c in "${core[@]}"; do [ "$c" = "$1" ] && return 0; done; return 1; }
all_to=() all_cc=()
for p in "${patches[@]}"; do
	mapfile -t to < <(gm --m --r --no-l "$p" | grep -F @ || true)
	mapfile -t cc < <(gm --no-m --no-r --l "$p" | grep -F @ || true)
	all_cc+=("${cc[@]}")
	if [ ${#to[@]} -eq 0 ]; then	# a file nobody maintains: To its list
		to=("${cc[@]:0:1}")
		cc=("${cc[@]:1}")
	fi
	{
		echo "# $(basename "$p")"
		(IFS=,; echo "To: ${to[*]}" | sed 's/,/, /g')
		[ ${#cc[@]} -eq 0 ] || (IFS=,; echo "Cc: ${cc[*]}" | sed 's/,/, /g')
	} >>"$tmp"
	if is_core "$p"; then all_to+=("${to[@]}"); fi
done
{
	echo "# Recipients per patch, from the kernel's scripts/get_maintainer.pl"
	echo "# (--no-git: MAINTAINERS only); written by 'make recipients'."
	echo "# 0000-cover-letter.patch"
	echo "To: $(printf '%s\n' "${all_to[@]}" | sort -u | paste -sd, | sed 's/,/, /g')"
	echo "Cc: $(printf '%s\n' "${all_cc[@]}" | sort -u | paste -sd, | sed 's/,/, /g')"
	cat "$tmp"
} >"$out"
note "recipients of ${#patches[@]} patches written to $out"
