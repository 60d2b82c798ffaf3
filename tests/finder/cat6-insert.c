// Category 6: sorted insertion; the head-derived cursor is the insertion point.
#include "corpus.h"
void insert_sorted(struct owner *o, struct item *new)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node) {
		if (it->key > new->key)
			break;
	}
	list_add_tail(&new->node, &it->node); // expect: cat6
}
