// Negative: WARN_ON() yields its condition; the errno flag decides.
#include "corpus.h"
int warned(struct owner *o, int key)
{
	struct item *it;
	int ret = -ENOENT;

	list_for_each_entry(it, &o->items, node)
		if (it->key == key) {
			ret = 0;
			break;
		}
	if (!WARN_ON(ret))
		return it->val; // expect: unaffected
	return ret;
}
