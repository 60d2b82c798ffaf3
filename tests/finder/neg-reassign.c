// Negative: reassignment after the loop, and sizeof(*it) is no use.
// expect: none
#include "corpus.h"
int again(struct owner *o, struct item *spare)
{
	struct item *it;
	int n = sizeof(*it);

	list_for_each_entry(it, &o->items, node)
		n += it->val;
	n += sizeof(it->val);
	it = spare;
	return n + it->val;
}
int get_item(struct item **out);
int by_ref(struct owner *o)
{
	struct item *it;

	list_for_each_entry(it, &o->items, node)
		use(it);
	if (get_item(&it))
		return -1;
	list_remove_head(&o->items, it, struct item, node);
	return it->val;
}
