#!/usr/bin/env bash
# docs/rfc-sites.tsv (the RFC's sites looked up in 6.12 by hand) against the
# series: no site left, and every "fixed-by-series" row names a row of
# docs/fixes.tsv whose patch is in patches/.  Catches the audit going stale
# when a fix patch is renamed, merged or dropped.
set -u
. "$(dirname "$0")/../lib.sh"

R=$TOP/docs/rfc-sites.tsv
F=$TOP/docs/fixes.tsv
check_sh "every row has the 7 columns and a known status" \
	'awk -F"\t" "NR > 1 && (NF != 7 || \$3 !~ /^(fixed-by-series|fixed-upstream|removed|not-affected|MISSED)\$/) { bad = 1 }
	 END { exit bad }" "$R"'
check_sh "no RFC site is left (MISSED)" '! cut -f3 "$R" | grep -qx MISSED'
check_sh "the audit covers the RFC's 206 entries" '[ "$(tail -n +2 "$R" | grep -c .)" = 206 ]'

# fixed-by-series: (file, line) is a fixes.tsv row, and that row's patch
# subject is the subject of a patch in the series.
stale=$(awk -F'\t' 'NR == FNR { if (FNR > 1) row[$1 "\t" $2] = $7; next }
	FNR > 1 && $3 == "fixed-by-series" {
		k = $4 "\t" $5
		if (!(k in row)) { print "no fixes.tsv row " $4 ":" $5; next }
		print "SUBJ\t" row[k]
	}' "$F" "$R")
missing_rows=$(grep -v '^SUBJ' <<<"$stale" | grep -c . || true)
check_sh "every fixed-by-series site is a row of docs/fixes.tsv" '[ "$missing_rows" = 0 ]'
[ "$missing_rows" = 0 ] || grep -v '^SUBJ' <<<"$stale" | head -n3 | sed 's/^/   /'
# A long subject is folded onto the next line (RFC 5322): unfold it.
subjects=$(for p in "$TOP"/patches/0*.patch; do
	awk '/^Subject: / { s = substr($0, 10); getline; while (/^ /) { s = s $0; getline } print s; exit }' "$p"
done | sort -u)
gone=$(grep '^SUBJ' <<<"$stale" | cut -f2 | sort -u | grep -vxF -f <(echo "$subjects") || true)
check_sh "every fixed-by-series site's patch is in patches/" '[ -z "$gone" ]'
[ -z "$gone" ] || head -n3 <<<"$gone" | sed 's/^/   no patch: /'

finish
