// Positive: the use before the walk is reached again on the next round of
// the outer loop, after a complete walk.
#include "corpus.h"
int rounds(struct owner *o, int n)
{
	struct item *it = 0;

	while (n--) {
		if (it) // expect: cat2
			use(it); // expect: other
		list_for_each_entry(it, &o->items, node)
			use(it);
	}
	return 0;
}
