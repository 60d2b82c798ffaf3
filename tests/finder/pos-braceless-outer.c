// Positive: the walk is the braceless body of an outer loop; the use that
// starts the next round follows a complete walk.
#include "corpus.h"
int rounds2(struct owner *o, int n)
{
	struct item *it = 0;
	int i;

	for (i = 0; i < n; i++)
		if (use(it)) // expect: other
			list_for_each_entry(it, &o->items, node)
				use(it);
	return 0;
}
