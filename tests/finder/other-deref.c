// Other: a field read through the cursor after a loop without break.
#include "corpus.h"
int last_val(struct owner *o)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node)
		use(it);
	return it->val; // expect: other
}
