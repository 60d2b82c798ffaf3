// Negative: n of a _safe walk becomes the cursor of a fresh walk.
// expect: none
#include "corpus.h"
int reuse_n(struct owner *o)
{
	struct item *it, *n;
	int s = 0;

	list_for_each_entry_safe(it, n, &o->items, node)
		list_del(&it->node);
	list_for_each_entry(n, &o->items, node)
		s += n->val;
	return s;
}
