// expect: incompatible pointer types? .*'struct foo \*'
// The cursor has the type the loop names, not the caller's.
#include "scoped.h"

struct bar *first_bar(struct list_head *head)
{
	struct bar *b = NULL;

	list_for_each_entry_scoped(struct foo, pos, head, node) {
		b = pos;
		break;
	}
	return b;
}
