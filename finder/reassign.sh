#!/usr/bin/env bash
# Count the loop bodies that assign the list iterator's cursor (or a _safe
# variant's lookahead) in a kernel tree: the pattern the nospec walks must
# keep steering by (issue 6).  A measurement, not a test.
#   reassign.sh            TREE (default build/linux), JOBS (default nproc)
# Writes build/reassign/sites.txt (one loop per line) and prints the counts.
set -euo pipefail
. "$(dirname "$0")/../pipeline/lib.sh"

: "${TREE:=$KT}"
: "${JOBS:=$(nproc)}"
[ -f "$TREE/include/linux/list.h" ] ||
	die "TREE=$TREE is no kernel tree (no include/linux/list.h); run 'make tree' or give TREE=/path/to/linux"
command -v spatch >/dev/null || die "spatch not found; run 'make deps' (Debian package coccinelle)"
case "$JOBS" in '' | *[!0-9]*) die "JOBS must be a number" ;; esac

out=$BUILD/reassign
rm -rf "$out"
mkdir -p "$out"
iterator_files "$TREE" >"$out/files" || true
# every function that walks a list, not only those the finder needs
python3 "$NOSPEC_TOP/finder/shadow.py" --all "$TREE" "$out/files" \
	"$out/shadow" 1 >/dev/null || die "could not write the shadow files in $out/shadow"
note "$(wc -l <"$out/files") files name an entry iterator; spatch on $JOBS jobs"
(cd "$out/shadow/b000" && spatch --very-quiet --no-includes --include-headers \
	--timeout 120 --jobs "$JOBS" --sp-file "$NOSPEC_TOP/finder/reassign.cocci" \
	--dir .) 2>"$out/spatch.err" | sed 's|^\./||' | sort -u >"$out/sites.txt" ||
	die "spatch failed; see $out/spatch.err"
# one line per assignment: count the loops (file:line) and their files
count() { grep ": $1 " "$out/sites.txt" | cut -d: -f"$2" | sort -u | wc -l; }
total=$(grep -rhoE "\\b$(finder_vocab entry-re)\\w*\\s*\\(" "$out/shadow/b000" | wc -l)
printf 'entry-iterator loops in %s: %d\n' "$(basename "$TREE")" "$total"
printf 'bodies that assign the cursor: %d (in %d files)\n' "$(count cursor 1,2)" \
	"$(count cursor 1)"
printf 'bodies that assign a _safe lookahead: %d (in %d files)\n' \
	"$(count lookahead 1,2)" "$(count lookahead 1)"
note "wrote $out/sites.txt"
