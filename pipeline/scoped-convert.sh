#!/usr/bin/env bash
# The converter to the loop-scoped list iterators (the series'
# scripts/coccinelle/iterators/list_scoped.cocci) over a kernel tree.
#
#   scoped-convert.sh [DIR...]          dry run: what it converts and what it
#                                       leaves, and why, per top-level
#                                       directory (default: the whole tree)
#   scoped-convert.sh --apply DIR...    convert DIR in place in TREE, then
#                                       re-indent the lines it wrote (tabs,
#                                       then spaces); commit the result as a
#                                       patch of the series
#
# Environment: TREE (default build/linux), JOBS (parallel spatch runs,
# default nproc), SCOPED_OUT (default build/scoped: files, raw/ reports,
# table.txt).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

: "${TREE:=$KT}"
: "${SCOPED_OUT:=$BUILD/scoped}"
: "${JOBS:=$(nproc)}"
COCCI=scripts/coccinelle/iterators/list_scoped.cocci
apply=0
if [ "${1:-}" = --apply ]; then
	apply=1
	shift
	[ $# -gt 0 ] || die "--apply needs the directories to convert: scoped-convert.sh --apply kernel mm"
fi
case $JOBS in '' | *[!0-9]* | 0) die "JOBS must be a number of at least 1, not '$JOBS'" ;; esac
[ -f "$TREE/include/linux/list.h" ] ||
	die "TREE=$TREE is no kernel tree; run 'make tree' or give TREE=/path/to/linux"
[ -f "$TREE/$COCCI" ] ||
	die "$TREE has no $COCCI: it comes with the series; run 'make tree'"
command -v spatch >/dev/null || die "spatch not found; run 'make deps' (Debian package coccinelle)"
TREE=$(cd "$TREE" && pwd)
for d in "$@"; do
	case $d in /* | *..*) die "give DIR relative to TREE, not '$d'" ;; esac
	[ -d "$TREE/$d" ] || die "no directory $d in $TREE; give one of its top-level directories, e.g. kernel"
done

if [ $apply = 1 ]; then
	git -C "$TREE" rev-parse --is-inside-work-tree >/dev/null 2>&1 || die "--apply needs TREE to be a git work tree (the conversion is reviewed as a diff)"
	[ -z "$(git -C "$TREE" status --porcelain --untracked-files=no -- "$@")" ] ||
		die "$TREE has uncommitted changes under $*: commit or stash them first, the conversion rewrites those files"
	for d in "$@"; do
		note "converting $d"
		(cd "$TREE" && spatch --very-quiet -D patch --no-includes --include-headers \
			--timeout 120 -j "$JOBS" --in-place --sp-file "$COCCI" --dir "$d") \
			>"$BUILD/scoped-apply.log" 2>&1 ||
			die "spatch failed on $d; see $BUILD/scoped-apply.log"
	done
	python3 "$NOSPEC_TOP/pipeline/scoped_report.py" retab "$TREE"
	git -C "$TREE" diff --stat -- "$@" | tail -n1
	exit 0
fi

raw=$SCOPED_OUT/raw
rm -rf "$raw"
mkdir -p "$raw"
start=$(date +%s)
# Only files that name an entry iterator can hold a loop; the headers that
# define the iterators are no users: the kernel's, and tools/' own copy of
# list.h (pristine since the project's user-space mirror moved to
# measure/include, but it still defines the iterators).
{ iterator_files "$TREE" "$@" || true; } |
	grep -vxE 'include/linux/(list|rculist)\.h|tools/include/linux/list\.h' \
	>"$SCOPED_OUT/files" || true
nfiles=$(wc -l <"$SCOPED_OUT/files")
[ "$nfiles" -gt 0 ] || die "no file under ${*:-$TREE} names an entry iterator"
# spatch runs over batches of copies (same relative paths) $JOBS at a time
nb=$((JOBS * 8))
split -n "r/$nb" -d -a 3 "$SCOPED_OUT/files" "$raw/list."
for l in "$raw"/list.*; do
	b=$raw/b${l##*.}
	mkdir -p "$b"
	(cd "$TREE" && xargs -a "$l" cp --parents -t "$b")
done
note "$nfiles files name an entry iterator; $nb batches, $JOBS at a time"
run_batch() {
	local b=$1
	(cd "$b" && spatch --very-quiet -D report -D why --no-includes --include-headers \
		--timeout 120 --sp-file "$SP" --dir .) >"$b.txt" 2>"$b.err" ||
		echo "${b##*/}" >>"$RAW/failed"
	echo . >>"$RAW/done"
	printf 'scoped-convert.sh: [%d/%d batches]\n' "$(wc -l <"$RAW/done")" "$NB" >&2
}
export -f run_batch
cp "$TREE/$COCCI" "$raw/list_scoped.cocci"	# the version this run used
export SP=$raw/list_scoped.cocci RAW=$raw NB=$nb
: >"$raw/done"
find "$raw" -mindepth 1 -maxdepth 1 -type d -name 'b*' | sort |
	xargs -r -P "$JOBS" -I{} bash -c 'run_batch "$1"' _ {}
[ ! -s "$raw/failed" ] ||
	die "spatch failed on batches $(tr '\n' ' ' <"$raw/failed")so the counts would be incomplete; see $raw/<batch>.err"
python3 "$NOSPEC_TOP/pipeline/scoped_report.py" table "$TREE" "$SCOPED_OUT/files" \
	"$raw"/b*.txt | tee "$SCOPED_OUT/table.txt"
note "$(($(date +%s) - start)) s; table in $SCOPED_OUT/table.txt"
