// Negative: the use sits behind a flag in the same && condition.
#include "corpus.h"
int by_and(struct owner *o, int key)
{
	struct item *it;
	int found = 0;

	list_for_each_entry(it, &o->items, node)
		if (it->key == key) {
			found = 1;
			break;
		}
	if (found && it->val > 0) // expect: unaffected
		return 1;
	return 0;
}
