// Category 3: the head on the left-hand side of the comparison.
#include "corpus.h"
int empty(struct list_head *head)
{
	struct item *it;

	list_for_each_entry(it, head, node) {
		break;
	}
	if (head == &it->node) // expect: cat3
		return 1;
	return 0;
}
