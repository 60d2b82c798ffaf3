// expect: 'n' undeclared|undeclared identifier 'n'
// The _safe look-ahead is scoped as well.
#include "scoped.h"

struct foo *next_after(struct list_head *head)
{
	list_for_each_entry_safe_scoped(struct foo, pos, n, head, node)
		if (pos->v == 0)
			break;
	return n;
}
