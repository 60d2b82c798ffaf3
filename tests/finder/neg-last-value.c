// Negative: the variable the loop breaks on is false at the normal exit.
#include "corpus.h"
int by_last(struct owner *o)
{
	struct item *it;
	void *hit = NULL;

	list_for_each_entry(it, &o->items, node) {
		hit = (void *)use(it);
		if (hit)
			break;
	}
	if (!hit)
		return 0;
	return it->val; // expect: unaffected
}
