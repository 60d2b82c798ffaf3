// Category 1 after an _rcu walk with its lockdep condition argument.
#include "corpus.h"
int find_rcu(struct owner *o, struct list_head *want, int held)
{
	struct item *it;

	list_for_each_entry_rcu(it, &o->items, node, held) {
		if (&it->other == want)
			break;
	}
	return &it->other == want; // expect: cat1
}
