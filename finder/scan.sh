#!/usr/bin/env bash
# Whole-tree scan for uses of list iterators after their loops.
#   scan.sh            scan $TREE (default: build/linux)
# Environment: TREE (kernel tree), COCCI (semantic patch; default the
# series' scripts/coccinelle/iterators/list_iterator_after_loop.cocci from
# build/linux, or from patches/ when there is no tree), SCAN_OUT (output
# directory, default build/scan), JOBS (parallel spatch runs, default nproc),
# BATCHES (spatch runs the files are spread over, default 24).
# Writes $SCAN_OUT/report.json and $SCAN_OUT/report.md; raw spatch output in
# $SCAN_OUT/raw/.
set -euo pipefail
. "$(dirname "$0")/../pipeline/lib.sh"

: "${TREE:=$KT}"
: "${SCAN_OUT:=$BUILD/scan}"
: "${JOBS:=$(nproc)}"
: "${BATCHES:=24}"

[ -d "$TREE" ] ||
	die "TREE=$TREE does not exist; give a kernel source tree: make scan TREE=/path/to/linux (or run make tree first)"
[ -f "$TREE/include/linux/list.h" ] ||
	die "TREE=$TREE has no include/linux/list.h, so it is no kernel tree; give one: make scan TREE=/path/to/linux"
[ -n "${COCCI:-}" ] || COCCI=$(finder_cocci) || exit 1
[ -f "$COCCI" ] || die "semantic patch COCCI=$COCCI not found; point COCCI at list_iterator_after_loop.cocci or leave it unset"
command -v spatch >/dev/null || die "spatch not found; run 'make deps' (Debian package coccinelle)"
case "$JOBS$BATCHES" in *[!0-9]*) die "JOBS and BATCHES must be numbers" ;; esac
[ "$JOBS" -ge 1 ] && [ "$BATCHES" -ge 1 ] || die "JOBS and BATCHES must be at least 1"

TREE=$(cd "$TREE" && pwd)
COCCI=$(cd "$(dirname "$COCCI")" && pwd)/$(basename "$COCCI")
rm -rf "$SCAN_OUT/raw"
mkdir -p "$SCAN_OUT/raw"
raw=$SCAN_OUT/raw
start=$(date +%s)

# Only files that name an entry iterator can match.  spatch spends its time
# parsing, so it gets shadow copies that keep only the functions that walk
# a list and name the cursor again after the loop (same lines and columns,
# everything else blank), spread over batches that run $JOBS at a time.
iterator_files "$TREE" >"$raw/files" || true
nfiles=$(wc -l <"$raw/files")
[ "$nfiles" -gt 0 ] || die "no file in $TREE uses list_for_each_entry(); is TREE a kernel tree?"
nshadow=$(python3 "$NOSPEC_TOP/finder/shadow.py" "$TREE" "$raw/files" \
	"$raw/shadow" "$BATCHES") || die "could not write the shadow files in $raw/shadow"
nb=$(find "$raw/shadow" -mindepth 1 -maxdepth 1 -type d | wc -l)
note "$nfiles files of $TREE name an entry iterator, $nshadow have functions to match; $nb batches, $JOBS at a time"

run_batch() {	# run_batch DIR: spatch over one batch, then a progress line
	local d=$1 name
	name=$(basename "$d")
	(cd "$d" && spatch --very-quiet -D report --no-includes --include-headers \
		--timeout 120 --sp-file "$COCCI" --dir .) \
		>"$raw/$name.txt" 2>"$raw/$name.err" || echo "$name" >>"$raw/failed"
	echo "$name" >>"$raw/done"
	printf "scan.sh: [%d/%d batches] %d sites so far\n" \
		"$(wc -l <"$raw/done")" "$NB" "$(cat "$raw"/b*.txt | grep -c WARNING || true)" >&2
}
export -f run_batch
export COCCI raw NB=$nb
: >"$raw/done"
find "$raw/shadow" -mindepth 1 -maxdepth 1 -type d | sort |
	xargs -r -P "$JOBS" -I{} bash -c 'run_batch "$1"' _ {}
mid=$(date +%s)

python3 "$NOSPEC_TOP/finder/main.py" --root "$TREE" --summary \
	--json "$SCAN_OUT/report.json" --md "$SCAN_OUT/report.md" \
	--title "Uses of list iterators after their loops in $(basename "$TREE")" \
	"$raw"/b*.txt ||
	die "classification failed; see the message above and $raw/"
end=$(date +%s)
note "spatch $((mid - start)) s, classification $((end - mid)) s, total $((end - start)) s"
note "wrote $SCAN_OUT/report.json and $SCAN_OUT/report.md"
# The reports hold what spatch found; a batch it failed on is missing there.
[ ! -s "$raw/failed" ] ||
	die "spatch failed on batches $(tr '\n' ' ' <"$raw/failed")so the reports are incomplete; see $raw/<batch>.err, fix the cause and rerun"
