// Category 2: the cursor itself compared with the searched entry.
#include "corpus.h"
int remove_item(struct owner *o, struct item *victim)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node)
		if (it == victim)
			break;
	if (it != victim) // expect: cat2
		return -2;
	list_del(&victim->node);
	return 0;
}
