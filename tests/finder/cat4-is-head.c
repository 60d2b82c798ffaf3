// Category 4: list_entry_is_head() after a search; later uses are guarded.
#include "corpus.h"
int get(struct owner *o, int key)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node) {
		if (it->key == key)
			break;
	}
	if (list_entry_is_head(it, &o->items, node)) // expect: cat4
		return -2;
	return it->val; // expect: unaffected
}
