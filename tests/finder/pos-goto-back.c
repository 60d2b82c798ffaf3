// Positive: a goto back to a label before the walk reaches the use above
// the loop again, after a complete walk.
#include "corpus.h"
int retry(struct owner *o, int key, int n)
{
	struct item *it = 0;

again:
	if (n)
		it->val++; // expect: other
	list_for_each_entry(it, &o->items, node)
		if (it->key == key)
			return 0;
	if (n++ < 2)
		goto again;
	return -1;
}
