// Category 1: &req->other compared to a searched pointer (the udc dequeue idiom).
#include "corpus.h"
int dequeue(struct owner *o, struct list_head *want)
{
	struct item *req;

	list_for_each_entry(req, &o->items, node) {
		if (&req->other == want)
			break;
	}
	if (&req->other != want) // expect: cat1
		return -22;
	return 0;
}
