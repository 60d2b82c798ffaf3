// The positive control: every scoped form, as its kernel-doc allows, and
// two nested loops that reuse a name.  Must build without a warning.
#include "scoped.h"

int walk_all(struct list_head *head, struct hlist_head *hh, struct foo *start)
{
	int sum = 0;

	list_for_each_entry_scoped(struct foo, pos, head, node) {
		list_for_each_entry_scoped(struct foo, pos, head, node)
			sum += pos->v;
		sum += pos->v;
	}
	list_for_each_entry_reverse_scoped(struct foo, pos, head, node)
		sum += pos->v;
	list_for_each_entry_continue_scoped(struct foo, pos, start, head, node)
		sum += pos->v;
	list_for_each_entry_from_scoped(struct foo, pos, start, head, node)
		sum += pos->v;
	list_for_each_entry_safe_scoped(struct foo, pos, n, head, node)
		list_del(&pos->node);
	list_for_each_entry_safe_reverse_scoped(struct foo, pos, n, head, node)
		sum += n->v;
	hlist_for_each_entry_scoped(struct foo, pos, hh, hnode)
		sum += pos->v;
	hlist_for_each_entry_safe_scoped(struct foo, pos, n, hh, hnode)
		hlist_del(&pos->hnode);
	return sum;
}
