#!/usr/bin/env bash
# finder/reassign.sh counts loop bodies that assign the cursor or a _safe
# lookahead, and only those.
set -u
. "$(dirname "$0")/../lib.sh"

tree=$T_TMP/tree
mkdir -p "$tree/include/linux" "$tree/lib"
: >"$tree/include/linux/list.h"
cat >"$tree/lib/walks.c" <<'C'
void f(struct h *h)
{
	struct x *pos, *n, *q;

	list_for_each_entry(pos, &h->l, node) {
		if (pos->a)
			pos = list_next_entry(pos, node);
	}
	list_for_each_entry_safe(pos, n, &h->l, node) {
		n = list_next_entry(n, node);
	}
	list_for_each_entry(pos, &h->l, node)
		q = pos;
	list_for_each_entry_reverse(pos, &h->l, node) {
		if (pos == q)
			break;
	}
	hlist_for_each_entry(pos, &h->l, node) {
		if (pos->b) {
			pos = hlist_entry_safe(pos->node.next, struct x, node);
		}
	}
}
C
run_cmd env TREE="$tree" BUILD="$T_TMP/b" JOBS=1 "$FINDER/reassign.sh"
check "reassign.sh succeeds on a small tree" [ "$rc" -eq 0 ]
check "it counts the two bodies that assign the cursor" \
	grep -q '^bodies that assign the cursor: 2 (in 1 files)' <<<"$out"
check "and the one that assigns a _safe lookahead" \
	grep -q '^bodies that assign a _safe lookahead: 1 ' <<<"$out"
check "the sites are the loops on lines 5 and 18 (cursor) and 9 (lookahead)" \
	[ "$(sed -E 's/^[^:]+:([0-9]+): ([a-z]+) .*/\1 \2/' "$T_TMP/b/reassign/sites.txt" |
		sort -n | tr '\n' ' ')" = "5 cursor 9 lookahead 18 cursor " ]
expect_error "TREE that is no kernel tree" 'no kernel tree' \
	env TREE="$T_TMP/nope" BUILD="$T_TMP/b" "$FINDER/reassign.sh"
finish
