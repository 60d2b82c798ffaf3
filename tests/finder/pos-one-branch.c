// Positive on one branch only: the else branch reassigns the cursor.
#include "corpus.h"
int branchy(struct owner *o, struct item *spare, int verbose)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node)
		use(it);
	if (verbose)
		use(it); // expect: other
	else
		it = spare;
	return 0;
}
