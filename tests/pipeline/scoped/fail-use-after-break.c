// expect: 'pos' undeclared|undeclared identifier 'pos'
// Even a loop left by break does not keep its cursor: what it found, the
// body saves in a variable of its own.
#include "scoped.h"

struct foo *find(struct list_head *head, int v)
{
	list_for_each_entry_scoped(struct foo, pos, head, node) {
		if (pos->v == v)
			break;
	}
	return pos;
}
