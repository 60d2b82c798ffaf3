// Positive: the break leaves an inner loop only.
#include "corpus.h"
int by_inner(struct owner *o)
{
	struct item *it;
	int i;

	list_for_each_entry(it, &o->items, node) {
		for (i = 0; i < 4; i++)
			if (use(it))
				break;
	}
	if (&it->node == &o->items) // expect: cat4
		return 0;
	return 1;
}
