#!/usr/bin/env bash
# Whole-tree scan for uses of list iterators after their loops.
#   scan.sh            scan $TREE (default: build/linux)
# Environment: TREE (kernel tree), COCCI (semantic patch), SCAN_OUT (output
# directory, default build/scan), JOBS (parallel spatch runs, default nproc),
# BATCH (files per spatch run, default 40).
# Writes $SCAN_OUT/report.json and $SCAN_OUT/report.md; raw spatch output in
# $SCAN_OUT/raw/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

: "${TREE:=$KT}"
: "${COCCI:=$NOSPEC_TOP/finder/list_iterator_after_loop.cocci}"
: "${SCAN_OUT:=$BUILD/scan}"
: "${JOBS:=$(nproc)}"
: "${BATCH:=40}"

[ -d "$TREE" ] ||
	die "TREE=$TREE does not exist; give a kernel source tree: make scan TREE=/path/to/linux (or run make tree first)"
[ -f "$TREE/include/linux/list.h" ] ||
	die "TREE=$TREE has no include/linux/list.h, so it is no kernel tree; give one: make scan TREE=/path/to/linux"
[ -f "$COCCI" ] || die "semantic patch COCCI=$COCCI not found; point COCCI at list_iterator_after_loop.cocci"
command -v spatch >/dev/null || die "spatch not found; run 'make deps' (Debian package coccinelle)"
case "$JOBS$BATCH" in *[!0-9]*) die "JOBS and BATCH must be numbers" ;; esac
[ "$JOBS" -ge 1 ] && [ "$BATCH" -ge 1 ] || die "JOBS and BATCH must be at least 1"

TREE=$(cd "$TREE" && pwd)
COCCI=$(cd "$(dirname "$COCCI")" && pwd)/$(basename "$COCCI")
rm -rf "$SCAN_OUT/raw"
mkdir -p "$SCAN_OUT/raw/batches"
raw=$SCAN_OUT/raw
start=$(date +%s)

# Only files that name an entry iterator can match; spatch would find that
# out too, but only after starting up for each of them.
(cd "$TREE" && grep -rlE --include='*.[ch]' --exclude-dir=.git \
	'\bh?list_for_each_entry' . | sed 's|^\./||' | sort) >"$raw/files"
nfiles=$(wc -l <"$raw/files")
[ "$nfiles" -gt 0 ] || die "no file in $TREE uses list_for_each_entry(); is TREE a kernel tree?"
(cd "$raw/batches" && split -l "$BATCH" -d -a 4 "$raw/files" b)
nb=$(find "$raw/batches" -name 'b*' | wc -l)
note "scanning $nfiles files of $TREE in $nb batches, $JOBS at a time"

run_batch() {	# run_batch BATCHFILE: spatch on its files, one progress line
	local b=$1 name
	name=$(basename "$b")
	# shellcheck disable=SC2046
	(cd "$TREE" && spatch --very-quiet -D report --no-includes --include-headers \
		--timeout 120 --sp-file "$COCCI" $(cat "$b")) \
		>"$raw/$name.txt" 2>"$raw/$name.err" || echo "$name" >>"$raw/failed"
	echo "$name" >>"$raw/done"
	printf "scan.sh: [%d/%d batches] %d sites so far\n" \
		"$(wc -l <"$raw/done")" "$NB" "$(cat "$raw"/b*.txt | grep -c WARNING || true)" >&2
}
export -f run_batch
export TREE COCCI raw NB=$nb
: >"$raw/done"
find "$raw/batches" -name 'b*' | sort |
	xargs -P "$JOBS" -I{} bash -c 'run_batch "$1"' _ {}
mid=$(date +%s)

if [ -s "$raw/failed" ]; then
	note "spatch failed on batches: $(tr '\n' ' ' <"$raw/failed")(see $raw/*.err)"
fi
python3 "$NOSPEC_TOP/scripts/scan_classify.py" --root "$TREE" \
	--json "$SCAN_OUT/report.json" --md "$SCAN_OUT/report.md" \
	--title "Uses of list iterators after their loops in $(basename "$TREE")" \
	"$raw"/b*.txt ||
	die "classification failed; see the message above and $raw/"
end=$(date +%s)
python3 - "$SCAN_OUT/report.json" <<'PY'
import collections, json, sys
recs = json.load(open(sys.argv[1]))
c = collections.Counter(r["category"] for r in recs)
print("sites: %d  " % len(recs) + "  ".join("%s=%d" % (k, c[k]) for k in
      ("cat1", "cat2", "cat3", "cat4", "cat5", "cat6", "other", "unaffected")))
PY
note "spatch $((mid - start)) s, classification $((end - mid)) s, total $((end - start)) s"
note "wrote $SCAN_OUT/report.json and $SCAN_OUT/report.md"
