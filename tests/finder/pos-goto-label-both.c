// Positive: the label after the loop is reached by the goto and by the
// normal exit alike.
#include "corpus.h"
int both(struct owner *o, int key)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node)
		if (it->key == key)
			goto out;
out:
	return it->val; // expect: other
}
