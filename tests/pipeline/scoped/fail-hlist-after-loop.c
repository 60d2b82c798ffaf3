// expect: 'pos' undeclared|undeclared identifier 'pos'
// hlist_for_each_entry_scoped(): the same for an hlist.
#include "scoped.h"

int hlist_last(struct hlist_head *hh)
{
	hlist_for_each_entry_scoped(struct foo, pos, hh, hnode)
		;
	return pos != NULL;
}
