// Category 1 after a _reverse walk, with the test on the left-hand side.
#include "corpus.h"
int find_rev(struct owner *o, struct list_head *want)
{
	struct item *it;

	list_for_each_entry_reverse(it, &o->items, node)
		if (want == &it->other)
			break;
	if (want == &it->other) // expect: cat1
		return 1;
	return 0;
}
