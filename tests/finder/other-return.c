// Other: the cursor is returned; callers get the disguised head.
#include "corpus.h"
struct item *find(struct owner *o, int key)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node)
		if (it->key == key)
			break;
	return it; // expect: other
}
