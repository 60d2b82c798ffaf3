// expect: 'pos' undeclared|undeclared identifier 'pos'
// The sorted-insert idiom: the cursor of a complete walk used as the
// insertion point (what dev_add_offload() did).  A scoped loop cannot
// serve it; the position needs a variable of its own.
#include "scoped.h"

void insert_sorted(struct list_head *head, struct foo *new)
{
	list_for_each_entry_scoped(struct foo, pos, head, node)
		if (pos->v > new->v)
			break;
	list_add_tail(&new->node, &pos->node);
}
