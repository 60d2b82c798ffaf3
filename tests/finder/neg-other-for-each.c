// Negative: for_each macros of other families set the cursor they are
// given in any argument; struct_size() reads no value.
// expect: none
#include "corpus.h"
int other_families(struct owner *o, struct xarray *xa)
{
	struct item *it;
	unsigned long idx;
	int n = 0;

	list_for_each_entry(it, &o->items, node)
		n++;
	xa_for_each(xa, idx, it)
		n += it->val;
	it = kmalloc(struct_size(it, val, n), 0);
	return n;
}
