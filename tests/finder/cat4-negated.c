// Category 4: the negated test guards the use in its branch only.
#include "corpus.h"
int get3(struct owner *o, int key)
{
	struct item *it;
	int ret = -2;

	list_for_each_entry(it, &o->items, node) {
		if (it->key == key)
			break;
	}
	if (!list_entry_is_head(it, &o->items, node)) { // expect: cat4
		ret = it->val; // expect: unaffected
	}
	return ret;
}
