#!/usr/bin/env bash
# docs/fixes.tsv against the series: every file a fix patch changes has its
# sites in the table and every site names a fix patch of the series;
# scripts/fixes.py's totals and its answer to a table that names a patch
# the series does not have.
set -u
. "$(dirname "$0")/../lib.sh"

P=$TOP/patches
TSV=$TOP/docs/fixes.tsv
mapfile -t all < <(sed -e '/^#/d' -e '/^$/d' -e "s|^|$P/|" "$P/series")
mapfile -t fixes < <(python3 "$PIPELINE/series.py" fixes "${all[@]}")
check "the series has fix patches" [ ${#fixes[@]} -gt 0 ]

fix_files=$(python3 "$PIPELINE/series.py" files "${fixes[@]}" | sort -u)
tsv_files=$(tail -n +2 "$TSV" | awk -F'\t' '$7 != "" && $7 != "-" { print $1 }' | sort -u)
missing=$(comm -23 <(echo "$fix_files") <(echo "$tsv_files"))
check_sh "every file a fix patch changes has its sites in docs/fixes.tsv" '[ -z "$missing" ] || { echo "   not in the table: $missing"; false; }'
extra=$(comm -13 <(echo "$fix_files") <(echo "$tsv_files"))
check_sh "every file docs/fixes.tsv names a patch for is changed by a fix patch" '[ -z "$extra" ] || { echo "   no fix patch: $extra"; false; }'

run_cmd python3 "$PIPELINE/fixes.py" "$TSV" /nonexistent "$P"
check "fixes.py: every site names a patch of the series" [ "$rc" -eq 0 ]
n=$(($(wc -l <"$TSV") - 1))
check_sh "fixes.py: the total counts every site" 'grep -q "^$n sites in " <<<"$out"'
check_sh "fixes.py: one table row per site" '[ "$(grep -c "^| [a-z].*\.c:[0-9]* |" <<<"$out")" = "$n" ]'

row() {	# row EFFECT PATCH BEHAVIOUR FIXES REASON: a table with one site
	{ head -n1 "$TSV"; printf 'a/b.c\t1\tf\tcat4\tfound flag\t%s\t%s\t%s\t%s\t%s\n' "$@"; } >"$T_TMP/bad.tsv"
}
row latent 'no such patch' yes - 'reads pos->x after a complete walk'
expect_error "fixes.py: a site naming a patch the series lacks: one-line error" \
	'names patches the series does not have: no such patch' \
	python3 "$PIPELINE/fixes.py" "$T_TMP/bad.tsv" /nonexistent "$P"
row '' - yes - 'no effect'
expect_error "fixes.py: a site without an effect" 'effect "" is not one of bug' \
	python3 "$PIPELINE/fixes.py" "$T_TMP/bad.tsv"
row harmless - yes - ''
expect_error "fixes.py: an effect without a reason" 'no reason for its effect' \
	python3 "$PIPELINE/fixes.py" "$T_TMP/bad.tsv"
row bug - yes - 'returns the head as an entry when none matches'
expect_error "fixes.py: a bug without a Fixes: commit or a reason for none" 'a bug needs fixes' \
	python3 "$PIPELINE/fixes.py" "$T_TMP/bad.tsv"
bug=$(awk -F'\t' '$6 == "bug" && $9 ~ /^[0-9a-f]+ [(]/ { print $7; exit }' "$TSV")
if [ -n "$bug" ]; then
	row bug "$bug" yes '0123456789ab ("not the commit")' 'returns the head as an entry'
	expect_error "fixes.py: a bug whose patch lacks the table's Fixes: tag" 'lacks "Fixes: 0123456789ab' \
		python3 "$PIPELINE/fixes.py" "$T_TMP/bad.tsv" /nonexistent "$P"
else
	skip "fixes.py: a bug whose patch lacks the table's Fixes: tag" "docs/fixes.tsv has no bug with a Fixes: commit"
fi
finish
