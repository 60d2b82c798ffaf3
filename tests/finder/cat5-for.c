// Category 5: list_entry_is_head() in the condition of a later for loop.
#include "corpus.h"
int tail_sum(struct owner *o, int key)
{
	struct item *it;
	int s = 0;

	list_for_each_entry(it, &o->items, node)
		if (it->key == key)
			break;
	for (; !list_entry_is_head(it, &o->items, node); // expect: cat5
	     it = list_next_entry(it, node)) // expect: unaffected
		s += it->val;
	return s;
}
