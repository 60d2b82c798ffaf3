// Negative: the loop returns the match; after it the cursor is reassigned.
// expect: none
#include "corpus.h"
struct item *get_or_new(struct owner *o, int key)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node)
		if (it->key == key)
			return it;
	it = kmalloc(sizeof(*it), 0);
	if (!it)
		return 0;
	it->key = key;
	return it;
}
