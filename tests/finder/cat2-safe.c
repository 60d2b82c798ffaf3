// Category 2 after a _safe walk.
#include "corpus.h"
int drop(struct owner *o, struct item *victim)
{
	struct item *it, *tmp;

	list_for_each_entry_safe(it, tmp, &o->items, node) {
		if (it == victim) {
			list_del(&it->node);
			break;
		}
	}
	return it == victim; // expect: cat2
}
