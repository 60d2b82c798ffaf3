// Other: the cursor handed to a function.
#include "corpus.h"
void show(struct owner *o, int key)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node) {
		if (it->key == key)
			break;
	}
	use(it); // expect: other
}
