// Category 6: a _from_reverse loop undoes from the cursor (error unwinding).
#include "corpus.h"
int setup_all(struct owner *o)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node)
		if (use(it))
			break;
	list_for_each_entry_from_reverse(it, &o->items, node) // expect: cat6
		use(it);
	return 0;
}
