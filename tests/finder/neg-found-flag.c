// Negative: a found flag set just before break guards the use.
#include "corpus.h"
int by_flag(struct owner *o, int key)
{
	struct item *it;
	bool found = false;

	list_for_each_entry(it, &o->items, node) {
		if (it->key == key) {
			found = true;
			break;
		}
	}
	if (!found)
		return -2;
	return it->val; // expect: unaffected
}
