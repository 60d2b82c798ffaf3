#!/usr/bin/env bash
# finder/scan_expect.py: after the series every site the finder reports is
# explained (left on purpose in docs/fixes.tsv, or a file of the allow
# list), counted per file; recorded reports under tests/finder/expect/.
set -u
. "$(dirname "$0")/../lib.sh"

E=$TOP/tests/finder/expect
X() { python3 "$FINDER/scan_expect.py" "$@"; }

run_cmd X "$E/clean.json" "$E/fixes.tsv" "$E/allow.tsv"
check_sh "every reported site explained: exit 0" '[ $rc -eq 0 ]'
check_sh "the summary counts reported and explained sites" \
	'grep -qx "scan: 4 site(s) reported after the series, 4 explained, 0 unexplained file(s)" <<<"$out"'
run_cmd X "$E/unexplained.json" "$E/fixes.tsv" "$E/allow.tsv"
check_sh "a second site in a file with one left: unexplained, exit 1" \
	'[ $rc -eq 1 ] && grep -q "^d/a.c: 2 site(s) reported, 1 explained: unexplained, first d/a.c:12" <<<"$out"'
run_cmd X "$E/stale.json" "$E/fixes.tsv" "$E/allow.tsv"
check_sh "a left site no longer reported: stale explanation, exit 1" \
	'[ $rc -eq 1 ] && grep -q "^d/c.c: 0 site(s) reported, 1 explained: stale explanation (unchanged: invariant)" <<<"$out"'
printf 'lib/t.c\ttwo\twhy\n' >"$T_TMP/bad.tsv"
expect_error "an allow line without a count: one-line error naming the line" \
	'bad.tsv:1: want FILE<TAB>COUNT<TAB>REASON' X "$E/clean.json" "$E/fixes.tsv" "$T_TMP/bad.tsv"
expect_error "no report: one-line error saying to run make scan" \
	'cannot read the scan report .*run make scan first' X "$T_TMP/none.json" "$E/fixes.tsv" "$E/allow.tsv"
# The real data parses: the project's allow list and fixes table.
run_cmd X "$E/clean.json" "$TOP/docs/fixes.tsv" "$FINDER/scan-allow.tsv"
check_sh "docs/fixes.tsv and finder/scan-allow.tsv are readable (a verdict, not an error)" \
	'[ $rc -le 1 ] && grep -q "^scan: " <<<"$out"'
finish
