// expect: redefinition of 'pos'|redeclaration of 'pos'
// One loop declares the same name twice (cursor and look-ahead).
#include "scoped.h"

void drop_all(struct list_head *head)
{
	list_for_each_entry_safe_scoped(struct foo, pos, pos, head, node)
		list_del(&pos->node);
}
