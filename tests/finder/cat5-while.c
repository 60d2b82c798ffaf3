// Category 5: a manual walk that goes on from the cursor and stops at the head.
#include "corpus.h"
int count_rest(struct owner *o, int key)
{
	struct item *it;
	int n = 0;

	list_for_each_entry(it, &o->items, node)
		if (it->key == key)
			break;
	while (&it->node != &o->items) { // expect: cat5
		n++;
		it = list_next_entry(it, node); // expect: unaffected
	}
	return n;
}
