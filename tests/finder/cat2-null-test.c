// Category 2: a NULL test of the cursor, which never fires today.
#include "corpus.h"
int lookup(struct owner *o, int key)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node) {
		if (it->key == key)
			break;
	}
	if (!it) // expect: cat2
		return -2;
	return 0;
}
