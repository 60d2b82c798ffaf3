// expect: 'pos' undeclared|undeclared identifier 'pos'
// The cursor is read after its scoped loop: it no longer exists there.
#include "scoped.h"

int last_value(struct list_head *head)
{
	list_for_each_entry_scoped(struct foo, pos, head, node)
		if (pos->v < 0)
			break;
	return pos->v;
}
