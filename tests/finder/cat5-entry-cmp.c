// Category 5: the cursor compared with list_entry() of the head.
#include "corpus.h"
int at_head(struct owner *o, int key)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node)
		if (it->key == key)
			break;
	return it == list_entry(&o->items, struct item, node); // expect: cat5
}
