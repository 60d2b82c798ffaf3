// Negative: a driver's own for_each macro reassigns the cursor, so its body
// does not use the cursor left by the first loop.
// expect: none
#include "corpus.h"
#define for_each_item(pos, o) list_for_each_entry(pos, &(o)->items, node)
int wrapped(struct owner *o)
{
	struct item *it;
	int n = 0;

	list_for_each_entry(it, &o->items, node)
		n++;
	for_each_item(it, o) {
		n += it->val;
	}
	return n;
}
