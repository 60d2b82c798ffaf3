// Negative: the use is only reached by a goto out of the loop.
// expect: none
#include "corpus.h"
int by_goto(struct owner *o, int key)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node) {
		if (it->key == key)
			goto found;
	}
	return -2;
found:
	return it->val;
}
