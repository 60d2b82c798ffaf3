// Category 6: list_prepare_entry() keeps the cursor for a later resume.
#include "corpus.h"
void save(struct owner *o, int key)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node)
		if (it->key == key)
			break;
	o->cur = list_prepare_entry(it, &o->items, node); // expect: cat6
}
