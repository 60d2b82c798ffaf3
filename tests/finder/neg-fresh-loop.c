// Negative: a second walk reuses the cursor; its body and what follows a
// break out of it are not uses after the first loop.
// expect: none
#include "corpus.h"
int twice(struct owner *o)
{
	struct item *it;
	int n = 0;

	list_for_each_entry(it, &o->items, node)
		n++;
	list_for_each_entry_reverse(it, &o->items, node) {
		n += it->val;
	}
	return n;
}
