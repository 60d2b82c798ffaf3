// Negative: an inner block declares another variable of the cursor's name
// (an array, without an initialiser); its uses are not the cursor's.
// expect: none
#include "corpus.h"
int shadow(struct owner *o, int n)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node)
		use(it);
	if (n) {
		struct item *it[4];

		use(it);
		return it[0]->val;
	}
	return 0;
}
