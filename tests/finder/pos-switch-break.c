// Positive: the break belongs to a switch, so the walk always completes.
#include "corpus.h"
int by_switch(struct owner *o)
{
	struct item *it;
	int n = 0;

	list_for_each_entry(it, &o->items, node) {
		switch (it->key) {
		case 1:
			n++;
			break;
		default:
			break;
		}
	}
	return n + it->val; // expect: other
}
