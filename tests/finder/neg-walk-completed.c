// Negative: list_walk_completed() is the way to ask after the loop; its
// argument is no use, and the use it guards is reached after a break only.
#include "corpus.h"
int get_wc(struct owner *o, int key)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node) {
		if (it->key == key)
			break;
	}
	if (list_walk_completed(it, &o->items, node))
		return -2;
	return it->val; // expect: unaffected
}
