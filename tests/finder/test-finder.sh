#!/usr/bin/env bash
# The finder (the series' scripts/coccinelle/iterators/
# list_iterator_after_loop.cocci, finder/scan.sh, finder/)
# on the corpus tests/finder/*.c: every file names
# the verdict for each line it expects a report on ("// expect: CATEGORY" at
# the end of the line), or "// expect: none" when nothing may be reported.
# One test per corpus file: the reported (line, category) pairs must equal
# the expected ones exactly.  Plus scan.sh's answers to bad input.
set -u
. "$(dirname "$0")/../lib.sh"

SCAN=$FINDER/scan.sh
CORPUS=$TOP/tests/finder
# The semantic patch as patches/ has it, whatever build/linux holds.
. "$PIPELINE/lib.sh"
C=$(cocci_from_patches "$T_TMP/cocci") || exit 1
export COCCI=$C

# A minimal tree: the corpus (not the unit tests' test_data/) plus the
# include/linux/list.h scan.sh asks for.
tree=$T_TMP/tree
mkdir -p "$tree/include/linux" "$tree/finder"
: >"$tree/include/linux/list.h"
cp "$CORPUS"/*.c "$CORPUS"/*.h "$tree/finder/"

run_cmd env TREE="$tree" SCAN_OUT="$T_TMP/scan" JOBS=2 BATCHES=5 "$SCAN"
check "scan of the corpus succeeds" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || printf '   %s\n' "$err" | tail -n5
check "scan shows its progress" grep -q 'batches\]' <<<"$err"
check "report.json and report.md written" \
	[ -s "$T_TMP/scan/report.json" ] && [ -s "$T_TMP/scan/report.md" ]
check_sh "every record has the fields of the spec" \
	'python3 -c "
import json, sys
recs = json.load(open(sys.argv[1]))
need = {\"file\", \"line\", \"loop_line\", \"variant\", \"iterator\", \"category\", \"reason\", \"excerpt\"}
sys.exit(0 if recs and all(need <= set(r) and r[\"reason\"] for r in recs) else 1)
" "$T_TMP/scan/report.json"'
check "report.md counts per category and per directory" \
	grep -q '^## Per top-level directory' "$T_TMP/scan/report.md"

# Actual (file line category) triples, and the expected ones.
python3 -c '
import json, sys
for r in json.load(open(sys.argv[1])):
    print(r["file"].split("/")[-1], r["line"], r["category"])
' "$T_TMP/scan/report.json" | sort >"$T_TMP/actual"
for f in "$CORPUS"/*.c; do
	b=$(basename "$f")
	want=$(grep -n 'expect: ' "$f" | grep -v 'expect: none' |
		sed -E "s|^([0-9]+):.*expect: ([a-z0-9]+).*|$b \1 \2|" | sort)
	got=$(grep "^$b " "$T_TMP/actual" || true)
	if ! grep -qE 'expect: ' "$f"; then
		check "$b states its expected verdict" false
		continue
	fi
	if [ "$want" = "$got" ]; then
		want=${want//$'\n'/; }
		check "corpus $b: ${want:-nothing reported}" true
	else
		check "corpus $b: expected [${want//$'\n'/; }]" false
		printf '   got [%s]\n' "${got//$'\n'/; }"
	fi
done

check_sh "corpus has at least three cases of every category" '(
	for c in $(finder_vocab categories); do
		[ "$(grep -l "expect: $c\b" "$CORPUS"/*.c | wc -l)" -ge 3 ] || exit 1
	done)'

# The semantic patch on its own (as make coccicheck runs it, on the whole
# files) reports the same uses as the scan does on its shadow copies.
(cd "$tree" && spatch --very-quiet -D report --no-includes --include-headers \
	--sp-file "$C" --dir finder 2>/dev/null) |
	sed -nE 's|^(\./)?([^:]+):([0-9]+):.*WARNING.*|\2 \3|p' | sort -u >"$T_TMP/direct"
python3 -c '
import json, sys
for r in json.load(open(sys.argv[1])):
    print(r["file"], r["line"])
' "$T_TMP/scan/report.json" | sort -u >"$T_TMP/viascan"
check "cocci alone reports what the scan reports" \
	cmp -s "$T_TMP/direct" "$T_TMP/viascan"
check "cocci alone reports something on the corpus" [ -s "$T_TMP/direct" ]

# The semantic patch follows the coccicheck conventions.
check_sh "cocci has the coccicheck header and a report mode" \
	'grep -q "^/// " "$C" && grep -q "^// Confidence:" "$C" &&
	 grep -q "^// Options: --no-includes --include-headers" "$C" &&
	 grep -q "^virtual report" "$C"'

# Bad input.
expect_error "TREE that does not exist" 'does not exist' \
	env TREE="$T_TMP/nope" SCAN_OUT="$T_TMP/o2" "$SCAN"
mkdir -p "$T_TMP/notree"
expect_error "TREE without include/linux/list.h" 'include/linux/list.h' \
	env TREE="$T_TMP/notree" SCAN_OUT="$T_TMP/o2" "$SCAN"
fc=$(bash -c 'unset COCCI; . "$1"; KT=/nonexistent BUILD="$2" finder_cocci' _ \
	"$PIPELINE/lib.sh" "$T_TMP/b2")
check_sh "without COCCI or a tree, the semantic patch comes from patches/" \
	'[ "$fc" = "$T_TMP/b2/finder/scripts/coccinelle/iterators/list_iterator_after_loop.cocci" ] &&
	 cmp -s "$fc" "$C"'
expect_error "COCCI that does not exist" 'COCCI=' \
	env TREE="$tree" COCCI="$T_TMP/x.cocci" SCAN_OUT="$T_TMP/o2" "$SCAN"
printf '@r@\nthis is no SmPL\n' >"$T_TMP/broken.cocci"
expect_error "spatch failing on the batches fails the scan" 'reports are incomplete' \
	env TREE="$tree" COCCI="$T_TMP/broken.cocci" SCAN_OUT="$T_TMP/o3" JOBS=2 BATCHES=2 "$SCAN"
expect_error "JOBS that is no number" 'numbers' \
	env TREE="$tree" JOBS=x SCAN_OUT="$T_TMP/o2" "$SCAN"
check "make scan TREE= passes TREE on" \
	grep -q 'TREE="$(TREE)" $(F)/scan.sh' "$TOP/Makefile"
finish
