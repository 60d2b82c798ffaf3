// Category 3: first-entry idiom, the loop body is just a break.
#include "corpus.h"
struct item *first(struct owner *o)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node)
		break;
	if (&it->node == &o->items) // expect: cat3
		return 0;
	return it; // expect: unaffected
}
