// Category 6: the cursor only starts a following _continue loop.
#include "corpus.h"
int skip_then_sum(struct owner *o, int key)
{
	struct item *it;
	int s = 0;

	list_for_each_entry(it, &o->items, node)
		if (it->key == key)
			break;
	list_for_each_entry_continue(it, &o->items, node) // expect: cat6
		s += it->val;
	return s;
}
