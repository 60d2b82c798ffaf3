// Negative: an hlist walk inside a macro body.  spatch parses the body and
// reports the use; the classifier cannot place the loop, but an hlist
// cursor is NULL after a complete walk with or without the series.
#include "corpus.h"
#define FIND_OR_ADD(h, key)						\
	{								\
		struct hitem *x = NULL;					\
									\
		hlist_for_each_entry(x, h, hnode) {			\
			if (x->key == key)				\
				break;					\
		}							\
		if (!x) /* expect: unaffected */			\
			use(h);						\
	}
