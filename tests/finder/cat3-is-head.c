// Category 3 with list_entry_is_head() and a body that ends in break.
#include "corpus.h"
int any(struct owner *o)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node) {
		use(it);
		break;
	}
	return !list_entry_is_head(it, &o->items, node); // expect: cat3
}
