// expect: 'struct bar' has no member named 'node'|no member named 'node' in '(struct )?bar'
// The type argument names the entries' type: a type without the member
// is caught.
#include "scoped.h"

int sum(struct list_head *head)
{
	int s = 0;

	list_for_each_entry_scoped(struct bar, pos, head, node)
		s += pos->v;
	return s;
}
