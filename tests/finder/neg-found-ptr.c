// Negative: a pointer flag copied from the cursor before break.
#include "corpus.h"
int by_ptr(struct owner *o, int key)
{
	struct item *it, *hit = NULL;

	list_for_each_entry(it, &o->items, node) {
		if (it->key == key) {
			hit = it;
			break;
		}
	}
	if (hit)
		use(it); // expect: unaffected
	return 0;
}
