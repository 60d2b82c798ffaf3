// hlist: the cursor is NULL after a complete walk already; the series does
// not change these uses.
#include "corpus.h"
int hfind(struct hlist_head *h, int key)
{
	struct hitem *p;

	hlist_for_each_entry(p, h, hnode)
		if (p->key == key)
			break;
	if (!p) // expect: unaffected
		return -2;
	return p->key; // expect: unaffected
}
