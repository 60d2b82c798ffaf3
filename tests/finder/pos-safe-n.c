// Positive: the lookahead n of a _safe walk is head-derived at the end too;
// the cursor's later fresh reuse is no use.
#include "corpus.h"
struct item *after_purge(struct owner *o)
{
	struct item *it, *n;

	list_for_each_entry_safe(it, n, &o->items, node)
		list_del(&it->node);
	return n; // expect: other
}
