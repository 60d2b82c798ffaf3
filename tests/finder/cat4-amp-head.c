// Category 4: &pos->node compared with the head.
#include "corpus.h"
int get2(struct owner *o, int key)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node)
		if (it->key == key)
			goto done;
done:
	if (&it->node == &o->items) // expect: cat4
		return -2;
	it->val++; // expect: unaffected
	return 0;
}
