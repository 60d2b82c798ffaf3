#!/usr/bin/env bash
# The converter to the loop-scoped iterators,
# scripts/coccinelle/iterators/list_scoped.cocci of the series (the commit
# checked out in build/linux), on its corpus in tests/pipeline/scoped-convert/:
#   conv-*.c  must become conv-*.out exactly (spatch -D patch), and the
#             output must compile against the project's mirror of the
#             iterators, measure/include/linux/list.h (every case without
#             an RCU form: rculist.h has no mirror);
#   ref-*.c   must stay as they are: the loops it must refuse;
#   expect    the report lines (-D report -D why) of all of them: what it
#             converts and, for each loop it leaves, the reason.
# The first line of each file says what it shows.  User space only.
# shellcheck disable=SC2016,SC2034,SC2154
set -u
. "$(dirname "$0")/../lib.sh"
. "$PIPELINE/lib.sh"

: "${KT:=$TOP/build/linux}"
SRC=$TOP/tests/pipeline/scoped-convert
COCCI=scripts/coccinelle/iterators/list_scoped.cocci

if ! command -v spatch >/dev/null; then
	skip "every case" "spatch is not installed; run 'make deps' (apt-get install coccinelle)"
	finish
	exit
fi
if ! git -C "$KT" cat-file -e "HEAD:$COCCI" 2>/dev/null; then
	skip "every case" "$KT has no $COCCI; update the series and run 'make tree'"
	finish
	exit
fi
sp=$T_TMP/list_scoped.cocci
git -C "$KT" show "HEAD:$COCCI" >"$sp"
hdr=$T_TMP/pristine
pristine_tools "$KT" "$hdr" ||
	{ check "the pristine tools/ extract from $KT's root commit" false; finish; exit; }
mapfile -t inc < <(mirror_cflags "$hdr")

cd "$SRC" || exit 1
for f in conv-*.c ref-*.c; do
	n=${f%.c}
	spatch --very-quiet --sp-file "$sp" -D patch -o "$T_TMP/$n.c" "$f" >"$T_TMP/$n.log" 2>&1
	[ -f "$T_TMP/$n.c" ] || cp "$f" "$T_TMP/$n.c"
	case $n in
	conv-*)
		check_sh "$n: converted as conv-*.out says ($(sed -n '1s|^// expect: ||p' "$f"))" \
			'cmp -s "$n.out" "$T_TMP/$n.c"'
		cmp -s "$n.out" "$T_TMP/$n.c" || diff -u "$n.out" "$T_TMP/$n.c" | head -n 20 | sed 's/^/   /'
		if ! grep -q '_rcu' "$f"; then
			LC_ALL=C gcc -O2 -Wall -Werror -Wno-unused-function \
				-include "$SRC/convert.h" "${inc[@]}" \
				-c -o /dev/null "$T_TMP/$n.c" >"$T_TMP/$n.cc" 2>&1
			rc=$?
			check_sh "$n: the converted file compiles with the scoped iterators" '[ $rc -eq 0 ]'
			[ $rc -eq 0 ] || grep -m3 -E 'error|warning' "$T_TMP/$n.cc" | sed 's/^/   /'
		fi
		;;
	ref-*)
		check_sh "$n: left unchanged ($(sed -n '1s|^// expect: ||p' "$f"))" \
			'cmp -s "$f" "$T_TMP/$n.c"'
		;;
	esac
done

for f in conv-*.c ref-*.c; do
	spatch --very-quiet --sp-file "$sp" -D report -D why "$f" 2>&1
done | sort >"$T_TMP/report"
check_sh "report mode names every loop converted or left, with the reason (expect)" \
	'diff -u expect "$T_TMP/report" >"$T_TMP/report.diff"'
head -n 20 "$T_TMP/report.diff" | sed 's/^/   /'
for r in "read after the loop" "address taken" "shared cursor" "macro-generated loop" "goto into the body"; do
	check_sh "the corpus has a loop left for: $r" 'grep -q "left: .*$r" expect'
done

# Negative control: a copy of the semantic patch that no longer follows a
# read after the loop converts ref-after.c, and the check above would fail.
sed 's/after = any(i > b for _, (a, b) in spans)/after = None/; s/v\["why"\] = v\["why"\] or ("read after the loop" if after/v["why"] = v["why"] if after is None else v["why"] or ("read after the loop" if after/' \
	"$sp" >"$T_TMP/broken.cocci"
spatch --very-quiet --sp-file "$T_TMP/broken.cocci" -D patch -o "$T_TMP/broken.c" ref-after.c >/dev/null 2>&1
check_sh "control: a converter that ignores reads after the loop changes ref-after.c" \
	'[ -f "$T_TMP/broken.c" ] && ! cmp -s ref-after.c "$T_TMP/broken.c"'

# The dry run (pipeline/scoped-convert.sh) over a tree made of the corpus:
# conv-*.c under kernel/, ref-*.c under mm/; its table must count what the
# report lines above say, per directory.
mini=$T_TMP/mini
mkdir -p "$mini/include/linux" "$mini/scripts/coccinelle/iterators" "$mini/kernel" "$mini/mm"
: >"$mini/include/linux/list.h"
cp "$sp" "$mini/$COCCI"
cp conv-*.c "$mini/kernel/"
cp ref-*.c "$mini/mm/"
run_cmd env TREE="$mini" SCOPED_OUT="$T_TMP/dry" JOBS=2 "$PIPELINE/scoped-convert.sh"
row() { awk -v d="$1" '$1 == d { $1 = ""; print substr($0, 2) }' <<<"$out"; }
conv=$(grep -c '^conv-.*can be' expect)
left_conv=$(grep -c '^conv-.*left:' expect)
refs=$(grep -c '^ref-.*left:' expect)
macro=$(grep -c '^ref-.*macro-generated' expect)
after=$(grep -c '^ref-.*read after the loop' expect)
check_sh "dry run: kernel/ row counts the conv-* loops ($conv converted, $left_conv left)" \
	'[ "$(row kernel | awk "{print \$1, \$2, \$3}")" = "$((conv + left_conv)) $conv $left_conv" ]'
check_sh "dry run: mm/ row converts nothing and counts the macro and read-after loops ($macro, $after)" \
	'set -- $(row mm); [ "$1" = "$refs" ] && [ "$2" = 0 ] && [ "$3" = "$after" ] && [ "$6" = "$macro" ]'
[ $rc -eq 0 ] || printf '   %s\n' "$err" | tail -n 3

# Bad input: one line that says what to do, non-zero exit.
expect_error "--apply without a directory" "needs the directories" "$PIPELINE/scoped-convert.sh" --apply
expect_error "a tree without list.h" "no kernel tree" env TREE="$T_TMP" "$PIPELINE/scoped-convert.sh"
expect_error "an absolute directory" "relative to TREE" env TREE="$mini" "$PIPELINE/scoped-convert.sh" /etc
expect_error "a directory the tree lacks" "no directory nosuch" env TREE="$mini" "$PIPELINE/scoped-convert.sh" nosuch
expect_error "JOBS not a number" "JOBS must be a number" env TREE="$mini" JOBS=x "$PIPELINE/scoped-convert.sh"
git -C "$mini" init -q && git -C "$mini" add -A && git -C "$mini" -c user.name=t -c user.email=t@t commit -q -m t
echo "/* edit */" >>"$mini/kernel/conv-basic.c"
expect_error "--apply on uncommitted changes keeps them" "uncommitted changes" env TREE="$mini" "$PIPELINE/scoped-convert.sh" --apply kernel
check_sh "the uncommitted change is still there" 'tail -n1 "$mini/kernel/conv-basic.c" | grep -q edit'
git -C "$mini" checkout -q -- kernel

# --apply converts in place and re-indents what spatch aligned with spaces.
run_cmd env TREE="$mini" JOBS=2 "$PIPELINE/scoped-convert.sh" --apply kernel
check_sh "--apply converts the kernel/ files as the corpus says" \
	'[ $rc -eq 0 ] && (for f in conv-*.c; do cmp -s "${f%.c}.out" "$mini/kernel/$f" || exit 1; done)'
printf 'int f(int a,\n\t\t\t\t         int b);\n' >"$mini/mm/ws.c"
git -C "$mini" add -N mm/ws.c
python3 "$PIPELINE/scoped_report.py" retab "$mini" 2>/dev/null
check_sh "retab: 4 tabs + 9 spaces become 5 tabs + 1 space on an added line" \
	'[ "$(sed -n 2p "$mini/mm/ws.c")" = "$(printf "\t\t\t\t\t int b);")" ]'
printf '\tlist_for_each_entry_safe_scoped(struct s, p, n, &q->head,\n\t\t\t\t\t\t\tnode) {\n\t\tuse(p, "(",\n\t\t    0);\n\t}\n' >"$mini/mm/al.c"
git -C "$mini" add -N mm/al.c
run_cmd python3 "$PIPELINE/scoped_report.py" retab "$mini"
check_sh "retab: a _scoped call's continuation line aligned after its open parenthesis" \
	'[ "$(sed -n 2p "$mini/mm/al.c")" = "$(printf "\t\t\t\t\tnode) {")" ]'
check_sh "retab: other calls' continuation lines and string parentheses left alone" \
	'[ "$(sed -n 4p "$mini/mm/al.c")" = "$(printf "\t\t    0);")" ] && grep -q "aligned 1 continuation" <<<"$err"'

finish
