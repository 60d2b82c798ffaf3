// Negative: an errno-valued status set to 0 before break is the flag.
#include "corpus.h"
int by_errno(struct owner *o, int key)
{
	struct item *it;
	int ret = -ENOENT;

	list_for_each_entry(it, &o->items, node) {
		if (it->key == key) {
			ret = 0;
			break;
		}
	}
	if (ret == -ENOENT)
		pr_warn("no item %d\n", key);
	else
		use(it); // expect: unaffected
	BUG_ON(list_entry_is_head(it, &o->items, node)); // expect: cat4
	return it->val; // expect: unaffected
}
